//! Plain mode end to end: the binary with commands on stdin.

mod common;

use common::{errors, play};
use hypertac_core::{notation, Position, Rules, Shape, WinRule};

#[test]
fn connect_four_between_humans_ends_in_a_vertical_win() {
    let home = tempfile::tempdir().unwrap();
    let out = play(
        home.path(),
        &["--game", "connect4", "--x", "human", "--o", "human"],
        "4\n5\n4\n5\n4\n5\n4\n",
    );
    assert!(out.contains("X plays 4\nO plays 5\nX plays 4\n"), "{out}");
    assert!(
        out.contains("X plays 4\nX wins: column 4, rows 1-4\n"),
        "{out}"
    );
    assert!(errors(&out).is_empty(), "{out}");
}

#[test]
fn connect_four_hints_name_the_column_to_type_and_the_perfect_move() {
    let home = tempfile::tempdir().unwrap();
    let out = play(
        home.path(),
        &["--game", "connect4", "--x", "human", "--o", "human"],
        "hint\n",
    );
    // The empty board is in the solver's opening book: the middle column wins.
    assert!(
        out.contains("hint: 4 (X wins with perfect play)\n"),
        "{out}"
    );
}

#[test]
fn tic_tac_toe_draw() {
    let home = tempfile::tempdir().unwrap();
    let moves = "0,0\n1,1\n2,2\n0,2\n2,0\n1,0\n1,2\n2,1\n0,1\n";
    let out = play(
        home.path(),
        &["--game", "tictactoe", "--x", "human", "--o", "human"],
        moves,
    );
    assert!(out.ends_with("X plays 0,1\ndraw\n"), "{out}");
}

#[test]
fn dead_position_ends_the_game() {
    let home = tempfile::tempdir().unwrap();
    // X O X / X O O / O X . : every line holds both sides before the last cell.
    let moves = "0,0\n1,0\n2,0\n1,1\n0,1\n2,1\n1,2\n0,2\n";
    let out = play(
        home.path(),
        &["--game", "tictactoe", "--x", "human", "--o", "human"],
        moves,
    );
    assert!(
        out.ends_with("O plays 0,2\ndraw: no line can be completed\n"),
        "{out}"
    );
}

#[test]
fn four_d_game_won_on_the_long_diagonal() {
    let home = tempfile::tempdir().unwrap();
    let moves = "0,0,0,0\n0,1,0,0\n1,1,1,1\n0,2,0,0\n2,2,2,2\n0,3,0,0\n3,3,3,3\n";
    let out = play(
        home.path(),
        &["--game", "4d", "--x", "human", "--o", "human"],
        moves,
    );
    assert!(
        out.ends_with("X plays 3,3,3,3\nX wins: 0,0,0,0 1,1,1,1 2,2,2,2 3,3,3,3\n"),
        "{out}"
    );
}

#[test]
fn most_lines_counts_a_hand_checked_game() {
    let home = tempfile::tempdir().unwrap();
    // X: row y=0; O: row y=1; nothing else completes.
    let moves = "0,0\n0,1\n1,0\n1,1\n2,0\n2,1\n0,2\n1,2\n2,2\n";
    let args = [
        "--shape",
        "3x3",
        "--rule",
        "most-lines",
        "--x",
        "human",
        "--o",
        "human",
    ];
    let out = play(home.path(), &args, moves);
    assert!(
        out.ends_with("X plays 2,2\nX 1 line, O 1 line\ndraw\n"),
        "{out}"
    );
}

#[test]
fn most_lines_counts_agree_with_the_core_on_a_full_4x4_board() {
    let home = tempfile::tempdir().unwrap();
    let rules = Rules::new(Shape::new(&[4, 4]).unwrap(), 3)
        .unwrap()
        .with_win(WinRule::MostLines);
    // A fixed fill order: a stride walk that visits all 16 cells.
    let order: Vec<u64> = (0..16).map(|i| (i * 7) % 16).collect();
    let mut pos = Position::new(rules.clone());
    let mut input = String::new();
    for &i in &order {
        pos.play(hypertac_core::Cell(i));
        input.push_str(&notation::format_cell(
            rules.shape(),
            hypertac_core::Cell(i),
        ));
        input.push('\n');
    }
    let [x, o] = pos.line_counts();
    assert!(x + o > 0, "the walk completes some lines");
    let winner = match pos.outcome().winner() {
        Some(p) => format!("{p} wins"),
        None => "draw".into(),
    };
    let args = [
        "--shape",
        "4x4",
        "--k",
        "3",
        "--rule",
        "most-lines",
        "--x",
        "human",
        "--o",
        "human",
    ];
    let out = play(home.path(), &args, &input);
    assert!(
        out.ends_with(&format!(
            "X {x} line{}, O {o} line{}\n{winner}\n",
            if x == 1 { "" } else { "s" },
            if o == 1 { "" } else { "s" }
        )),
        "{out}"
    );
}

#[test]
fn undo_and_redo_between_humans_and_against_the_computer() {
    let home = tempfile::tempdir().unwrap();
    let out = play(
        home.path(),
        &["--game", "tictactoe", "--x", "human", "--o", "human"],
        "1,1\n0,0\nundo\nredo\nundo\nundo\nundo\nredo\nredo\nredo\nmoves\n",
    );
    let expected = "X plays 1,1\nO plays 0,0\n\
                    took back 0,0; O to move\nO plays 0,0\n\
                    took back 0,0; O to move\ntook back 1,1; X to move\n\
                    error: nothing to undo\n\
                    X plays 1,1\nO plays 0,0\nerror: nothing to redo\n\
                    moves: 1,1;0,0\n";
    assert!(out.ends_with(expected), "{out}");

    let home = tempfile::tempdir().unwrap();
    let out = play(
        home.path(),
        &["--game", "tictactoe", "--x", "human", "--o", "cpu:random"],
        "1,1\nundo\nmoves\nredo\nmoves\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    let reply = lines
        .iter()
        .position(|l| l.starts_with("O plays "))
        .expect("computer replied");
    let o_cell = lines[reply].trim_start_matches("O plays ");
    assert_eq!(
        lines[reply + 1],
        format!("took back {o_cell} and 1,1; X to move")
    );
    assert_eq!(lines[reply + 2], "no moves yet");
    assert_eq!(lines[reply + 3], "X plays 1,1");
    assert_eq!(lines[reply + 4], format!("O plays {o_cell}"));
    assert_eq!(lines[reply + 5], format!("moves: 1,1;{o_cell}"));
}

#[test]
fn every_bad_input_gets_one_line_and_the_game_goes_on() {
    let home = tempfile::tempdir().unwrap();
    let input = "1,x\n3,0\n1,1,1\n1,1\n1,1\nfly away\nsave a/b\nsave @current\nload nowhere\nsave\nundo 2\n0,0\nmoves\n";
    let out = play(
        home.path(),
        &["--game", "tictactoe", "--x", "human", "--o", "human"],
        input,
    );
    assert_eq!(
        errors(&out),
        [
            "error: bad cell \"1,x\": \"x\" is not a coordinate (expected a whole number from 0)",
            "error: cell 3,0 is outside a 3x3 board (x is 0 to 2)",
            "error: cell \"1,1,1\" has 3 coordinates; a 3x3 board needs 2, like 0,1",
            "error: cell 1,1 is already taken by X",
            "error: unknown command \"fly\": type help for the list",
            "error: bad name \"a/b\": '/' is not allowed (use letters, digits, -, _, . and space)",
            "error: bad name \"@current\": names starting with @ are reserved (@current is the game in progress)",
            "error: no record named \"nowhere\"",
            "error: save needs a name: save NAME [--force]",
            "error: undo takes no arguments (got \"2\")",
        ],
        "{out}"
    );
    assert!(out.ends_with("O plays 0,0\nmoves: 1,1;0,0\n"), "{out}");
}

#[test]
fn full_column_and_bad_columns_in_connect_four() {
    let home = tempfile::tempdir().unwrap();
    let input = "1\n1\n1\n1\n1\n1\n1\n0\n8\nx\n2\n";
    let out = play(
        home.path(),
        &["--game", "connect4", "--x", "human", "--o", "human"],
        input,
    );
    assert_eq!(
        errors(&out),
        [
            "error: column 1 is full",
            "error: column 0 does not exist: columns are 1 to 7",
            "error: column 8 does not exist: columns are 1 to 7",
            "error: unknown command \"x\": type help for the list",
        ],
        "{out}"
    );
    assert!(out.ends_with("X plays 2\n"), "{out}");
}

#[test]
fn moves_after_the_end_are_refused_and_new_starts_over() {
    let home = tempfile::tempdir().unwrap();
    let input = "0,0\n1,0\n0,1\n1,1\n0,2\n2,2\nnew qubic\n1,1,1\n";
    let out = play(
        home.path(),
        &["--game", "tictactoe", "--x", "human", "--o", "human"],
        input,
    );
    assert!(
        out.contains(
            "X wins: 0,0 0,1 0,2\nerror: the game is over: type new to play again, or undo\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("new game: Qubic: X human, O human; 0 moves played; X to move\n"),
        "{out}"
    );
}

#[test]
fn save_load_and_resume_across_runs() {
    let home = tempfile::tempdir().unwrap();
    let args = ["--game", "qubic", "--x", "human", "--o", "human"];
    let out = play(
        home.path(),
        &args,
        "1,1,1\n2,2,2\nsave opening\nsave opening\nsave opening --force\n",
    );
    assert_eq!(
        errors(&out),
        ["error: a record named \"opening\" already exists (use --force to replace it)"]
    );
    // No arguments: resume @current.
    let out = play(home.path(), &[], "0,0,0\nmoves\nload opening\nmoves\n");
    assert!(
        out.starts_with("hypertac: resumed the game in progress (2 moves played)\n"),
        "{out}"
    );
    assert!(out.contains("moves: 1,1,1;2,2,2;0,0,0\n"), "{out}");
    assert!(out.ends_with("moves: 1,1,1;2,2,2\n"), "{out}");
}

#[test]
fn computer_against_computer_plays_to_the_end() {
    let home = tempfile::tempdir().unwrap();
    let args = [
        "--game",
        "tictactoe",
        "--x",
        "cpu:random",
        "--o",
        "cpu:seed",
        "--delay-ms",
        "0",
        "--time-ms",
        "200",
    ];
    let out = play(home.path(), &args, "");
    let moves = out.lines().filter(|l| l.contains(" plays ")).count();
    assert!((5..=9).contains(&moves), "{out}");
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("draw") || last.starts_with("X wins: ") || last.starts_with("O wins: "),
        "{out}"
    );
}

#[test]
fn gravity_cells_must_be_landing_cells_and_undo_needs_a_human_move() {
    let home = tempfile::tempdir().unwrap();
    let out = play(
        home.path(),
        &["--game", "connect4", "--o", "human", "--new"],
        "4\n4\n3,0\n3,5\n3,2\nmoves\n",
    );
    // Connect Four takes columns only: a cell is refused, never read from 0.
    assert!(
        out.contains("error: \"3,0\" is not a column: type a column number from 1 to 7 (a move is a column, not a cell)\n"),
        "{out}"
    );
    assert_eq!(errors(&out).len(), 3, "{out}");
    assert!(out.contains("\nmoves: 44\n"), "{out}");
    let out = play(
        home.path(),
        &["--game", "connect4-3d", "--o", "human", "--new"],
        "0,0\n0,0,0\n0,0,2\n",
    );
    assert!(
        out.contains("error: cell 0,0,0 is already taken by X\n"),
        "{out}"
    );
    assert!(out.contains("error: cell 0,0,2 is not playable"), "{out}");
    let out = play(
        home.path(),
        &[
            "--game",
            "tictactoe",
            "--x",
            "cpu:hard",
            "--o",
            "human",
            "--new",
        ],
        "undo\n0,0\nmoves\n",
    );
    // The computer opens in the centre; there is no human move to take back.
    assert!(
        out.contains("X plays 1,1\nerror: nothing to undo\n"),
        "{out}"
    );
    assert!(out.contains("O plays 0,0\n"), "{out}");
}

/// Runs plain mode on raw bytes; returns stdout (asserting exit 0).
fn play_bytes(home: &std::path::Path, args: &[&str], input: &[u8]) -> String {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = common::hypertac(home)
        .args(["play", "--plain"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Written from a thread: the answers may fill the pipe first.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stdout = String::from_utf8(out.stdout).expect("the output is UTF-8");
    assert!(
        out.status.success(),
        "exit {:?}\nstdout:\n{stdout}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn bad_bytes_huge_lines_and_bad_cells_get_an_error_line_and_the_game_goes_on() {
    let home = tempfile::tempdir().unwrap();
    let mut input = b"1,1\n\xff\xfe0,0\n".to_vec();
    input.extend(vec![b'7'; 200_000]);
    input.extend(b"\n");
    input.extend(vec![b'z'; 3000]);
    input.extend(b"\na,b\n-1,0\n1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1\n0,0\r\nmoves\n");
    let out = play_bytes(
        home.path(),
        &["--game", "tictactoe", "--x", "human", "--o", "human"],
        &input,
    );
    let errors = errors(&out);
    assert_eq!(errors.len(), 6, "{out}");
    assert_eq!(
        errors[0],
        "error: line skipped: it is not UTF-8 text (\"\u{fffd}\u{fffd}0,0\")"
    );
    assert!(
        errors[1].starts_with(
            "error: line of 200000 bytes skipped: a command is at most 4096 bytes (it began \"7777"
        ),
        "{}",
        errors[1]
    );
    assert!(
        errors[2].starts_with("error: unknown command \"zzzz"),
        "{}",
        errors[2]
    );
    assert!(
        errors[3].starts_with("error: bad cell \"a,b\""),
        "{}",
        errors[3]
    );
    assert!(
        errors[4].starts_with("error: bad cell \"-1,0\""),
        "{}",
        errors[4]
    );
    for e in &errors {
        assert!(e.chars().count() < 160, "a short error: {e}");
    }
    assert!(out.ends_with("O plays 0,0\nmoves: 1,1;0,0\n"), "{out}");
}

#[test]
fn connect_four_moves_and_help_are_columns_from_1() {
    let home = tempfile::tempdir().unwrap();
    let out = play(
        home.path(),
        &["--game", "connect4", "--x", "human", "--o", "human"],
        "4,0\n-1\nfour\nhelp\nmoves\n",
    );
    assert_eq!(
        errors(&out),
        [
            "error: \"4,0\" is not a column: type a column number from 1 to 7 (a move is a column, not a cell)",
            "error: \"-1\" is not a column: type a column number from 1 to 7",
            "error: unknown command \"four\": type help for the list",
        ],
        "{out}"
    );
    assert!(!out.contains(" plays "), "nothing was played: {out}");
    assert!(
        out.contains("\n  1-7                drop a stone in that column (counted from 1)\n"),
        "{out}"
    );
    assert!(!out.contains("from 0") && !out.contains("x,y"), "{out}");
}

#[test]
fn connect_four_speaks_in_columns() {
    let home = tempfile::tempdir().unwrap();
    let out = play(
        home.path(),
        &["--game", "connect4", "--x", "human", "--o", "human"],
        "4\n5\nundo\n5\nmoves\n3\n3\n2\n2\n1\n",
    );
    let expected = "X plays 4\nO plays 5\ntook back 5; O to move\nO plays 5\nmoves: 45\n\
                    X plays 3\nO plays 3\nX plays 2\nO plays 2\nX plays 1\n\
                    X wins: columns 1-4, row 1\n";
    assert!(out.ends_with(expected), "{out}");
    assert!(!out.contains("3,0"), "no cells in Connect Four: {out}");
}

/// Plain mode's `analyze` says why each losing move loses, one line per
/// reason (the edges of tic-tac-toe after X's centre lose to X's threats).
#[test]
fn analyze_says_why_a_move_loses() {
    let home = tempfile::tempdir().unwrap();
    let out = play(
        home.path(),
        &["--game", "tictactoe", "--x", "human", "--o", "human"],
        "1,1\nanalyze\n",
    );
    let whys: Vec<&str> = out.lines().filter(|l| l.starts_with("why ")).collect();
    let edges = ["1,0", "0,1", "2,1", "1,2"];
    for edge in edges {
        assert!(
            whys.iter()
                .any(|l| l.split(':').next().unwrap().split(' ').any(|m| m == edge)),
            "{edge}: {out}"
        );
    }
    // An edge loses to X's threats; a corner draws, held by X's reply.
    let names = |l: &&&str, m: &str| l.split(':').next().unwrap().split(' ').any(|c| c == m);
    for edge in edges {
        assert!(
            whys.iter()
                .any(|l| names(&l, edge) && l.contains(": X plays ")),
            "{out}"
        );
    }
    for corner in ["0,0", "2,0", "0,2", "2,2"] {
        assert!(
            whys.iter()
                .any(|l| names(&l, corner) && l.contains(": a draw: X replies ")),
            "{corner}: {out}"
        );
    }
    assert!(errors(&out).is_empty(), "{out}");
}

/// Plain mode's `review`: each move's values, the moves that threw away a
/// win or a draw, and why.
#[test]
fn review_names_the_moves_that_threw_away_a_result() {
    let home = tempfile::tempdir().unwrap();
    let out = play(
        home.path(),
        &["--game", "tictactoe", "--x", "human", "--o", "human"],
        "0,0\n0,1\n1,1\n2,2\n2,1\nreview\n",
    );
    assert!(
        out.contains("\n2 O 0,1: draw -> X wins (threw away a draw)\n  why it loses: X plays "),
        "{out}"
    );
    assert!(
        out.contains("\n5 X 2,1: X wins -> draw (threw away a win)\n  X had instead: X plays 1,0"),
        "{out}"
    );
    assert!(
        out.contains("\nreview: 2 move(s) threw away a win or a draw\n"),
        "{out}"
    );
    assert!(errors(&out).is_empty(), "{out}");
}
