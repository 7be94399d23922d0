//! The Erdős–Selfridge potential: how a side that need only not lose
//! settles a whole subtree with one entry that lists nothing (format
//! version 4).
//!
//! The potential of a position against player A is the sum, over the
//! lines with no stone of the other side B, of 2^-(cells of the line A
//! does not hold yet). With B to move, no gravity and the potential below
//! 1, B never loses. B's strategy: always play the empty cell whose lines
//! carry the most potential (its weight). B's stone on cell b takes b's
//! weight w(b) away; A's reply on a removes the lines through both and
//! doubles the other open lines through a, adding at most w(a) <= w(b).
//! So from one B turn to the next the potential never grows, and a line
//! that A completed would count 1 on its own: A completes none. Games
//! that end earlier (B's line, a full board) are not losses of B. Gravity
//! breaks the argument (the heaviest cell may not be playable), so the
//! checker refuses potential entries on gravity boards.
//!
//! The check reads each line once. The sum is exact: the lines are counted
//! by how many cells they lack, and the counts are carried as binary
//! digits from the lightest lines up (the floor of (c + t / 2) is c plus
//! the floor of (floor(t) / 2) for a whole c), so no fraction is rounded.

use crate::board::Board;
use hypertac_core::Player;

/// Checks that the potential against `attacker` on `board` is below 1;
/// the error says what it is at least.
pub(crate) fn check(board: &Board, attacker: Player) -> Result<(), String> {
    if board.has_gravity() {
        return Err("a potential strategy needs a board without gravity".into());
    }
    let lines = board.lines();
    let defender = attacker.other();
    // lacking[j]: lines open to the attacker that lack j of their cells.
    let mut lacking: Vec<u64> = Vec::new();
    for l in 0..lines.len() {
        if board.count(l, defender) > 0 {
            continue;
        }
        let missing = lines.cells_of(l).len() - usize::from(board.count(l, attacker));
        if lacking.len() <= missing {
            lacking.resize(missing + 1, 0);
        }
        lacking[missing] += 1;
    }
    // The floor of the sum.
    let mut carry = 0u64;
    for j in (1..lacking.len()).rev() {
        carry = (carry + lacking[j]) / 2;
    }
    let whole = carry + lacking.first().copied().unwrap_or(0);
    if whole == 0 {
        return Ok(());
    }
    let lines_open: u64 = lacking.iter().sum();
    Err(format!(
        "the potential against {attacker} is at least 1 ({lines_open} lines open to {attacker})"
    ))
}

/// The strategy's move by the potential against `attacker`: the empty cell
/// whose lines open to the attacker carry the most potential, the lowest
/// index among equals (a line holding s stones of the attacker weighs
/// 2^s, the potential times 2^k).
pub(crate) fn heaviest(board: &Board, attacker: Player) -> Option<usize> {
    let lines = board.lines();
    let defender = attacker.other();
    let mut best: Option<(u128, usize)> = None;
    for c in (0..lines.cells()).filter(|&c| board.is_empty(c)) {
        let weight: u128 = lines
            .through(c)
            .iter()
            .map(|&l| l as usize)
            .filter(|&l| board.count(l, defender) == 0)
            .map(|l| 1u128 << u32::from(board.count(l, attacker)).min(126))
            .sum();
        if best.is_none_or(|(w, _)| weight > w) {
            best = Some((weight, c));
        }
    }
    best.map(|(_, c)| c)
}
