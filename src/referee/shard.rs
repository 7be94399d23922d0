//! Cutting a tournament into shards for a cluster: `--shard I/N`
//! ([`Shard`], shared with `prove`) plays the games whose schedule index
//! (from 0) is I modulo N, so N runs with I = 0..N play every game exactly
//! once. Each log line carries the shard and a
//! fingerprint of its tournament, so `hypertac referee standings` can tell
//! the shards of one tournament from stray logs.

use super::schedule::{Board, GameSpec};
pub use crate::shard_spec::Shard;

/// The games of `shard`, in schedule order (their indices unchanged).
pub fn select(shard: Shard, games: &[GameSpec]) -> Vec<GameSpec> {
    games
        .iter()
        .filter(|g| shard.owns(g.index))
        .copied()
        .collect()
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
    fn shards_cover_every_game_once() {
        let games = schedule(4, 3, 2);
        for count in 1..=7 {
            let mut seen = vec![0; games.len()];
            for index in 0..count {
                let shard = Shard { index, count };
                for g in select(shard, &games) {
                    seen[g.index] += 1;
                    assert_eq!(Shard::of_item(g.index, count), shard);
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
