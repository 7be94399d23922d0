//! `hypertac prove` of one position: its value, a best move, statistics,
//! and with `--proof` its certificate.

use super::solve::{self, Job};
use super::value;
use hypertac_core::{notation, Position};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// What a one-thread proof does.
pub struct OneJob {
    /// The position.
    pub pos: Position,
    /// Search threads (over one table).
    pub threads: usize,
    /// Table size in bytes.
    pub memory: usize,
    /// Stop after this long.
    pub time: Option<Duration>,
    /// Save progress to and resume from this file.
    pub checkpoint: Option<PathBuf>,
    /// Write the certificate here once the value is known.
    pub proof: Option<PathBuf>,
}

/// Proves the job's position and prints what was found; `Ok(true)` when
/// the value is known (and the certificate, if asked for, written).
///
/// # Errors
/// A position the prover does not take, or a file that cannot be read or
/// written.
pub fn prove_one(job: &OneJob, stop: Arc<AtomicBool>) -> Result<bool, String> {
    let rules = job.pos.rules();
    let mut solved = solve::solve(&Job {
        pos: &job.pos,
        threads: job.threads,
        memory: job.memory,
        time: job.time,
        checkpoint: job.checkpoint.as_deref(),
        stop: stop.clone(),
        verbose: true,
        watch: true,
        positions: None,
        started: None,
    })?;
    let (nodes, threat_nodes) = solved.prover.positions();
    println!("value: {}", value::text(solved.value));
    if let Some(best) = solved.prover.best_move() {
        println!("best move: {}", notation::format_cell(rules.shape(), best));
    }
    println!(
        "positions: {nodes} proof-number, {threat_nodes} threat-sequence; time {:.1} s; CPU {:.1} s; peak memory {}",
        solved.elapsed.as_secs_f64(),
        solve::cpu_seconds(),
        solve::peak_memory().map_or("unknown".into(), |kb| format!("{} MiB", kb >> 10))
    );
    let known = solved.value.is_some();
    let Some(path) = &job.proof else {
        return Ok(known);
    };
    if !known {
        println!("no proof written: the value is not known yet");
        return Ok(false);
    }
    let (t, cpu) = (std::time::Instant::now(), solve::cpu_seconds());
    let (cert, walk) = solve::certificate(&mut solved, job.checkpoint.as_deref(), stop)?;
    solve::save_certificate(&cert, path, "built", t, cpu)?;
    if let Some(walk) = &walk {
        // The certificate holds all the walk's file held.
        let _ = std::fs::remove_file(walk);
    }
    Ok(true)
}
