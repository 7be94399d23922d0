//! `hypertac verify` end to end on a good and on tampered proof files.

use hypertac_core::record::RulesSpec;
use hypertac_core::{notation, Cell, Player, Position, Rules};
use hypertac_proof::{Certificate, Goal, Section, Symmetries, Value};
use std::collections::HashSet;
use std::process::Command;

/// The value of `pos` for the side to move by plain negamax (tiny boards
/// only): 1 win, 0 draw, -1 loss.
fn value(pos: &mut Position) -> i8 {
    if let Some(w) = pos.outcome().winner() {
        return if w == pos.to_move() { 1 } else { -1 };
    }
    if pos.is_over() {
        return 0;
    }
    let moves: Vec<Cell> = pos.legal_moves().collect();
    let mut best = -1;
    for m in moves {
        pos.play(m);
        best = best.max(-value(pos));
        pos.undo();
        if best == 1 {
            break;
        }
    }
    best
}

/// Stones of X and O as bitsets (boards of at most 64 cells).
fn stones(pos: &Position) -> [u64; 2] {
    let mut k = [0u64; 2];
    for (c, p) in pos.stones() {
        k[p.index()] |= 1 << c.0;
    }
    k
}

/// Whether the side to move can complete a line now.
fn wins_now(pos: &mut Position) -> bool {
    let me = pos.to_move();
    let moves: Vec<Cell> = pos.legal_moves().collect();
    moves.into_iter().any(|m| {
        pos.play(m);
        let won = pos.outcome().winner() == Some(me);
        pos.undo();
        won
    })
}

/// Adds to `section` an entry for every position `player` reaches from
/// `pos` (once up to symmetry, none where it wins at once): its first move
/// that keeps `goal`.
fn walk(
    pos: &mut Position,
    player: Player,
    goal: Goal,
    seen: &mut HashSet<[u64; 2]>,
    section: &mut Section,
) {
    if pos.is_over() {
        return;
    }
    let moves: Vec<Cell> = pos.legal_moves().collect();
    if pos.to_move() != player {
        for r in moves {
            pos.play(r);
            walk(pos, player, goal, seen, section);
            pos.undo();
        }
        return;
    }
    let [x, o] = stones(pos);
    let mut canon = [0u64; 2];
    Symmetries::new(pos.rules()).canonical(&[x, o], &mut canon);
    if wins_now(pos) || !seen.insert(canon) {
        return;
    }
    let mv = moves
        .into_iter()
        .find(|&m| {
            pos.play(m);
            let v = -value(pos);
            pos.undo();
            v >= if goal == Goal::Win { 1 } else { 0 }
        })
        .expect("the goal is reachable");
    section.push(&[x], &[o], mv);
    pos.play(mv);
    walk(pos, player, goal, seen, section);
    pos.undo();
}

/// A certificate of the value of `moves` on `rules`, built by brute force.
fn certificate(rules: &Rules, moves: &[Cell]) -> Certificate {
    let mut root = Position::from_moves(rules.clone(), moves).expect("legal root");
    let value = match value(&mut root) {
        0 => Value::Draw,
        1 => Value::Win(root.to_move()),
        _ => Value::Win(root.to_move().other()),
    };
    let cells = rules.shape().cell_count();
    let sections = value
        .sections()
        .into_iter()
        .map(|(player, goal)| {
            let mut section = Section::new(player, goal, cells);
            walk(&mut root, player, goal, &mut HashSet::new(), &mut section);
            section
        })
        .collect();
    Certificate {
        rules: RulesSpec::of(rules),
        moves: moves.to_vec(),
        value,
        best: None,
        derive: None,
        sections,
        remembers_settled: true,
        stats: serde_json::json!({"by": "test brute force"}),
    }
}

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
    let cert = certificate(&rules, &moves);
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
