//! `prove --merge DIR...`: the value of a split proof's root from its
//! units' proofs, and one certificate for the root.
//!
//! The tree above the units is rebuilt from the frontier (`--frontier`, or
//! the `frontier.txt` a shard leaves in its folder); each unit's value comes
//! from its `unit-U.proof` in any of the folders. The root's value is the
//! minimax of the tree. The certificate joins the winner's moves in the tree
//! with the proofs of the units its strategy reaches (a position that two
//! units share is written once), so `hypertac verify` checks the whole.

use super::frontier::Frontier;
use super::root::describe_root;
use super::solve;
use super::units::{frontier_copy, load_unit, shard_counts, unit_proof};
use super::value::{value_of, verdict_of};
use hypertac_ai::prove::{Split, Verdict};
use hypertac_core::record::RulesSpec;
use hypertac_core::{notation, Cell, Player};
use hypertac_proof::{Certificate, Goal, Section, Value};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Most missing units named one by one.
const MAX_NAMED: usize = 20;

/// What `--merge` does.
pub struct MergeJob {
    /// The unit folders.
    pub dirs: Vec<PathBuf>,
    /// The frontier (`--frontier`), if given; else the folders' copy.
    pub frontier: Option<PathBuf>,
    /// Where to write the root's certificate (`--proof`).
    pub proof: Option<PathBuf>,
}

/// Merges; `Ok(true)` when the root's value is known (and the certificate,
/// if asked for, written).
///
/// # Errors
/// No frontier, a folder's frontier that differs, or a unit proof that is
/// not of its unit.
pub fn merge(job: &MergeJob) -> Result<bool, String> {
    let dirs = &job.dirs[..];
    let proof = job.proof.as_deref();
    let frontier = job.frontier.as_deref();
    let (start, cpu) = (Instant::now(), solve::cpu_seconds());
    let frontier_path = find_frontier(dirs, frontier)?;
    let frontier = Frontier::read(&frontier_path)?;
    let split = &frontier.split;
    let root = split.root();
    let rules = root.rules().clone();
    let shape = rules.shape();
    let mut certs: Vec<Option<Certificate>> = Vec::with_capacity(split.unit_count());
    for u in 0..split.unit_count() {
        let moves = frontier.unit(u);
        let mut found = None;
        for dir in dirs {
            if let Some(cert) = load_unit(&unit_proof(dir, u), &rules, moves)? {
                found = Some(cert);
                break;
            }
        }
        certs.push(found);
    }
    let values: Vec<Verdict> = certs
        .iter()
        .map(|c| verdict_of(c.as_ref().map(|c| c.value)))
        .collect();
    let missing: Vec<usize> = (0..values.len())
        .filter(|&u| values[u] == Verdict::Unknown)
        .collect();
    let needed = split.needed(&values);
    println!(
        "merging {}: {} of {} units proved",
        describe_root(root),
        values.len() - missing.len(),
        values.len()
    );
    let verdict = split.value(&values);
    let Some(value) = value_of(verdict) else {
        let missing: Vec<usize> = missing.into_iter().filter(|&u| needed[u]).collect();
        eprintln!(
            "hypertac prove: the root's value is not known: {} units it needs have no proof in {}",
            missing.len(),
            dirs.iter()
                .map(|d| d.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        name_missing(&missing, dirs, &frontier_path, &frontier);
        return Ok(false);
    };
    println!("value: {value}");
    if !missing.is_empty() {
        println!(
            "({} units without a proof were not needed for it)",
            missing.len()
        );
    }
    let Some(path) = proof else {
        return Ok(true);
    };
    let (cert, best) = root_certificate(split, &certs, &values, value)?;
    if cert.moves.len() < root.moves().len() {
        println!(
            "the certificate starts one move earlier, {}: the winner's move there is {}",
            if cert.moves.is_empty() {
                "from the empty board".to_string()
            } else {
                format!("after {}", notation::format_move_list(shape, &cert.moves))
            },
            best.map_or_else(String::new, |b| notation::format_cell(shape, b))
        );
    } else if let Some(best) = best {
        println!("best move: {}", notation::format_cell(shape, best));
    }
    solve::save_certificate(&cert, path, "merged", start, cpu)?;
    Ok(true)
}

/// The root's certificate: the winner's moves in the tree above the units
/// (both players' not-lose strategies for a draw) joined with the proofs of
/// the units they reach; and the root's best move.
///
/// # Errors
/// Units proved for different checkers, or (a bug) a tree the units do not
/// settle.
fn root_certificate(
    split: &Split,
    certs: &[Option<Certificate>],
    values: &[Verdict],
    value: Value,
) -> Result<(Certificate, Option<Cell>), String> {
    let root = split.root();
    let rules = root.rules();
    let cells = rules.shape().cell_count();
    // The units' certificates were written for one checker: all version 1,
    // or all version 2 with the same limits.
    let mut kinds = certs.iter().flatten().map(|c| c.derive);
    let derive = kinds.next().flatten();
    if certs.iter().flatten().any(|c| c.derive != derive) {
        return Err("the units' proofs were written for different checkers (format versions or derive limits differ): prove them again with one hypertac".into());
    }
    // A win for the side that made the root's last move starts one move
    // earlier: that move, then the tree (after X's first move: the empty board).
    let lead_in = match value {
        Value::Win(p) => split.lead_in(p),
        Value::Draw => None,
    };
    let mut sections = Vec::new();
    // The certificate's root: before the lead-in move, or the split's root.
    let mut best = lead_in.as_ref().map(|(_, e)| Cell(u64::from(e.mv)));
    for (player, win) in needed_sections(value) {
        let (entries, units) = split
            .entries(values, player, win)
            .map_err(|e| e.to_string())?;
        let goal = if win { Goal::Win } else { Goal::NotLose };
        let mut section = Section::new(player, goal, cells);
        if let Some((_, e)) = &lead_in {
            e.write_to(&mut section, false);
        }
        for e in &entries {
            e.write_to(&mut section, false);
        }
        if player == root.to_move() {
            best = entries.first().map(|e| Cell(u64::from(e.mv)));
        }
        let parts: Vec<&Section> = units
            .iter()
            .filter_map(|&u| certs[u].as_ref())
            .filter_map(|c| c.sections.iter().find(|s| s.player == player))
            .collect();
        section.append_new(&parts);
        sections.push(section);
    }
    let sum = |key: &str| -> f64 {
        certs
            .iter()
            .flatten()
            .filter_map(|c| c.stats.get(key).and_then(serde_json::Value::as_f64))
            .sum()
    };
    let cert = Certificate {
        rules: RulesSpec::of(rules),
        moves: lead_in.map_or_else(|| root.moves().to_vec(), |(before, _)| before),
        value,
        best,
        derive,
        sections,
        remembers_settled: certs.iter().flatten().any(|c| c.remembers_settled),
        stats: serde_json::json!({
            "program": concat!("hypertac ", env!("CARGO_PKG_VERSION")),
            "merged_units": values.iter().filter(|v| **v != Verdict::Unknown).count(),
            "split_depth": split.depth(),
            "positions": sum("positions"),
            "threat_positions": sum("threat_positions"),
            "seconds": sum("seconds"),
        }),
    };
    Ok((cert, best))
}

/// The sections a value's certificate holds: (player, wins?).
fn needed_sections(value: Value) -> Vec<(Player, bool)> {
    match value {
        Value::Win(p) => vec![(p, true)],
        Value::Draw => vec![(Player::X, false), (Player::O, false)],
    }
}

/// The frontier: the one given, else the `frontier.txt` of the folders
/// (all that have one must agree).
fn find_frontier(dirs: &[PathBuf], given: Option<&Path>) -> Result<PathBuf, String> {
    if let Some(path) = given {
        return Ok(path.to_path_buf());
    }
    let mut found: Option<(PathBuf, Vec<u8>)> = None;
    for dir in dirs {
        if !dir.is_dir() {
            return Err(format!("{} is not a folder", dir.display()));
        }
        let path = frontier_copy(dir);
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        match &found {
            Some((first, b)) if *b != bytes => {
                return Err(format!(
                    "{} and {} are different frontiers",
                    first.display(),
                    path.display()
                ))
            }
            Some(_) => {}
            None => found = Some((path, bytes)),
        }
    }
    found.map(|(p, _)| p).ok_or_else(|| {
        "no frontier: none of the folders has a frontier.txt (written by a shard); give --frontier FILE"
            .to_string()
    })
}

/// Names the missing units on stderr, with the shard to rerun for each.
fn name_missing(missing: &[usize], dirs: &[PathBuf], frontier_path: &Path, frontier: &Frontier) {
    let shape = frontier.split.root().rules().shape().clone();
    let counts = shard_counts(dirs);
    let out = dirs.first().map_or(".".into(), |d| d.display().to_string());
    for &u in missing.iter().take(MAX_NAMED) {
        let moves = notation::format_move_list(&shape, frontier.unit(u));
        let shards: Vec<String> = counts.iter().map(|&n| format!("{}/{n}", u % n)).collect();
        if shards.is_empty() {
            eprintln!("  unit {u} ({moves}): no proof");
        } else {
            eprintln!(
                "  unit {u} ({moves}): no proof; it is shard {}'s",
                shards.join(" or ")
            );
        }
    }
    if missing.len() > MAX_NAMED {
        eprintln!("  and {} more units", missing.len() - MAX_NAMED);
    }
    let mut shards: Vec<(usize, usize)> = Vec::new();
    for &n in &counts {
        for &u in missing {
            if !shards.contains(&(u % n, n)) {
                shards.push((u % n, n));
            }
        }
    }
    shards.sort_unstable();
    for (i, n) in shards {
        eprintln!(
            "missing shard {i}/{n}: rerun `hypertac prove --frontier {} --shard {i}/{n} --out {out}`",
            frontier_path.display()
        );
    }
}
