//! The search board: the lines that matter, their stone counters, the open
//! threats of each side and a line-based evaluation, all kept up to date by
//! make/unmake.
//!
//! Cells get local ids. On a dense board the local id is the cell index and
//! every line of the game is known. On a sparse (huge) board only cells on
//! lines through stones get ids; the lines through a cell are walked and
//! registered the first time a stone is placed on it, so memory grows with
//! the stones, never with the n^d cells.

use crate::eval::Weights;
use hypertac_core::{lines, zobrist, Cell, Mode, Player, Position, Rules, WinRule};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// No entry.
pub(crate) const NONE: u32 = u32::MAX;

/// A multiply-xorshift hasher for integer keys.
#[derive(Default, Clone, Copy)]
pub(crate) struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = zobrist::splitmix64(self.0 ^ x);
    }
}

/// A hash map keyed by integers.
pub(crate) type IdMap<K, V> = HashMap<K, V, BuildHasherDefault<IdHasher>>;

/// Stacks of stones along the gravity axis.
#[derive(Clone, Debug)]
struct Gravity {
    stride: u64,
    size: u32,
    heights: IdMap<u64, u32>,
}

impl Gravity {
    fn base(&self, cell: u64) -> u64 {
        let coord = (cell / self.stride) % u64::from(self.size);
        cell - coord * self.stride
    }

    fn landing(&self, cell: u64) -> Option<u64> {
        let base = self.base(cell);
        let h = self.heights.get(&base).copied().unwrap_or(0);
        (h < self.size).then(|| base + u64::from(h) * self.stride)
    }
}

/// The board searched by the computer players (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Board {
    rules: Rules,
    k: u8,
    win: WinRule,
    walker: Option<Position>,
    ids: IdMap<u64, u32>,
    cells: Vec<u64>,
    stone: Vec<u8>,
    expanded: Vec<bool>,
    cell_lines: Vec<Vec<u32>>,
    line_cells: Vec<u32>,
    counts: Vec<[u8; 2]>,
    line_keys: IdMap<(u64, u64), u32>,
    /// Lines with k-1 stones of one side and none of the other, per side.
    open: [Vec<u32>; 2],
    /// Lines with k-2 stones (at least 1) of one side and none of the other, per side.
    open2: [Vec<u32>; 2],
    slot: Vec<[u32; 4]>,
    score: i64,
    completed: [u32; 2],
    hash: u64,
    stack: Vec<u32>,
    empties: u64,
    gravity: Option<Gravity>,
    weights: Weights,
    work: u64,
    directions: u64,
    /// Sparse cube boards with k = n: every direction as (axis, step) pairs.
    full_lines: Option<Vec<Vec<(usize, i8)>>>,
}

impl Board {
    /// The board of a position (replays its moves).
    pub fn new(pos: &Position) -> Board {
        let rules = pos.rules().clone();
        let k = rules.k().min(u32::from(u8::MAX)) as u8;
        let gravity = rules.gravity().map(|axis| Gravity {
            stride: rules.shape().strides()[axis],
            size: rules.shape().size(axis),
            heights: IdMap::default(),
        });
        let mut b = Board {
            k,
            win: rules.win(),
            walker: None,
            ids: IdMap::default(),
            cells: Vec::new(),
            stone: Vec::new(),
            expanded: Vec::new(),
            cell_lines: Vec::new(),
            line_cells: Vec::new(),
            counts: Vec::new(),
            line_keys: IdMap::default(),
            open: [Vec::new(), Vec::new()],
            open2: [Vec::new(), Vec::new()],
            slot: Vec::new(),
            score: 0,
            completed: [0, 0],
            hash: 0,
            stack: Vec::new(),
            empties: rules.shape().cell_count(),
            gravity,
            weights: Weights::new(u32::from(k)),
            work: 0,
            full_lines: None,
            directions: (3u64.saturating_pow(rules.shape().dims() as u32) - 1) / 2,
            rules,
        };
        match pos.line_view() {
            Some(view) => {
                let n = b.rules.shape().cell_count() as usize;
                b.cells = (0..n as u64).collect();
                b.stone = vec![0; n];
                b.expanded = vec![true; n];
                b.cell_lines = (0..n as u64)
                    .map(|c| view.through(Cell(c)).to_vec())
                    .collect();
                b.line_cells.reserve(view.len() * usize::from(k));
                for l in 0..view.len() as u32 {
                    b.line_cells.extend_from_slice(view.cells(l));
                }
                b.counts = vec![[0, 0]; view.len()];
                b.slot = vec![[NONE; 4]; view.len()];
                for l in 0..view.len() as u32 {
                    b.refresh(l);
                }
            }
            None => {
                b.walker = Position::with_mode(b.rules.clone(), Mode::Sparse).ok();
                let shape = b.rules.shape();
                if !b.rules.wrap()
                    && shape.min_side() == b.rules.k()
                    && shape.max_side() == b.rules.k()
                {
                    b.full_lines = Some(
                        lines::directions(shape.dims())
                            .into_iter()
                            .map(|d| {
                                d.iter()
                                    .enumerate()
                                    .filter(|(_, &s)| s != 0)
                                    .map(|(a, &s)| (a, s))
                                    .collect()
                            })
                            .collect(),
                    );
                }
            }
        }
        for &cell in pos.moves() {
            let id = b.id_of(cell);
            b.make(id);
        }
        b
    }

    /// Cells in a row.
    pub fn k(&self) -> u8 {
        self.k
    }

    /// The win rule.
    pub fn win(&self) -> WinRule {
        self.win
    }

    /// Whether the board keeps only the lines through stones.
    pub fn is_sparse(&self) -> bool {
        self.walker.is_some()
    }

    /// Number of local cells.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// The board cell of a local id.
    pub fn cell(&self, id: u32) -> Cell {
        Cell(self.cells[id as usize])
    }

    /// The local id of a cell, creating it on a sparse board.
    pub fn id_of(&mut self, cell: Cell) -> u32 {
        if self.walker.is_none() {
            return cell.0 as u32;
        }
        if let Some(&id) = self.ids.get(&cell.0) {
            return id;
        }
        let id = self.cells.len() as u32;
        self.ids.insert(cell.0, id);
        self.cells.push(cell.0);
        self.stone.push(0);
        self.expanded.push(false);
        self.cell_lines.push(Vec::new());
        id
    }

    /// The local id of a cell if it has one.
    pub fn find(&self, cell: Cell) -> Option<u32> {
        if self.walker.is_none() {
            return Some(cell.0 as u32);
        }
        self.ids.get(&cell.0).copied()
    }

    /// Work done so far: line counters touched by moves and lines walked
    /// on sparse boards. Searches are bounded by it, so that a move costs
    /// about the same time on every board and the result is deterministic.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        Player::to_move_at(self.stack.len())
    }

    /// The Zobrist hash of the stones.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Empty cells of the whole board.
    pub fn empties(&self) -> u64 {
        self.empties
    }

    /// The stone on a local cell: 0 empty, 1 X, 2 O.
    #[inline]
    pub fn stone(&self, id: u32) -> u8 {
        self.stone[id as usize]
    }

    /// Ids of the known lines through a local cell.
    #[inline]
    pub fn lines_of(&self, id: u32) -> &[u32] {
        &self.cell_lines[id as usize]
    }

    /// Local cells of a line.
    #[inline]
    pub fn line(&self, l: u32) -> &[u32] {
        let k = usize::from(self.k);
        &self.line_cells[l as usize * k..(l as usize + 1) * k]
    }

    /// Lines where `p` has k-1 stones and the other side none.
    pub fn open(&self, p: Player) -> &[u32] {
        &self.open[p.index()]
    }

    /// Lines where `p` has k-2 stones (at least one) and the other side none.
    pub fn open2(&self, p: Player) -> &[u32] {
        &self.open2[p.index()]
    }

    /// The line-based score from X's point of view.
    pub fn score(&self) -> i64 {
        self.score
    }

    /// Whether a stone may be placed on the local cell now.
    #[inline]
    pub fn playable(&self, id: u32) -> bool {
        if self.stone[id as usize] != 0 {
            return false;
        }
        match &self.gravity {
            None => true,
            Some(g) => {
                let c = self.cells[id as usize];
                g.landing(c) == Some(c)
            }
        }
    }

    /// Whether stones fall.
    pub fn has_gravity(&self) -> bool {
        self.gravity.is_some()
    }

    /// The empty cell of a line (the first one).
    pub fn empty_of(&self, l: u32) -> Option<u32> {
        self.line(l).iter().copied().find(|&c| self.stone(c) == 0)
    }

    /// Distinct playable cells where `p` would complete a line now.
    pub fn threat_cells(&self, p: Player) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        for &l in &self.open[p.index()] {
            if let Some(c) = self.empty_of(l) {
                if self.playable(c) && !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        out
    }

    #[inline]
    fn line_value(&self, l: u32) -> i64 {
        let [x, o] = self.counts[l as usize];
        if o == 0 {
            self.weights.of(x)
        } else if x == 0 {
            -self.weights.of(o)
        } else {
            0
        }
    }

    fn set_member(&mut self, l: u32, list: usize, member: bool) {
        let (group, p) = (list / 2, list % 2);
        let slot = self.slot[l as usize][list];
        let v = if group == 0 {
            &mut self.open[p]
        } else {
            &mut self.open2[p]
        };
        match (slot != NONE, member) {
            (false, true) => {
                self.slot[l as usize][list] = v.len() as u32;
                v.push(l);
            }
            (true, false) => {
                let last = *v.last().expect("member list not empty");
                v.swap_remove(slot as usize);
                if last != l {
                    self.slot[last as usize][list] = slot;
                }
                self.slot[l as usize][list] = NONE;
            }
            _ => {}
        }
    }

    fn refresh(&mut self, l: u32) {
        let [x, o] = self.counts[l as usize].map(u16::from);
        let k = u16::from(self.k);
        for p in 0..2 {
            let (mine, theirs) = if p == 0 { (x, o) } else { (o, x) };
            let free = theirs == 0;
            self.set_member(l, p, free && mine + 1 == k);
            self.set_member(l, 2 + p, free && mine >= 1 && mine + 2 == k);
        }
    }

    /// Registers every line through a cell of a sparse board.
    fn expand(&mut self, id: u32) {
        self.expanded[id as usize] = true;
        self.work += self.directions;
        let cell = Cell(self.cells[id as usize]);
        let lines: Vec<Vec<Cell>> = match (&self.full_lines, &self.walker) {
            (Some(dirs), _) => full_lines_through(&self.rules, dirs, cell),
            (None, Some(w)) => w
                .lines_through(cell)
                .into_iter()
                .map(|l| l.cells().to_vec())
                .collect(),
            (None, None) => return,
        };
        for cells in lines {
            let key = (cells[0].0, cells[1].0);
            if self.line_keys.contains_key(&key) {
                continue;
            }
            let l = self.counts.len() as u32;
            self.line_keys.insert(key, l);
            let mut counts = [0u8; 2];
            for &c in &cells {
                let cid = self.id_of(c);
                self.line_cells.push(cid);
                self.cell_lines[cid as usize].push(l);
                match self.stone[cid as usize] {
                    1 => counts[0] += 1,
                    2 => counts[1] += 1,
                    _ => {}
                }
            }
            self.work += u64::from(self.k);
            self.counts.push(counts);
            self.slot.push([NONE; 4]);
            self.score += self.line_value(l);
            self.refresh(l);
        }
    }

    /// Places a stone of the side to move on an empty local cell.
    pub fn make(&mut self, id: u32) {
        if !self.expanded[id as usize] {
            self.expand(id);
        }
        let player = self.to_move();
        let p = player.index();
        let k = self.k;
        self.work += 1 + self.cell_lines[id as usize].len() as u64;
        for i in 0..self.cell_lines[id as usize].len() {
            let l = self.cell_lines[id as usize][i];
            let before = self.line_value(l);
            let n = &mut self.counts[l as usize][p];
            *n += 1;
            if *n == k {
                self.completed[p] += 1;
            }
            self.score += self.line_value(l) - before;
            self.refresh(l);
        }
        self.stone[id as usize] = p as u8 + 1;
        let cell = self.cells[id as usize];
        self.hash ^= zobrist::key(Cell(cell), player);
        self.stack.push(id);
        self.empties -= 1;
        if let Some(g) = &mut self.gravity {
            let base = g.base(cell);
            *g.heights.entry(base).or_insert(0) += 1;
        }
    }

    /// Takes back the last stone.
    pub fn unmake(&mut self) {
        let Some(id) = self.stack.pop() else { return };
        let player = self.to_move();
        let p = player.index();
        let k = self.k;
        for i in 0..self.cell_lines[id as usize].len() {
            let l = self.cell_lines[id as usize][i];
            let before = self.line_value(l);
            let n = &mut self.counts[l as usize][p];
            if *n == k {
                self.completed[p] -= 1;
            }
            *n -= 1;
            self.score += self.line_value(l) - before;
            self.refresh(l);
        }
        self.stone[id as usize] = 0;
        let cell = self.cells[id as usize];
        self.hash ^= zobrist::key(Cell(cell), player);
        self.empties += 1;
        if let Some(g) = &mut self.gravity {
            let base = g.base(cell);
            if let Some(h) = g.heights.get_mut(&base) {
                *h -= 1;
            }
        }
    }

    /// The game's result for the side to move, if it has ended:
    /// 1 won, 0 drawn, -1 lost.
    pub fn result(&self) -> Option<i64> {
        let me = self.to_move().index();
        let mover = 1 - me;
        match self.win {
            WinRule::FirstToK if self.completed[mover] > 0 => Some(-1),
            WinRule::Anti if self.completed[mover] > 0 => Some(1),
            WinRule::MostLines if self.empties == 0 => {
                Some(i64::from(self.completed[me]).cmp(&i64::from(self.completed[mover])) as i64)
            }
            _ if self.empties == 0 => Some(0),
            _ => None,
        }
    }

    /// What placing a stone of `p` on the local cell is worth to `p`: the
    /// change of the line score it makes, its own lines grown plus the
    /// other side's lines spoiled.
    pub fn gain(&self, id: u32, p: Player) -> i64 {
        let me = p.index();
        let mut g = 0;
        for &l in self.lines_of(id) {
            let c = self.counts[l as usize];
            let (mine, theirs) = (c[me], c[1 - me]);
            if theirs == 0 {
                g += self.weights.of(mine.saturating_add(1)) - self.weights.of(mine);
            } else if mine == 0 {
                g += self.weights.of(theirs);
            }
        }
        g
    }

    /// The playable cells of every column (gravity boards; dense: every column).
    pub fn column_moves(&mut self) -> Vec<u32> {
        let Some(g) = &self.gravity else {
            return Vec::new();
        };
        let shape = self.rules.shape();
        let mut out = Vec::new();
        if self.walker.is_none() {
            let columns = shape.cell_count() / u64::from(g.size);
            let (stride, size) = (g.stride, u64::from(g.size));
            for col in 0..columns {
                let base = (col % stride) + (col / stride) * stride * size;
                if let Some(c) = g.landing(base) {
                    out.push(c as u32);
                }
            }
        } else {
            let mut bases: Vec<u64> = self.cells.iter().map(|&c| g.base(c)).collect();
            bases.sort_unstable();
            bases.dedup();
            let landings: Vec<u64> = bases.iter().filter_map(|&b| g.landing(b)).collect();
            for c in landings {
                out.push(self.id_of(Cell(c)));
            }
        }
        out
    }
}

/// The lines through `cell` on a cube board whose lines span every axis
/// (k = n, no wrap): along a direction, the cell lies on the one line iff its
/// step count from the line's start agrees on every moving axis.
fn full_lines_through(rules: &Rules, dirs: &[Vec<(usize, i8)>], cell: Cell) -> Vec<Vec<Cell>> {
    let shape = rules.shape();
    let n = shape.size(0);
    let coords = shape.coords(cell);
    let mut out = Vec::new();
    'dirs: for dir in dirs {
        let mut at = None;
        for &(axis, step) in dir {
            let c = coords[axis];
            let i = if step > 0 { c } else { n - 1 - c };
            match at {
                None => at = Some(i),
                Some(j) if j != i => continue 'dirs,
                _ => {}
            }
        }
        let Some(i) = at else { continue };
        let delta: i64 = dir
            .iter()
            .map(|&(axis, step)| i64::from(step) * shape.strides()[axis] as i64)
            .sum();
        let start = cell.0 as i64 - i64::from(i) * delta;
        out.push(
            (0..i64::from(n))
                .map(|t| Cell((start + t * delta) as u64))
                .collect(),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_lines_match_the_rules_walk() {
        let rules = Rules::cube(4, 3).unwrap();
        let pos = Position::new(rules.clone());
        let dirs: Vec<Vec<(usize, i8)>> = lines::directions(3)
            .into_iter()
            .map(|d| {
                d.iter()
                    .enumerate()
                    .filter(|(_, &s)| s != 0)
                    .map(|(a, &s)| (a, s))
                    .collect()
            })
            .collect();
        for c in 0..64 {
            let mut fast = full_lines_through(&rules, &dirs, Cell(c));
            let mut slow: Vec<Vec<Cell>> = pos
                .lines_through(Cell(c))
                .iter()
                .map(|l| l.cells().to_vec())
                .collect();
            fast.sort();
            slow.sort();
            assert_eq!(fast, slow, "cell {c}");
        }
    }

    #[test]
    fn sparse_and_dense_boards_agree() {
        let rules = Rules::cube(5, 3).unwrap();
        let moves: Vec<Cell> = [62u64, 0, 31, 124, 93, 6, 12, 100].map(Cell).to_vec();
        let dense = Position::from_moves(rules.clone(), &moves).unwrap();
        let mut sparse = Position::with_mode(rules, Mode::Sparse).unwrap();
        for &m in &moves {
            sparse.play(m);
        }
        let (a, b) = (Board::new(&dense), Board::new(&sparse));
        assert!(b.is_sparse() && !a.is_sparse());
        assert_eq!(a.score(), b.score());
        assert_eq!(a.hash(), b.hash());
        for p in [Player::X, Player::O] {
            assert_eq!(a.open(p).len(), b.open(p).len());
            assert_eq!(a.open2(p).len(), b.open2(p).len());
        }
    }
}
