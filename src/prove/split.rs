//! `prove --split DEPTH --frontier FILE`: the position expanded to DEPTH
//! moves, its open positions (symmetric ones once) written as the work
//! units of a frontier file (`frontier.rs`) for `--shard` to prove.

use super::frontier::Frontier;
use super::root::describe_root;
use hypertac_ai::prove::Split;
use hypertac_core::Position;
use std::path::PathBuf;

/// What `--split` does.
pub struct SplitJob {
    /// The position to split.
    pub root: Position,
    /// Moves to expand.
    pub depth: u32,
    /// The frontier file to write.
    pub frontier: PathBuf,
}

/// Writes the frontier of the job's root split to its depth.
///
/// # Errors
/// A depth too large, or a file that cannot be written.
pub fn split(job: &SplitJob) -> Result<(), String> {
    let split = Split::new(&job.root, job.depth).map_err(|e| e.to_string())?;
    Frontier::write(&split, &job.frontier)?;
    println!(
        "split {} to depth {}: {} units, {} positions above them; frontier written to {}",
        describe_root(&job.root),
        job.depth,
        split.unit_count(),
        split.inner_count(),
        job.frontier.display()
    );
    Ok(())
}
