//! The store itself: opening, migrating and reading/writing records.

use crate::schema::{self, MigrateError};
use crate::{validate_name, StoreError, CURRENT};
use hypertac_core::record::Record;
use rusqlite::{params, Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

/// The store's file name inside its folder.
pub const DB_FILE: &str = "records.sqlite3";

/// How long an operation waits for another process before giving up.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// How long to sleep between tries while the store is busy.
const BUSY_STEP: Duration = Duration::from_millis(20);

static WAIT_NOTICE: OnceLock<fn()> = OnceLock::new();

/// Sets a function called when a store operation starts waiting for another
/// process (e.g. to print "waiting for the record store"); the first call wins.
pub fn set_wait_notice(notice: fn()) {
    let _ = WAIT_NOTICE.set(notice);
}

/// SQLite's busy handler: announce the wait once, then retry every
/// [`BUSY_STEP`] until [`BUSY_TIMEOUT`] has passed.
fn busy(count: i32) -> bool {
    if count == 0 {
        if let Some(notice) = WAIT_NOTICE.get() {
            notice();
        }
    }
    if BUSY_STEP * count.max(0) as u32 >= BUSY_TIMEOUT {
        return false;
    }
    std::thread::sleep(BUSY_STEP);
    true
}

/// One line of `records list`: the indexed columns of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The record's name (`@current` for the game in progress).
    pub name: String,
    /// The rules, e.g. `7x6 k4 gravity 1`.
    pub rules: String,
    /// The players, e.g. `human vs cpu:hard`.
    pub players: String,
    /// Number of moves played.
    pub moves: u64,
    /// `ongoing`, `X wins`, `O wins` or `draw`.
    pub result: String,
    /// When the game started, Unix milliseconds.
    pub created_ms: i64,
    /// When it last changed, Unix milliseconds.
    pub updated_ms: i64,
}

/// An open record store (one SQLite connection).
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// `@current` as this connection last read or wrote it (see [`Store::save_current`]).
    seen: RefCell<Seen>,
    /// Most unfinished games [`Store::archive_current`] keeps (`None`: all).
    keep_unfinished: Option<usize>,
}

/// Unfinished games kept when new games replace them, unless
/// [`KEEP_UNFINISHED_VAR`] says otherwise.
pub const KEEP_UNFINISHED: usize = 3;

/// The environment variable that sets how many unfinished games are kept:
/// a number, or `all`.
pub const KEEP_UNFINISHED_VAR: &str = "HYPERTAC_KEEP_UNFINISHED";

/// The names [`Store::archive_current`] gives (`game 2026-11-25 10.12`,
/// `game 2026-11-25 10.12-2`), as an SQLite GLOB.
const KEPT_GLOB: &str = "game [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9][0-9].[0-9][0-9]*";

/// The number of unfinished games to keep from [`KEEP_UNFINISHED_VAR`]'s
/// value (`None`: keep all).
///
/// # Errors
/// A value that is neither a number nor `all`.
pub fn parse_keep_unfinished(value: &str) -> Result<Option<usize>, StoreError> {
    let v = value.trim();
    if v.eq_ignore_ascii_case("all") {
        return Ok(None);
    }
    v.parse::<usize>().map(Some).map_err(|_| {
        StoreError::BadSetting(format!(
            "{KEEP_UNFINISHED_VAR} is {}: expected a number of unfinished games to keep, or all",
            hypertac_core::notation::quote(value)
        ))
    })
}

/// What a connection knows of `@current`, so that it never overwrites a game
/// another process changed in the meantime.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Seen {
    /// Not read yet: the next save writes whatever is there.
    Unknown,
    /// There was no game in progress.
    Absent,
    /// The record's JSON text.
    Json(String),
}

impl Store {
    /// The default store file: `$HYPERTAC_HOME/records.sqlite3`, else in the
    /// user's data directory.
    ///
    /// # Errors
    /// No home directory can be found (set `HYPERTAC_HOME`).
    pub fn default_path() -> Result<PathBuf, StoreError> {
        if let Some(home) = std::env::var_os("HYPERTAC_HOME").filter(|h| !h.is_empty()) {
            return Ok(PathBuf::from(home).join(DB_FILE));
        }
        directories::ProjectDirs::from("", "", "hypertac")
            .map(|d| d.data_dir().join(DB_FILE))
            .ok_or_else(|| StoreError::Unusable {
                path: PathBuf::from(DB_FILE),
                reason: "no home directory found; set HYPERTAC_HOME to a folder for records".into(),
            })
    }

    /// Opens (creating if needed) the default store; see [`Store::default_path`].
    ///
    /// # Errors
    /// As [`Store::open`].
    pub fn open_default() -> Result<Store, StoreError> {
        Store::open(&Store::default_path()?)
    }

    /// Opens the store at `path`, creating the file and its folder if missing
    /// and upgrading the schema. A file that is not a hypertac store, or that
    /// SQLite finds damaged (checked at every open, so that every command
    /// says the same), is refused and left as it is. A store that cannot be
    /// written (read-only file or folder) is opened read-only: reading works,
    /// writes fail with [`StoreError::ReadOnly`].
    ///
    /// # Errors
    /// [`StoreError::Unusable`] (not a database, foreign tables, newer schema,
    /// folder not writable), [`StoreError::Damaged`], [`StoreError::Busy`];
    /// [`StoreError::BadSetting`] for a bad `HYPERTAC_KEEP_UNFINISHED`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let keep = match std::env::var(KEEP_UNFINISHED_VAR) {
            Ok(v) if !v.trim().is_empty() => parse_keep_unfinished(&v)?,
            _ => Some(KEEP_UNFINISHED),
        };
        let mut store = Store::open_any(path)?;
        store.keep_unfinished = keep;
        Ok(store)
    }

    /// [`Store::open`] without reading the settings.
    fn open_any(path: &Path) -> Result<Store, StoreError> {
        match Store::open_with(path, Access::ReadWrite) {
            // A WAL store in a folder that cannot be written can only be read
            // as immutable (SQLite cannot create its shared-memory file).
            Err(StoreError::ReadOnly { .. }) if path.exists() => {
                Store::open_with(path, Access::ReadOnly)
                    .or_else(|_| Store::open_with(path, Access::Immutable))
            }
            other => other,
        }
    }

    fn open_with(path: &Path, access: Access) -> Result<Store, StoreError> {
        let read_only = access != Access::ReadWrite;
        let unusable = |reason: String| StoreError::Unusable {
            path: path.to_path_buf(),
            reason,
        };
        let mut conn = connect(path, access)?;
        let classify = |e: rusqlite::Error| match e.sqlite_error_code() {
            Some(ErrorCode::NotADatabase) => unusable(
                "the file is not a hypertac record store or is damaged; it was left untouched \
                 (move it away to start a new store)"
                    .into(),
            ),
            Some(ErrorCode::DatabaseCorrupt) => StoreError::Damaged {
                path: path.to_path_buf(),
                detail: e.to_string(),
            },
            Some(ErrorCode::DatabaseBusy) | Some(ErrorCode::DatabaseLocked) => StoreError::Busy,
            Some(ErrorCode::ReadOnly) | Some(ErrorCode::CannotOpen) if !read_only => {
                StoreError::ReadOnly {
                    path: path.to_path_buf(),
                }
            }
            _ => unusable(e.to_string()),
        };
        conn.busy_handler(Some(busy)).map_err(classify)?;
        // Reading the schema first detects a file that is not a database before anything is written.
        let (version, tables): (i64, i64) = conn
            .query_row(
                "SELECT (SELECT user_version FROM pragma_user_version),
                        (SELECT count(*) FROM sqlite_master WHERE type = 'table')",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map_err(classify)?;
        if version == 0 && tables > 0 {
            return Err(unusable(
                "the file is a SQLite database of another program; it was left untouched".into(),
            ));
        }
        if version > schema::VERSION {
            return Err(unusable(format!(
                "it was written by a newer hypertac (schema {version}, this one reads up to {})",
                schema::VERSION
            )));
        }
        check_pages(&conn).map_err(|detail| StoreError::Damaged {
            path: path.to_path_buf(),
            detail,
        })?;
        if read_only {
            if version < schema::VERSION {
                return Err(unusable(
                    "it is read-only and needs an upgrade (or is empty); make it writable once"
                        .into(),
                ));
            }
        } else {
            let _: String = conn
                .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
                .map_err(classify)?;
            conn.pragma_update(None, "synchronous", "NORMAL")
                .map_err(classify)?;
            schema::migrate(&mut conn).map_err(|e| match e {
                MigrateError::Sql(e) => classify(e),
                other => other.into(),
            })?;
        }
        Ok(Store::of(conn, path))
    }

    /// A store on an open connection, with the default settings.
    fn of(conn: Connection, path: &Path) -> Store {
        Store {
            conn,
            path: path.to_path_buf(),
            seen: RefCell::new(Seen::Unknown),
            keep_unfinished: Some(KEEP_UNFINISHED),
        }
    }

    /// Sets how many unfinished games [`Store::archive_current`] keeps
    /// (`None`: all). Opening a store reads [`KEEP_UNFINISHED_VAR`], else
    /// keeps [`KEEP_UNFINISHED`].
    pub fn set_keep_unfinished(&mut self, keep: Option<usize>) {
        self.keep_unfinished = keep;
    }

    /// The store file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// `result` with this store's path in a damaged or read-only error
    /// (errors converted from SQLite do not know the file).
    fn named<T>(&self, result: Result<T, StoreError>) -> Result<T, StoreError> {
        result.map_err(|e| match e {
            StoreError::Damaged { path, detail } if path.as_os_str().is_empty() => {
                StoreError::Damaged {
                    path: self.path.clone(),
                    detail,
                }
            }
            StoreError::ReadOnly { path } if path.as_os_str().is_empty() => StoreError::ReadOnly {
                path: self.path.clone(),
            },
            other => other,
        })
    }

    /// All records, most recently changed first.
    ///
    /// # Errors
    /// A database failure.
    pub fn list(&self) -> Result<Vec<Summary>, StoreError> {
        let result = (|| -> Result<Vec<Summary>, StoreError> {
            let mut stmt = self.conn.prepare(
                "SELECT name, rules, players, moves, result, created_ms, updated_ms
                 FROM records ORDER BY updated_ms DESC, name",
            )?;
            let rows = stmt.query_map([], |r| {
                Ok(Summary {
                    name: r.get(0)?,
                    rules: r.get(1)?,
                    players: r.get(2)?,
                    moves: r.get::<_, i64>(3)?.max(0) as u64,
                    result: r.get(4)?,
                    created_ms: r.get(5)?,
                    updated_ms: r.get(6)?,
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })();
        self.named(result)
    }

    /// The record named `name` (use [`CURRENT`] for the game in progress).
    ///
    /// # Errors
    /// [`StoreError::NotFound`], or [`StoreError::BadRecord`] when the stored
    /// JSON does not read.
    pub fn get(&self, name: &str) -> Result<Record, StoreError> {
        let result = (|| -> Result<Record, StoreError> {
            self.find(name)?
                .ok_or_else(|| StoreError::NotFound(name.to_string()))
        })();
        self.named(result)
    }

    /// The game in progress, if one was saved.
    ///
    /// # Errors
    /// As [`Store::get`] except that a missing game is `Ok(None)`.
    pub fn current(&self) -> Result<Option<Record>, StoreError> {
        let result = (|| -> Result<Option<Record>, StoreError> {
            let json = self.find_json(CURRENT)?;
            *self.seen.borrow_mut() = json.clone().map_or(Seen::Absent, Seen::Json);
            parse_record(CURRENT, json)
        })();
        self.named(result)
    }

    fn find(&self, name: &str) -> Result<Option<Record>, StoreError> {
        parse_record(name, self.find_json(name)?)
    }

    fn find_json(&self, name: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT record FROM records WHERE name = ?1", [name], |r| {
                r.get(0)
            })
            .optional()?)
    }

    /// Whether a record has this name.
    ///
    /// # Errors
    /// A database failure.
    pub fn exists(&self, name: &str) -> Result<bool, StoreError> {
        let result = (|| -> Result<bool, StoreError> {
            Ok(self
                .conn
                .query_row("SELECT 1 FROM records WHERE name = ?1", [name], |_| Ok(()))
                .optional()?
                .is_some())
        })();
        self.named(result)
    }

    /// Saves the game in progress as [`CURRENT`], replacing the previous one,
    /// in one transaction (called after every move).
    ///
    /// The write is a compare-and-swap: if another connection (a second
    /// server, another `hypertac play`) changed `@current` since this one
    /// last read or wrote it, nothing is written and the error is
    /// [`StoreError::Changed`], so a move acknowledged to one process is
    /// never overwritten by another. Read [`Store::current`] again to go on.
    ///
    /// # Errors
    /// [`StoreError::Changed`], a database failure or [`StoreError::Busy`].
    pub fn save_current(&mut self, record: &Record) -> Result<(), StoreError> {
        let result = (|| -> Result<(), StoreError> {
            let json = record.to_json();
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)?;
            let stored: Option<String> = tx
                .query_row(
                    "SELECT record FROM records WHERE name = ?1",
                    [CURRENT],
                    |r| r.get(0),
                )
                .optional()?;
            let expected = self.seen.borrow().clone();
            let unchanged = match (&expected, &stored) {
                (Seen::Unknown, _) | (Seen::Absent, None) => true,
                (Seen::Json(seen), Some(now)) => seen == now,
                _ => false,
            };
            if !unchanged {
                return Err(StoreError::Changed);
            }
            upsert_json(&tx, CURRENT, record, &json)?;
            tx.commit()?;
            *self.seen.borrow_mut() = Seen::Json(json);
            Ok(())
        })();
        self.named(result)
    }

    /// Keeps the game in progress, if it has moves, under the name
    /// `game YYYY-MM-DD HH.MM` (its start time, UTC; `-2`, `-3`, .. appended
    /// when taken) and returns that name. Called before a new game replaces
    /// `@current`. A finished game is always kept (a record of it); of the
    /// unfinished games kept this way (named as above and still ongoing), at
    /// most [`Store::set_keep_unfinished`]'s number stay, the oldest (by
    /// last move) dropped; `None` is returned when the game itself is not
    /// kept (a limit of 0). Games saved under a name of one's own are never
    /// dropped.
    ///
    /// # Errors
    /// A database failure (nothing changes).
    pub fn archive_current(&mut self) -> Result<Option<String>, StoreError> {
        let result = (|| -> Result<Option<String>, StoreError> {
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)?;
            let found: Option<(i64, i64, String)> = tx
                .query_row(
                    "SELECT moves, created_ms, result FROM records WHERE name = ?1",
                    [CURRENT],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
                .optional()?;
            let Some((_, created_ms, result)) = found.filter(|f| f.0 > 0) else {
                return Ok(None);
            };
            let name = free_name(&tx, &format!("game {}", file_time(created_ms)))?;
            tx.execute(
                "UPDATE records SET name = ?2 WHERE name = ?1",
                params![CURRENT, name],
            )?;
            let mut kept = true;
            if let (Some(keep), "ongoing") = (self.keep_unfinished, result.as_str()) {
                let dropped = tx.execute(
                    "DELETE FROM records WHERE name IN (SELECT name FROM records
                     WHERE name GLOB ?1 AND result = 'ongoing'
                     ORDER BY updated_ms DESC, created_ms DESC, name DESC
                     LIMIT -1 OFFSET ?2)",
                    params![KEPT_GLOB, keep as i64],
                )?;
                kept = dropped == 0
                    || tx
                        .query_row("SELECT 1 FROM records WHERE name = ?1", [&name], |_| Ok(()))
                        .optional()?
                        .is_some();
            }
            tx.commit()?;
            if !kept {
                *self.seen.borrow_mut() = Seen::Absent;
                return Ok(None);
            }
            *self.seen.borrow_mut() = Seen::Absent;
            Ok(Some(name))
        })();
        self.named(result)
    }

    /// Sets a game in progress that cannot be read or replayed aside, whatever
    /// it holds, under the name `damaged YYYY-MM-DD HH.MM` (now, UTC; `-2`,
    /// `-3`, .. appended when taken), so that a new game can start without
    /// losing it; returns that name, or `None` when there is no `@current`.
    /// The stored text is kept byte for byte. This is the one recovery path
    /// for a damaged game in progress (see `Session::resume` in the binary).
    ///
    /// # Errors
    /// A database failure (nothing changes).
    pub fn keep_damaged_current(&mut self, now_ms: i64) -> Result<Option<String>, StoreError> {
        let result = (|| -> Result<Option<String>, StoreError> {
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)?;
            let found = tx
                .query_row("SELECT 1 FROM records WHERE name = ?1", [CURRENT], |_| {
                    Ok(())
                })
                .optional()?;
            if found.is_none() {
                return Ok(None);
            }
            let name = free_name(&tx, &format!("damaged {}", file_time(now_ms)))?;
            tx.execute(
                "UPDATE records SET name = ?2 WHERE name = ?1",
                params![CURRENT, name],
            )?;
            tx.commit()?;
            *self.seen.borrow_mut() = Seen::Absent;
            Ok(Some(name))
        })();
        self.named(result)
    }

    /// Forgets the game in progress (no error if there is none).
    ///
    /// # Errors
    /// A database failure.
    pub fn clear_current(&mut self) -> Result<(), StoreError> {
        let result = (|| -> Result<(), StoreError> {
            self.conn
                .execute("DELETE FROM records WHERE name = ?1", [CURRENT])?;
            *self.seen.borrow_mut() = Seen::Absent;
            Ok(())
        })();
        self.named(result)
    }

    /// Saves `record` under a user name after checking the name and replaying
    /// every move. An existing record of that name is replaced only with `force`.
    ///
    /// # Errors
    /// [`StoreError::BadName`], [`StoreError::BadRecord`] (does not replay),
    /// [`StoreError::Exists`], or a database failure. On error nothing changes.
    pub fn put(&mut self, name: &str, record: &Record, force: bool) -> Result<(), StoreError> {
        let result = (|| -> Result<(), StoreError> {
            validate_name(name)?;
            record.replay().map_err(|e| StoreError::BadRecord {
                name: name.to_string(),
                reason: e.to_string(),
            })?;
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)?;
            let taken = tx
                .query_row("SELECT 1 FROM records WHERE name = ?1", [name], |_| Ok(()))
                .optional()?
                .is_some();
            if taken && !force {
                return Err(StoreError::Exists(name.to_string()));
            }
            upsert(&tx, name, record)?;
            tx.commit()?;
            Ok(())
        })();
        self.named(result)
    }

    /// Deletes a record (also `@current`).
    ///
    /// # Errors
    /// [`StoreError::NotFound`] or a database failure.
    pub fn delete(&mut self, name: &str) -> Result<(), StoreError> {
        let result = (|| -> Result<(), StoreError> {
            let n = self
                .conn
                .execute("DELETE FROM records WHERE name = ?1", [name])?;
            if n == 0 {
                return Err(StoreError::NotFound(name.to_string()));
            }
            if name == CURRENT {
                *self.seen.borrow_mut() = Seen::Absent;
            }
            Ok(())
        })();
        self.named(result)
    }

    /// Renames a record; `new` must be a valid user name and free unless `force`.
    ///
    /// # Errors
    /// [`StoreError::NotFound`], [`StoreError::BadName`], [`StoreError::Exists`],
    /// or a database failure. On error nothing changes.
    pub fn rename(&mut self, old: &str, new: &str, force: bool) -> Result<(), StoreError> {
        let result = (|| -> Result<(), StoreError> {
            if old.starts_with('@') {
                return Err(StoreError::BadName(format!(
                    "{old} is the game in progress and keeps its name; save a copy under a name instead"
                )));
            }
            validate_name(new)?;
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)?;
            let has = |name: &str| -> Result<bool, rusqlite::Error> {
                Ok(tx
                    .query_row("SELECT 1 FROM records WHERE name = ?1", [name], |_| Ok(()))
                    .optional()?
                    .is_some())
            };
            if !has(old)? {
                return Err(StoreError::NotFound(old.to_string()));
            }
            if old == new {
                return Ok(());
            }
            if has(new)? {
                if !force {
                    return Err(StoreError::Exists(new.to_string()));
                }
                tx.execute("DELETE FROM records WHERE name = ?1", [new])?;
            }
            tx.execute(
                "UPDATE records SET name = ?2 WHERE name = ?1",
                params![old, new],
            )?;
            tx.commit()?;
            Ok(())
        })();
        self.named(result)
    }
}

/// How [`Store::open`] opens the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    ReadWrite,
    ReadOnly,
    /// Read-only, telling SQLite that nobody writes the file meanwhile.
    Immutable,
}

/// A path for a `file:` URI: bytes other than letters, digits and `/-._~` percent-encoded.
/// Opens the SQLite connection of `path` as `access` asks (creating the
/// file and its folder for read-write).
fn connect(path: &Path, access: Access) -> Result<Connection, StoreError> {
    let read_only = access != Access::ReadWrite;
    let unusable = |reason: String| StoreError::Unusable {
        path: path.to_path_buf(),
        reason,
    };
    if !read_only {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| unusable(format!("cannot create folder {}: {e}", dir.display())))?;
        }
    }
    let flags = if read_only {
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX
    } else {
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
    };
    let opened = if access == Access::Immutable {
        let uri = format!("file:{}?immutable=1", uri_path(path));
        Connection::open_with_flags(uri, flags | OpenFlags::SQLITE_OPEN_URI)
    } else {
        Connection::open_with_flags(path, flags)
    };
    opened.map_err(|e| match e.sqlite_error_code() {
        Some(ErrorCode::ReadOnly) | Some(ErrorCode::CannotOpen) if path.exists() => {
            StoreError::ReadOnly {
                path: path.to_path_buf(),
            }
        }
        _ => unusable(e.to_string()),
    })
}

fn uri_path(path: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut out = String::new();
    for &b in path.as_os_str().as_bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// SQLite's `quick_check` of every page (milliseconds for a store of a few
/// megabytes): a damaged page is found at open, whichever records a command
/// would read, rather than by some commands only.
fn check_pages(conn: &Connection) -> Result<(), String> {
    let mut stmt = conn
        .prepare("PRAGMA quick_check(3)")
        .map_err(|e| e.to_string())?;
    let found: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .and_then(|rows| rows.collect())
        .map_err(|e| e.to_string())?;
    if found.len() == 1 && found[0] == "ok" {
        Ok(())
    } else {
        let lines: Vec<&str> = found
            .iter()
            .flat_map(|f| f.lines())
            .filter(|l| !l.starts_with("***"))
            .collect();
        Err(hypertac_core::notation::clip(&lines.join("; "), 200))
    }
}

/// A time as it appears in record names: `YYYY-MM-DD HH.MM` (UTC).
fn file_time(ms: i64) -> String {
    crate::format_time(ms).replace(':', ".")
}

/// `base`, or `base-2`, `base-3`, .. : the first name no record has.
fn free_name(tx: &rusqlite::Transaction<'_>, base: &str) -> Result<String, StoreError> {
    let mut name = base.to_string();
    let mut n = 1;
    while tx
        .query_row("SELECT 1 FROM records WHERE name = ?1", [&name], |_| Ok(()))
        .optional()?
        .is_some()
    {
        n += 1;
        name = format!("{base}-{n}");
    }
    Ok(name)
}

/// The record stored as `json`, if any, read back.
fn parse_record(name: &str, json: Option<String>) -> Result<Option<Record>, StoreError> {
    json.map(|j| {
        Record::from_json(&j).map_err(|e| StoreError::BadRecord {
            name: name.to_string(),
            reason: e.to_string(),
        })
    })
    .transpose()
}

fn upsert(tx: &rusqlite::Transaction<'_>, name: &str, record: &Record) -> Result<(), StoreError> {
    upsert_json(tx, name, record, &record.to_json())
}

fn upsert_json(
    tx: &rusqlite::Transaction<'_>,
    name: &str,
    record: &Record,
    json: &str,
) -> Result<(), StoreError> {
    let rules = record
        .rules
        .to_rules()
        .map(|r| r.to_string())
        .unwrap_or_else(|e| format!("invalid rules: {e}"));
    tx.execute(
        "INSERT INTO records (name, rules, players, moves, result, created_ms, updated_ms, record)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         ON CONFLICT(name) DO UPDATE SET rules = ?2, players = ?3, moves = ?4, result = ?5,
             created_ms = ?6, updated_ms = ?7, record = ?8",
        params![
            name,
            rules,
            format!("{} vs {}", record.players.x, record.players.o),
            record.moves.len() as i64,
            record.result,
            record.created_ms,
            record.updated_ms,
            json,
        ],
    )?;
    Ok(())
}
