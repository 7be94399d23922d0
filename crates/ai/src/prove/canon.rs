//! Position keys that are the same for every symmetric image of a position.
//!
//! Each symmetry `s` of the board keeps its own Zobrist hash of the image of
//! the stones, `h_s = XOR key(s(c), p)`, updated by every move (one XOR per
//! symmetry); the key of the position is the smallest `h_s`. Symmetric
//! positions have the same set of hashes, so the same key. Collisions are
//! possible (64 bits): the search trusts them, the certificate's checker
//! does not, so a collision can only make a certificate fail its check,
//! never make a wrong one pass.

use hypertac_core::{zobrist, Cell, Player};

/// Incremental symmetric hashes of a dense board.
#[derive(Clone, Debug)]
pub(crate) struct Canon {
    /// `keys[(cell * 2 + player) * n .. + n]`: the key of that stone's image
    /// under each symmetry.
    keys: Vec<u64>,
    hashes: Vec<u64>,
    /// Symmetry maps, `maps[s][cell]`.
    maps: Vec<Vec<u32>>,
    /// The fastest [`min_xor`] this processor runs.
    min_xor: fn(&[u64], &[u64]) -> u64,
}

/// The smallest `a[i] ^ b[i]`.
fn min_xor(a: &[u64], b: &[u64]) -> u64 {
    a.iter().zip(b).map(|(x, y)| x ^ y).min().unwrap_or(0)
}

/// [`min_xor`] compiled for AVX-512 (which has a 64-bit unsigned minimum).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn min_xor_avx512(a: &[u64], b: &[u64]) -> u64 {
    min_xor(a, b)
}

/// [`min_xor`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn min_xor_avx2(a: &[u64], b: &[u64]) -> u64 {
    min_xor(a, b)
}

fn fastest_min_xor() -> fn(&[u64], &[u64]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if is_x86_feature_detected!("avx512f") {
            // SAFETY: called only where the processor has AVX-512F.
            return |a, b| unsafe { min_xor_avx512(a, b) };
        }
        if is_x86_feature_detected!("avx2") {
            // SAFETY: called only where the processor has AVX2.
            return |a, b| unsafe { min_xor_avx2(a, b) };
        }
    }
    min_xor
}

impl Canon {
    /// Hashes for the given symmetry maps (identity first), no stones yet.
    pub fn new(maps: Vec<Vec<u32>>, salt: u64) -> Canon {
        let n = maps.len();
        let cells = maps[0].len();
        let mut keys = vec![0; cells * 2 * n];
        for c in 0..cells {
            for (p, player) in [Player::X, Player::O].into_iter().enumerate() {
                for (s, map) in maps.iter().enumerate() {
                    keys[(c * 2 + p) * n + s] =
                        zobrist::key(Cell(u64::from(map[c])), player) ^ salt;
                }
            }
        }
        Canon {
            keys,
            hashes: vec![0; n],
            maps,
            min_xor: fastest_min_xor(),
        }
    }

    /// Adds or removes a stone.
    #[inline]
    pub fn toggle(&mut self, cell: u32, player: Player) {
        let n = self.hashes.len();
        let at = (cell as usize * 2 + player.index()) * n;
        for (h, k) in self.hashes.iter_mut().zip(&self.keys[at..at + n]) {
            *h ^= k;
        }
    }

    /// The key of the current stones.
    #[inline]
    pub fn key(&self) -> u64 {
        self.hashes.iter().copied().min().unwrap_or(0)
    }

    /// The key after adding a stone, without adding it.
    #[inline]
    pub fn key_with(&self, cell: u32, player: Player) -> u64 {
        let n = self.hashes.len();
        let at = (cell as usize * 2 + player.index()) * n;
        (self.min_xor)(&self.hashes, &self.keys[at..at + n])
    }

    /// Number of symmetries.
    pub fn len(&self) -> usize {
        self.maps.len()
    }

    /// The symmetry maps.
    #[allow(dead_code)]
    pub fn maps(&self) -> &[Vec<u32>] {
        &self.maps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry;
    use hypertac_core::{Position, Rules};

    #[test]
    fn symmetric_positions_share_a_key_and_others_do_not() {
        let pos = Position::new(Rules::preset("qubic").unwrap());
        let maps = symmetry::group(&pos).unwrap();
        let mut a = Canon::new(maps.clone(), 0);
        let mut b = Canon::new(maps.clone(), 0);
        // X on a corner and O beside it, against the images under map 17.
        let s = &maps[17];
        for (c, p) in [(0u32, Player::X), (1, Player::O), (21, Player::X)] {
            a.toggle(c, p);
            b.toggle(s[c as usize], p);
        }
        assert_eq!(a.key(), b.key());
        let mut c = Canon::new(maps, 0);
        for (cell, p) in [(0u32, Player::X), (2, Player::O), (21, Player::X)] {
            c.toggle(cell, p);
        }
        assert_ne!(a.key(), c.key());
        assert_eq!(a.key_with(5, Player::O), {
            a.toggle(5, Player::O);
            a.key()
        });
    }
}
