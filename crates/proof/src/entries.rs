//! A section's entries read where they lie in the file (versions 2 to 4:
//! varints), one at a time, and found by position through a table of
//! the hashes of their canonical forms, so that a player reading a proof
//! for a few positions decodes only the entries of the position's class
//! of symmetric positions (on 4^5, a handful of its 175,815).
//!
//! The table ([`Table`]) holds each entry's [`canonical_key`] and byte
//! offset, sorted; it is built by one pass over the entries or read from
//! an index file (`index.rs`). The key only narrows the search: an entry
//! is used only after its position, or its canonical form, is compared in
//! full with the board's.

use crate::fingerprint::mix;
use crate::section::{get_varint, Goal};
use crate::symmetry::Symmetries;
use hypertac_core::Player;

/// Every entry's canonical key and byte offset, sorted (by key, then
/// offset: the entries of one key in the section's order).
pub(crate) type Table = Vec<(u64, u32)>;

/// The key of a canonical form (X's words, then O's): `h = 0`, then for
/// each word `h = mix(h ^ word)` (SplitMix64's finaliser).
pub(crate) fn canonical_key(canon: &[u64]) -> u64 {
    canon.iter().fold(0, |h, &w| mix(h ^ w))
}

/// What an entry says besides its move (file format versions 3 and 4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// An ordinary entry.
    Ordinary,
    /// A potential entry (version 4).
    Potential,
    /// A pairing entry with its pairs, two cells a pair.
    Pairing(Vec<u16>),
    /// A matched pairing entry (version 4): the checker finds the pairs.
    Matched,
}

/// One entry: X's cells and O's (increasing), the move, the kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub xs: Vec<u16>,
    pub os: Vec<u16>,
    pub mv: u16,
    pub kind: Kind,
}

impl Entry {
    /// The position as words (X's then O's, `words` each).
    pub(crate) fn stones(&self, words: usize) -> Vec<u64> {
        let mut out = vec![0u64; 2 * words];
        for (side, cells) in [&self.xs, &self.os].into_iter().enumerate() {
            for &c in cells {
                out[side * words + usize::from(c) / 64] |= 1 << (c % 64);
            }
        }
        out
    }
}

/// A section's entries in their file encoding.
#[derive(Clone, Debug)]
pub(crate) struct Entries {
    pub player: Player,
    pub goal: Goal,
    pub cells: usize,
    /// Format version (2, 3 or 4) of `data`.
    pub version: u32,
    /// The entries, as in the file.
    pub data: Vec<u8>,
    /// Their number, as the header gives it.
    pub count: u64,
}

impl Entries {
    /// The entry at byte `at` and the byte after it, checked as reading a
    /// certificate checks it (cells on the board, no cell with both
    /// stones, the move on an empty cell, the section's player to move,
    /// kinds and pairs allowed in the section).
    pub(crate) fn entry_at(&self, at: usize) -> Result<(Entry, usize), String> {
        let cells = self.cells as u64;
        let mut at = at;
        let mut next = || get_varint(&self.data, &mut at).ok_or("cut off inside a number");
        let (nx, no) = (next()?, next()?);
        if nx.saturating_add(no) > cells {
            return Err(format!("{nx} + {no} stones on a {cells}-cell board"));
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (count, side) in [nx, no].into_iter().zip(&mut sides) {
            let mut c = 0u64;
            for j in 0..count {
                let gap = next()?;
                c = if j == 0 { gap } else { c + gap + 1 };
                if c >= cells {
                    return Err(format!("cell index {c} is off the {cells}-cell board"));
                }
                side.push(c as u16);
            }
        }
        let [xs, os] = sides;
        let taken = |c: u64| {
            c > u64::from(u16::MAX)
                || xs.binary_search(&(c as u16)).is_ok()
                || os.binary_search(&(c as u16)).is_ok()
        };
        if let Some(&c) = xs.iter().find(|&&c| os.binary_search(&c).is_ok()) {
            return Err(format!("cell index {c} holds both an X and an O stone"));
        }
        let mv = next()?;
        if mv >= cells || taken(mv) {
            return Err(format!(
                "the move, cell index {mv}, is off the board or taken"
            ));
        }
        let to_move = match nx.checked_sub(no) {
            Some(0) => Some(Player::X),
            Some(1) => Some(Player::O),
            _ => None,
        };
        if to_move != Some(self.player) {
            return Err(format!(
                "X has {nx} stones and O {no}: not a position with {} to move",
                self.player
            ));
        }
        let tag = if self.version >= 3 { next()? } else { 0 };
        let (kind, pairs) = match (self.version, tag) {
            (2, _) | (_, 0) => (Kind::Ordinary, 0),
            (3, tag) => (Kind::Pairing(Vec::new()), tag - 1),
            (_, 1) => (Kind::Potential, 0),
            (_, 2) => (Kind::Pairing(Vec::new()), next()?),
            (_, 3) => (Kind::Matched, 0),
            (_, kind) => return Err(format!("kind {kind} is not 0, 1, 2 or 3")),
        };
        if kind != Kind::Ordinary && self.goal == Goal::Win {
            return Err("a potential or pairing entry in a win section".into());
        }
        if pairs > cells / 2 {
            return Err(format!("{pairs} pairs on a {cells}-cell board"));
        }
        let kind = match kind {
            Kind::Pairing(_) => {
                let mut paired: Vec<u16> = Vec::new();
                for _ in 0..2 * pairs {
                    let c = next()?;
                    if c >= cells || c == mv || taken(c) || paired.contains(&(c as u16)) {
                        return Err(format!("the paired cell index {c} is not free"));
                    }
                    paired.push(c as u16);
                }
                Kind::Pairing(paired)
            }
            kind => kind,
        };
        let entry = Entry {
            xs,
            os,
            mv: mv as u16,
            kind,
        };
        Ok((entry, at))
    }

    /// Every entry's canonical key (under `group`, the board's) and
    /// offset, sorted (one pass over the entries, each checked as
    /// [`Entries::entry_at`] does).
    ///
    /// # Errors
    /// A malformed entry (named by its index), a count of entries other
    /// than the header's, or a section of 4 GB or more.
    pub(crate) fn table(&self, group: &Symmetries) -> Result<Table, String> {
        if u32::try_from(self.data.len()).is_err() {
            return Err("the section's entries take 4 GB or more".into());
        }
        let words = self.cells.div_ceil(64);
        let mut out = Vec::new();
        let mut canon = vec![0u64; 2 * words];
        let mut at = 0;
        while at < self.data.len() {
            let i = out.len();
            let (entry, next) = self.entry_at(at).map_err(|e| format!("entry {i}: {e}"))?;
            group.canonical(&entry.stones(words), &mut canon);
            out.push((canonical_key(&canon), at as u32));
            at = next;
        }
        if out.len() as u64 != self.count {
            return Err(format!(
                "{} entries where the header says {}",
                out.len(),
                self.count
            ));
        }
        out.sort_unstable();
        Ok(out)
    }
}

/// The offsets of the entries whose key is `key`, in the section's order.
pub(crate) fn with_key(table: &[(u64, u32)], key: u64) -> impl Iterator<Item = usize> + '_ {
    let from = table.partition_point(|&(k, _)| k < key);
    table[from..]
        .iter()
        .take_while(move |&&(k, _)| k == key)
        .map(|&(_, at)| at as usize)
}
