//! Why a bot lost a game by breaking the protocol, and how a bot's answer is
//! read: exactly one line `x,y,...` (a trailing newline and trailing blank
//! space are fine), one whole number per axis, on the board, on an empty
//! playable cell.

use super::spawn::{signal_name, Exit, STDOUT_CAP};
use hypertac_core::{Cell, Position};
use std::fmt;

/// A protocol fault: the bot loses the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No answer within the move time limit.
    Timeout,
    /// Killed by a signal.
    Crash(i32),
    /// A non-zero exit status.
    Exit(i32),
    /// Exited 0 with nothing on stdout.
    NoMove,
    /// Text that is not a list of whole numbers.
    Malformed(String),
    /// The wrong number of coordinates.
    WrongArity { got: usize, want: usize },
    /// A coordinate off the board.
    OutOfRange(String),
    /// A cell that already holds a stone.
    Occupied(String),
    /// Another illegal cell (e.g. floating on a gravity board).
    Illegal(String),
    /// More non-blank output after the move line.
    ExtraOutput,
    /// More stdout than the referee reads.
    TooMuchOutput,
    /// The command could not be started.
    NotStarted(String),
}

impl Fault {
    /// A short stable key for tables and logs: `timeout`, `crash`, `exit`,
    /// `no-move`, `malformed`, `wrong-arity`, `out-of-range`, `occupied`,
    /// `illegal`, `extra-output`, `too-much-output`, `not-started`.
    pub fn key(&self) -> &'static str {
        match self {
            Fault::Timeout => "timeout",
            Fault::Crash(_) => "crash",
            Fault::Exit(_) => "exit",
            Fault::NoMove => "no-move",
            Fault::Malformed(_) => "malformed",
            Fault::WrongArity { .. } => "wrong-arity",
            Fault::OutOfRange(_) => "out-of-range",
            Fault::Occupied(_) => "occupied",
            Fault::Illegal(_) => "illegal",
            Fault::ExtraOutput => "extra-output",
            Fault::TooMuchOutput => "too-much-output",
            Fault::NotStarted(_) => "not-started",
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Timeout => write!(f, "no move within the time limit"),
            Fault::Crash(s) => write!(f, "crashed ({})", signal_name(*s)),
            Fault::Exit(code) => write!(f, "exited with status {code}"),
            Fault::NoMove => write!(f, "printed no move"),
            Fault::Malformed(text) => write!(f, "printed {text:?}, not a move x,y,..."),
            Fault::WrongArity { got, want } => {
                write!(f, "gave {got} coordinates; the board needs {want}")
            }
            Fault::OutOfRange(text) => write!(f, "played {text}, off the board"),
            Fault::Occupied(text) => write!(f, "played {text}, which is taken"),
            Fault::Illegal(why) => write!(f, "illegal move: {why}"),
            Fault::ExtraOutput => write!(f, "printed more than one line"),
            Fault::TooMuchOutput => write!(f, "printed more than {STDOUT_CAP} bytes"),
            Fault::NotStarted(why) => write!(f, "{why}"),
        }
    }
}

/// Turns a finished bot run into the cell it plays, or the fault.
pub fn read_answer(exit: Exit, pos: &Position) -> Result<Cell, Fault> {
    match exit {
        Exit::Answered(out) => parse_answer(&out, pos),
        Exit::TimedOut | Exit::Stopped => Err(Fault::Timeout),
        Exit::Signalled(s) => Err(Fault::Crash(s)),
        Exit::Failed(code) => Err(Fault::Exit(code)),
        Exit::TooMuchOutput => Err(Fault::TooMuchOutput),
        Exit::NotStarted(why) => Err(Fault::NotStarted(why)),
    }
}

/// Reads the bot's stdout as one move on `pos`.
pub fn parse_answer(out: &str, pos: &Position) -> Result<Cell, Fault> {
    let (line, rest) = out.split_once('\n').unwrap_or((out, ""));
    let line = line.trim();
    if !rest.trim().is_empty() {
        return Err(if line.is_empty() {
            Fault::Malformed(out.trim().chars().take(60).collect())
        } else {
            Fault::ExtraOutput
        });
    }
    if line.is_empty() {
        return Err(Fault::NoMove);
    }
    let shape = pos.rules().shape();
    let coords: Vec<u32> = line
        .split(',')
        .map(|t| t.trim().parse::<u32>())
        .collect::<Result<_, _>>()
        .map_err(|_| Fault::Malformed(line.chars().take(60).collect()))?;
    if coords.len() != shape.dims() {
        return Err(Fault::WrongArity {
            got: coords.len(),
            want: shape.dims(),
        });
    }
    let text = coords
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let cell = shape.cell(&coords).ok_or(Fault::OutOfRange(text.clone()))?;
    if pos.get(cell).is_some() {
        return Err(Fault::Occupied(text));
    }
    pos.check(cell).map_err(|e| Fault::Illegal(e.to_string()))?;
    Ok(cell)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::Rules;

    fn ttt() -> Position {
        let mut pos = Position::new(Rules::cube(3, 2).unwrap());
        pos.play(Cell(4));
        pos
    }

    #[test]
    fn valid_answers() {
        let pos = ttt();
        assert_eq!(parse_answer("0,0\n", &pos), Ok(Cell(0)));
        assert_eq!(parse_answer("2,1", &pos), Ok(Cell(5)));
        assert_eq!(parse_answer(" 0, 2\r\n\n", &pos), Ok(Cell(6)));
    }

    #[test]
    fn faults() {
        let pos = ttt();
        let key = |s: &str| parse_answer(s, &pos).unwrap_err().key();
        assert_eq!(key(""), "no-move");
        assert_eq!(key("\n"), "no-move");
        assert_eq!(key("hello"), "malformed");
        assert_eq!(key("1,-1"), "malformed");
        assert_eq!(key("\nhello"), "malformed");
        assert_eq!(key("1"), "wrong-arity");
        assert_eq!(key("1,1,1"), "wrong-arity");
        assert_eq!(key("3,0"), "out-of-range");
        assert_eq!(key("1,1"), "occupied");
        assert_eq!(key("0,0\njunk"), "extra-output");
        assert_eq!(key("0,0\n0,1\n"), "extra-output");
    }

    #[test]
    fn floating_cell_on_gravity_board_is_illegal() {
        let pos = Position::new(Rules::preset("connect4").unwrap());
        assert_eq!(parse_answer("3,0", &pos), Ok(Cell(3)));
        assert_eq!(parse_answer("3,2", &pos).unwrap_err().key(), "illegal");
    }
}
