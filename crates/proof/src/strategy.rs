//! Playing a proved strategy: the move a section gives in a position.

use crate::board::{Board, Lines};
use crate::derive::{forced, threat_sequence, Forced};
use crate::entries::{canonical_key, with_key, Entries, Entry, Kind, Table};
use crate::format::{Certificate, ProofError, SequenceLimits, Value};
use crate::index;
use crate::lazy_symmetry::LazySymmetries;
use crate::matching;
use crate::potential;
use crate::symmetry::Symmetries;
use hypertac_core::{Cell, Player, Position, Rules};
use std::sync::{Arc, OnceLock};

/// One section of a certificate, ready to answer "what does the proving side play here?".
///
/// Build it from a certificate that [`crate::verify`] accepted: the
/// strategy then wins (or does not lose) from every position it reaches.
/// It reads the section's entries only where a position asks: a table
/// of the hashes of their canonical forms (given by an index,
/// [`Strategy::read_indexed`], or built on the first question) names the
/// entries that may be the position or an image of it, and only those
/// are decoded and compared in full, up to the board's symmetries (kept
/// as per-axis tables, `lazy_symmetry.rs`). A bot move on 4^5 so reads a
/// handful of the 175,815 entries.
pub struct Strategy {
    player: Player,
    value: Value,
    root: Vec<Cell>,
    derive: Option<SequenceLimits>,
    rules: Option<Rules>,
    lines: Option<Arc<Lines>>,
    /// The section's entries as in the file (none when the section could
    /// not be read).
    entries: Entries,
    /// The board's symmetries, built on first use.
    symmetries: OnceLock<LazySymmetries>,
    /// The entries' canonical keys (empty when an entry is malformed).
    table: OnceLock<Table>,
}

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

/// Which entries answer a position (section 4, step 5, of
/// docs/proof-format.md): the position's own, or an image's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Whose {
    Own,
    Image,
}

impl Strategy {
    /// The strategy of `cert.sections[section]`. A section that does not
    /// exist, bad rules or malformed entries give a strategy that knows no
    /// position.
    pub fn new(cert: &Certificate, section: usize) -> Strategy {
        let Some(s) = cert.sections.get(section) else {
            return Strategy::unread(cert, None);
        };
        let version = s.version_needed();
        let entries = Entries {
            player: s.player,
            goal: s.goal,
            cells: s.cells() as usize,
            version,
            data: s.encode_v2(version),
            count: s.len() as u64,
        };
        Strategy::unread(cert, Some(entries))
    }

    /// The strategies of every section of the certificate file `data`,
    /// reading its header only: each section's entries are decoded when a
    /// position asks (a version-1 file is read whole).
    ///
    /// # Errors
    /// What [`Certificate::read_from`] says of the header.
    pub fn read(data: &[u8]) -> Result<Vec<Strategy>, ProofError> {
        let (cert, sections, _) = match index::sections(data) {
            Ok(head) => head,
            Err(e) => {
                let cert = Certificate::read_from(&mut &data[..]).map_err(|_| e)?;
                return Ok((0..cert.sections.len())
                    .map(|s| Strategy::new(&cert, s))
                    .collect());
            }
        };
        Ok(sections
            .into_iter()
            .map(|entries| Strategy::unread(&cert, Some(entries)))
            .collect())
    }

    /// As [`Strategy::read`], with the entries' tables of keys taken
    /// from `index`, the certificate's index ([`crate::write_index`]), so
    /// that no pass over the entries is needed (4^5: a bot move in a
    /// fraction of the time).
    ///
    /// # Errors
    /// As [`Strategy::read`], and an index that is not the certificate's
    /// (written for another version of it, cut off, damaged; see
    /// [`crate::check_index`]): [`Strategy::read`] then reads it without.
    pub fn read_indexed(data: &[u8], index: &[u8]) -> Result<Vec<Strategy>, ProofError> {
        let (cert, sections, lines) = index::sections(data)?;
        let group = LazySymmetries::new(&cert.to_rules()?, &lines);
        let tables = index::read_index(index, data, &sections, &group)
            .map_err(|e| ProofError::new(format!("the proof's index: {e}")))?;
        Ok(sections
            .into_iter()
            .zip(tables)
            .map(|(entries, table)| {
                let strategy = Strategy::unread(&cert, Some(entries));
                if strategy.entries.count as usize == table.len() {
                    let _ = strategy.table.set(table);
                    let _ = strategy.symmetries.set(group.clone());
                }
                strategy
            })
            .collect())
    }

    /// A strategy of `cert`'s header and these entries (none: knows no
    /// position).
    fn unread(cert: &Certificate, entries: Option<Entries>) -> Strategy {
        let rules = cert.to_rules().ok();
        let lines = rules.as_ref().and_then(|r| Lines::new(r).ok());
        let known = |e: &Entries| lines.as_ref().is_some_and(|l| l.cells() == e.cells);
        let (entries, lines) = match entries {
            Some(e) if known(&e) => (e, lines),
            e => {
                let player = e.map_or(Player::X, |e| e.player);
                let none = Entries {
                    player,
                    goal: crate::Goal::Win,
                    cells: 0,
                    version: 2,
                    data: Vec::new(),
                    count: 0,
                };
                (none, None)
            }
        };
        Strategy {
            player: entries.player,
            value: cert.value,
            root: cert.moves.clone(),
            derive: cert.derive,
            rules: lines.as_ref().and(rules),
            lines: lines.map(Arc::new),
            entries,
            symmetries: OnceLock::new(),
            table: OnceLock::new(),
        }
    }

    /// The symmetry group of the board.
    fn symmetries(&self) -> Option<&LazySymmetries> {
        let (rules, lines) = (self.rules.as_ref()?, self.lines.as_ref()?);
        Some(
            self.symmetries
                .get_or_init(|| LazySymmetries::new(rules, lines)),
        )
    }

    /// The entries' table of canonical keys (built the first time by a
    /// pass over them with the whole group, unless an index gave it;
    /// empty if an entry is malformed).
    fn table(&self) -> Option<&Table> {
        let (rules, lines) = (self.rules.as_ref()?, self.lines.as_ref()?);
        Some(self.table.get_or_init(|| {
            let group = Symmetries::with_lines(rules, lines);
            self.entries.table(&group).unwrap_or_default()
        }))
    }

    /// The entry that gives P's move on `board` as the checker finds it
    /// (docs/proof-format.md, section 4, step 5): the position's own
    /// entry, or the first (in the section's order) of an image, mapped
    /// by the canonical maps; with its move and pairs on the board's frame.
    fn entry(&self, board: &Board, whose: Whose) -> Option<(Entry, Cell, Option<Vec<u16>>)> {
        let table = self.table()?;
        let g = self.symmetries()?;
        let words = board.words();
        let mut canon = vec![0u64; 2 * words];
        let y = g.canonical(board.stones(), &mut canon);
        let mut found = with_key(table, canonical_key(&canon))
            .filter_map(|at| self.entries.entry_at(at).ok().map(|(e, _)| e));
        let pairs = |e: &Entry| match &e.kind {
            Kind::Pairing(pairs) => Some(pairs.clone()),
            _ => None,
        };
        if whose == Whose::Own {
            let own = found.find(|e| e.stones(words) == board.stones())?;
            let (mv, pairs) = (Cell(u64::from(own.mv)), pairs(&own));
            return Some((own, mv, pairs));
        }
        let mut image = vec![0u64; 2 * words];
        let (e, entry) = found.find_map(|e| {
            let s = g.canonical(&e.stones(words), &mut image);
            (image == canon).then_some((s, e))
        })?;
        let back = |c: u16| g.unmap(y, g.map(e, Cell(u64::from(c))));
        let mv = back(entry.mv);
        let pairs = pairs(&entry).map(|p| p.into_iter().map(|c| back(c).0 as u16).collect());
        Some((entry, mv, pairs))
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

    /// Number of entries (positions) the strategy knows: the section's,
    /// as its header gives them (0 where the section could not be read;
    /// a malformed entry, found when a position first asks, makes the
    /// strategy answer no position from its entries).
    pub fn len(&self) -> usize {
        self.entries.count as usize
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

    /// Whether the position on `board` or an image is one of the
    /// certificate's entries.
    fn is_entry(&self, board: &Board) -> bool {
        self.entry(board, Whose::Image).is_some()
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
        // Section 4, step 5: the position's own entry, else a threat
        // sequence, else an image's entry.
        if let Some(found) = self.entry(board, Whose::Own) {
            return self.entry_move(board, found);
        }
        if let Some(limits) = self.derive {
            if let Some(c) = threat_sequence(board, p, limits) {
                return Some((Cell(c as u64), How::Proved));
            }
        }
        let found = self.entry(board, Whose::Image)?;
        self.entry_move(board, found)
    }

    /// An entry's move on `board` (on the board's frame, with its pairs)
    /// and how the strategy knows it; `None` if the cell is not playable.
    fn entry_move(
        &self,
        board: &mut Board,
        (entry, cell, pairs): (Entry, Cell, Option<Vec<u16>>),
    ) -> Option<(Cell, How)> {
        let c = cell.0 as usize;
        if !board.is_playable(c) {
            return None;
        }
        let how = match (entry.kind, pairs) {
            (_, Some(pairs)) => How::Pairing(pairs),
            // A matched pairing entry: the checker's matching on the
            // board after the move gives the pairs.
            (Kind::Matched, None) => {
                let p = self.player;
                board.play(c, p);
                let pairs = matching::pairing(board, p.other());
                board.undo(c, p);
                How::Pairing(pairs?)
            }
            _ => How::Proved,
        };
        Some((cell, how))
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

#[cfg(test)]
#[path = "strategy_tests.rs"]
mod tests;
