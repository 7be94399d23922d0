//! The threat-sequence search on boards of more than 64 cells without
//! gravity, on its own copy of the stones and line counters.
//!
//! [`Board::make`] keeps a score and lists of open lines that the threat
//! search does not need; on 4^4 they were most of the prover's time. Here a
//! stone only adds one to the counter of each line through it. What the
//! search asks is answered from the counters:
//! - the attacker's new threats after a stone lie on the lines through it;
//! - the defender's after its block, on the lines through the block;
//! - the cells that make a threat (the candidates), by one pass over the
//!   counters of all lines.
//!
//! The moves tried, their order and the cache of failed positions are those
//! of the search on the board's own lists ([`Vcf::attack`]), so both find
//! the same sequences (a test checks it).

use super::Vcf;
use crate::board::Board;
use hypertac_core::{zobrist, Cell, Player};

/// The stones and line counters the search plays on.
#[derive(Default)]
pub(super) struct Lines {
    /// Per cell: 0 empty, 1 X, 2 O.
    stone: Vec<u8>,
    /// Per line: the stones of X (low byte) and of O (high byte), so that
    /// a line of one side's stones only is one value to compare.
    counts: Vec<u16>,
    /// The candidates of every node on the current path, one after the
    /// other (a node's own start at the end of its parent's).
    candidates: Vec<u32>,
}

impl Lines {
    /// Copies the stones and counters of `b`.
    fn load(&mut self, b: &Board) {
        let cells = b.cell_count() as u32;
        self.stone.clear();
        self.stone.extend((0..cells).map(|c| b.stone(c)));
        let lines = b.line_total() as u32;
        self.counts.clear();
        self.counts
            .extend((0..lines).map(|l| u16::from_le_bytes(b.counts(l))));
        self.candidates.clear();
    }

    #[inline]
    fn place(&mut self, b: &Board, cell: u32, p: Player) {
        self.stone[cell as usize] = p.index() as u8 + 1;
        let one = 1 << (8 * p.index());
        for &l in b.lines_of(cell) {
            self.counts[l as usize] += one;
        }
    }

    #[inline]
    fn remove(&mut self, b: &Board, cell: u32, p: Player) {
        self.stone[cell as usize] = 0;
        let one = 1 << (8 * p.index());
        for &l in b.lines_of(cell) {
            self.counts[l as usize] -= one;
        }
    }

    /// The cells where `p` completes a line through `cell` (up to two, and
    /// how many there are, counting to 2). Two lines through one cell meet
    /// nowhere else, so their empty cells are distinct.
    #[inline]
    fn wins_through(&self, b: &Board, cell: u32, p: Player) -> ([u32; 2], usize) {
        let want = u16::from(b.k() - 1) << (8 * p.index());
        let mut out = [0u32; 2];
        let mut n = 0;
        for &l in b.lines_of(cell) {
            if self.counts[l as usize] == want {
                if let Some(&e) = b.line(l).iter().find(|&&e| self.stone[e as usize] == 0) {
                    out[n] = e;
                    n += 1;
                    if n == 2 {
                        break;
                    }
                }
            }
        }
        (out, n)
    }
}

impl Vcf {
    /// Whether the search on [`Lines`] runs for `b`.
    pub(super) fn on_lines(&self, b: &Board) -> bool {
        self.use_lines && b.cell_count() > 64 && !b.has_gravity() && !b.is_sparse()
    }

    /// [`Vcf::attack`] on [`Lines`] loaded from `b`, for `me` to move.
    pub(super) fn attack_on_lines(&mut self, b: &Board, me: Player, depth: u32) -> bool {
        let mut lines = std::mem::take(&mut self.lines);
        lines.load(b);
        let mine = b.two_threats(me);
        let found = if mine.1 > 0 {
            self.wins.push(mine.0[0]);
            true
        } else {
            let theirs = b.two_threats(me.other());
            self.attack_lines(&mut lines, b, me, b.hash(), depth, theirs)
        };
        self.lines = lines;
        found
    }

    /// One node: `me` to move without a threat of its own, `theirs` the
    /// defender's threat cells (counted to 2), `hash` the stones' hash.
    fn attack_lines(
        &mut self,
        lines: &mut Lines,
        b: &Board,
        me: Player,
        hash: u64,
        depth: u32,
        theirs: ([u32; 2], usize),
    ) -> bool {
        if theirs.1 >= 2 || depth == 0 || self.nodes >= self.limit {
            return false;
        }
        let key = super::cache_key(hash, me);
        if self.has_failed(key, depth) {
            return false;
        }
        self.nodes += 1;
        let start = lines.candidates.len();
        if theirs.1 == 1 {
            lines.candidates.push(theirs.0[0]);
        } else {
            self.makers(lines, b, me);
        }
        let end = lines.candidates.len();
        let stone = |c: u32, p: Player| zobrist::key(Cell(u64::from(c)), p);
        let root = self.path.is_empty();
        let mut won = false;
        for i in start..end {
            let c = lines.candidates[i];
            if root && self.avoid.contains(&c) {
                continue;
            }
            // The defender's only threat, if any, was on `c` (then it is
            // the one candidate): after `c` it has none.
            lines.place(b, c, me);
            let blocks = lines.wins_through(b, c, me);
            match blocks.1 {
                0 => {}
                1 => {
                    let t = blocks.0[0];
                    lines.place(b, t, me.other());
                    self.path.push(c);
                    self.path.push(t);
                    let h = hash ^ stone(c, me) ^ stone(t, me.other());
                    let theirs = lines.wins_through(b, t, me.other());
                    won = self.attack_lines(lines, b, me, h, depth - 1, theirs);
                    lines.remove(b, t, me.other());
                    if !won {
                        self.path.truncate(self.path.len() - 2);
                    }
                }
                _ => {
                    self.path.push(c);
                    self.wins.extend_from_slice(&blocks.0);
                    won = true;
                }
            }
            lines.remove(b, c, me);
            if won {
                break;
            }
        }
        lines.candidates.truncate(start);
        if won {
            return true;
        }
        // A root that avoided moves may still have a sequence.
        if self.nodes < self.limit && (!root || self.avoid.is_empty()) {
            self.remember_failed(key, depth);
        }
        false
    }

    /// Appends the empty cells where `me` would make a threat (on a line
    /// with k-2 of its stones, at least one, and none of the other side's)
    /// to the candidates, most such lines first, then by cell.
    fn makers(&mut self, lines: &mut Lines, b: &Board, me: Player) {
        let need = b.k().wrapping_sub(2);
        if need == 0 {
            return;
        }
        let want = u16::from(need) << (8 * me.index());
        let start = lines.candidates.len();
        // 32 lines at a time, compared as one vector, to a mask of matches.
        for (at, chunk) in lines.counts.chunks(32).enumerate() {
            let mut matches = chunk
                .iter()
                .enumerate()
                .fold(0u32, |m, (i, &c)| m | u32::from(c == want) << i);
            while matches != 0 {
                let l = (at * 32) as u32 + matches.trailing_zeros();
                matches &= matches - 1;
                for &e in b.line(l) {
                    if lines.stone[e as usize] == 0 {
                        let t = &mut self.tally[e as usize];
                        if *t == 0 {
                            lines.candidates.push(e);
                        }
                        *t += 1;
                    }
                }
            }
        }
        let found = &mut lines.candidates[start..];
        // One key per cell: the tally's complement above the cell.
        for c in found.iter_mut() {
            let t = std::mem::take(&mut self.tally[*c as usize]);
            *c |= u32::from(u16::MAX - t) << 16;
        }
        found.sort_unstable();
        for c in found.iter_mut() {
            *c &= 0xFFFF;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{zone, Sequence, Vcf};
    use crate::board::Board;
    use hypertac_core::{zobrist, Position, Rules, Shape};

    /// Random positions of `stones` stones on `rules` that no side has won.
    fn positions(rules: &Rules, stones: usize, count: usize) -> Vec<Board> {
        let mut out = Vec::new();
        let mut rng = 7u64;
        while out.len() < count {
            let mut b = Board::new(&Position::new(rules.clone()));
            for _ in 0..stones {
                rng = zobrist::splitmix64(rng);
                let free: Vec<u32> = (0..b.cell_count() as u32)
                    .filter(|&c| b.stone(c) == 0)
                    .collect();
                b.make(free[(rng % free.len() as u64) as usize]);
                if b.result().is_some() {
                    break;
                }
            }
            if b.result().is_none() {
                out.push(b);
            }
        }
        out
    }

    fn search(vcf: &mut Vcf, b: &mut Board, avoid: &[u32]) -> (Option<Sequence>, u64) {
        let before = vcf.total;
        let found = vcf.find_avoiding(b, 32, 20_000, avoid);
        (found, vcf.total - before)
    }

    /// The search on the counters finds what the search on the board's
    /// lists finds (the same moves, wins and positions), with and without
    /// avoided first moves and after a pass, on 4^4, 5^3 and 4^5.
    #[test]
    fn lines_agree_with_the_board_lists() {
        let boards = [
            Rules::cube(4, 4).unwrap(),
            Rules::cube(5, 3).unwrap(),
            Rules::new(Shape::parse("4x4x4x4x4").unwrap(), 4).unwrap(),
        ];
        let (mut checked, mut found) = (0, 0);
        for rules in boards {
            let cells = rules.shape().cell_count() as usize;
            for stones in [6, 10, 16] {
                for mut b in positions(&rules, stones, 12) {
                    let (mut lean, mut lists) = (Vcf::new(cells), Vcf::new(cells));
                    lists.use_lines = false;
                    assert!(lean.on_lines(&b) && !lists.on_lines(&b));
                    for pass in [false, true] {
                        if pass {
                            b.pass();
                        }
                        let (a, na) = search(&mut lean, &mut b, &[]);
                        let (c, nc) = search(&mut lists, &mut b, &[]);
                        assert_eq!(na, nc, "{rules}");
                        assert_eq!(a.is_some(), c.is_some(), "{rules}");
                        if let (Some(a), Some(c)) = (a, c) {
                            found += 1;
                            assert_eq!(a.moves, c.moves);
                            let sorted = |mut w: Vec<u32>| {
                                w.sort_unstable();
                                w
                            };
                            assert_eq!(sorted(a.wins), sorted(c.wins));
                            let Some(&first) = a.moves.first() else {
                                continue; // a win at once
                            };
                            let avoid = [first];
                            let (a, na) = search(&mut lean, &mut b, &avoid);
                            let (c, nc) = search(&mut lists, &mut b, &avoid);
                            assert_eq!(na, nc);
                            assert_eq!(a.map(|s| s.moves), c.map(|s| s.moves));
                        }
                    }
                    checked += 2;
                    b.unmake();
                }
            }
        }
        assert_eq!(checked, 3 * 3 * 12 * 2);
        assert!(found >= 20, "only {found} sequences found");
    }

    /// [`zone`] on the line counters marks what a direct count marks: the
    /// empty cells of lines without attacker stones where the defender's
    /// stones and blocks number k-2 or more, and the sequence's cells.
    #[test]
    fn zones_match_a_direct_count() {
        let rules = Rules::cube(4, 4).unwrap();
        let cells = 256;
        let mut vcf = Vcf::new(cells);
        let mut checked = 0;
        for stones in [8, 12, 16] {
            for mut b in positions(&rules, stones, 20) {
                let defender = b.to_move();
                b.pass();
                let seq = vcf.find(&mut b, 32, 20_000);
                b.unmake();
                let Some(seq) = seq else { continue };
                let mut got = vec![false; cells];
                zone(&b, &seq, &mut got);
                let blocks: Vec<u32> = seq.moves.iter().skip(1).step_by(2).copied().collect();
                let mut want = vec![false; cells];
                for &c in seq.moves.iter().chain(&seq.wins) {
                    want[c as usize] = true;
                }
                for l in 0..b.line_total() as u32 {
                    let line = b.line(l);
                    let att = line
                        .iter()
                        .filter(|&&c| b.stone(c) == 2 - defender.index() as u8);
                    let def = line.iter().filter(|&&c| {
                        b.stone(c) == defender.index() as u8 + 1 || blocks.contains(&c)
                    });
                    if att.count() == 0 && def.count() + 2 >= 4 {
                        for &c in line {
                            if b.stone(c) == 0 {
                                want[c as usize] = true;
                            }
                        }
                    }
                }
                assert_eq!(got, want);
                checked += 1;
            }
        }
        assert!(checked >= 10, "only {checked} zones checked");
    }
}
