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

use crate::ahead::Ahead;
use crate::board::Lines;
use crate::checker::Checker;
use crate::format::{Certificate, Goal};
use crate::report::{Report, SectionReport, VerifyError};
use crate::symmetry::Symmetries;
use hypertac_core::{notation, Player, Position, Rules, WinRule};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
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
    let setup = Setup::new(cert)?;
    let mut reports = Vec::new();
    let mut done = 0u64;
    for s in 0..cert.sections.len() {
        let report = setup.section(s, false, &mut |n| progress(done + n))?;
        done += report.positions;
        reports.push(report);
    }
    Ok(setup.report(reports))
}

/// [`verify`] on up to `threads` threads: the sections (the two of a
/// draw) are checked at once, each by its own checker, and within a
/// section the threat searches after the other side's replies are worked
/// out ahead on every thread (`ahead.rs`). Each section's walk is the
/// sequential one and holds no state shared with another's, so the
/// verdict, the counts and the error (the first failing section's, in the
/// certificate's order) are those of [`verify`]. `progress` is called
/// with the positions visited over all sections.
///
/// # Errors
/// As [`verify`], and a thread pool that cannot be started.
pub fn verify_threads(
    cert: &Certificate,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, VerifyError> {
    if threads <= 1 {
        return verify(cert, &mut |n| progress(n));
    }
    let setup = Setup::new(cert)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| VerifyError::new(format!("cannot start {threads} threads: {e}")))?;
    let counts: Vec<AtomicU64> = cert.sections.iter().map(|_| AtomicU64::new(0)).collect();
    let (setup_ref, counts_ref) = (&setup, &counts);
    let results: Vec<Result<SectionReport, VerifyError>> = pool.install(|| {
        (0..cert.sections.len())
            .into_par_iter()
            .map(|s| {
                setup_ref.section(s, true, &mut |n| {
                    counts_ref[s].store(n, Ordering::Relaxed);
                    progress(counts_ref.iter().map(|c| c.load(Ordering::Relaxed)).sum());
                })
            })
            .collect()
    });
    let reports = results.into_iter().collect::<Result<Vec<_>, _>>()?;
    Ok(setup.report(reports))
}

/// What every section's check shares: the rules, the root, the line
/// table and the symmetry group.
struct Setup<'c> {
    cert: &'c Certificate,
    rules: Rules,
    root: Position,
    lines: Arc<Lines>,
    symmetries: Symmetries,
}

impl<'c> Setup<'c> {
    fn new(cert: &'c Certificate) -> Result<Setup<'c>, VerifyError> {
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
        Ok(Setup {
            cert,
            rules,
            root,
            lines,
            symmetries,
        })
    }

    /// Checks section `s` from the root; `ahead`: with threat searches
    /// worked out ahead on the current rayon pool's threads.
    fn section(
        &self,
        s: usize,
        ahead: bool,
        progress: &mut dyn FnMut(u64),
    ) -> Result<SectionReport, VerifyError> {
        let cert = self.cert;
        let section = &cert.sections[s];
        let label = if cert.sections.len() > 1 {
            format!("section {s} ({} does not lose): ", section.player)
        } else {
            String::new()
        };
        let mut checker = Checker::new(
            &self.rules,
            &self.lines,
            &self.symmetries,
            section,
            &label,
            cert.derive,
        )?;
        checker.remember_settled = cert.remembers_settled;
        if let Some(limits) = cert.derive.filter(|_| ahead) {
            checker.ahead = Some(Ahead::new(&checker.board, limits));
        }
        for (cell, player) in self.root.stones() {
            checker.board.play(cell.0 as usize, player);
        }
        checker.run(progress)
    }

    fn report(&self, sections: Vec<SectionReport>) -> Report {
        Report {
            value: self.cert.value,
            rules: self.rules.to_string(),
            root: notation::format_move_list(self.rules.shape(), &self.cert.moves),
            symmetries: self.symmetries.len(),
            sections,
        }
    }
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
