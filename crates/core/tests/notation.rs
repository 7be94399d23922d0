//! Notation: round-trips (property tests) and error messages that name the problem.

mod common;

use hypertac_core::notation::{
    format_cell, format_columns, format_move, format_move_list, parse_cell, parse_move,
    parse_move_list, play_columns,
};
use hypertac_core::{Cell, Position, Rules, Shape};
use proptest::prelude::*;

fn shapes() -> impl Strategy<Value = Shape> {
    prop::collection::vec(1u32..12, 1..7).prop_map(|s| Shape::new(&s).unwrap())
}

proptest! {
    #[test]
    fn cells_round_trip(shape in shapes(), seed in any::<u64>()) {
        let cell = Cell(seed % shape.cell_count());
        let text = format_cell(&shape, cell);
        prop_assert_eq!(parse_cell(&shape, &text).unwrap(), cell);
    }

    #[test]
    fn move_lists_round_trip(shape in shapes(), seeds in prop::collection::vec(any::<u64>(), 0..20)) {
        let cells: Vec<Cell> = seeds.iter().map(|s| Cell(s % shape.cell_count())).collect();
        let text = format_move_list(&shape, &cells);
        prop_assert_eq!(parse_move_list(&shape, &text).unwrap(), cells);
    }

    #[test]
    fn column_strings_round_trip(cols in prop::collection::vec(1u32..=7, 0..30)) {
        let text: String = cols.iter().map(|c| char::from_digit(*c, 10).unwrap()).collect();
        // Strings that stay legal replay to the same string; the others fail with a message.
        match play_columns(Rules::preset("connect4").unwrap(), &text) {
            Ok(pos) => prop_assert_eq!(format_columns(&pos).unwrap(), text),
            Err(e) => prop_assert!(e.to_string().starts_with("move "), "{}", e),
        }
    }

    #[test]
    fn gravity_moves_round_trip(preset in 0usize..3, picks in prop::collection::vec(any::<u32>(), 0..40)) {
        // Every legal move, written as the player types it, parses back to
        // the same cell, all along a game.
        let rules = match preset {
            0 => Rules::preset("connect4").unwrap(),
            1 => Rules::preset("connect4-3d").unwrap(),
            _ => Rules::new(Shape::new(&[5, 4, 3]).unwrap(), 3).unwrap().with_gravity(Some(1)).unwrap(),
        };
        let mut pos = Position::new(rules.clone());
        for pick in picks {
            if pos.is_over() {
                break;
            }
            let moves: Vec<Cell> = pos.legal_moves().collect();
            for &m in &moves {
                prop_assert_eq!(parse_move(&pos, &format_move(&rules, m)).unwrap(), m);
            }
            pos.play(moves[pick as usize % moves.len()]);
        }
    }

    #[test]
    fn parsers_never_panic(text in ".{0,40}") {
        let shape = Shape::new(&[4, 4, 4]).unwrap();
        let _ = parse_cell(&shape, &text);
        let _ = parse_move_list(&shape, &text);
        let _ = play_columns(Rules::preset("connect4").unwrap(), &text);
        let pos = Position::new(Rules::preset("connect4-3d").unwrap());
        let _ = parse_move(&pos, &text);
    }
}

fn err_cell(sizes: &[u32], text: &str) -> String {
    parse_cell(&Shape::new(sizes).unwrap(), text)
        .unwrap_err()
        .to_string()
}

#[test]
fn cell_errors_name_the_problem() {
    assert_eq!(
        err_cell(&[3, 3], "4,0"),
        "cell 4,0 is outside a 3x3 board (x is 0 to 2)"
    );
    assert_eq!(
        err_cell(&[3, 3], "0,3"),
        "cell 0,3 is outside a 3x3 board (y is 0 to 2)"
    );
    assert_eq!(
        err_cell(&[3, 3], "1,a"),
        "bad cell \"1,a\": \"a\" is not a coordinate (expected a whole number from 0)"
    );
    assert_eq!(
        err_cell(&[3, 3], "1,-1"),
        "bad cell \"1,-1\": \"-1\" is not a coordinate (expected a whole number from 0)"
    );
    let long = format!("1,{}", "a".repeat(200));
    let e = err_cell(&[3, 3], &long);
    assert_eq!(
        e.matches("\"aaaa").count(),
        1,
        "a long input is quoted once: {e}"
    );
    assert_eq!(
        err_cell(&[4, 4, 4], "1,2"),
        "cell \"1,2\" has 2 coordinates; a 4x4x4 board needs 3, like 0,1,2"
    );
    assert_eq!(
        err_cell(&[3, 3], ""),
        "empty cell: expected 2 coordinates like 0,1"
    );
    let list = parse_move_list(&Shape::new(&[3, 3]).unwrap(), "1,1;2,2;3,3")
        .unwrap_err()
        .to_string();
    assert_eq!(
        list,
        "move 3 of the list: cell 3,3 is outside a 3x3 board (x is 0 to 2)"
    );
}

#[test]
fn gravity_moves_by_column() {
    let mut pos = Position::new(Rules::preset("connect4").unwrap());
    let c = parse_move(&pos, "4").unwrap();
    assert_eq!(format_cell(pos.rules().shape(), c), "3,0");
    pos.play(c);
    assert_eq!(
        format_cell(pos.rules().shape(), parse_move(&pos, "4").unwrap()),
        "3,1"
    );
    assert_eq!(
        format_cell(pos.rules().shape(), parse_move(&pos, "3,1").unwrap()),
        "3,1"
    );
    assert_eq!(
        parse_move(&pos, "8").unwrap_err().to_string(),
        "column 8 does not exist: columns are 1 to 7"
    );
    assert_eq!(
        parse_move(&pos, "0").unwrap_err().to_string(),
        "column 0 does not exist: columns are 1 to 7"
    );
    for _ in 0..5 {
        let c = parse_move(&pos, "4").unwrap();
        pos.play(c);
    }
    assert_eq!(
        parse_move(&pos, "4").unwrap_err().to_string(),
        "column 4 is full"
    );
    // 3D gravity on the last axis: columns are x,y from 0.
    let pos3 = Position::new(Rules::preset("connect4-3d").unwrap());
    assert_eq!(
        format_cell(pos3.rules().shape(), parse_move(&pos3, "1,2").unwrap()),
        "1,2,0"
    );
    assert!(parse_move(&pos3, "1,4")
        .unwrap_err()
        .to_string()
        .contains("outside"));
}

#[test]
fn column_string_errors() {
    let c4 = || Rules::preset("connect4").unwrap();
    assert_eq!(
        play_columns(c4(), "448").unwrap_err().to_string(),
        "move 3 ('8') of \"448\": expected a column from 1 to 7"
    );
    assert_eq!(
        play_columns(c4(), "4444444").unwrap_err().to_string(),
        "move 7 of \"4444444\": column 4 is full"
    );
    assert_eq!(
        play_columns(c4(), "12121212").unwrap_err().to_string(),
        "move 8 of \"12121212\": the game is over"
    );
    assert!(play_columns(Rules::preset("qubic").unwrap(), "1").is_err());
}
