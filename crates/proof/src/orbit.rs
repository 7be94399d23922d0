//! A 64-bit key of a position's orbit under a symmetry group: the same
//! for two positions exactly when a map of the group sends one onto the
//! other (bar a collision of 64-bit hashes), found from a few hundred of
//! the group's maps rather than all of them.
//!
//! The orbit's representative here is the image whose cells, listed as
//! X's in increasing order and then O's, come first in lexicographic
//! order. Its first cell is the smallest cell that any map sends an
//! *anchor* stone to (X's stones, or O's when X has none): the smallest
//! of the anchors' orbit minima. So only maps that send one anchor whose
//! orbit minimum is that cell onto it can give the representative: a
//! corner of 4^5 (an orbit of 32 cells) is sent to cell 0 by 480 of the
//! 15,360 maps. [`Symmetries::canonical`] (the checker's canonical form)
//! passes over every map; this is for writers that ask often, and it
//! tells orbits apart exactly as the checker's form does (a test checks
//! it).

use crate::fingerprint::mix;
use crate::symmetry::Symmetries;
use hypertac_core::Cell;

/// Orbit keys for one group (see the module docs).
pub struct OrbitKeys {
    group: Symmetries,
    cells: usize,
    /// The smallest cell of each cell's orbit.
    orbit_min: Vec<u16>,
    /// For each cell, the maps that send it to its orbit's smallest cell.
    to_min: Vec<Vec<u32>>,
}

impl OrbitKeys {
    /// The keys of `group`'s orbits on a board of `cells` cells.
    pub fn new(group: Symmetries, cells: usize) -> OrbitKeys {
        let mut orbit_min: Vec<u16> = (0..cells as u16).collect();
        for s in 0..group.len() {
            for (c, min) in orbit_min.iter_mut().enumerate() {
                *min = (*min).min(group.map(s, Cell(c as u64)).0 as u16);
            }
        }
        let mut to_min = vec![Vec::new(); cells];
        for s in 0..group.len() {
            for (c, maps) in to_min.iter_mut().enumerate() {
                if group.map(s, Cell(c as u64)).0 as u16 == orbit_min[c] {
                    maps.push(s as u32);
                }
            }
        }
        OrbitKeys {
            group,
            cells,
            orbit_min,
            to_min,
        }
    }

    /// The key of the orbit of `stones` (X's words, then O's).
    pub fn key(&self, stones: &[u64]) -> u64 {
        let words = stones.len() / 2;
        let xs = cells_of(&stones[..words]);
        let os = cells_of(&stones[words..]);
        let anchors = if xs.is_empty() { &os } else { &xs };
        let Some(first) = anchors.iter().map(|&c| self.orbit_min[c as usize]).min() else {
            return mix(stones.len() as u64);
        };
        let mut best: Option<Vec<u16>> = None;
        let mut image = Vec::with_capacity(xs.len() + os.len());
        for &a in anchors {
            if self.orbit_min[a as usize] != first {
                continue;
            }
            for &s in &self.to_min[a as usize] {
                image.clear();
                let map = |c: &u16| self.group.map(s as usize, Cell(u64::from(*c))).0 as u16;
                image.extend(xs.iter().map(map));
                image[..].sort_unstable();
                let n = image.len();
                image.extend(os.iter().map(map));
                image[n..].sort_unstable();
                if best.as_ref().is_none_or(|b| image < *b) {
                    best = Some(image.clone());
                }
            }
        }
        let best = best.expect("an anchor's map");
        best.iter()
            .fold(mix((xs.len() as u64) << 32 | self.cells as u64), |h, &c| {
                mix(h ^ u64::from(c))
            })
    }
}

/// The cells whose bits are set in `words`, in increasing order.
fn cells_of(words: &[u64]) -> Vec<u16> {
    let mut out = Vec::new();
    for (i, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            out.push((i * 64 + bits.trailing_zeros() as usize) as u16);
            bits &= bits - 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Lines;
    use hypertac_core::Rules;

    /// A pseudo-random position of `stones` stones on the first `within`
    /// cells of a board of `cells`, X's and O's alternately.
    fn position(cells: usize, within: usize, stones: usize, seed: u64) -> Vec<u64> {
        let words = cells.div_ceil(64);
        let mut out = vec![0u64; 2 * words];
        let mut state = seed;
        let mut placed = 0;
        while placed < stones {
            state = mix(state);
            let c = (state % within as u64) as usize;
            if (out[c / 64] | out[words + c / 64]) >> (c % 64) & 1 == 0 {
                out[(placed % 2) * words + c / 64] |= 1 << (c % 64);
                placed += 1;
            }
        }
        out
    }

    fn image(group: &Symmetries, s: usize, pos: &[u64], cells: usize) -> Vec<u64> {
        let words = pos.len() / 2;
        let mut out = vec![0u64; pos.len()];
        for side in 0..2 {
            for c in 0..cells {
                if pos[side * words + c / 64] >> (c % 64) & 1 == 1 {
                    let m = group.map(s, Cell(c as u64)).0 as usize;
                    out[side * words + m / 64] |= 1 << (m % 64);
                }
            }
        }
        out
    }

    /// Keys agree with the checker's canonical forms: equal for images
    /// under the group, and equal for two positions exactly when their
    /// canonical forms are (positions of few stones on few cells, so
    /// that many pairs are symmetric without being images by design).
    #[test]
    fn keys_tell_orbits_apart_as_canonical_forms_do() {
        let (mut images, mut pairs, mut symmetric) = (0, 0, 0);
        for preset in ["tictactoe", "qubic", "4d"] {
            let rules = Rules::preset(preset).unwrap();
            let lines = Lines::new(&rules).unwrap();
            let group = Symmetries::with_lines(&rules, &lines);
            let cells = lines.cells();
            let keys = OrbitKeys::new(group.clone(), cells);
            let canon = |p: &[u64]| {
                let mut out = vec![0u64; p.len()];
                group.canonical(p, &mut out);
                out
            };
            let mut seen: Vec<(Vec<u64>, u64)> = Vec::new();
            for seed in 0..300u64 {
                let stones = (seed % 4) as usize;
                let pos = position(cells, cells.min(27), stones, seed);
                let pos = image(&group, 0, &pos, cells);
                let k = keys.key(&pos);
                for s in (0..group.len()).step_by(group.len().div_ceil(9)) {
                    assert_eq!(
                        keys.key(&image(&group, s, &pos, cells)),
                        k,
                        "{preset} {seed}"
                    );
                    images += 1;
                }
                let c = canon(&pos);
                for (other, other_key) in &seen {
                    pairs += 1;
                    let same = *other == c;
                    symmetric += usize::from(same);
                    assert_eq!(same, *other_key == k, "{preset} seed {seed}");
                }
                seen.push((c, k));
            }
        }
        assert!(images >= 2500, "{images} images");
        assert!(
            pairs >= 100_000 && symmetric >= 1000,
            "{symmetric} of {pairs}"
        );
    }
}
