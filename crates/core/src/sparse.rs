//! Sparse boards: only occupied cells are stored, and the lines through a
//! cell are walked on the fly along the (3^d-1)/2 directions. Memory grows
//! with the number of stones, never with the number of cells.

use crate::lines::{
    cycle_length, for_each_direction, line_count, lines_through, ray, wrap_step, Line,
};
use crate::{Cell, Player, Rules};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// Number of line directions of a d-cube, (3^d - 1)/2 (saturating).
fn direction_count(d: usize) -> u64 {
    3u64.checked_pow(d as u32).map_or(u64::MAX, |p| (p - 1) / 2)
}

/// A hasher for cell indices: one multiply-xorshift, enough for integer keys.
#[derive(Default, Clone, Copy)]
pub(crate) struct CellHasher(u64);

impl Hasher for CellHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
    }
    fn write_u64(&mut self, x: u64) {
        let z = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = z ^ (z >> 29);
    }
}

pub(crate) type CellMap<V> = HashMap<u64, V, BuildHasherDefault<CellHasher>>;

#[derive(Clone, Debug)]
pub(crate) struct Sparse {
    stones: CellMap<Player>,
    /// Wrapped cycle length per direction (only with wrap; the directions
    /// themselves are enumerated on the fly, see [`for_each_direction`]).
    cycles: Arc<Vec<u64>>,
}

impl Sparse {
    pub fn new(rules: &Rules) -> Sparse {
        let mut cycles = Vec::new();
        if rules.wrap() {
            for_each_direction(rules.shape().dims(), |_, d| {
                cycles.push(cycle_length(rules.shape(), d));
            });
        }
        Sparse {
            stones: CellMap::default(),
            cycles: Arc::new(cycles),
        }
    }

    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Player> {
        self.stones.get(&cell.0).copied()
    }

    pub fn stones(&self) -> impl Iterator<Item = (Cell, Player)> + '_ {
        self.stones.iter().map(|(&c, &p)| (Cell(c), p))
    }

    /// Places a stone; returns how many lines it completed for `player`.
    pub fn place(&mut self, rules: &Rules, cell: Cell, player: Player) -> u32 {
        self.stones.insert(cell.0, player);
        let k = u64::from(rules.k());
        let shape = rules.shape();
        let mut coords = shape.coords(cell);
        if !rules.wrap() && k > 1 && (self.stones.len() as u64) < direction_count(shape.dims()) {
            return self.place_near_stones(rules, cell, &coords, player);
        }
        let mut completed = 0u64;
        let this = &*self;
        for_each_direction(shape.dims(), |i, dir| {
            if rules.wrap() {
                let cycle = this.cycles[i];
                if k > cycle {
                    return;
                }
                let back = this.wrapped_run(rules, &mut coords, dir, -1, player, cycle - 1);
                shape.coords_into(cell, &mut coords);
                let ahead = this.wrapped_run(rules, &mut coords, dir, 1, player, cycle - 1 - back);
                shape.coords_into(cell, &mut coords);
                completed += if back + ahead + 1 == cycle {
                    if k == cycle {
                        1
                    } else {
                        k
                    }
                } else {
                    windows_containing(back, ahead, k)
                };
            } else {
                let r = ray(shape, &coords, dir);
                let back = this.run(cell, -r.delta, r.backward.min(k - 1), player);
                let ahead = this.run(cell, r.delta, r.forward.min(k - 1), player);
                completed += windows_containing(back, ahead, k);
            }
        });
        completed as u32
    }

    /// [`Sparse::place`] without wrap and with k > 1 when the board holds
    /// fewer stones than there are directions: a line can only be completed
    /// along a direction in which a neighbour of `cell` is one of `player`'s
    /// stones, so only those directions are walked (found from the stones,
    /// not by trying all (3^d-1)/2 directions).
    fn place_near_stones(&self, rules: &Rules, cell: Cell, coords: &[u32], player: Player) -> u32 {
        let shape = rules.shape();
        let k = u64::from(rules.k());
        let mut dirs: Vec<Vec<i8>> = Vec::new();
        let mut other = vec![0u32; coords.len()];
        let mut dir = vec![0i8; coords.len()];
        for (&c, &p) in &self.stones {
            if p != player || c == cell.0 {
                continue;
            }
            shape.coords_into(Cell(c), &mut other);
            if other.iter().zip(coords).any(|(&o, &m)| o.abs_diff(m) > 1) {
                continue;
            }
            for ((step, &o), &m) in dir.iter_mut().zip(&other).zip(coords) {
                *step = (i64::from(o) - i64::from(m)) as i8;
            }
            // One direction per line: the first non-zero step is +1.
            if dir.iter().find(|&&s| s != 0) == Some(&-1) {
                dir.iter_mut().for_each(|s| *s = -*s);
            }
            if !dirs.contains(&dir) {
                dirs.push(dir.clone());
            }
        }
        let mut completed = 0u64;
        for dir in &dirs {
            let r = ray(shape, coords, dir);
            let back = self.run(cell, -r.delta, r.backward.min(k - 1), player);
            let ahead = self.run(cell, r.delta, r.forward.min(k - 1), player);
            completed += windows_containing(back, ahead, k);
        }
        completed as u32
    }

    pub fn remove(&mut self, cell: Cell) {
        self.stones.remove(&cell.0);
    }

    /// Stones of `player` in a row from `cell` (excluded), stepping `delta`, at most `limit`.
    #[inline]
    fn run(&self, cell: Cell, delta: i64, limit: u64, player: Player) -> u64 {
        let mut at = cell.0 as i64;
        for n in 0..limit {
            at += delta;
            if self.stones.get(&(at as u64)) != Some(&player) {
                return n;
            }
        }
        limit
    }

    fn wrapped_run(
        &self,
        rules: &Rules,
        coords: &mut [u32],
        dir: &[i8],
        sign: i8,
        player: Player,
        limit: u64,
    ) -> u64 {
        for n in 0..limit {
            let next = wrap_step(rules.shape(), coords, dir, sign);
            if self.get(next) != Some(player) {
                return n;
            }
        }
        limit
    }

    /// Whether every line of an ongoing game holds stones of both sides.
    ///
    /// Each line then holds two stones or more, and a stone lies on at most
    /// (3^d-1)/2 * k lines, so while the stones are too few for that the
    /// answer is no at once. Otherwise the lines through the empty cells are
    /// walked (no memory per cell), stopping at the first one open to a side;
    /// lines without an empty cell are full, so mixed in an ongoing game.
    pub fn all_lines_dead(&self, rules: &Rules) -> bool {
        let shape = rules.shape();
        let per_stone = direction_count(shape.dims()).saturating_mul(u64::from(rules.k()));
        let needed = line_count(rules).saturating_mul(2);
        if (self.stones.len() as u64).saturating_mul(per_stone) < needed {
            return false;
        }
        (0..shape.cell_count())
            .filter(|c| !self.stones.contains_key(c))
            .all(|c| {
                lines_through(rules, Cell(c)).iter().all(|line| {
                    let mut seen = [false; 2];
                    for &cell in line.cells() {
                        if let Some(p) = self.get(cell) {
                            seen[p.index()] = true;
                        }
                    }
                    seen == [true, true]
                })
            })
    }

    pub fn completed_through(&self, rules: &Rules, cell: Cell, player: Player) -> Vec<Line> {
        lines_through(rules, cell)
            .into_iter()
            .filter(|l| l.cells().iter().all(|&c| self.get(c) == Some(player)))
            .collect()
    }

    pub fn completed_lines(&self, rules: &Rules, player: Player) -> Vec<Line> {
        let mut out: Vec<Line> = self
            .stones()
            .filter(|&(_, p)| p == player)
            .flat_map(|(c, _)| self.completed_through(rules, c, player))
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// Windows of k cells inside a run of `back` + 1 + `ahead` cells that contain the middle one.
#[inline]
fn windows_containing(back: u64, ahead: u64, k: u64) -> u64 {
    let lo = back.min(k - 1);
    let hi = ahead.min(k - 1);
    (lo + hi + 2).saturating_sub(k)
}
