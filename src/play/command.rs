//! Text commands, shared by plain mode and the terminal UI's `:` prompt.

use crate::play::render;
use crate::session::{MoveError, MoveInput, Session, SessionError};
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
    /// Every move's value, proved (`analyze`).
    Analyze,
    /// The game so far move by move: the values before and after each
    /// move, the moves that threw away a win or a draw, and why.
    Review,
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

/// The commands, as (what to type, what it does), in the words of this
/// game: Connect Four moves are columns counted from 1, never coordinates.
pub fn help_entries(rules: &Rules) -> Vec<(String, String)> {
    let d = rules.shape().dims();
    let play = match rules.gravity() {
        Some(_) if d == 2 => (
            format!("1-{}", rules.shape().size(0)),
            "drop a stone in that column (counted from 1)".to_string(),
        ),
        Some(g) => (
            move_example(rules)
                .trim_start_matches("a column like ")
                .to_string(),
            format!(
                "drop a stone in that column: the cell without its {} (counted from 0)",
                render::axis_letter(g)
            ),
        ),
        None => (
            move_example(rules)
                .trim_start_matches("a cell like ")
                .to_string(),
            "play that cell (coordinates counted from 0)".to_string(),
        ),
    };
    let mut entries = vec![play];
    entries.extend(
        [
            (
                "undo",
                "take back your last move (and the computer's reply)",
            ),
            ("redo", "replay what undo took back"),
            ("hint", "the computer's suggestion for the side to move"),
            (
                "analyze",
                "every move's value (X wins, O wins, draw), proved",
            ),
            (
                "review",
                "the game so far: each move's value before and after, and the moves that threw away a win or a draw",
            ),
            ("save NAME", "save the game under a name"),
            ("save NAME --force", "replace the record of that name"),
            ("load NAME", "continue a saved game"),
            ("new", "a new game with the same rules"),
            (
                "new GAME",
                "a new game of tictactoe, qubic, 4d, connect4, connect4-3d, gomoku or nd N D",
            ),
            ("board", "show the board"),
            ("moves", "list the moves so far"),
            ("help", "this list"),
            ("quit", "leave; the game stays saved and resumes next time"),
        ]
        .map(|(k, w)| (k.to_string(), w.to_string())),
    );
    entries
}

/// The command list as plain mode prints it: one command per line.
pub fn help_text(rules: &Rules) -> String {
    let entries = help_entries(rules);
    let width = entries
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let mut text = format!("{}\ncommands:", render::how_to_win(rules));
    for (key, what) in entries {
        text.push_str(&format!("\n  {key:<width$}  {what}"));
    }
    text
}

/// Parses a command line; `Ok(None)` for a blank line.
///
/// # Errors
/// An unknown command or missing argument, as one line.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let line = line.trim();
    let Some(first) = line.split_whitespace().next() else {
        return Ok(None);
    };
    // Anything shaped like coordinates is a move, so `a,b` and `-1,0` get
    // the notation's error (a bad cell), not "unknown command".
    if first.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+')
        || first.contains(',')
    {
        return Ok(Some(Command::Move(line.to_string())));
    }
    let rest = line[first.len()..].trim();
    let word = first.to_ascii_lowercase();
    let no_args = |cmd: Command| {
        if rest.is_empty() {
            Ok(Some(cmd))
        } else {
            Err(format!("{word} takes no arguments (got {})", quote(rest)))
        }
    };
    match word.as_str() {
        "undo" | "u" => no_args(Command::Undo),
        "redo" | "r" => no_args(Command::Redo),
        "hint" => no_args(Command::Hint),
        "analyze" | "analyse" | "values" => no_args(Command::Analyze),
        "review" => no_args(Command::Review),
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
        _ => Err(format!(
            "unknown command {}: type help for the list",
            quote(first)
        )),
    }
}

/// The most characters of a person's input quoted back in a message.
pub const QUOTE_CHARS: usize = 60;

/// `text` in double quotes (escaped as Rust's `{:?}`), cut to
/// [`QUOTE_CHARS`] characters with `…` when longer.
pub fn quote(text: &str) -> String {
    if text.chars().count() <= QUOTE_CHARS {
        return format!("{text:?}");
    }
    let start: String = text.chars().take(QUOTE_CHARS - 1).collect();
    format!("{:?}", format!("{start}…"))
}

/// `message` with every double-quoted part longer than [`QUOTE_CHARS`]
/// characters cut to that length, so an error never echoes a huge input.
pub fn shorten_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut chars = message.chars();
    while let Some(c) = chars.next() {
        out.push(c);
        if c != '"' {
            continue;
        }
        // Inside a quoted part: copy up to the limit, skip the rest.
        let mut kept = 0;
        let mut cut = false;
        let mut escaped = false;
        for c in chars.by_ref() {
            let closing = c == '"' && !escaped;
            escaped = c == '\\' && !escaped;
            if closing {
                if cut {
                    while out.ends_with('\\') {
                        out.pop();
                    }
                    out.push('…');
                }
                out.push('"');
                break;
            }
            if kept < QUOTE_CHARS - 1 {
                out.push(c);
                kept += 1;
            } else {
                cut = true;
            }
        }
    }
    out
}

/// `X plays 1,2`; on gravity boards the column as typed (`X plays 4` in
/// Connect Four).
pub fn move_line(session: &Session, player: Player, cell: Cell) -> String {
    format!(
        "{player} plays {}",
        notation::format_move(session.rules(), cell)
    )
}

/// Where the game in progress went when a new game or `load` replaced it.
pub fn kept_line(session: &Session) -> Option<String> {
    session
        .kept()
        .map(|name| format!("your previous game was kept as {name:?} (load {name} plays it on)"))
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
        crate::words::game_name(session.rules()),
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

/// A hint as the player would type it, with the reason, and on gravity
/// boards of 3 or more axes the cell it lands on: `hint: 4 (perfect play:
/// wins)`, `hint: 1,2 (lands on 1,2,0)`.
pub fn hint_text(pos: &hypertac_core::Position, choice: &Choice) -> String {
    let rules = pos.rules();
    let typed = notation::format_move(rules, choice.cell);
    let mut notes = Vec::new();
    if rules.gravity().is_some() && rules.shape().dims() > 2 {
        notes.push(format!(
            "lands on {}",
            notation::format_cell(rules.shape(), choice.cell)
        ));
    }
    if !choice.reason.is_empty() {
        notes.push(crate::words::reason(pos.to_move(), &choice.reason));
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

/// Least time plain mode's `analyze` gives the prover.
const ANALYZE_MS: u64 = 30_000;

fn apply_once(
    session: &mut Session,
    command: &Command,
    hint_ms: u64,
) -> Result<Vec<String>, Failure> {
    let err = Failure::Session;
    match command {
        Command::Move(text) => {
            let player = session.position().to_move();
            let cell = session
                .play_move(MoveInput::Text(text))
                .map_err(|e| match e {
                    SessionError::BadMove(MoveError::GameOver) => {
                        "the game is over: type new to play again, or undo".into()
                    }
                    e => Failure::Session(e),
                })?;
            let mut out = vec![move_line(session, player, cell)];
            out.extend(render::outcome_lines(session.position()));
            Ok(out)
        }
        Command::Undo => {
            let undone = session.undo().map_err(err)?;
            let rules = session.rules();
            let cells: Vec<String> = undone
                .iter()
                .map(|&c| notation::format_move(rules, c))
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
        Command::Analyze => super::values::plain_lines(
            session.position(),
            std::time::Duration::from_millis(hint_ms.max(ANALYZE_MS)),
        )
        .map_err(Failure::from),
        Command::Review => super::review::review_lines(
            session.position(),
            super::review::PER_POSITION,
            super::review::TOTAL,
            None,
        )
        .map_err(Failure::from),
        Command::Hint => match session.hint(&Budget::millis(hint_ms)) {
            Some(choice) => Ok(vec![hint_text(session.position(), &choice)]),
            None => Err("the game is over: no hint".into()),
        },
        Command::Save { name, force } => {
            session.save(name, *force).map_err(err)?;
            Ok(vec![format!("saved as {name:?}")])
        }
        Command::Load(name) => {
            session.load(name).map_err(err)?;
            let mut lines = vec![format!("loaded {name:?}: {}", status_line(session))];
            lines.extend(kept_line(session));
            Ok(lines)
        }
        Command::New(preset) => {
            let rules = match preset {
                Some(p) => Rules::preset(p).map_err(|e| Failure::Text(e.to_string()))?,
                None => session.rules().clone(),
            };
            session.new_game(rules).map_err(err)?;
            let mut lines = vec![format!("new game: {}", status_line(session))];
            lines.extend(kept_line(session));
            Ok(lines)
        }
        Command::Moves => {
            let list = crate::words::moves_text(session.position());
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
        for cell in ["a,b", "-1,0", "+1,0", "x,1,2"] {
            assert_eq!(parse(cell).unwrap(), Some(Command::Move(cell.into())));
        }
    }

    #[test]
    fn long_input_is_quoted_short() {
        let long = "z".repeat(200_000);
        let e = parse(&long).unwrap_err();
        assert!(e.len() < 120, "{e}");
        assert!(
            e.starts_with(&format!("unknown command \"{}…\"", "z".repeat(59))),
            "{e}"
        );
        let message = format!("bad cell {:?}: \"x\" is not a coordinate", "1,".repeat(500));
        let short = shorten_quotes(&message);
        assert!(short.ends_with("…\": \"x\" is not a coordinate"), "{short}");
        assert!(short.len() < 100, "{short}");
        assert_eq!(
            shorten_quotes("cell \"1,1\" is taken"),
            "cell \"1,1\" is taken"
        );
        let escapes = format!("{:?}", "\"".repeat(100));
        assert!(!shorten_quotes(&escapes).contains("\\…"), "no cut escape");
    }
}
