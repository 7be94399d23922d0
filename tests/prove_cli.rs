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
