//! Playing a proved strategy: the move a section gives in a position.

use crate::board::{Board, Lines};
use crate::format::Certificate;
use crate::symmetry::Symmetries;
use crate::verify::{entry_table, KeyMap};
use hypertac_core::{Cell, Player, Position, Rules};

/// One section of a certificate, ready to answer "what does the proving side play here?".
///
/// Build it from a certificate that [`crate::verify`] accepted: the
/// strategy then wins (or does not lose) from every position it reaches.
pub struct Strategy {
    player: Player,
    rules: Option<Rules>,
    lines: Option<Lines>,
    symmetries: Symmetries,
    entries: KeyMap<(u32, u16)>,
}

impl Strategy {
    /// The strategy of `cert.sections[section]`. A section that does not
    /// exist, bad rules or malformed entries give a strategy that knows no
    /// position.
    pub fn new(cert: &Certificate, section: usize) -> Strategy {
        let empty = |player| Strategy {
            player,
            rules: None,
            lines: None,
            symmetries: Symmetries::identity(0),
            entries: KeyMap::default(),
        };
        let Some(s) = cert.sections.get(section) else {
            return empty(Player::X);
        };
        let Ok(rules) = cert.to_rules() else {
            return empty(s.player);
        };
        let Ok(lines) = Lines::new(&rules) else {
            return empty(s.player);
        };
        let symmetries = Symmetries::with_lines(&rules, &lines);
        let words = lines.cells().div_ceil(64);
        let Ok(entries) = entry_table(s, &symmetries, words) else {
            return empty(s.player);
        };
        Strategy {
            player: s.player,
            rules: Some(rules),
            lines: Some(lines),
            symmetries,
            entries,
        }
    }

    /// The proving side.
    pub fn player(&self) -> Player {
        self.player
    }

    /// Number of distinct positions (up to symmetry) the strategy knows.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the strategy knows no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The proving side's move in `pos`: a move completing its line if
    /// there is one (the checker needs no entry there), else the entry's
    /// move mapped back through the symmetry. `None` when the game is over,
    /// the other side is to move, the rules differ, or no entry matches.
    pub fn lookup(&self, pos: &Position) -> Option<Cell> {
        let (rules, lines) = (self.rules.as_ref()?, self.lines.as_ref()?);
        if pos.rules() != rules || pos.is_over() || pos.to_move() != self.player {
            return None;
        }
        let mut board = Board::new(rules, lines);
        for (cell, player) in pos.stones() {
            board.play(cell.0 as usize, player);
        }
        if let Some(c) = board.winning_cell(self.player) {
            return Some(Cell(c as u64));
        }
        let mut canon = vec![0u64; board.stones().len()];
        let s = self.symmetries.canonical(board.stones(), &mut canon);
        let &(_, mv) = self.entries.get(canon.as_slice())?;
        let cell = self.symmetries.unmap(s, Cell(u64::from(mv)));
        pos.is_legal(cell).then_some(cell)
    }
}
