//! A certificate cut down to the entries its check looked up.
//!
//! The prover's walk writes an entry for every position where it chose a
//! move, including positions the checker never reaches: symmetric copies
//! of an earlier entry (the checker uses the first entry of a canonical
//! form, see `checker.rs`), and positions below a copy of a position
//! already proved. [`keep_used`] keeps, section by section, only the
//! entries a check ([`crate::verify`]) reported as used, in their order.
//!
//! Dropping an entry can change what the checker computes elsewhere (an
//! entry's fingerprint decides where it looks for symmetric copies), so
//! the result is a new claim: it must be checked again before it replaces
//! the original (`hypertac prove --shrink` does).

use crate::format::Certificate;
use crate::report::Report;
use crate::section::Section;

/// `cert` with only the entries `report` (a check of `cert`) used.
///
/// # Errors
/// A report that is not of this certificate (other sections, or other
/// entry counts).
pub fn keep_used(cert: &Certificate, report: &Report) -> Result<Certificate, String> {
    if report.sections.len() != cert.sections.len() {
        return Err("the report is not of this certificate (other sections)".into());
    }
    let mut out = cert.clone();
    for (section, seen) in out.sections.iter_mut().zip(&report.sections) {
        if seen.used.len() != section.len()
            || seen.player != section.player
            || seen.goal != section.goal
        {
            return Err("the report is not of this certificate (other entries)".into());
        }
        let mut kept = Section::new(section.player, section.goal, section.cells());
        for (i, _) in seen.used.iter().enumerate().filter(|(_, &u)| u) {
            kept.push_from(section, i);
        }
        *section = kept;
    }
    Ok(out)
}
