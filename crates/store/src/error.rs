//! Errors of the record store.

use std::path::PathBuf;

/// Why a store operation failed. Messages are one line and say what to do.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The store file cannot be opened or is not a hypertac store; it is left untouched.
    #[error("cannot use the record store {path}: {reason}")]
    Unusable {
        /// The store file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// SQLite found the file damaged (a malformed page); it is left untouched.
    #[error("the record store {path} is damaged (SQLite: {detail}); it was left untouched: move it away to start a new store, or try `sqlite3 FILE .recover` on a copy")]
    Damaged {
        /// The store file.
        path: PathBuf,
        /// What SQLite reported.
        detail: String,
    },
    /// The store file (or its folder) cannot be written: reading works, saving does not.
    #[error("the record store {path} is read-only: records can be listed, shown and exported, but nothing can be saved")]
    ReadOnly {
        /// The store file.
        path: PathBuf,
    },
    /// Another process held the store longer than the busy timeout.
    #[error("the record store is busy (another hypertac is writing to it); try again")]
    Busy,
    /// Another process changed the game in progress since this one read it;
    /// nothing was written.
    #[error("the game in progress was changed by another hypertac (another window or server); nothing was saved, the game is shown as it is now")]
    Changed,
    /// No record has this name.
    #[error("no record named {0:?}")]
    NotFound(String),
    /// A record with this name exists and overwriting was not asked for.
    #[error("a record named {0:?} already exists (use --force to replace it)")]
    Exists(String),
    /// A name that is not allowed.
    #[error("{0}")]
    BadName(String),
    /// A stored record that does not read or replay.
    #[error("record {name:?} is damaged: {reason}")]
    BadRecord {
        /// The record's name.
        name: String,
        /// What is wrong.
        reason: String,
    },
    /// A setting (an environment variable) with a value that means nothing.
    #[error("{0}")]
    BadSetting(String),
    /// Any other database failure.
    #[error("record store error: {0}")]
    Sql(String),
}

impl From<rusqlite::Error> for StoreError {
    /// A database error; a damaged or read-only file gets an empty path here,
    /// which the store fills in (see `Store::named`).
    fn from(e: rusqlite::Error) -> StoreError {
        use rusqlite::ErrorCode;
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy) | Some(ErrorCode::DatabaseLocked) => StoreError::Busy,
            Some(ErrorCode::DatabaseCorrupt) | Some(ErrorCode::NotADatabase) => {
                StoreError::Damaged {
                    path: PathBuf::new(),
                    detail: e.to_string(),
                }
            }
            Some(ErrorCode::ReadOnly) => StoreError::ReadOnly {
                path: PathBuf::new(),
            },
            _ => StoreError::Sql(e.to_string()),
        }
    }
}
