//! The prover's part of an analysis: each position still unknown is proved
//! in rounds of growing size (easy ones first, so a hard one does not hold
//! up the rest), all over one shared table, under the caller's budget.

use super::Value;
use crate::prove::{Prover, SharedTable, Verdict};
use crate::Budget;
use hypertac_core::{Position, Rules, WinRule};

/// Positions of the proof-number search a position gets in the first round
/// (each round four times the last).
const FIRST_ROUND: u64 = 500;

/// Whether the prover takes positions of these rules.
pub(super) fn takes(rules: &Rules) -> bool {
    rules.win() == WinRule::FirstToK && rules.shape().cell_count() <= crate::prove::MAX_CELLS
}

/// The values of `positions` (the first of each pair is the caller's
/// index, passed through), `Unknown` where the budget ran out first or
/// there is no table (`None`: the prover does not take the rules).
pub(super) fn prove_all(
    positions: &[(usize, Position)],
    table: Option<&SharedTable>,
    budget: &Budget,
) -> Vec<Value> {
    let mut values = vec![Value::Unknown; positions.len()];
    let Some(table) = table else {
        return values;
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut open: Vec<usize> = (0..positions.len()).collect();
    let mut round = FIRST_ROUND;
    while !open.is_empty() && !budget.expired() {
        open.retain(|&i| {
            if budget.expired() {
                return true;
            }
            let Ok(mut prover) = Prover::with_table(&positions[i].1, table) else {
                return false;
            };
            prover.set_threads(threads);
            prover.set_node_limit(round);
            match prover.run(budget) {
                Verdict::Win(w) => values[i] = Value::Win(w),
                Verdict::Draw => values[i] = Value::Draw,
                Verdict::Unknown => return true,
            }
            false
        });
        round = round.saturating_mul(4);
    }
    values
}
