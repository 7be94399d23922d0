//! The checker's own board: stones as bitsets, per-line stone counters.
//!
//! Stones are kept as `2 * W` words (W = ceil(cells / 64)): X's bitset, then
//! O's, cell i = bit i % 64 of word i / 64. Each line keeps how many stones
//! of each side it holds, updated by [`Board::play`] and [`Board::undo`]
//! through the lines of the played cell; `open[p]` counts the lines where p
//! has k - 1 stones and the other side none (a threat p may complete).
//!
//! The lines themselves come from the rules core's line table (the rules),
//! nothing else is shared with the search.

use hypertac_core::{Player, Position, Rules};
use std::sync::Arc;

/// Most cells over all lines of a board the checker takes (the line tables
/// then stay within about 50 MB, whatever a proof's header names).
pub(crate) const MAX_LINE_CELLS: u64 = 1 << 22;

/// The lines of a board, as cell lists and lines-through-cell lists.
#[derive(Debug)]
pub(crate) struct Lines {
    k: usize,
    cells: usize,
    /// Cells of line l: `line_cells[l * k..(l + 1) * k]`.
    line_cells: Vec<u16>,
    /// Lines through cell c: `through[start[c]..start[c + 1]]`.
    start: Vec<u32>,
    through: Vec<u32>,
}

impl Lines {
    /// The lines of `rules`, from the rules core's table.
    ///
    /// # Errors
    /// Boards over 65535 cells, or boards whose line table the core does not build (sparse boards).
    pub fn new(rules: &Rules) -> Result<Lines, String> {
        let cells = rules.shape().cell_count();
        if cells > u64::from(u16::MAX) {
            return Err(format!(
                "the checker handles boards of at most 65535 cells, not {cells}"
            ));
        }
        let cells = cells as usize;
        let line_cells = hypertac_core::lines::line_count(rules).saturating_mul(rules.k().into());
        if line_cells > MAX_LINE_CELLS {
            return Err(format!(
                "the checker handles boards whose lines hold at most {MAX_LINE_CELLS} cells in all; {} has {line_cells}",
                rules
            ));
        }
        let pos = Position::new(rules.clone());
        let view = pos.line_view().ok_or_else(|| {
            format!(
                "the checker needs the rules core's line table, which a {} board does not have",
                rules.shape()
            )
        })?;
        let k = rules.k() as usize;
        let mut line_cells = Vec::with_capacity(view.len() * k);
        let mut degree = vec![0u32; cells + 1];
        for l in 0..view.len() {
            for &c in view.cells(l as u32) {
                line_cells.push(c as u16);
                degree[c as usize + 1] += 1;
            }
        }
        for i in 1..=cells {
            degree[i] += degree[i - 1];
        }
        let start = degree;
        let mut fill = start.clone();
        let mut through = vec![0u32; line_cells.len()];
        for (l, chunk) in line_cells.chunks(k).enumerate() {
            for &c in chunk {
                through[fill[c as usize] as usize] = l as u32;
                fill[c as usize] += 1;
            }
        }
        Ok(Lines {
            k,
            cells,
            line_cells,
            start,
            through,
        })
    }

    /// Number of lines.
    pub fn len(&self) -> usize {
        self.line_cells.len() / self.k
    }

    /// Number of cells of the board.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// Cells of line `l`.
    pub fn cells_of(&self, l: usize) -> &[u16] {
        &self.line_cells[l * self.k..(l + 1) * self.k]
    }

    /// Lines through cell `c`.
    fn through(&self, c: usize) -> &[u32] {
        &self.through[self.start[c] as usize..self.start[c + 1] as usize]
    }
}

/// A position on the checker's board.
#[derive(Debug)]
pub(crate) struct Board {
    lines: Arc<Lines>,
    words: usize,
    /// X's words then O's words.
    stones: Vec<u64>,
    counts: Vec<[u8; 2]>,
    open: [u32; 2],
    filled: usize,
    /// Gravity: the index distance to the cell below, and the size of the axis.
    gravity: Option<(usize, usize)>,
}

impl Board {
    /// The empty board of `rules` with these lines.
    pub fn new(rules: &Rules, lines: Arc<Lines>) -> Board {
        let words = lines.cells.div_ceil(64);
        let gravity = rules.gravity().map(|axis| {
            let shape = rules.shape();
            (shape.strides()[axis] as usize, shape.size(axis) as usize)
        });
        let count = lines.len();
        Board {
            lines,
            words,
            stones: vec![0; 2 * words],
            counts: vec![[0; 2]; count],
            open: [0; 2],
            filled: 0,
            gravity,
        }
    }

    /// The board's lines.
    pub fn lines(&self) -> &Lines {
        &self.lines
    }

    /// Stones of `p` on line `l`.
    pub fn count(&self, l: usize, p: Player) -> u8 {
        self.counts[l][p.index()]
    }

    /// Whether stones fall (then a cell may be empty yet not playable).
    pub fn has_gravity(&self) -> bool {
        self.gravity.is_some()
    }

    /// Words per side.
    pub fn words(&self) -> usize {
        self.words
    }

    /// X's words then O's words.
    pub fn stones(&self) -> &[u64] {
        &self.stones
    }

    /// Whether every cell holds a stone.
    pub fn is_full(&self) -> bool {
        self.filled == self.lines.cells
    }

    /// Whether cell `c` is empty.
    pub fn is_empty(&self, c: usize) -> bool {
        let (w, b) = (c / 64, c % 64);
        (self.stones[w] | self.stones[self.words + w]) >> b & 1 == 0
    }

    /// Whether a stone may be played on `c`: empty, and with gravity
    /// resting on the bottom of its column or on a stone.
    pub fn is_playable(&self, c: usize) -> bool {
        if c >= self.lines.cells || !self.is_empty(c) {
            return false;
        }
        match self.gravity {
            None => true,
            Some((stride, size)) => (c / stride).is_multiple_of(size) || !self.is_empty(c - stride),
        }
    }

    /// The first playable cell at or after `from`.
    pub fn next_playable(&self, from: usize) -> Option<usize> {
        let mut c = from;
        while c < self.lines.cells {
            let w = c / 64;
            let empty = !(self.stones[w] | self.stones[self.words + w]) & (!0u64 << (c % 64));
            if empty == 0 {
                c = (w + 1) * 64;
                continue;
            }
            c = w * 64 + empty.trailing_zeros() as usize;
            if c >= self.lines.cells {
                return None;
            }
            if self.is_playable(c) {
                return Some(c);
            }
            c += 1;
        }
        None
    }

    /// A playable cell completing a line of `p`, if any.
    pub fn winning_cell(&self, p: Player) -> Option<usize> {
        if self.open[p.index()] == 0 {
            return None;
        }
        let (me, them) = (p.index(), p.other().index());
        let need = (self.lines.k - 1) as u8;
        for (l, count) in self.counts.iter().enumerate() {
            if count[me] == need && count[them] == 0 {
                let empty = self
                    .lines
                    .cells_of(l)
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.is_empty(c));
                if let Some(empty) = empty.filter(|&c| self.is_playable(c)) {
                    return Some(empty);
                }
            }
        }
        None
    }

    /// The distinct playable cells completing a line of `p`, at most two
    /// (the smallest two in line order): `(count, cells)`.
    pub fn winning_cells(&self, p: Player) -> (usize, [usize; 2]) {
        let mut out = [usize::MAX; 2];
        let mut n = 0;
        if self.open[p.index()] == 0 {
            return (0, out);
        }
        let (me, them) = (p.index(), p.other().index());
        let need = (self.lines.k - 1) as u8;
        for (l, count) in self.counts.iter().enumerate() {
            if count[me] != need || count[them] != 0 {
                continue;
            }
            let Some(empty) = self
                .lines
                .cells_of(l)
                .iter()
                .map(|&c| c as usize)
                .find(|&c| self.is_empty(c))
            else {
                continue;
            };
            if !self.is_playable(empty) || out[..n].contains(&empty) {
                continue;
            }
            out[n] = empty;
            n += 1;
            if n == 2 {
                break;
            }
        }
        (n, out)
    }

    /// Appends to `out`, in increasing order and once each, the playable
    /// cells on a line holding `k - 2` stones of `p` and none of the other
    /// side: the moves after which `p` may have a new line one short.
    pub fn threat_moves(&self, p: Player, out: &mut Vec<usize>) {
        let start = out.len();
        let (me, them) = (p.index(), p.other().index());
        let need = self.lines.k.saturating_sub(2) as u8;
        for (l, count) in self.counts.iter().enumerate() {
            if count[me] == need && count[them] == 0 {
                for &c in self.lines.cells_of(l) {
                    let c = c as usize;
                    if self.is_playable(c) {
                        out.push(c);
                    }
                }
            }
        }
        out[start..].sort_unstable();
        let mut keep = start;
        for i in start..out.len() {
            if i == start || out[i] != out[keep - 1] {
                out[keep] = out[i];
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Puts a stone of `p` on the empty cell `c`; returns whether it completes a line of `p`.
    pub fn play(&mut self, c: usize, p: Player) -> bool {
        self.stones[p.index() * self.words + c / 64] |= 1 << (c % 64);
        self.filled += 1;
        let k = self.lines.k as u8;
        let mut complete = false;
        for &l in self.lines.through(c) {
            let count = &mut self.counts[l as usize];
            let before = open_bits(*count, k);
            count[p.index()] += 1;
            complete |= count[p.index()] == k;
            let after = open_bits(*count, k);
            adjust(&mut self.open, before, after);
        }
        complete
    }

    /// Takes back the stone of `p` on `c` (the last one played there).
    pub fn undo(&mut self, c: usize, p: Player) {
        self.stones[p.index() * self.words + c / 64] &= !(1 << (c % 64));
        self.filled -= 1;
        let k = self.lines.k as u8;
        for &l in self.lines.through(c) {
            let count = &mut self.counts[l as usize];
            let before = open_bits(*count, k);
            count[p.index()] -= 1;
            let after = open_bits(*count, k);
            adjust(&mut self.open, before, after);
        }
    }
}

/// Which sides have a line with k - 1 stones and no stone of the other side.
#[inline]
fn open_bits(count: [u8; 2], k: u8) -> [bool; 2] {
    [
        count[0] == k - 1 && count[1] == 0,
        count[1] == k - 1 && count[0] == 0,
    ]
}

#[inline]
fn adjust(open: &mut [u32; 2], before: [bool; 2], after: [bool; 2]) {
    for p in 0..2 {
        match (before[p], after[p]) {
            (false, true) => open[p] += 1,
            (true, false) => open[p] -= 1,
            _ => {}
        }
    }
}
