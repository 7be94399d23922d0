//! Text notations: cells `x,y,z,..` (from 0; x left-right, y up-down, then
//! further axes), move lists `a;b;c` (the n^d tournament format), and Connect
//! Four column strings `4453` (columns from 1, as the public solver writes them).

use crate::position::join;
use crate::{Cell, PlayError, Position, Rules, Shape};
use std::fmt;

pub use crate::text::{clip, quote, shorten, QUOTED_CHARS};

/// Most moves in a move list ([`parse_move_list`]); longer lists are refused
/// before any move is read.
pub const MAX_MOVE_LIST: usize = 100_000;

/// Text that is not a valid cell, move or move list, with a message naming the
/// bad token and what was expected. The kinds let a front end tell a typo
/// (`Malformed`, `OffBoard`) from a move the board has no room for
/// (`ColumnFull`) without reading the message.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotationError {
    /// Text that does not read as a cell or move: a token that is not a
    /// number, the wrong number of coordinates, nothing typed.
    Malformed(String),
    /// A cell or column outside the board (the message names the axis and
    /// its range).
    OffBoard(String),
    /// A gravity column with no empty cell left.
    ColumnFull {
        /// The column as typed (shortened when long).
        column: String,
    },
    /// Rules the notation does not apply to (column strings on a board
    /// without gravity columns).
    Unsupported(String),
    /// A move of a list or column string the position refuses.
    Illegal(PlayError),
    /// The error of one move of a list or column string.
    At {
        /// Which move, e.g. `move 3 of the list`.
        at: String,
        /// What is wrong with it.
        error: Box<NotationError>,
    },
}

impl NotationError {
    fn at(at: String, error: NotationError) -> NotationError {
        NotationError::At {
            at,
            error: Box::new(error),
        }
    }

    /// The innermost error (through [`NotationError::At`]).
    pub fn kind(&self) -> &NotationError {
        match self {
            NotationError::At { error, .. } => error.kind(),
            other => other,
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Malformed(m)
            | NotationError::OffBoard(m)
            | NotationError::Unsupported(m) => f.write_str(m),
            NotationError::ColumnFull { column } => write!(f, "column {column} is full"),
            NotationError::Illegal(e) => write!(f, "{e}"),
            NotationError::At { at, error } => write!(f, "{at}: {error}"),
        }
    }
}

impl std::error::Error for NotationError {}

fn parse_numbers(text: &str, what: &str) -> Result<Vec<u32>, NotationError> {
    text.split(',')
        .map(|token| {
            let token = token.trim();
            token.parse::<u32>().map_err(|_| {
                // A long input is quoted once: the bad part says enough.
                let whole = if text.chars().count() > QUOTED_CHARS {
                    String::new()
                } else {
                    format!(" {}", quote(text))
                };
                NotationError::Malformed(format!(
                    "bad {what}{whole}: {} is not a coordinate (expected a whole number from 0)",
                    quote(token)
                ))
            })
        })
        .collect()
}

fn example(d: usize) -> String {
    (0..d)
        .map(|i| (i % 3).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Parses a cell `x,y,..` on `shape`.
///
/// # Errors
/// A token that is not a number, the wrong number of coordinates, or a cell
/// outside the board (`cell 4,0 is outside a 3x3 board`).
///
/// # Examples
/// ```
/// use hypertac_core::{notation, Shape};
/// let s = Shape::new(&[3, 3]).unwrap();
/// assert_eq!(notation::parse_cell(&s, "1,2").unwrap().index(), 7);
/// assert_eq!(notation::parse_cell(&s, "4,0").unwrap_err().to_string(),
///            "cell 4,0 is outside a 3x3 board (x is 0 to 2)");
/// ```
pub fn parse_cell(shape: &Shape, text: &str) -> Result<Cell, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::Malformed(format!(
            "empty cell: expected {} coordinates like {}",
            shape.dims(),
            example(shape.dims())
        )));
    }
    let coords = parse_numbers(text, "cell")?;
    if coords.len() != shape.dims() {
        return Err(NotationError::Malformed(format!(
            "cell {} has {} coordinates; a {shape} board needs {}, like {}",
            quote(text),
            coords.len(),
            shape.dims(),
            example(shape.dims())
        )));
    }
    shape.cell(&coords).ok_or_else(|| {
        let (axis, &n) = coords
            .iter()
            .zip(shape.sizes())
            .enumerate()
            .find(|(_, (&c, &n))| c >= n)
            .map(|(a, (_, n))| (a, n))
            .unwrap_or((0, &0));
        NotationError::OffBoard(format!(
            "cell {} is outside a {shape} board ({} is 0 to {})",
            join(&coords),
            axis_name(axis),
            n - 1
        ))
    })
}

/// The name of an axis in messages: x, y, z, w, then `axis 4`, ...
pub fn axis_name(axis: usize) -> String {
    match axis {
        0 => "x".into(),
        1 => "y".into(),
        2 => "z".into(),
        3 => "w".into(),
        a => format!("axis {a}"),
    }
}

/// Writes a cell as `x,y,..`.
pub fn format_cell(shape: &Shape, cell: Cell) -> String {
    join(&shape.coords(cell))
}

/// Writes a move as a player types it: on a gravity board the column (the
/// form [`parse_move`] reads: `4` for Connect Four's middle column, counted
/// from 1 on 2D boards; the other axes' coordinates from 0 otherwise), else
/// the cell `x,y,..`.
///
/// # Examples
/// ```
/// use hypertac_core::{notation, Rules};
/// let rules = Rules::preset("connect4").unwrap();
/// let cell = rules.shape().cell(&[3, 0]).unwrap();
/// assert_eq!(notation::format_move(&rules, cell), "4");
/// ```
pub fn format_move(rules: &Rules, cell: Cell) -> String {
    let shape = rules.shape();
    let Some(axis) = rules.gravity() else {
        return format_cell(shape, cell);
    };
    let mut coords = shape.coords(cell);
    coords.remove(axis);
    if shape.dims() == 2 {
        coords[0] += 1;
    }
    join(&coords)
}

/// A move as a player types it. On a 2-axis gravity board (Connect Four)
/// that is a column number counted from 1 and nothing else: a cell such as
/// `4,0` is refused rather than read from 0 (it would play column 5).
/// Other boards take a cell (`x,y,..` from 0) or on gravity boards a column.
/// Every front end (terminal, web, Python) reads typed moves with this.
///
/// # Errors
/// A [`NotationError`] naming the problem and what to type instead.
pub fn parse_player_move(pos: &Position, text: &str) -> Result<Cell, NotationError> {
    let rules = pos.rules();
    let shape = rules.shape();
    if rules.gravity() != Some(1) || shape.dims() != 2 {
        return parse_move(pos, text);
    }
    let columns = shape.size(0);
    let typed = text.trim();
    let expected = format!("type a column number from 1 to {columns}");
    let column = match typed.parse::<u64>() {
        Ok(c) => c,
        Err(_) if typed.is_empty() => {
            return Err(NotationError::Malformed(format!("no move: {expected}")))
        }
        Err(_) if typed.contains(',') => {
            return Err(NotationError::Malformed(format!(
                "{} is not a column: {expected} (a move is a column, not a cell)",
                quote(typed)
            )))
        }
        Err(_) => {
            return Err(NotationError::Malformed(format!(
                "{} is not a column: {expected}",
                quote(typed)
            )))
        }
    };
    if !(1..=u64::from(columns)).contains(&column) {
        return Err(NotationError::OffBoard(format!(
            "column {column} does not exist: columns are 1 to {columns}"
        )));
    }
    parse_move(pos, &column.to_string())
}

/// Parses a move for `pos`: a cell `x,y,..`, or on a gravity board the column:
/// the coordinates of the other axes (e.g. `1,2` on 4x4x4 with gravity on z),
/// and on a 2-axis gravity board a single column number counted from 1
/// (`4` is Connect Four's middle column). Returns the cell the stone lands on.
///
/// # Errors
/// Malformed text, a cell off the board, or a full column. Legality (occupied,
/// game over) is left to [`Position::check`].
pub fn parse_move(pos: &Position, text: &str) -> Result<Cell, NotationError> {
    let rules = pos.rules();
    let shape = rules.shape();
    let Some(axis) = rules.gravity() else {
        return parse_cell(shape, text);
    };
    let text = text.trim();
    let numbers = if text.is_empty() {
        Vec::new()
    } else {
        parse_numbers(text, "move")?
    };
    let d = shape.dims();
    if numbers.len() == d {
        return parse_cell(shape, text);
    }
    if numbers.len() + 1 != d {
        return Err(NotationError::Malformed(format!(
            "move {}: expected a column ({}) or a cell of {d} coordinates",
            quote(text),
            column_hint(rules)
        )));
    }
    let mut coords = vec![0u32; d];
    let one_based = d == 2;
    for (i, &v) in numbers.iter().enumerate() {
        let a = if i < axis { i } else { i + 1 };
        let n = shape.size(a);
        coords[a] = if one_based {
            v.checked_sub(1).filter(|&v| v < n).ok_or_else(|| {
                NotationError::OffBoard(format!("column {v} does not exist: columns are 1 to {n}"))
            })?
        } else if v < n {
            v
        } else {
            return Err(NotationError::OffBoard(format!(
                "column {} is outside a {shape} board ({} is 0 to {})",
                shorten(text),
                axis_name(a),
                n - 1
            )));
        };
    }
    let base = shape.cell(&coords).expect("coordinates checked");
    pos.landing(base).ok_or_else(|| NotationError::ColumnFull {
        column: shorten(text),
    })
}

fn column_hint(rules: &Rules) -> String {
    let d = rules.shape().dims();
    if d == 2 {
        format!(
            "a number from 1 to {}",
            rules.shape().size(1 - rules.gravity().unwrap_or(0))
        )
    } else {
        format!("{} coordinates like {}", d - 1, example(d - 1))
    }
}

/// Parses a move list `x,y;x,y;...` (the tournament format). Empty text is no moves;
/// a trailing `;` is allowed.
///
/// # Errors
/// More than [`MAX_MOVE_LIST`] moves, or the first bad cell, named with its
/// 1-based position in the list.
///
/// # Examples
/// ```
/// use hypertac_core::{notation, Shape};
/// let s = Shape::new(&[3, 3]).unwrap();
/// assert_eq!(notation::parse_move_list(&s, "1,1;0,0").unwrap().len(), 2);
/// assert!(notation::parse_move_list(&s, "1,1;0").is_err());
/// ```
pub fn parse_move_list(shape: &Shape, text: &str) -> Result<Vec<Cell>, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let text = text.strip_suffix(';').unwrap_or(text);
    let count = text.bytes().filter(|&b| b == b';').count() + 1;
    if count > MAX_MOVE_LIST {
        return Err(NotationError::Malformed(format!(
            "the move list has {count} moves; at most {MAX_MOVE_LIST} are read"
        )));
    }
    text.split(';')
        .enumerate()
        .map(|(i, token)| {
            parse_cell(shape, token)
                .map_err(|e| NotationError::at(format!("move {} of the list", i + 1), e))
        })
        .collect()
}

/// Writes a move list `x,y;x,y;...`.
pub fn format_move_list(shape: &Shape, cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|&c| format_cell(shape, c))
        .collect::<Vec<_>>()
        .join(";")
}

/// Plays a Connect Four style column string (`4453`, columns from 1) on a
/// 2-axis gravity board of width at most 9.
///
/// # Errors
/// Rules that are not a 2-axis gravity board, a character that is not a
/// column, a full column, or a move after the game ended; the message names
/// the move's position in the string.
///
/// # Examples
/// ```
/// use hypertac_core::{notation, Rules};
/// let pos = notation::play_columns(Rules::preset("connect4").unwrap(), "4444445").unwrap();
/// assert_eq!(pos.moves().len(), 7);
/// assert!(notation::play_columns(Rules::preset("connect4").unwrap(), "4444444").is_err());
/// ```
pub fn play_columns(rules: Rules, text: &str) -> Result<Position, NotationError> {
    let width_axis = column_axis(&rules)?;
    let width = rules.shape().size(width_axis);
    let mut pos = Position::new(rules);
    for (i, ch) in text.trim().chars().enumerate() {
        let col = ch
            .to_digit(10)
            .filter(|&c| c >= 1 && c <= width)
            .ok_or_else(|| {
                NotationError::Malformed(format!(
                    "move {} ({ch:?}) of {}: expected a column from 1 to {width}",
                    i + 1,
                    quote(text)
                ))
            })?;
        let mut coords = [0, 0];
        coords[width_axis] = col - 1;
        let base = pos.rules().shape().cell(&coords).expect("column in range");
        let at = || format!("move {} of {}", i + 1, quote(text));
        let cell = pos.landing(base).ok_or_else(|| {
            NotationError::at(
                at(),
                NotationError::ColumnFull {
                    column: col.to_string(),
                },
            )
        })?;
        pos.try_play(cell)
            .map_err(|e| NotationError::at(at(), NotationError::Illegal(e)))?;
    }
    Ok(pos)
}

/// Writes a game on a 2-axis gravity board as a column string (`4453`).
///
/// # Errors
/// Rules that are not a 2-axis gravity board of width at most 9.
pub fn format_columns(pos: &Position) -> Result<String, NotationError> {
    let axis = column_axis(pos.rules())?;
    let shape = pos.rules().shape();
    Ok(pos
        .moves()
        .iter()
        .map(|&c| char::from(b'1' + shape.coord(c, axis) as u8))
        .collect())
}

fn column_axis(rules: &Rules) -> Result<usize, NotationError> {
    match rules.gravity() {
        Some(g) if rules.shape().dims() == 2 && rules.shape().size(1 - g) <= 9 => Ok(1 - g),
        _ => Err(NotationError::Unsupported(format!(
            "column strings like 4453 need a 2-axis board with gravity and at most 9 columns; this game is {rules}"
        ))),
    }
}
