//! The checker: replays every reply of the other side against each section's strategy.
//!
//! For a section (player P, goal G), from the root:
//! - P to move: if P can complete a line now, the branch is won. Otherwise
//!   an entry gives P's move, which must be legal: the entry of the
//!   position itself; else (version 2) the checker's threat sequence
//!   search, which may win the branch; else the first entry of an image
//!   of the position (`docs/proof-format.md`, section 4, step 5). If the
//!   move completes a line the branch is won; if it fills the board the
//!   branch is a draw (fine for not-lose, a failure for win).
//!   A pairing entry's pairs (version 3) must then be a pairing against
//!   the other side (`pairing.rs`), which settles the branch.
//! - The other side to move: a full board is a draw; otherwise no legal
//!   reply may complete a line of that side (checked for all replies first,
//!   so the shallowest failure is reported), then every legal reply is
//!   played and each position after it is checked as above, replies in
//!   cell order.
//!
//! Positions with P to move proved with a move (an entry's or a forced
//! block's), and the positions after that move once all their replies are
//! checked, are remembered by their canonical form (full bitsets, never
//! hashes alone), so a proof is checked as a DAG: transpositions and
//! symmetric positions once each. Positions the checker settles by itself
//! (a line to complete, a threat sequence) are not remembered when the
//! certificate says so (`"settled":"forgotten"`, what hypertac writes now):
//! met again they are settled again, so the checker's memory grows with
//! the entries, not with the positions checked (4^5's walk meets hundreds
//! of millions). Older certificates rely on their being remembered, and
//! are checked so.
//! A canonical form (the least image over the group, found from the maps
//! that send an anchor stone to the smallest cell of its orbit: 480 of
//! 4^5's 15,360 for a corner; `symmetry.rs`) is computed only where it
//! can matter: for a forced block, for
//! the position after P's move, and where the position's fingerprint
//! (`fingerprint.rs`), a symmetry-invariant hash, is that of an entry or
//! of a remembered position.
//! The search is iterative (an explicit stack), so deep boards cannot
//! overflow the call stack.

use crate::board::Lines;
use crate::checker::Checker;
use crate::format::{Certificate, Goal};
use crate::report::{Report, VerifyError};
use crate::symmetry::Symmetries;
use hypertac_core::{notation, Player, Position, WinRule};
use std::sync::Arc;

/// Checks that `cert` proves its value (see the module docs).
///
/// `progress` is called with the number of positions visited so far, every
/// 65536 positions.
///
/// # Errors
/// A rule other than first-to-k, a root that is illegal or over, sections
/// that do not match the value, a malformed or repeated entry, or the first
/// position where a section's strategy fails, named by its moves from the root.
pub fn verify(cert: &Certificate, progress: &mut dyn FnMut(u64)) -> Result<Report, VerifyError> {
    let rules = cert
        .to_rules()
        .map_err(|e| VerifyError::new(e.to_string()))?;
    if rules.win() != WinRule::FirstToK {
        return Err(VerifyError::new(format!(
            "the checker supports the rule first (first to complete k in a row), not {}",
            rules.win().name()
        )));
    }
    let root = Position::from_moves(rules.clone(), &cert.moves).map_err(|(i, e)| {
        VerifyError::new(format!("the root position is illegal: move {}: {e}", i + 1))
    })?;
    if root.is_over() {
        return Err(VerifyError::new(
            "the root position is over: there is nothing to prove",
        ));
    }
    check_claim(cert)?;
    let lines = Arc::new(Lines::new(&rules).map_err(VerifyError::new)?);
    let symmetries = Symmetries::with_lines(&rules, &lines);
    let mut reports = Vec::new();
    let mut done = 0u64;
    for (s, section) in cert.sections.iter().enumerate() {
        let label = if cert.sections.len() > 1 {
            format!("section {s} ({} does not lose): ", section.player)
        } else {
            String::new()
        };
        let mut checker = Checker::new(&rules, &lines, &symmetries, section, &label, cert.derive)?;
        checker.remember_settled = cert.remembers_settled;
        for (cell, player) in root.stones() {
            checker.board.play(cell.0 as usize, player);
        }
        let report = checker.run(&mut |n| progress(done + n))?;
        done += report.positions;
        reports.push(report);
    }
    Ok(Report {
        value: cert.value,
        rules: rules.to_string(),
        root: notation::format_move_list(rules.shape(), &cert.moves),
        symmetries: symmetries.len(),
        sections: reports,
    })
}

/// The sections must be exactly those the value needs.
fn check_claim(cert: &Certificate) -> Result<(), VerifyError> {
    let mut want = cert.value.sections();
    let have: Vec<(Player, Goal)> = cert.sections.iter().map(|s| (s.player, s.goal)).collect();
    let mut sorted = have.clone();
    sorted.sort_by_key(|&(p, g)| (p, g as u8));
    want.sort_by_key(|&(p, g)| (p, g as u8));
    if sorted != want {
        let show = |v: &[(Player, Goal)]| {
            v.iter()
                .map(|(p, g)| format!("{{{p}, {g}}}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        return Err(VerifyError::new(format!(
            "the value {:?} needs the sections {}; the proof has {}",
            cert.value.to_string(),
            show(&want),
            if have.is_empty() {
                "none".to_string()
            } else {
                show(&have)
            }
        )));
    }
    Ok(())
}
