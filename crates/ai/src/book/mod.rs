//! An opening book: the proved value of every early position of a board,
//! up to symmetry, so that `analyze` answers them at once.
//!
//! A book is a text file (`proofs/qubic.book` and `proofs/4d.book` ship
//! with hypertac):
//!
//! ```text
//! hypertac book 1
//! rules 4x4x4 k4
//! stones 2
//! 0,0,0 X wins
//! 1,0,0;0,0,0 X wins
//! check 3f2a9c0d11b7e845
//! ```
//!
//! After the header (the format, the rules, the most stones of a position
//! the book was built for), each line is a position, as the moves from the
//! empty board (X first), and its value with perfect play. A position is
//! written in its smallest form over the board's symmetries (the
//! checker's group, `hypertac_proof::Symmetries`): its X stones, then its O
//! stones, each in cell order, the smallest such pair of lists of all its
//! images; the moves list them X, O, X, ... in that order. The last line
//! is an FNV-1a hash of every byte before it, so a damaged file is refused
//! as a whole.
//!
//! Every value was proved by `hypertac book` (`build.rs`), which also
//! wrote the certificate of each position and had the checker accept it
//! before writing the line.

mod build;
mod hardest;

pub use build::{classes, classes_listed, settle, SettleError, Settled, LISTED};
pub use hardest::HardestMove;

use hypertac_core::{notation, Cell, Player, Position, Rules};
use hypertac_proof::{Symmetries, Value};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The first line of a book file.
pub const HEADER: &str = "hypertac book 1";

/// The shipped books: the rules they are for and the file.
const SHIPPED: [(&str, &str); 2] = [
    ("4x4x4 k4", include_str!("../../../../proofs/qubic.book")),
    ("4x4x4x4 k4", include_str!("../../../../proofs/4d.book")),
];

/// A position's stones in the form the book keys it by: X's cells, then
/// O's, each sorted (see the module docs).
pub type Key = (Vec<u32>, Vec<u32>);

/// A book of proved values (see the module docs).
#[derive(Clone, Debug)]
pub struct Book {
    rules: Rules,
    stones: usize,
    group: std::sync::Arc<Symmetries>,
    values: HashMap<Key, Value>,
}

/// Why a book file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError(pub String);

impl std::fmt::Display for BookError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BookError {}

impl Book {
    /// An empty book for `rules`, for positions of up to `stones` stones.
    pub fn new(rules: &Rules, stones: usize) -> Book {
        Book {
            rules: rules.clone(),
            stones,
            group: std::sync::Arc::new(Symmetries::new(rules)),
            values: HashMap::new(),
        }
    }

    /// The rules it is for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The most stones of a position it was built for.
    pub fn stones(&self) -> usize {
        self.stones
    }

    /// Positions it holds.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Positions of `stones` stones it holds.
    pub fn len_at(&self, stones: usize) -> usize {
        self.values
            .keys()
            .filter(|(x, o)| x.len() + o.len() == stones)
            .count()
    }

    /// Whether it holds no position.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The form `pos` is kept under (see the module docs).
    pub fn key(&self, pos: &Position) -> Key {
        let mut best: Option<Key> = None;
        for s in 0..self.group.len() {
            let mut sides: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
            for (i, &c) in pos.moves().iter().enumerate() {
                sides[Player::to_move_at(i).index()].push(self.group.map(s, c).0 as u32);
            }
            for side in &mut sides {
                side.sort_unstable();
            }
            let [x, o] = sides;
            let key = (x, o);
            if best.as_ref().is_none_or(|b| key < *b) {
                best = Some(key);
            }
        }
        best.unwrap_or_default()
    }

    /// `pos` in the form the book keeps it under: the moves of its
    /// smallest image (see the module docs and [`Book::key`]).
    pub fn smallest(&self, pos: &Position) -> Position {
        let mut smallest = Position::new(pos.rules().clone());
        for c in moves_of(&self.key(pos)) {
            smallest.play_unchecked(c);
        }
        smallest
    }

    /// The value of `pos` if the book holds it (or a symmetric image).
    pub fn value(&self, pos: &Position) -> Option<Value> {
        if pos.rules() != &self.rules || pos.moves().len() > self.stones || self.values.is_empty() {
            return None;
        }
        self.values.get(&self.key(pos)).copied()
    }

    /// Whether the book holds `pos` (or a symmetric image).
    pub fn contains(&self, pos: &Position) -> bool {
        self.value(pos).is_some()
    }

    /// The best move for the side to move in `pos` by the values of the
    /// positions its moves lead to: the first (in cell order) after which
    /// the book holds a win for the mover, else, if the book holds every
    /// move's position, the first after which it holds a draw; with that
    /// value. `None` where the book shows no such move (a lost position,
    /// or one whose moves it holds only in part and none of them a win).
    pub fn best_move(&self, pos: &Position) -> Option<(Cell, Value)> {
        let me = pos.to_move();
        if pos.is_over() || pos.rules() != &self.rules || pos.moves().len() >= self.stones {
            return None;
        }
        let mut draw = None;
        let mut all_held = true;
        for cell in pos.legal_moves() {
            let mut after = pos.clone();
            if after.try_play(cell).is_err() {
                continue;
            }
            match self.value(&after) {
                Some(Value::Win(p)) if p == me => return Some((cell, Value::Win(me))),
                Some(Value::Draw) => {
                    draw.get_or_insert(cell);
                }
                Some(Value::Win(_)) => {}
                None => all_held = false,
            }
        }
        draw.filter(|_| all_held).map(|c| (c, Value::Draw))
    }

    /// Adds the proved value of `pos`.
    ///
    /// # Errors
    /// Another game's position, or one over the book's stones.
    pub fn insert(&mut self, pos: &Position, value: Value) -> Result<(), BookError> {
        if pos.rules() != &self.rules || pos.moves().len() > self.stones {
            return Err(BookError(format!(
                "the book holds positions of {} with at most {} stones",
                self.rules, self.stones
            )));
        }
        let key = self.key(pos);
        self.values.insert(key, value);
        Ok(())
    }

    /// Adds every position of `other` (a book of the same rules, e.g. one
    /// shard's of a build split over a cluster); the result is for the
    /// larger of the two stone counts.
    ///
    /// # Errors
    /// Other rules, or a position the two books give different values
    /// (named; nothing is added then).
    pub fn merge(&mut self, other: &Book) -> Result<(), BookError> {
        if other.rules != self.rules {
            return Err(BookError(format!(
                "a book of {} cannot be merged into one of {}",
                other.rules, self.rules
            )));
        }
        for (key, value) in &other.values {
            if let Some(mine) = self.values.get(key).filter(|&v| v != value) {
                let moves = notation::format_move_list(self.rules.shape(), &moves_of(key));
                return Err(BookError(format!(
                    "the books disagree on {moves}: {mine} and {value}"
                )));
            }
        }
        self.stones = self.stones.max(other.stones);
        self.values
            .extend(other.values.iter().map(|(k, v)| (k.clone(), *v)));
        Ok(())
    }

    /// The book as text (see the module docs), positions by stone count,
    /// then by key.
    pub fn to_text(&self) -> String {
        let mut out = format!("{HEADER}\nrules {}\nstones {}\n", self.rules, self.stones);
        let mut entries: Vec<(&Key, &Value)> = self.values.iter().collect();
        entries.sort_by_key(|(k, _)| (k.0.len() + k.1.len(), (*k).clone()));
        let shape = self.rules.shape();
        for (key, value) in entries {
            let moves = moves_of(key);
            out.push_str(&format!(
                "{} {}\n",
                notation::format_move_list(shape, &moves),
                value
            ));
        }
        let sum = fnv(out.as_bytes());
        out.push_str(&format!("check {sum:016x}\n"));
        out
    }

    /// Reads a book for `rules` from its text.
    ///
    /// # Errors
    /// A damaged file (the check line missing or wrong), another format or
    /// rules, a bad line (named by its number): an illegal or finished
    /// position, one not in its smallest form, a repeated one, or an
    /// unknown value.
    pub fn parse(text: &str, rules: &Rules) -> Result<Book, BookError> {
        let bad = |line: usize, m: String| BookError(format!("line {line} of the book: {m}"));
        let body_end = text.trim_end_matches('\n').rfind('\n').map_or(0, |i| i + 1);
        let last = text[body_end..].trim();
        let sum = last
            .strip_prefix("check ")
            .and_then(|h| u64::from_str_radix(h, 16).ok())
            .ok_or_else(|| {
                BookError(
                    "the book has no check line at its end: it is damaged or cut short".into(),
                )
            })?;
        if fnv(&text.as_bytes()[..body_end]) != sum {
            return Err(BookError(
                "the book's check line does not match its contents: the file is damaged".into(),
            ));
        }
        let mut lines = text[..body_end]
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l));
        let mut header = |name: &str| {
            lines
                .next()
                .ok_or_else(|| BookError(format!("the book has no `{name}` line")))
        };
        let (_, first) = header("hypertac book")?;
        if first != HEADER {
            return Err(BookError(format!(
                "not a hypertac book of this version (the first line is `{first}`, expected `{HEADER}`)"
            )));
        }
        let (n, line) = header("rules")?;
        if line.strip_prefix("rules ") != Some(&rules.to_string()) {
            return Err(bad(n, format!("expected `rules {rules}`, found `{line}`")));
        }
        let (n, line) = header("stones")?;
        let stones = line
            .strip_prefix("stones ")
            .and_then(|s| s.parse::<usize>().ok())
            .filter(|&s| s <= 64)
            .ok_or_else(|| {
                bad(
                    n,
                    format!("expected `stones N` (at most 64), found `{line}`"),
                )
            })?;
        let mut book = Book::new(rules, stones);
        for (n, line) in lines {
            let (moves, value) = line
                .split_once(' ')
                .ok_or_else(|| bad(n, format!("expected `MOVES VALUE`, found `{line}`")))?;
            let value = match value {
                "X wins" => Value::Win(Player::X),
                "O wins" => Value::Win(Player::O),
                "draw" => Value::Draw,
                v => {
                    return Err(bad(
                        n,
                        format!("`{v}` is not a value (`X wins`, `O wins`, `draw`)"),
                    ))
                }
            };
            let cells = notation::parse_move_list(rules.shape(), moves)
                .map_err(|e| bad(n, e.to_string()))?;
            if cells.is_empty() || cells.len() > stones {
                return Err(bad(
                    n,
                    format!("a position of 1 to {stones} stones was expected"),
                ));
            }
            let mut pos = Position::new(rules.clone());
            for &c in &cells {
                pos.try_play(c).map_err(|e| bad(n, e.to_string()))?;
            }
            if pos.is_over() {
                return Err(bad(n, "the game is over in this position".into()));
            }
            let key = book.key(&pos);
            if moves_of(&key) != cells {
                return Err(bad(n, "the position is not in its smallest form".into()));
            }
            if book.values.insert(key, value).is_some() {
                return Err(bad(n, "the position is already in the book".into()));
            }
        }
        Ok(book)
    }
}

/// The moves (X, O, X, ...) that place a key's stones.
fn moves_of(key: &Key) -> Vec<Cell> {
    let (x, o) = key;
    (0..x.len() + o.len())
        .map(|i| Cell(u64::from(if i % 2 == 0 { x[i / 2] } else { o[i / 2] })))
        .collect()
}

/// FNV-1a, 64 bits.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The book that ships for `rules`, if any (read once per process; a
/// shipped book that failed to read is no book: the test suite reads it).
pub fn shipped(rules: &Rules) -> Option<&'static Book> {
    static READ: [OnceLock<Option<Book>>; SHIPPED.len()] =
        [const { OnceLock::new() }; SHIPPED.len()];
    let name = rules.to_string();
    let i = SHIPPED.iter().position(|(r, _)| *r == name)?;
    READ[i]
        .get_or_init(|| Book::parse(SHIPPED[i].1, rules).ok())
        .as_ref()
}

/// The text of the book that ships for `rules` (for tests and `hypertac book`).
pub fn shipped_text(rules: &Rules) -> Option<&'static str> {
    let name = rules.to_string();
    SHIPPED.iter().find(|(r, _)| *r == name).map(|(_, t)| *t)
}
