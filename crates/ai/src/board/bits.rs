//! [`Bits`]: the lines of a dense board of at most 64 cells as bitmasks,
//! the form the threat-space search (`prove/vcf.rs`) runs on.

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
    /// The lines through each cell as a set of line indices (bit l: line
    /// l), if the board has at most 128 lines (else empty): with them a
    /// search keeps the set of lines a threat can be made on from move to
    /// move ([`Bits::open2`], [`Bits::open2_after`]) instead of testing
    /// every line at every position.
    line_sets: Vec<u128>,
}

impl Bits {
    /// The masks of a dense board, if it has at most 64 cells and k >= 2:
    /// `line_cells` holds the cells of each line (k per line), `cell_lines`
    /// the lines through each cell (one entry per cell), `gravity` the
    /// cells at height 0 and the distance to the cell above.
    pub(super) fn new(
        k: u8,
        line_cells: &[u32],
        cell_lines: &[Vec<u32>],
        gravity: Option<(u64, u32)>,
    ) -> Option<Bits> {
        let n = cell_lines.len();
        if n > 64 || k < 2 {
            return None;
        }
        let k_cells = usize::from(k);
        let mask = |l: u32| {
            let at = l as usize * k_cells;
            line_cells[at..at + k_cells]
                .iter()
                .fold(0u64, |m, &c| m | 1 << c)
        };
        let masks = (0..(line_cells.len() / k_cells) as u32).map(mask).collect();
        let mut through = Vec::new();
        let mut starts = vec![0];
        for lines in cell_lines {
            through.extend(lines.iter().map(|&l| mask(l)));
            starts.push(through.len() as u32);
        }
        let all = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        let line_count = line_cells.len() / k_cells;
        let line_sets = if line_count <= 128 {
            cell_lines
                .iter()
                .map(|lines| lines.iter().fold(0u128, |set, &l| set | 1 << l))
                .collect()
        } else {
            Vec::new()
        };
        Some(Bits {
            masks,
            through,
            starts,
            all,
            gravity,
            k: u32::from(k),
            most: cell_lines
                .iter()
                .map(|lines| lines.len() as u32)
                .max()
                .unwrap_or(0)
                .min(15),
            line_sets,
        })
    }

    /// Whether the board has at most 128 lines, so that the sets of
    /// [`Bits::open2`] exist.
    pub fn has_line_sets(&self) -> bool {
        !self.line_sets.is_empty()
    }

    /// Whether line `m` (its mask) holds k-2 stones of `mine`, at least
    /// one, and none of `theirs`: a line a threat can be made on.
    #[inline(always)]
    fn is_open2(&self, m: u64, mine: u64, theirs: u64) -> bool {
        let need = self.k.wrapping_sub(2);
        need > 0 && theirs & m == 0 && (mine & m).count_ones() == need
    }

    /// The set of lines (bit l: line l) a threat of `mine` can be made on
    /// ([`Bits::has_line_sets`] must hold; the search takes it from
    /// [`Bits::scan`], the tests from here).
    #[cfg(test)]
    pub fn open2(&self, mine: u64, theirs: u64) -> u128 {
        self.masks
            .iter()
            .enumerate()
            .filter(|&(_, &m)| self.is_open2(m, mine, theirs))
            .fold(0u128, |set, (l, _)| set | 1 << l)
    }

    /// [`Bits::wins`] of both sides and [`Bits::open2`] of `mine` in one
    /// pass over the lines ([`Bits::has_line_sets`] must hold): the cells
    /// where `mine` completes a line, those where `theirs` does, and the
    /// set of lines `mine` can make a threat on.
    #[inline(always)]
    pub fn scan(&self, mine: u64, theirs: u64) -> (u64, u64, u128) {
        let (need, open) = (self.k - 1, self.k.wrapping_sub(2));
        let (mut wins, mut losses, mut set) = (0u64, 0u64, 0u128);
        for (l, &m) in self.masks.iter().enumerate() {
            let (a, d) = ((mine & m).count_ones(), (theirs & m).count_ones());
            if d == 0 {
                if a == need {
                    wins |= m;
                } else if a == open && open > 0 {
                    set |= 1 << l;
                }
            } else if a == 0 && d == need {
                losses |= m;
            }
        }
        let playable = self.playable(mine | theirs);
        (wins & playable, losses & playable, set)
    }

    /// Without gravity, the cells where the side whose [`Bits::open2`]
    /// set is `set` completes a line after its stone on `cell` (one of
    /// those lines' cells; `occupied` the stones with it): each line of
    /// `set` through `cell` now lacks one cell, and no other line through
    /// it can (a line that lacked one before would have been a win, which
    /// the search takes first).
    #[inline(always)]
    pub fn threats_made(&self, set: u128, cell: u32, occupied: u64) -> u64 {
        let mut out = 0;
        for_each_line(set & self.line_sets[cell as usize], |l| {
            out |= self.masks[l];
        });
        out & !occupied
    }

    /// [`Bits::open2`] of `mine` and `theirs` from `set`, the one before
    /// the stones on `cells` were added to them: only the lines through
    /// those cells can have changed.
    #[inline(always)]
    pub fn open2_after(&self, set: u128, cells: [u32; 2], mine: u64, theirs: u64) -> u128 {
        let (mut ours, mut others) = (0u128, 0u128);
        for c in cells {
            if theirs >> c & 1 == 0 {
                ours |= self.line_sets[c as usize];
            } else {
                others |= self.line_sets[c as usize];
            }
        }
        let mut out = set & !(ours | others);
        // Every line of the set through the new stones has left it: one
        // more stone of `mine` (a win, then) or one of `theirs`. A line
        // can have come in only through a stone of `mine` and none of
        // `theirs`: those lines alone are tested.
        let touched = ours & !others & !set;
        for_each_line(touched, |l| {
            if self.is_open2(self.masks[l], mine, theirs) {
                out |= 1 << l;
            }
        });
        out
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
        let mut counts = Counts::default();
        for &m in &self.masks {
            if self.is_open2(m, mine, theirs) {
                counts.add(m);
            }
        }
        self.makers_out(&counts, self.playable(mine | theirs), out)
    }

    /// As [`Bits::makers`], the lines a threat can be made on given as
    /// `set` ([`Bits::open2`] of the same stones).
    #[inline(always)]
    pub fn makers_in(&self, set: u128, occupied: u64, out: &mut [u8; 64]) -> usize {
        let mut counts = Counts::default();
        for_each_line(set, |l| counts.add(self.masks[l]));
        self.makers_out(&counts, self.playable(occupied), out)
    }

    /// The `playable` cells `counts` counted, most lines first, then by
    /// cell, into `out`; returns their number.
    #[inline(always)]
    fn makers_out(&self, counts: &Counts, playable: u64, out: &mut [u8; 64]) -> usize {
        let Counts { planes, full } = *counts;
        let mut n = 0;
        for count in (1..=self.most).rev() {
            let mut cells = planes.iter().enumerate().fold(!0u64, |acc, (i, &p)| {
                acc & if count >> i & 1 == 1 { p } else { !p }
            });
            cells &= !full;
            if count == self.most {
                cells |= full;
            }
            cells &= playable;
            while cells != 0 {
                out[n] = cells.trailing_zeros() as u8;
                n += 1;
                cells &= cells - 1;
            }
        }
        n
    }
}

/// Each cell's count of lines, bit-sliced: bit c of `planes[i]` is bit i
/// of cell c's count (counts past 15 are marked in `full`).
#[derive(Clone, Copy, Default)]
struct Counts {
    planes: [u64; 4],
    full: u64,
}

impl Counts {
    /// Counts one more line on the cells of `cells`.
    #[inline(always)]
    fn add(&mut self, cells: u64) {
        let mut carry = cells;
        for p in &mut self.planes {
            let next = *p & carry;
            *p ^= carry;
            carry = next;
        }
        self.full |= carry;
    }
}

/// Calls `f` with each line index of `set`, in increasing order (a word at
/// a time: cheaper than shifting a 128-bit set).
#[inline(always)]
fn for_each_line(set: u128, mut f: impl FnMut(usize)) {
    for (base, word) in [(0, set as u64), (64, (set >> 64) as u64)] {
        let mut rest = word;
        while rest != 0 {
            f(base + rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Board;
    use hypertac_core::{zobrist, Player, Position, Rules};

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
                // Each side's lines a threat can be made on, kept from move
                // to move as the threat search keeps them.
                let mut open = [0u128; 2];
                let mut last: Option<u32> = None;
                for _ in 0..b.cell_count() {
                    let (bits, stones) = b.bits().expect("small dense board");
                    assert!(bits.has_line_sets(), "{rules}: at most 128 lines");
                    let occupied = stones[0] | stones[1];
                    let playable = (0..b.cell_count() as u32)
                        .filter(|&c| b.playable(c))
                        .fold(0u64, |m, c| m | 1 << c);
                    assert_eq!(bits.playable(occupied), playable);
                    for p in [Player::X, Player::O] {
                        let (mine, theirs) = (stones[p.index()], stones[1 - p.index()]);
                        let cells = b.threat_cells(p);
                        let (two, n) = b.two_threats(p);
                        assert_eq!(&two[..n], &cells[..cells.len().min(2)]);
                        let want = cells.iter().fold(0u64, |m, &c| m | 1 << c);
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
                        let set = &mut open[p.index()];
                        if let Some(c) = last {
                            *set = bits.open2_after(*set, [c, c], mine, theirs);
                        }
                        assert_eq!(*set, bits.open2(mine, theirs), "{rules}");
                        let (w, l) = (bits.wins(mine, theirs), bits.wins(theirs, mine));
                        assert_eq!(bits.scan(mine, theirs), (w, l, *set), "{rules}");
                        let n = bits.makers_in(*set, mine | theirs, &mut out);
                        assert_eq!(&out[..n], &want[..], "{rules}");
                        // Without gravity and without a win of `p` on the
                        // board, a stone on a maker makes the threats
                        // the line counters see.
                        if !bits.has_gravity() && bits.wins(mine, theirs) == 0 {
                            for &c in &out[..n] {
                                let after = mine | 1 << c;
                                let want = bits.wins_through(u32::from(c), after, theirs);
                                let got = bits.threats_made(*set, u32::from(c), after | theirs);
                                assert_eq!(got, want, "{rules}");
                            }
                        }
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
                    last = Some(cells.trailing_zeros());
                }
            }
        }
    }
}
