//! `hypertac prove`: the exact value of a position, with a certificate that
//! `hypertac verify` checks; or a proof split into units for many machines
//! (`--split`, `--shard`, `--merge`: see `shard.rs` and `merge.rs`).
//!
//! The search runs in slices of at most a minute; after each slice the
//! solved part of the table goes to `--checkpoint` (written to a temporary
//! file, then renamed), so Ctrl-C or a kill loses at most the last minute,
//! and the same command with the same `--checkpoint` resumes.

mod frontier;
mod merge;
mod parallel;
mod progress;
mod shard;
mod solve;

use crate::rules_args::RulesArgs;
use hypertac_ai::prove::Verdict;
use hypertac_core::{notation, Position};
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
    /// Search threads. With more than one the position is split a few
    /// moves deep and the threads prove its units (see --checkpoint).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 1024)]
    pub memory: usize,
    /// Stop after this long (e.g. 90s, 10m, 2h; default: until solved).
    #[arg(long, value_parser = parse_duration)]
    pub time: Option<Duration>,
    /// Save progress to this file every minute, and resume from it (with
    /// --threads N > 1: a folder, for the units' proofs and checkpoints).
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
    /// With --threads N > 1: positions one thread searches before the
    /// position is split (0: split at once). For tests.
    #[arg(long, hide = true, default_value_t = QUICK_POSITIONS)]
    pub quick_positions: u64,
    /// Combine the units' proofs in these folders into the root's value
    /// (and, with --proof, one certificate).
    #[arg(long, value_name = "DIR", num_args = 1.., conflicts_with_all = ["split", "shard"])]
    pub merge: Vec<PathBuf>,
}

/// Positions one thread searches, with --threads N > 1, before the
/// position is split (about 15 s on Qubic).
const QUICK_POSITIONS: u64 = 1 << 20;

/// Parses `90`, `90s`, `10m`, `2h` or `1h30m`.
fn parse_duration(text: &str) -> Result<Duration, String> {
    let bad = || format!("{text:?} is not a duration: expected e.g. 90s, 10m, 2h or 1h30m");
    let t = text.trim();
    if t.is_empty() || t.len() > 32 {
        return Err(bad());
    }
    if let Ok(secs) = t.parse::<u64>() {
        return Ok(Duration::from_secs(secs));
    }
    let mut total = 0u64;
    let mut number = String::new();
    for ch in t.chars() {
        if ch.is_ascii_digit() {
            number.push(ch);
            continue;
        }
        let unit = match ch {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            'd' => 86400,
            _ => return Err(bad()),
        };
        let n: u64 = number.parse().map_err(|_| bad())?;
        total = total.saturating_add(n.saturating_mul(unit));
        number.clear();
    }
    if !number.is_empty() {
        return Err(bad());
    }
    Ok(Duration::from_secs(total))
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

fn prove(args: &ProveArgs) -> Result<i32, String> {
    if args.threads == 0 || args.threads > 256 {
        return Err("--threads: expected 1 to 256".into());
    }
    if args.memory == 0 || args.memory > 1 << 20 {
        return Err("--memory: expected 1 to 1048576 MiB".into());
    }
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed));
    }
    if !args.merge.is_empty() {
        refuse_position_arguments(args, "--merge")?;
        let known = merge::merge(&args.merge, args.frontier.as_deref(), args.proof.as_deref())?;
        return Ok(if known { 0 } else { 1 });
    }
    if let Some(text) = &args.shard {
        refuse_position_arguments(args, "--shard")?;
        if args.proof.is_some() {
            return Err(
                "--shard writes each unit's proof into --out; --proof goes with --merge".into(),
            );
        }
        let done = shard::run_shard(&shard::ShardJob {
            frontier: args.frontier.as_deref().ok_or("--shard needs --frontier")?,
            shard: shard::parse_shard(text)?,
            out: args.out.as_deref().ok_or("--shard needs --out")?,
            memory: args.memory << 20,
            time: args.time,
            stop,
        })?;
        return Ok(if done { 0 } else { 1 });
    }
    let rules = args.rules.rules()?;
    let moves = notation::parse_move_list(rules.shape(), &args.moves)
        .map_err(|e| format!("--moves: {e}"))?;
    let pos = Position::from_moves(rules.clone(), &moves)
        .map_err(|(i, e)| format!("--moves: move {} is illegal: {e}", i + 1))?;
    if let Some(depth) = args.split {
        if args.proof.is_some() || args.checkpoint.is_some() || args.time.is_some() {
            return Err(
                "--split only writes the frontier: --proof goes with --merge, --time with --shard (per unit), and shards keep their own checkpoints".into(),
            );
        }
        let path = args
            .frontier
            .as_deref()
            .ok_or("--split needs --frontier FILE")?;
        shard::split(&pos, depth, path)?;
        return Ok(0);
    }
    if args.frontier.is_some() {
        return Err("--frontier goes with --split, --shard or --merge".into());
    }
    if args.threads > 1 {
        // A position one search proves at once is not split (a unit, one
        // move of the root fixed, can take far longer than the whole):
        // unless resuming a split, one thread tries first.
        let resuming = args
            .checkpoint
            .as_deref()
            .is_some_and(|d| d.join("frontier.txt").exists());
        let start = std::time::Instant::now();
        if !resuming
            && args.quick_positions > 0
            && prove_one(args, &pos, stop.clone(), Some(args.quick_positions))?
        {
            return Ok(0);
        }
        // Like one thread's run, exit 0 whether or not the value was found.
        parallel::prove_parallel(&parallel::ParallelJob {
            pos: &pos,
            threads: args.threads,
            memory: args.memory << 20,
            time: args.time.map(|t| t.saturating_sub(start.elapsed())),
            keep: args.checkpoint.as_deref(),
            proof: args.proof.as_deref(),
            stop,
        })?;
        return Ok(0);
    }
    prove_one(args, &pos, stop, None)?;
    Ok(0)
}

/// With --shard and --merge the position comes from the frontier.
fn refuse_position_arguments(args: &ProveArgs, mode: &str) -> Result<(), String> {
    if args.rules.given() || !args.moves.is_empty() {
        return Err(format!(
            "{mode} takes the game and the position from the frontier: leave out --game, --shape, --k, --gravity, --rule, --wrap and --moves"
        ));
    }
    if args.checkpoint.is_some() {
        return Err(format!(
            "{mode} keeps its checkpoints beside the units' proofs: leave out --checkpoint"
        ));
    }
    Ok(())
}

/// Proves one position: the value, a best move, statistics, and the
/// certificate with --proof.
///
/// With `quick`, the search stops after that many positions and uses no
/// checkpoint; `Ok(false)` then says it did not find the value (and
/// nothing but the headline was printed).
fn prove_one(
    args: &ProveArgs,
    pos: &Position,
    stop: Arc<AtomicBool>,
    quick: Option<u64>,
) -> Result<bool, String> {
    let rules = pos.rules();
    let job = solve::Job {
        pos,
        memory: args.memory << 20,
        time: args.time,
        checkpoint: args.checkpoint.as_deref().filter(|_| quick.is_none()),
        stop,
        verbose: true,
        watch: true,
        positions: quick,
        started: None,
    };
    let mut solved = solve::solve(&job)?;
    let (nodes, threat_nodes) = solved.prover.positions();
    if quick.is_some() && solved.verdict == Verdict::Unknown {
        println!(
            "not proved after {nodes} positions ({:.1} s) on one thread: the threads take units of a split",
            solved.elapsed.as_secs_f64()
        );
        return Ok(false);
    }
    let value = match solved.verdict {
        Verdict::Win(p) => format!("{p} wins"),
        Verdict::Draw => "draw".into(),
        Verdict::Unknown => "unknown".into(),
    };
    println!("value: {value}");
    if let Some(best) = solved.prover.best_move() {
        println!("best move: {}", notation::format_cell(rules.shape(), best));
    }
    println!(
        "positions: {nodes} proof-number, {threat_nodes} threat-sequence; time {:.1} s; peak memory {}",
        solved.elapsed.as_secs_f64(),
        solve::peak_memory().map_or("unknown".into(), |kb| format!("{} MiB", kb >> 10))
    );
    let known = solved.verdict != Verdict::Unknown;
    let Some(path) = &args.proof else {
        return Ok(known);
    };
    if !known {
        println!("no proof written: the value is not known yet");
        return Ok(false);
    }
    let t = std::time::Instant::now();
    let cert = solve::certificate(&mut solved)?;
    cert.save(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let entries: usize = cert.sections.iter().map(hypertac_proof::Section::len).sum();
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    println!(
        "proof: {} ({entries} entries, {bytes} bytes, built in {:.1} s)",
        path.display(),
        t.elapsed().as_secs_f64()
    );
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::parse_duration;
    use std::time::Duration;

    #[test]
    fn durations_parse() {
        assert_eq!(parse_duration("90").unwrap(), Duration::from_secs(90));
        assert_eq!(parse_duration("1h30m").unwrap(), Duration::from_secs(5400));
        assert_eq!(parse_duration("10m").unwrap(), Duration::from_secs(600));
        assert!(parse_duration("10x").is_err());
        assert!(parse_duration("m").is_err());
        assert!(parse_duration("").is_err());
    }
}
