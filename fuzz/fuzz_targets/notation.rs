//! Cells, moves and move lists on a few shapes: never panics, a parsed cell
//! prints back to text that parses to the same cell, errors stay short.
#![no_main]
use hypertac_core::{notation, Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for game in ["tictactoe", "connect4", "connect4-3d", "4d", "nd 10 10"] {
        let rules = Rules::preset(game).unwrap();
        let shape = rules.shape();
        match notation::parse_cell(shape, text) {
            Ok(c) => {
                let back = notation::format_cell(shape, c);
                assert_eq!(notation::parse_cell(shape, &back).unwrap(), c);
            }
            Err(e) => assert!(e.to_string().len() < 1200),
        }
        if let Err(e) = notation::parse_move_list(shape, text) {
            assert!(e.to_string().len() < 1200);
        }
        let pos = Position::new(rules.clone());
        if let Err(e) = notation::parse_move(&pos, text) {
            assert!(e.to_string().len() < 1200);
        }
    }
});
