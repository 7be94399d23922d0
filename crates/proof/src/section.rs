//! One side's strategy in a proof file: its entries (positions with that
//! side to move, and its move), kept in the fixed version-1 form in memory,
//! with the pairs of its pairing entries (version 3) and which entries are
//! potential entries (version 4); and their version-2 to version-4
//! encoding (varints). The file layout is in [`crate::format`].

use hypertac_core::{Cell, Player};
use std::fmt;

/// Most cells a board of a proof may have (moves are stored as `u16`).
pub const MAX_CELLS: u64 = 65535;

/// What a section proves for its player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Every branch ends with a completed line of the player.
    Win,
    /// Every branch ends with a completed line of the player or a full board.
    NotLose,
}

impl Goal {
    /// `win` or `not-lose`, as in the header.
    pub const fn name(self) -> &'static str {
        match self {
            Goal::Win => "win",
            Goal::NotLose => "not-lose",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Goal> {
        match text {
            "win" => Some(Goal::Win),
            "not-lose" => Some(Goal::NotLose),
            _ => None,
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The entries of one side's strategy: positions (that side to move) and its move in each.
///
/// Entries are kept in their file form (see the module docs), so a section
/// of a million Qubic entries takes 18 MB.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The proving side: every entry is a position with this player to move.
    pub player: Player,
    /// What the section proves for `player`.
    pub goal: Goal,
    pub(crate) cells: u64,
    side_bytes: usize,
    pub(crate) data: Vec<u8>,
    /// The pairings of pairing entries (version 3): entry index and its
    /// pairs' cells, two by two; in entry order.
    pub(crate) pairings: Vec<(u32, Vec<u16>)>,
    /// The potential entries (version 4), by entry index, in entry order.
    pub(crate) potentials: Vec<u32>,
    /// The matched pairing entries (version 4), by entry index, in entry
    /// order: pairing entries whose pairs the checker finds itself.
    pub(crate) matched: Vec<u32>,
}

impl Section {
    /// An empty section for a board of `cells` cells.
    ///
    /// # Panics
    /// If `cells` is 0 or over 65535 (the format stores moves as `u16`).
    pub fn new(player: Player, goal: Goal, cells: u64) -> Section {
        assert!(
            (1..=MAX_CELLS).contains(&cells),
            "a proof board has 1 to {MAX_CELLS} cells, not {cells}"
        );
        Section {
            player,
            goal,
            cells,
            side_bytes: cells.div_ceil(8) as usize,
            data: Vec::new(),
            pairings: Vec::new(),
            potentials: Vec::new(),
            matched: Vec::new(),
        }
    }

    /// Number of cells of the board.
    pub fn cells(&self) -> u64 {
        self.cells
    }

    /// Bytes of one entry in the file: 2 * ceil(cells / 8) + 2.
    pub fn entry_size(&self) -> usize {
        2 * self.side_bytes + 2
    }

    /// Appends an entry: X and O stones as bitsets of `u64` words (cell i is
    /// bit i % 64 of word i / 64; missing words read as 0, bits beyond the
    /// board are dropped) and the move of [`Section::player`].
    pub fn push(&mut self, x: &[u64], o: &[u64], mv: Cell) {
        for side in [x, o] {
            for i in 0..self.side_bytes {
                let word = side.get(i / 8).copied().unwrap_or(0);
                let mut byte = (word >> (8 * (i % 8))) as u8;
                if i + 1 == self.side_bytes && !self.cells.is_multiple_of(8) {
                    byte &= (1u8 << (self.cells % 8)) - 1;
                }
                self.data.push(byte);
            }
        }
        self.data.extend_from_slice(&(mv.0 as u16).to_le_bytes());
    }

    /// Appends a pairing entry (version 3): the player plays `mv`, and then
    /// `pairs` (cells, two by two) is a pairing strategy against the other
    /// side (see [`crate::pairing`]), which settles every reply below.
    ///
    /// # Panics
    /// If `pairs` has an odd number of cells.
    pub fn push_pairing(&mut self, x: &[u64], o: &[u64], mv: Cell, pairs: &[Cell]) {
        assert!(pairs.len().is_multiple_of(2), "pairs come two by two");
        let i = self.len() as u32;
        self.push(x, o, mv);
        self.pairings
            .push((i, pairs.iter().map(|c| c.0 as u16).collect()));
    }

    /// The pairs of entry `i` (cells, two by two) if it is a pairing entry.
    pub fn pairing(&self, i: usize) -> Option<&[u16]> {
        self.pairings
            .binary_search_by_key(&(i as u32), |p| p.0)
            .ok()
            .map(|j| self.pairings[j].1.as_slice())
    }

    /// Number of pairing entries.
    pub fn pairing_count(&self) -> usize {
        self.pairings.len()
    }

    /// Appends a potential entry (version 4): the player, to move, has an
    /// Erdős–Selfridge potential against the other side below 1, which
    /// settles every branch below (see [`crate::potential`]); `mv` is its
    /// first move by the potential.
    pub fn push_potential(&mut self, x: &[u64], o: &[u64], mv: Cell) {
        self.potentials.push(self.len() as u32);
        self.push(x, o, mv);
    }

    /// Whether entry `i` is a potential entry.
    pub fn is_potential(&self, i: usize) -> bool {
        self.potentials.binary_search(&(i as u32)).is_ok()
    }

    /// Number of potential entries.
    pub fn potential_count(&self) -> usize {
        self.potentials.len()
    }

    /// Appends a matched pairing entry (version 4): the player plays
    /// `mv`, and then a pairing strategy against the other side exists,
    /// which the checker finds itself by a maximum matching (see
    /// [`crate::matching`]); the entry lists no pairs.
    pub fn push_matched(&mut self, x: &[u64], o: &[u64], mv: Cell) {
        self.matched.push(self.len() as u32);
        self.push(x, o, mv);
    }

    /// Whether entry `i` is a matched pairing entry.
    pub fn is_matched(&self, i: usize) -> bool {
        self.matched.binary_search(&(i as u32)).is_ok()
    }

    /// Number of matched pairing entries.
    pub fn matched_count(&self) -> usize {
        self.matched.len()
    }

    /// Appends entry `i` of `other` (a section of a board of as many
    /// cells), of whatever kind it is.
    pub fn push_from(&mut self, other: &Section, i: usize) {
        let (x, o, mv) = other.get(i);
        if let Some(pairs) = other.pairing(i) {
            let pairs: Vec<Cell> = pairs.iter().map(|&c| Cell(u64::from(c))).collect();
            self.push_pairing(&x, &o, mv, &pairs);
        } else if other.is_potential(i) {
            self.push_potential(&x, &o, mv);
        } else if other.is_matched(i) {
            self.push_matched(&x, &o, mv);
        } else {
            self.push(&x, &o, mv);
        }
    }

    /// The format version the entries need: 4 with a potential entry, 3
    /// with a pairing entry, else 2 (with the checker's derivations).
    pub(crate) fn version_needed(&self) -> u32 {
        if !self.potentials.is_empty() || !self.matched.is_empty() {
            4
        } else if !self.pairings.is_empty() {
            3
        } else {
            2
        }
    }

    /// Appends the entries of `others` (sections of boards of as many
    /// cells) whose position is not here yet; returns how many were added.
    /// Joining certificates of parts of a proof needs this, since the file
    /// format refuses two entries for one position.
    ///
    /// # Panics
    /// If a section is of a board of another size.
    pub fn append_new(&mut self, others: &[&Section]) -> usize {
        let size = self.entry_size();
        let stones = 2 * self.side_bytes;
        let mut seen: std::collections::HashSet<Vec<u8>> = self
            .data
            .chunks_exact(size)
            .map(|e| e[..stones].to_vec())
            .collect();
        let mut added = 0;
        for other in others {
            assert_eq!(self.cells, other.cells, "sections of different boards");
            for (i, e) in other.data.chunks_exact(size).enumerate() {
                if seen.insert(e[..stones].to_vec()) {
                    self.push_from(other, i);
                    added += 1;
                }
            }
        }
        added
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.data.len() / self.entry_size()
    }

    /// Whether the section has no entries.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Entry `i`: X stones, O stones (as `u64` words, ceil(cells / 64) of
    /// them) and the move.
    ///
    /// # Panics
    /// If `i >= len()`.
    pub fn get(&self, i: usize) -> (Vec<u64>, Vec<u64>, Cell) {
        let words = self.cells.div_ceil(64) as usize;
        let (x, o, mv) = self.entry_bytes(i);
        (to_words(x, words), to_words(o, words), mv)
    }

    /// Entry `i` in its file form: X bytes, O bytes, move.
    ///
    /// # Panics
    /// If `i >= len()`.
    pub fn entry_bytes(&self, i: usize) -> (&[u8], &[u8], Cell) {
        let size = self.entry_size();
        let e = &self.data[i * size..(i + 1) * size];
        let (x, rest) = e.split_at(self.side_bytes);
        let (o, mv) = rest.split_at(self.side_bytes);
        (x, o, Cell(u64::from(u16::from_le_bytes([mv[0], mv[1]]))))
    }

    /// The entries' bytes as stored in the file.
    pub fn as_bytes(&self) -> &[u8] {
        &self.data
    }

    /// The entries in the varint encoding of `version` (2, 3 or 4; see
    /// the module docs).
    pub(crate) fn encode_v2(&self, version: u32) -> Vec<u8> {
        let mut out = Vec::new();
        let mut cells = Vec::new();
        for i in 0..self.len() {
            let (x, o, mv) = self.entry_bytes(i);
            let xs = set_bits(x, &mut cells);
            let split = cells.len();
            set_bits(o, &mut cells);
            put_varint(&mut out, xs as u64);
            put_varint(&mut out, (cells.len() - split) as u64);
            for part in [&cells[..split], &cells[split..]] {
                let mut prev: i64 = -1;
                for &c in part {
                    put_varint(&mut out, (c as i64 - prev - 1) as u64);
                    prev = c as i64;
                }
            }
            put_varint(&mut out, mv.0);
            match (version, self.pairing(i)) {
                (2, _) => {}
                // Version 4: a kind, 0 ordinary, 1 potential, 2 pairing
                // (then the number of pairs).
                (4, _) if self.is_potential(i) => put_varint(&mut out, 1),
                (4, _) if self.is_matched(i) => put_varint(&mut out, 3),
                (4, None) => put_varint(&mut out, 0),
                (4, Some(p)) => {
                    put_varint(&mut out, 2);
                    put_varint(&mut out, (p.len() / 2) as u64);
                }
                // Version 3: 0, or 1 + the number of pairs.
                (_, None) => put_varint(&mut out, 0),
                (_, Some(p)) => put_varint(&mut out, (p.len() / 2) as u64 + 1),
            }
            for &c in self.pairing(i).filter(|_| version >= 3).unwrap_or(&[]) {
                put_varint(&mut out, u64::from(c));
            }
            cells.clear();
        }
        out
    }

    /// Reads `entries` entries in the varint encoding of `version` (2, 3
    /// or 4) from exactly `data`.
    pub(crate) fn decode_v2(
        &mut self,
        data: &[u8],
        entries: u64,
        version: u32,
    ) -> Result<(), String> {
        let mut at = 0usize;
        let cells = self.cells;
        let mut x = vec![0u64; cells.div_ceil(64) as usize];
        let mut o = x.clone();
        let mut i = 0u64;
        while at < data.len() {
            if i == entries {
                return Err(format!(
                    "has bytes after its {entries} entries (the header says so many)"
                ));
            }
            let mut next = || {
                get_varint(data, &mut at)
                    .ok_or_else(|| format!("entry {i}: cut off inside a number"))
            };
            let nx = next()?;
            let no = next()?;
            if nx.saturating_add(no) > cells {
                return Err(format!(
                    "entry {i}: {nx} + {no} stones on a {cells}-cell board"
                ));
            }
            x.fill(0);
            o.fill(0);
            for (count, side) in [(nx, &mut x), (no, &mut o)] {
                let mut prev: u64 = 0;
                for j in 0..count {
                    let gap = next()?;
                    let c = if j == 0 {
                        gap
                    } else {
                        prev.saturating_add(gap).saturating_add(1)
                    };
                    if c >= cells {
                        return Err(format!(
                            "entry {i}: cell index {c} is off the {cells}-cell board"
                        ));
                    }
                    side[(c / 64) as usize] |= 1 << (c % 64);
                    prev = c;
                }
            }
            let mv = next()?;
            if mv >= cells {
                return Err(format!(
                    "entry {i}: the move, cell index {mv}, is off the {cells}-cell board"
                ));
            }
            // Version 3: 0 for an ordinary entry, 1 + pairs for a pairing
            // entry. Version 4: a kind, 0 ordinary, 1 potential, 2 and the
            // number of pairs for a pairing entry, 3 matched pairing.
            let kind = next_if(version >= 3, &mut next)?;
            let (kind, count) = match (version, kind) {
                (3, 0) => (0, 0),
                (3, tag) => (2, tag - 1),
                (_, 2) => (2, next()?),
                (_, 0 | 1 | 3) => (kind, 0),
                (_, kind) => {
                    return Err(format!(
                        "entry {i}: kind {kind} is not 0 (ordinary), 1 (potential), 2 (pairing) or 3 (matched pairing)"
                    ))
                }
            };
            if count > cells / 2 {
                return Err(format!("entry {i}: {count} pairs on a {cells}-cell board"));
            }
            let mut paired = Vec::new();
            for _ in 0..2 * count {
                let c = next()?;
                if c >= cells {
                    return Err(format!(
                        "entry {i}: a paired cell, index {c}, is off the {cells}-cell board"
                    ));
                }
                paired.push(Cell(c));
            }
            if kind == 2 {
                self.push_pairing(&x, &o, Cell(mv), &paired);
            } else if kind == 1 {
                self.push_potential(&x, &o, Cell(mv));
            } else if kind == 3 {
                self.push_matched(&x, &o, Cell(mv));
            } else {
                self.push(&x, &o, Cell(mv));
            }
            i += 1;
        }
        if i < entries {
            return Err(format!(
                "is truncated: expected {entries} entries, found {i}"
            ));
        }
        Ok(())
    }

    /// Checks entry `i` on its own: bits on the board only, no cell with
    /// both stones, the move on an empty cell of the board, the section's
    /// player to move.
    pub(crate) fn check_entry(&self, i: usize) -> Result<(), String> {
        let (x, o, mv) = self.entry_bytes(i);
        let tail = self.cells % 8;
        if tail != 0 {
            let extra = !((1u8 << tail) - 1);
            for (side, bytes) in [('X', x), ('O', o)] {
                if bytes[self.side_bytes - 1] & extra != 0 {
                    return Err(format!(
                        "an {side} stone on a bit beyond the {} cells of the board",
                        self.cells
                    ));
                }
            }
        }
        if let Some((b, _)) = x.iter().zip(o).enumerate().find(|(_, (a, b))| *a & *b != 0) {
            let bit = (x[b] & o[b]).trailing_zeros() as usize;
            return Err(format!(
                "cell index {} holds both an X and an O stone",
                b * 8 + bit
            ));
        }
        if mv.0 >= self.cells {
            return Err(format!(
                "the move, cell index {}, is off the {}-cell board",
                mv.0, self.cells
            ));
        }
        let (byte, bit) = ((mv.0 / 8) as usize, mv.0 % 8);
        if (x[byte] | o[byte]) >> bit & 1 != 0 {
            return Err(format!(
                "the move, cell index {}, is on an occupied cell",
                mv.0
            ));
        }
        let nx: u32 = x.iter().map(|b| b.count_ones()).sum();
        let no: u32 = o.iter().map(|b| b.count_ones()).sum();
        let to_move = if nx == no {
            Some(Player::X)
        } else if nx == no + 1 {
            Some(Player::O)
        } else {
            None
        };
        if to_move != Some(self.player) {
            return Err(format!(
                "X has {nx} stones and O {no}: not a position with {} to move",
                self.player
            ));
        }
        if self.is_potential(i) && self.goal == Goal::Win {
            return Err(
                "a potential entry in a win section: a potential proves not losing only".into(),
            );
        }
        if self.is_matched(i) && self.goal == Goal::Win {
            return Err(
                "a matched pairing entry in a win section: a pairing proves not losing only".into(),
            );
        }
        if let Some(pairs) = self.pairing(i) {
            if self.goal == Goal::Win {
                return Err(
                    "a pairing entry in a win section: a pairing proves not losing only".into(),
                );
            }
            let mut used = std::collections::HashSet::new();
            for &c in pairs {
                let c = u64::from(c);
                let (byte, bit) = ((c / 8) as usize, c % 8);
                if c >= self.cells {
                    return Err(format!("a paired cell, index {c}, is off the board"));
                }
                if c == mv.0 || (x[byte] | o[byte]) >> bit & 1 != 0 {
                    return Err(format!(
                        "the paired cell index {c} is not empty after the move"
                    ));
                }
                if !used.insert(c) {
                    return Err(format!("the pairing uses cell index {c} twice"));
                }
            }
        }
        Ok(())
    }
}

/// The next number from `next` when `present`, else 0.
fn next_if(present: bool, next: &mut impl FnMut() -> Result<u64, String>) -> Result<u64, String> {
    if present {
        next()
    } else {
        Ok(0)
    }
}

/// Appends the indices of the set bits of `bytes` (cell i = bit i % 8 of
/// byte i / 8) to `out`; returns how many.
fn set_bits(bytes: &[u8], out: &mut Vec<u64>) -> usize {
    let before = out.len();
    for (i, &b) in bytes.iter().enumerate() {
        let mut bits = b;
        while bits != 0 {
            out.push(i as u64 * 8 + u64::from(bits.trailing_zeros()));
            bits &= bits - 1;
        }
    }
    out.len() - before
}

/// Unsigned LEB128: seven bits a byte, low first, high bit set on all but the last.
fn put_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7f) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Reads an unsigned LEB128 number of at most 3 bytes (cells are below
/// 2^16, counts below 2^17); `None` at the end of `data` or on a longer one.
pub(crate) fn get_varint(data: &[u8], at: &mut usize) -> Option<u64> {
    let mut n = 0u64;
    for shift in [0, 7, 14] {
        let b = *data.get(*at)?;
        *at += 1;
        n |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Some(n);
        }
    }
    None
}

fn to_words(bytes: &[u8], words: usize) -> Vec<u64> {
    let mut out = vec![0u64; words];
    for (i, &b) in bytes.iter().enumerate() {
        out[i / 8] |= u64::from(b) << (8 * (i % 8));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn append_new_skips_positions_already_there() {
        let mut a = Section::new(Player::X, Goal::Win, 9);
        a.push(&[0b1], &[0b10], Cell(4));
        let mut b = Section::new(Player::X, Goal::NotLose, 9);
        b.push(&[0b1], &[0b10], Cell(5)); // the same position, another move
        b.push(&[], &[], Cell(8));
        b.push(&[], &[], Cell(7));
        assert_eq!(a.append_new(&[&b, &b]), 1);
        assert_eq!(a.len(), 2);
        assert_eq!(a.get(0).2, Cell(4));
        assert_eq!(a.get(1), (vec![0], vec![0], Cell(8)));
    }
}
