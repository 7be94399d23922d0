//! Cutting a tournament into shards for a cluster: `--shard I/N` plays the
//! games whose schedule index (from 0) is I modulo N, so N runs with I = 0..N
//! play every game exactly once. Each log line carries the shard and a
//! fingerprint of its tournament, so `hypertac referee standings` can tell
//! the shards of one tournament from stray logs.

use super::schedule::{Board, GameSpec};
use std::fmt;

/// One share of the schedule: the games with `index % count == index_of_shard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which share, from 0.
    pub index: usize,
    /// How many shares.
    pub count: usize,
}

impl Shard {
    /// The whole schedule (`0/1`).
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Parses `I/N` (I from 0, below N).
    ///
    /// # Errors
    /// A one-line message saying what `I/N` must look like.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard {text:?}: expected I/N with 0 <= I < N, like 0/4");
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if count == 0 {
            return Err(format!("--shard {text:?}: N must be at least 1"));
        }
        if index >= count {
            return Err(format!(
                "--shard {text:?}: I counts from 0, so it must be below N ({count})"
            ));
        }
        Ok(Shard { index, count })
    }

    /// Whether the game at schedule `index` (from 0) is this shard's.
    pub fn owns(&self, index: usize) -> bool {
        index % self.count == self.index
    }

    /// The shard of `count` shards that plays the game at schedule `index`.
    pub fn of_game(index: usize, count: usize) -> Shard {
        Shard {
            index: index % count,
            count,
        }
    }

    /// This shard's games, in schedule order (their indices unchanged).
    pub fn select(&self, games: &[GameSpec]) -> Vec<GameSpec> {
        games
            .iter()
            .filter(|g| self.owns(g.index))
            .copied()
            .collect()
    }

    /// Whether this is the whole schedule.
    pub fn is_whole(&self) -> bool {
        self.count == 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A fingerprint of what fixes the schedule: the bots' names (sorted), the
/// boards' rules in order and the number of rounds. 16 hex digits of FNV-1a
/// (64 bits), the same on every machine and build.
pub fn fingerprint(names: &[String], boards: &[Board], rounds: usize) -> String {
    let rules: Vec<String> = boards.iter().map(|b| b.rules.to_string()).collect();
    let text = serde_json::json!({ "bots": names, "boards": rules, "rounds": rounds }).to_string();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::schedule::schedule;
    use hypertac_core::Rules;

    #[test]
    fn parse() {
        assert_eq!(Shard::parse("0/1"), Ok(Shard::WHOLE));
        assert_eq!(Shard::parse("3/4"), Ok(Shard { index: 3, count: 4 }));
        for (bad, want) in [
            ("4/4", "below N"),
            ("0/0", "at least 1"),
            ("1", "expected I/N"),
            ("-1/4", "expected I/N"),
            ("a/b", "expected I/N"),
        ] {
            let err = Shard::parse(bad).unwrap_err();
            assert!(err.contains(want), "{bad}: {err}");
        }
    }

    #[test]
    fn shards_cover_every_game_once() {
        let games = schedule(4, 3, 2);
        for count in 1..=7 {
            let mut seen = vec![0; games.len()];
            for index in 0..count {
                let shard = Shard { index, count };
                for g in shard.select(&games) {
                    seen[g.index] += 1;
                    assert_eq!(Shard::of_game(g.index, count), shard);
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{count} shards: {seen:?}");
        }
    }

    #[test]
    fn fingerprints_tell_tournaments_apart() {
        let names = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let boards = |n| vec![Board::new(Rules::cube(n, 2).unwrap())];
        let base = fingerprint(&names(&["a", "b"]), &boards(3), 1);
        assert_eq!(base.len(), 16);
        assert_eq!(base, fingerprint(&names(&["a", "b"]), &boards(3), 1));
        assert_ne!(base, fingerprint(&names(&["a", "c"]), &boards(3), 1));
        assert_ne!(base, fingerprint(&names(&["a", "b"]), &boards(4), 1));
        assert_ne!(base, fingerprint(&names(&["a", "b"]), &boards(3), 2));
    }
}
