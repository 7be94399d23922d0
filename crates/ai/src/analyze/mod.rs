//! Every move's value: for each legal move of the side to move, who wins
//! after it with perfect play (`X wins`, `O wins`, `draw`) or `unknown`,
//! each known value proved.
//!
//! A value comes from the first of these that knows it (`known.rs`):
//! 1. the rules: the move wins, fills the board, or leaves the other side
//!    a line to complete (then the distance to the end is exact);
//! 2. Connect Four's perfect solver (its scores give exact distances);
//! 3. the shipped certificates (`shipped.rs`): where the side to move has
//!    just lost a proved win to the certificate's move, every reply is
//!    lost, and where the certificate's side is to move, its move wins;
//!    the reason for that move is given in a player's words (`why.rs`);
//! 4. the opening book of the board, if one ships (`crate::book`: every
//!    early position's value, each proved with a checked certificate when
//!    the book was built), or the one given with [`Analyzer::set_book`];
//! 5. a table of values kept from earlier answers ([`Analyzer`] keeps it);
//! 6. the prover (`search.rs`), under the caller's [`Budget`], over one
//!    transposition table shared by every move's proof and every answer
//!    of the same rules, with a thread per core.
//!
//! A review of a finished game (`review.rs`) takes each position's own
//! value the same way and marks the moves that threw away a win or a draw.

mod known;
mod orbits;
mod pairs;
mod review;
mod search;
mod threats;
mod why;

pub use pairs::{drawing_reason, Held};
pub use review::{Review, ReviewStep};
pub use threats::{move_reasons, position_reason, winning_reason, MoveReason};
pub use why::Reason;

use crate::Budget;
use hypertac_core::{Cell, Player, Position, Rules};
use hypertac_proof::Symmetries;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Most legal moves a position may have to be analysed.
pub const MAX_MOVES: u64 = 4096;
/// Bytes of the prover's shared table an [`Analyzer`] allocates by default.
pub const DEFAULT_TABLE_BYTES: usize = 256 << 20;
/// Values kept from earlier answers before the table of them is cleared.
const KEPT_LIMIT: usize = 1 << 20;

/// Who wins with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// This player can force a win.
    Win(Player),
    /// Neither side can.
    Draw,
    /// Not worked out within the budget (or beyond what is known).
    Unknown,
}

impl Value {
    /// `X wins`, `O wins`, `draw` or `unknown`.
    pub fn text(self) -> String {
        match self {
            Value::Win(p) => format!("{p} wins"),
            Value::Draw => "draw".into(),
            Value::Unknown => "unknown".into(),
        }
    }

    /// How good the value is for `p`: 2 win, 1 draw, 0 loss; `None` if unknown.
    pub fn rank_for(self, p: Player) -> Option<u8> {
        match self {
            Value::Win(w) if w == p => Some(2),
            Value::Draw => Some(1),
            Value::Win(_) => Some(0),
            Value::Unknown => None,
        }
    }
}

/// Where a value was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The rules alone (the game ends within one move).
    Rules,
    /// Connect Four's perfect solver.
    Solver,
    /// A certificate shipped in `proofs/`.
    Certificate,
    /// An opening book (`proofs/*.book`).
    Book,
    /// A value kept from an earlier answer.
    Kept,
    /// The prover, now.
    Prover,
    /// Nothing: the value is unknown.
    None,
}

impl Source {
    /// A one-word name (`rules`, `solver`, `certificate`, `book`, `kept`, `prover`, `none`).
    pub fn name(self) -> &'static str {
        match self {
            Source::Rules => "rules",
            Source::Solver => "solver",
            Source::Certificate => "certificate",
            Source::Book => "book",
            Source::Kept => "kept",
            Source::Prover => "prover",
            Source::None => "none",
        }
    }
}

/// A position's value with where it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// The value.
    pub value: Value,
    /// Moves still to be played until the game ends with perfect play,
    /// only where that is exact (the winner the fastest, the loser the
    /// slowest).
    pub distance: Option<u32>,
    /// Where it was found.
    pub source: Source,
    /// With the value unknown: the side proved unable to force a win
    /// (the prover answered its question, not yet the other side's), so
    /// the value is the other side's win or a draw.
    pub cannot_win: Option<Player>,
}

impl Known {
    /// Nothing known.
    pub const UNKNOWN: Known = Known {
        value: Value::Unknown,
        distance: None,
        source: Source::None,
        cannot_win: None,
    };

    fn new(value: Value, distance: Option<u32>, source: Source) -> Known {
        Known {
            value,
            distance,
            source,
            cannot_win: None,
        }
    }

    /// What is proved of an unknown value, in words: `X wins or draw`
    /// where O is proved unable to win, `O wins or draw` where X is.
    pub fn bound(&self) -> Option<String> {
        match self.value {
            Value::Unknown => self.cannot_win.map(bound_text),
            _ => None,
        }
    }

    /// The value as a player reads it: the bound where one is proved of an
    /// unknown value ([`Known::bound`]), else the value ([`Value::text`]).
    pub fn text(&self) -> String {
        self.bound().unwrap_or_else(|| self.value.text())
    }
}

/// The words of a bound: the other side of `cannot_win` wins or draws.
fn bound_text(cannot_win: Player) -> String {
    format!("{} wins or draw", cannot_win.other())
}

/// One legal move and the value of the position after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub cell: Cell,
    /// The value after it (see [`Known::distance`]: the moves after this one).
    pub known: Known,
}

impl MoveValue {
    /// Whether the value is proved (every value other than `unknown` is).
    pub fn proved(&self) -> bool {
        self.known.value != Value::Unknown
    }
}

/// The values of every legal move of a position.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The side to move.
    pub to_move: Player,
    /// Each legal move, in cell order (columns on gravity boards).
    pub moves: Vec<MoveValue>,
    /// The reason for the move a shipped certificate gives the side to move.
    pub reason: Option<Reason>,
    /// What is known of the position itself apart from its moves' values
    /// (a certificate, the book, a kept value, the brief search before
    /// the moves): it stands where the moves do not settle the value.
    pub own: Known,
    /// (move, reply): for a move the prover proved lost, the other side's
    /// winning reply where the prover's table shows it; for a move it
    /// proved a draw, the other side's reply after which neither side can
    /// force a win (see [`move_reasons`]).
    pub replies: Vec<(Cell, Cell)>,
}

impl Analysis {
    /// Whether every move's value is known.
    pub fn complete(&self) -> bool {
        self.moves.iter().all(MoveValue::proved)
    }

    /// The value of the position itself, from its moves' values (the best
    /// for the side to move once it is known to be the best), else what is
    /// known of it otherwise ([`Analysis::own`]); a draw where both sides
    /// are proved unable to win.
    pub fn value(&self) -> Value {
        match self.value_of_moves() {
            Value::Unknown if self.own.value != Value::Unknown => self.own.value,
            Value::Unknown if self.unable() == [true, true] => Value::Draw,
            v => v,
        }
    }

    /// The value of the position from its moves' values alone.
    fn value_of_moves(&self) -> Value {
        let me = self.to_move;
        let best = self
            .moves
            .iter()
            .filter_map(|m| m.known.value.rank_for(me))
            .max();
        match best {
            Some(2) => Value::Win(me),
            Some(1) if self.complete() => Value::Draw,
            Some(0) if self.complete() => Value::Win(me.other()),
            _ => Value::Unknown,
        }
    }

    /// The sides proved unable to force a win at the position (by index):
    /// the other side where one of the moves leaves it unable to win, the
    /// side to move where it is proved unable to after every move, and
    /// what is known of the position itself.
    fn unable(&self) -> [bool; 2] {
        let me = self.to_move;
        let them = me.other();
        let mut out = [false; 2];
        let not_lost = |m: &MoveValue| {
            m.known.cannot_win == Some(them) || m.known.value.rank_for(me) == Some(1)
        };
        if self.moves.iter().any(not_lost) {
            out[them.index()] = true;
        }
        let not_won = |m: &MoveValue| {
            m.known.cannot_win == Some(me) || m.known.value.rank_for(me).is_some_and(|r| r < 2)
        };
        if !self.moves.is_empty() && self.moves.iter().all(not_won) {
            out[me.index()] = true;
        }
        if let Some(p) = self.own.cannot_win {
            out[p.index()] = true;
        }
        out
    }

    /// With the position's value unknown: the side proved unable to
    /// force a win there (from its moves and what is known of it; the
    /// other side first).
    pub fn cannot_win(&self) -> Option<Player> {
        if self.value() != Value::Unknown {
            return None;
        }
        let unable = self.unable();
        [self.to_move.other(), self.to_move]
            .into_iter()
            .find(|p| unable[p.index()])
    }

    /// What is proved of the position's unknown value, in words, as
    /// [`Known::bound`] says it of a move (see [`Analysis::cannot_win`]).
    pub fn bound(&self) -> Option<String> {
        self.cannot_win().map(bound_text)
    }

    /// Whether the move is one of the best (known once it is a win, or
    /// once every value is known; in a lost position no move is).
    pub fn is_best(&self, m: &MoveValue) -> bool {
        let value = self.value();
        value.rank_for(self.to_move).is_some_and(|r| r > 0) && m.known.value == value
    }
}

/// Why a position cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalyzeError(pub String);

impl std::fmt::Display for AnalyzeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for AnalyzeError {}

/// Analyses positions, keeping the values it found and the prover's table
/// for the next question (of the same rules; other rules start afresh).
/// Shareable between threads: one question works at a time.
pub struct Analyzer {
    table_bytes: usize,
    /// A book given instead of the shipped one for its rules.
    book: Option<Arc<crate::book::Book>>,
    memory: Mutex<Memory>,
}

/// What an [`Analyzer`] keeps between questions.
#[derive(Default)]
struct Memory {
    rules: Option<Rules>,
    table: Option<crate::prove::SharedTable>,
    /// Values of positions (by their Zobrist hash) of those rules.
    values: HashMap<u64, Known>,
    /// The board's symmetries (built when first needed).
    group: Option<Arc<Symmetries>>,
}

impl Memory {
    fn for_rules(&mut self, rules: &Rules) {
        if self.rules.as_ref() != Some(rules) {
            *self = Memory {
                rules: Some(rules.clone()),
                ..Memory::default()
            };
        }
    }

    fn keep(&mut self, pos: &Position, known: Known) {
        if known.value == Value::Unknown && known.cannot_win.is_none() {
            return;
        }
        if self.values.len() >= KEPT_LIMIT {
            self.values.clear();
        }
        self.values.insert(pos.hash(), known);
    }
}

impl Default for Analyzer {
    fn default() -> Analyzer {
        Analyzer::new(DEFAULT_TABLE_BYTES)
    }
}

impl Analyzer {
    /// An analyser whose prover table takes about `table_bytes` (allocated
    /// when the prover is first needed).
    pub fn new(table_bytes: usize) -> Analyzer {
        Analyzer {
            table_bytes,
            book: None,
            memory: Mutex::new(Memory::default()),
        }
    }

    /// Uses `book` instead of the shipped book of its rules.
    pub fn set_book(&mut self, book: crate::book::Book) {
        self.book = Some(Arc::new(book));
    }

    /// The book for `rules`: the one given, else the shipped one.
    fn book(&self, rules: &Rules) -> Option<&crate::book::Book> {
        match &self.book {
            Some(b) if b.rules() == rules => Some(b),
            Some(_) => None,
            None => crate::book::shipped(rules),
        }
    }

    fn memory(&self) -> std::sync::MutexGuard<'_, Memory> {
        self.memory.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The value of every legal move of `pos`, as far as `budget` allows
    /// (values not found in time are [`Value::Unknown`]).
    ///
    /// # Errors
    /// The game is over, or the position has more than [`MAX_MOVES`] legal moves.
    pub fn analyze(&self, pos: &Position, budget: &Budget) -> Result<Analysis, AnalyzeError> {
        check(pos)?;
        let mut memory = self.memory();
        memory.for_rules(pos.rules());
        let mut moves: Vec<MoveValue> = pos
            .legal_moves()
            .map(|cell| MoveValue {
                cell,
                known: Known::UNKNOWN,
            })
            .collect();
        let book = self.book(pos.rules());
        let whole = known::of_position(pos, &memory, book);
        known::fill(pos, &mut moves, &memory, book, whole);
        let (own, lead) = self.probe(pos, whole, &mut moves, &mut memory, budget);
        // Each move its own orbit unless some value is still to be found
        // (the group of 4^5 takes half a second to build).
        let mut first: Vec<usize> = (0..moves.len()).collect();
        if moves.iter().any(|m| !m.proved()) {
            let group = memory
                .group
                .get_or_insert_with(|| Arc::new(Symmetries::new(pos.rules())))
                .clone();
            let cells: Vec<Cell> = moves.iter().map(|m| m.cell).collect();
            first = orbits::representatives(&group, pos, &cells);
            share_in_orbits(&mut moves, &first);
        }
        let children: Vec<(usize, Position)> = moves
            .iter()
            .enumerate()
            .filter(|(i, m)| !m.proved() && first[*i] == *i)
            .map(|(i, m)| {
                let mut child = pos.clone();
                child.play_unchecked(m.cell);
                (i, child)
            })
            .collect();
        if !children.is_empty() {
            let table = self.table(&mut memory, pos.rules());
            // A side already known unable to win is not asked again.
            let answered: Vec<Option<Player>> = children
                .iter()
                .map(|(i, _)| moves[*i].known.cannot_win)
                .collect();
            let found = search::prove_all(&children, &answered, table.as_ref(), budget, lead);
            for ((i, _), (value, cannot_win)) in children.iter().zip(found) {
                let learnt = value != Value::Unknown
                    || (cannot_win.is_some() && moves[*i].known.cannot_win.is_none());
                if learnt {
                    moves[*i].known = Known {
                        cannot_win,
                        ..Known::new(value, None, Source::Prover)
                    };
                }
            }
            share_in_orbits(&mut moves, &first);
        }
        for m in &moves {
            let mut child = pos.clone();
            child.play_unchecked(m.cell);
            memory.keep(&child, m.known);
        }
        let replies = match &memory.table {
            Some(table) => threats::replies(pos, &moves, table),
            None => Vec::new(),
        };
        let analysis = Analysis {
            to_move: pos.to_move(),
            moves,
            reason: why::reason(pos),
            own,
            replies,
        };
        // The position's own value (or bound), for a question that comes
        // back to it (its moves' values then follow from it where it is
        // lost or not won: `known::fill`).
        memory.keep(
            pos,
            Known {
                cannot_win: analysis.cannot_win(),
                ..Known::new(analysis.value(), None, Source::Prover)
            },
        );
        Ok(analysis)
    }

    /// The value of `pos` itself (the game may be over), as far as `budget`
    /// allows.
    pub fn value(&self, pos: &Position, budget: &Budget) -> Known {
        let mut memory = self.memory();
        memory.for_rules(pos.rules());
        let known = known::of_position(pos, &memory, self.book(pos.rules()));
        if known.value != Value::Unknown || pos.legal_move_count() > MAX_MOVES {
            memory.keep(pos, known);
            return known;
        }
        let table = self.table(&mut memory, pos.rules());
        let answered = [known.cannot_win];
        let (value, cannot_win) =
            search::prove_all(&[(0, pos.clone())], &answered, table.as_ref(), budget, None)[0];
        let known = if value == Value::Unknown && known.cannot_win.is_some() {
            known
        } else {
            Known {
                cannot_win,
                ..Known::new(value, None, Source::Prover)
            }
        };
        memory.keep(pos, known);
        known
    }

    /// Before the moves, the position itself, briefly (`search::probe`),
    /// where nothing is known of it (`whole`, [`known::of_position`]) and
    /// some move is still unknown: found lost or not won, it answers for
    /// every move (`known::from_position`), and it is kept with the answer
    /// (through [`Analysis::own`]); found won, the move the table shows
    /// winning is known at once. Returns what is known of the position itself, and the side
    /// whose question the moves ask first: the side to move where the
    /// position is found its win.
    fn probe(
        &self,
        pos: &Position,
        whole: Known,
        moves: &mut [MoveValue],
        memory: &mut Memory,
        budget: &Budget,
    ) -> (Known, Option<Player>) {
        let asked = !pos.rules().is_connect4()
            && !moves.iter().all(MoveValue::proved)
            && whole.value == Value::Unknown;
        let table = if asked {
            self.table(memory, pos.rules())
        } else {
            None
        };
        let Some(table) = table else {
            return (whole, None);
        };
        let (value, cannot_win) = search::probe(pos, whole.cannot_win, &table, budget);
        let found = Known {
            cannot_win,
            ..Known::new(value, None, Source::Prover)
        };
        if value == Value::Unknown && (cannot_win.is_none() || whole.cannot_win.is_some()) {
            return (whole, None);
        }
        known::from_position(pos, moves, found);
        let me = pos.to_move();
        if value == Value::Win(me) {
            if let Some(cell) = search::winning_move(pos, &table) {
                if let Some(m) = moves.iter_mut().find(|m| m.cell == cell) {
                    m.known = Known::new(value, None, Source::Prover);
                }
            }
        }
        // Won: the move the table shows winning is known now, and the side
        // to move's questions go first (the positions after its moves
        // the probe proved are settled by their first round).
        let lead = (value == Value::Win(me)).then_some(me);
        (found, lead)
    }

    /// The shared prover table for `rules`, if the prover takes them.
    fn table(&self, memory: &mut Memory, rules: &Rules) -> Option<crate::prove::SharedTable> {
        if !search::takes(rules) {
            return None;
        }
        Some(
            memory
                .table
                .get_or_insert_with(|| crate::prove::SharedTable::new(rules, self.table_bytes))
                .clone(),
        )
    }
}

/// Gives every unknown move the value of a known move of its orbit
/// (`first[i]`: the first move of move i's orbit, see `orbits.rs`).
fn share_in_orbits(moves: &mut [MoveValue], first: &[usize]) {
    // The orbit's first move learns a value any of its moves has ...
    for i in 0..moves.len() {
        let f = first[i];
        let learns = moves[i].proved()
            || (moves[f].known.cannot_win.is_none() && moves[i].known.cannot_win.is_some());
        if !moves[f].proved() && learns {
            moves[f].known = moves[i].known;
        }
    }
    // ... and passes it on.
    for i in 0..moves.len() {
        if !moves[i].proved() {
            moves[i].known = moves[first[i]].known;
        }
    }
}

/// Refuses a finished game or too many moves.
fn check(pos: &Position) -> Result<(), AnalyzeError> {
    if pos.is_over() {
        return Err(AnalyzeError(
            "the game is over: there is no move to analyse".into(),
        ));
    }
    let count = pos.legal_move_count();
    if count > MAX_MOVES {
        return Err(AnalyzeError(format!(
            "the position has {count} legal moves; analyze takes at most {MAX_MOVES}"
        )));
    }
    Ok(())
}
