//! Game records: a documented, versioned JSON format.
//!
//! ```json
//! {
//!   "format": "hypertac-record",
//!   "version": 1,
//!   "rules": { "shape": [3, 3], "k": 3, "gravity": null, "rule": "first", "wrap": false },
//!   "players": { "x": "human", "o": "cpu:hard" },
//!   "moves": [ { "cell": "1,1", "at_ms": 1763785200000 }, { "cell": "0,0", "at_ms": 1763785203000 } ],
//!   "result": "ongoing",
//!   "created_ms": 1763785199000,
//!   "updated_ms": 1763785203000
//! }
//! ```
//!
//! - `rules.shape`: axis sizes, x first; `k`: cells in a row; `gravity`: the
//!   axis stones fall along (towards 0) or null; `rule`: `first`,
//!   `most-lines` or `anti`; `wrap`: lines wrap around the edges.
//! - `players.x` / `players.o`: free text, by convention `human` or `cpu:LEVEL`.
//! - `moves`: cells as `x,y,..` from 0, X first, alternating; `at_ms`: when
//!   the move was made, Unix milliseconds (optional).
//! - `result`: `ongoing`, `X wins`, `O wins` or `draw`; it must agree with
//!   the moves.
//! - Times are Unix milliseconds supplied by the caller (the core reads no clock).
//!
//! Loading ([`Record::from_json`] then [`Record::replay`]) validates every move.

use crate::{notation, Cell, Outcome, Player, Position, Rules, Shape, WinRule};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The `format` field of every record.
pub const FORMAT: &str = "hypertac-record";
/// The newest record version this code writes and reads.
pub const VERSION: u32 = 1;
/// Largest record text [`Record::from_json`] reads (8 MiB: about 200,000 moves).
pub const MAX_RECORD_BYTES: usize = 8 << 20;
/// Most moves a record may hold (see also [`notation::MAX_MOVE_LIST`]).
pub const MAX_RECORD_MOVES: usize = notation::MAX_MOVE_LIST;

/// A record that cannot be read or does not replay, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    message: String,
}

impl RecordError {
    fn new(message: impl Into<String>) -> RecordError {
        RecordError {
            message: message.into(),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RecordError {}

/// The rules as stored in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesSpec {
    /// Axis sizes, x first.
    pub shape: Vec<u32>,
    /// Cells in a row.
    pub k: u32,
    /// Gravity axis, if any.
    pub gravity: Option<usize>,
    /// `first`, `most-lines` or `anti`.
    pub rule: String,
    /// Lines wrap around the edges.
    #[serde(default)]
    pub wrap: bool,
}

impl RulesSpec {
    /// The spec of some rules.
    pub fn of(rules: &Rules) -> RulesSpec {
        RulesSpec {
            shape: rules.shape().sizes().to_vec(),
            k: rules.k(),
            gravity: rules.gravity(),
            rule: rules.win().name().to_string(),
            wrap: rules.wrap(),
        }
    }

    /// The rules this spec describes.
    ///
    /// # Errors
    /// Any value the rules refuse.
    pub fn to_rules(&self) -> Result<Rules, crate::RulesError> {
        Rules::new(Shape::new(&self.shape)?, self.k)?
            .with_gravity(self.gravity)?
            .with_win(WinRule::parse(&self.rule)?)
            .with_wrap(self.wrap)
    }
}

/// Who plays each side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// The first player: `human` or `cpu:LEVEL`.
    pub x: String,
    /// The second player.
    pub o: String,
}

/// One move of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordedMove {
    /// The cell, `x,y,..`.
    pub cell: String,
    /// When it was played, Unix milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_ms: Option<i64>,
}

/// A whole game record; see the module docs for the format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format version, at most [`VERSION`].
    pub version: u32,
    /// The rules.
    pub rules: RulesSpec,
    /// Who plays.
    pub players: Players,
    /// The moves, X first.
    pub moves: Vec<RecordedMove>,
    /// `ongoing`, `X wins`, `O wins` or `draw`.
    pub result: String,
    /// When the game started, Unix milliseconds.
    pub created_ms: i64,
    /// When it last changed, Unix milliseconds.
    pub updated_ms: i64,
}

/// The `result` text of an outcome.
pub fn result_text(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ongoing => "ongoing".into(),
        Outcome::Draw => "draw".into(),
        Outcome::Win { winner, .. } => format!("{winner} wins"),
    }
}

impl Record {
    /// A record of `pos` with these players; `times` holds each move's time
    /// (missing entries are stored without a time).
    pub fn of(
        pos: &Position,
        players: Players,
        times: &[i64],
        created_ms: i64,
        updated_ms: i64,
    ) -> Record {
        let shape = pos.rules().shape();
        Record {
            format: FORMAT.into(),
            version: VERSION,
            rules: RulesSpec::of(pos.rules()),
            players,
            moves: pos
                .moves()
                .iter()
                .enumerate()
                .map(|(i, &c)| RecordedMove {
                    cell: notation::format_cell(shape, c),
                    at_ms: times.get(i).copied(),
                })
                .collect(),
            result: result_text(pos.outcome()),
            created_ms,
            updated_ms,
        }
    }

    /// Reads a record from JSON. Does not replay it: call [`Record::replay`].
    ///
    /// # Errors
    /// Malformed JSON, missing or unknown fields, another format or a newer version.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::new(format!(
                "the record is {} bytes; a record has at most {MAX_RECORD_BYTES} bytes",
                text.len()
            )));
        }
        let record: Record = serde_json::from_str(text).map_err(|e| {
            RecordError::new(format!(
                "not a hypertac record: {}",
                notation::clip(&e.to_string(), 200)
            ))
        })?;
        if record.format != FORMAT {
            return Err(RecordError::new(format!(
                "not a hypertac record: format is {}, expected {FORMAT:?}",
                notation::quote(&record.format)
            )));
        }
        if record.moves.len() > MAX_RECORD_MOVES {
            return Err(RecordError::new(format!(
                "the record has {} moves; a record has at most {MAX_RECORD_MOVES}",
                record.moves.len()
            )));
        }
        if record.version == 0 || record.version > VERSION {
            return Err(RecordError::new(format!(
                "record version {} is not supported (this hypertac reads 1 to {VERSION})",
                record.version
            )));
        }
        Ok(record)
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialize")
    }

    /// Replays every move and checks the stored result.
    ///
    /// # Errors
    /// Bad rules, a malformed or illegal move (named by number), or a result
    /// that does not match the moves.
    ///
    /// # Examples
    /// ```
    /// use hypertac_core::record::{Players, Record};
    /// use hypertac_core::{Position, Rules};
    /// let mut pos = Position::new(Rules::preset("tictactoe").unwrap());
    /// pos.play(hypertac_core::Cell(4));
    /// let players = Players { x: "human".into(), o: "human".into() };
    /// let json = Record::of(&pos, players, &[], 0, 0).to_json();
    /// let back = Record::from_json(&json).unwrap().replay().unwrap();
    /// assert_eq!(back.moves(), pos.moves());
    /// ```
    pub fn replay(&self) -> Result<Position, RecordError> {
        let rules = self
            .rules
            .to_rules()
            .map_err(|e| RecordError::new(format!("bad rules in record: {e}")))?;
        let cells = self.cells(&rules)?;
        let mut pos = Position::new(rules);
        for (i, &cell) in cells.iter().enumerate() {
            pos.try_play(cell).map_err(|e| {
                RecordError::new(format!(
                    "move {} ({}) is illegal: {e}",
                    i + 1,
                    notation::shorten(&self.moves[i].cell)
                ))
            })?;
        }
        let actual = result_text(pos.outcome());
        if actual != self.result {
            return Err(RecordError::new(format!(
                "record says the result is {} but its moves give {actual:?}",
                notation::quote(&self.result)
            )));
        }
        Ok(pos)
    }

    fn cells(&self, rules: &Rules) -> Result<Vec<Cell>, RecordError> {
        self.moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                notation::parse_cell(rules.shape(), &m.cell)
                    .map_err(|e| RecordError::new(format!("move {}: {e}", i + 1)))
            })
            .collect()
    }

    /// The player who made move `i` (0-based).
    pub fn mover(i: usize) -> Player {
        Player::to_move_at(i)
    }
}
