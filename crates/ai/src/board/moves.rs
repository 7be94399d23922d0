//! Make and unmake: a stone updates the counters of the lines through it,
//! the lists of open lines, the score and the hash; and the game's result.

use super::{Board, NONE};
use hypertac_core::{zobrist, Cell, Player, WinRule};

impl Board {
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
        if let Some(g) = &mut self.columns {
            g.push(g.column_of(Cell(cell)));
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
        if let Some(g) = &mut self.columns {
            g.pop(g.column_of(Cell(cell)));
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

    #[inline]
    pub(super) fn line_value(&self, l: u32) -> i64 {
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
    pub(super) fn refresh(&mut self, l: u32) {
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
}
