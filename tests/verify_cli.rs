//! `hypertac verify` end to end on a good and on tampered proof files.

#[path = "../crates/proof/tests/common/mod.rs"]
mod common;

use hypertac_core::{notation, Cell, Rules};
use hypertac_proof::Section;
use std::process::Command;

fn run(path: &std::path::Path) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_hypertac"))
        .arg("verify")
        .arg(path)
        .output()
        .expect("run hypertac");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn accepts_a_proof_and_names_the_first_failure_of_a_tampered_one() {
    let dir = tempfile::tempdir().unwrap();
    let rules = Rules::preset("tictactoe").unwrap();
    let moves = notation::parse_move_list(rules.shape(), "0,0;1,1;2,2;0,1").unwrap();
    let cert = common::certificate(&rules, &moves);
    let good = dir.path().join("good.proof");
    cert.save(&good).unwrap();
    let (out, err, code) = run(&good);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(
            "proof accepted: draw\nrules:       3x3 k3\nroot:        0,0;1,1;2,2;0,1\n"
        ),
        "{out}"
    );
    assert!(out.contains("positions:   "), "{out}");

    // X's first move no longer blocks O's row.
    let mut bad = cert.clone();
    let x = bad
        .sections
        .iter_mut()
        .find(|s| s.player == hypertac_core::Player::X)
        .unwrap();
    let mut changed = Section::new(x.player, x.goal, 9);
    for i in 0..x.len() {
        let (a, b, m) = x.get(i);
        changed.push(&a, &b, if i == 0 { Cell(2) } else { m });
    }
    *x = changed;
    let tampered = dir.path().join("bad.proof");
    bad.save(&tampered).unwrap();
    let (out, err, code) = run(&tampered);
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "proof rejected: section 0 (X does not lose): at the root (X to move): X plays 2,0 (entry 0), then O wins by 2,1\n"
    );

    // A truncated file cannot be read.
    let bytes = std::fs::read(&good).unwrap();
    let cut = dir.path().join("cut.proof");
    std::fs::write(&cut, &bytes[..bytes.len() - 3]).unwrap();
    let (_, err, code) = run(&cut);
    assert_eq!(code, 2);
    assert!(err.contains("truncated: expected "), "{err}");
    let (_, err, code) = run(&dir.path().join("missing.proof"));
    assert_eq!(code, 2);
    assert!(err.contains("cannot open"), "{err}");
}
