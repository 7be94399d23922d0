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
//!   can run on another thread under a caller-owned `Budget` (deadline and/or
//!   stop flag); its `Choice` is then played with [`Session::play`].
//!   [`Session::computer_move`] does both on the calling thread.
//! - [`Session::snapshot`] is a serialisable view of the state for renderers
//!   and the JSON API.
//!
//! Files: this one (the game: moves, undo, redo), `admission.rs` (who may
//! play a person's move: [`Session::admit`]), `computer.rs` (computer moves
//! and hints), `saved.rs` (autosave, resume, recovery, named saves),
//! `side.rs` (who plays each side), `snapshot.rs` (the serialisable view).

mod admission;
mod computer;
mod saved;
mod side;
mod snapshot;

pub use admission::{MoveError, MoveInput};
pub use computer::Search;
pub use saved::Resume;
pub use side::{check_players, Side};
pub use snapshot::{line_text, win_lines_text, Snapshot};

use hypertac_core::{Cell, Outcome, Player, Position, Rules};
use hypertac_store::{Store, StoreError};
use std::time::{SystemTime, UNIX_EPOCH};

/// Why a session call did nothing. The session is unchanged after any error.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// A move that cannot be read or played now.
    #[error(transparent)]
    BadMove(#[from] MoveError),
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

    /// The name the previous game in progress was kept under when this
    /// game started or was loaded (`game 2026-11-25 10.12`), so the front
    /// end can say where it went.
    pub fn kept(&self) -> Option<&str> {
        self.kept.as_deref()
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
            .map_err(|e| SessionError::BadMove(MoveError::Illegal(e)))?;
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_ai::{Budget, Level};
    use hypertac_core::notation::{self, NotationError};
    use hypertac_core::PlayError;

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
        s.play_move(MoveInput::Text("1,1")).unwrap();
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
        s.play_move(MoveInput::Text("0,0")).unwrap();
        s.play_move(MoveInput::Text("1,1")).unwrap();
        assert_eq!(s.undo().unwrap(), vec![Cell(4)]);
        s.play_move(MoveInput::Text("2,2")).unwrap();
        assert!(!s.can_redo());
        let snap = s.snapshot();
        assert_eq!(snap.moves, vec!["0,0", "2,2"]);
        assert_eq!(snap.to_move, 'X');
    }

    #[test]
    fn bad_moves_leave_the_game_unchanged() {
        let mut s = ttt([Side::Human, Side::Human]);
        s.play_move(MoveInput::Text("1,1")).unwrap();
        for bad in ["1,1", "3,0", "a,b", "1", ""] {
            assert!(
                matches!(
                    s.play_move(MoveInput::Text(bad)),
                    Err(SessionError::BadMove(_))
                ),
                "{bad}"
            );
        }
        assert_eq!(s.position().moves().len(), 1);
    }

    #[test]
    fn admission_names_why_a_move_is_refused() {
        let mut s = ttt([Side::Computer(Level::Random), Side::Human]);
        assert_eq!(
            s.admit(MoveInput::Text("1,1")),
            Err(MoveError::ComputersTurn(Level::Random))
        );
        s.computer_move(&Budget::default()).unwrap().unwrap();
        let taken = notation::format_cell(s.rules().shape(), s.position().moves()[0]);
        assert!(matches!(
            s.admit(MoveInput::Text(&taken)),
            Err(MoveError::Illegal(PlayError::Occupied { .. }))
        ));
        let off = s.admit(MoveInput::Text("3,0")).unwrap_err();
        assert!(matches!(
            off,
            MoveError::Notation(NotationError::OffBoard(_))
        ));
        assert!(!off.is_conflict());
        let mut c4 =
            Session::new(Rules::preset("connect4").unwrap(), [Side::Human; 2], None).unwrap();
        for _ in 0..6 {
            c4.play_move(MoveInput::Text("4")).unwrap();
        }
        let full = c4.admit(MoveInput::Text("4")).unwrap_err();
        assert_eq!(full.to_string(), "column 4 is full");
        assert!(full.is_conflict());
        let picked = c4.admit(MoveInput::Pick(Cell(0))).unwrap();
        assert_eq!(picked, Cell(0));
    }
}
