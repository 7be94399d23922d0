//! Random playouts, for benchmarks and tests: a seeded random order of moves
//! that fills the board (with gravity: a random open column each turn), so
//! different win checkers can be timed on exactly the same games.

use crate::reference::NaiveGame;
use crate::zobrist::splitmix64;
use crate::{Cell, Outcome, Position, Rules};

/// The moves of a random game that fills the whole board, in order.
///
/// # Panics
/// On a board with more than 2^32 cells (playouts are for dense boards).
pub fn random_fill(rules: &Rules, seed: u64) -> Vec<Cell> {
    let shape = rules.shape();
    let cells = u32::try_from(shape.cell_count()).expect("playouts need a board under 2^32 cells");
    let mut state = seed;
    let mut below = |n: usize| {
        state = splitmix64(state);
        (state % n as u64) as usize
    };
    match rules.gravity() {
        None => {
            let mut order: Vec<Cell> = (0..u64::from(cells)).map(Cell).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, below(i + 1));
            }
            order
        }
        Some(axis) => {
            let stride = shape.strides()[axis];
            let size = shape.size(axis);
            let mut open: Vec<(Cell, u32)> = (0..u64::from(cells))
                .map(Cell)
                .filter(|&c| shape.coord(c, axis) == 0)
                .map(|c| (c, 0))
                .collect();
            let mut order = Vec::with_capacity(cells as usize);
            while !open.is_empty() {
                let i = below(open.len());
                let (base, height) = open[i];
                order.push(Cell(base.0 + u64::from(height) * stride));
                if height + 1 == size {
                    open.swap_remove(i);
                } else {
                    open[i].1 += 1;
                }
            }
            order
        }
    }
}

/// Plays `moves` on `pos` until the game ends; returns the number of moves played.
pub fn play_out(pos: &mut Position, moves: &[Cell]) -> usize {
    for (i, &m) in moves.iter().enumerate() {
        pos.play_unchecked(m);
        if *pos.outcome() != Outcome::Ongoing {
            return i + 1;
        }
    }
    moves.len()
}

/// The same with a full-board scan after every move (the seed apps' win check).
pub fn play_out_naive(game: &mut NaiveGame, moves: &[Cell]) -> usize {
    for (i, &m) in moves.iter().enumerate() {
        game.play(m);
        if game.any_complete_line() {
            return i + 1;
        }
    }
    moves.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_are_legal_and_both_checkers_stop_at_the_same_move() {
        for name in ["connect4", "qubic", "connect4-3d", "4d"] {
            let rules = Rules::preset(name).unwrap();
            for seed in 0..20 {
                let moves = random_fill(&rules, seed);
                assert_eq!(moves.len() as u64, rules.shape().cell_count());
                let mut pos = Position::new(rules.clone());
                let n = play_out(&mut pos, &moves);
                let mut naive = NaiveGame::new(rules.clone());
                assert_eq!(play_out_naive(&mut naive, &moves), n, "{name} seed {seed}");
                assert!(Position::from_moves(rules.clone(), &moves[..n]).is_ok());
            }
        }
    }
}
