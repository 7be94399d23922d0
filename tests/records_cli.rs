//! `hypertac records`: listing, export formats, import validation, bad store files.

mod common;

use common::{play, records};

fn c4_game(home: &std::path::Path) {
    let out = play(
        home,
        &["--game", "connect4", "--x", "human", "--o", "human"],
        "4\n4\n3\n5\nsave c4 game\n",
    );
    assert!(out.contains("saved as \"c4 game\""), "{out}");
}

#[test]
fn list_show_export_rename_delete() {
    let home = tempfile::tempdir().unwrap();
    c4_game(home.path());
    let (ok, out, _) = records(home.path(), &["list"]);
    assert!(ok);
    assert!(out.contains("c4 game "), "{out}");
    assert!(out.contains("@current"), "{out}");
    assert!(out.contains("7x6 k4 gravity 1"), "{out}");
    let (ok, out, _) = records(home.path(), &["show", "c4 game"]);
    assert!(ok);
    assert!(out.contains("moves (4): 3,0;3,1;2,0;4,0\n"), "{out}");
    assert!(out.contains(". . X X O . .\n"), "{out}");
    assert_eq!(
        records(home.path(), &["export", "c4 game", "--format", "pons"]).1,
        "4435\n"
    );
    assert_eq!(
        records(home.path(), &["export", "c4 game", "--format", "moves"]).1,
        "3,0;3,1;2,0;4,0\n"
    );
    let (ok, json, _) = records(home.path(), &["export", "c4 game"]);
    assert!(
        ok && json.contains("\"format\": \"hypertac-record\""),
        "{json}"
    );
    let (ok, _, err) = records(home.path(), &["export", "c4 game", "--format", "pgn"]);
    assert!(
        !ok && err.contains("unknown export format \"pgn\""),
        "{err}"
    );
    let (ok, _, err) = records(home.path(), &["rename", "c4 game", "@x"]);
    assert!(!ok && err.contains("reserved"), "{err}");
    assert!(records(home.path(), &["rename", "c4 game", "kept"]).0);
    assert!(records(home.path(), &["delete", "kept"]).0);
    let (ok, _, err) = records(home.path(), &["delete", "kept"]);
    assert!(!ok && err.contains("no record named \"kept\""), "{err}");
}

#[test]
fn pons_is_refused_for_other_games() {
    let home = tempfile::tempdir().unwrap();
    play(
        home.path(),
        &["--game", "tictactoe", "--x", "human", "--o", "human"],
        "1,1\n",
    );
    let (ok, _, err) = records(home.path(), &["export", "@current", "--format", "pons"]);
    assert!(!ok);
    assert!(
        err.contains(
            "the pons format is for Connect Four (7x6 with gravity on y); this game is 3x3 k3"
        ),
        "{err}"
    );
}

#[test]
fn export_import_round_trip() {
    let home = tempfile::tempdir().unwrap();
    c4_game(home.path());
    let file = home.path().join("out.json");
    assert!(
        records(
            home.path(),
            &["export", "c4 game", "--output", file.to_str().unwrap()]
        )
        .0
    );
    let before = std::fs::read_to_string(&file).unwrap();
    let (ok, _, err) = records(
        home.path(),
        &[
            "export",
            "c4 game",
            "--format",
            "moves",
            "--output",
            file.to_str().unwrap(),
        ],
    );
    assert!(!ok && err.contains("--force"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        before,
        "the file is kept"
    );
    let (ok, out, err) = records(home.path(), &["import", file.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(out, "imported \"out\": 4 moves, ongoing\n");
    let (ok, _, err) = records(home.path(), &["import", file.to_str().unwrap()]);
    assert!(!ok && err.contains("already exists"), "{err}");
    assert!(records(home.path(), &["import", file.to_str().unwrap(), "--force"]).0);
    assert_eq!(
        records(home.path(), &["export", "out", "--format", "pons"]).1,
        "4435\n"
    );
}

#[test]
fn truncated_and_tampered_imports_leave_the_store_unchanged() {
    let home = tempfile::tempdir().unwrap();
    c4_game(home.path());
    let (_, json, _) = records(home.path(), &["export", "c4 game"]);
    let before = records(home.path(), &["list"]).1;
    let cases = [
        (
            "truncated",
            json[..json.len() / 2].to_string(),
            "not a hypertac record",
        ),
        (
            "tampered",
            json.replacen("\"3,1\"", "\"3,0\"", 1),
            "move 2 (3,0) is illegal: cell 3,0 is already taken by X",
        ),
        (
            "floating",
            json.replacen("\"4,0\"", "\"4,3\"", 1),
            "move 4 (4,3) is illegal",
        ),
        (
            "result",
            json.replacen("\"ongoing\"", "\"X wins\"", 1),
            "record says the result is \"X wins\"",
        ),
        (
            "foreign",
            "{\"hello\": 1}".to_string(),
            "not a hypertac record",
        ),
    ];
    for (name, text, message) in cases {
        let file = home.path().join(format!("{name}.json"));
        std::fs::write(&file, text).unwrap();
        let (ok, _, err) = records(home.path(), &["import", file.to_str().unwrap()]);
        assert!(!ok, "{name} accepted");
        assert!(err.contains(message), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    assert_eq!(records(home.path(), &["list"]).1, before);
}

#[test]
fn a_corrupt_store_file_is_reported_and_kept() {
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("records.sqlite3");
    let junk = "not sqlite at all\n".repeat(300);
    std::fs::write(&db, &junk).unwrap();
    let (ok, _, err) = records(home.path(), &["list"]);
    assert!(!ok);
    assert!(
        err.contains("not a hypertac record store or is damaged; it was left untouched"),
        "{err}"
    );
    let out = common::run_with_input(home.path(), &["play", "--plain"], "1,1,1,1\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("left untouched"));
    assert_eq!(std::fs::read_to_string(&db).unwrap(), junk);
}

#[test]
fn a_replaced_game_in_progress_is_kept_under_a_dated_name() {
    let home = tempfile::tempdir().unwrap();
    play(
        home.path(),
        &["--game", "tictactoe", "--x", "human", "--o", "human"],
        "1,1\n0,0\nnew\n2,2\n",
    );
    let (_, list, _) = records(home.path(), &["list"]);
    let archived: Vec<&str> = list.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(archived.len(), 1, "{list}");
    assert!(archived[0].contains("human vs human"), "{list}");
    let name = &archived[0][..archived[0].find("  ").unwrap()];
    let (ok, moves, _) = records(home.path(), &["export", name, "--format", "moves"]);
    assert!(ok);
    assert_eq!(moves, "1,1;0,0\n");
    assert_eq!(
        records(home.path(), &["export", "@current", "--format", "moves"]).1,
        "2,2\n"
    );
}
