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
use crate::session::{Resume, Session, SessionError, Side};
use hypertac_core::Rules;
use hypertac_store::{Store, StoreError};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
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
        let store_path = Store::default_path().map_err(|e| e.to_string())?;
        // Another process may write `@current` between our read and our
        // first write (two servers starting at once): then read it again.
        let mut tries = 0;
        let session = loop {
            tries += 1;
            match start_session(&store_path) {
                Err(SessionError::Store(StoreError::Changed)) if tries < 5 => continue,
                other => break other.map_err(|e| e.to_string())?,
            }
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

    /// Runs `f` on the game in progress, first catching up with the store,
    /// on a blocking thread (reading the store and replaying a game must not
    /// hold up the server's async threads). When `f` fails (e.g. because
    /// another process changed the game and the store refused to overwrite
    /// it), the session catches up again, so the next request sees the
    /// stored game.
    ///
    /// # Errors
    /// The store cannot be read, or `f`'s error.
    pub async fn with_session<T, F>(&self, f: F) -> ApiResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Session, &AppState) -> ApiResult<T> + Send + 'static,
    {
        let app = self.clone();
        blocking(move || {
            let mut session = app.lock_session();
            session.sync_with_store().map_err(session_error)?;
            let result = f(&mut session, &app);
            if result.is_err() {
                // The error above is the one to report; a failing re-read shows up on the next request.
                let _ = session.sync_with_store();
            }
            result
        })
        .await
    }

    fn lock_session(&self) -> MutexGuard<'_, Session> {
        // A panic while holding the lock leaves the session as it was: every
        // session call rolls back on error.
        self.inner
            .session
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Registers a computer search; 409 if one is already running. The
    /// search is unregistered (and told to stop) when the returned guard is
    /// dropped, also when the request is abandoned half-way.
    ///
    /// # Errors
    /// The computer is already thinking.
    pub fn begin_thinking(&self) -> ApiResult<Thinking> {
        let mut thinking = self.lock_thinking();
        if thinking.is_some() {
            return Err(ApiError::conflict(
                "the computer is already thinking; wait or stop it",
            ));
        }
        let flag = Arc::new(AtomicBool::new(false));
        *thinking = Some(flag.clone());
        Ok(Thinking {
            app: self.clone(),
            flag,
        })
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

/// Runs `f` on tokio's blocking pool: for work whose cost grows with the
/// input (replaying a record, building a board), which must never run on
/// the server's async threads.
///
/// # Errors
/// `f`'s error, or 500 if it panicked.
pub async fn blocking<T, F>(f: F) -> ApiResult<T>
where
    T: Send + 'static,
    F: FnOnce() -> ApiResult<T> + Send + 'static,
{
    tokio::task::spawn_blocking(f)
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(format!("the request failed: {e}"))))
}

/// A registered computer search (see [`AppState::begin_thinking`]).
pub struct Thinking {
    app: AppState,
    flag: Arc<AtomicBool>,
}

impl Thinking {
    /// The stop flag to hand to the search.
    pub fn flag(&self) -> Arc<AtomicBool> {
        self.flag.clone()
    }

    /// Whether someone asked the search to stop.
    pub fn stopped(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        // Ends an abandoned search early; harmless after a finished one.
        self.flag.store(true, Ordering::Relaxed);
        let mut thinking = self.app.lock_thinking();
        if thinking
            .as_ref()
            .is_some_and(|f| Arc::ptr_eq(f, &self.flag))
        {
            *thinking = None;
        }
    }
}

/// The session of `@current` (any game, finished or not), else of the
/// default game. A damaged game in progress is set aside by the session
/// (the same recovery as `hypertac play`) and a warning printed.
fn start_session(store_path: &Path) -> Result<Session, SessionError> {
    match Session::resume_any(Store::open(store_path)?)? {
        Resume::Resumed(session) => Ok(*session),
        Resume::NoGame(store) => default_session(store),
        Resume::Damaged(notice, store) => {
            eprintln!("warning: {notice}; starting a new game");
            default_session(store)
        }
    }
}

fn default_session(store: Store) -> Result<Session, SessionError> {
    let rules = Rules::preset(DEFAULT_GAME).map_err(|e| SessionError::Invalid(e.to_string()))?;
    let sides = [Side::Human, Side::Computer(hypertac_ai::Level::Hard)];
    Session::new(rules, sides, Some(store))
}

/// The API error of a store failure.
pub fn store_error(e: StoreError) -> ApiError {
    match e {
        StoreError::NotFound(_) => ApiError::not_found(e.to_string()),
        StoreError::Exists(name) => ApiError::conflict(format!(
            "a record named {name:?} already exists (save with \"force\": true to replace it)"
        )),
        StoreError::BadName(_) => ApiError::bad_request(e.to_string()),
        StoreError::BadRecord { .. } | StoreError::Changed => ApiError::conflict(e.to_string()),
        StoreError::Busy => {
            ApiError::new(axum::http::StatusCode::SERVICE_UNAVAILABLE, e.to_string())
        }
        StoreError::ReadOnly { .. } => {
            ApiError::new(axum::http::StatusCode::FORBIDDEN, e.to_string())
        }
        StoreError::Unusable { .. }
        | StoreError::Damaged { .. }
        | StoreError::Sql(_)
        | StoreError::BadSetting(_) => ApiError::internal(e.to_string()),
    }
}

/// The API error of a session failure.
pub fn session_error(e: SessionError) -> ApiError {
    match e {
        SessionError::BadMove(e) if e.is_conflict() => ApiError::conflict(e.to_string()),
        SessionError::BadMove(e) => ApiError::bad_request(e.to_string()),
        SessionError::NothingToUndo | SessionError::NothingToRedo => {
            ApiError::conflict(e.to_string())
        }
        SessionError::Invalid(m) => ApiError::bad_request(m),
        SessionError::Store(e) => store_error(e),
    }
}
