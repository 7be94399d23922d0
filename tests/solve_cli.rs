//! `hypertac solve connect4` end to end.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], input: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hypertac"))
        .args(["solve", "connect4"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hypertac");
    // The process may exit before reading its input (bad options).
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn scores_positions() {
    let (out, err, code) = run(
        &["--tt-log2", "20"],
        "2252576253462244111563365343671351441\n7422341735647741166133573473242566 -1\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "2252576253462244111563365343671351441 -1\n7422341735647741166133573473242566 1\n"
    );
}

#[test]
fn weak_and_analyze() {
    let (out, _, code) = run(
        &["--weak", "--tt-log2", "20"],
        "2252576253462244111563365343671351441\n",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "2252576253462244111563365343671351441 -1\n");
    let (out, _, code) = run(&["--analyze", "--tt-log2", "20"], "112233\n1111112222223\n");
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("112233 "));
    // column 4 wins at once with the 4th stone: 22 - 4 = 18
    assert_eq!(lines[0].split(' ').nth(4), Some("18"));
    let fields: Vec<&str> = lines[1].split(' ').collect();
    assert_eq!(fields.len(), 8);
    assert_eq!(&fields[1..3], &["-", "-"], "full columns are marked with -");
}

#[test]
fn invalid_lines_are_reported_and_skipped() {
    let (out, err, code) = run(
        &["--tt-log2", "20"],
        "448\n2252576253462244111563365343671351441\n1212121\n11111111\n4a\n",
    );
    assert_eq!(code, 1);
    assert_eq!(out, "2252576253462244111563365343671351441 -1\n");
    assert!(
        err.contains("line 1")
            && err.contains("\"448\"")
            && err.contains("column 8 is outside 1-7 at move 3"),
        "{err}"
    );
    assert!(
        err.contains("line 3") && err.contains("four in a row"),
        "{err}"
    );
    assert!(err.contains("line 4") && err.contains("full"), "{err}");
    assert!(
        err.contains("line 5") && err.contains("invalid character"),
        "{err}"
    );
}

#[test]
fn other_sizes() {
    let (out, err, code) = run(&["--width", "4", "--height", "4"], "\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, " 0\n");
    let (_, err, code) = run(&["--width", "12"], "\n");
    assert_eq!(code, 2);
    assert!(err.contains("unsupported board size"));
}

#[test]
fn empty_board_from_the_book() {
    let (out, err, code) = run(&["--tt-log2", "16"], "\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, " 1\n");
    let (out, _, code) = run(&["--analyze", "--tt-log2", "16"], "\n");
    assert_eq!(code, 0);
    assert_eq!(out, " -2 -1 0 1 0 -1 -2\n");
}

#[test]
fn threads_give_the_same_scores() {
    // The first lines of the L2_R2 sample (some need thousands of nodes,
    // so the helper threads join in).
    let sample: String = include_str!("../crates/connect4/tests/data/L2_R2.sample")
        .lines()
        .take(12)
        .map(|l| format!("{l}\n"))
        .collect();
    let expected: String = sample.clone();
    for threads in ["1", "2", "3"] {
        let (out, err, code) = run(&["--threads", threads, "--no-book"], &sample);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, expected, "--threads {threads}");
    }
    let (_, err, code) = run(&["--threads", "0"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--threads"), "{err}");
}
