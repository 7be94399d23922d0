//! `prove --split DEPTH --frontier FILE` and `prove --frontier FILE --shard
//! I/N --out DIR`: a proof cut into units, and one shard's units proved.
//!
//! A shard proves the units whose number is I modulo N, each into
//! `DIR/unit-U.proof` (written through a temporary file, so a file there is
//! whole), with `DIR/unit-U.checkpoint` while it runs. A unit whose proof
//! is already there is skipped, so a shard that died is simply run again.
//! Before each unit it reads the proofs already in DIR (its own and other
//! shards') and skips the unit if the root's value no longer depends on it
//! (e.g. another unit already proved a winning move of the side to move).
//! When all its units are proved or not needed it writes
//! `DIR/shard-I-of-N.done`, which tells `--merge` how the units were shared
//! out.

use super::frontier::{write_atomically, Frontier};
use super::solve::{certificate, solve, verdict_of, Job};
use hypertac_ai::prove::{Split, Verdict};
use hypertac_core::{notation, Cell, Position, Rules};
use hypertac_proof::Certificate;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Writes the frontier of `root` split to `depth`.
///
/// # Errors
/// A depth too large, or a file that cannot be written.
pub fn split(root: &Position, depth: u32, path: &Path) -> Result<(), String> {
    let split = Split::new(root, depth).map_err(|e| e.to_string())?;
    Frontier::write(&split, path)?;
    println!(
        "split {} to depth {depth}: {} units, {} positions above them; frontier written to {}",
        describe_root(root),
        split.unit_count(),
        split.inner_count(),
        path.display()
    );
    Ok(())
}

/// `the empty board` or `after MOVES`.
pub fn describe_root(root: &Position) -> String {
    let shape = root.rules().shape();
    if root.moves().is_empty() {
        format!("{} from the empty board", root.rules())
    } else {
        format!(
            "{} after {}",
            root.rules(),
            notation::format_move_list(shape, root.moves())
        )
    }
}

/// `I/N`, with `I < N`.
pub fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--shard {text:?}: expected I/N with 0 <= I < N, such as 0/4");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let i: usize = i.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if n == 0 || i >= n || n > 1 << 20 {
        return Err(bad());
    }
    Ok((i, n))
}

/// The proof file of unit `u` in `dir`.
pub fn unit_proof(dir: &Path, u: usize) -> PathBuf {
    dir.join(format!("unit-{u}.proof"))
}

/// The marker a shard writes once all its units are proved.
fn done_marker(dir: &Path, shard: (usize, usize)) -> PathBuf {
    dir.join(format!("shard-{}-of-{}.done", shard.0, shard.1))
}

/// A unit's proof, if `path` holds one of that position and game.
///
/// # Errors
/// A file that is there but is not a proof of the unit.
pub fn load_unit(
    path: &Path,
    rules: &Rules,
    moves: &[Cell],
) -> Result<Option<Certificate>, String> {
    if !path.exists() {
        return Ok(None);
    }
    let cert = Certificate::load(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let same_rules = cert.to_rules().is_ok_and(|r| r == *rules);
    if !same_rules || cert.moves != moves {
        return Err(format!(
            "{} is the proof of another position or game",
            path.display()
        ));
    }
    Ok(Some(cert))
}

/// What a shard run needs besides the frontier.
pub struct ShardJob<'a> {
    /// The frontier file.
    pub frontier: &'a Path,
    /// I/N.
    pub shard: (usize, usize),
    /// Where the units' proofs go.
    pub out: &'a Path,
    /// Table size in bytes.
    pub memory: usize,
    /// Time limit per unit.
    pub time: Option<Duration>,
    /// Set by Ctrl-C.
    pub stop: Arc<AtomicBool>,
}

/// Proves the shard's units; `Ok(true)` when all of them are proved.
///
/// # Errors
/// A bad frontier, an output folder that cannot be written, or a unit the
/// prover does not take.
pub fn run_shard(job: &ShardJob) -> Result<bool, String> {
    let frontier = Frontier::read(job.frontier)?;
    let split = &frontier.split;
    let rules = split.root().rules().clone();
    std::fs::create_dir_all(job.out)
        .map_err(|e| format!("cannot create {}: {e}", job.out.display()))?;
    // A copy of the frontier beside the proofs, for `--merge DIR`.
    let copy = job.out.join("frontier.txt");
    let bytes = std::fs::read(job.frontier)
        .map_err(|e| format!("cannot read {}: {e}", job.frontier.display()))?;
    if std::fs::read(&copy).ok().as_deref() != Some(bytes.as_slice()) {
        if copy.exists() {
            return Err(format!(
                "{} holds the units of another frontier: use another --out folder",
                job.out.display()
            ));
        }
        write_atomically(&copy, &bytes)?;
    }
    let (me, shards) = job.shard;
    let mine: Vec<usize> = (me..split.unit_count()).step_by(shards).collect();
    println!(
        "shard {me}/{shards} of {}: {} of {} units",
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
        let proof = unit_proof(job.out, u);
        if let Some(cert) = load_unit(&proof, &rules, &moves)? {
            println!("{name}: {}, proved earlier", cert.value);
            values[u] = verdict_of(cert.value);
            continue;
        }
        // Other shards' results too: a unit the root no longer needs is skipped.
        read_values(&frontier, job.out, &mut values)?;
        if !split.needed(&values)[u] {
            println!("{name}: not needed (the units proved so far decide what it would)");
            continue;
        }
        if job.stop.load(Ordering::Relaxed) {
            open.push(u);
            continue;
        }
        let pos = Position::from_moves(rules.clone(), &moves)
            .map_err(|(i, e)| format!("{name}: move {} is illegal: {e}", i + 1))?;
        let checkpoint = job.out.join(format!("unit-{u}.checkpoint"));
        let mut solved = solve(&Job {
            pos: &pos,
            memory: job.memory,
            time: job.time,
            checkpoint: Some(&checkpoint),
            stop: job.stop.clone(),
            verbose: false,
            watch: true,
            positions: None,
            started: None,
        })
        .map_err(|e| format!("{name}: {e}"))?;
        let (nodes, _) = solved.prover.positions();
        if solved.verdict == Verdict::Unknown {
            println!(
                "{name}: unknown after {:.1} s ({nodes} positions; the checkpoint keeps them)",
                solved.elapsed.as_secs_f64()
            );
            open.push(u);
            continue;
        }
        let cert = certificate(&mut solved).map_err(|e| format!("{name}: {e}"))?;
        debug_assert_eq!(verdict_of(cert.value), solved.verdict);
        cert.save(&proof)
            .map_err(|e| format!("cannot write {}: {e}", proof.display()))?;
        values[u] = solved.verdict;
        let _ = std::fs::remove_file(&checkpoint);
        println!(
            "{name}: {}, {nodes} positions, {:.1} s",
            cert.value,
            solved.elapsed.as_secs_f64()
        );
    }
    if !open.is_empty() {
        println!(
            "shard {me}/{shards}: {} of its {} units not proved yet (run the same command again to go on)",
            open.len(),
            mine.len()
        );
        return Ok(false);
    }
    write_atomically(&done_marker(job.out, job.shard), b"")?;
    println!(
        "shard {me}/{shards}: all {} units proved or not needed",
        mine.len()
    );
    Ok(true)
}

/// Fills in the values of units whose proofs have appeared in `dir`.
///
/// # Errors
/// A proof file there that is not of its unit.
pub fn read_values(frontier: &Frontier, dir: &Path, values: &mut [Verdict]) -> Result<(), String> {
    let rules = frontier.split.root().rules();
    for (u, value) in values.iter_mut().enumerate() {
        if *value == Verdict::Unknown {
            if let Some(cert) = load_unit(&unit_proof(dir, u), rules, frontier.unit(u))? {
                *value = verdict_of(cert.value);
            }
        }
    }
    Ok(())
}

/// The shard counts N of the `shard-I-of-N.done` markers in `dirs`.
pub fn shard_counts(dirs: &[PathBuf]) -> Vec<usize> {
    let mut out = Vec::new();
    for dir in dirs {
        let Ok(list) = std::fs::read_dir(dir) else {
            continue;
        };
        for entry in list.flatten() {
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            let Some(rest) = name
                .strip_prefix("shard-")
                .and_then(|r| r.strip_suffix(".done"))
            else {
                continue;
            };
            if let Some((_, n)) = rest.split_once("-of-") {
                if let Ok(n) = n.parse::<usize>() {
                    if n > 0 && !out.contains(&n) {
                        out.push(n);
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::parse_shard;

    #[test]
    fn shards_parse() {
        assert_eq!(parse_shard("0/4").unwrap(), (0, 4));
        assert_eq!(parse_shard("3/4").unwrap(), (3, 4));
        assert!(parse_shard("4/4").is_err());
        assert!(parse_shard("1/0").is_err());
        assert!(parse_shard("x").is_err());
        assert!(parse_shard("-1/2").is_err());
    }
}
