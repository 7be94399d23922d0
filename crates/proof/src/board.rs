//! The checker's own board: stones as bitsets, per-line stone counters.
//!
//! Stones are kept as `2 * W` words (W = ceil(cells / 64)): X's bitset, then
//! O's, cell i = bit i % 64 of word i / 64. Each line keeps how many stones
//! of each side it holds, updated by [`Board::play`] and [`Board::undo`]
//! through the lines of the played cell. Four lists, kept by the same
//! updates (in no order; a line's place in each is noted, so it leaves in
//! one step), name the lines that matter to the threat search:
//! `lists[p]` those where p has k - 1 stones and the other side none (a
//! threat p may complete), `lists[2 + p]` those with k - 2 and none (where
//! one stone makes a threat). Reading them instead of every line gives the
//! same answers (where line order matters, the smallest line is looked
//! for); on 4^4 and 4^5 (520 and 3,376 lines) the scans were most of the
//! checker's time.
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
    pub fn through(&self, c: usize) -> &[u32] {
        &self.through[self.start[c] as usize..self.start[c + 1] as usize]
    }
}

/// Not in a list (a line's place in `Board::lists`).
const ABSENT: u32 = u32::MAX;

/// A position on the checker's board.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    lines: Arc<Lines>,
    words: usize,
    /// X's words then O's words.
    stones: Vec<u64>,
    counts: Vec<[u8; 2]>,
    /// X's and O's lines with k - 1 of their stones and none of the other
    /// side's, then X's and O's with k - 2 (see the module docs).
    lists: [Vec<u32>; 4],
    /// Each line's place in each of `lists` ([`ABSENT`]: not in it).
    places: Vec<[u32; 4]>,
    /// [`lists_of`] for every pair of counts: `list_bits[x * (k + 1) + o]`.
    list_bits: Vec<u8>,
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
        let k = lines.k as u8;
        // Without stones every line is in a list exactly when k - 1 or
        // k - 2 is 0 (k = 1 or 2).
        let empty = lists_of([0, 0], k);
        let mut lists: [Vec<u32>; 4] = Default::default();
        let mut places = vec![[ABSENT; 4]; count];
        for (bit, list) in lists.iter_mut().enumerate() {
            if empty >> bit & 1 == 1 {
                *list = (0..count as u32).collect();
                for (l, place) in places.iter_mut().enumerate() {
                    place[bit] = l as u32;
                }
            }
        }
        let side = usize::from(k) + 1;
        let list_bits = (0..side * side)
            .map(|i| lists_of([(i / side) as u8, (i % side) as u8], k))
            .collect();
        Board {
            lines,
            words,
            stones: vec![0; 2 * words],
            counts: vec![[0; 2]; count],
            lists,
            places,
            list_bits,
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

    /// A playable cell completing a line of `p`, if any (that of the
    /// smallest such line).
    pub fn winning_cell(&self, p: Player) -> Option<usize> {
        self.first_win(p, usize::MAX).map(|(_, c)| c)
    }

    /// The distinct playable cells completing a line of `p`, at most two
    /// (the smallest two in line order): `(count, cells)`.
    pub fn winning_cells(&self, p: Player) -> (usize, [usize; 2]) {
        match self.first_win(p, usize::MAX) {
            None => (0, [usize::MAX; 2]),
            Some((_, a)) => match self.first_win(p, a) {
                None => (1, [a, usize::MAX]),
                Some((_, b)) => (2, [a, b]),
            },
        }
    }

    /// Of the lines where `p` has k - 1 stones and the other side none,
    /// whose empty cell is playable and not `except`: the smallest, and
    /// that cell.
    fn first_win(&self, p: Player, except: usize) -> Option<(u32, usize)> {
        let mut best: Option<(u32, usize)> = None;
        for &l in &self.lists[p.index()] {
            if best.is_some_and(|(b, _)| b < l) {
                continue;
            }
            let cells = self.lines.cells_of(l as usize).iter().map(|&c| c as usize);
            let Some(empty) = cells.into_iter().find(|&c| self.is_empty(c)) else {
                continue;
            };
            if empty != except && self.is_playable(empty) {
                best = Some((l, empty));
            }
        }
        best
    }

    /// How many lines through cell `c` are in the threat search's lists
    /// (k - 1 or k - 2 stones of one side, none of the other): a stone on
    /// `c` changes what the search sees only through such lines (or lines
    /// that become such as it goes).
    pub fn busy_lines(&self, c: usize) -> usize {
        let side = usize::from(self.lines.k as u8) + 1;
        self.lines
            .through(c)
            .iter()
            .filter(|&&l| {
                let count = self.counts[l as usize];
                self.list_bits[usize::from(count[0]) * side + usize::from(count[1])] != 0
            })
            .count()
    }

    /// The lines holding k - 2 stones of `p` and none of the other side,
    /// in no order.
    pub fn half_lines(&self, p: Player) -> &[u32] {
        &self.lists[2 + p.index()]
    }

    /// Appends to `out`, in increasing order and once each, the playable
    /// cells on a line holding `k - 2` stones of `p` and none of the other
    /// side: the moves after which `p` may have a new line one short.
    pub fn threat_moves(&self, p: Player, out: &mut Vec<usize>) {
        let start = out.len();
        for &l in &self.lists[2 + p.index()] {
            for &c in self.lines.cells_of(l as usize) {
                let c = c as usize;
                if self.is_playable(c) {
                    out.push(c);
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

    /// On a board without gravity, the winning cells `p` would make by
    /// playing the empty cell `c`, where `p` has none now: the other empty
    /// cells of the lines through `c` holding k - 2 stones of `p` and none
    /// of the other side. Gives how many distinct ones (counted up to two)
    /// and the first found. What [`Board::play`] then
    /// [`Board::winning_cells`] would answer, without playing (the threat
    /// search's first pass asks it of every candidate).
    pub fn threats_made(&self, c: usize, p: Player) -> (usize, usize) {
        debug_assert!(self.gravity.is_none() && self.is_empty(c));
        let lines = &*self.lines;
        let Some(half) = (lines.k as u8).checked_sub(2) else {
            return (0, usize::MAX);
        };
        let (me, them) = (p.index(), p.other().index());
        let (mut made, mut first) = (0, usize::MAX);
        for &l in &lines.through[lines.start[c] as usize..lines.start[c + 1] as usize] {
            let count = self.counts[l as usize];
            if count[me] != half || count[them] != 0 {
                continue;
            }
            let other = lines
                .cells_of(l as usize)
                .iter()
                .map(|&e| e as usize)
                .find(|&e| e != c && self.is_empty(e));
            match other {
                Some(e) if made == 0 => (made, first) = (1, e),
                Some(e) if e != first => return (2, first),
                _ => {}
            }
        }
        (made, first)
    }

    /// Puts a stone of `p` on the empty cell `c`; returns whether it completes a line of `p`.
    pub fn play(&mut self, c: usize, p: Player) -> bool {
        self.stones[p.index() * self.words + c / 64] |= 1 << (c % 64);
        self.filled += 1;
        self.recount(c, p, true)
    }

    /// Takes back the stone of `p` on `c` (the last one played there).
    pub fn undo(&mut self, c: usize, p: Player) {
        self.stones[p.index() * self.words + c / 64] &= !(1 << (c % 64));
        self.filled -= 1;
        self.recount(c, p, false);
    }

    /// Adds (`add`) or takes away one stone of `p` on every line through
    /// `c`, moving the lines whose lists change; whether a line of `p` now
    /// holds k stones. The hot loop of the checker and of the walks that
    /// ask it: one table lookup per line for its lists before and after.
    #[inline]
    fn recount(&mut self, c: usize, p: Player, add: bool) -> bool {
        let lines = &*self.lines;
        let k = lines.k as u8;
        let side = usize::from(k) + 1;
        let me = p.index();
        let mut complete = false;
        let through = &lines.through[lines.start[c] as usize..lines.start[c + 1] as usize];
        for &l in through {
            let count = &mut self.counts[l as usize];
            let was = self.list_bits[usize::from(count[0]) * side + usize::from(count[1])];
            if add {
                count[me] += 1;
            } else {
                count[me] -= 1;
            }
            complete |= count[me] == k;
            let is = self.list_bits[usize::from(count[0]) * side + usize::from(count[1])];
            if was != is {
                relist(&mut self.lists, &mut self.places, l, was, is);
            }
        }
        complete && add
    }
}

/// Moves line `l` into or out of the lists as the lists it belongs in
/// went from `was` to `is` (see [`lists_of`]).
fn relist(lists: &mut [Vec<u32>; 4], places: &mut [[u32; 4]], l: u32, was: u8, is: u8) {
    let mut changed = was ^ is;
    while changed != 0 {
        let bit = changed.trailing_zeros() as usize;
        changed &= changed - 1;
        let list = &mut lists[bit];
        if is >> bit & 1 == 1 {
            places[l as usize][bit] = list.len() as u32;
            list.push(l);
        } else {
            let at = places[l as usize][bit];
            list.swap_remove(at as usize);
            if let Some(&moved) = list.get(at as usize) {
                places[moved as usize][bit] = at;
            }
            places[l as usize][bit] = ABSENT;
        }
    }
}

/// The lists a line with these counts belongs in, as bits: 1 X's open,
/// 2 O's open, 4 X's half, 8 O's half (see the module docs).
#[inline]
fn lists_of(count: [u8; 2], k: u8) -> u8 {
    let mut bits = 0;
    for p in 0..2 {
        if count[1 - p] == 0 {
            if k.checked_sub(1) == Some(count[p]) {
                bits |= 1 << p;
            }
            if k.checked_sub(2) == Some(count[p]) {
                bits |= 4 << p;
            }
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::Shape;

    /// The answers by reading every line in order (the obviously-correct
    /// reference the lists replace).
    fn scanned(b: &Board, p: Player) -> ((usize, [usize; 2]), Vec<usize>) {
        let (me, them) = (p.index(), p.other().index());
        let k = b.lines.k as u8;
        let mut wins = (0, [usize::MAX; 2]);
        let mut moves = Vec::new();
        for l in 0..b.lines.len() {
            let count = b.counts[l];
            if count[them] != 0 {
                continue;
            }
            let cells = b.lines.cells_of(l).iter().map(|&c| c as usize);
            if k.checked_sub(1) == Some(count[me]) {
                let empty = cells.clone().find(|&c| b.is_empty(c));
                if let Some(c) = empty.filter(|&c| b.is_playable(c)) {
                    if wins.0 < 2 && !wins.1[..wins.0].contains(&c) {
                        wins.1[wins.0] = c;
                        wins.0 += 1;
                    }
                }
            }
            if k.checked_sub(2) == Some(count[me]) {
                moves.extend(cells.filter(|&c| b.is_playable(c)));
            }
        }
        moves.sort_unstable();
        moves.dedup();
        (wins, moves)
    }

    /// After every stone played and taken back, at random, on boards with
    /// and without gravity and with k from 2 to 4, the lists answer as a
    /// scan of every line.
    #[test]
    fn lists_answer_as_scanning_every_line() {
        let boards = [
            Rules::new(Shape::new(&[4, 4, 4, 4]).unwrap(), 4).unwrap(),
            Rules::new(Shape::new(&[4, 4, 4]).unwrap(), 4)
                .unwrap()
                .with_gravity(Some(2))
                .unwrap(),
            Rules::new(Shape::new(&[5, 5]).unwrap(), 2).unwrap(),
            Rules::new(Shape::new(&[3, 3]).unwrap(), 3).unwrap(),
        ];
        let mut rng = 0x0123_4567_89AB_CDEFu64;
        let mut checked = 0;
        for rules in boards {
            let lines = Arc::new(Lines::new(&rules).unwrap());
            let mut b = Board::new(&rules, lines);
            let mut played: Vec<(usize, Player)> = Vec::new();
            for _ in 0..2000 {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let free: Vec<usize> = (0..b.lines.cells()).filter(|&c| b.is_playable(c)).collect();
                if !played.is_empty() && (rng.is_multiple_of(3) || free.is_empty()) {
                    let (c, p) = played.pop().unwrap();
                    b.undo(c, p);
                } else if !free.is_empty() {
                    let c = free[(rng >> 8) as usize % free.len()];
                    let p = Player::to_move_at(played.len());
                    b.play(c, p);
                    played.push((c, p));
                }
                for p in [Player::X, Player::O] {
                    let (wins, moves) = scanned(&b, p);
                    assert_eq!(b.winning_cells(p), wins, "{rules} {played:?}");
                    assert_eq!(b.winning_cell(p), (wins.0 > 0).then_some(wins.1[0]));
                    let mut got = vec![7];
                    b.threat_moves(p, &mut got);
                    assert_eq!(got[1..], moves[..], "{rules} {played:?}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 16_000);
    }
}
