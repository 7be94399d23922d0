//! Wins, draws and line counts on hand-made positions; gravity move counts.

mod common;

use common::cell;
use hypertac_core::reference::NaiveGame;
use hypertac_core::{Cell, Outcome, PlayError, Player, Position, Rules, Shape, WinRule};

/// Plays X's and O's cells alternately (X first).
fn play_alternating(rules: Rules, x: &[&str], o: &[&str]) -> Position {
    let mut pos = Position::new(rules);
    for i in 0..x.len().max(o.len()) {
        for side in [x, o] {
            if let Some(text) = side.get(i) {
                let c = cell(&pos, text);
                pos.try_play(c).unwrap_or_else(|e| panic!("{text}: {e}"));
            }
        }
    }
    pos
}

fn winning_cells(pos: &Position) -> Vec<Vec<String>> {
    let shape = pos.rules().shape();
    match pos.outcome() {
        Outcome::Win { lines, .. } => lines
            .iter()
            .map(|l| {
                l.cells()
                    .iter()
                    .map(|&c| hypertac_core::notation::format_cell(shape, c))
                    .collect()
            })
            .collect(),
        other => panic!("expected a win, got {other:?}"),
    }
}

#[test]
fn tictactoe_diagonal_win() {
    let pos = play_alternating(
        Rules::preset("tictactoe").unwrap(),
        &["0,0", "1,1", "2,2"],
        &["1,0", "2,0"],
    );
    assert_eq!(pos.outcome().winner(), Some(Player::X));
    assert_eq!(winning_cells(&pos), vec![vec!["0,0", "1,1", "2,2"]]);
}

#[test]
fn tictactoe_draw() {
    // X O X / X O O / O X X
    let pos = play_alternating(
        Rules::preset("tictactoe").unwrap(),
        &["0,0", "2,0", "0,1", "1,2", "2,2"],
        &["1,0", "1,1", "2,1", "0,2"],
    );
    assert_eq!(pos.outcome(), &Outcome::Draw);
    assert_eq!(pos.legal_move_count(), 0);
}

#[test]
fn double_line_win_reports_both_lines() {
    // X completes a row and a column with its last stone at 0,0.
    let pos = play_alternating(
        Rules::preset("tictactoe").unwrap(),
        &["1,0", "0,1", "2,0", "0,2", "0,0"],
        &["1,1", "2,1", "1,2", "2,2"],
    );
    assert_eq!(pos.outcome().winner(), Some(Player::X));
    assert_eq!(winning_cells(&pos).len(), 2);
}

#[test]
fn qubic_space_diagonal_win() {
    let pos = play_alternating(
        Rules::preset("qubic").unwrap(),
        &["0,3,0", "1,2,1", "2,1,2", "3,0,3"],
        &["0,0,0", "1,0,0", "2,0,0"],
    );
    assert_eq!(
        winning_cells(&pos),
        vec![vec!["0,3,0", "1,2,1", "2,1,2", "3,0,3"]]
    );
}

#[test]
fn four_d_diagonal_win() {
    let pos = play_alternating(
        Rules::preset("4d").unwrap(),
        &["0,0,3,0", "1,1,2,1", "2,2,1,2", "3,3,0,3"],
        &["0,0,0,0", "1,0,0,0", "2,0,0,0"],
    );
    assert_eq!(pos.outcome().winner(), Some(Player::X));
    assert_eq!(
        winning_cells(&pos),
        vec![vec!["0,0,3,0", "1,1,2,1", "2,2,1,2", "3,3,0,3"]]
    );
}

#[test]
fn second_player_wins_in_4d() {
    let pos = play_alternating(
        Rules::preset("4d").unwrap(),
        &["0,0,0,0", "1,0,0,0", "2,0,0,0", "0,1,0,0"],
        &["3,3,3,0", "3,3,3,1", "3,3,3,2", "3,3,3,3"],
    );
    assert_eq!(pos.outcome().winner(), Some(Player::O));
}

#[test]
fn no_move_after_the_game_ends() {
    let mut pos = play_alternating(
        Rules::preset("tictactoe").unwrap(),
        &["0,0", "1,1", "2,2"],
        &["1,0", "2,0"],
    );
    assert_eq!(pos.try_play(Cell(1 + 3 * 2)), Err(PlayError::GameOver));
    assert_eq!(pos.legal_moves().count(), 0);
}

#[test]
fn occupied_cells_are_refused_and_the_position_is_unchanged() {
    let mut pos = play_alternating(Rules::preset("tictactoe").unwrap(), &["1,1"], &[]);
    let hash = pos.hash();
    let err = pos.try_play(cell(&pos, "1,1")).unwrap_err();
    assert_eq!(err.to_string(), "cell 1,1 is already taken by X");
    assert_eq!(pos.moves().len(), 1);
    assert_eq!(pos.hash(), hash);
    assert!(matches!(
        pos.try_play(Cell(9)),
        Err(PlayError::OffBoard { index: 9 })
    ));
}

#[test]
fn connect_four_vertical_win_and_gravity() {
    let rules = Rules::preset("connect4").unwrap();
    let mut pos = Position::new(rules);
    // A floating cell is refused with the landing cell named.
    let err = pos.try_play(cell(&pos, "3,2")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cell 3,2 is not playable: stones fall, so that column's next cell is 3,0"
    );
    for text in ["3,0", "4,0", "3,1", "4,1", "3,2", "4,2", "3,3"] {
        let c = cell(&pos, text);
        pos.try_play(c).unwrap();
    }
    assert_eq!(winning_cells(&pos), vec![vec!["3,0", "3,1", "3,2", "3,3"]]);
}

#[test]
fn gravity_legal_move_counts() {
    let rules = Rules::preset("connect4").unwrap();
    let mut pos = Position::new(rules);
    assert_eq!(pos.legal_move_count(), 7);
    // Fill column 1 (x = 0) with alternating stones: no four in a row there.
    for _ in 0..6 {
        let c = pos.landing(Cell(0)).unwrap();
        pos.play(c);
    }
    assert_eq!(pos.landing(Cell(0)), None);
    assert_eq!(pos.legal_move_count(), 6);
    assert_eq!(pos.legal_moves().count(), 6);
    let rules3 = Rules::preset("connect4-3d").unwrap();
    let pos3 = Position::new(rules3);
    assert_eq!(pos3.legal_move_count(), 16);
    assert!(pos3
        .legal_moves()
        .all(|c| pos3.rules().shape().coord(c, 2) == 0));
}

/// Move sequences of exactly `depth` plies (a game that ends earlier counts 0).
fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.is_over() {
        return 0;
    }
    let moves: Vec<Cell> = pos.legal_moves().collect();
    let mut total = 0;
    for m in moves {
        pos.play_unchecked(m);
        total += perft(pos, depth - 1);
        pos.undo();
    }
    total
}

/// The same count with a board scan for legal moves and outcomes.
fn naive_perft(rules: &Rules, moves: &mut Vec<Cell>, depth: u32) -> u64 {
    let mut game = NaiveGame::new(rules.clone());
    for &m in moves.iter() {
        game.play(m);
    }
    if depth == 0 {
        return 1;
    }
    if game.outcome().is_over() {
        return 0;
    }
    let shape = rules.shape();
    let g = rules.gravity().unwrap();
    let mut total = 0;
    for i in 0..shape.cell_count() {
        let c = Cell(i);
        let mut coords = shape.coords(c);
        let empty = !moves.contains(&c);
        let supported = coords[g] == 0 || {
            coords[g] -= 1;
            moves.contains(&shape.cell(&coords).unwrap())
        };
        if empty && supported {
            moves.push(c);
            total += naive_perft(rules, moves, depth - 1);
            moves.pop();
        }
    }
    total
}

#[test]
fn connect_four_perft() {
    let rules = Rules::preset("connect4").unwrap();
    let mut pos = Position::new(rules.clone());
    let expected = [1, 7, 49, 343, 2401, 16807, 117649, 823536];
    for (depth, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&mut pos, depth as u32), n, "depth {depth}");
    }
    assert_eq!(perft(&mut pos, 8), 5673234);
    // A small gravity board, cross-checked against the scanning reference.
    let small = Rules::new(Shape::new(&[4, 4]).unwrap(), 3)
        .unwrap()
        .with_gravity(Some(1))
        .unwrap();
    let mut pos = Position::new(small.clone());
    for depth in 0..=7 {
        assert_eq!(
            perft(&mut pos, depth),
            naive_perft(&small, &mut Vec::new(), depth),
            "depth {depth}"
        );
    }
}

#[test]
fn most_lines_counts_every_line_at_the_end() {
    // 3x3, play to the end: X X X / O O X / X O O (y = 0 first)
    let rules = Rules::preset("tictactoe")
        .unwrap()
        .with_win(WinRule::MostLines);
    let pos = play_alternating(
        rules,
        &["0,0", "1,0", "2,0", "2,1", "0,2"],
        &["0,1", "1,1", "1,2", "2,2"],
    );
    assert_eq!(pos.line_counts(), [1, 0]);
    assert_eq!(pos.outcome().winner(), Some(Player::X));
    // On 4x4 with k = 3 lines overlap; count against the scanning reference.
    // X: rows y=0 (two lines of 3) ; O: row y=1 (two) and both diagonals through 2,2.
    let rules = Rules::new(Shape::new(&[4, 4]).unwrap(), 3)
        .unwrap()
        .with_win(WinRule::MostLines);
    let mut pos = Position::new(rules.clone());
    let mut naive = NaiveGame::new(rules);
    for i in [0u64, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 11, 15, 14, 10] {
        assert!(!pos.is_over());
        pos.play(Cell(i));
        naive.play(Cell(i));
        assert_eq!(pos.line_counts(), naive.line_counts());
    }
    assert_eq!(pos.outcome(), &naive.outcome());
    assert!(pos.is_over());
    assert_eq!(pos.line_counts(), [2, 4]);
    assert_eq!(pos.outcome().winner(), Some(Player::O));
}

#[test]
fn anti_completing_a_line_loses() {
    let rules = Rules::preset("tictactoe").unwrap().with_win(WinRule::Anti);
    let pos = play_alternating(rules, &["0,0", "1,0", "2,0"], &["0,1", "1,1"]);
    assert_eq!(pos.outcome().winner(), Some(Player::O));
}

#[test]
fn wrapped_line_wins() {
    let rules = Rules::new(Shape::new(&[5, 5]).unwrap(), 4)
        .unwrap()
        .with_wrap(true)
        .unwrap();
    let pos = play_alternating(rules, &["3,0", "4,0", "0,0", "1,0"], &["2,2", "2,3", "2,4"]);
    assert_eq!(winning_cells(&pos), vec![vec!["3,0", "4,0", "0,0", "1,0"]]);
}

#[test]
fn undo_restores_everything() {
    let rules = Rules::preset("connect4").unwrap();
    let mut pos = Position::new(rules);
    let empty_hash = pos.hash();
    for text in ["3,0", "4,0", "3,1", "4,1", "3,2", "4,2", "3,3"] {
        let c = cell(&pos, text);
        pos.play(c);
    }
    assert!(pos.is_over());
    while pos.undo().is_some() {
        assert!(!pos.is_over());
    }
    assert_eq!(pos.hash(), empty_hash);
    assert_eq!(pos.legal_move_count(), 7);
    assert_eq!(pos.line_counts(), [0, 0]);
}
