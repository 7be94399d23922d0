//! The search board: the lines that matter, their stone counters, the open
//! threats of each side and a line-based evaluation, all kept up to date by
//! make/unmake.
//!
//! Cells get local ids. On a dense board the local id is the cell index and
//! every line of the game is known. On a sparse (huge) board only cells on
//! lines through stones get ids; the lines through a cell are walked and
//! registered the first time a stone is placed on it, so memory grows with
//! the stones, never with the n^d cells.
//!
//! In high dimensions a cell lies on up to (3^d-1)/2 lines (265,720 for
//! d = 12), too many to register for every stone the search tries. So on
//! sparse cube boards one stone registers at most [`LONE_LINE_CELLS`] cells
//! of lines, and none once the board holds [`MAX_LINE_CELLS`]; from the first
//! time a stone could not register all its lines on, every stone placed also
//! registers the lines joining it to the stones already there, so that every
//! line holding two stones or more (every threat) is still known.

use crate::eval::Weights;
use hypertac_core::{zobrist, Cell, Mode, Player, Position, Rules, WinRule};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// No entry.
pub(crate) const NONE: u32 = u32::MAX;

/// Most cells of new lines one stone registers on a sparse cube board.
const LONE_LINE_CELLS: usize = 1 << 17;

/// Line cells a sparse cube board holds before its stones register only
/// the lines joining them to other stones (about 100 bytes each).
const MAX_LINE_CELLS: usize = 1 << 19;

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
    /// Whether only the lines through stones are kept (see the module docs).
    sparse: bool,
    /// Sparse cube boards with k = n: every direction.
    full_lines: Option<FullLines>,
    /// Whether a stone could not register all its lines (then each stone
    /// placed registers the lines joining it to the other stones).
    capped: bool,
    /// [`LONE_LINE_CELLS`] and [`MAX_LINE_CELLS`] (smaller in tests).
    caps: (usize, usize),
    /// The lines as bitmasks, on dense boards of at most 64 cells.
    bits: Option<Arc<Bits>>,
    /// The stones of X and of O by bit (cell i = bit i), kept with `bits`.
    stones: [u64; 2],
}

impl Board {
    /// The board of a position (replays its moves).
    pub fn new(pos: &Position) -> Board {
        Board::with_caps(pos, (LONE_LINE_CELLS, MAX_LINE_CELLS))
    }

    /// As [`Board::new`], with other limits on the lines registered.
    fn with_caps(pos: &Position, caps: (usize, usize)) -> Board {
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
            sparse: false,
            full_lines: None,
            capped: false,
            caps,
            bits: None,
            stones: [0, 0],
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
                // No line is on a member list yet: without stones none is
                // k-1 (k >= 2) or k-2 with a stone.
                b.slot = vec![[NONE; 4]; view.len()];
                b.bits = Bits::new(&b).map(Arc::new);
            }
            None => {
                b.sparse = true;
                let shape = b.rules.shape();
                if !b.rules.wrap()
                    && shape.min_side() == b.rules.k()
                    && shape.max_side() == b.rules.k()
                {
                    b.full_lines = Some(FullLines::new(&b.rules));
                } else {
                    b.walker = Position::with_mode(b.rules.clone(), Mode::Sparse).ok();
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
        self.sparse
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
        if !self.sparse {
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
        if !self.sparse {
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

    /// Stones of X and of O on a line.
    #[inline]
    pub fn counts(&self, l: u32) -> [u8; 2] {
        self.counts[l as usize]
    }

    /// Number of known lines.
    pub fn line_total(&self) -> usize {
        self.counts.len()
    }

    /// The column of a local cell on a gravity board (the cell at height 0
    /// below it); the cell itself without gravity.
    pub fn column_of(&self, id: u32) -> u64 {
        let c = self.cells[id as usize];
        self.gravity.as_ref().map_or(c, |g| g.base(c))
    }

    /// Whether stones fall.
    pub fn has_gravity(&self) -> bool {
        self.gravity.is_some()
    }

    /// The lines as bitmasks and the stones of X and of O as bits, on a
    /// dense board of at most 64 cells.
    pub fn bits(&self) -> Option<(&Bits, [u64; 2])> {
        self.bits.as_deref().map(|b| (b, self.stones))
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

    /// Whether a line could be on a member list (see [`Board::refresh`]):
    /// a side has k-2 stones or more. A stone placed on a line that is not
    /// near afterwards, or taken from one that was not near before, changes
    /// no list.
    #[inline]
    fn near_lists(&self, l: u32) -> bool {
        let [x, o] = self.counts[l as usize].map(u16::from);
        x.max(o) + 2 >= u16::from(self.k)
    }

    #[inline]
    fn refresh(&mut self, l: u32) {
        let [x, o] = self.counts[l as usize].map(u16::from);
        let k = u16::from(self.k);
        // Lists 0 and 1: open (k-1) of X and O; 2 and 3: open2 (k-2).
        let want = [
            o == 0 && x + 1 == k,
            x == 0 && o + 1 == k,
            o == 0 && x >= 1 && x + 2 == k,
            x == 0 && o >= 1 && o + 2 == k,
        ];
        let slots = self.slot[l as usize];
        for (list, member) in want.into_iter().enumerate() {
            if (slots[list] != NONE) != member {
                self.set_member(l, list, member);
            }
        }
    }

    /// Registers the lines through a cell of a sparse board (on cube boards
    /// at most [`LONE_LINE_CELLS`] cells of them, see the module docs).
    fn expand(&mut self, id: u32) {
        self.expanded[id as usize] = true;
        self.work += self.directions;
        let cell = Cell(self.cells[id as usize]);
        if let Some(full) = self.full_lines.take() {
            let coords = self.rules.shape().coords(cell);
            let mut line = Vec::with_capacity(usize::from(self.k));
            let mut added = 0;
            for dir in 0..full.len() {
                let Some((start, delta)) = full.line(cell, &coords, full.steps(dir)) else {
                    continue;
                };
                full.cells(start, delta, &mut line);
                if self.line_keys.contains_key(&(line[0].0, line[1].0)) {
                    continue;
                }
                if added + line.len() > self.caps.0
                    || self.line_cells.len() + line.len() > self.caps.1
                {
                    self.capped = true;
                    break;
                }
                self.add_line(&line);
                added += line.len();
            }
            self.full_lines = Some(full);
            return;
        }
        let Some(w) = &self.walker else { return };
        let lines: Vec<Vec<Cell>> = w
            .lines_through(cell)
            .into_iter()
            .map(|l| l.cells().to_vec())
            .collect();
        for cells in lines {
            if !self.line_keys.contains_key(&(cells[0].0, cells[1].0)) {
                self.add_line(&cells);
            }
        }
    }

    /// Registers a new line of a sparse board.
    fn add_line(&mut self, cells: &[Cell]) {
        let l = self.counts.len() as u32;
        self.line_keys.insert((cells[0].0, cells[1].0), l);
        let mut counts = [0u8; 2];
        for &c in cells {
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

    /// Registers the lines joining a cell to the stones on a sparse cube
    /// board (needed once stones no longer register all their lines).
    fn join_stones(&mut self, id: u32) {
        let Some(full) = self.full_lines.take() else {
            return;
        };
        let cell = Cell(self.cells[id as usize]);
        let coords = self.rules.shape().coords(cell);
        let mut other = vec![0; coords.len()];
        let mut steps: Vec<(u8, i8)> = Vec::with_capacity(coords.len());
        let mut line = Vec::with_capacity(usize::from(self.k));
        self.work += self.stack.len() as u64;
        for i in 0..self.stack.len() {
            if self.stack[i] == NONE {
                continue;
            }
            full.coords_into(self.cells[self.stack[i] as usize], &mut other);
            // The direction from the cell to the stone, if they are aligned.
            steps.clear();
            let mut dist = 0;
            let aligned = coords
                .iter()
                .zip(&other)
                .enumerate()
                .all(|(axis, (&a, &b))| {
                    if a == b {
                        return true;
                    }
                    let sign = if b > a { 1 } else { -1 };
                    steps.push((axis as u8, sign));
                    let d = a.abs_diff(b);
                    if dist == 0 {
                        dist = d;
                    }
                    dist == d
                });
            if !aligned || steps.is_empty() {
                continue;
            }
            if steps[0].1 < 0 {
                steps.iter_mut().for_each(|s| s.1 = -s.1);
            }
            let Some((start, delta)) = full.line(cell, &coords, &steps) else {
                continue;
            };
            full.cells(start, delta, &mut line);
            if !self.line_keys.contains_key(&(line[0].0, line[1].0)) {
                self.add_line(&line);
            }
        }
        self.full_lines = Some(full);
    }

    /// Places a stone of the side to move on an empty local cell.
    pub fn make(&mut self, id: u32) {
        if !self.expanded[id as usize] {
            self.expand(id);
        }
        if self.capped {
            self.join_stones(id);
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
            if self.near_lists(l) {
                self.refresh(l);
            }
        }
        self.stone[id as usize] = p as u8 + 1;
        if self.bits.is_some() {
            self.stones[p] |= 1 << id;
        }
        let cell = self.cells[id as usize];
        self.hash ^= zobrist::key(Cell(cell), player);
        self.stack.push(id);
        self.empties -= 1;
        if let Some(g) = &mut self.gravity {
            let base = g.base(cell);
            *g.heights.entry(base).or_insert(0) += 1;
        }
    }

    /// Passes: the other side moves next (a null move, for searches that
    /// ask what the opponent could do with a free move). Undone by [`Board::unmake`].
    pub fn pass(&mut self) {
        self.stack.push(NONE);
    }

    /// Takes back the last stone (or pass).
    pub fn unmake(&mut self) {
        let Some(id) = self.stack.pop() else { return };
        if id == NONE {
            return;
        }
        let player = self.to_move();
        let p = player.index();
        let k = self.k;
        for i in 0..self.cell_lines[id as usize].len() {
            let l = self.cell_lines[id as usize][i];
            let before = self.line_value(l);
            let n = &mut self.counts[l as usize][p];
            let near = u16::from(*n) + 2 >= u16::from(k);
            if *n == k {
                self.completed[p] -= 1;
            }
            *n -= 1;
            self.score += self.line_value(l) - before;
            if near || self.near_lists(l) {
                self.refresh(l);
            }
        }
        self.stone[id as usize] = 0;
        if self.bits.is_some() {
            self.stones[p] &= !(1 << id);
        }
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
        if !self.sparse {
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

/// The lines of a dense board of at most 64 cells as bitmasks (cell i is
/// bit i), for searches that keep the stones as two words: which cells
/// complete a line or make a threat take a few operations per line.
#[derive(Clone, Debug)]
pub(crate) struct Bits {
    /// Each line's cells.
    masks: Vec<u64>,
    /// The masks of the lines through each cell: those of cell `c` are
    /// `through[starts[c]..starts[c + 1]]`.
    through: Vec<u64>,
    starts: Vec<u32>,
    /// Every cell of the board.
    all: u64,
    /// Gravity: the cells at height 0 and the distance to the cell above.
    gravity: Option<(u64, u32)>,
    /// Cells in a row.
    k: u32,
    /// The most lines through a cell, at most 15 (a count [`Bits::makers`] keeps).
    most: u32,
}

impl Bits {
    /// The masks of a dense board, if it has at most 64 cells and k >= 2.
    fn new(b: &Board) -> Option<Bits> {
        let n = b.cells.len();
        if b.sparse || n > 64 || b.k < 2 {
            return None;
        }
        let bit = |c: u32| 1u64 << c;
        let masks = (0..b.line_total() as u32)
            .map(|l| b.line(l).iter().fold(0, |m, &c| m | bit(c)))
            .collect();
        let mut through = Vec::new();
        let mut starts = vec![0];
        for c in 0..n as u32 {
            through.extend(
                b.lines_of(c)
                    .iter()
                    .map(|&l| b.line(l).iter().fold(0, |m, &c| m | bit(c))),
            );
            starts.push(through.len() as u32);
        }
        let all = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        let gravity = b.gravity.as_ref().map(|g| {
            let floor = (0..n as u32)
                .filter(|&c| g.base(u64::from(c)) == u64::from(c))
                .fold(0, |m, c| m | bit(c));
            (floor, g.stride as u32)
        });
        Some(Bits {
            masks,
            through,
            starts,
            all,
            gravity,
            k: u32::from(b.k),
            most: (0..n as u32)
                .map(|c| b.lines_of(c).len() as u32)
                .max()
                .unwrap_or(0)
                .min(15),
        })
    }

    /// The cells a stone may be placed on when `occupied` are taken.
    #[inline(always)]
    pub fn playable(&self, occupied: u64) -> u64 {
        let empty = self.all & !occupied;
        match self.gravity {
            None => empty,
            // A cell is playable on the floor or on a stone; a top cell's
            // shifted bit lands on a floor cell of the next column, which
            // the floor term covers anyway.
            Some((floor, stride)) => empty & (floor | occupied.checked_shl(stride).unwrap_or(0)),
        }
    }

    /// Playable cells where the side with stones `mine` completes a line
    /// (`theirs`: the other side's stones).
    #[inline(always)]
    pub fn wins(&self, mine: u64, theirs: u64) -> u64 {
        let need = self.k - 1;
        let mut out = 0;
        for &m in &self.masks {
            if theirs & m == 0 && (mine & m).count_ones() == need {
                out |= m;
            }
        }
        out & self.playable(mine | theirs)
    }

    /// Each line's cells.
    pub fn masks(&self) -> &[u64] {
        &self.masks
    }

    /// Whether stones fall (then a stone changes which cells are playable,
    /// not only the lines through it).
    pub fn has_gravity(&self) -> bool {
        self.gravity.is_some()
    }

    /// As [`Bits::wins`], on the lines through `cell` only (without
    /// gravity: the cells a stone there can have added).
    #[inline(always)]
    pub fn wins_through(&self, cell: u32, mine: u64, theirs: u64) -> u64 {
        let need = self.k - 1;
        let c = cell as usize;
        let mut out = 0;
        for &m in &self.through[self.starts[c] as usize..self.starts[c + 1] as usize] {
            if theirs & m == 0 && (mine & m).count_ones() == need {
                out |= m;
            }
        }
        out & self.playable(mine | theirs)
    }

    /// The playable cells where `mine` would make a threat (on a line with
    /// k-2 of its stones, at least one, and none of `theirs`), written to
    /// `out` with the most such lines through them first (then by cell);
    /// returns their number.
    // Always inlined, so that it is compiled with its caller's POPCNT.
    #[inline(always)]
    pub fn makers(&self, mine: u64, theirs: u64, out: &mut [u8; 64]) -> usize {
        let need = self.k.wrapping_sub(2);
        if need == 0 {
            return 0;
        }
        let playable = self.playable(mine | theirs);
        // Each cell's count of such lines, bit-sliced: bit c of planes[i]
        // is bit i of cell c's count (counts past 15 are marked in `full`).
        let mut planes = [0u64; 4];
        let mut full = 0u64;
        for &m in &self.masks {
            if theirs & m == 0 && (mine & m).count_ones() == need {
                let mut carry = m & playable;
                for p in &mut planes {
                    let next = *p & carry;
                    *p ^= carry;
                    carry = next;
                }
                full |= carry;
            }
        }
        let mut n = 0;
        for count in (1..=self.most).rev() {
            let mut cells = planes.iter().enumerate().fold(!0u64, |acc, (i, &p)| {
                acc & if count >> i & 1 == 1 { p } else { !p }
            });
            cells &= !full;
            if count == self.most {
                cells |= full;
            }
            while cells != 0 {
                out[n] = cells.trailing_zeros() as u8;
                n += 1;
                cells &= cells - 1;
            }
        }
        n
    }
}

/// The directions of a sparse cube board whose lines span every axis (k = n,
/// no wrap), kept compactly: direction `i` moves along `steps[ends[i-1]..ends[i]]`
/// as (axis, step) pairs.
#[derive(Clone, Debug)]
struct FullLines {
    n: u32,
    strides: Vec<u64>,
    ends: Vec<u32>,
    steps: Vec<(u8, i8)>,
}

impl FullLines {
    fn new(rules: &Rules) -> FullLines {
        let shape = rules.shape();
        let mut full = FullLines {
            n: shape.size(0),
            strides: shape.strides().to_vec(),
            ends: Vec::new(),
            steps: Vec::new(),
        };
        // As `lines::directions`, without a vector per direction.
        let d = shape.dims();
        for code in 0..3usize.pow(d as u32) {
            let from = full.steps.len();
            let mut rest = code;
            for axis in 0..d {
                let step = (rest % 3) as i8 - 1;
                rest /= 3;
                if step != 0 {
                    full.steps.push((axis as u8, step));
                }
            }
            if full.steps.get(from).is_some_and(|s| s.1 == 1) {
                full.ends.push(full.steps.len() as u32);
            } else {
                full.steps.truncate(from);
            }
        }
        full
    }

    /// The coordinates of a cell.
    fn coords_into(&self, cell: u64, out: &mut [u32]) {
        for (o, &stride) in out.iter_mut().zip(&self.strides) {
            *o = ((cell / stride) % u64::from(self.n)) as u32;
        }
    }

    /// Number of directions.
    fn len(&self) -> usize {
        self.ends.len()
    }

    /// The moving axes of direction `i`.
    fn steps(&self, i: usize) -> &[(u8, i8)] {
        let from = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.steps[from..self.ends[i] as usize]
    }

    /// The line through `cell` (at `coords`) along `dir`, as its first cell
    /// and step, if there is one: the cell lies on it iff its step count from
    /// the line's start agrees on every moving axis.
    fn line(&self, cell: Cell, coords: &[u32], dir: &[(u8, i8)]) -> Option<(u64, i64)> {
        let mut at = None;
        for &(axis, step) in dir {
            let c = coords[usize::from(axis)];
            let i = if step > 0 { c } else { self.n - 1 - c };
            match at {
                None => at = Some(i),
                Some(j) if j != i => return None,
                _ => {}
            }
        }
        let i = at?;
        let delta: i64 = dir
            .iter()
            .map(|&(axis, step)| i64::from(step) * self.strides[usize::from(axis)] as i64)
            .sum();
        Some(((cell.0 as i64 - i64::from(i) * delta) as u64, delta))
    }

    /// The cells of the line from `start` by `delta`, into `out`.
    fn cells(&self, start: u64, delta: i64, out: &mut Vec<Cell>) {
        out.clear();
        out.extend((0..i64::from(self.n)).map(|t| Cell((start as i64 + t * delta) as u64)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_line_directions_come_in_the_rules_order() {
        for d in 1..=5 {
            let full = FullLines::new(&Rules::cube(3, d).unwrap());
            let dirs = hypertac_core::lines::directions(d);
            assert_eq!(full.len(), dirs.len());
            for (i, dir) in dirs.iter().enumerate() {
                let steps: Vec<(u8, i8)> = (0..d)
                    .filter(|&a| dir[a] != 0)
                    .map(|a| (a as u8, dir[a]))
                    .collect();
                assert_eq!(full.steps(i), &steps[..], "d = {d}, direction {i}");
            }
        }
    }

    #[test]
    fn full_lines_match_the_rules_walk() {
        let rules = Rules::cube(4, 3).unwrap();
        let pos = Position::new(rules.clone());
        let full = FullLines::new(&rules);
        for c in 0..64 {
            let coords = rules.shape().coords(Cell(c));
            let mut fast: Vec<Vec<Cell>> = (0..full.len())
                .filter_map(|i| full.line(Cell(c), &coords, full.steps(i)))
                .map(|(start, delta)| {
                    let mut line = Vec::new();
                    full.cells(start, delta, &mut line);
                    line
                })
                .collect();
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

    /// Cells where `p` completes a line, walked by the rules (every line
    /// through each of `p`'s stones).
    fn rule_threats(pos: &Position, p: Player) -> Vec<Cell> {
        let k = pos.rules().k() as usize;
        let mut out: Vec<Cell> = Vec::new();
        for &s in pos.moves().iter().filter(|&&s| pos.get(s) == Some(p)) {
            for line in pos.lines_through(s) {
                let cells = line.cells();
                let mine = cells.iter().filter(|&&c| pos.get(c) == Some(p)).count();
                let empty: Vec<Cell> = cells
                    .iter()
                    .copied()
                    .filter(|&c| pos.get(c).is_none())
                    .collect();
                if mine == k - 1 && empty.len() == 1 {
                    out.push(empty[0]);
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    fn board_threats(b: &Board, p: Player) -> Vec<Cell> {
        let mut out: Vec<Cell> = b.threat_cells(p).into_iter().map(|id| b.cell(id)).collect();
        out.sort();
        out
    }

    /// The bitmasks agree with the line counters: threats, threat makers
    /// and playable cells, along random games (with and without gravity).
    #[test]
    fn bits_agree_with_the_counters() {
        let boards = [
            Rules::preset("qubic").unwrap(),
            Rules::new(hypertac_core::Shape::parse("5x4").unwrap(), 4)
                .unwrap()
                .with_gravity(Some(1))
                .unwrap(),
            Rules::new(hypertac_core::Shape::parse("7x6").unwrap(), 4)
                .unwrap()
                .with_gravity(Some(1))
                .unwrap(),
            Rules::cube(3, 3).unwrap(),
        ];
        for rules in boards {
            for seed in 0..20u64 {
                let mut b = Board::new(&Position::new(rules.clone()));
                let mut rng = seed + 1;
                for _ in 0..b.cell_count() {
                    let (bits, stones) = b.bits().expect("small dense board");
                    let occupied = stones[0] | stones[1];
                    let playable = (0..b.cell_count() as u32)
                        .filter(|&c| b.playable(c))
                        .fold(0u64, |m, c| m | 1 << c);
                    assert_eq!(bits.playable(occupied), playable);
                    for p in [Player::X, Player::O] {
                        let (mine, theirs) = (stones[p.index()], stones[1 - p.index()]);
                        let want = b.threat_cells(p).iter().fold(0u64, |m, &c| m | 1 << c);
                        assert_eq!(bits.wins(mine, theirs), want, "{rules}");
                        let mut tally = [0u32; 64];
                        for &l in b.open2(p) {
                            for &c in b.line(l) {
                                if b.playable(c) {
                                    tally[c as usize] += 1;
                                }
                            }
                        }
                        let mut want: Vec<u8> =
                            (0..64u8).filter(|&c| tally[c as usize] > 0).collect();
                        want.sort_by_key(|&c| std::cmp::Reverse(tally[c as usize]));
                        let mut out = [0u8; 64];
                        let n = bits.makers(mine, theirs, &mut out);
                        assert_eq!(&out[..n], &want[..], "{rules}");
                    }
                    if b.result().is_some() || playable == 0 {
                        break;
                    }
                    rng = zobrist::splitmix64(rng);
                    let nth = (rng % u64::from(playable.count_ones())) as u32;
                    let mut cells = playable;
                    for _ in 0..nth {
                        cells &= cells - 1;
                    }
                    b.make(cells.trailing_zeros());
                }
            }
        }
    }

    #[test]
    fn huge_sparse_boards_register_few_lines() {
        // 3^11: the centre lies on all 88,573 lines (265,719 line cells).
        let rules = Rules::cube(3, 11).unwrap();
        let mut pos = Position::with_mode(rules.clone(), Mode::Sparse).unwrap();
        pos.play(rules.shape().cell(&[1; 11]).unwrap());
        let b = Board::new(&pos);
        assert!(
            b.line_cells.len() <= LONE_LINE_CELLS,
            "{}",
            b.line_cells.len()
        );
        assert!(b.capped);
    }

    /// Plays a game on a sparse 3^d board whose stones may register only a
    /// few of their lines, checking that every threat is known.
    fn threats_are_known(d: usize, caps: (usize, usize), seed: u64) {
        let rules = Rules::cube(3, d).unwrap();
        let shape = rules.shape().clone();
        let mut pos = Position::with_mode(rules, Mode::Sparse).unwrap();
        let mut game = Vec::new();
        let mut end = pos.clone();
        let mut rng = seed;
        for ply in 0..12 {
            let cell = loop {
                rng = zobrist::splitmix64(rng);
                let mut coords: Vec<u32> = (0..d).map(|a| ((rng >> (2 * a)) % 3) as u32).collect();
                if ply % 2 == 0 {
                    // X keeps most axes at the centre's: its stones lie on
                    // many lines, several of them shared.
                    coords[..d - 3].fill(1);
                }
                let c = shape.cell(&coords).unwrap();
                let mut next = end.clone();
                if end.get(c).is_none() && next.try_play(c).is_ok() && !next.is_over() {
                    break c;
                }
            };
            end.play(cell);
            game.push(cell);
        }
        // A second board first tries the next moves and takes them back, so
        // that they are made again after other stones came.
        let mut tried = Board::with_caps(&pos, caps);
        for (ply, &cell) in game.iter().enumerate() {
            for &later in game.iter().skip(ply + 1).take(2) {
                let id = tried.id_of(later);
                tried.make(id);
                tried.unmake();
            }
            pos.play(cell);
            let id = tried.id_of(cell);
            tried.make(id);
            let fresh = Board::with_caps(&pos, caps);
            for p in [Player::X, Player::O] {
                let want = rule_threats(&pos, p);
                assert_eq!(board_threats(&fresh, p), want, "ply {ply}, {p}");
                assert_eq!(board_threats(&tried, p), want, "ply {ply}, {p} (tried)");
            }
            assert!(fresh.line_cells.len() <= caps.1 + 3 * pos.moves().len().pow(2));
        }
        assert!(tried.capped && !rule_threats(&pos, Player::X).is_empty());
    }

    #[test]
    fn capped_sparse_boards_know_every_threat() {
        for seed in 1..6 {
            threats_are_known(6, (30, 300), seed);
            threats_are_known(6, (150, 1_000), seed);
        }
    }
}
