//! [`Board::raisers`]: the cells that lengthen one side's open lines.

use super::Board;
use hypertac_core::Player;

impl Board {
    /// The playable empty cells where a stone of `p` raises a line holding
    /// `count` stones of `p` (at least one) and none of the other side's,
    /// most such lines first, then by cell. `tally` is scratch space of one
    /// entry per cell, all zero, and is left so. With `count` = k-2 these
    /// are the cells that make a four (a threat); with k-3, a three.
    ///
    /// Walks the counters of every known line: O(lines + their cells).
    pub fn raisers(&self, p: Player, count: u8, tally: &mut [u16]) -> Vec<u32> {
        let mut out = Vec::new();
        if count == 0 {
            return out;
        }
        let (me, them) = (p.index(), p.other().index());
        for l in 0..self.line_total() as u32 {
            let c = self.counts(l);
            if c[me] != count || c[them] != 0 {
                continue;
            }
            for &e in self.line(l) {
                if self.stone(e) == 0 && self.playable(e) {
                    if tally[e as usize] == 0 {
                        out.push(e);
                    }
                    tally[e as usize] += 1;
                }
            }
        }
        out.sort_unstable_by_key(|&c| (std::cmp::Reverse(tally[c as usize]), c));
        for &c in &out {
            tally[c as usize] = 0;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::{Cell, Position, Rules};

    /// The raisers are the empty cells of the lines with `count` stones of
    /// the side and none of the other's, counted directly.
    #[test]
    fn raisers_match_a_direct_count() {
        let rules = Rules::cube(5, 3).unwrap();
        let mut pos = Position::new(rules);
        for c in [62u64, 63, 31, 12, 57, 100] {
            pos.play(Cell(c));
        }
        let b = Board::new(&pos);
        let mut tally = vec![0u16; b.cell_count()];
        for p in [Player::X, Player::O] {
            for count in 1..=3u8 {
                let got = b.raisers(p, count, &mut tally);
                assert!(tally.iter().all(|&t| t == 0));
                let mut want: Vec<(usize, u32)> = (0..b.cell_count() as u32)
                    .filter(|&c| b.stone(c) == 0)
                    .map(|c| {
                        let n = b
                            .lines_of(c)
                            .iter()
                            .filter(|&&l| {
                                let k = b.counts(l);
                                k[p.index()] == count && k[p.other().index()] == 0
                            })
                            .count();
                        (n, c)
                    })
                    .filter(|&(n, _)| n > 0)
                    .collect();
                want.sort_by_key(|&(n, c)| (std::cmp::Reverse(n), c));
                let want: Vec<u32> = want.into_iter().map(|(_, c)| c).collect();
                assert_eq!(got, want, "{p:?} {count}");
            }
        }
    }
}
