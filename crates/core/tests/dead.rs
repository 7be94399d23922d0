//! Dead positions: every line holds stones of both sides, so no line can be
//! completed. Hand-made 2D, 3D and 4D positions, and random games checked
//! move by move against a brute-force scan of every line (dense and sparse).

mod common;

use common::{random_move, Rng};
use hypertac_core::notation::parse_move_list;
use hypertac_core::{DrawReason, Mode, Outcome, Player, Position, Rules, WinRule};
use std::collections::BTreeSet;

/// 3x3: X O X / X O O / O X . (the last cell completes nothing).
const TTT: &str = "0,0;1,0;2,0;1,1;0,1;2,1;1,2;0,2";
/// 4x4x4 (k = 4): 46 stones, 18 cells still empty.
const QUBIC: &str = concat!(
    "2,2,2;1,2,2;0,3,3;0,0,0;1,0,0;2,3,3;2,1,2;1,1,2;3,3,0;0,3,0;1,2,1;2,2,1;0,0,3;3,0,3;",
    "2,1,1;1,1,1;3,0,0;3,3,3;2,3,2;1,0,2;3,2,3;3,2,0;1,1,3;0,1,3;0,1,0;2,1,0;2,2,0;1,2,3;",
    "3,3,1;0,3,1;1,3,2;1,3,0;0,2,3;0,2,0;2,0,3;2,0,2;0,0,2;0,3,2;0,0,1;3,0,1;1,0,1;2,3,1;",
    "3,1,2;3,2,2;2,0,0;3,1,0",
);
/// 5^4 (k = 5): 384 stones, 241 cells still empty.
const FIVE4: &str = concat!(
    "2,2,2,2;0,0,0,4;0,0,4,4;4,0,4,4;4,4,0,0;4,0,0,4;4,4,4,4;0,4,4,4;0,0,0,0;0,4,0,4;4,4,",
    "0,4;0,4,0,0;0,0,4,0;0,4,4,0;4,0,0,0;4,4,4,0;4,0,4,0;4,2,2,2;2,2,2,4;2,0,2,0;4,0,2,4;",
    "4,4,2,4;2,4,2,2;2,0,2,2;4,0,2,0;2,2,2,0;2,0,0,0;2,4,0,4;2,0,0,4;2,4,0,0;2,4,2,0;4,4,",
    "2,0;4,0,0,2;4,4,0,2;4,4,2,2;2,0,2,4;2,2,0,2;2,0,0,2;4,2,4,0;4,2,0,0;4,0,4,2;2,2,4,2;",
    "4,2,4,2;0,4,0,2;0,4,2,2;4,2,0,4;4,2,4,4;2,2,4,4;2,4,4,4;0,0,2,2;0,0,4,2;0,4,2,4;0,0,",
    "2,0;2,0,4,2;0,2,0,4;0,2,2,4;0,2,2,2;0,2,0,2;2,0,4,0;0,4,4,2;2,4,4,2;0,4,2,0;2,4,0,2;",
    "2,4,4,0;2,2,0,0;4,0,2,2;4,2,2,0;3,3,3,3;3,3,3,1;3,3,1,1;1,1,1,3;1,1,3,1;3,1,3,1;1,1,",
    "1,1;1,3,1,3;1,1,3,3;1,3,1,1;3,3,1,3;3,1,3,3;3,1,1,3;1,3,3,3;1,3,3,1;3,1,1,1;4,0,1,0;",
    "4,4,1,4;1,2,1,3;2,2,2,3;2,3,3,3;2,2,3,2;2,2,3,3;2,3,2,2;3,3,3,2;2,3,3,2;1,3,2,3;1,2,",
    "2,2;1,2,3,2;1,2,3,3;1,3,3,2;3,3,1,2;1,3,1,2;2,2,1,2;2,4,1,2;0,4,1,0;1,2,1,1;2,2,2,1;",
    "2,3,3,1;2,3,4,1;1,3,2,1;1,2,2,1;2,2,1,1;1,1,3,2;3,1,3,2;2,1,2,2;2,1,2,3;3,3,2,3;3,1,",
    "2,1;0,4,1,4;0,0,1,0;2,0,1,2;3,2,2,3;3,2,1,3;3,2,3,1;3,2,2,1;1,1,2,2;1,1,2,3;3,2,1,2;",
    "3,2,3,2;0,0,1,4;0,0,1,1;2,3,2,1;1,0,1,4;0,0,4,1;1,1,4,1;1,0,4,0;1,0,3,1;1,0,1,1;1,4,",
    "4,0;1,3,4,1;0,4,4,1;1,4,1,0;1,4,1,2;1,4,2,2;1,0,1,0;0,4,1,1;2,4,1,1;2,4,2,1;0,4,0,1;",
    "1,3,1,4;1,3,4,4;1,0,0,0;1,4,0,0;1,3,0,1;1,0,4,4;3,4,4,1;1,3,0,3;0,4,0,3;4,3,4,4;4,3,",
    "4,0;4,3,3,1;4,3,3,3;0,3,0,0;4,0,3,4;4,0,3,0;3,3,0,3;0,0,0,3;1,0,0,3;4,4,4,3;4,0,4,3;",
    "3,1,4,3;1,1,4,3;1,0,4,3;0,3,3,3;0,1,3,3;0,4,3,0;3,3,0,1;0,0,0,1;1,0,0,1;3,0,3,1;3,0,",
    "4,1;3,0,4,4;3,0,2,2;3,3,2,2;3,0,3,4;4,1,4,1;3,4,0,4;3,4,0,1;4,1,4,0;4,1,3,0;4,1,3,3;",
    "0,1,0,0;0,1,3,0;0,1,4,0;3,4,4,4;3,0,0,4;3,0,0,3;4,2,2,1;4,1,2,1;4,1,2,2;0,3,3,4;0,3,",
    "0,4;4,4,3,4;3,4,3,4;4,2,0,1;4,4,3,3;0,4,3,3;1,1,3,4;4,1,0,4;4,1,0,1;4,0,1,3;0,1,0,4;",
    "3,1,3,4;3,1,4,4;1,1,4,4;2,3,3,4;4,1,0,0;2,0,1,3;0,1,2,4;4,1,2,4;0,1,3,1;2,1,3,1;2,1,",
    "3,3;0,0,2,3;2,0,2,3;1,4,4,4;1,4,2,4;3,3,4,3;0,3,4,0;3,4,2,2;3,4,2,1;2,1,1,2;3,1,1,2;",
    "0,2,3,1;4,3,1,0;4,3,1,4;2,1,0,1;2,2,0,1;0,1,0,2;3,3,1,0;3,4,1,0;4,1,1,3;1,4,3,0;1,0,",
    "3,0;2,3,1,4;2,4,1,4;0,3,2,3;1,0,2,4;4,3,1,1;3,4,3,0;3,3,3,0;3,0,1,2;0,1,4,3;0,2,4,3;",
    "2,3,4,3;2,3,4,2;3,3,4,2;4,4,1,2;4,1,1,2;3,3,0,0;3,4,3,2;2,4,3,2;0,2,4,1;0,1,2,1;1,3,",
    "3,4;0,3,4,4;2,4,3,1;0,3,2,0;1,3,2,0;2,1,0,0;2,1,1,0;4,4,3,1;0,3,2,1;3,1,1,0;3,1,2,0;",
    "0,1,3,2;1,3,0,4;2,4,4,3;2,4,0,3;2,3,1,0;0,2,3,2;3,0,2,0;3,0,4,0;3,2,4,0;3,2,0,0;1,1,",
    "2,0;4,4,4,1;1,3,3,0;2,2,4,3;4,2,4,1;1,1,1,0;0,4,3,4;1,2,3,0;2,2,3,0;2,3,3,0;3,0,1,3;",
    "1,3,0,2;1,1,0,2;0,2,1,3;0,1,1,3;0,1,1,0;1,2,3,1;4,3,0,3;4,3,0,2;0,0,3,3;0,2,1,1;1,2,",
    "1,4;1,2,0,4;1,4,3,3;3,4,1,3;2,4,1,3;1,4,0,3;2,0,2,1;1,2,2,0;3,2,4,4;3,2,3,4;2,2,3,4;",
    "2,0,4,1;4,3,3,2;0,0,2,1;0,1,0,3;2,1,0,3;4,2,3,1;4,2,3,2;3,3,4,4;4,2,0,3;1,2,0,3;3,3,",
    "2,4;3,4,2,3;3,2,1,4;3,0,1,4;0,3,1,1;0,3,1,2;3,2,2,2;3,0,2,4;3,2,0,2;4,2,1,3;4,2,1,1;",
    "1,0,2,2;1,0,4,2;1,1,4,2;3,1,4,2;4,3,2,4;4,3,2,1;3,1,0,2;2,0,3,3;2,0,3,2;0,0,3,2;1,3,",
    "4,3;4,0,4,1;4,0,0,1;4,4,2,3;3,2,1,1;1,4,3,1;1,1,0,3;4,3,3,0;4,1,2,3;0,2,1,2;1,4,1,1;",
    "2,0,1,4;4,3,0,1;0,3,2,2;0,2,1,0;4,3,4,2;2,1,4,4;2,1,1,4;3,1,1,4;0,1,4,2;1,2,4,4;2,1,",
    "4,0;2,3,0,0;2,3,0,4;1,1,1,4;2,2,4,0;4,1,0,3;1,2,4,1;2,0,4,4;0,2,3,0;0,2,2,0;3,1,0,1;",
    "3,2,2,4;1,2,1,0;3,3,2,0;2,0,4,3;2,4,0,1;1,3,2,2",
);

/// Whether some line of the position holds stones of at most one side
/// (every line of the game, walked from the rules).
fn brute_open(pos: &Position) -> bool {
    let cells = pos.rules().shape().cell_count();
    let mut lines = BTreeSet::new();
    for c in 0..cells {
        for line in pos.lines_through(hypertac_core::Cell(c)) {
            lines.insert(line);
        }
    }
    lines.iter().any(|line| {
        let has = |p: Player| line.cells().iter().any(|&c| pos.get(c) == Some(p));
        !(has(Player::X) && has(Player::O))
    })
}

fn replay(rules: &Rules, mode: Mode, moves: &str, dead_draw: bool) -> Position {
    let mut pos = Position::with_mode(rules.clone(), mode).unwrap();
    pos.set_dead_draw(dead_draw);
    let cells = parse_move_list(rules.shape(), moves).unwrap();
    let last = cells.len() - 1;
    for (i, &c) in cells.iter().enumerate() {
        assert!(!pos.is_dead(), "dead before move {}", i + 1);
        let outcome = pos.try_play(c).unwrap().clone();
        let expected = if dead_draw && i == last {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        };
        assert_eq!(outcome, expected, "after move {}", i + 1);
    }
    pos
}

fn check_hand_made(rules: Rules, moves: &str) {
    for mode in [Mode::Dense, Mode::Sparse] {
        let pos = replay(&rules, mode, moves, true);
        assert!(pos.is_dead(), "{mode:?}");
        assert!(!brute_open(&pos));
        assert!(!pos.is_full());
        assert_eq!(pos.draw_reason(), Some(DrawReason::Dead));
        assert_eq!(DrawReason::Dead.to_string(), "no line can be completed");
        assert!(pos.legal_moves().next().is_none());
        // Without the rule (the tournament's), the game goes on to a full board.
        let mut on = replay(&rules, mode, moves, false);
        assert!(on.is_dead() && !on.is_over());
        assert_eq!(on.draw_reason(), None);
        let rest: Vec<_> = on.legal_moves().collect();
        for c in rest {
            assert!(!on.play(c).is_over() || on.is_full());
            assert!(on.is_dead());
        }
        assert_eq!(on.draw_reason(), Some(DrawReason::Full));
        // Turning the rule on after replaying ends the game.
        let mut late = replay(&rules, mode, moves, false);
        late.set_dead_draw(true);
        assert_eq!(late.outcome(), &Outcome::Draw);
        // Taking back the last stone reopens a line.
        late.undo();
        assert!(!late.is_dead());
        assert_eq!(late.outcome(), &Outcome::Ongoing);
    }
}

#[test]
fn dead_2d_position() {
    check_hand_made(Rules::preset("tictactoe").unwrap(), TTT);
}

#[test]
fn dead_3d_position() {
    check_hand_made(Rules::cube(4, 3).unwrap(), QUBIC);
}

#[test]
fn dead_4d_position() {
    check_hand_made(Rules::cube(5, 4).unwrap(), FIVE4);
}

#[test]
fn empty_and_opening_positions_are_not_dead() {
    for (n, d) in [(3, 2), (6, 5), (10, 10)] {
        let mut pos = Position::new(Rules::cube(n, d).unwrap());
        pos.set_dead_draw(true);
        assert!(!pos.is_dead());
        pos.play(hypertac_core::Cell(0));
        assert!(!pos.is_dead());
        assert!(!pos.is_over());
    }
}

#[test]
fn most_lines_games_are_not_ended_early() {
    let rules = Rules::preset("tictactoe")
        .unwrap()
        .with_win(WinRule::MostLines);
    let pos = replay(&rules, Mode::Dense, TTT, false);
    let mut pos = pos;
    pos.set_dead_draw(true);
    assert!(pos.is_dead());
    assert!(!pos.is_over());
}

/// Random games to a full board (or a win): after every move and every
/// undo, `is_dead` agrees with the brute-force scan, and with the rule on a
/// game ends as a draw exactly when it is dead. Returns how many games
/// ended dead before the board was full.
fn random_games(rules: Rules, games: u64) -> u32 {
    let mut deaths = 0;
    for seed in 0..games {
        let mut rng = Rng(seed * 7919 + 1);
        let mut dense = Position::new(rules.clone());
        let mut sparse = Position::with_mode(rules.clone(), Mode::Sparse).unwrap();
        let mut ruled = Position::new(rules.clone());
        ruled.set_dead_draw(true);
        while !dense.is_over() {
            let c = random_move(&dense, &mut rng);
            dense.play(c);
            sparse.play(c);
            let open = brute_open(&dense);
            assert_eq!(dense.is_dead(), !open, "seed {seed}");
            assert_eq!(sparse.is_dead(), dense.is_dead(), "seed {seed}");
            if !ruled.is_over() {
                ruled.play(c);
                match ruled.outcome() {
                    Outcome::Draw if !ruled.is_full() => {
                        assert!(!open, "declared dead with a line open, seed {seed}");
                        deaths += 1;
                    }
                    Outcome::Ongoing => assert!(open, "dead but ongoing, seed {seed}"),
                    _ => {}
                }
            }
        }
        while dense.undo().is_some() {
            sparse.undo();
            let open = brute_open(&dense);
            assert_eq!(dense.is_dead(), !open, "undo, seed {seed}");
            assert_eq!(sparse.is_dead(), !open, "undo, seed {seed}");
        }
    }
    deaths
}

#[test]
fn random_games_2d() {
    assert!(random_games(Rules::cube(4, 2).unwrap(), 60) > 0);
    let rules = Rules::new(hypertac_core::Shape::new(&[6, 5]).unwrap(), 4).unwrap();
    random_games(rules, 30);
}

#[test]
fn random_games_3d_and_4d() {
    random_games(Rules::cube(4, 3).unwrap(), 12);
    random_games(Rules::cube(3, 4).unwrap(), 6);
    random_games(Rules::cube(5, 3).unwrap(), 4);
}

#[test]
fn random_games_with_gravity_and_wrap() {
    random_games(Rules::preset("connect4").unwrap(), 10);
    random_games(Rules::cube(4, 2).unwrap().with_wrap(true).unwrap(), 20);
}
