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
    /// Any other database failure.
    #[error("record store error: {0}")]
    Sql(String),
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        use rusqlite::ErrorCode;
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy) | Some(ErrorCode::DatabaseLocked) => StoreError::Busy,
            _ => StoreError::Sql(e.to_string()),
        }
    }
}
