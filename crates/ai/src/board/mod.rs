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
//!
//! Parts: `moves.rs` (make/unmake, the counters and open-line lists),
//! `sparse.rs` (lines registered as stones arrive), `full_lines.rs`
//! (directions of sparse cube boards), `gravity.rs` (playable cells and
//! columns), `bits.rs` (the <=64-cell bitmask form), `raisers.rs` (cells
//! that lengthen open lines), `id_map.rs`.

mod bits;
mod full_lines;
mod gravity;
mod id_map;
mod moves;
mod raisers;
mod sparse;

pub(crate) use bits::Bits;
pub(crate) use id_map::IdMap;

use crate::eval::Weights;
use full_lines::FullLines;
use hypertac_core::gravity::Columns;
use hypertac_core::{Cell, Mode, Player, Position, Rules, WinRule};
use std::sync::Arc;

/// No entry.
pub(crate) const NONE: u32 = u32::MAX;

/// Most cells of new lines one stone registers on a sparse cube board.
const LONE_LINE_CELLS: usize = 1 << 17;

/// Line cells a sparse cube board holds before its stones register only
/// the lines joining them to other stones (about 100 bytes each).
const MAX_LINE_CELLS: usize = 1 << 19;

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
    /// The most lines through one cell (dense boards; `u32::MAX` on sparse).
    most_lines: u32,
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
    /// Column heights on a board with gravity.
    columns: Option<Columns>,
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
        let columns = rules
            .gravity()
            .map(|axis| Columns::new(rules.shape(), axis));
        let mut b = Board {
            k,
            win: rules.win(),
            walker: None,
            ids: IdMap::default(),
            cells: Vec::new(),
            stone: Vec::new(),
            expanded: Vec::new(),
            cell_lines: Vec::new(),
            most_lines: u32::MAX,
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
            columns,
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
                b.most_lines = b
                    .cell_lines
                    .iter()
                    .map(|l| l.len() as u32)
                    .max()
                    .unwrap_or(0);
                b.line_cells.reserve(view.len() * usize::from(k));
                for l in 0..view.len() as u32 {
                    b.line_cells.extend_from_slice(view.cells(l));
                }
                b.counts = vec![[0, 0]; view.len()];
                // No line is on a member list yet: without stones none is
                // k-1 (k >= 2) or k-2 with a stone.
                b.slot = vec![[NONE; 4]; view.len()];
                if n <= 64 {
                    // Gravity: the cells at height 0 and the stride upwards.
                    let floor = b.columns.as_ref().zip(b.rules.gravity()).map(|(g, axis)| {
                        let floor = (0..n as u64)
                            .filter(|&c| g.cell_at(g.column_of(Cell(c)), 0) == Cell(c))
                            .fold(0, |m, c| m | 1 << c);
                        (floor, b.rules.shape().strides()[axis] as u32)
                    });
                    b.bits = Bits::new(k, &b.line_cells, &b.cell_lines, floor).map(Arc::new);
                }
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

    /// Stones of X and of O on a line.
    #[inline]
    pub fn counts(&self, l: u32) -> [u8; 2] {
        self.counts[l as usize]
    }

    /// The most lines through one cell of a dense board (`u32::MAX` on a
    /// sparse one, whose lines are not all known).
    pub fn most_lines_through(&self) -> u32 {
        self.most_lines
    }

    /// Number of known lines.
    pub fn line_total(&self) -> usize {
        self.counts.len()
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

    /// The first two distinct playable cells where `p` would complete a
    /// line now (as [`Board::threat_cells`], without allocating), and how
    /// many there are, counting to 2 at most.
    pub fn two_threats(&self, p: Player) -> ([u32; 2], usize) {
        let mut out = [0u32; 2];
        let mut n = 0;
        for &l in &self.open[p.index()] {
            if let Some(c) = self.empty_of(l) {
                if self.playable(c) && (n == 0 || out[0] != c) {
                    out[n] = c;
                    n += 1;
                    if n == 2 {
                        break;
                    }
                }
            }
        }
        (out, n)
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
}
