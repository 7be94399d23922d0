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
    assert!(out.contains("  Connect Four  "), "{out}");
    let (ok, out, _) = records(home.path(), &["show", "c4 game"]);
    assert!(ok);
    assert!(out.contains("game: Connect Four\n"), "{out}");
    assert!(out.contains("moves (4): 4435\n"), "{out}");
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
    let (_, list, _) = records(home.path(), &["list", "--all"]);
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

/// Sets `@current`'s stored JSON to `json` behind hypertac's back.
fn damage_current(home: &std::path::Path, json: &str) {
    let conn = rusqlite::Connection::open(home.join("records.sqlite3")).unwrap();
    let n = conn
        .execute(
            "UPDATE records SET record = ?1 WHERE name = '@current'",
            [json],
        )
        .unwrap();
    assert_eq!(n, 1);
}

#[test]
fn play_sets_a_damaged_game_in_progress_aside_and_starts() {
    for bad in [
        "{broken",
        "{\"format\": \"hypertac-record\", \"version\": 1}",
    ] {
        let home = tempfile::tempdir().unwrap();
        play(
            home.path(),
            &["--game", "tictactoe", "--x", "human", "--o", "human"],
            "1,1\n",
        );
        damage_current(home.path(), bad);
        let out = common::run_with_input(home.path(), &["play", "--plain"], "quit\n");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.status.success(), "{text}");
        assert!(
            text.contains("the saved game in progress was damaged")
                && text.contains("it was kept as \"damaged "),
            "{text}"
        );
        let (ok, list, _) = records(home.path(), &["list"]);
        assert!(ok && list.contains("@current"), "{list}");
        let kept = list.lines().find(|l| l.starts_with("damaged ")).unwrap();
        let name = &kept[..kept.find("  ").unwrap()];
        let conn = rusqlite::Connection::open(home.path().join("records.sqlite3")).unwrap();
        let stored: String = conn
            .query_row("SELECT record FROM records WHERE name = ?1", [name], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(stored, bad, "the damaged game is kept byte for byte");
        // And the next start resumes the new game without a word about damage.
        let out = common::run_with_input(home.path(), &["play", "--plain"], "quit\n");
        assert!(out.status.success());
        assert!(!String::from_utf8_lossy(&out.stdout).contains("damaged"));
    }
}

/// Fills a store with games and overwrites its last page with junk.
fn store_with_a_damaged_last_page(home: &std::path::Path) -> Vec<u8> {
    for i in 0..30 {
        play(
            home,
            &[
                "--game",
                "tictactoe",
                "--x",
                "human",
                "--o",
                "human",
                "--new",
            ],
            &format!("1,1\nsave g{i}\n"),
        );
    }
    let db = home.join("records.sqlite3");
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .unwrap();
    }
    let mut bytes = std::fs::read(&db).unwrap();
    let n = bytes.len();
    assert!(n >= 8192, "{n}");
    bytes[n - 4096..].fill(0xAB);
    std::fs::write(&db, &bytes).unwrap();
    bytes
}

#[test]
fn a_damaged_page_gives_one_message_naming_the_file_from_every_command() {
    let home = tempfile::tempdir().unwrap();
    let bytes = store_with_a_damaged_last_page(home.path());
    let db = home.path().join("records.sqlite3");
    let expected = format!("the record store {} is damaged", db.display());
    let (ok, _, err) = records(home.path(), &["list"]);
    assert!(!ok && err.contains(&expected), "{err}");
    assert!(
        err.contains("left untouched") && err.lines().count() == 1,
        "{err}"
    );
    let (ok, _, err) = records(home.path(), &["show", "@current"]);
    assert!(!ok && err.contains(&expected), "{err}");
    let out = common::run_with_input(home.path(), &["play", "--plain"], "quit\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&expected), "{stderr}");
    assert_eq!(std::fs::read(&db).unwrap(), bytes, "the file is untouched");
}

#[test]
fn reads_work_on_a_read_only_store() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let home = tempfile::tempdir().unwrap();
    c4_game(home.path());
    let db = home.path().join("records.sqlite3");
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .unwrap();
    }
    for entry in std::fs::read_dir(home.path()).unwrap() {
        let path = entry.unwrap().path();
        if path != db {
            std::fs::remove_file(path).unwrap();
        }
    }
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::set_permissions(home.path(), std::fs::Permissions::from_mode(0o555)).unwrap();
    let before = std::fs::read(&db).unwrap();
    // As root permissions do not bind: run as nobody then.
    let run = |args: &[&str]| {
        let mut cmd = common::hypertac(home.path());
        cmd.args(args);
        if unsafe { libc::geteuid() } == 0 {
            cmd.uid(65534).gid(65534);
        }
        let out = cmd.output().unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (ok, out, err) = run(&["records", "list"]);
    assert!(ok && out.contains("c4 game"), "{out}{err}");
    let (ok, out, err) = run(&["records", "export", "c4 game", "--format", "pons"]);
    assert!(ok && out == "4435\n", "{out}{err}");
    let (ok, _, err) = run(&["records", "delete", "c4 game"]);
    assert!(!ok && err.contains("is read-only"), "{err}");
    std::fs::set_permissions(home.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(std::fs::read(&db).unwrap(), before);
}

/// Peak resident memory of the finished child processes, in KiB.
fn children_peak_kib() -> i64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    assert_eq!(
        unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) },
        0
    );
    usage.ru_maxrss
}

#[test]
fn a_small_record_of_a_huge_board_costs_little() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join("huge.json");
    let json = r#"{"format":"hypertac-record","version":1,"rules":{"shape":[7,514012],"k":2,"gravity":null,"rule":"first","wrap":false},"players":{"x":"human","o":"human"},"moves":[{"cell":"3,3"},{"cell":"6,514011"}],"result":"ongoing","created_ms":0,"updated_ms":0}"#;
    std::fs::write(&file, json).unwrap();
    let (ok, out, err) = records(
        home.path(),
        &["import", file.to_str().unwrap(), "--name", "huge"],
    );
    assert!(ok, "{out}{err}");
    // Before the fix the import built a dense board: 938 MB.
    let peak = children_peak_kib();
    assert!(peak < 200 * 1024, "a child process peaked at {peak} KiB");
}

#[test]
fn an_oversized_record_file_is_refused_unread() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join("big.json");
    std::fs::write(&file, " ".repeat(9 << 20)).unwrap();
    let (ok, _, err) = records(home.path(), &["import", file.to_str().unwrap()]);
    assert!(
        !ok && err.contains("a record has at most 8388608 bytes"),
        "{err}"
    );
}

/// Starting another preset keeps the game in progress and says so; the list
/// counts such games instead of filling with them.
#[test]
fn a_game_replaced_by_a_new_one_is_kept_with_a_word_and_folded_in_the_list() {
    let home = tempfile::tempdir().unwrap();
    c4_game(home.path());
    let out = play(home.path(), &["--game", "tictactoe"], "1,1\n");
    let kept = out
        .lines()
        .find(|l| l.contains("your previous game was kept as \"game "))
        .unwrap_or_else(|| panic!("no word about the kept game: {out}"));
    assert!(kept.contains("(load game "), "{kept}");
    let out = play(
        home.path(),
        &["--x", "human", "--o", "human"],
        "new qubic\n",
    );
    assert!(
        out.contains("\nyour previous game was kept as \"game "),
        "{out}"
    );
    let (ok, out, _) = records(home.path(), &["list"]);
    assert!(ok);
    assert!(out.contains("c4 game "), "{out}");
    assert!(!out.contains("\ngame 20"), "{out}");
    assert!(
        out.ends_with(
            "and 2 games kept automatically when a new game replaced them (records list --all)\n"
        ),
        "{out}"
    );
    let (ok, out, _) = records(home.path(), &["list", "--all"]);
    assert!(ok);
    assert_eq!(out.matches("\ngame 20").count(), 2, "{out}");
    assert!(!out.contains("kept automatically"), "{out}");
}
