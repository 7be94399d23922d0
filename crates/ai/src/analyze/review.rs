//! A finished (or unfinished) game move by move: the value before and
//! after each move, and the moves that threw away a win or a draw.

use super::{Analyzer, Known, Value};
use crate::Budget;
use hypertac_core::{Cell, Player, Position};
use std::time::{Duration, Instant};

/// One move of a reviewed game.
#[derive(Clone, Debug)]
pub struct ReviewStep {
    /// Who played it.
    pub player: Player,
    /// The move.
    pub cell: Cell,
    /// The value of the position before it.
    pub before: Known,
    /// The value of the position after it.
    pub after: Known,
}

impl ReviewStep {
    /// What the move threw away, if the player could have done better
    /// (both values known): `Value::Win(player)` a win, `Value::Draw` a draw.
    pub fn threw_away(&self) -> Option<Value> {
        let p = self.player;
        let before = self.before.value.rank_for(p)?;
        let after = self.after.value.rank_for(p)?;
        (before > after).then_some(self.before.value)
    }
}

/// The review of a game.
#[derive(Clone, Debug)]
pub struct Review {
    /// Each move, in order.
    pub steps: Vec<ReviewStep>,
}

impl Analyzer {
    /// Reviews the game that led to `game` (from its empty board), each
    /// position given at most `per_position` of the prover (and stopped by
    /// `budget`).
    pub fn review(&self, game: &Position, per_position: Duration, budget: &Budget) -> Review {
        let mut pos = Position::new(game.rules().clone());
        let mut values = vec![self.value(&pos, &slice(per_position, budget))];
        for &cell in game.moves() {
            pos.play_unchecked(cell);
            values.push(self.value(&pos, &slice(per_position, budget)));
        }
        let steps = game
            .moves()
            .iter()
            .enumerate()
            .map(|(i, &cell)| ReviewStep {
                player: Player::to_move_at(i),
                cell,
                before: values[i],
                after: values[i + 1],
            })
            .collect();
        Review { steps }
    }
}

/// A budget of at most `d` from now within `budget`.
fn slice(d: Duration, budget: &Budget) -> Budget {
    let end = Instant::now() + d;
    Budget {
        deadline: Some(budget.deadline.map_or(end, |b| b.min(end))),
        stop: budget.stop.clone(),
    }
}
