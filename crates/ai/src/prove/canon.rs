//! Position keys that are the same for every symmetric image of a position.
//!
//! Each symmetry `s` of the board keeps its own Zobrist hash of the image of
//! the stones, `h_s = XOR key(s(c), p)`, updated by every move (one XOR per
//! symmetry); the key of the position is the smallest `h_s`. Symmetric
//! positions have the same set of hashes, so the same key. With a large
//! group (more than [`FULL_GROUP`] maps, such as 4^5's 15,360) a key costs
//! a pass over all of them, so positions of more than [`SHALLOW_STONES`]
//! stones take the identity's hash instead: still a function of the
//! position, so sound, only without sharing symmetric positions deep in
//! the tree, where they are rare anyway. Collisions are
//! possible (64 bits): the search trusts them, the certificate's checker
//! does not, so a collision can only make a certificate fail its check,
//! never make a wrong one pass.

use hypertac_core::{zobrist, Cell, Player, Position};

/// The symmetries the prover shares positions under: the checker's group
/// (`hypertac_proof::Symmetries`), as maps of cell indices. A certificate
/// writes one entry for a class of positions the prover holds the same,
/// so the prover may merge only positions the checker merges too (on big
/// cubes the checker keeps the identity alone where the search's group
/// would have thousands of maps).
pub(crate) fn proof_group(pos: &Position) -> Vec<Vec<u32>> {
    let group = hypertac_proof::Symmetries::new(pos.rules());
    let cells = pos.rules().shape().cell_count();
    (0..group.len())
        .map(|s| (0..cells).map(|c| group.map(s, Cell(c)).0 as u32).collect())
        .collect()
}

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
    /// Stones on the board, and up to how many the key is symmetric.
    stones: u32,
    symmetric_until: u32,
    /// Which cells hold a stone (to count them on toggles).
    occupied: Vec<bool>,
}

/// Groups of at most this many maps give symmetric keys at every depth.
const FULL_GROUP: usize = 2048;
/// With a larger group, positions of at most this many stones get symmetric keys.
const SHALLOW_STONES: u32 = 2;

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
            stones: 0,
            symmetric_until: if n <= FULL_GROUP {
                u32::MAX
            } else {
                SHALLOW_STONES
            },
            occupied: vec![false; cells],
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
        let o = &mut self.occupied[cell as usize];
        *o = !*o;
        if *o {
            self.stones += 1;
        } else {
            self.stones -= 1;
        }
    }

    /// The key of the current stones.
    #[inline]
    pub fn key(&self) -> u64 {
        if self.stones > self.symmetric_until {
            return self.hashes[0];
        }
        self.hashes.iter().copied().min().unwrap_or(0)
    }

    /// The key after adding a stone, without adding it.
    #[inline]
    pub fn key_with(&self, cell: u32, player: Player) -> u64 {
        let n = self.hashes.len();
        let at = (cell as usize * 2 + player.index()) * n;
        if self.stones >= self.symmetric_until {
            return self.hashes[0] ^ self.keys[at];
        }
        (self.min_xor)(&self.hashes, &self.keys[at..at + n])
    }

    /// Number of symmetries.
    pub fn len(&self) -> usize {
        self.maps.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::{Rules, Shape};

    #[test]
    fn symmetric_positions_share_a_key_and_others_do_not() {
        let pos = Position::new(Rules::preset("qubic").unwrap());
        let maps = proof_group(&pos);
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

    #[test]
    fn the_prover_uses_the_checkers_group() {
        let size = |rules: Rules| proof_group(&Position::new(rules)).len();
        assert_eq!(size(Rules::preset("tictactoe").unwrap()), 8);
        assert_eq!(size(Rules::preset("qubic").unwrap()), 192);
        assert_eq!(size(Rules::preset("4d").unwrap()), 1536);
        assert_eq!(size(Rules::preset("connect4").unwrap()), 2);
        assert_eq!(size(Rules::preset("connect4-3d").unwrap()), 8);
        let k3 = Rules::new(Shape::new(&[4, 4]).unwrap(), 3).unwrap();
        assert_eq!(size(k3), 8);
        // 5^5: the checker keeps the identity alone (too many candidates).
        let cube5 = Rules::new(Shape::new(&[5, 5, 5, 5, 5]).unwrap(), 5).unwrap();
        assert_eq!(size(cube5), 1);
        let g = proof_group(&Position::new(Rules::preset("qubic").unwrap()));
        assert!(g[0].iter().enumerate().all(|(i, &c)| c == i as u32));
    }
}
