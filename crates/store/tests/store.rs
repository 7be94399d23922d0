//! Record store: round trips, names, overwrite protection, corrupt files.

use hypertac_core::record::{Players, Record};
use hypertac_core::{Cell, Position, Rules};
use hypertac_store::{Store, StoreError, CURRENT};

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
