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
fn threads_prove_units_and_agree_with_one_thread() {
    let dir = tempfile::tempdir().unwrap();
    let boards: [&[&str]; 4] = [
        &["--shape", "4x4", "--k", "4"],
        &["--shape", "3x3x3"],
        &["--shape", "5x4", "--k", "4", "--gravity", "1"],
        &["--game", "tictactoe", "--moves", "1,1;0,0"],
    ];
    for (i, board) in boards.iter().enumerate() {
        let proof = dir.path().join(format!("{i}.proof"));
        let p = proof.to_str().unwrap();
        let mut one = vec!["prove", "--memory", "16"];
        one.extend_from_slice(board);
        let (out1, err, code) = hypertac(&one);
        assert_eq!(code, 0, "{err}");
        let mut two = one.clone();
        two.extend_from_slice(&["--threads", "2", "--proof", p, "--quick-positions", "0"]);
        let (out2, err, code) = hypertac(&two);
        assert_eq!(code, 0, "{err}");
        assert!(out2.contains("with 2 threads: split"), "{out2}");
        assert_eq!(value_line(&out1), value_line(&out2), "{board:?}\n{out2}");
        let (out, err, code) = hypertac(&["verify", p]);
        assert_eq!(code, 0, "{board:?}: {out}{err}");
        let value = value_line(&out2);
        assert!(out.contains(value.trim_start_matches("value: ")), "{out}");
    }
}

#[test]
fn threads_first_try_one_search() {
    // A position one search proves at once is not split.
    let (out, err, code) = hypertac(&[
        "prove",
        "--shape",
        "4x4",
        "--k",
        "3",
        "--memory",
        "16",
        "--threads",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: X wins"), "{out}");
    assert!(!out.contains("split"), "{out}");
    // One that takes longer is.
    let (out, err, code) = hypertac(&[
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
        "--quick-positions",
        "100",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("not proved after"), "{out}");
    assert!(out.contains("with 2 threads: split"), "{out}");
    assert!(out.contains("value: draw"), "{out}");
}

#[test]
fn threads_keep_their_units_in_the_checkpoint_folder() {
    let dir = tempfile::tempdir().unwrap();
    let units = dir.path().join("units");
    let u = units.to_str().unwrap();
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
        u,
    ];
    // No time: nothing is proved, the folder holds the split.
    let mut stopped = args.to_vec();
    stopped.extend_from_slice(&["--time", "0s"]);
    let (out, err, code) = hypertac(&stopped);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: unknown"), "{out}");
    assert!(units.join("frontier.txt").exists());
    // The same command goes on and finishes.
    let (out, err, code) = hypertac(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: draw"), "{out}");
    // Once more: every unit it needed is proved already.
    let (out, err, code) = hypertac(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("proved earlier"), "{out}");
    assert!(out.contains("value: draw"), "{out}");
    // The folder of another position is refused.
    let (_, err, code) = hypertac(&[
        "prove",
        "--shape",
        "4x4",
        "--k",
        "3",
        "--threads",
        "2",
        "--checkpoint",
        u,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("another position"), "{err}");
}
