//! Record store: round trips, names, overwrite protection, corrupt files.

use hypertac_core::record::{Players, Record};
use hypertac_core::{Cell, Position, Rules};
use hypertac_store::{Store, StoreError, CURRENT, KEEP_UNFINISHED};

fn record(moves: &[u64]) -> Record {
    let mut pos = Position::new(Rules::preset("tictactoe").unwrap());
    for &m in moves {
        pos.play(Cell(m));
    }
    let players = Players {
        x: "human".into(),
        o: "cpu:hard".into(),
    };
    Record::of(&pos, players, &[], 1000, 2000 + moves.len() as i64)
}

fn temp_store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("records.sqlite3")).unwrap();
    (dir, store)
}

#[test]
fn current_round_trip_and_listing() {
    let (_dir, mut store) = temp_store();
    assert!(store.current().unwrap().is_none());
    store.save_current(&record(&[4])).unwrap();
    store.save_current(&record(&[4, 0])).unwrap();
    let back = store.current().unwrap().unwrap();
    assert_eq!(back.moves.len(), 2);
    store.put("first game", &record(&[4, 0, 8]), false).unwrap();
    let list = store.list().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0].name, "first game");
    assert_eq!(list[0].moves, 3);
    assert_eq!(list[0].rules, "3x3 k3");
    assert_eq!(list[0].players, "human vs cpu:hard");
    assert_eq!(list[1].name, CURRENT);
    assert_eq!(list[1].result, "ongoing");
}

#[test]
fn overwrite_needs_force_and_rename_works() {
    let (_dir, mut store) = temp_store();
    store.put("a", &record(&[4]), false).unwrap();
    assert!(matches!(
        store.put("a", &record(&[4, 0]), false),
        Err(StoreError::Exists(_))
    ));
    assert_eq!(store.get("a").unwrap().moves.len(), 1);
    store.put("a", &record(&[4, 0]), true).unwrap();
    assert_eq!(store.get("a").unwrap().moves.len(), 2);
    store.put("b", &record(&[1]), false).unwrap();
    assert!(matches!(
        store.rename("a", "b", false),
        Err(StoreError::Exists(_))
    ));
    store.rename("a", "c", false).unwrap();
    assert!(matches!(store.get("a"), Err(StoreError::NotFound(_))));
    assert_eq!(store.get("c").unwrap().moves.len(), 2);
    store.delete("c").unwrap();
    assert!(matches!(store.delete("c"), Err(StoreError::NotFound(_))));
}

#[test]
fn bad_names_and_bad_records_are_refused() {
    let (_dir, mut store) = temp_store();
    for name in ["", "@current", "a/b", " x", &"n".repeat(65)] {
        assert!(
            matches!(
                store.put(name, &record(&[]), false),
                Err(StoreError::BadName(_))
            ),
            "{name:?}"
        );
    }
    let mut bad = record(&[4, 0]);
    bad.moves[1].cell = "1,1".into();
    let err = store.put("bad", &bad, false).unwrap_err();
    assert!(err.to_string().contains("move 2"), "{err}");
    assert!(store.list().unwrap().is_empty());
}

#[test]
fn a_file_that_is_not_a_store_is_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("records.sqlite3");
    let junk = b"this is not a database, just some text that happens to be here\n".repeat(100);
    std::fs::write(&path, &junk).unwrap();
    let err = Store::open(&path).err().expect("junk refused");
    assert!(
        err.to_string().contains("not a hypertac record store"),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), junk);
}

#[test]
fn schema_version_is_set_and_reopening_keeps_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deep/folder/records.sqlite3");
    {
        let mut store = Store::open(&path).unwrap();
        store.put("kept", &record(&[4]), false).unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(store.get("kept").unwrap().moves.len(), 1);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let v: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(v, 1);
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
}

#[test]
fn archiving_keeps_a_played_game_under_a_dated_name() {
    let (_dir, mut store) = temp_store();
    store.save_current(&record(&[])).unwrap();
    assert_eq!(store.archive_current().unwrap(), None);
    store.save_current(&record(&[4, 0])).unwrap();
    assert_eq!(
        store.archive_current().unwrap().as_deref(),
        Some("game 1970-01-01 00.00")
    );
    assert!(store.current().unwrap().is_none());
    store.save_current(&record(&[4])).unwrap();
    assert_eq!(
        store.archive_current().unwrap().as_deref(),
        Some("game 1970-01-01 00.00-2")
    );
    assert_eq!(store.get("game 1970-01-01 00.00").unwrap().moves.len(), 2);
}

#[test]
fn a_stale_connection_cannot_overwrite_the_game_in_progress() {
    let (dir, mut a) = temp_store();
    let mut b = Store::open(&dir.path().join("records.sqlite3")).unwrap();
    a.save_current(&record(&[4])).unwrap();
    assert_eq!(b.current().unwrap().unwrap().moves.len(), 1);
    // b plays on; a, which has not read b's move, must not overwrite it.
    b.save_current(&record(&[4, 0])).unwrap();
    assert!(matches!(
        a.save_current(&record(&[4, 8])),
        Err(StoreError::Changed)
    ));
    assert_eq!(
        a.current().unwrap().unwrap().moves.len(),
        2,
        "b's move is kept"
    );
    // Having read it, a may write again; now b is the stale one.
    a.save_current(&record(&[4, 0, 8])).unwrap();
    assert!(matches!(
        b.save_current(&record(&[4, 0, 2])),
        Err(StoreError::Changed)
    ));
    // A connection that archived or cleared the game expects no game in progress.
    b.current().unwrap();
    b.clear_current().unwrap();
    a.save_current(&record(&[1])).unwrap_err();
    a.current().unwrap();
    a.save_current(&record(&[1])).unwrap();
    assert!(matches!(
        b.save_current(&record(&[2])),
        Err(StoreError::Changed)
    ));
}

/// A tic-tac-toe game of `moves` (cells), started and last played at
/// `time` ms, finished when the moves end it.
fn dated(moves: &[u64], time: i64) -> Record {
    let mut pos = Position::new(Rules::preset("tictactoe").unwrap());
    for &m in moves {
        pos.play(Cell(m));
    }
    let players = Players {
        x: "human".into(),
        o: "human".into(),
    };
    Record::of(&pos, players, &[], time, time)
}

#[test]
fn new_games_keep_every_finished_game_and_the_last_unfinished_ones() {
    let (_dir, mut store) = temp_store();
    assert_eq!(store.list().unwrap().len(), 0);
    // A finished game (X's top row), then five unfinished ones.
    store.save_current(&dated(&[0, 3, 1, 4, 2], 1_000)).unwrap();
    store.archive_current().unwrap().unwrap();
    for i in 0..5 {
        store
            .save_current(&dated(&[i], 60_000 * (i as i64 + 2)))
            .unwrap();
        assert!(store.archive_current().unwrap().is_some());
    }
    let names: Vec<String> = store.list().unwrap().into_iter().map(|s| s.name).collect();
    assert_eq!(names.len(), 1 + KEEP_UNFINISHED, "{names:?}");
    assert!(
        names.contains(&"game 1970-01-01 00.00".to_string()),
        "{names:?}"
    );
    // The three most recent unfinished games stay; the two oldest went.
    for kept in ["00.04", "00.05", "00.06"] {
        assert!(
            names.contains(&format!("game 1970-01-01 {kept}")),
            "{names:?}"
        );
    }
    // A game saved under one's own name is never dropped.
    store.put("mine", &dated(&[3], 0), false).unwrap();
    store.save_current(&dated(&[2], 60_000 * 9)).unwrap();
    store.archive_current().unwrap();
    assert!(store.get("mine").is_ok());
    // Keep all: nothing is dropped.
    store.set_keep_unfinished(None);
    let before = store.list().unwrap().len();
    store.save_current(&dated(&[5], 60_000 * 10)).unwrap();
    store.archive_current().unwrap();
    assert_eq!(store.list().unwrap().len(), before + 1);
    // Keep none: the game is not kept, and says so.
    store.set_keep_unfinished(Some(0));
    store.save_current(&dated(&[6], 60_000 * 11)).unwrap();
    assert_eq!(store.archive_current().unwrap(), None);
    assert!(store
        .list()
        .unwrap()
        .iter()
        .all(|s| s.result != "ongoing" || s.name == "mine"));
}

#[test]
fn the_keep_setting_is_a_number_or_all() {
    assert_eq!(hypertac_store::parse_keep_unfinished("all").unwrap(), None);
    assert_eq!(
        hypertac_store::parse_keep_unfinished(" 5 ").unwrap(),
        Some(5)
    );
    let e = hypertac_store::parse_keep_unfinished("lots").unwrap_err();
    assert!(e.to_string().contains("HYPERTAC_KEEP_UNFINISHED"), "{e}");
}
