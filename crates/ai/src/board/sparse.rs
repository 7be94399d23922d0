//! Registering lines on a sparse board as stones arrive (see the
//! [module docs](super) for the caps on huge cube boards).

use super::{Board, NONE};
use hypertac_core::Cell;

impl Board {
    /// Registers the lines through a cell of a sparse board (on cube boards
    /// at most [`LONE_LINE_CELLS`](super::LONE_LINE_CELLS) cells of them, see the module docs).
    pub(super) fn expand(&mut self, id: u32) {
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
    pub(super) fn join_stones(&mut self, id: u32) {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::{zobrist, Mode, Player, Position, Rules};

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

    #[test]
    fn huge_sparse_boards_register_few_lines() {
        // 3^11: the centre lies on all 88,573 lines (265,719 line cells).
        let rules = Rules::cube(3, 11).unwrap();
        let mut pos = Position::with_mode(rules.clone(), Mode::Sparse).unwrap();
        pos.play(rules.shape().cell(&[1; 11]).unwrap());
        let b = Board::new(&pos);
        assert!(
            b.line_cells.len() <= crate::board::LONE_LINE_CELLS,
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
