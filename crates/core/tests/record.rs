//! Records: round-trip, and refusal of corrupt, foreign or tampered files.

use hypertac_core::record::{Players, Record};
use hypertac_core::{notation, Position, Rules};

fn sample() -> (Position, String) {
    let pos = notation::play_columns(Rules::preset("connect4").unwrap(), "4455667").unwrap();
    let players = Players {
        x: "human".into(),
        o: "cpu:hard".into(),
    };
    let times: Vec<i64> = (0..7).map(|i| 1_700_000_000_000 + i * 1000).collect();
    let json = Record::of(&pos, players, &times, 1_700_000_000_000, 1_700_000_006_000).to_json();
    (pos, json)
}

#[test]
fn round_trip_keeps_moves_result_and_times() {
    let (pos, json) = sample();
    let record = Record::from_json(&json).unwrap();
    assert_eq!(record.result, "X wins");
    assert_eq!(record.moves[6].at_ms, Some(1_700_000_006_000));
    let back = record.replay().unwrap();
    assert_eq!(back.moves(), pos.moves());
    assert_eq!(back.outcome(), pos.outcome());
    assert_eq!(Record::from_json(&record.to_json()).unwrap(), record);
}

#[test]
fn truncated_and_foreign_files_are_refused() {
    let (_, json) = sample();
    let truncated = &json[..json.len() / 2];
    assert!(Record::from_json(truncated)
        .unwrap_err()
        .to_string()
        .starts_with("not a hypertac record"));
    assert!(Record::from_json("{\"hello\": 1}").is_err());
    assert!(Record::from_json("").is_err());
    let foreign = json.replace("hypertac-record", "other-format");
    assert!(Record::from_json(&foreign)
        .unwrap_err()
        .to_string()
        .contains("\"other-format\""));
    let future = json.replace("\"version\": 1", "\"version\": 9");
    assert!(Record::from_json(&future)
        .unwrap_err()
        .to_string()
        .contains("version 9"));
}

#[test]
fn tampered_records_do_not_replay() {
    let (_, json) = sample();
    // A move moved onto an occupied cell.
    let occupied = json.replacen("\"4,0\"", "\"3,0\"", 1);
    let err = Record::from_json(&occupied)
        .unwrap()
        .replay()
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("move 3 (3,0) is illegal"), "{err}");
    // A floating stone.
    let floating = json.replacen("\"3,0\"", "\"3,3\"", 1);
    assert!(Record::from_json(&floating).unwrap().replay().is_err());
    // A result that the moves do not give.
    let lie = json.replace("\"X wins\"", "\"O wins\"");
    let err = Record::from_json(&lie)
        .unwrap()
        .replay()
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "record says the result is \"O wins\" but its moves give \"X wins\""
    );
    // Impossible rules.
    let rules = json.replace("\"k\": 4", "\"k\": 40");
    assert!(Record::from_json(&rules)
        .unwrap()
        .replay()
        .unwrap_err()
        .to_string()
        .starts_with("bad rules"));
}
