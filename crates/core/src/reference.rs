//! Slow, obviously-correct reference code for tests and benchmarks: lines
//! found by brute force, and a game that checks its outcome by scanning the
//! whole board after every move (the seed apps' approach).

use crate::lines::normalize_cycle;
use crate::{Cell, Line, Outcome, Player, Rules, WinRule};
use std::collections::HashSet;

/// Every line of the game, found by walking k steps from every cell along
/// every non-zero vector of {-1,0,1}^d and keeping each distinct cell set once.
/// Cost O(cells × 3^d × k × d): for small boards only.
pub fn brute_force_lines(rules: &Rules) -> Vec<Line> {
    let shape = rules.shape();
    let d = shape.dims();
    let k = rules.k() as i64;
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for index in 0..shape.cell_count() {
        let start = shape.coords(Cell(index));
        for code in 1..3usize.pow(d as u32) {
            let step: Vec<i64> = (0..d)
                .map(|a| (code / 3usize.pow(a as u32) % 3) as i64 - 1)
                .collect();
            if step.iter().all(|&s| s == 0) {
                continue;
            }
            let mut cells = Vec::with_capacity(k as usize);
            for i in 0..k {
                let mut coords = Vec::with_capacity(d);
                for a in 0..d {
                    let n = i64::from(shape.size(a));
                    let mut c = i64::from(start[a]) + i * step[a];
                    if rules.wrap() {
                        c = c.rem_euclid(n);
                    }
                    coords.push(u32::try_from(c).ok().filter(|&c| i64::from(c) < n));
                }
                match coords.into_iter().collect::<Option<Vec<u32>>>() {
                    Some(c) => cells.push(shape.cell(&c).expect("in range")),
                    None => break,
                }
            }
            let mut set = cells.clone();
            set.sort();
            set.dedup();
            if set.len() != k as usize || !seen.insert(set) {
                continue;
            }
            // Orient the line along its canonical direction (first non-zero step +1).
            if step.iter().find(|&&s| s != 0) == Some(&-1) {
                cells.reverse();
            }
            let full_cycle = rules.wrap() && wraps_onto_itself(rules, &cells);
            out.push(normalize_cycle(cells, full_cycle));
        }
    }
    out
}

fn wraps_onto_itself(rules: &Rules, cells: &[Cell]) -> bool {
    let shape = rules.shape();
    let first = shape.coords(cells[0]);
    let last = shape.coords(cells[cells.len() - 1]);
    let second = shape.coords(cells[1]);
    (0..shape.dims()).all(|a| {
        let n = i64::from(shape.size(a));
        let step = (i64::from(second[a]) - i64::from(first[a])).rem_euclid(n);
        (i64::from(last[a]) + step).rem_euclid(n) == i64::from(first[a])
    })
}

/// A game that keeps only its cells and finds its outcome by scanning every line.
#[derive(Clone)]
pub struct NaiveGame {
    rules: Rules,
    lines: Vec<Vec<usize>>,
    cells: Vec<Option<Player>>,
    moves: Vec<Cell>,
}

impl NaiveGame {
    /// A new game; lists the lines by brute force once.
    pub fn new(rules: Rules) -> NaiveGame {
        let lines = brute_force_lines(&rules)
            .iter()
            .map(|l| l.cells().iter().map(|c| c.0 as usize).collect())
            .collect();
        let cells = vec![None; rules.shape().cell_count() as usize];
        NaiveGame {
            rules,
            lines,
            cells,
            moves: Vec::new(),
        }
    }

    /// Puts the next player's stone on `cell` (no checks beyond bounds).
    pub fn play(&mut self, cell: Cell) {
        self.cells[cell.0 as usize] = Some(Player::to_move_at(self.moves.len()));
        self.moves.push(cell);
    }

    /// Whether any line is complete: a full scan, as the seed apps check for a win.
    pub fn any_complete_line(&self) -> bool {
        self.lines.iter().any(|line| {
            let first = self.cells[line[0]];
            first.is_some() && line.iter().all(|&c| self.cells[c] == first)
        })
    }

    /// Completed lines of a player, by a full scan, sorted.
    pub fn completed_lines(&self, player: Player) -> Vec<Line> {
        let mut out: Vec<Line> = self
            .lines
            .iter()
            .filter(|line| line.iter().all(|&c| self.cells[c] == Some(player)))
            .map(|line| Line::new(line.iter().map(|&c| Cell(c as u64)).collect()))
            .collect();
        out.sort();
        out
    }

    /// The outcome by a full scan of the board.
    pub fn outcome(&self) -> Outcome {
        let full = self.moves.len() == self.cells.len();
        let x = self.completed_lines(Player::X);
        let o = self.completed_lines(Player::O);
        match self.rules.win() {
            WinRule::FirstToK | WinRule::Anti if !x.is_empty() || !o.is_empty() => {
                let (maker, lines) = if x.is_empty() {
                    (Player::O, o)
                } else {
                    (Player::X, x)
                };
                let winner = if self.rules.win() == WinRule::Anti {
                    maker.other()
                } else {
                    maker
                };
                Outcome::Win { winner, lines }
            }
            WinRule::MostLines if full => match x.len().cmp(&o.len()) {
                std::cmp::Ordering::Equal => Outcome::Draw,
                std::cmp::Ordering::Greater => Outcome::Win {
                    winner: Player::X,
                    lines: x,
                },
                std::cmp::Ordering::Less => Outcome::Win {
                    winner: Player::O,
                    lines: o,
                },
            },
            _ if full => Outcome::Draw,
            _ => Outcome::Ongoing,
        }
    }

    /// Completed lines of X and O, by a full scan.
    pub fn line_counts(&self) -> [u64; 2] {
        [
            self.completed_lines(Player::X).len() as u64,
            self.completed_lines(Player::O).len() as u64,
        ]
    }
}
