//! A finished (or unfinished) game move by move: the value before and
//! after each move, and the moves that threw away a win or a draw, with
//! why where threats show it (`threats.rs`).

use super::threats::{move_reason, winning_sequence};
use super::{Analyzer, Known, MoveReason, MoveValue, Reason, Value};
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
    /// For a move that threw away a win or a draw and lost: why it loses,
    /// where threats show it.
    pub loses_to: Option<MoveReason>,
    /// For a move that threw away a win: the threat sequence the player
    /// had instead, if a short search finds one.
    pub missed: Option<Reason>,
}

impl ReviewStep {
    /// What the move threw away, if the player could have done better
    /// (as far as the values and bounds prove it): `Value::Win(player)` a
    /// win (a proved win before, a proved draw or loss after, or after it
    /// the player proved unable to win), `Value::Draw` a draw (at least a
    /// draw before, proved or bounded, a proved loss after).
    pub fn threw_away(&self) -> Option<Value> {
        let p = self.player;
        let at_least = rank_range(&self.before, p).0;
        let at_most = rank_range(&self.after, p).1;
        match (at_least, at_most) {
            (2, 0 | 1) => Some(Value::Win(p)),
            (1, 0) => Some(Value::Draw),
            _ => None,
        }
    }

    /// [`ReviewStep::threw_away`] in a word: `win` or `draw`.
    pub fn threw_away_text(&self) -> Option<&'static str> {
        self.threw_away().map(|v| match v {
            Value::Draw => "draw",
            _ => "win",
        })
    }
}

/// The least and the most `p` can get from a position (2 a win, 1 a
/// draw, 0 a loss), by its value or its bound.
fn rank_range(k: &Known, p: Player) -> (u8, u8) {
    match (k.value.rank_for(p), k.cannot_win) {
        (Some(r), _) => (r, r),
        (None, Some(q)) if q == p => (0, 1),
        (None, Some(_)) => (1, 2),
        (None, None) => (0, 2),
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
        let mut pos = Position::new(game.rules().clone());
        let mut steps = Vec::with_capacity(game.moves().len());
        for (i, &cell) in game.moves().iter().enumerate() {
            let mut step = ReviewStep {
                player: Player::to_move_at(i),
                cell,
                before: values[i],
                after: values[i + 1],
                loses_to: None,
                missed: None,
            };
            let threw = step.threw_away();
            if threw.is_some() && step.after.value == Value::Win(step.player.other()) {
                let played = MoveValue {
                    cell,
                    known: step.after,
                };
                step.loses_to = move_reason(&pos, &played);
            }
            if threw == Some(Value::Win(step.player)) {
                step.missed = winning_sequence(&pos);
            }
            steps.push(step);
            pos.play_unchecked(cell);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyze::Source;

    fn known(value: Value, cannot_win: Option<Player>) -> Known {
        Known {
            value,
            distance: None,
            source: Source::Prover,
            cannot_win,
        }
    }

    fn step(before: Known, after: Known) -> ReviewStep {
        ReviewStep {
            player: Player::X,
            cell: Cell(0),
            before,
            after,
            loses_to: None,
            missed: None,
        }
    }

    #[test]
    fn what_a_move_threw_away_by_values_and_bounds() {
        use Player::{O, X};
        let (win, draw, loss, none) = (Value::Win(X), Value::Draw, Value::Win(O), Value::Unknown);
        let cases = [
            // Values alone, as before.
            (known(win, None), known(draw, None), Some(win)),
            (known(win, None), known(loss, None), Some(win)),
            (known(draw, None), known(loss, None), Some(draw)),
            (known(win, None), known(win, None), None),
            (known(draw, None), known(draw, None), None),
            // A proved win before, X proved unable to win after: a win.
            (known(win, None), known(none, Some(X)), Some(win)),
            // At least a draw before (O unable to win), lost after: a draw.
            (known(none, Some(O)), known(loss, None), Some(draw)),
            // Nothing proved lost: a bound after that still allows a win,
            // or a bound before that allows a loss.
            (known(win, None), known(none, Some(O)), None),
            (known(none, Some(X)), known(loss, None), None),
            (known(none, None), known(loss, None), None),
            (known(win, None), known(none, None), None),
        ];
        for (i, (before, after, want)) in cases.into_iter().enumerate() {
            assert_eq!(step(before, after).threw_away(), want, "case {i}");
        }
    }
}
