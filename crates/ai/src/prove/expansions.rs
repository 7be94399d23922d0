//! The prover's memory of expansions: for a position of a board of at most
//! 64 cells, the moves its expansion left to search (after the threat
//! searches and zones of `dfpn.rs`), as one word.
//!
//! Depth-first proof-number search enters an unsolved position many times
//! (each time a threshold sends it back there); without this cache each
//! entry repeats the position's threat searches, which are most of the
//! prover's work. The cache is lossy and direct-mapped, keyed by the
//! position's own stones (not its symmetric key: the moves are cells of
//! this position, not of its class) and the question being searched.

/// One entry: the key (0: empty) and the cells as bits.
type Slot = [u64; 2];

/// Moves of positions by key (see the module docs).
pub(crate) struct Expansions {
    slots: Vec<Slot>,
    mask: usize,
}

impl Expansions {
    /// A cache of about `bytes` bytes (a power of two of entries, at
    /// least one); none for boards of more than 64 cells (`enabled`).
    pub fn new(bytes: usize, enabled: bool) -> Expansions {
        if !enabled {
            return Expansions {
                slots: Vec::new(),
                mask: 0,
            };
        }
        let mut entries = (bytes / std::mem::size_of::<Slot>())
            .max(1)
            .next_power_of_two();
        if entries * std::mem::size_of::<Slot>() > bytes.max(std::mem::size_of::<Slot>()) {
            entries = (entries / 2).max(1);
        }
        Expansions {
            slots: vec![[0; 2]; entries],
            mask: entries - 1,
        }
    }

    /// Bytes taken.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & self.mask
    }

    /// The moves stored for `key`, if any.
    pub fn get(&self, key: u64) -> Option<u64> {
        if self.slots.is_empty() || key == 0 {
            return None;
        }
        let s = self.slots[self.slot(key)];
        (s[0] == key).then_some(s[1])
    }

    /// Stores the moves of `key` (replacing whatever shared its slot).
    pub fn put(&mut self, key: u64, moves: u64) {
        if self.slots.is_empty() || key == 0 {
            return;
        }
        let at = self.slot(key);
        self.slots[at] = [key, moves];
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
        let mut e = Expansions::new(1 << 10, true);
        assert_eq!(e.bytes(), 1 << 10);
        assert_eq!(e.get(12345), None);
        e.put(12345, 0b1011);
        assert_eq!(e.get(12345), Some(0b1011));
        // Another key in the same slot replaces it.
        let mut other = 1u64;
        while e.slot(other) != e.slot(12345) || other == 12345 {
            other += 1;
        }
        e.put(other, 7);
        assert_eq!(e.get(12345), None);
        assert_eq!(e.get(other), Some(7));
        // Key 0 is never stored.
        e.put(0, 1);
        assert_eq!(e.get(0), None);
    }

    #[test]
    fn disabled_keeps_nothing() {
        let mut e = Expansions::new(1 << 10, false);
        e.put(5, 1);
        assert_eq!(e.get(5), None);
        assert_eq!(e.bytes(), 0);
    }

    #[test]
    fn words_and_cells() {
        let cells = vec![0, 5, 17, 63];
        assert_eq!(cells_of(bits_of(&cells)), cells);
        assert_eq!(cells_of(0), Vec::<u32>::new());
    }
}
