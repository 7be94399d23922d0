//! The prover's memory of expansions: for a position, the moves its
//! expansion left to search (after the threat searches and zones of
//! `dfpn.rs`).
//!
//! Depth-first proof-number search enters an unsolved position many times
//! (each time a threshold sends it back there); without this cache each
//! entry repeats the position's threat searches, which are most of the
//! prover's work. The cache is lossy and direct-mapped, keyed by the
//! position's own stones (not its symmetric key: the moves are cells of
//! this position, not of its class) and the question being searched.
//!
//! On boards of at most 64 cells an entry is two words: the key and the
//! cells as bits. On larger boards it is the key and a list of at most
//! [`MAX_LISTED`] cells; longer lists are not kept (they are the positions
//! without a threat sequence to restrict the moves, whose failed threat
//! searches the threat searcher's own cache remembers).

/// Most moves of an entry on a board of more than 64 cells.
pub(crate) const MAX_LISTED: usize = 96;

/// Bytes an entry of a board of more than 64 cells is counted at (key,
/// list header and a list of average length).
const LISTED_BYTES: usize = 160;

/// Moves of positions by key (see the module docs).
pub(crate) struct Expansions {
    /// Boards of at most 64 cells: the key (0: empty) and the cells as bits.
    words: Vec<[u64; 2]>,
    /// Larger boards: the key and the cells.
    lists: Vec<(u64, Box<[u16]>)>,
    mask: usize,
}

impl Expansions {
    /// A cache of about `bytes` bytes (a power of two of entries, at least
    /// one) for a board of `cells` cells.
    pub fn new(bytes: usize, cells: usize) -> Expansions {
        let entry = if cells <= 64 { 16 } else { LISTED_BYTES };
        let mut entries = (bytes / entry).max(1).next_power_of_two();
        if entries * entry > bytes.max(entry) {
            entries = (entries / 2).max(1);
        }
        if cells <= 64 {
            Expansions {
                words: vec![[0; 2]; entries],
                lists: Vec::new(),
                mask: entries - 1,
            }
        } else {
            Expansions {
                words: Vec::new(),
                lists: (0..entries).map(|_| (0, Box::default())).collect(),
                mask: entries - 1,
            }
        }
    }

    /// Bytes taken (for lists, as counted: [`LISTED_BYTES`] an entry).
    pub fn bytes(&self) -> usize {
        self.words.len() * 16 + self.lists.len() * LISTED_BYTES
    }

    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & self.mask
    }

    /// The moves stored for `key`, if any.
    pub fn get(&self, key: u64) -> Option<Vec<u32>> {
        if key == 0 {
            return None;
        }
        let at = self.slot(key);
        if let Some(s) = self.words.get(at) {
            return (s[0] == key).then(|| cells_of(s[1]));
        }
        let (k, cells) = &self.lists[at];
        (*k == key).then(|| cells.iter().map(|&c| u32::from(c)).collect())
    }

    /// Stores the moves of `key` (replacing whatever shared its slot);
    /// on a large board, only a list of at most [`MAX_LISTED`] moves.
    pub fn put(&mut self, key: u64, moves: &[u32]) {
        if key == 0 {
            return;
        }
        let at = self.slot(key);
        if let Some(s) = self.words.get_mut(at) {
            *s = [key, bits_of(moves)];
        } else if moves.len() <= MAX_LISTED {
            let cells = moves.iter().map(|&c| c as u16).collect();
            self.lists[at] = (key, cells);
        }
    }
}

/// The cells of a word, lowest first.
pub(crate) fn cells_of(mut bits: u64) -> Vec<u32> {
    let mut out = Vec::with_capacity(bits.count_ones() as usize);
    while bits != 0 {
        out.push(bits.trailing_zeros());
        bits &= bits - 1;
    }
    out
}

/// The word of some cells, each below 64.
pub(crate) fn bits_of(cells: &[u32]) -> u64 {
    cells.iter().fold(0, |acc, &c| acc | 1 << c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_forgets() {
        let mut e = Expansions::new(1 << 10, 64);
        assert_eq!(e.bytes(), 1 << 10);
        assert_eq!(e.get(12345), None);
        e.put(12345, &[0, 1, 3]);
        assert_eq!(e.get(12345), Some(vec![0, 1, 3]));
        // Another key in the same slot replaces it.
        let mut other = 1u64;
        while e.slot(other) != e.slot(12345) || other == 12345 {
            other += 1;
        }
        e.put(other, &[0, 1, 2]);
        assert_eq!(e.get(12345), None);
        assert_eq!(e.get(other), Some(vec![0, 1, 2]));
        // Key 0 is never stored.
        e.put(0, &[1]);
        assert_eq!(e.get(0), None);
    }

    #[test]
    fn large_boards_keep_short_lists() {
        let mut e = Expansions::new(1 << 16, 1024);
        e.put(77, &[1000, 3, 512]);
        assert_eq!(e.get(77), Some(vec![1000, 3, 512]));
        let long: Vec<u32> = (0..=MAX_LISTED as u32).collect();
        e.put(78, &long);
        assert_eq!(e.get(78), None);
        assert!(e.bytes() <= 1 << 16);
    }

    #[test]
    fn words_and_cells() {
        let cells = vec![0, 5, 17, 63];
        assert_eq!(cells_of(bits_of(&cells)), cells);
        assert_eq!(cells_of(0), Vec::<u32>::new());
    }
}
