//! The unit folder: where the units of a split proof keep their proofs and
//! checkpoints, laid out the same for `--shard`'s `--out DIR`, `--merge
//! DIR...` and the folder of `--threads N` (`--checkpoint DIR`).
//!
//! ```text
//! DIR/frontier.txt          the split's frontier (a copy, for --merge DIR)
//! DIR/unit-U.proof          unit U's certificate (written whole, or not at all)
//! DIR/unit-U.checkpoint     unit U's search table while it runs
//! DIR/shard-I-of-N.done     shard I/N has proved every unit it needs
//! ```

use super::frontier::Frontier;
use super::value::verdict_of;
use crate::atomic_file;
use hypertac_ai::prove::Verdict;
use hypertac_core::{Cell, Rules};
use hypertac_proof::Certificate;
use std::path::{Path, PathBuf};

/// The frontier's copy in `dir`.
pub fn frontier_copy(dir: &Path) -> PathBuf {
    dir.join("frontier.txt")
}

/// Makes the folder `dir` for the units of the frontier at `path` and
/// keeps a copy of the frontier there (for `--merge DIR`).
///
/// # Errors
/// A folder or file that cannot be written, or a folder that holds the
/// units of another frontier.
pub fn keep_frontier_copy(dir: &Path, path: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let copy = frontier_copy(dir);
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    // Whether the copy is there first, then what it holds: shards started
    // together all write it, each whole (renamed into place), so a copy
    // that is there is complete. Read first, a copy written by another
    // shard between the read and the look made this shard refuse its own
    // frontier (tests/prove_shard_cli.rs, 2026-11-29).
    if !copy.exists() {
        return atomic_file::write(&copy, &bytes);
    }
    if std::fs::read(&copy).ok().as_deref() != Some(bytes.as_slice()) {
        return Err(format!(
            "{} holds the units of another frontier: use another --out folder",
            dir.display()
        ));
    }
    Ok(())
}

/// The proof file of unit `u` in `dir`.
pub fn unit_proof(dir: &Path, u: usize) -> PathBuf {
    dir.join(format!("unit-{u}.proof"))
}

/// The checkpoint of unit `u` in `dir`.
pub fn unit_checkpoint(dir: &Path, u: usize) -> PathBuf {
    dir.join(format!("unit-{u}.checkpoint"))
}

/// The marker shard `i` of `n` writes once all its units are proved.
pub fn done_marker(dir: &Path, (i, n): (usize, usize)) -> PathBuf {
    dir.join(format!("shard-{i}-of-{n}.done"))
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

/// Fills in the values of units whose proofs have appeared in `dir`.
///
/// # Errors
/// A proof file there that is not of its unit.
pub fn read_values(frontier: &Frontier, dir: &Path, values: &mut [Verdict]) -> Result<(), String> {
    let rules = frontier.split.root().rules();
    for (u, value) in values.iter_mut().enumerate() {
        if *value == Verdict::Unknown {
            if let Some(cert) = load_unit(&unit_proof(dir, u), rules, frontier.unit(u))? {
                *value = verdict_of(Some(cert.value));
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
