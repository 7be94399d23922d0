//! Who plays each side of a game: a person or the computer at a level.

use hypertac_ai::Level;
use hypertac_core::notation;
use hypertac_core::record::Record;
use std::fmt;

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
