//! `prove --shrink IN --proof OUT`: a certificate rewritten with only the
//! entries its check looks up, checked again before it is written.
//!
//! The walk writes entries the checker never reaches (symmetric copies of
//! earlier entries, positions below a copy of a proved position): on 4^5
//! about three in four. The checker (`hypertac_proof::verify`) says which
//! entries it used; [`hypertac_proof::keep_used`] keeps those; the result
//! is checked from the start like any certificate, and OUT is written
//! (through a temporary file) only if that check accepts it with the same
//! value. IN is never changed, so OUT may not be IN.

use super::solve::save_certificate;
use hypertac_proof::{keep_used, verify, Certificate, Section};
use std::path::PathBuf;
use std::time::Instant;

/// What `--shrink` does.
pub struct ShrinkJob {
    /// The certificate to cut down.
    pub input: PathBuf,
    /// Where the smaller one goes.
    pub proof: PathBuf,
}

/// Cuts the certificate down, checks the result and writes it.
///
/// # Errors
/// An unreadable or refused input, a result the checker refuses (nothing
/// written then), or a file that cannot be written.
pub fn shrink(job: &ShrinkJob) -> Result<(), String> {
    if same_file(&job.input, &job.proof) {
        return Err("--shrink: --proof must name another file (the input is kept as it is)".into());
    }
    let (start, cpu) = (Instant::now(), super::solve::cpu_seconds());
    let name = job.input.display();
    let cert = Certificate::load(&job.input).map_err(|e| format!("{name}: {e}"))?;
    let before: usize = cert.sections.iter().map(Section::len).sum();
    println!("checking {name} ({before} entries)");
    let report = verify(&cert, &mut |_| {}).map_err(|e| format!("{name}: proof rejected: {e}"))?;
    let mut small = keep_used(&cert, &report)?;
    if let Some(stats) = small.stats.as_object_mut() {
        stats.insert("entries_before_shrink".into(), before.into());
    }
    let after: usize = small.sections.iter().map(Section::len).sum();
    println!("checking the {after} entries it used");
    let again = verify(&small, &mut |_| {}).map_err(|e| {
        format!("the certificate cut down to its used entries is refused ({e}); nothing written")
    })?;
    if again.value != report.value {
        return Err(
            "the certificate cut down to its used entries proves another value; nothing written"
                .into(),
        );
    }
    save_certificate(&small, &job.proof, "shrunk and checked", start, cpu)?;
    println!("kept {after} of {before} entries: {}", again.value);
    Ok(())
}

/// Whether two paths name one file (an existing one; a path that does not
/// exist yet names no file).
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
