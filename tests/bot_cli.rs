//! `hypertac bot` end to end: the n^d tournament protocol on stdin/stdout.

use std::io::Write;
use std::process::{Command, Stdio};

fn bot(args: &[&str], input: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hypertac"))
        .arg("bot")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hypertac");
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// Runs the bot and returns its move's coordinates, checking the output format.
fn coords(args: &[&str], input: &str, n: u32, d: usize) -> Vec<u32> {
    let (out, err, code) = bot(args, input);
    assert_eq!(code, 0, "stderr: {err}");
    assert!(out.ends_with('\n') && out.lines().count() == 1, "{out:?}");
    let c: Vec<u32> = out
        .trim_end()
        .split(',')
        .map(|t| t.parse().expect("a number"))
        .collect();
    assert_eq!(c.len(), d, "{out:?}");
    assert!(c.iter().all(|&x| x < n), "{out:?}");
    c
}

fn moves_of(input: &str) -> Vec<String> {
    input
        .lines()
        .nth(1)
        .unwrap_or("")
        .split(';')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn first_move_with_or_without_the_empty_line() {
    for input in ["3,2\n", "3,2\n\n", "3,2"] {
        coords(&[], input, 3, 2);
    }
    coords(&[], "4,3\n\n", 4, 3);
    coords(&[], "4,4\n", 4, 4);
}

#[test]
fn answers_are_legal_and_repeatable() {
    let inputs = [
        "3,2\n1,1\n",
        "4,3\n0,0,0;1,1,1;3,3,3\n",
        "5,4\n2,2,2,2;0,0,0,0\n",
        "6,5\n0,0,0,0,0;5,5,5,5,5;1,1,1,1,1\n",
    ];
    for input in inputs {
        let (n, d) = {
            let h: Vec<u32> = input
                .lines()
                .next()
                .unwrap()
                .split(',')
                .map(|t| t.parse().unwrap())
                .collect();
            (h[0], h[1] as usize)
        };
        for level in ["random", "seed", "easy", "medium", "hard"] {
            let args = ["--level", level, "--seed", "5"];
            let a = coords(&args, input, n, d);
            let text = a.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
            assert!(!moves_of(input).contains(&text), "{level} replayed {text}");
            assert_eq!(a, coords(&args, input, n, d), "{level} on {input:?}");
        }
    }
}

#[test]
fn wins_now_and_blocks() {
    // X: 0,0 0,1; O: 1,0 1,1; X completes column x=0.
    assert_eq!(coords(&[], "3,2\n0,0;1,0;0,1;1,1\n", 3, 2), vec![0, 2]);
    // O must block X's column.
    assert_eq!(coords(&[], "3,2\n0,0;1,1;0,1\n", 3, 2), vec![0, 2]);
    // 4D: X has three on the main diagonal.
    let input = "4,4\n0,0,0,0;0,1,2,3;1,1,1,1;3,0,1,2;2,2,2,2;1,3,0,2\n";
    assert_eq!(coords(&[], input, 4, 4), vec![3, 3, 3, 3]);
    // Seed level blocks too.
    assert_eq!(
        coords(&["--level", "seed"], "3,2\n0,0;1,1;0,1\n", 3, 2),
        vec![0, 2]
    );
}

#[test]
fn huge_board_first_and_middle_moves() {
    let first = coords(&[], "10,10\n", 10, 10);
    assert_eq!(first, coords(&[], "10,10\n\n", 10, 10));
    let input = "10,10\n5,5,5,5,5,5,5,5,5,5;0,0,0,0,0,0,0,0,0,0;4,4,4,4,4,4,4,4,4,4\n";
    let a = coords(&[], input, 10, 10);
    assert_eq!(a, coords(&[], input, 10, 10));
    let text = a.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    assert!(!moves_of(input).contains(&text));
    // X threatens nothing yet, but a line of nine must be blocked.
    let line: Vec<String> = (0..9).map(|i| format!("{i},0,0,0,0,0,0,0,0,0")).collect();
    let other: Vec<String> = (0..9)
        .map(|i| format!("{i},9,9,9,9,9,9,9,9,{}", i % 2))
        .collect();
    let mut moves = Vec::new();
    for i in 0..9 {
        moves.push(line[i].clone());
        if i < 8 {
            moves.push(other[i].clone());
        }
    }
    let input = format!("10,10\n{}\n", moves.join(";"));
    assert_eq!(
        coords(&[], &input, 10, 10),
        vec![9, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    );
}

fn refused(input: &str, needle: &str) {
    let (out, err, code) = bot(&[], input);
    assert_eq!(code, 2, "{input:?}: {out} {err}");
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.starts_with("error: "), "{err:?}");
    assert!(err.contains(needle), "{input:?}: {err:?} lacks {needle:?}");
}

#[test]
fn refuses_bad_input() {
    refused("", "empty input");
    refused("\n1,1\n", "the first line is empty");
    refused("3\n", "two numbers");
    refused("3,2,1\n", "two numbers");
    refused("a,2\n", "\"a\" is not a whole number");
    refused("3,-2\n", "is not a whole number");
    refused("1,2\n", "n = 1 is out of range");
    refused("3,0\n", "d = 0 is out of range");
    refused("256,2\n", "n = 256 is out of range");
    refused("3,40\n", "d = 40 is out of range");
    refused("255,12\n", "cannot be played");
    refused("3,2\n1,1;1\n", "has 1 coordinates");
    refused("3,2\n1,1,0\n", "has 3 coordinates");
    refused("3,2\n3,0\n", "outside a 3x3 board");
    refused("3,2\n1,x\n", "\"x\" is not a coordinate");
    refused("3,2\n1,1;;0,0\n", "move 2 of the list");
    refused("3,2\n1,1;0,0;1,1\n", "move 3 (1,1) repeats an earlier move");
    refused("3,2\n0,0;1,0;0,1;1,1;0,2\n", "already over: X won");
    refused(
        "3,2\n0,0;1,0;0,1;1,1;0,2;2,2\n",
        "move 6 (2,2) comes after the game was already won",
    );
    refused(
        "3,2\n0,0;1,1;2,2;0,2;2,0;1,0;1,2;2,1;0,1\n",
        "the board is full",
    );
    refused("3,2\n1,1\n0,0\n", "unexpected third line");
}

/// The header the referee sends for every preset it offers (`7x6`, `4x4x4`,
/// `15x15`, `n,d`), with full cells in the move list.
#[test]
fn plays_every_board_the_referee_offers() {
    // Connect Four: sizes, gravity on y; the answer is a landing cell.
    let c = coords(&[], "7x6\n\n", 7, 2);
    assert_eq!(c[1], 0, "the first stone lands on the bottom row: {c:?}");
    let c = coords(&[], "7x6\n3,0;3,1;3,2\n", 7, 2);
    assert_eq!(c, [3, 3], "X must block the column");
    // 3D Connect Four: 4x4x4, stones drop along z.
    let c = coords(&["--level", "easy"], "4x4x4\n\n", 4, 3);
    assert_eq!(c[2], 0, "{c:?}");
    coords(&["--level", "easy"], "4x4x4\n0,0,0;0,0,1\n", 4, 3);
    // Gomoku and the cube presets.
    coords(&["--level", "easy"], "15x15\n7,7\n", 15, 2);
    coords(&["--level", "easy"], "4,4\n\n", 4, 4);
    // A floating cell on a gravity board is named.
    refused("7x6\n3,2\n", "");
    refused("5x5\n", "unknown board \"5x5\"");
    refused("7x6x\n", "unknown board");
}

#[test]
fn refuses_a_bad_level() {
    let (_, err, code) = bot(&["--level", "genius"], "3,2\n");
    assert_eq!(code, 2);
    assert!(err.contains("unknown level"), "{err}");
}

/// High dimensions: a cell lies on up to (3^d-1)/2 lines (265,720 for
/// d = 12). The bot once registered every line through every stone its
/// search tried and took gigabytes on these boards; under a 1 GB address
/// space limit it now answers.
#[cfg(target_os = "linux")]
#[test]
fn high_dimensions_answer_in_little_memory() {
    for (n, d) in [(31u32, 12usize), (5, 12), (3, 12)] {
        let centre = vec![((n - 1) / 2).to_string(); d].join(",");
        let mut child = Command::new("sh")
            .arg("-c")
            .arg("ulimit -v 1000000 && exec \"$0\" bot")
            .arg(env!("CARGO_BIN_EXE_hypertac"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run hypertac");
        let input = format!("{n},{d}\n{centre}\n");
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{n},{d}: {out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let c: Vec<u32> = text
            .trim_end()
            .split(',')
            .map(|t| t.parse().unwrap())
            .collect();
        assert!(
            c.len() == d && c.iter().all(|&x| x < n),
            "{n},{d}: {text:?}"
        );
        assert_ne!(text.trim_end(), centre);
    }
}

#[test]
fn error_lines_stay_short_whatever_the_input() {
    let big = "7".repeat(1 << 20);
    let nul = "\0".repeat(1 << 20);
    let long_cell = format!("1,{big}");
    for input in [
        format!("{big}\n"),
        format!("3,{big}\n"),
        format!("{nul}\n"),
        format!("3,2\n{big}\n"),
        format!("3,2\n{long_cell}\n"),
        format!("3,2\n1,{nul}\n"),
        format!("3,2\n1,1\n{nul}\n"),
        format!("3,2\n{}\n", "0,0;".repeat(200_000)),
    ] {
        let (out, err, code) = bot(&[], &input);
        assert_eq!(code, 2, "{out}");
        assert_eq!(err.lines().count(), 1, "{}", &err[..err.len().min(300)]);
        assert!(
            err.len() < 400,
            "{} bytes: {}",
            err.len(),
            &err[..err.len().min(300)]
        );
    }
}
