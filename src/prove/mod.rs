//! `hypertac prove`: the exact value of a position, with a certificate that
//! `hypertac verify` checks; or a proof split into units for many machines
//! (`--split`, `--shard`, `--merge`), or a certificate cut down to what its
//! check uses (`--shrink`).
//!
//! The flags are read as given ([`ProveArgs`]), then settled once into one
//! typed job (`mode.rs`), which its own file runs: `one.rs` (one position,
//! on `--threads` threads over one table), `split.rs`, `shard.rs`,
//! `merge.rs`, `shrink.rs`. They share `solve.rs` (one search, its checkpoints and its
//! certificate), `units.rs` (the unit folder), `frontier.rs` (the frontier
//! file), `root.rs` (how a root is named) and `value.rs` (the value's two
//! forms).
//!
//! Every minute the search writes its whole table to `--checkpoint` from
//! inside (to a temporary file, then renamed) and goes on, so Ctrl-C or a
//! kill loses at most the last minute, and the same command with the same
//! `--checkpoint` resumes.

mod frontier;
mod merge;
mod mode;
mod one;
mod progress;
mod root;
mod shard;
mod shrink;
mod solve;
mod split;
mod units;
mod value;

use crate::rules_args::RulesArgs;
use mode::Mode;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Arguments of the subcommand.
#[derive(clap::Args, Debug)]
pub struct ProveArgs {
    /// The game's rules (the prover handles the win rule `first`).
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The position: moves from the empty board, `x,y,z;x,y,z`, X first.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Search threads, all on the one table (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Transposition table size in MiB, at most (it starts at 24 MiB and doubles as it fills).
    #[arg(long, default_value_t = 1024)]
    pub memory: usize,
    /// Stop after this long (e.g. 90s, 10m, 2h; default: until solved).
    #[arg(long, value_parser = parse_time)]
    pub time: Option<Duration>,
    /// Save progress to this file every minute, and resume from it.
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Write the certificate here once the value is known (with --merge: the merged one).
    #[arg(long)]
    pub proof: Option<PathBuf>,
    /// Split the proof: expand the position to this many moves and write
    /// the open positions (symmetric ones once) to --frontier.
    #[arg(long, value_name = "DEPTH", requires = "frontier")]
    pub split: Option<u32>,
    /// The work units of a split (written by --split, read by --shard and --merge).
    #[arg(long, value_name = "FILE")]
    pub frontier: Option<PathBuf>,
    /// Prove the units I, I+N, I+2N, ... of --frontier (unit number mod N = I).
    #[arg(long, value_name = "I/N", requires_all = ["frontier", "out"], conflicts_with = "split")]
    pub shard: Option<String>,
    /// Folder for the units' proofs and checkpoints (with --shard).
    #[arg(long, value_name = "DIR", requires = "shard")]
    pub out: Option<PathBuf>,
    /// Combine the units' proofs in these folders into the root's value
    /// (and, with --proof, one certificate).
    #[arg(long, value_name = "DIR", num_args = 1.., conflicts_with_all = ["split", "shard"])]
    pub merge: Vec<PathBuf>,
    /// Rewrite this certificate with only the entries its check looks up,
    /// check the result again and write it to --proof.
    #[arg(long, value_name = "FILE", requires = "proof", conflicts_with_all = ["split", "shard", "merge"])]
    pub shrink: Option<PathBuf>,
}

/// `--time` (the grammar of [`crate::duration`]).
fn parse_time(text: &str) -> Result<Duration, String> {
    crate::duration::parse(text)
        .ok_or_else(|| format!("{text:?} is not a duration: expected e.g. 90s, 10m, 2h or 1h30m"))
}

/// Runs the subcommand; returns the exit code.
pub fn run(args: &ProveArgs) -> i32 {
    match prove(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("hypertac prove: {e}");
            2
        }
    }
}

/// Settles the job and runs it: exit 0 when done (for a one-position
/// proof, whether or not the value was found), 1 when a merge lacks units
/// or a shard has units left.
fn prove(args: &ProveArgs) -> Result<i32, String> {
    let mode = Mode::settle(args)?;
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed));
    }
    let finished = |done: bool| if done { 0 } else { 1 };
    match mode {
        Mode::Merge(job) => merge::merge(&job).map(finished),
        Mode::Shard(job) => shard::run_shard(&job, &stop).map(finished),
        Mode::Split(job) => split::split(&job).map(|()| 0),
        Mode::Shrink(job) => shrink::shrink(&job).map(|()| 0),
        Mode::One(job) => one::prove_one(&job, stop).map(|_| 0),
    }
}
