//! Schema and migrations, versioned by `PRAGMA user_version`.
//!
//! Version 1:
//! ```sql
//! CREATE TABLE records (
//!     name       TEXT PRIMARY KEY,   -- user name or @current
//!     rules      TEXT NOT NULL,      -- e.g. "7x6 k4 gravity 1"
//!     players    TEXT NOT NULL,      -- e.g. "human vs cpu:hard"
//!     moves      INTEGER NOT NULL,   -- number of moves
//!     result     TEXT NOT NULL,      -- ongoing | X wins | O wins | draw
//!     created_ms INTEGER NOT NULL,   -- Unix milliseconds
//!     updated_ms INTEGER NOT NULL,
//!     record     TEXT NOT NULL       -- the core's JSON record (source of truth)
//! );
//! CREATE INDEX records_updated ON records(updated_ms);
//! ```

use crate::StoreError;
use rusqlite::Connection;

/// The migrations; entry `i` upgrades version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &["CREATE TABLE records (
        name       TEXT PRIMARY KEY,
        rules      TEXT NOT NULL,
        players    TEXT NOT NULL,
        moves      INTEGER NOT NULL,
        result     TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL,
        record     TEXT NOT NULL
    );
    CREATE INDEX records_updated ON records(updated_ms);"];

/// The schema version this code writes.
pub const VERSION: i64 = MIGRATIONS.len() as i64;

/// Brings the schema up to [`VERSION`] in one transaction.
///
/// # Errors
/// A store from a newer hypertac (`reason` text for [`StoreError::Unusable`]),
/// or a database failure.
pub fn migrate(conn: &mut Connection) -> Result<(), MigrateError> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version > VERSION {
        return Err(MigrateError::Newer(version));
    }
    for (v, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", v as i64 + 1)?;
    }
    tx.commit()?;
    Ok(())
}

/// Why a migration failed.
#[derive(Debug)]
pub enum MigrateError {
    /// The file's schema version is newer than this code's.
    Newer(i64),
    /// A database error.
    Sql(rusqlite::Error),
}

impl From<rusqlite::Error> for MigrateError {
    fn from(e: rusqlite::Error) -> MigrateError {
        MigrateError::Sql(e)
    }
}

impl From<MigrateError> for StoreError {
    fn from(e: MigrateError) -> StoreError {
        match e {
            MigrateError::Newer(v) => StoreError::Sql(format!(
                "schema version {v} is newer than this hypertac's ({VERSION})"
            )),
            MigrateError::Sql(e) => e.into(),
        }
    }
}
