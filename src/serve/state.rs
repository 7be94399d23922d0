//! The server's shared state: the game in progress (a [`Session`] on the
//! record store), the computer's current search, and the Connect Four
//! analyser.
//!
//! The store is the source of truth: before every request touches the
//! game, `@current` is read back and, if another process (a second server,
//! `hypertac play`) changed it, the session is rebuilt from it. So two
//! servers on one store never overwrite each other's completed moves.

use super::analysis::Analyzer;
use super::error::{ApiError, ApiResult};
use super::security::Guard;
use crate::session::{Session, SessionError, Side};
use hypertac_core::record::Record;
use hypertac_core::Rules;
use hypertac_store::{Store, StoreError};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// The game started when the store holds none: the default game of
/// `hypertac play`.
const DEFAULT_GAME: &str = "4d";

/// Everything the handlers share; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
    guard: Guard,
}

struct Inner {
    session: Mutex<Session>,
    store_path: PathBuf,
    thinking: Mutex<Option<Arc<AtomicBool>>>,
    analyzer: Analyzer,
}

impl AppState {
    /// Opens the default record store and resumes `@current` (any game,
    /// finished or not), else starts the default game.
    ///
    /// # Errors
    /// The store cannot be opened or written.
    pub fn open_default() -> Result<AppState, String> {
        let store = Store::open_default().map_err(|e| e.to_string())?;
        let store_path = store.path().to_path_buf();
        let current = match store.current() {
            Ok(c) => c,
            Err(e) => {
                eprintln!("warning: the game in progress cannot be read ({e}); starting a new one");
                None
            }
        };
        let session = match current {
            Some(record) => {
                match Session::from_record(&record, Some(store)) {
                    Ok(s) => s,
                    Err(e) => {
                        eprintln!("warning: the game in progress does not replay ({e}); starting a new one");
                        default_session(Store::open(&store_path).map_err(|e| e.to_string())?)?
                    }
                }
            }
            None => default_session(store)?,
        };
        Ok(AppState {
            inner: Arc::new(Inner {
                session: Mutex::new(session),
                store_path,
                thinking: Mutex::new(None),
                analyzer: Analyzer::new(),
            }),
            guard: Guard::new(SocketAddr::from(([127, 0, 0, 1], 0))),
        })
    }

    /// The same state for a server listening on `addr`.
    pub fn with_address(self, addr: SocketAddr) -> AppState {
        AppState {
            guard: Guard::new(addr),
            ..self
        }
    }

    /// The Host/Origin guard of this server.
    pub fn guard(&self) -> Guard {
        self.guard.clone()
    }

    /// A new connection to the record store (for a new session).
    ///
    /// # Errors
    /// The store cannot be opened.
    pub fn open_store(&self) -> ApiResult<Store> {
        Store::open(&self.inner.store_path).map_err(store_error)
    }

    /// The Connect Four analyser.
    pub fn analyzer(&self) -> &Analyzer {
        &self.inner.analyzer
    }

    /// Runs `f` on the game in progress, first catching up with the store.
    ///
    /// # Errors
    /// The store cannot be read, or `f`'s error.
    pub fn with_session<T>(&self, f: impl FnOnce(&mut Session) -> ApiResult<T>) -> ApiResult<T> {
        let mut session = self.lock_session();
        self.catch_up(&mut session)?;
        f(&mut session)
    }

    fn lock_session(&self) -> MutexGuard<'_, Session> {
        // A panic while holding the lock leaves the session as it was: every
        // session call rolls back on error.
        self.inner
            .session
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Reloads the session if `@current` in the store is another game or
    /// has other moves than ours.
    fn catch_up(&self, session: &mut Session) -> ApiResult<()> {
        let stored = match session.store() {
            Some(store) => store.current().map_err(store_error)?,
            None => return Ok(()),
        };
        let Some(stored) = stored else {
            return Ok(());
        };
        if same_game(&stored, &session.record()) {
            return Ok(());
        }
        let store = Store::open(&self.inner.store_path).map_err(store_error)?;
        *session = Session::from_record(&stored, Some(store)).map_err(session_error)?;
        Ok(())
    }

    /// Registers a computer search; 409 if one is already running.
    ///
    /// # Errors
    /// The computer is already thinking.
    pub fn begin_thinking(&self) -> ApiResult<Arc<AtomicBool>> {
        let mut thinking = self.lock_thinking();
        if thinking.is_some() {
            return Err(ApiError::conflict(
                "the computer is already thinking; wait or stop it",
            ));
        }
        let flag = Arc::new(AtomicBool::new(false));
        *thinking = Some(flag.clone());
        Ok(flag)
    }

    /// Unregisters the search started with `flag`.
    pub fn end_thinking(&self, flag: &Arc<AtomicBool>) {
        let mut thinking = self.lock_thinking();
        if thinking.as_ref().is_some_and(|f| Arc::ptr_eq(f, flag)) {
            *thinking = None;
        }
    }

    /// Asks the running search (if any) to stop; returns whether one was running.
    pub fn stop_thinking(&self) -> bool {
        match self.lock_thinking().as_ref() {
            Some(flag) => {
                flag.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }

    /// Whether the computer is searching now.
    pub fn is_thinking(&self) -> bool {
        self.lock_thinking().is_some()
    }

    fn lock_thinking(&self) -> MutexGuard<'_, Option<Arc<AtomicBool>>> {
        self.inner
            .thinking
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

fn default_session(store: Store) -> Result<Session, String> {
    let rules = Rules::preset(DEFAULT_GAME).map_err(|e| e.to_string())?;
    let sides = [Side::Human, Side::Computer(hypertac_ai::Level::Hard)];
    Session::new(rules, sides, Some(store)).map_err(|e| e.to_string())
}

/// Whether two records are the same game at the same move (times aside).
fn same_game(a: &Record, b: &Record) -> bool {
    a.rules == b.rules
        && a.players == b.players
        && a.created_ms == b.created_ms
        && a.moves.len() == b.moves.len()
        && a.moves.iter().zip(&b.moves).all(|(x, y)| x.cell == y.cell)
}

/// The API error of a store failure.
pub fn store_error(e: StoreError) -> ApiError {
    match e {
        StoreError::NotFound(_) => ApiError::not_found(e.to_string()),
        StoreError::Exists(name) => ApiError::conflict(format!(
            "a record named {name:?} already exists (save with \"force\": true to replace it)"
        )),
        StoreError::BadName(_) => ApiError::bad_request(e.to_string()),
        StoreError::BadRecord { .. } => ApiError::conflict(e.to_string()),
        StoreError::Busy => {
            ApiError::new(axum::http::StatusCode::SERVICE_UNAVAILABLE, e.to_string())
        }
        StoreError::Unusable { .. } | StoreError::Sql(_) => ApiError::internal(e.to_string()),
    }
}

/// The API error of a session failure.
pub fn session_error(e: SessionError) -> ApiError {
    match e {
        SessionError::BadMove(m) => ApiError::conflict(m),
        SessionError::NothingToUndo | SessionError::NothingToRedo => {
            ApiError::conflict(e.to_string())
        }
        SessionError::Invalid(m) => ApiError::bad_request(m),
        SessionError::Store(e) => store_error(e),
    }
}
