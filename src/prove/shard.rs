//! `prove --frontier FILE --shard I/N --out DIR`: one shard's units of a
//! split proof (`split.rs`) proved.
//!
//! A shard proves the units whose number is I modulo N, each into
//! `DIR/unit-U.proof` (the folder's layout: `units.rs`) (written through a temporary file, so a file there is
//! whole), with `DIR/unit-U.checkpoint` while it runs. A unit whose proof
//! is already there is skipped, so a shard that died is simply run again
//! (a unit's certificate walk saves its progress in `DIR/unit-U.checkpoint.walk`).
//! Before each unit it reads the proofs already in DIR (its own and other
//! shards') and skips the unit if the root's value no longer depends on it
//! (e.g. another unit already proved a winning move of the side to move).
//! When all its units are proved or not needed it writes
//! `DIR/shard-I-of-N.done`, which tells `--merge` how the units were shared
//! out.

use super::frontier::Frontier;
use super::root::describe_root;
use super::solve::{certificate, solve, Job};
use super::units::{
    done_marker, keep_frontier_copy, load_unit, read_values, unit_checkpoint, unit_proof,
};
use super::value::verdict_of;
use crate::atomic_file;
use crate::shard_spec::Shard;
use hypertac_ai::prove::Verdict;
use hypertac_core::{notation, Position};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// What `--shard` does.
pub struct ShardJob {
    /// The frontier file.
    pub frontier: PathBuf,
    /// I/N.
    pub shard: Shard,
    /// Where the units' proofs go.
    pub out: PathBuf,
    /// Search threads a unit.
    pub threads: usize,
    /// Table size in bytes.
    pub memory: usize,
    /// Time limit per unit.
    pub time: Option<Duration>,
}

/// Proves the shard's units; `Ok(true)` when all of them are proved.
///
/// # Errors
/// A bad frontier, an output folder that cannot be written, or a unit the
/// prover does not take.
pub fn run_shard(job: &ShardJob, stop: &Arc<AtomicBool>) -> Result<bool, String> {
    let frontier = Frontier::read(&job.frontier)?;
    let split = &frontier.split;
    let rules = split.root().rules().clone();
    keep_frontier_copy(&job.out, &job.frontier)?;
    let shard = job.shard;
    let mine: Vec<usize> = (0..split.unit_count())
        .filter(|&u| job.shard.owns(u))
        .collect();
    println!(
        "shard {shard} of {}: {} of {} units",
        describe_root(split.root()),
        mine.len(),
        split.unit_count()
    );
    let shape = rules.shape();
    let mut open = Vec::new();
    let mut values = vec![Verdict::Unknown; split.unit_count()];
    for &u in &mine {
        let moves = frontier.unit(u).to_vec();
        let name = format!("unit {u} ({})", notation::format_move_list(shape, &moves));
        let proof = unit_proof(&job.out, u);
        if let Some(cert) = load_unit(&proof, &rules, &moves)? {
            println!("{name}: {}, proved earlier", cert.value);
            values[u] = verdict_of(Some(cert.value));
            continue;
        }
        // Other shards' results too: a unit the root no longer needs is skipped.
        read_values(&frontier, &job.out, &mut values)?;
        if !split.needed(&values)[u] {
            println!("{name}: not needed (the units proved so far decide what it would)");
            continue;
        }
        if stop.load(Ordering::Relaxed) {
            open.push(u);
            continue;
        }
        let pos = Position::from_moves(rules.clone(), &moves)
            .map_err(|(i, e)| format!("{name}: move {} is illegal: {e}", i + 1))?;
        let checkpoint = unit_checkpoint(&job.out, u);
        let mut solved = solve(&Job {
            pos: &pos,
            threads: job.threads,
            memory: job.memory,
            time: job.time,
            checkpoint: Some(&checkpoint),
            stop: stop.clone(),
            verbose: false,
            watch: true,
            positions: None,
            started: None,
        })
        .map_err(|e| format!("{name}: {e}"))?;
        let (nodes, _) = solved.prover.positions();
        let Some(value) = solved.value else {
            println!(
                "{name}: unknown after {:.1} s ({nodes} positions; the checkpoint keeps them)",
                solved.elapsed.as_secs_f64()
            );
            open.push(u);
            continue;
        };
        // The walk saves its progress beside the unit's checkpoint, so a
        // unit killed while its certificate is built goes on from there.
        let (cert, walk) = certificate(&mut solved, Some(&checkpoint), stop.clone())
            .map_err(|e| format!("{name}: {e}"))?;
        debug_assert_eq!(cert.value, value);
        cert.save(&proof)
            .map_err(|e| format!("cannot write {}: {e}", proof.display()))?;
        values[u] = verdict_of(Some(value));
        let _ = std::fs::remove_file(&checkpoint);
        if let Some(walk) = walk {
            let _ = std::fs::remove_file(walk);
        }
        println!(
            "{name}: {}, {nodes} positions, {:.1} s",
            value,
            solved.elapsed.as_secs_f64()
        );
    }
    if !open.is_empty() {
        println!(
            "shard {shard}: {} of its {} units not proved yet (run the same command again to go on)",
            open.len(),
            mine.len()
        );
        return Ok(false);
    }
    atomic_file::write(&done_marker(&job.out, (shard.index, shard.count)), b"")?;
    println!(
        "shard {shard}: all {} units proved or not needed",
        mine.len()
    );
    Ok(true)
}
