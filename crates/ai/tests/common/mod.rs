//! Helpers shared by the prover's tests: plain minimax (the slow,
//! obviously-correct reference), a small deterministic generator, and
//! positions from a typed move list.
#![allow(dead_code)]

use hypertac_core::{Cell, Position, Rules};
use std::collections::HashMap;

/// Plain memoized minimax: 1 the side to move wins, 0 draw, -1 loses.
pub fn minimax(pos: &mut Position, memo: &mut HashMap<(u64, usize), i8>) -> i8 {
    if let Some(w) = pos.outcome().winner() {
        return if w == pos.to_move() { 1 } else { -1 };
    }
    if pos.is_over() {
        return 0;
    }
    let key = (pos.hash(), pos.moves().len());
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let moves: Vec<Cell> = pos.legal_moves().collect();
    // A move that completes a line wins at once (tried first only to save time).
    let me = pos.to_move();
    for &m in &moves {
        pos.play_unchecked(m);
        let won = pos.outcome().winner() == Some(me);
        pos.undo();
        if won {
            memo.insert(key, 1);
            return 1;
        }
    }
    let mut best = -1;
    for m in moves {
        pos.play_unchecked(m);
        let v = -minimax(pos, memo);
        pos.undo();
        best = best.max(v);
        if best == 1 {
            break;
        }
    }
    memo.insert(key, best);
    best
}

/// A small deterministic generator (xorshift).
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A position of `stones` stones from a random game seeded by `seed`;
/// `None` if the game ends before.
pub fn random_position(rules: &Rules, stones: usize, seed: u64) -> Option<Position> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut pos = Position::new(rules.clone());
    for _ in 0..stones {
        let moves: Vec<Cell> = pos.legal_moves().collect();
        pos.play(moves[rng.below(moves.len())]);
        if pos.is_over() {
            return None;
        }
    }
    Some(pos)
}

/// The position after `moves` (`x,y;x,y;...`, X first) on `rules`.
pub fn position(rules: Rules, moves: &str) -> Position {
    let cells = hypertac_core::notation::parse_move_list(rules.shape(), moves).unwrap();
    Position::from_moves(rules, &cells).unwrap()
}
