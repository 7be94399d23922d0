//! The record store: finished and saved games plus the game in progress, in one
//! SQLite file.
//!
//! - Location: `$HYPERTAC_HOME/records.sqlite3` when `HYPERTAC_HOME` is set,
//!   else the user's data directory (`directories::ProjectDirs` for
//!   `hypertac`, e.g. `~/.local/share/hypertac/records.sqlite3`).
//! - SQLite in WAL mode with a busy timeout, so two `hypertac` processes can
//!   share the file; every write is one transaction.
//! - Schema versioned by `PRAGMA user_version` and upgraded by [`schema`]'s
//!   migrations; a file from a newer hypertac or a file that is not a
//!   database is refused with a message and never written to.
//! - One table `records`: the game's name (primary key), the core's JSON
//!   [`Record`] as the source of truth, and columns copied from it for listing
//!   (rules text, players, move count, result, created/updated times).
//! - The game in progress is the record named [`CURRENT`] (`@current`); user
//!   names may not start with `@`. When a new game replaces it,
//!   [`Store::archive_current`] keeps the old one (if it has moves) as
//!   `game YYYY-MM-DD HH.MM` (UTC start time): every finished game, and the
//!   [`KEEP_UNFINISHED`] most recent unfinished ones (the oldest dropped;
//!   `HYPERTAC_KEEP_UNFINISHED=all` or a number sets it).
#![deny(missing_docs)]

mod error;
mod name;
mod schema;
mod store;
mod time;

pub use error::StoreError;
pub use name::{validate_name, CURRENT};
pub use store::{
    parse_keep_unfinished, set_wait_notice, Store, Summary, BUSY_TIMEOUT, DB_FILE, KEEP_UNFINISHED,
    KEEP_UNFINISHED_VAR,
};
pub use time::format_time;
