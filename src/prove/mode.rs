//! What `hypertac prove` was asked to do, settled once from the flags as
//! given ([`ProveArgs`]): one of six jobs, each with its own typed
//! settings, so no later function looks at a flag again. Every check of
//! which flags go together lives here and ends in a one-line message.
//!
//! | flags                                   | job                        |
//! |-----------------------------------------|----------------------------|
//! | `--shrink FILE --proof OUT`             | [`Mode::Shrink`] (`shrink.rs`)  |
//! | `--merge DIR...`                        | [`Mode::Merge`] (`merge.rs`)    |
//! | `--frontier F --shard I/N --out DIR`    | [`Mode::Shard`] (`shard.rs`)    |
//! | `--split DEPTH --frontier F`            | [`Mode::Split`] (`split.rs`)    |
//! | otherwise                               | [`Mode::One`] (`one.rs`)        |

use super::merge::MergeJob;
use super::one::OneJob;
use super::shard::ShardJob;
use super::shrink::ShrinkJob;
use super::split::SplitJob;
use super::ProveArgs;
use crate::shard_spec::Shard;
use hypertac_core::{notation, Position};

/// Most shards of a split proof.
const MAX_SHARDS: usize = 1 << 20;

/// One `hypertac prove` job.
pub enum Mode {
    /// Combine the units' proofs in folders into the root's value.
    Merge(MergeJob),
    /// Prove one shard's units of a frontier.
    Shard(ShardJob),
    /// Write the frontier of a split.
    Split(SplitJob),
    /// Cut a certificate down to the entries its check uses.
    Shrink(ShrinkJob),
    /// Prove one position (on `--threads` threads).
    One(OneJob),
}

impl Mode {
    /// Settles the job the flags ask for.
    ///
    /// # Errors
    /// A bad value, a missing flag or flags that do not go together, named.
    pub fn settle(args: &ProveArgs) -> Result<Mode, String> {
        let threads = match args.threads {
            Some(n) if n == 0 || n > 256 => return Err("--threads: expected 1 to 256".into()),
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, |n| n.get().min(256)),
        };
        if args.memory == 0 || args.memory > 1 << 20 {
            return Err("--memory: expected 1 to 1048576 MiB".into());
        }
        let memory = args.memory << 20;
        if let Some(input) = &args.shrink {
            if args.rules.given() || !args.moves.is_empty() || args.checkpoint.is_some() {
                return Err("--shrink takes the game and the position from the certificate: leave out --game, --shape, --k, --gravity, --rule, --wrap, --moves and --checkpoint".into());
            }
            let proof = args.proof.clone().ok_or("--shrink needs --proof OUT")?;
            return Ok(Mode::Shrink(ShrinkJob {
                input: input.clone(),
                proof,
            }));
        }
        if !args.merge.is_empty() {
            refuse_position_arguments(args, "--merge")?;
            return Ok(Mode::Merge(MergeJob {
                dirs: args.merge.clone(),
                frontier: args.frontier.clone(),
                proof: args.proof.clone(),
            }));
        }
        if let Some(text) = &args.shard {
            refuse_position_arguments(args, "--shard")?;
            if args.proof.is_some() {
                return Err(
                    "--shard writes each unit's proof into --out; --proof goes with --merge".into(),
                );
            }
            let frontier = args.frontier.clone().ok_or("--shard needs --frontier")?;
            let shard = parse_shard(text)?;
            let out = args.out.clone().ok_or("--shard needs --out")?;
            return Ok(Mode::Shard(ShardJob {
                frontier,
                shard,
                out,
                threads,
                memory,
                time: args.time,
            }));
        }
        let rules = args.rules.rules()?;
        let moves = notation::parse_move_list(rules.shape(), &args.moves)
            .map_err(|e| format!("--moves: {e}"))?;
        let pos = Position::from_moves(rules, &moves)
            .map_err(|(i, e)| format!("--moves: move {} is illegal: {e}", i + 1))?;
        if let Some(depth) = args.split {
            if args.proof.is_some() || args.checkpoint.is_some() || args.time.is_some() {
                return Err(
                    "--split only writes the frontier: --proof goes with --merge, --time with --shard (per unit), and shards keep their own checkpoints".into(),
                );
            }
            let frontier = args
                .frontier
                .clone()
                .ok_or("--split needs --frontier FILE")?;
            return Ok(Mode::Split(SplitJob {
                root: pos,
                depth,
                frontier,
            }));
        }
        if args.frontier.is_some() {
            return Err("--frontier goes with --split, --shard or --merge".into());
        }
        Ok(Mode::One(OneJob {
            pos,
            threads,
            memory,
            time: args.time,
            checkpoint: args.checkpoint.clone(),
            proof: args.proof.clone(),
        }))
    }
}

/// `--shard I/N` of a split proof (the shared [`Shard`] grammar, with this
/// command's message and at most [`MAX_SHARDS`] shards).
fn parse_shard(text: &str) -> Result<Shard, String> {
    Shard::parse(text)
        .ok()
        .filter(|s| s.count <= MAX_SHARDS)
        .ok_or_else(|| format!("--shard {text:?}: expected I/N with 0 <= I < N, such as 0/4"))
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

#[cfg(test)]
mod tests {
    use super::parse_shard;
    use crate::shard_spec::Shard;

    #[test]
    fn shards_parse() {
        assert_eq!(parse_shard("0/4").unwrap(), Shard { index: 0, count: 4 });
        assert_eq!(parse_shard("3/4").unwrap(), Shard { index: 3, count: 4 });
        for bad in ["4/4", "1/0", "x", "-1/2", "0/2000000"] {
            let err = parse_shard(bad).unwrap_err();
            assert!(
                err.ends_with("expected I/N with 0 <= I < N, such as 0/4"),
                "{err}"
            );
        }
    }
}
