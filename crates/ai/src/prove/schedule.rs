//! Which unit of a split to work on next: a proof-number search over the
//! tree above the units, whose leaves are the units (Allis' PN², with the
//! units' searches as the second level).
//!
//! A unit whose value is known is proved or disproved; any other unit's
//! proof and disproof numbers are its `weight`, the work spent on it so far
//! in budget units: a unit that resisted grows dearer, and the search turns
//! to other lines of play, so a wrong first guess costs a bounded share of
//! the time rather than all of it. A unit another thread is working on
//! keeps its numbers but is not chosen: the search takes the best position
//! that still has a unit nobody is on (at the attacker's positions the
//! next-best move, at the defender's the next reply), so threads share the
//! work the root needs.
//!
//! The question is the one the prover asks first, "does the side to move
//! at the root win?"; once that is disproved, "does the other side?"; once
//! both are, the units the split's value still needs, in turn.

use super::split::{NodeView, Split};
use super::verdict::Verdict;
use hypertac_core::Player;

/// Proof or disproof number of a settled node.
const INF: u64 = u64::MAX / 4;

/// The unit the search should work on next, or `None` when the units
/// proved so far decide the root's value, or every unit the root still
/// needs is `running`.
///
/// # Panics
/// When the slices do not have one entry per unit.
pub fn next_unit(
    split: &Split,
    values: &[Verdict],
    weights: &[u64],
    running: &[bool],
) -> Option<usize> {
    let units = split.unit_count();
    assert!(values.len() == units && weights.len() == units && running.len() == units);
    if split.value(values) != Verdict::Unknown {
        return None;
    }
    let me = split.root().to_move();
    for attacker in [me, me.other()] {
        let numbers = numbers(split, attacker, values, weights);
        let (pn, dn) = numbers[0];
        if dn == 0 {
            // The attacker cannot win: ask the other question.
            continue;
        }
        if pn == 0 {
            return None;
        }
        let free = free(split, values, running, &numbers);
        return descend(split, attacker, &numbers, &free);
    }
    // Neither side can win, yet the split's value (a minimax of known
    // values, which keeps no bounds) is not a draw until the units below
    // its unknown positions are known: take those, cheapest first.
    let needed = split.needed(values);
    (0..units)
        .filter(|&u| needed[u] && !running[u])
        .min_by_key(|&u| weights[u])
}

/// Every node's (proof, disproof) numbers for "does `attacker` win?".
fn numbers(
    split: &Split,
    attacker: Player,
    values: &[Verdict],
    weights: &[u64],
) -> Vec<(u64, u64)> {
    let settled = |v: Verdict| {
        if v == Verdict::Win(attacker) {
            (0, INF)
        } else {
            (INF, 0)
        }
    };
    let mut out = vec![(0, 0); split.node_count()];
    for id in (0..split.node_count()).rev() {
        let (to_move, view) = split.node(id);
        out[id] = match view {
            NodeView::Over(v) => settled(v),
            NodeView::Unit(u) if values[u] != Verdict::Unknown => settled(values[u]),
            NodeView::Unit(u) => (weights[u].clamp(1, INF), weights[u].clamp(1, INF)),
            NodeView::Inner(children) => {
                let mut min = (INF, INF);
                let mut sum = (0u64, 0u64);
                for &(_, c) in children {
                    let (pn, dn) = out[c];
                    min = (min.0.min(pn), min.1.min(dn));
                    sum = ((sum.0 + pn).min(INF), (sum.1 + dn).min(INF));
                }
                if to_move == attacker {
                    (min.0, sum.1)
                } else {
                    (sum.0, min.1)
                }
            }
        };
    }
    out
}

/// Whether each node is open (not settled) and has an open unit below it
/// that no thread is on.
fn free(split: &Split, values: &[Verdict], running: &[bool], numbers: &[(u64, u64)]) -> Vec<bool> {
    let mut out = vec![false; split.node_count()];
    for id in (0..split.node_count()).rev() {
        let (pn, dn) = numbers[id];
        if pn == 0 || dn == 0 {
            continue;
        }
        out[id] = match split.node(id).1 {
            NodeView::Unit(u) => values[u] == Verdict::Unknown && !running[u],
            NodeView::Over(_) => false,
            NodeView::Inner(children) => children.iter().any(|&(_, c)| out[c]),
        };
    }
    out
}

/// The most-proving free unit below the root: at the attacker's positions
/// the free child with the least proof number, at the defender's the one
/// with the least disproof number (the first such, so the stronger-looking
/// move); `None` when no unit is free.
fn descend(
    split: &Split,
    attacker: Player,
    numbers: &[(u64, u64)],
    free: &[bool],
) -> Option<usize> {
    let mut id = 0;
    loop {
        if !free[id] {
            return None;
        }
        let (to_move, view) = split.node(id);
        match view {
            NodeView::Unit(u) => return Some(u),
            NodeView::Over(_) => return None,
            NodeView::Inner(children) => {
                let number = |c: usize| {
                    if to_move == attacker {
                        numbers[c].0
                    } else {
                        numbers[c].1
                    }
                };
                id = children
                    .iter()
                    .map(|&(_, c)| c)
                    .filter(|&c| free[c])
                    .min_by_key(|&c| number(c))?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::{Position, Rules};

    fn split_of(depth: u32) -> Split {
        let pos = Position::new(Rules::preset("tictactoe").unwrap());
        Split::new(&pos, depth).unwrap()
    }

    #[test]
    fn takes_units_in_order_while_they_hold_and_skips_running_ones() {
        // Tic-tac-toe at depth 2: X's first move, then O's reply.
        let s = split_of(2);
        let n = s.unit_count();
        let values = vec![Verdict::Unknown; n];
        let weights = vec![1; n];
        let mut running = vec![false; n];
        let first = next_unit(&s, &values, &weights, &running).unwrap();
        assert_eq!(first, 0, "the strongest first move's first reply");
        running[first] = true;
        let second = next_unit(&s, &values, &weights, &running).unwrap();
        assert_eq!(second, 1, "the same first move's next reply");
    }

    #[test]
    fn a_running_move_of_the_attacker_leaves_the_next_one_to_another_thread() {
        // Depth 1: the units are X's first moves, X (to move) needs one.
        let s = split_of(1);
        let n = s.unit_count();
        let values = vec![Verdict::Unknown; n];
        let weights = vec![1; n];
        let mut running = vec![false; n];
        running[0] = true;
        assert_eq!(next_unit(&s, &values, &weights, &running), Some(1));
        running[1] = true;
        assert_eq!(next_unit(&s, &values, &weights, &running), Some(2));
        running[2] = true;
        assert_eq!(next_unit(&s, &values, &weights, &running), None);
    }

    #[test]
    fn a_dear_unit_gives_way_to_other_lines() {
        let s = split_of(2);
        let n = s.unit_count();
        let values = vec![Verdict::Unknown; n];
        let running = vec![false; n];
        let mut weights = vec![1; n];
        weights[0] = 1 << 20;
        let u = next_unit(&s, &values, &weights, &running).unwrap();
        assert_ne!(u, 0);
    }

    #[test]
    fn stops_when_the_root_is_decided_and_asks_the_second_question() {
        let s = split_of(1);
        let n = s.unit_count();
        let weights = vec![1; n];
        let running = vec![false; n];
        // X wins after one first move: nothing more is needed.
        let mut values = vec![Verdict::Unknown; n];
        values[n - 1] = Verdict::Win(Player::X);
        assert_eq!(next_unit(&s, &values, &weights, &running), None);
        // X's first moves all drawn but one: the last one is still needed.
        let mut values = vec![Verdict::Draw; n];
        values[1] = Verdict::Unknown;
        assert_eq!(next_unit(&s, &values, &weights, &running), Some(1));
        // Every first move known: the value is known.
        values[1] = Verdict::Draw;
        assert_eq!(next_unit(&s, &values, &weights, &running), None);
        // Only running units are left to try.
        let mut values = vec![Verdict::Unknown; n];
        let all = vec![true; n];
        values[0] = Verdict::Draw;
        assert_eq!(next_unit(&s, &values, &weights, &all), None);
    }
}
