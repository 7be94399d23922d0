//! A game being played, independent of any front end: the position, who plays
//! each side, undo/redo, computer moves, hints, and the record store.
//!
//! The terminal front ends (`play::plain`, `play::tui`) and the web server use
//! the same [`Session`], so moves, undo and autosave behave the same everywhere.
//!
//! - Every change (move, undo, redo, new game, load) is written to the store
//!   as `@current` before the call returns; if the write fails the change is
//!   rolled back and the error returned, so what the user saw acknowledged is
//!   what a restart finds.
//! - Computer moves: [`Session::search`] gives a self-contained [`Search`] that
//!   can run on another thread under a caller-owned [`Budget`] (deadline and/or
//!   stop flag); its [`Choice`] is then played with [`Session::play`].
//!   [`Session::computer_move`] does both on the calling thread.
//! - [`Session::snapshot`] is a serialisable view of the state for renderers
//!   and the JSON API.

// Parts of this API (snapshot, from_record, store_mut) serve the web front end.
#![allow(dead_code)]

use hypertac_ai::{Budget, Choice, Level};
use hypertac_core::notation;
use hypertac_core::record::{self, Players, Record};
use hypertac_core::{Cell, Outcome, Player, Position, Rules};
use hypertac_store::{Store, StoreError};
use serde::Serialize;
use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

/// Who plays one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// A person at the keyboard (or a script feeding moves).
    Human,
    /// The computer at a level.
    Computer(Level),
}

impl Side {
    /// Parses `human`, `cpu` (= `cpu:hard`), `cpu:LEVEL` or `computer[:LEVEL]`.
    ///
    /// # Errors
    /// A message naming the bad word and the expected forms.
    pub fn parse(text: &str) -> Result<Side, String> {
        let t = text.trim().to_ascii_lowercase();
        match t.split_once(':') {
            None if t == "human" => Ok(Side::Human),
            None if t == "cpu" || t == "computer" => Ok(Side::Computer(Level::Hard)),
            Some(("cpu" | "computer", level)) => Level::parse(level).map(Side::Computer),
            _ => Err(format!(
                "unknown player {}: expected human, cpu or cpu:LEVEL (random, seed, easy, medium, hard, perfect)",
                notation::quote(text)
            )),
        }
    }

    /// The level if the computer plays this side.
    pub fn level(self) -> Option<Level> {
        match self {
            Side::Human => None,
            Side::Computer(level) => Some(level),
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Side::Human => f.write_str("human"),
            Side::Computer(level) => write!(f, "cpu:{}", level.name()),
        }
    }
}

/// Checks the players of a record to import: each `human`, `cpu[:LEVEL]`
/// or `bot:NAME` (the referee's records).
///
/// # Errors
/// The first player that is none of these, named.
pub fn check_players(record: &Record) -> Result<(), String> {
    for (side, text) in [("X", &record.players.x), ("O", &record.players.o)] {
        let bot = text
            .strip_prefix("bot:")
            .is_some_and(|n| !n.trim().is_empty());
        if !bot {
            Side::parse(text).map_err(|e| format!("player {side}: {e}"))?;
        }
    }
    Ok(())
}

/// Why a session call did nothing. The session is unchanged after any error.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// A move that cannot be read or played (the message names the problem).
    #[error("{0}")]
    BadMove(String),
    /// Undo with no moves played.
    #[error("nothing to undo")]
    NothingToUndo,
    /// Redo with nothing undone.
    #[error("nothing to redo")]
    NothingToRedo,
    /// A rules or record problem (e.g. a loaded record that does not replay).
    #[error("{0}")]
    Invalid(String),
    /// The record store refused.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A computer move to be searched, detached from the session (so it can run
/// on another thread while the front end keeps drawing).
#[derive(Clone, Debug)]
pub struct Search {
    /// The position to move in.
    pub position: Position,
    /// How strong to play.
    pub level: Level,
    /// Seed for the engine's choices (deterministic per position).
    pub seed: u64,
}

impl Search {
    /// Runs the search; `None` if the game is over.
    pub fn run(&self, budget: &Budget) -> Option<Choice> {
        hypertac_ai::choose(&self.position, self.level, self.seed, budget)
    }
}

/// What [`Session::resume`] found in the store.
pub enum Resume {
    /// An unfinished game, ready to continue.
    Resumed(Box<Session>),
    /// No unfinished game; the store is handed back.
    NoGame(Store),
    /// `@current` could not be read or replayed and was set aside under a
    /// name; the notice says why and under which name. The store is handed
    /// back for a new game.
    Damaged(String, Store),
}

/// A serialisable picture of the game for renderers and the web API.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Snapshot {
    /// The rules as text, e.g. `7x6 k4 gravity 1`.
    pub rules: String,
    /// Axis sizes, x first.
    pub shape: Vec<u32>,
    /// Cells in a row.
    pub k: u32,
    /// Gravity axis, if any.
    pub gravity: Option<usize>,
    /// `first`, `most-lines` or `anti`.
    pub rule: &'static str,
    /// Lines wrap around.
    pub wrap: bool,
    /// Who plays X and O (`human`, `cpu:hard`).
    pub players: [String; 2],
    /// `X` or `O`.
    pub to_move: char,
    /// The moves so far as `x,y,..`.
    pub moves: Vec<String>,
    /// `ongoing`, `X wins`, `O wins`, `draw`.
    pub result: String,
    /// Why a drawn game was drawn: `the board is full` or `no line can be
    /// completed`; `None` otherwise.
    pub draw_reason: Option<String>,
    /// The deciding lines of a won game, as cell lists.
    pub win_lines: Vec<Vec<String>>,
    /// Completed lines of X and O.
    pub line_counts: [u64; 2],
    /// Whether undo / redo would do something.
    pub can_undo: bool,
    /// See `can_undo`.
    pub can_redo: bool,
    /// Whether the computer is to move now.
    pub computer_to_move: bool,
}

/// A move as a player types it. On a 2-axis gravity board (Connect Four)
/// that is a column number counted from 1 and nothing else: a cell such as
/// `4,0` is refused rather than read from 0 (it would play column 5).
/// Other boards take a cell (`x,y,..` from 0) or on gravity boards a column.
///
/// # Errors
/// One line naming the problem and what to type instead.
pub fn parse_player_move(pos: &Position, text: &str) -> Result<Cell, String> {
    let rules = pos.rules();
    let shape = rules.shape();
    if rules.gravity() != Some(1) || shape.dims() != 2 {
        return notation::parse_move(pos, text).map_err(|e| e.to_string());
    }
    let columns = shape.size(0);
    let typed = text.trim();
    let expected = format!("type a column number from 1 to {columns}");
    let column = match typed.parse::<u64>() {
        Ok(c) => c,
        Err(_) if typed.is_empty() => return Err(format!("no move: {expected}")),
        Err(_) if typed.contains(',') => {
            return Err(format!(
                "{} is not a column: {expected} (a move is a column, not a cell)",
                notation::quote(typed)
            ))
        }
        Err(_) => {
            return Err(format!(
                "{} is not a column: {expected}",
                notation::quote(typed)
            ))
        }
    };
    if !(1..=u64::from(columns)).contains(&column) {
        return Err(format!(
            "column {column} does not exist: columns are 1 to {columns}"
        ));
    }
    notation::parse_move(pos, &column.to_string()).map_err(|e| e.to_string())
}

/// The current time in Unix milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A game being played; see the module docs.
pub struct Session {
    pos: Position,
    sides: [Side; 2],
    times: Vec<i64>,
    redo: Vec<(Cell, i64)>,
    created_ms: i64,
    updated_ms: i64,
    store: Option<Store>,
    /// The name the game in progress before this one was kept under.
    kept: Option<String>,
}

impl Session {
    /// A new game; saved as `@current` at once when a store is given (a
    /// previous game in progress with moves is kept, see `Store::archive_current`).
    ///
    /// # Errors
    /// The store refused the write.
    pub fn new(
        rules: Rules,
        sides: [Side; 2],
        store: Option<Store>,
    ) -> Result<Session, SessionError> {
        Session::start(Position::new(rules), sides, now_ms(), store)
    }

    /// A new game from a position built beforehand (e.g. with an opening
    /// played, on another thread: building a board is the costly step, see
    /// [`Position::new`]); its moves are dated `now`. Saved like [`Session::new`].
    ///
    /// # Errors
    /// The store refused the write.
    pub fn start(
        pos: Position,
        sides: [Side; 2],
        now: i64,
        mut store: Option<Store>,
    ) -> Result<Session, SessionError> {
        let kept = match store.as_mut() {
            Some(store) => store.archive_current()?,
            None => None,
        };
        // A position where no line can be completed ends the game as a draw.
        let mut pos = pos;
        pos.set_dead_draw(true);
        let mut session = Session {
            times: vec![now; pos.moves().len()],
            pos,
            sides,
            redo: Vec::new(),
            created_ms: now,
            updated_ms: now,
            store,
            kept,
        };
        session.autosave()?;
        Ok(session)
    }

    /// The game of a record (replayed and checked); players that are not
    /// `human` or `cpu:LEVEL` become humans. Saved as `@current`.
    ///
    /// # Errors
    /// The record does not replay, or the store refused.
    pub fn from_record(record: &Record, store: Option<Store>) -> Result<Session, SessionError> {
        let mut session = Session::unsaved_from_record(record)?;
        session.store = store;
        session.autosave()?;
        Ok(session)
    }

    /// Resumes `@current` from the store if it holds an unfinished game
    /// (`hypertac play`: a finished game is not continued).
    ///
    /// A game in progress that cannot be read or replayed is set aside first
    /// (see [`Store::keep_damaged_current`]) and reported as
    /// [`Resume::Damaged`], so every front end recovers the same way: it
    /// starts a new game and the damaged one stays in the store, untouched.
    ///
    /// # Errors
    /// The store cannot be read (other than a damaged record) or the damaged
    /// game cannot be set aside; nothing was changed.
    pub fn resume(store: Store) -> Result<Resume, SessionError> {
        Session::resume_with(store, false)
    }

    /// As [`Session::resume`], but a finished game in progress is resumed too
    /// (the web page shows it).
    ///
    /// # Errors
    /// As [`Session::resume`].
    pub fn resume_any(store: Store) -> Result<Resume, SessionError> {
        Session::resume_with(store, true)
    }

    fn resume_with(mut store: Store, finished: bool) -> Result<Resume, SessionError> {
        let reason = match store.current() {
            Ok(Some(record)) if finished || record.result == "ongoing" => {
                match Session::unsaved_from_record(&record) {
                    Ok(mut session) => {
                        session.store = Some(store);
                        return Ok(Resume::Resumed(Box::new(session)));
                    }
                    Err(e) => e.to_string(),
                }
            }
            Ok(_) => return Ok(Resume::NoGame(store)),
            Err(StoreError::BadRecord { reason, .. }) => reason,
            Err(e) => return Err(e.into()),
        };
        let reason = notation::clip(&reason, 200);
        let notice = match store.keep_damaged_current(now_ms())? {
            Some(kept) => format!(
                "the saved game in progress was damaged ({reason}); it was kept as {kept:?}"
            ),
            None => format!("the saved game in progress was damaged ({reason})"),
        };
        Ok(Resume::Damaged(notice, store))
    }

    fn unsaved_from_record(record: &Record) -> Result<Session, SessionError> {
        let mut pos = record
            .replay()
            .map_err(|e| SessionError::Invalid(e.to_string()))?;
        // Turned on after the replay: a stored game that went on past a dead
        // position still loads, as a finished draw.
        pos.set_dead_draw(true);
        let side = |s: &str| Side::parse(s).unwrap_or(Side::Human);
        let times = record
            .moves
            .iter()
            .map(|m| m.at_ms.unwrap_or(record.updated_ms))
            .collect();
        Ok(Session {
            pos,
            sides: [side(&record.players.x), side(&record.players.o)],
            times,
            redo: Vec::new(),
            created_ms: record.created_ms,
            updated_ms: record.updated_ms,
            store: None,
            kept: None,
        })
    }

    /// The name the previous game in progress was kept under when this
    /// game started or was loaded (`game 2026-11-25 10.12`), so the front
    /// end can say where it went.
    pub fn kept(&self) -> Option<&str> {
        self.kept.as_deref()
    }

    /// Catches up with `@current` when another process (a second server,
    /// another `hypertac play`) changed it since this session last read or
    /// wrote it; returns whether the game was replaced by the stored one.
    ///
    /// # Errors
    /// The store cannot be read, or its game does not replay.
    pub fn sync_with_store(&mut self) -> Result<bool, SessionError> {
        let Some(store) = self.store.as_ref() else {
            return Ok(false);
        };
        let Some(stored) = store.current()? else {
            return Ok(false);
        };
        if same_game(&stored, &self.record()) {
            return Ok(false);
        }
        let mut fresh = Session::unsaved_from_record(&stored)?;
        fresh.store = self.store.take();
        *self = fresh;
        Ok(true)
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.pos.rules()
    }

    /// Who plays X and O.
    pub fn sides(&self) -> [Side; 2] {
        self.sides
    }

    /// Who plays `player`.
    pub fn side(&self, player: Player) -> Side {
        self.sides[player.index()]
    }

    /// Changes who plays; saved at once.
    ///
    /// # Errors
    /// The store refused (the old players are kept).
    pub fn set_sides(&mut self, sides: [Side; 2]) -> Result<(), SessionError> {
        let old = std::mem::replace(&mut self.sides, sides);
        self.autosave().inspect_err(|_| self.sides = old)
    }

    /// The store, if the session has one.
    pub fn store(&self) -> Option<&Store> {
        self.store.as_ref()
    }

    /// The store for changes (e.g. `records` operations from a front end).
    pub fn store_mut(&mut self) -> Option<&mut Store> {
        self.store.as_mut()
    }

    /// The level of the computer if it is to move in an unfinished game.
    pub fn computer_to_move(&self) -> Option<Level> {
        if self.pos.is_over() {
            return None;
        }
        self.side(self.pos.to_move()).level()
    }

    /// Plays a move given as text (`x,y,..`, or a column on gravity boards,
    /// e.g. `4` in Connect Four); returns the cell played.
    ///
    /// # Errors
    /// [`SessionError::BadMove`] naming the problem, or a store failure.
    pub fn play_text(&mut self, text: &str) -> Result<Cell, SessionError> {
        if self.pos.is_over() {
            return Err(SessionError::BadMove("the game is over".into()));
        }
        let cell = parse_player_move(&self.pos, text).map_err(SessionError::BadMove)?;
        self.play(cell)?;
        Ok(cell)
    }

    /// Plays a cell (on gravity boards it must be the cell where the stone
    /// lands; see [`Position::landing`] to drop into a column). Clears the
    /// redo list. Returns the outcome.
    ///
    /// # Errors
    /// [`SessionError::BadMove`] (occupied, not the landing cell, full
    /// column, game over), or a store failure, in which case the move is
    /// taken back.
    pub fn play(&mut self, cell: Cell) -> Result<&Outcome, SessionError> {
        self.pos
            .try_play(cell)
            .map_err(|e| SessionError::BadMove(e.to_string()))?;
        let now = now_ms();
        self.times.push(now);
        let redo = std::mem::take(&mut self.redo);
        if let Err(e) = self.autosave() {
            self.pos.undo();
            self.times.pop();
            self.redo = redo;
            return Err(e);
        }
        Ok(self.pos.outcome())
    }

    /// Takes back moves up to the last human move: one move, plus the
    /// computer's reply before it when a human plays the computer. Returns the
    /// cells taken back, latest first.
    ///
    /// # Errors
    /// [`SessionError::NothingToUndo`], or a store failure (nothing changes).
    pub fn undo(&mut self) -> Result<Vec<Cell>, SessionError> {
        let n = self.undo_count();
        if n == 0 {
            return Err(SessionError::NothingToUndo);
        }
        let mut undone = Vec::new();
        for _ in 0..n {
            let Some(cell) = self.pos.undo() else { break };
            let at = self.times.pop().unwrap_or_else(now_ms);
            self.redo.push((cell, at));
            undone.push(cell);
        }
        if let Err(e) = self.autosave() {
            self.redo_n(undone.len());
            return Err(e);
        }
        Ok(undone)
    }

    /// How many moves [`Session::undo`] takes back: one, or against the
    /// computer everything after (and including) the last human move; 0 when
    /// there is nothing to take back (no move, or only the computer's).
    fn undo_count(&self) -> usize {
        let played = self.pos.moves().len();
        if !self.is_mixed() {
            return played.min(1);
        }
        (0..played)
            .rev()
            .find(|&i| self.side(Player::to_move_at(i)) == Side::Human)
            .map_or(0, |i| played - i)
    }

    /// A human plays the computer.
    fn is_mixed(&self) -> bool {
        self.sides.contains(&Side::Human) && self.sides.iter().any(|s| s.level().is_some())
    }

    /// Replays moves taken back by [`Session::undo`]: one move, plus the
    /// computer's reply when a human plays the computer. Returns the cells.
    ///
    /// # Errors
    /// [`SessionError::NothingToRedo`], or a store failure (nothing changes).
    pub fn redo(&mut self) -> Result<Vec<Cell>, SessionError> {
        if self.redo.is_empty() {
            return Err(SessionError::NothingToRedo);
        }
        let mut n = 1;
        if self.is_mixed() {
            let mut pos = self.pos.clone();
            for &(cell, _) in self.redo.iter().rev() {
                pos.play_unchecked(cell);
                if self.side(pos.to_move()) == Side::Human || n == self.redo.len() {
                    break;
                }
                n += 1;
            }
        }
        let redone = self.redo_n(n);
        if let Err(e) = self.autosave() {
            for _ in 0..redone.len() {
                if let Some(cell) = self.pos.undo() {
                    let at = self.times.pop().unwrap_or_else(now_ms);
                    self.redo.push((cell, at));
                }
            }
            return Err(e);
        }
        Ok(redone)
    }

    fn redo_n(&mut self, n: usize) -> Vec<Cell> {
        let mut done = Vec::new();
        for _ in 0..n {
            let Some((cell, at)) = self.redo.pop() else {
                break;
            };
            if self.pos.try_play(cell).is_err() {
                self.redo.clear();
                break;
            }
            self.times.push(at);
            done.push(cell);
        }
        done
    }

    /// Whether [`Session::undo`] / [`Session::redo`] would do something.
    pub fn can_undo(&self) -> bool {
        self.undo_count() > 0
    }

    /// See [`Session::can_undo`].
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The computer's search for the side to move, or `None` if a human is to
    /// move or the game is over.
    pub fn search(&self) -> Option<Search> {
        let level = self.computer_to_move()?;
        Some(self.search_at(level))
    }

    fn search_at(&self, level: Level) -> Search {
        Search {
            position: self.pos.clone(),
            level,
            seed: self.pos.hash() ^ (self.created_ms as u64),
        }
    }

    /// Lets the computer move (on this thread) if it is its turn; returns its choice.
    ///
    /// # Errors
    /// A store failure (the move is taken back).
    pub fn computer_move(&mut self, budget: &Budget) -> Result<Option<Choice>, SessionError> {
        let Some(search) = self.search() else {
            return Ok(None);
        };
        let Some(choice) = search.run(budget) else {
            return Ok(None);
        };
        self.play(choice.cell)?;
        Ok(Some(choice))
    }

    /// The strongest level's suggestion for the side to move (perfect play in
    /// Connect Four), with its reason; `None` when the game is over.
    pub fn hint(&self, budget: &Budget) -> Option<Choice> {
        if self.pos.is_over() {
            return None;
        }
        self.hint_search().run(budget)
    }

    /// The search behind [`Session::hint`], to run on another thread.
    pub fn hint_search(&self) -> Search {
        let level = if self.rules().is_connect4() {
            Level::Perfect
        } else {
            Level::Hard
        };
        self.search_at(level)
    }

    /// Starts a new game on `rules` with the same players; saved as `@current`.
    ///
    /// # Errors
    /// The store refused (the old game stays).
    pub fn new_game(&mut self, rules: Rules) -> Result<(), SessionError> {
        let store = self.store.take();
        match Session::new(rules, self.sides, store) {
            Ok(s) => {
                *self = s;
                Ok(())
            }
            Err(e) => Err(e),
        }
    }

    /// Saves the game under `name`; an existing record of that name is
    /// replaced only with `force`.
    ///
    /// # Errors
    /// No store, a bad name, an existing name without `force`, or a store failure.
    pub fn save(&mut self, name: &str, force: bool) -> Result<(), SessionError> {
        let record = self.record();
        let store = self
            .store
            .as_mut()
            .ok_or_else(|| SessionError::Invalid("this game has no record store".into()))?;
        store.put(name, &record, force)?;
        Ok(())
    }

    /// Loads the record `name` as the game in progress (it becomes `@current`;
    /// the named record itself is not changed).
    ///
    /// # Errors
    /// No store, no such record, a damaged record, or a store failure (the old game stays).
    pub fn load(&mut self, name: &str) -> Result<(), SessionError> {
        let store = self
            .store
            .as_ref()
            .ok_or_else(|| SessionError::Invalid("this game has no record store".into()))?;
        let record = store.get(name)?;
        let mut loaded = Session::unsaved_from_record(&record)?;
        if let Some(store) = self.store.as_mut() {
            loaded.kept = store.archive_current()?;
        }
        loaded.store = self.store.take();
        match loaded.autosave() {
            Ok(()) => {
                *self = loaded;
                Ok(())
            }
            Err(e) => {
                self.store = loaded.store.take();
                Err(e)
            }
        }
    }

    /// The game as a record.
    pub fn record(&self) -> Record {
        let players = Players {
            x: self.sides[0].to_string(),
            o: self.sides[1].to_string(),
        };
        Record::of(
            &self.pos,
            players,
            &self.times,
            self.created_ms,
            self.updated_ms,
        )
    }

    fn autosave(&mut self) -> Result<(), SessionError> {
        self.updated_ms = now_ms();
        let record = self.record();
        if let Some(store) = self.store.as_mut() {
            store.save_current(&record)?;
        }
        Ok(())
    }

    /// A serialisable picture of the state.
    pub fn snapshot(&self) -> Snapshot {
        let rules = self.rules();
        let shape = rules.shape();
        let win_lines = win_lines_text(&self.pos);
        Snapshot {
            rules: rules.to_string(),
            shape: shape.sizes().to_vec(),
            k: rules.k(),
            gravity: rules.gravity(),
            rule: rules.win().name(),
            wrap: rules.wrap(),
            players: [self.sides[0].to_string(), self.sides[1].to_string()],
            to_move: self.pos.to_move().symbol(),
            moves: self
                .pos
                .moves()
                .iter()
                .map(|&c| notation::format_cell(shape, c))
                .collect(),
            result: record::result_text(self.pos.outcome()),
            draw_reason: self.pos.draw_reason().map(|r| r.to_string()),
            win_lines,
            line_counts: self.pos.line_counts(),
            can_undo: self.can_undo(),
            can_redo: self.can_redo(),
            computer_to_move: self.computer_to_move().is_some(),
        }
    }
}

/// Whether two records are the same game at the same move (times aside).
fn same_game(a: &Record, b: &Record) -> bool {
    a.rules == b.rules
        && a.players == b.players
        && a.created_ms == b.created_ms
        && a.moves.len() == b.moves.len()
        && a.moves.iter().zip(&b.moves).all(|(x, y)| x.cell == y.cell)
}

/// The deciding lines of a finished game as cell texts (`x,y,..`), empty when nobody won.
pub fn win_lines_text(pos: &Position) -> Vec<Vec<String>> {
    let shape = pos.rules().shape();
    match pos.outcome() {
        Outcome::Win { lines, .. } => lines
            .iter()
            .map(|l| {
                l.cells()
                    .iter()
                    .map(|&c| notation::format_cell(shape, c))
                    .collect()
            })
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ttt(sides: [Side; 2]) -> Session {
        Session::new(Rules::preset("tictactoe").unwrap(), sides, None).unwrap()
    }

    #[test]
    fn sides_parse_and_print() {
        assert_eq!(Side::parse("human").unwrap(), Side::Human);
        assert_eq!(Side::parse("cpu").unwrap(), Side::Computer(Level::Hard));
        assert_eq!(Side::parse("cpu:easy").unwrap().to_string(), "cpu:easy");
        assert!(Side::parse("cpu:godlike").is_err());
        assert!(Side::parse("alien").is_err());
    }

    #[test]
    fn undo_against_the_computer_returns_to_the_human() {
        let mut s = ttt([Side::Human, Side::Computer(Level::Random)]);
        s.play_text("1,1").unwrap();
        s.computer_move(&Budget::default()).unwrap().unwrap();
        assert_eq!(s.position().moves().len(), 2);
        assert_eq!(s.undo().unwrap().len(), 2);
        assert!(s.position().moves().is_empty());
        assert_eq!(s.redo().unwrap().len(), 2);
        assert_eq!(s.position().moves().len(), 2);
        assert!(matches!(s.redo(), Err(SessionError::NothingToRedo)));
    }

    #[test]
    fn undo_between_humans_is_one_move_and_a_new_move_clears_redo() {
        let mut s = ttt([Side::Human, Side::Human]);
        assert!(matches!(s.undo(), Err(SessionError::NothingToUndo)));
        s.play_text("0,0").unwrap();
        s.play_text("1,1").unwrap();
        assert_eq!(s.undo().unwrap(), vec![Cell(4)]);
        s.play_text("2,2").unwrap();
        assert!(!s.can_redo());
        let snap = s.snapshot();
        assert_eq!(snap.moves, vec!["0,0", "2,2"]);
        assert_eq!(snap.to_move, 'X');
    }

    #[test]
    fn bad_moves_leave_the_game_unchanged() {
        let mut s = ttt([Side::Human, Side::Human]);
        s.play_text("1,1").unwrap();
        for bad in ["1,1", "3,0", "a,b", "1", ""] {
            assert!(
                matches!(s.play_text(bad), Err(SessionError::BadMove(_))),
                "{bad}"
            );
        }
        assert_eq!(s.position().moves().len(), 1);
    }
}
