//! Hand-made positions: immediate wins, forced blocks and double threats in
//! 2D, 3D and 4D, for every searching level (and the seed baseline where it
//! applies), on dense and sparse boards.

mod common;

use common::position;
use hypertac_ai::{choose, Budget, Level};
use hypertac_core::{notation, Cell, Player, Position, Rules, Shape};

fn cube(n: u32, d: usize, moves: &str) -> Position {
    position(Rules::cube(n, d).unwrap(), moves)
}

fn pick(pos: &Position, level: Level) -> (String, String) {
    let c = choose(pos, level, 3, &Budget::millis(60_000)).expect("a move");
    assert!(pos.is_legal(c.cell));
    (notation::format_cell(pos.rules().shape(), c.cell), c.reason)
}

/// Empty cells where `p` would complete a line.
fn winning_cells(pos: &Position, p: Player) -> Vec<Cell> {
    let shape = pos.rules().shape();
    let mut out: Vec<Cell> = (0..shape.cell_count())
        .map(Cell)
        .filter(|&c| pos.get(c).is_none())
        .filter(|&c| {
            pos.lines_through(c)
                .iter()
                .any(|l| l.cells().iter().all(|&x| x == c || pos.get(x) == Some(p)))
        })
        .collect();
    out.sort();
    out
}

const SEARCHERS: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Perfect];

#[test]
fn wins_now_in_2d_3d_4d() {
    let cases = [
        // X: column x=0 two stones; O also has two in column x=1 (X wins first).
        (cube(3, 2, "0,0;1,0;0,1;1,1"), "0,2"),
        // Qubic: X three on the space diagonal, O three on a row.
        (cube(4, 3, "0,0,0;0,3,1;1,1,1;1,3,1;2,2,2;2,3,1"), "3,3,3"),
        (
            cube(4, 4, "0,0,0,0;0,1,2,3;1,1,1,1;3,0,1,2;2,2,2,2;1,3,0,2"),
            "3,3,3,3",
        ),
        // 5^3, X to move: four along y at x=2,z=4.
        (
            cube(5, 3, "2,0,4;0,0,0;2,1,4;4,4,0;2,2,4;0,4,4;2,4,4;4,0,4"),
            "2,3,4",
        ),
    ];
    for (pos, want) in &cases {
        for level in SEARCHERS.into_iter().chain([Level::Seed]) {
            let (got, reason) = pick(pos, level);
            assert_eq!(&got, want, "{level:?}");
            assert_eq!(reason, "wins now", "{level:?}");
        }
    }
}

#[test]
fn blocks_in_2d_3d_4d() {
    let cases = [
        (cube(3, 2, "0,0;1,1;0,1"), "0,2"),
        (cube(4, 3, "0,0,0;3,3,0;1,1,1;0,3,3;2,2,2"), "3,3,3"),
        (
            cube(4, 4, "0,0,0,0;0,1,2,3;1,1,1,1;3,0,1,2;2,2,2,2"),
            "3,3,3,3",
        ),
        (cube(6, 2, "0,5;1,1;1,5;2,3;2,5;3,1;3,5;4,2;4,5"), "5,5"),
    ];
    for (pos, want) in &cases {
        for level in SEARCHERS.into_iter().chain([Level::Seed]) {
            let (got, reason) = pick(pos, level);
            assert_eq!(&got, want, "{level:?} on {}", pos.rules());
            assert!(reason.starts_with("blocks X's line"), "{level:?}: {reason}");
        }
    }
}

#[test]
fn makes_double_threats() {
    // 3x3: X 0,0 and 1,1, O 1,0 and 2,2: 0,1 or 0,2 threatens two lines.
    let pos = cube(3, 2, "0,0;1,0;1,1;2,2");
    // Qubic: X 0,0,0 1,0,0 3,1,0 3,2,0 meet at 3,0,0 (row y=0 and column x=3).
    let qubic = cube(4, 3, "0,0,0;0,3,3;1,0,0;2,3,1;3,1,0;1,1,3;3,2,0;3,3,2");
    for pos in [pos, qubic] {
        assert!(winning_cells(&pos, Player::X).is_empty());
        for level in [Level::Medium, Level::Hard] {
            let c = choose(&pos, level, 1, &Budget::millis(60_000)).unwrap();
            let mut after = pos.clone();
            after.play(c.cell);
            assert!(
                winning_cells(&after, Player::X).len() >= 2,
                "{level:?}: {}",
                c.reason
            );
            assert!(winning_cells(&after, Player::O).is_empty());
            // Hard on Qubic plays the shipped proof's move (a double threat too).
            assert!(
                c.reason.contains("double threat") || c.reason == "X wins (proved)",
                "{}",
                c.reason
            );
        }
    }
}

#[test]
fn finds_a_forced_win_by_threats() {
    // 7x7, k=4: X's three stones make a forced win through threats.
    let rules = Rules::new(Shape::new(&[7, 7]).unwrap(), 4).unwrap();
    let pos = position(rules, "3,3;0,6;3,4;6,0;4,3;6,6;2,0;0,0");
    let c = choose(&pos, Level::Hard, 1, &Budget::millis(60_000)).unwrap();
    assert!(
        c.reason.starts_with("forces a win")
            || c.reason.starts_with("wins in")
            || c.reason.starts_with("search sees a win")
            || c.reason.contains("double threat"),
        "{}",
        c.reason
    );
    // Playing it out against the seed baseline wins.
    let mut pos = pos;
    while !pos.is_over() {
        let level = if pos.to_move() == Player::X {
            Level::Hard
        } else {
            Level::Seed
        };
        let c = choose(&pos, level, 1, &Budget::millis(60_000)).unwrap();
        pos.play(c.cell);
    }
    assert_eq!(pos.outcome().winner(), Some(Player::X));
}

#[test]
fn sparse_boards_win_and_block() {
    // 10^10: X has nine along axis 0; O (to move) must block, X then wins.
    let mut moves = Vec::new();
    for i in 0..9 {
        moves.push(format!("{i},0,0,0,0,0,0,0,0,0"));
        if i < 8 {
            moves.push(format!("{i},9,9,9,9,9,9,9,9,{}", i % 2));
        }
    }
    let pos = cube(10, 10, &moves.join(";"));
    assert_eq!(pos.mode(), hypertac_core::Mode::Sparse);
    for level in SEARCHERS.into_iter().chain([Level::Seed]) {
        assert_eq!(pick(&pos, level).0, "9,0,0,0,0,0,0,0,0,0", "{level:?}");
    }
    // After O plays elsewhere, X wins now.
    let win = cube(10, 10, &format!("{};5,5,5,5,5,5,5,5,5,5", moves.join(";")));
    assert_eq!(win.to_move(), Player::X);
    let (got, reason) = pick(&win, Level::Hard);
    assert_eq!(got, "9,0,0,0,0,0,0,0,0,0");
    assert_eq!(reason, "wins now");
}

#[test]
fn the_same_input_gives_the_same_move() {
    let positions = [
        cube(4, 4, ""),
        cube(5, 3, "2,2,2;0,0,0;1,1,1"),
        cube(10, 10, "5,5,5,5,5,5,5,5,5,5"),
        position(Rules::preset("connect4").unwrap(), "3,0;3,1"),
    ];
    for pos in &positions {
        for level in hypertac_ai::Level::ALL {
            let a = choose(pos, level, 9, &Budget::millis(60_000));
            let b = choose(pos, level, 9, &Budget::millis(60_000));
            assert_eq!(a, b, "{level:?} on {}", pos.rules());
        }
    }
}

#[test]
fn a_search_of_the_whole_game_says_exact_values_and_distances() {
    let rules = Rules::preset("tictactoe").unwrap();
    // The empty board: the search sees every game to its end, a draw.
    let c = choose(
        &position(rules.clone(), ""),
        Level::Hard,
        1,
        &Budget::millis(60_000),
    )
    .unwrap();
    assert_eq!(c.reason, "perfect play: draws");
    // O's edge reply to X's centre loses; X's search finds the exact win.
    let pos = position(rules, "1,1;1,0;0,0;2,2");
    let c = choose(&pos, Level::Hard, 1, &Budget::millis(60_000)).unwrap();
    assert!(
        c.reason == "wins now"
            || c.reason.starts_with("wins in")
            || c.reason.contains("double threat"),
        "{}",
        c.reason
    );
    // On a board the search cannot see to the end, a win it sees has no number.
    let big = Rules::new(Shape::new(&[7, 7]).unwrap(), 4).unwrap();
    let pos = position(big, "3,3;0,6;3,4;6,0");
    let c = choose(&pos, Level::Hard, 1, &Budget::millis(60_000)).unwrap();
    assert!(!c.reason.starts_with("wins in "), "{}", c.reason);
}
