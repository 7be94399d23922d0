//! Playing a proved strategy: the move a section gives in a position.

use crate::board::{Board, Lines};
use crate::derive::{forced, threat_sequence, Forced};
use crate::format::{Certificate, Goal, SequenceLimits, Value};
use crate::keys::KeyMap;
use crate::matching;
use crate::potential;
use crate::section::Section;
use crate::symmetry::Symmetries;
use crate::tables::{entry_table, pairing_table};
use hypertac_core::{Cell, Player, Position, Rules};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// One section of a certificate, ready to answer "what does the proving side play here?".
///
/// Build it from a certificate that [`crate::verify`] accepted: the
/// strategy then wins (or does not lose) from every position it reaches.
pub struct Strategy {
    player: Player,
    value: Value,
    root: Vec<Cell>,
    derive: Option<SequenceLimits>,
    rules: Option<Rules>,
    lines: Option<Arc<Lines>>,
    symmetries: Symmetries,
    /// The certificate's section.
    source: Section,
    /// The section's entries with `n` stones, each made a section of its
    /// own when first asked (a level's entry indices count within it).
    levels: Vec<Level>,
}

/// The entries of one stone count: their indices in the certificate's
/// section, and (built the first time a position with that many stones
/// asks, as a big certificate's entries and canonical forms take a
/// large part of a second) a section of them, their table by canonical
/// position, and their pairs. A bot move on 4^5 builds one level.
struct Level {
    entries: Vec<u32>,
    table: OnceLock<LevelTable>,
}

/// A level's entries by canonical position (index in the level and move
/// in the canonical frame) and its pairing entries' pairs.
type LevelTable = (KeyMap<(u32, u16)>, HashMap<u32, Box<[u16]>>);

/// Why the strategy's move is right, in a player's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// It completes a line.
    WinsNow,
    /// It blocks the other side's only winning cell.
    Block,
    /// The certificate lists the position with this move.
    Entry,
    /// It starts a threat sequence: the proving side's threats and the
    /// other side's forced blocks, in turn, ending with the move that
    /// makes two threats at once.
    Sequence(Vec<Cell>),
    /// It answers the other side's move by a pairing: each paired cell is
    /// answered by its partner, which blocks every line left.
    Pairing,
}

/// How the strategy knows its move.
#[derive(Clone, Debug, PartialEq, Eq)]
enum How {
    /// Completes a line, from an entry, or the first move of a threat
    /// sequence: the position is proved on its own.
    Proved,
    /// The forced block: right wherever the strategy reaches the position.
    Block,
    /// A pairing entry's move, with its pairs (on the board's frame): from
    /// then on the strategy answers each paired cell with its partner.
    Pairing(Vec<u16>),
}

impl Strategy {
    /// The strategy of `cert.sections[section]`. A section that does not
    /// exist, bad rules or malformed entries give a strategy that knows no
    /// position.
    pub fn new(cert: &Certificate, section: usize) -> Strategy {
        let empty = |player| Strategy {
            player,
            value: cert.value,
            root: cert.moves.clone(),
            derive: cert.derive,
            rules: None,
            lines: None,
            symmetries: Symmetries::identity(0),
            source: Section::new(player, Goal::Win, 0),
            levels: Vec::new(),
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
        if s.cells() != lines.cells() as u64 {
            return empty(s.player);
        }
        let symmetries = Symmetries::with_lines(&rules, &lines);
        let mut levels: Vec<Level> = (0..=lines.cells())
            .map(|_| Level {
                entries: Vec::new(),
                table: OnceLock::new(),
            })
            .collect();
        for i in 0..s.len() {
            if s.check_entry(i).is_err() {
                return empty(s.player);
            }
            let (x, o, _) = s.entry_bytes(i);
            let stones: u32 = x.iter().chain(o).map(|b| b.count_ones()).sum();
            let Some(level) = levels.get_mut(stones as usize) else {
                return empty(s.player);
            };
            level.entries.push(i as u32);
        }
        Strategy {
            player: s.player,
            value: cert.value,
            root: cert.moves.clone(),
            derive: cert.derive,
            rules: Some(rules),
            lines: Some(Arc::new(lines)),
            symmetries,
            source: s.clone(),
            levels,
        }
    }

    /// The table of the entries with `stones` stones (empty if they do not
    /// make one, as when two repeat a position).
    fn level(&self, stones: usize) -> Option<&LevelTable> {
        let level = self.levels.get(stones)?;
        if level.entries.is_empty() {
            return None;
        }
        Some(level.table.get_or_init(|| {
            let s = &self.source;
            let mut section = Section::new(s.player, s.goal, s.cells());
            for &i in &level.entries {
                section.push_from(s, i as usize);
            }
            let words = (section.cells() as usize).div_ceil(64);
            let table = entry_table(&section, &self.symmetries, words)
                .map(|(t, _)| t)
                .unwrap_or_default();
            (table, pairing_table(&section, &self.symmetries, words))
        }))
    }

    /// The proving side.
    pub fn player(&self) -> Player {
        self.player
    }

    /// The moves from the empty board to the certificate's root position.
    pub fn root(&self) -> &[Cell] {
        &self.root
    }

    /// The value the certificate proves.
    pub fn value(&self) -> Value {
        self.value
    }

    /// The rules of the certificate (`None` if it could not be read).
    pub fn rules(&self) -> Option<&Rules> {
        self.rules.as_ref()
    }

    /// Number of entries (positions) the strategy knows.
    pub fn len(&self) -> usize {
        self.levels.iter().map(|l| l.entries.len()).sum()
    }

    /// Whether the strategy knows no position.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The proving side's move in `pos` where the position alone shows it
    /// proved: a move completing its line, an entry's move (mapped through
    /// the symmetry), or in a version-2 certificate the first move of a
    /// threat sequence the checker finds. `None` when the game is over, the
    /// other side is to move, the rules differ, or none of these applies.
    pub fn lookup(&self, pos: &Position) -> Option<Cell> {
        let mut board = self.board_of(pos)?;
        match self.move_at(&mut board)? {
            (c, How::Proved | How::Pairing(_)) => Some(c),
            (_, How::Block) => None,
        }
    }

    /// The proving side's move in `pos` when the game from the
    /// certificate's root to `pos` stayed in the strategy (every move of
    /// the proving side the strategy's own; the other side's moves are
    /// all covered): then `pos` is proved, including where the move is a
    /// forced block. Else as [`Strategy::lookup`].
    pub fn follow(&self, pos: &Position) -> Option<Cell> {
        let rules = self.rules.as_ref()?;
        let lines = self.lines.as_ref()?;
        if pos.rules() != rules || pos.is_over() || pos.to_move() != self.player {
            return None;
        }
        let moves = pos.moves();
        if moves.len() < self.root.len() || moves[..self.root.len()] != self.root[..] {
            return self.lookup(pos);
        }
        let mut board = Board::new(rules, lines.clone());
        let mut mover = Player::X;
        // Cell -> partner, once a pairing entry was played.
        let mut partner: Option<Vec<u32>> = None;
        let mut last = None;
        for (i, &c) in moves.iter().enumerate() {
            if i >= self.root.len() && mover == self.player {
                match &partner {
                    Some(map) => {
                        if answer_due(&board, map, last).is_some_and(|due| due != c.0 as usize) {
                            return self.lookup(pos);
                        }
                    }
                    None => match self.move_at(&mut board) {
                        Some((m, How::Pairing(pairs))) if m == c => {
                            partner = Some(partner_map(&pairs, lines.cells()));
                        }
                        Some((m, _)) if m == c => {}
                        _ => return self.lookup(pos),
                    },
                }
            }
            board.play(c.0 as usize, mover);
            last = Some(c.0 as usize);
            mover = mover.other();
        }
        match &partner {
            Some(map) => pairing_move(&board, map, last, self.player),
            None => self.move_at(&mut board).map(|(c, _)| c),
        }
    }

    /// The proving side's move in `pos`, as [`Strategy::follow`] gives it,
    /// with why it is right, in a player's terms (see [`Why`]).
    pub fn explain(&self, pos: &Position) -> Option<(Cell, Why)> {
        let cell = self.follow(pos)?;
        let mut board = self.board_of(pos)?;
        let p = self.player;
        let c = cell.0 as usize;
        if board.winning_cell(p) == Some(c) {
            return Some((cell, Why::WinsNow));
        }
        if let (1, [b, _]) = board.winning_cells(p.other()) {
            if b == c {
                return Some((cell, Why::Block));
            }
        }
        let why = match self.move_at(&mut board) {
            Some((m, How::Pairing(_))) if m == cell => Why::Pairing,
            Some((m, How::Proved)) if m == cell && self.is_entry(&board) => Why::Entry,
            Some((m, How::Proved)) if m == cell => match self.sequence(&mut board) {
                Some(moves) => Why::Sequence(moves),
                None => Why::Entry,
            },
            _ => Why::Pairing,
        };
        Some((cell, why))
    }

    /// Whether the position on `board` is one of the certificate's entries.
    fn is_entry(&self, board: &Board) -> bool {
        let stones: u32 = board.stones().iter().map(|w| w.count_ones()).sum();
        let Some((entries, _)) = self.level(stones as usize) else {
            return false;
        };
        let mut canon = vec![0u64; board.stones().len()];
        self.symmetries.canonical(board.stones(), &mut canon);
        entries.contains_key(canon.as_slice())
    }

    /// The threat sequence the checker finds on `board` (the proving side
    /// to move), move by move: its threats and the forced blocks between
    /// them, up to the move that makes two threats at once (or wins).
    fn sequence(&self, board: &mut Board) -> Option<Vec<Cell>> {
        let limits = self.derive?;
        let p = self.player;
        let mut moves = Vec::new();
        let mut played = Vec::new();
        let result = loop {
            let Some(a) = threat_sequence(board, p, limits) else {
                break None;
            };
            moves.push(Cell(a as u64));
            board.play(a, p);
            played.push((a, p));
            match board.winning_cells(p) {
                (0, _) => break None,
                (1, [b, _]) if board.winning_cell(p.other()).is_none() => {
                    moves.push(Cell(b as u64));
                    board.play(b, p.other());
                    played.push((b, p.other()));
                }
                _ => break Some(moves),
            }
            if moves.len() > board.lines().cells() {
                break None;
            }
        };
        for &(c, q) in played.iter().rev() {
            board.undo(c, q);
        }
        result
    }

    fn board_of(&self, pos: &Position) -> Option<Board> {
        let (rules, lines) = (self.rules.as_ref()?, self.lines.as_ref()?);
        if pos.rules() != rules || pos.is_over() || pos.to_move() != self.player {
            return None;
        }
        let mut board = Board::new(rules, lines.clone());
        for (cell, player) in pos.stones() {
            board.play(cell.0 as usize, player);
        }
        Some(board)
    }

    /// The strategy's move on `board` (its player to move), as the checker
    /// would find it.
    fn move_at(&self, board: &mut Board) -> Option<(Cell, How)> {
        let p = self.player;
        if let Some(c) = board.winning_cell(p) {
            return Some((Cell(c as u64), How::Proved));
        }
        if self.derive.is_some() {
            match forced(board, p) {
                Forced::Block(c) => return Some((Cell(c as u64), How::Block)),
                Forced::Lost => return None,
                Forced::Win(_) | Forced::Free => {}
            }
        }
        // A draw's sections need only not lose: where the potential
        // against the other side is below 1 (what a potential entry
        // claims), its heaviest cell keeps it so, whatever was played.
        if self.value == Value::Draw && potential::check(board, p.other()).is_ok() {
            return potential::heaviest(board, p.other()).map(|c| (Cell(c as u64), How::Proved));
        }
        let stones: u32 = board.stones().iter().map(|w| w.count_ones()).sum();
        if let Some((entries, pairings)) = self.level(stones as usize) {
            let mut canon = vec![0u64; board.stones().len()];
            let s = self.symmetries.canonical(board.stones(), &mut canon);
            if let Some(&(entry, mv)) = entries.get(canon.as_slice()) {
                let cell = self.symmetries.unmap(s, Cell(u64::from(mv)));
                let index = self.levels[stones as usize].entries[entry as usize];
                let matched = self.source.is_matched(index as usize);
                let how = match pairings.get(&entry) {
                    // A matched pairing entry: the checker's matching on
                    // the board after the move gives the pairs.
                    None if matched && board.is_playable(cell.0 as usize) => {
                        board.play(cell.0 as usize, p);
                        let pairs = matching::pairing(board, p.other());
                        board.undo(cell.0 as usize, p);
                        How::Pairing(pairs?)
                    }
                    None => How::Proved,
                    Some(pairs) => How::Pairing(
                        pairs
                            .iter()
                            .map(|&c| self.symmetries.unmap(s, Cell(u64::from(c))).0 as u16)
                            .collect(),
                    ),
                };
                return board.is_playable(cell.0 as usize).then_some((cell, how));
            }
        }
        let limits = self.derive?;
        threat_sequence(board, p, limits).map(|c| (Cell(c as u64), How::Proved))
    }
}

/// Cell -> partner (`u32::MAX`: unpaired) of a pairing's cells, two by two.
fn partner_map(pairs: &[u16], cells: usize) -> Vec<u32> {
    let mut map = vec![u32::MAX; cells];
    for pair in pairs.chunks(2) {
        map[usize::from(pair[0])] = u32::from(pair[1]);
        map[usize::from(pair[1])] = u32::from(pair[0]);
    }
    map
}

/// The partner of the other side's last move, when it is paired and the
/// partner still empty: the pairing strategy's due answer.
fn answer_due(board: &Board, partner: &[u32], last: Option<usize>) -> Option<usize> {
    let p = *partner.get(last?)?;
    (p != u32::MAX && board.is_empty(p as usize)).then_some(p as usize)
}

/// The pairing strategy's move for `player`: a line completed now, else
/// the due answer, else the first empty cell (unpaired cells first).
fn pairing_move(
    board: &Board,
    partner: &[u32],
    last: Option<usize>,
    player: Player,
) -> Option<Cell> {
    if let Some(c) = board.winning_cell(player) {
        return Some(Cell(c as u64));
    }
    if let Some(c) = answer_due(board, partner, last) {
        return Some(Cell(c as u64));
    }
    let empty = |c: &usize| board.is_playable(*c);
    (0..partner.len())
        .filter(empty)
        .find(|&c| partner[c] == u32::MAX)
        .or_else(|| (0..partner.len()).find(empty))
        .map(|c| Cell(c as u64))
}
