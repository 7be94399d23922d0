//! The hardest reply of a lost position: where the book shows every move
//! of the side to move lost, the one after which the other side has the
//! fewest winning moves, so a player who was winning must still find one.

use super::{Book, Key};
use hypertac_core::{Cell, Position};
use hypertac_proof::Value;
use std::collections::HashMap;

/// What [`Book::hardest_move`] found: the move, and after it how many of
/// the other side's moves win for it, of how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HardestMove {
    /// The move to play.
    pub cell: Cell,
    /// The other side's moves after it that the book holds won for it.
    pub winning: usize,
    /// The other side's moves after it.
    pub moves: usize,
}

impl Book {
    /// For a position the book shows lost for the side to move (the
    /// position itself held lost, or every move's position held won by the
    /// other side): the move after which the other side has the fewest
    /// winning moves, counted only after moves whose every reply the book
    /// holds (a book built along a line need hold only one such move).
    /// Ties go to the smallest position in the book's form (see
    /// [`Book::key`]), so symmetric positions get symmetric moves. `None`
    /// where the book does not show the position lost, or answers no
    /// move's replies whole.
    pub fn hardest_move(&self, pos: &Position) -> Option<HardestMove> {
        let me = pos.to_move();
        if pos.is_over() || pos.rules() != self.rules() || pos.moves().len() + 2 > self.stones() {
            return None;
        }
        let held_lost = !pos.moves().is_empty() && self.value(pos) == Some(Value::Win(me.other()));
        // One position of each class of the moves' positions, its key and
        // the first move leading to it.
        let mut classes: HashMap<Key, (Cell, Position)> = HashMap::new();
        for cell in pos.legal_moves() {
            let mut after = pos.clone();
            if after.try_play(cell).is_err() || after.is_over() {
                return None;
            }
            match self.value(&after) {
                Some(Value::Win(p)) if p != me => {}
                None if held_lost => {}
                _ => return None,
            }
            classes.entry(self.key(&after)).or_insert((cell, after));
        }
        let mut best: Option<(&Key, HardestMove)> = None;
        for (key, (cell, after)) in &classes {
            let Some((winning, moves)) = self.winning_replies(after) else {
                continue;
            };
            if best.is_none_or(|(k, b)| (winning, key) < (b.winning, k)) {
                let cell = *cell;
                best = Some((
                    key,
                    HardestMove {
                        cell,
                        winning,
                        moves,
                    },
                ));
            }
        }
        best.map(|(_, m)| m)
    }

    /// How many moves of the side to move in `pos` the book holds won for
    /// it, and of how many moves; `None` unless it holds every move's value.
    fn winning_replies(&self, pos: &Position) -> Option<(usize, usize)> {
        let me = pos.to_move();
        let (mut winning, mut moves) = (0, 0);
        for cell in pos.legal_moves() {
            let mut after = pos.clone();
            let outcome = after.try_play(cell).ok()?;
            moves += 1;
            if outcome.winner() == Some(me) {
                winning += 1;
                continue;
            }
            match self.value(&after)? {
                Value::Win(p) if p == me => winning += 1,
                _ => {}
            }
        }
        Some((winning, moves))
    }
}
