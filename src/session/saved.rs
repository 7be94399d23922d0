//! The session and its record store: every change saved as `@current`
//! before a call returns (autosave), the game in progress resumed at start,
//! recovery from a damaged `@current` (set aside, a new game started) and
//! from a write refused because another process moved first (catch up with
//! the stored game), and named saves and loads.

use super::{now_ms, Session, SessionError, Side};
use hypertac_core::notation;
use hypertac_core::record::{Players, Record};
use hypertac_store::{Store, StoreError};

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

impl Session {
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

    pub(super) fn unsaved_from_record(record: &Record) -> Result<Session, SessionError> {
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

    pub(super) fn autosave(&mut self) -> Result<(), SessionError> {
        self.updated_ms = now_ms();
        let record = self.record();
        if let Some(store) = self.store.as_mut() {
            store.save_current(&record)?;
        }
        Ok(())
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
