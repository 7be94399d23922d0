//! The prover's part of an analysis: each position still unknown is proved
//! in rounds of growing size (easy ones first, so a hard one does not hold
//! up the rest), all over one shared table, under the caller's budget.
//!
//! A position's value takes up to two questions, "can X force a win?" and
//! "can O?". Siblings mostly share their winner (every move of a lost
//! position loses), so each round asks first for the winner most of the
//! settled siblings have (at the start, the side to move), with the
//! round's full size, and the other question with a quarter of it: a win
//! is proved without waiting for the other side's question to be
//! disproved, which on an early Qubic position takes many times longer
//! than the win itself, and a draw (both disproved) is still reached.

use super::Value;
use crate::prove::{Prover, SharedTable};
use crate::Budget;
use hypertac_core::{Player, Position, Rules, WinRule};

/// Positions of the proof-number search a question gets in the first
/// round (each round four times the last).
const FIRST_ROUND: u64 = 500;

/// Whether the prover takes positions of these rules.
pub(super) fn takes(rules: &Rules) -> bool {
    rules.win() == WinRule::FirstToK && rules.shape().cell_count() <= crate::prove::MAX_CELLS
}

/// The answers found so far for one position, by attacker index.
#[derive(Clone, Copy, Default)]
struct Answers([Option<bool>; 2]);

impl Answers {
    /// The value once the answers settle it.
    fn value(self) -> Value {
        for p in [Player::X, Player::O] {
            if self.0[p.index()] == Some(true) {
                return Value::Win(p);
            }
        }
        if self.0 == [Some(false), Some(false)] {
            return Value::Draw;
        }
        Value::Unknown
    }
}

/// The side most of the positions settled so far are wins for, if any
/// are (a tie: X).
fn leading_winner(answers: &[Answers]) -> Option<Player> {
    let mut wins = [0usize; 2];
    for a in answers {
        if let Value::Win(p) = a.value() {
            wins[p.index()] += 1;
        }
    }
    match wins {
        [0, 0] => None,
        [x, o] if o > x => Some(Player::O),
        _ => Some(Player::X),
    }
}

/// The values of `positions` (the first of each pair is the caller's
/// index, passed through), `Unknown` where the budget ran out first or
/// there is no table (`None`: the prover does not take the rules).
pub(super) fn prove_all(
    positions: &[(usize, Position)],
    table: Option<&SharedTable>,
    budget: &Budget,
) -> Vec<Value> {
    let mut answers = vec![Answers::default(); positions.len()];
    let Some(table) = table else {
        return vec![Value::Unknown; positions.len()];
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut open: Vec<usize> = (0..positions.len()).collect();
    let mut round = FIRST_ROUND;
    while !open.is_empty() && !budget.expired() {
        let leading = leading_winner(&answers);
        open.retain(|&i| {
            let pos = &positions[i].1;
            let first = leading.unwrap_or(pos.to_move());
            for (attacker, size) in [
                (first, round),
                (first.other(), (round / 4).max(FIRST_ROUND)),
            ] {
                if budget.expired() || answers[i].value() != Value::Unknown {
                    break;
                }
                if answers[i].0[attacker.index()].is_some() {
                    continue;
                }
                let Ok(mut prover) = Prover::with_table(pos, table) else {
                    return false;
                };
                prover.set_threads(threads);
                prover.set_node_limit(size);
                answers[i].0[attacker.index()] = prover.ask(attacker, budget);
            }
            answers[i].value() == Value::Unknown
        });
        round = round.saturating_mul(4);
    }
    answers.iter().map(|a| a.value()).collect()
}
