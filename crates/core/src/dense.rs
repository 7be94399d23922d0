//! Dense boards: a flat cell array, the precomputed line table and one pair
//! of stone counters per line. Placing a stone touches only the lines through
//! its cell, so win detection costs O(lines through a cell).

use crate::lines::{Line, LineTable};
use crate::{Cell, Player, Rules};
use std::sync::Arc;

#[derive(Clone, Debug)]
pub(crate) struct Dense {
    table: Arc<LineTable>,
    /// 0 empty, 1 X, 2 O.
    cells: Vec<u8>,
    /// Stones of X and of O on each line.
    counts: Vec<[u8; 2]>,
    /// Lines not holding stones of both sides (still completable by someone).
    live: u64,
    k: u8,
}

impl Dense {
    pub fn new(rules: &Rules) -> Dense {
        let table = Arc::new(LineTable::build(rules));
        let lines = table.len();
        Dense {
            table,
            cells: vec![0; rules.shape().cell_count() as usize],
            counts: vec![[0, 0]; lines],
            live: lines as u64,
            k: rules.k() as u8,
        }
    }

    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Player> {
        match self.cells[cell.0 as usize] {
            1 => Some(Player::X),
            2 => Some(Player::O),
            _ => None,
        }
    }

    /// Places a stone; returns how many lines it completed for `player`.
    #[inline]
    pub fn place(&mut self, cell: Cell, player: Player) -> u32 {
        let c = cell.0 as usize;
        self.cells[c] = player.index() as u8 + 1;
        let p = player.index();
        let mut completed = 0;
        let mut died = 0;
        for &line in self.table.through(c) {
            let counts = &mut self.counts[line as usize];
            died += u64::from(counts[p] == 0 && counts[1 - p] > 0);
            counts[p] += 1;
            completed += u32::from(counts[p] == self.k);
        }
        self.live -= died;
        completed
    }

    #[inline]
    pub fn remove(&mut self, cell: Cell, player: Player) {
        let c = cell.0 as usize;
        self.cells[c] = 0;
        let p = player.index();
        let mut revived = 0;
        for &line in self.table.through(c) {
            let counts = &mut self.counts[line as usize];
            counts[p] -= 1;
            revived += u64::from(counts[p] == 0 && counts[1 - p] > 0);
        }
        self.live += revived;
    }

    /// Number of lines not holding stones of both sides.
    pub fn live_lines(&self) -> u64 {
        self.live
    }

    pub fn completed_through(&self, cell: Cell, player: Player) -> Vec<Line> {
        let p = player.index();
        self.table
            .through(cell.0 as usize)
            .iter()
            .filter(|&&l| self.counts[l as usize][p] == self.k)
            .map(|&l| self.table.line(l))
            .collect()
    }

    pub fn completed_lines(&self, player: Player) -> Vec<Line> {
        let p = player.index();
        (0..self.counts.len() as u32)
            .filter(|&l| self.counts[l as usize][p] == self.k)
            .map(|l| self.table.line(l))
            .collect()
    }

    /// The line table, for evaluation code that reads per-line counters.
    pub fn table(&self) -> &LineTable {
        &self.table
    }

    pub fn counts(&self) -> &[[u8; 2]] {
        &self.counts
    }
}
