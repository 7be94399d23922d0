//! One refereed game: ask the side to move for its move (a fresh process per
//! move), check it, play it, until the game ends or a bot breaks the protocol.

use super::fault::{read_answer, Fault};
use super::schedule::Board;
use super::spawn::{run_bot, Exit};
use hypertac_core::notation::format_cell;
use hypertac_core::{Outcome, Player, Position};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// A side won by the rules (e.g. completed a line).
    Won(Player),
    /// The rules call it a draw (e.g. the board is full).
    Drawn,
    /// A side broke the protocol and loses.
    Forfeit {
        /// The side that broke it.
        loser: Player,
        /// How.
        fault: Fault,
        /// Its stderr's last line, if any.
        stderr: String,
    },
    /// The referee was stopped before the game ended; it does not count.
    Interrupted,
}

impl End {
    /// The winning side, if any.
    pub fn winner(&self) -> Option<Player> {
        match self {
            End::Won(p) => Some(*p),
            End::Forfeit { loser, .. } => Some(loser.other()),
            End::Drawn | End::Interrupted => None,
        }
    }
}

/// A finished (or interrupted) game.
#[derive(Clone, Debug)]
pub struct Game {
    /// The final position (moves played, outcome by the rules).
    pub position: Position,
    /// Wall time of each played move, milliseconds.
    pub move_ms: Vec<u64>,
    /// When each move was played, Unix milliseconds.
    pub at_ms: Vec<i64>,
    /// How it ended.
    pub end: End,
    /// Start and end, Unix milliseconds.
    pub started_ms: i64,
    /// End, Unix milliseconds.
    pub finished_ms: i64,
}

/// Plays a game on `board` between the commands `x` and `o`; with
/// `adjudicate_dead` a dead position (no line can be completed) ends it as a draw.
pub fn play(
    board: &Board,
    x: &str,
    o: &str,
    timeout: Duration,
    adjudicate_dead: bool,
    stop: &AtomicBool,
) -> Game {
    let started_ms = now_ms();
    let mut position = Position::new(board.rules.clone());
    position.set_dead_draw(adjudicate_dead);
    let mut move_ms = Vec::new();
    let mut at_ms = Vec::new();
    // The move list `x,y;x,y;...`, grown by one cell per move.
    let mut moves_text = String::new();
    let end = loop {
        match position.outcome() {
            Outcome::Win { winner, .. } => break End::Won(*winner),
            Outcome::Draw => break End::Drawn,
            Outcome::Ongoing => {}
        }
        let side = position.to_move();
        let command = if side == Player::X { x } else { o };
        let input = format!("{}\n{moves_text}\n", board.header);
        let run = run_bot(command, &input, timeout, stop);
        if run.exit == Exit::Stopped {
            break End::Interrupted;
        }
        match read_answer(run.exit, &position) {
            Ok(cell) => {
                // read_answer has checked the move.
                position.play(cell);
                if !moves_text.is_empty() {
                    moves_text.push(';');
                }
                moves_text.push_str(&format_cell(board.rules.shape(), cell));
                move_ms.push(run.ms);
                at_ms.push(now_ms());
            }
            Err(fault) => {
                break End::Forfeit {
                    loser: side,
                    fault,
                    stderr: run.stderr_tail,
                }
            }
        }
    };
    Game {
        position,
        move_ms,
        at_ms,
        end,
        started_ms,
        finished_ms: now_ms(),
    }
}

/// The current time, Unix milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
