//! Helpers shared by the core's integration tests.
#![allow(dead_code)]

use hypertac_core::{zobrist::splitmix64, Cell, Position};

/// A tiny deterministic generator for reproducible random games.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = splitmix64(self.0);
        self.0 % n
    }
}

/// A uniformly random legal move.
pub fn random_move(pos: &Position, rng: &mut Rng) -> Cell {
    let moves: Vec<Cell> = pos.legal_moves().collect();
    moves[rng.below(moves.len() as u64) as usize]
}

/// Parses `x,y,..` on the position's board.
pub fn cell(pos: &Position, text: &str) -> Cell {
    hypertac_core::notation::parse_cell(pos.rules().shape(), text).unwrap()
}
