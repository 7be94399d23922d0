//! Text commands, shared by plain mode and the terminal UI's `:` prompt.

use crate::play::render;
use crate::session::{Session, SessionError};
use hypertac_ai::{Budget, Choice};
use hypertac_core::{notation, Cell, Player, Rules};
use hypertac_store::StoreError;

/// One command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A move: `x,y,..` or a column on gravity boards.
    Move(String),
    /// Take back to the last human move.
    Undo,
    /// Replay what undo took back.
    Redo,
    /// Ask the strongest level for a move.
    Hint,
    /// Save the game under a name.
    Save {
        /// The name.
        name: String,
        /// Replace an existing record.
        force: bool,
    },
    /// Load a saved game as the game in progress.
    Load(String),
    /// A new game: the same rules or a preset.
    New(Option<String>),
    /// Print the board.
    Board,
    /// Print the moves so far.
    Moves,
    /// Print the commands.
    Help,
    /// Leave (the game stays saved).
    Quit,
}

/// The help text, one command per line.
pub const HELP: &str = "\
commands:
  x,y,..        play a cell (coordinates from 0); with gravity the column: 4 (Connect Four, from 1) or x,y
  undo          take back your last move (and the computer's reply)
  redo          replay what undo took back
  hint          the computer's suggestion for the side to move
  save NAME [--force]  save the game (--force replaces a record of that name)
  load NAME     continue a saved game
  new [GAME]    new game: the same rules, or tictactoe, qubic, 4d, connect4, connect4-3d, gomoku, nd N D
  board         show the board
  moves         list the moves so far
  help          this list
  quit          leave; the game stays saved and resumes next time";

/// Parses a command line; `Ok(None)` for a blank line.
///
/// # Errors
/// An unknown command or missing argument, as one line.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let line = line.trim();
    let Some(first) = line.split_whitespace().next() else {
        return Ok(None);
    };
    if first.starts_with(|c: char| c.is_ascii_digit()) {
        return Ok(Some(Command::Move(line.to_string())));
    }
    let rest = line[first.len()..].trim();
    let word = first.to_ascii_lowercase();
    let no_args = |cmd: Command| {
        if rest.is_empty() {
            Ok(Some(cmd))
        } else {
            Err(format!("{word} takes no arguments (got {rest:?})"))
        }
    };
    match word.as_str() {
        "undo" | "u" => no_args(Command::Undo),
        "redo" | "r" => no_args(Command::Redo),
        "hint" => no_args(Command::Hint),
        "board" | "b" => no_args(Command::Board),
        "moves" => no_args(Command::Moves),
        "help" | "h" | "?" => Ok(Some(Command::Help)),
        "quit" | "q" | "exit" => no_args(Command::Quit),
        "save" => {
            let force = rest.split_whitespace().any(|t| t == "--force");
            let name = rest
                .split_whitespace()
                .filter(|&t| t != "--force")
                .collect::<Vec<_>>()
                .join(" ");
            if name.is_empty() {
                return Err("save needs a name: save NAME [--force]".into());
            }
            Ok(Some(Command::Save { name, force }))
        }
        "load" => {
            if rest.is_empty() {
                return Err("load needs a name: load NAME (see hypertac records list)".into());
            }
            Ok(Some(Command::Load(rest.to_string())))
        }
        "new" => Ok(Some(Command::New(
            (!rest.is_empty()).then(|| rest.to_string()),
        ))),
        _ => Err(format!("unknown command {first:?}: type help for the list")),
    }
}

/// `X plays 1,2`.
pub fn move_line(session: &Session, player: Player, cell: Cell) -> String {
    let shape = session.rules().shape();
    format!("{player} plays {}", notation::format_cell(shape, cell))
}

/// A one-line summary of the game: rules, players, whose turn.
pub fn status_line(session: &Session) -> String {
    let [x, o] = session.sides();
    let pos = session.position();
    let turn = if pos.is_over() {
        "game over".to_string()
    } else {
        format!("{} to move", pos.to_move())
    };
    format!(
        "{}: X {x}, O {o}; {} played; {turn}",
        session.rules(),
        moves_count(pos.moves().len())
    )
}

/// `1 move` / `3 moves`.
pub fn moves_count(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

/// How to type a move in this game, e.g. `a column like 4` or `a cell like 0,1,2`.
pub fn move_example(rules: &Rules) -> String {
    let d = rules.shape().dims();
    let coords = |n: usize| {
        (0..n)
            .map(|i| (i % 3).to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    match rules.gravity() {
        Some(_) if d == 2 => format!("a column like {}", rules.shape().size(0).div_ceil(2)),
        Some(_) => format!("a column like {}", coords(d - 1)),
        None => format!("a cell like {}", coords(d)),
    }
}

/// A hint as the player would type it, with the cell it lands on for gravity
/// boards and the reason: `hint: 4 (lands on 3,0; perfect play: wins)`.
pub fn hint_text(rules: &Rules, choice: &Choice) -> String {
    let typed = notation::format_move(rules, choice.cell);
    let mut notes = Vec::new();
    if rules.gravity().is_some() {
        notes.push(format!(
            "lands on {}",
            notation::format_cell(rules.shape(), choice.cell)
        ));
    }
    if !choice.reason.is_empty() {
        notes.push(choice.reason.clone());
    }
    if notes.is_empty() {
        format!("hint: {typed}")
    } else {
        format!("hint: {typed} ({})", notes.join("; "))
    }
}

/// Carries out a command that changes or queries the game (not `board`,
/// `help` or `quit`, which the front end handles); returns the lines to show.
///
/// # Errors
/// One line naming the problem; the game is unchanged.
pub fn apply(
    session: &mut Session,
    command: &Command,
    hint_ms: u64,
) -> Result<Vec<String>, String> {
    apply_once(session, command, hint_ms).map_err(|e| match e {
        Failure::Session(SessionError::Store(StoreError::Changed)) => {
            match session.sync_with_store() {
                Ok(_) => format!("{}; now: {}", StoreError::Changed, status_line(session)),
                Err(e) => format!("{}; reading it failed: {e}", StoreError::Changed),
            }
        }
        Failure::Session(e) => e.to_string(),
        Failure::Text(t) => t,
    })
}

/// Why [`apply_once`] failed.
enum Failure {
    Session(SessionError),
    Text(String),
}

impl From<SessionError> for Failure {
    fn from(e: SessionError) -> Self {
        Failure::Session(e)
    }
}

impl From<String> for Failure {
    fn from(t: String) -> Self {
        Failure::Text(t)
    }
}

impl From<&str> for Failure {
    fn from(t: &str) -> Self {
        Failure::Text(t.to_string())
    }
}

fn apply_once(
    session: &mut Session,
    command: &Command,
    hint_ms: u64,
) -> Result<Vec<String>, Failure> {
    let err = Failure::Session;
    match command {
        Command::Move(text) => {
            if session.position().is_over() {
                return Err("the game is over: type new to play again, or undo".into());
            }
            if let Some(level) = session.computer_to_move() {
                return Err(format!("it is the computer's turn ({})", level.name()).into());
            }
            let player = session.position().to_move();
            let cell = session.play_text(text).map_err(err)?;
            let mut out = vec![move_line(session, player, cell)];
            out.extend(render::outcome_lines(session.position()));
            Ok(out)
        }
        Command::Undo => {
            let undone = session.undo().map_err(err)?;
            let shape = session.rules().shape();
            let cells: Vec<String> = undone
                .iter()
                .map(|&c| notation::format_cell(shape, c))
                .collect();
            Ok(vec![format!(
                "took back {}; {} to move",
                cells.join(" and "),
                session.position().to_move()
            )])
        }
        Command::Redo => {
            let before = session.position().moves().len();
            let redone = session.redo().map_err(err)?;
            let mut out: Vec<String> = redone
                .iter()
                .enumerate()
                .map(|(i, &c)| move_line(session, Player::to_move_at(before + i), c))
                .collect();
            out.extend(render::outcome_lines(session.position()));
            Ok(out)
        }
        Command::Hint => match session.hint(&Budget::millis(hint_ms)) {
            Some(choice) => Ok(vec![hint_text(session.rules(), &choice)]),
            None => Err("the game is over: no hint".into()),
        },
        Command::Save { name, force } => {
            session.save(name, *force).map_err(err)?;
            Ok(vec![format!("saved as {name:?}")])
        }
        Command::Load(name) => {
            session.load(name).map_err(err)?;
            Ok(vec![format!("loaded {name:?}: {}", status_line(session))])
        }
        Command::New(preset) => {
            let rules = match preset {
                Some(p) => Rules::preset(p).map_err(|e| Failure::Text(e.to_string()))?,
                None => session.rules().clone(),
            };
            session.new_game(rules).map_err(err)?;
            Ok(vec![format!("new game: {}", status_line(session))])
        }
        Command::Moves => {
            let shape = session.rules().shape();
            let list = notation::format_move_list(shape, session.position().moves());
            Ok(vec![if list.is_empty() {
                "no moves yet".into()
            } else {
                format!("moves: {list}")
            }])
        }
        Command::Board | Command::Help | Command::Quit => Ok(Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_commands() {
        assert_eq!(parse("  ").unwrap(), None);
        assert_eq!(parse("1,2").unwrap(), Some(Command::Move("1,2".into())));
        assert_eq!(
            parse("save my game --force").unwrap(),
            Some(Command::Save {
                name: "my game".into(),
                force: true
            })
        );
        assert_eq!(
            parse("new connect4").unwrap(),
            Some(Command::New(Some("connect4".into())))
        );
        assert!(parse("save").is_err());
        assert!(parse("undo 3").is_err());
        assert_eq!(
            parse("dance").unwrap_err(),
            "unknown command \"dance\": type help for the list"
        );
    }
}
