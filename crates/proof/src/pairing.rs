//! Pairing strategies: how a side that need only not lose settles a whole
//! subtree with one entry (format version 3).
//!
//! A *pairing* against player A is a set of disjoint pairs of empty cells
//! such that every line A could still complete (no stone of the other
//! side, B, on it) holds both cells of at least one pair. B then never
//! loses: whenever A takes a paired cell, B takes its partner (still
//! empty, since pairs are disjoint and B answers at once); otherwise B
//! plays anywhere. Each of A's lines keeps one cell of its pair for B, so
//! A completes none. Gravity breaks the argument (the partner may not be
//! playable), so the checker refuses pairings on gravity boards.
//!
//! The check is linear in the board's line cells: each paired cell notes
//! its partner, then each live line looks for a cell whose partner lies on
//! the line too.

use crate::board::Board;
use hypertac_core::Player;

/// Checks that `pairs` (cells, two by two) is a pairing against `attacker`
/// on `board` (see the module docs); the error names (by `name`) the first
/// line it leaves uncovered, or the cell that is not fit to pair.
pub(crate) fn check(
    board: &Board,
    attacker: Player,
    pairs: &[u16],
    name: &dyn Fn(usize) -> String,
) -> Result<(), String> {
    if board.has_gravity() {
        return Err("a pairing strategy needs a board without gravity".into());
    }
    let lines = board.lines();
    const NONE: u32 = u32::MAX;
    let mut partner = vec![NONE; lines.cells()];
    for pair in pairs.chunks(2) {
        let [a, b] = [usize::from(pair[0]), usize::from(pair[1])];
        for c in [a, b] {
            if c >= lines.cells() || !board.is_empty(c) {
                return Err(format!("the paired cell {} is not empty", name(c)));
            }
            if partner[c] != NONE || a == b {
                return Err(format!("the pairing uses the cell {} twice", name(c)));
            }
        }
        partner[a] = b as u32;
        partner[b] = a as u32;
    }
    let defender = attacker.other();
    for l in 0..lines.len() {
        if board.count(l, defender) > 0 {
            continue;
        }
        let cells = lines.cells_of(l);
        let covered = cells.iter().any(|&c| {
            let p = partner[usize::from(c)];
            p != NONE && cells.contains(&(p as u16))
        });
        if !covered {
            let shown: Vec<String> = cells.iter().map(|&c| name(usize::from(c))).collect();
            return Err(format!(
                "the line {} is open to {attacker} and holds no pair",
                shown.join(" ")
            ));
        }
    }
    Ok(())
}
