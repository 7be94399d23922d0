//! Position keys that are the same for (almost) every symmetric image of
//! a position.
//!
//! Each symmetry `s` of the board keeps its own Zobrist hash of the image of
//! the stones, `h_s = XOR key(s(c), p)`, updated by every move (one XOR per
//! symmetry). The key of the position is the `h_s` of the map chosen by
//! the smallest pair (top 16 bits of `h_s`, `s`). Symmetric positions have
//! the same set of hashes, so the same key unless two maps' hashes share
//! their top 16 bits (about one position in 40 on 4^4's 1,536 maps, fewer
//! on smaller groups): then the index decides, and symmetric positions may
//! get different keys, which only loses a merge. What matters is that the
//! key is a function of the position, so the search stays sound, and that
//! choosing it reads 4 bytes a map, not 8, as one vectorized minimum over
//! words that hold the top bits and the index together. That choice was
//! two thirds of the time on 4^4 when the key was the smallest full `h_s`.
//!
//! With a large group (more than [`CHEAP_GROUP`] maps, such as 4^4's 1,536
//! or 4^5's 15,360) a key still costs a pass over all of them, so positions
//! of more than [`MIDDLE_STONES`] or [`SHALLOW_STONES`] stones take the
//! identity's hash instead: still a function of the position, so sound,
//! only without sharing symmetric positions deep in the tree, where they
//! are rare anyway. Collisions are
//! possible (64 bits): the search trusts them, the certificate's checker
//! does not, so a collision can only make a certificate fail its check,
//! never make a wrong one pass.

use super::prefetch::prefetch;
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
    /// `id_keys[cell * 2 + player]`: the identity's key of that stone, the
    /// one deep positions use, apart in a table small enough for the
    /// processor's caches (`keys` is 250 MB on 4^5, where reading every
    /// child's key from it was a fifth of the search's time).
    id_keys: Vec<u64>,
    hashes: Vec<u64>,
    /// `ranks[i]`: the top 16 bits of `keys[i]` above 16 bits of zeros.
    ranks: Vec<u32>,
    /// `hash_ranks[s]`: the top 16 bits of `hashes[s]` above `s`, so the
    /// smallest of `hash_ranks[s] ^ ranks[at + s]` picks the map of the
    /// key after a stone (see the module docs).
    hash_ranks: Vec<u32>,
    /// Symmetry maps, `maps[s][cell]`.
    maps: Vec<Vec<u32>>,
    /// The fastest [`min_xor`] this processor runs.
    min_xor: fn(&[u32], &[u32]) -> u32,
    /// Stones on the board, and up to how many the key is symmetric.
    stones: u32,
    symmetric_until: u32,
    /// Which cells hold a stone (to count them on toggles).
    occupied: Vec<bool>,
}

/// Groups of at most this many maps (Qubic's 192) give symmetric keys at
/// every depth.
const CHEAP_GROUP: usize = 256;
/// Up to this many maps (4^4's 1,536), positions of at most
/// [`MIDDLE_STONES`] stones get symmetric keys.
const FULL_GROUP: usize = 2048;
/// On 4^4 (one thread, 2026-11-26): symmetric keys up to 5 stones proved it
/// in 608 s of CPU and 14.7 M positions; at every depth 2 threads took
/// 1,100 s of CPU and 18.2 M positions; up to 3 stones, over 14 minutes.
const MIDDLE_STONES: u32 = 5;
/// With a larger group, positions of at most this many stones get symmetric keys.
const SHALLOW_STONES: u32 = 2;
/// The most maps a group may have (indices fit in 16 bits).
const MAX_MAPS: usize = 1 << 16;

/// The smallest `a[i] ^ b[i]`.
fn min_xor(a: &[u32], b: &[u32]) -> u32 {
    a.iter().zip(b).map(|(x, y)| x ^ y).min().unwrap_or(0)
}

/// [`min_xor`] compiled for AVX-512 (16 minimums an instruction).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn min_xor_avx512(a: &[u32], b: &[u32]) -> u32 {
    min_xor(a, b)
}

/// [`min_xor`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn min_xor_avx2(a: &[u32], b: &[u32]) -> u32 {
    min_xor(a, b)
}

fn fastest_min_xor() -> fn(&[u32], &[u32]) -> u32 {
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

/// The top 16 bits of a key, above 16 bits of zeros.
fn rank(key: u64) -> u32 {
    ((key >> 48) as u32) << 16
}

impl Canon {
    /// Hashes for the given symmetry maps (identity first), no stones yet.
    ///
    /// # Panics
    /// More than 65,536 maps.
    pub fn new(maps: Vec<Vec<u32>>, salt: u64) -> Canon {
        let n = maps.len();
        assert!(n <= MAX_MAPS, "{n} symmetry maps");
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
            ranks: keys.iter().map(|&k| rank(k)).collect(),
            id_keys: keys.iter().step_by(n).copied().collect(),
            keys,
            hashes: vec![0; n],
            hash_ranks: (0..n as u32).collect(),
            maps,
            min_xor: fastest_min_xor(),
            stones: 0,
            symmetric_until: match n {
                n if n <= CHEAP_GROUP => u32::MAX,
                n if n <= FULL_GROUP => MIDDLE_STONES,
                _ => SHALLOW_STONES,
            },
            occupied: vec![false; cells],
        }
    }

    /// Adds or removes a stone.
    #[inline]
    pub fn toggle(&mut self, cell: u32, player: Player) {
        let n = self.hashes.len();
        let at = (cell as usize * 2 + player.index()) * n;
        let o = &mut self.occupied[cell as usize];
        *o = !*o;
        let larger = if *o {
            self.stones += 1;
            self.stones
        } else {
            self.stones -= 1;
            self.stones + 1
        };
        // Deep positions key by the identity's hash alone: the other
        // hashes are left as they are, and are right again once the
        // stones are taken back (toggles come in pairs at one count).
        if larger > self.symmetric_until.saturating_add(1) {
            let k = self.id_keys[cell as usize * 2 + player.index()];
            self.hashes[0] ^= k;
            self.hash_ranks[0] ^= rank(k);
            return;
        }
        for (h, k) in self.hashes.iter_mut().zip(&self.keys[at..at + n]) {
            *h ^= k;
        }
        for (h, k) in self.hash_ranks.iter_mut().zip(&self.ranks[at..at + n]) {
            *h ^= k;
        }
    }

    /// The key of the current stones.
    #[inline]
    pub fn key(&self) -> u64 {
        if self.stones > self.symmetric_until {
            return self.hashes[0];
        }
        let s = self.hash_ranks.iter().min().map_or(0, |&r| r & 0xFFFF);
        self.hashes[s as usize]
    }

    /// Whether every position `more` stones beyond this one has its own
    /// hash as its key (symmetric positions there are not merged).
    pub fn own_keys_after(&self, more: u32) -> bool {
        self.stones.saturating_add(more) > self.symmetric_until
    }

    /// Whether the keys after one more stone are the position's own hashes
    /// (no two children share one, bar a collision of 64-bit hashes).
    #[inline]
    pub fn keys_are_own(&self) -> bool {
        self.stones >= self.symmetric_until
    }

    /// The key after adding a stone, without adding it.
    #[inline]
    pub fn key_with(&self, cell: u32, player: Player) -> u64 {
        if self.keys_are_own() {
            return self.hashes[0] ^ self.id_keys[cell as usize * 2 + player.index()];
        }
        let n = self.hashes.len();
        let at = (cell as usize * 2 + player.index()) * n;
        let i = self.chosen(at, n);
        self.hashes[i % n] ^ self.keys[i]
    }

    /// The index into `keys` of the key that [`Canon::key_with`] takes for
    /// the stone whose keys start at `at` (`n` maps): the identity's deep
    /// in the tree, else the map of the smallest (top bits, index).
    #[inline]
    fn chosen(&self, at: usize, n: usize) -> usize {
        if self.keys_are_own() {
            return at;
        }
        at + ((self.min_xor)(&self.hash_ranks, &self.ranks[at..at + n]) & 0xFFFF) as usize
    }

    /// [`Canon::key_with`] of each cell, in order, into `out`. The maps are
    /// chosen first and each chosen key fetched ahead (a key is a random
    /// read from a table of megabytes), then the keys are read.
    pub fn keys_with(&self, cells: &[u32], player: Player, out: &mut Vec<u64>) {
        out.clear();
        if self.keys_are_own() {
            let p = player.index();
            out.extend(
                cells
                    .iter()
                    .map(|&c| self.hashes[0] ^ self.id_keys[c as usize * 2 + p]),
            );
            return;
        }
        let n = self.hashes.len();
        let chosen: Vec<usize> = cells
            .iter()
            .map(|&c| {
                let i = self.chosen((c as usize * 2 + player.index()) * n, n);
                prefetch(&self.keys[i] as *const u64);
                i
            })
            .collect();
        out.extend(chosen.iter().map(|&i| self.hashes[i % n] ^ self.keys[i]));
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
        // Every key_with is the key after the stone, on 4^4's 1,536 maps,
        // after each of 12 stones.
        let pos = Position::new(Rules::preset("4d").unwrap());
        let mut d = Canon::new(proof_group(&pos), 0);
        let mut checked = 0;
        for (i, cell) in [0u32, 85, 170, 255, 17, 34, 51, 68, 102, 119, 136, 153]
            .into_iter()
            .enumerate()
        {
            let me = Player::to_move_at(i);
            for c in (0..256).step_by(7) {
                let brute = {
                    d.toggle(c, me);
                    let k = d.key();
                    d.toggle(c, me);
                    k
                };
                if !d.occupied[c as usize] {
                    assert_eq!(d.key_with(c, me), brute);
                    checked += 1;
                }
            }
            d.toggle(cell, me);
        }
        assert!(checked > 400, "{checked}");
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
