//! A proof split into units (`prove --split`), proved in shards
//! (`--shard I/N --out DIR`) and merged (`--merge`): the same value as the
//! whole proof, a certificate `hypertac verify` accepts, missing shards
//! named, reruns that complete, and bad files refused.

mod common;

use std::path::Path;

use common::run_args as hypertac;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Writes the frontier of `rules` split at `depth` (asserting success).
fn split(rules: &[&str], depth: &str, frontier: &Path) {
    let mut args = vec!["prove"];
    args.extend_from_slice(rules);
    args.extend_from_slice(&["--split", depth, "--frontier", s(frontier)]);
    let (text, err, code) = hypertac(&args);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains(" units, "), "{text}");
}

/// Proves every unit of `frontier` in one shard into `out` (16 MiB).
fn shard_0_of_1(frontier: &Path, out: &Path) -> (String, String, i32) {
    hypertac(&[
        "prove",
        "--frontier",
        s(frontier),
        "--shard",
        "0/1",
        "--out",
        s(out),
        "--memory",
        "16",
    ])
}

/// The `value: ...` line of a run.
fn value(out: &str) -> String {
    out.lines()
        .find_map(|l| l.strip_prefix("value: "))
        .unwrap_or_else(|| panic!("no value in {out}"))
        .to_string()
}

/// Splits `rules` at `depth`, proves it in `shards` shards, merges, verifies,
/// and compares with the unsharded proof.
fn split_prove_merge(rules: &[&str], depth: &str, shards: usize) {
    let dir = tempfile::tempdir().unwrap();
    let frontier = dir.path().join("frontier");
    let out = dir.path().join("out");
    let proof = dir.path().join("merged.proof");
    split(rules, depth, &frontier);
    for i in 0..shards {
        let shard = format!("{i}/{shards}");
        let (text, err, code) = hypertac(&[
            "prove",
            "--frontier",
            s(&frontier),
            "--shard",
            &shard,
            "--out",
            s(&out),
            "--memory",
            "16",
        ]);
        assert_eq!(code, 0, "{text}{err}");
    }
    let (text, err, code) = hypertac(&["prove", "--merge", s(&out), "--proof", s(&proof)]);
    assert_eq!(code, 0, "{text}{err}");
    let merged = value(&text);
    let mut whole = vec!["prove"];
    whole.extend_from_slice(rules);
    whole.extend_from_slice(&["--memory", "16"]);
    let (text, err, code) = hypertac(&whole);
    assert_eq!(code, 0, "{err}");
    assert_eq!(merged, value(&text), "{rules:?} split at {depth}");
    let (text, err, code) = hypertac(&["verify", s(&proof)]);
    assert_eq!(code, 0, "{text}{err}");
    assert!(
        text.contains(&format!("proof accepted: {merged}")),
        "{text}"
    );
}

#[test]
fn sharded_proofs_merge_into_the_whole_proofs_value() {
    split_prove_merge(&["--shape", "4x4", "--k", "3"], "2", 3);
    split_prove_merge(&["--game", "tictactoe"], "2", 4);
    split_prove_merge(&["--shape", "3x3x3"], "1", 1);
    split_prove_merge(&["--shape", "4x4", "--k", "4"], "3", 2);
    split_prove_merge(&["--shape", "5x4", "--k", "4", "--gravity", "y"], "2", 5);
}

#[test]
fn a_missing_shard_is_named_and_its_rerun_completes_the_proof() {
    let dir = tempfile::tempdir().unwrap();
    let frontier = dir.path().join("f");
    let out = dir.path().join("out");
    split(&["--game", "tictactoe"], "2", &frontier);
    let shard = |i: &str| {
        hypertac(&[
            "prove",
            "--frontier",
            s(&frontier),
            "--shard",
            i,
            "--out",
            s(&out),
            "--memory",
            "16",
        ])
    };
    for i in ["0/3", "2/3"] {
        assert_eq!(shard(i).2, 0);
    }
    let (text, err, code) = hypertac(&["prove", "--merge", s(&out)]);
    assert_eq!(code, 1, "{text}{err}");
    assert!(err.contains("the root's value is not known"), "{err}");
    assert!(err.contains("missing shard 1/3"), "{err}");
    assert!(err.contains("unit 1 ("), "{err}");
    assert!(!err.contains("unit 0 ("), "{err}");
    // Rerunning shard 0 proves nothing again.
    let (text, _, code) = shard("0/3");
    assert_eq!(code, 0);
    assert!(text.contains("proved earlier"), "{text}");
    assert!(!text.contains("positions,"), "{text}");
    assert_eq!(shard("1/3").2, 0);
    let (text, err, code) = hypertac(&["prove", "--merge", s(&out)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(value(&text), "draw");
}

#[test]
fn bad_frontiers_and_arguments_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let frontier = dir.path().join("f");
    let f = s(&frontier);
    let out = dir.path().join("out");
    split(&["--shape", "4x4", "--k", "3"], "2", &frontier);
    let good = std::fs::read_to_string(&frontier).unwrap();
    let run = || hypertac(&["prove", "--frontier", f, "--shard", "0/2", "--out", s(&out)]);
    let cases = [
        (
            good.replacen("hypertac-frontier", "something-else", 1),
            "not a frontier file",
        ),
        (good.replacen("0,0;1,0", "0,0;2,0", 1), "not the split's"),
        (good[..good.len() - 10].to_string(), "truncated"),
        (format!("{good}0,0;1,1\n"), "more lines"),
        (good.replacen("\"depth\":2", "\"depth\":3", 1), "units"),
        (good.replacen("\"units\"", "\"unitz\"", 1), "bad header"),
    ];
    for (text, want) in cases {
        std::fs::write(&frontier, text).unwrap();
        let (o, err, code) = run();
        assert_eq!(code, 2, "{want}: {o}{err}");
        assert!(err.contains(want), "{want}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    std::fs::write(&frontier, &good).unwrap();
    let bad_args: [&[&str]; 6] = [
        &["prove", "--frontier", f, "--shard", "2/2", "--out", s(&out)],
        &[
            "prove",
            "--frontier",
            f,
            "--shard",
            "0/2",
            "--out",
            s(&out),
            "--game",
            "qubic",
        ],
        &["prove", "--merge", s(&out), "--shard", "0/2"],
        &["prove", "--game", "4d", "--split", "4", "--frontier", f],
        &[
            "prove",
            "--game",
            "tictactoe",
            "--split",
            "0",
            "--frontier",
            f,
        ],
        &[
            "prove",
            "--game",
            "tictactoe",
            "--split",
            "2",
            "--frontier",
            f,
            "--proof",
            f,
        ],
    ];
    for args in bad_args {
        let (o, err, code) = hypertac(args);
        assert_eq!(code, 2, "{args:?}: {o}{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // A unit proof of another position is refused by the merge, by name.
    assert_eq!(run().2, 0);
    std::fs::copy(out.join("unit-0.proof"), out.join("unit-1.proof")).unwrap();
    let (_, err, code) = hypertac(&["prove", "--merge", s(&out)]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("unit-1.proof is the proof of another position"),
        "{err}"
    );
}

#[test]
fn units_a_won_root_no_longer_needs_are_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let frontier = dir.path().join("f");
    let out = dir.path().join("out");
    let proof = dir.path().join("p");
    // 4x4 with k = 3 is won by X: once one first move is proved to win,
    // the units of the other first moves are not needed.
    split(&["--shape", "4x4", "--k", "3"], "1", &frontier);
    let (text, err, code) = shard_0_of_1(&frontier, &out);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("unit 0 (") && text.contains("X wins"),
        "{text}"
    );
    assert!(text.contains("not needed"), "{text}");
    assert!(out.join("shard-0-of-1.done").exists());
    let (text, err, code) = hypertac(&["prove", "--merge", s(&out), "--proof", s(&proof)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(value(&text), "X wins");
    assert!(text.contains("were not needed"), "{text}");
    let (text, err, code) = hypertac(&["verify", s(&proof)]);
    assert_eq!(code, 0, "{text}{err}");
}

#[test]
fn shards_running_at_once_share_one_folder() {
    let dir = tempfile::tempdir().unwrap();
    let frontier = dir.path().join("f");
    let out = dir.path().join("out");
    split(&["--shape", "4x4", "--k", "4"], "2", &frontier);
    // Every round starts four shards together on a fresh folder: they all
    // write the frontier's copy and read each other's proofs.
    for round in 0..3 {
        let out = out.join(round.to_string());
        let handles: Vec<_> = (0..4)
            .map(|i| {
                let (f, o) = (frontier.clone(), out.clone());
                std::thread::spawn(move || {
                    std::process::Command::new(env!("CARGO_BIN_EXE_hypertac"))
                        .args(["prove", "--frontier", s(&f), "--shard"])
                        .arg(format!("{i}/4"))
                        .args(["--out", s(&o), "--memory", "16"])
                        .output()
                        .expect("start a shard")
                })
            })
            .collect();
        for h in handles {
            let o = h.join().unwrap();
            assert_eq!(
                o.status.code(),
                Some(0),
                "{}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        let (text, err, code) = hypertac(&["prove", "--merge", s(&out)]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(value(&text), "draw");
    }
}

/// Proves the units of a split of 4x4 k3 after `moves` at depth 1 and
/// merges them; the merge's output and `hypertac verify`'s.
fn merge_after(moves: &str) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let frontier = dir.path().join("frontier");
    let out = dir.path().join("out");
    let proof = dir.path().join("merged.proof");
    split(
        &["--shape", "4x4", "--k", "3", "--moves", moves],
        "1",
        &frontier,
    );
    let (text, err, code) = shard_0_of_1(&frontier, &out);
    assert_eq!(code, 0, "{text}{err}");
    let (merged, err, code) = hypertac(&["prove", "--merge", s(&out), "--proof", s(&proof)]);
    assert_eq!(code, 0, "{merged}{err}");
    let (verified, err, code) = hypertac(&["verify", s(&proof)]);
    assert_eq!(code, 0, "{verified}{err}");
    (merged, verified)
}

#[test]
fn a_split_after_the_winners_move_merges_into_a_certificate_from_before_it() {
    // After X's first move: the certificate starts from the empty board.
    let (merged, verified) = merge_after("1,1");
    assert!(
        merged.contains(
            "starts one move earlier, from the empty board: the winner's move there is 1,1"
        ),
        "{merged}"
    );
    assert!(verified.contains("proof accepted: X wins"), "{verified}");
    assert!(
        verified.contains("root:        the empty board"),
        "{verified}"
    );
    // After O's reply the last move is the loser's: the root stays.
    let (merged, verified) = merge_after("1,1;0,0");
    assert!(!merged.contains("starts one move earlier"), "{merged}");
    assert!(verified.contains("proof accepted: X wins"), "{verified}");
    assert!(verified.contains("root:        1,1;0,0"), "{verified}");
}
