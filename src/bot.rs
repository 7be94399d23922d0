//! `hypertac bot`: one move of the n^d tic-tac-toe tournament protocol.
//!
//! stdin: the board header on the first line (`n,d`, or for another preset
//! the sizes the referee sends: `7x6` Connect Four, `4x4x4` 3D Connect Four,
//! `15x15` gomoku; see `protocol`), the moves so far (`x,y,..;x,y,..`, X
//! first, full cells with coordinates from 0) on the second (empty or
//! missing before the first move). stdout: one move `x,y,..` and nothing else; exit 0. Bad
//! input: one line on stderr naming the problem, exit 2.
//!
//! The answer is deterministic: the computer player's search is bounded by
//! node counts, not by the clock; `--time-ms` is only a safety cap far above
//! the usual thinking time, and only when it cuts a search short can the
//! move depend on the machine's speed.

use hypertac_ai::{choose, Budget, Level};
use hypertac_core::{notation, Cell, Mode, Outcome, PlayError, Position, Rules};
use std::io::Read;

/// Most bytes read from stdin (the move list of a full 6^5 board is under 100 KB).
const MAX_INPUT: usize = 4 << 20;

/// Arguments of the subcommand.
#[derive(clap::Args, Debug)]
pub struct BotArgs {
    /// Playing strength: random, seed, easy, medium, hard (or perfect);
    /// on Connect Four the default `hard` plays perfectly (through the solver).
    #[arg(long, default_value = "hard", value_parser = Level::parse)]
    pub level: Level,
    /// Seed for tie-breaks and random moves; the same seed gives the same move.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Safety cap on thinking time in milliseconds (searches are bounded by
    /// node counts and normally end far sooner).
    #[arg(long, default_value_t = 20_000)]
    pub time_ms: u64,
    /// Also write why the move was chosen to stderr.
    #[arg(long)]
    pub explain: bool,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: &BotArgs) -> i32 {
    let mut input = String::new();
    if let Err(e) = std::io::stdin()
        .take(MAX_INPUT as u64 + 1)
        .read_to_string(&mut input)
    {
        eprintln!("error: cannot read stdin: {e}");
        return 2;
    }
    if input.len() > MAX_INPUT {
        eprintln!("error: the input is longer than {MAX_INPUT} bytes");
        return 2;
    }
    match answer(&input, args) {
        Ok(text) => match crate::output::write_stdout(&format!("{text}\n")) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: cannot write the move: {e}");
                2
            }
        },
        Err(message) => {
            eprintln!("error: {message}");
            2
        }
    }
}

/// The move to print for a protocol input, or the one-line error message.
pub fn answer(input: &str, args: &BotArgs) -> Result<String, String> {
    let pos = parse_input(input)?;
    let budget = Budget::millis(args.time_ms);
    let choice = choose(&pos, level_for(&pos, args.level), args.seed, &budget)
        .ok_or_else(|| "no move is possible".to_string())?;
    if args.explain {
        eprintln!("{}", choice.reason);
    }
    Ok(notation::format_cell(pos.rules().shape(), choice.cell))
}

/// The level to play: the strongest, `hard`, becomes `perfect` on Connect
/// Four, where the solver plays every move perfectly.
fn level_for(pos: &Position, level: Level) -> Level {
    if level == Level::Hard && pos.rules().is_connect4() {
        Level::Perfect
    } else {
        level
    }
}

/// Reads the header and the move list into a position whose game is still on.
fn parse_input(input: &str) -> Result<Position, String> {
    let mut lines = input.split('\n').map(|l| l.trim_end_matches('\r'));
    if input.trim().is_empty() {
        return Err(
            "empty input: expected the board (`n,d` like 4,3, or 7x6) on the first line".into(),
        );
    }
    let header = lines
        .next()
        .filter(|l| !l.trim().is_empty())
        .ok_or("the first line is empty: expected the board (`n,d` like 4,3, or 7x6)")?;
    let rules = crate::protocol::parse_header(header)?;
    let moves_line = lines.next().unwrap_or("");
    if let Some(extra) = lines.find(|l| !l.trim().is_empty()) {
        return Err(format!(
            "unexpected third line {}: expected the board then one line of moves",
            notation::quote(extra)
        ));
    }
    let shape = rules.shape().clone();
    let moves = notation::parse_move_list(&shape, moves_line).map_err(|e| e.to_string())?;
    let pos = replay(rules, &moves).map_err(|(i, e)| {
        let cell = notation::format_cell(&shape, moves[i]);
        match e {
            PlayError::Occupied { .. } => {
                format!("move {} ({cell}) repeats an earlier move: {e}", i + 1)
            }
            PlayError::GameOver => {
                format!(
                    "move {} ({cell}) comes after the game was already won",
                    i + 1
                )
            }
            _ => format!("move {} ({cell}): {e}", i + 1),
        }
    })?;
    match pos.outcome() {
        Outcome::Ongoing => Ok(pos),
        Outcome::Win { winner, .. } => Err(format!("the game is already over: {winner} won")),
        Outcome::Draw => Err("the game is already over: the board is full".into()),
    }
}

/// Boards whose dense line table would take longer than this to build
/// (cells times directions) are played in sparse mode.
const DENSE_MAX_WORK: u64 = 30_000_000;

/// Replays the moves, in sparse mode when a dense table would be slow to build.
fn replay(rules: Rules, moves: &[Cell]) -> Result<Position, (usize, PlayError)> {
    let shape = rules.shape();
    let directions = (3u64.pow(shape.dims() as u32) - 1) / 2;
    let mode = if shape.cell_count().saturating_mul(directions) > DENSE_MAX_WORK {
        Mode::Sparse
    } else {
        Mode::for_rules(&rules)
    };
    let mut pos = Position::with_mode(rules, mode).expect("sparse mode fits every board");
    for (i, &m) in moves.iter().enumerate() {
        pos.try_play(m).map_err(|e| (i, e))?;
    }
    Ok(pos)
}
