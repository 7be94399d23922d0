//! `hypertac prove` end to end: values, certificates that `hypertac verify`
//! accepts, checkpoints, and bad arguments.

mod common;

use common::run_args as hypertac;

#[test]
fn proves_writes_a_certificate_and_verify_accepts_it() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("q.proof");
    let p = proof.to_str().unwrap();
    let (out, err, code) = hypertac(&[
        "prove", "--shape", "4x4", "--k", "3", "--memory", "16", "--proof", p,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: X wins"), "{out}");
    assert!(out.contains("best move: "), "{out}");
    assert!(out.contains("proof: "), "{out}");
    let (out, err, code) = hypertac(&["verify", p]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("X wins"), "{out}");
    // A truncated certificate is refused with a reason.
    let bytes = std::fs::read(&proof).unwrap();
    std::fs::write(&proof, &bytes[..bytes.len() - 3]).unwrap();
    let (_, err, code) = hypertac(&["verify", p]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("truncated"), "{err}");
}

#[test]
fn a_draw_and_a_position_after_moves() {
    let (out, err, code) = hypertac(&["prove", "--game", "tictactoe", "--memory", "16"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: draw"), "{out}");
    let (out, _, _) = hypertac(&[
        "prove",
        "--game",
        "tictactoe",
        "--moves",
        "1,1;1,0",
        "--memory",
        "16",
    ]);
    assert!(out.contains("value: X wins"), "{out}");
}

#[test]
fn a_checkpoint_resumes_and_refuses_another_game() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("c.ckpt");
    let c = ck.to_str().unwrap();
    let args = [
        "prove",
        "--shape",
        "4x4",
        "--k",
        "4",
        "--memory",
        "16",
        "--checkpoint",
        c,
    ];
    let (out, err, code) = hypertac(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: draw"), "{out}");
    assert!(ck.exists());
    let (out, _, code) = hypertac(&args);
    assert_eq!(code, 0);
    assert!(out.contains("resumed from"), "{out}");
    assert!(out.contains("value: draw"), "{out}");
    let (_, err, code) = hypertac(&[
        "prove",
        "--game",
        "tictactoe",
        "--memory",
        "16",
        "--checkpoint",
        c,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("another game"), "{err}");
}

#[test]
fn bad_arguments_get_one_line_and_exit_2() {
    for (args, want) in [
        (
            vec!["prove", "--game", "qubic", "--moves", "0,0,0;0,0,0"],
            "taken",
        ),
        (
            vec!["prove", "--game", "tictactoe", "--rule", "anti"],
            "first",
        ),
        (vec!["prove", "--game", "nd 10 10"], "cells"),
        (
            vec![
                "prove",
                "--game",
                "tictactoe",
                "--moves",
                "0,0;1,0;0,1;1,1;0,2",
            ],
            "over",
        ),
    ] {
        let (_, err, code) = hypertac(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

/// The `value: ...` line of a run's output.
fn value_line(out: &str) -> String {
    out.lines()
        .find(|l| l.starts_with("value: "))
        .unwrap_or_else(|| panic!("no value in {out}"))
        .to_string()
}

#[test]
fn threads_share_one_table_and_agree_with_one_thread() {
    let dir = tempfile::tempdir().unwrap();
    let boards: [&[&str]; 4] = [
        &["--shape", "4x4", "--k", "4"],
        &["--shape", "3x3x3"],
        &["--shape", "5x4", "--k", "4", "--gravity", "1"],
        &["--game", "qubic", "--moves", "0,0,0;1,1,0;3,3,3;2,2,1"],
    ];
    for (i, board) in boards.iter().enumerate() {
        let proof = dir.path().join(format!("{i}.proof"));
        let p = proof.to_str().unwrap();
        let mut one = vec!["prove", "--memory", "64", "--threads", "1"];
        one.extend_from_slice(board);
        let (out1, err, code) = hypertac(&one);
        assert_eq!(code, 0, "{err}");
        assert!(!out1.contains("threads"), "{out1}");
        let mut two = one.clone();
        two[4] = "2";
        two.extend_from_slice(&["--proof", p]);
        let (out2, err, code) = hypertac(&two);
        assert_eq!(code, 0, "{err}");
        assert!(out2.contains(", 2 threads"), "{out2}");
        assert_eq!(value_line(&out1), value_line(&out2), "{board:?}\n{out2}");
        let (out, err, code) = hypertac(&["verify", p]);
        assert_eq!(code, 0, "{board:?}: {out}{err}");
        let value = value_line(&out2);
        assert!(out.contains(value.trim_start_matches("value: ")), "{out}");
    }
    let (_, err, code) = hypertac(&["prove", "--shape", "3x3", "--threads", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--threads: expected 1 to 256"), "{err}");
}

#[test]
fn threads_resume_from_one_checkpoint_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c.ckpt");
    let f = file.to_str().unwrap();
    let args = [
        "prove",
        "--shape",
        "4x4",
        "--k",
        "4",
        "--gravity",
        "1",
        "--memory",
        "16",
        "--threads",
        "2",
        "--checkpoint",
        f,
    ];
    // No time: nothing is proved, the checkpoint is written.
    let mut stopped = args.to_vec();
    stopped.extend_from_slice(&["--time", "0s"]);
    let (out, err, code) = hypertac(&stopped);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: unknown"), "{out}");
    assert!(file.is_file());
    // The same command goes on and finishes.
    let (out, err, code) = hypertac(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("resumed from"), "{out}");
    assert!(out.contains("value: draw"), "{out}");
    // The checkpoint of another position is refused.
    let (_, err, code) = hypertac(&[
        "prove",
        "--shape",
        "4x4",
        "--k",
        "3",
        "--threads",
        "2",
        "--checkpoint",
        f,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("another game or position"), "{err}");
}

/// `--shrink` keeps only the entries the checker looks up, checks the
/// result and writes it; it never overwrites its input, and a damaged
/// input is refused in one line. The walk writes only entries the check
/// uses, so the test adds some it never reaches.
#[test]
fn shrink_keeps_the_used_entries_and_the_result_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let full = dir.path().join("full.proof");
    let small = dir.path().join("small.proof");
    let (f, s) = (full.to_str().unwrap(), small.to_str().unwrap());
    let (out, err, code) = hypertac(&[
        "prove",
        "--shape",
        "4x4x4x4x4",
        "--moves",
        "0,0,0,0,0;3,3,3,3,0;1,1,1,1,1;3,3,3,0,3",
        "--threads",
        "1",
        "--memory",
        "64",
        "--proof",
        f,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    // The walk writes only entries the check uses: three more, for
    // positions the check never meets (two stones, none of the root's).
    let mut cert =
        hypertac_proof::Certificate::read_from(&mut std::fs::read(&full).unwrap().as_slice())
            .unwrap();
    for (x, o, mv) in [(5u64, 6u64, 7u64), (9, 10, 11), (20, 21, 22)] {
        let mut xs = vec![0u64; 16];
        let mut os = vec![0u64; 16];
        xs[0] = 1 << x;
        os[0] = 1 << o;
        cert.sections[0].push(&xs, &os, hypertac_core::Cell(mv));
    }
    let mut bytes = Vec::new();
    cert.write_to(&mut bytes).unwrap();
    std::fs::write(&full, bytes).unwrap();
    let (out, err, code) = hypertac(&["verify", f]);
    assert_eq!(code, 0, "{out}{err}");
    let used = |out: &str| -> (u64, u64) {
        let line = out.lines().find(|l| l.starts_with("entries:")).unwrap();
        let (a, b) = line
            .split_whitespace()
            .nth(1)
            .unwrap()
            .split_once('/')
            .unwrap();
        (a.parse().unwrap(), b.parse().unwrap())
    };
    let (used_before, before) = used(&out);
    assert_eq!(used_before + 3, before, "{out}");

    let (out, err, code) = hypertac(&["prove", "--shrink", f, "--proof", s]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(&format!("kept {used_before} of {before} entries: X wins")),
        "{out}"
    );
    let (out, err, code) = hypertac(&["verify", s]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("proof accepted: X wins"), "{out}");
    assert_eq!(used(&out), (used_before, used_before), "{out}");
    let shrunk =
        hypertac_proof::Certificate::read_from(&mut std::fs::read(&small).unwrap().as_slice())
            .unwrap();
    assert_eq!(shrunk.sections[0].len() as u64, used_before);

    // The input is never overwritten; a damaged one is refused in one line.
    let (_, err, code) = hypertac(&["prove", "--shrink", f, "--proof", f]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("another file"), "{err}");
    let bytes = std::fs::read(&full).unwrap();
    std::fs::write(&full, &bytes[..bytes.len() - 5]).unwrap();
    let (_, err, code) = hypertac(&["prove", "--shrink", f, "--proof", s]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("truncated"), "{err}");
    let (_, err, code) = hypertac(&["prove", "--shrink", f]);
    assert_eq!(code, 2, "{err}");
}

/// Output closed early (`hypertac prove ... | head -1`): the prover ends
/// quietly, without a panic message.
#[test]
fn a_closed_output_ends_prove_without_a_panic() {
    use std::process::Stdio;
    let home = tempfile::tempdir().unwrap();
    let mut child = common::hypertac(home.path())
        .args(["prove", "--shape", "4x4", "--k", "4", "--memory", "16"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
}

/// A leaf of 7^3 after the public proof's opening: X's half needs three
/// more moves of X before a pairing against O exists, a plan the search
/// makes (`pairing_plan.rs`) and the certificate writes out move by move.
#[test]
fn a_7x7x7_draw_whose_x_half_pairs_three_moves_later() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("leaf.proof");
    let p = proof.to_str().unwrap();
    let (out, err, code) = hypertac(&[
        "prove",
        "--shape",
        "7x7x7",
        "--moves",
        "5,5,6;3,3,3;3,3,0;0,6,6;3,5,0;1,1,1",
        "--threads",
        "1",
        "--memory",
        "128",
        "--proof",
        p,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: draw"), "{out}");
    let (out, err, code) = hypertac(&["verify", p]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("draw"), "{out}");
    // X's half: tens of thousands of entries (the pairings after X's
    // third move), each used.
    let x_half = out
        .lines()
        .find(|l| l.contains("X not-lose"))
        .unwrap_or_else(|| panic!("{out}"));
    let used: usize = x_half
        .rsplit(", ")
        .next()
        .and_then(|s| s.split('/').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{x_half}"));
    assert!(used > 10_000, "{x_half}");
}
