//! Crash safety: a SIGKILL mid-game loses at most the move being typed;
//! two processes share one store.

mod common;

use common::{hypertac, play};
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

fn cells_4d(n: usize) -> Vec<String> {
    // Distinct cells that never make 4 in a row for either side early: walk with a stride.
    (0..n as u64)
        .map(|i| {
            let c = (i * 37) % 256;
            format!("{},{},{},{}", c % 4, c / 4 % 4, c / 16 % 4, c / 64)
        })
        .collect()
}

#[test]
fn killed_mid_game_resumes_with_every_acknowledged_move() {
    let home = tempfile::tempdir().unwrap();
    let moves = cells_4d(12);
    let mut child = hypertac(home.path())
        .args([
            "play", "--plain", "--game", "4d", "--x", "human", "--o", "human",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut acknowledged = 0;
    let mut line = String::new();
    for mv in &moves[..9] {
        writeln!(stdin, "{mv}").unwrap();
        stdin.flush().unwrap();
        loop {
            line.clear();
            stdout.read_line(&mut line).unwrap();
            assert!(!line.is_empty(), "binary ended early");
            assert!(!line.starts_with("error"), "{line}");
            if line.contains(" plays ") {
                acknowledged += 1;
                break;
            }
        }
    }
    // Half a move typed, then the kill.
    write!(stdin, "{}", &moves[9][..3]).unwrap();
    stdin.flush().unwrap();
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    assert_eq!(acknowledged, 9);
    let out = play(home.path(), &[], "moves\n");
    assert!(
        out.starts_with("hypertac: resumed the game in progress (9 moves played)\n"),
        "{out}"
    );
    assert!(
        out.contains(&format!("moves: {}\n", moves[..9].join(";"))),
        "{out}"
    );
}

#[test]
fn killed_while_moves_stream_in_keeps_a_prefix() {
    let home = tempfile::tempdir().unwrap();
    let moves = cells_4d(40);
    let mut child = hypertac(home.path())
        .args([
            "play", "--plain", "--game", "4d", "--x", "human", "--o", "human",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    stdin
        .write_all((moves.join("\n") + "\n").as_bytes())
        .unwrap();
    stdin.flush().unwrap();
    let mut acknowledged = 0;
    let mut line = String::new();
    while acknowledged < 20 {
        line.clear();
        stdout.read_line(&mut line).unwrap();
        if line.contains(" plays ") {
            acknowledged += 1;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let out = play(home.path(), &[], "moves\n");
    let list = out
        .lines()
        .find_map(|l| l.strip_prefix("moves: "))
        .unwrap_or_else(|| panic!("{out}"));
    let kept: Vec<&str> = list.split(';').collect();
    assert!(
        kept.len() >= acknowledged,
        "{} < {acknowledged}",
        kept.len()
    );
    assert_eq!(
        kept,
        moves[..kept.len()]
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
    );
}

#[test]
fn two_processes_share_one_store() {
    let home = tempfile::tempdir().unwrap();
    let script = |tag: &str| -> String { (0..15).map(|i| format!("save {tag} {i}\n")).collect() };
    let spawn = |tag: &str| {
        let mut child = hypertac(home.path())
            .args([
                "play",
                "--plain",
                "--new",
                "--game",
                "tictactoe",
                "--x",
                "human",
                "--o",
                "human",
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(script(tag).as_bytes())
            .unwrap();
        child
    };
    // The store exists before both start, as after any first run.
    play(home.path(), &["--game", "tictactoe"], "");
    let (a, b) = (spawn("a"), spawn("b"));
    for child in [a, b] {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.matches("saved as").count(), 15, "{text}");
    }
    let (ok, list, _) = common::records(home.path(), &["list"]);
    assert!(ok);
    assert_eq!(list.lines().count(), 1 + 30 + 1, "{list}");
}

#[test]
fn a_busy_store_makes_the_second_process_wait_and_say_so() {
    let home = tempfile::tempdir().unwrap();
    play(home.path(), &["--game", "tictactoe"], "");
    let conn = rusqlite::Connection::open(home.path().join("records.sqlite3")).unwrap();
    conn.execute_batch("BEGIN IMMEDIATE").unwrap();
    let child = hypertac(home.path())
        .args(["records", "list"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Let the child hit the lock, then release it.
    std::thread::sleep(std::time::Duration::from_millis(700));
    conn.execute_batch("COMMIT").unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("the record store is in use by another hypertac; waiting"),
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("@current"));
}

#[test]
fn a_store_held_too_long_gives_a_clear_error() {
    let home = tempfile::tempdir().unwrap();
    play(home.path(), &["--game", "tictactoe"], "");
    let conn = rusqlite::Connection::open(home.path().join("records.sqlite3")).unwrap();
    conn.execute_batch("BEGIN IMMEDIATE").unwrap();
    let out = hypertac(home.path())
        .args(["records", "delete", "@current"])
        .output()
        .unwrap();
    conn.execute_batch("ROLLBACK").unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("the record store is busy (another hypertac is writing to it); try again"),
        "{stderr}"
    );
    assert!(common::records(home.path(), &["list"])
        .1
        .contains("@current"));
}

#[test]
fn a_stale_process_cannot_overwrite_moves_made_elsewhere() {
    let home = tempfile::tempdir().unwrap();
    play(
        home.path(),
        &[
            "--game",
            "tictactoe",
            "--x",
            "human",
            "--o",
            "human",
            "--new",
        ],
        "0,0\n",
    );
    let start = || {
        let mut child = hypertac(home.path())
            .args(["play", "--plain"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        (child, stdin, lines)
    };
    type Output = std::io::Lines<BufReader<std::process::ChildStdout>>;
    let expect = |output: &mut Output, wanted: &str| {
        for got in output.by_ref() {
            let got = got.unwrap();
            if got.starts_with(wanted) {
                return got;
            }
        }
        panic!("no line starting with {wanted:?}");
    };
    let say =
        |input: &mut std::process::ChildStdin, output: &mut Output, line: &str, wanted: &str| {
            writeln!(input, "{line}").unwrap();
            input.flush().unwrap();
            expect(output, wanted)
        };
    // Both resume the game with one move.
    let (mut a, mut a_in, mut a_out) = start();
    let (mut b, mut b_in, mut b_out) = start();
    for out in [&mut a_out, &mut b_out] {
        assert!(expect(out, "Tic-tac-toe").contains("1 move played"));
    }
    say(&mut a_in, &mut a_out, "1,1", "O plays 1,1");
    // b has not seen a's move: its move is refused, and it reloads the game.
    let refused = say(&mut b_in, &mut b_out, "2,2", "error:");
    assert!(refused.contains("changed by another hypertac"), "{refused}");
    assert!(refused.contains("2 moves played; X to move"), "{refused}");
    say(&mut a_in, &mut a_out, "0,1", "X plays 0,1");
    say(&mut b_in, &mut b_out, "2,2", "error:");
    say(&mut b_in, &mut b_out, "2,2", "O plays 2,2");
    drop((a_in, b_in));
    a.wait().unwrap();
    b.wait().unwrap();
    let out = hypertac(home.path())
        .args(["records", "export", "@current", "--format", "moves"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "0,0;1,1;0,1;2,2\n");
}
