//! `hypertac play`: the game in a terminal — a full-screen UI when stdin and
//! stdout are terminals ([`tui`]), else line commands ([`plain`]).

mod board;
mod command;
mod help;
mod pager;
mod plain;
pub mod render;
mod replay;
mod review;
mod scores;
mod tui;
mod values;
mod view;
#[cfg(test)]
mod view_tests;

use crate::rules_args::RulesArgs;
use crate::session::{Resume, Session, Side};
use hypertac_ai::Level;
use hypertac_core::Rules;
use hypertac_store::Store;
use std::io::IsTerminal;

/// The computer's default thinking time per move.
pub const DEFAULT_TIME_MS: u64 = 1500;

/// Arguments of the subcommand.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct PlayArgs {
    /// The game's rules.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Who plays X: human, cpu or cpu:LEVEL (random, seed, easy, medium, hard, perfect).
    #[arg(long = "x", value_name = "PLAYER")]
    pub x: Option<String>,
    /// Who plays O (default cpu:hard).
    #[arg(long = "o", value_name = "PLAYER")]
    pub o: Option<String>,
    /// Start a new game even if one is in progress.
    #[arg(long)]
    pub new: bool,
    /// Line commands on stdin, plain text out (automatic when stdin is not a terminal).
    #[arg(long)]
    pub plain: bool,
    /// Pause between computer moves when the computer plays both sides.
    #[arg(long, value_name = "N")]
    pub delay_ms: Option<u64>,
    /// The computer's thinking time per move in milliseconds.
    #[arg(long, value_name = "N")]
    pub time_ms: Option<u64>,
}

/// Front-end settings taken from the arguments.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Thinking time per computer move.
    pub time_ms: u64,
    /// Pause between computer moves when both sides are the computer.
    pub delay_ms: u64,
}

impl PlayArgs {
    fn gives_rules(&self) -> bool {
        self.rules.given()
    }

    /// The rules the arguments ask for (4d when none are given).
    ///
    /// # Errors
    /// A message naming the bad argument.
    pub fn rules(&self) -> Result<Rules, String> {
        self.rules.rules()
    }

    /// The players the arguments ask for (X human, O cpu:hard by default).
    ///
    /// # Errors
    /// A message naming the bad player.
    pub fn sides(&self) -> Result<[Side; 2], String> {
        let x = self.x.as_deref().map(Side::parse).transpose()?;
        let o = self.o.as_deref().map(Side::parse).transpose()?;
        Ok([
            x.unwrap_or(Side::Human),
            o.unwrap_or(Side::Computer(Level::Hard)),
        ])
    }

    fn settings(&self) -> Settings {
        Settings {
            time_ms: self.time_ms.unwrap_or(DEFAULT_TIME_MS),
            delay_ms: self.delay_ms.unwrap_or(500),
        }
    }
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: &PlayArgs) -> i32 {
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let plain = args.plain || !terminal;
    if plain {
        hypertac_store::set_wait_notice(announce_wait);
    }
    match start(args) {
        Ok((session, notice)) => {
            let settings = args.settings();
            if plain {
                plain::run(session, notice, settings)
            } else {
                tui::run(session, notice, settings)
            }
        }
        Err(message) => {
            eprintln!("hypertac: {message}");
            1
        }
    }
}

/// Tells the user on stderr that another process holds the store.
pub fn announce_wait() {
    eprintln!("hypertac: the record store is in use by another hypertac; waiting (up to 5 s)...");
}

/// Opens the store and starts or resumes the game; returns the session and a
/// notice for the user (e.g. "resumed the game in progress").
fn start(args: &PlayArgs) -> Result<(Session, String), String> {
    let rules = args.rules()?;
    let sides = args.sides()?;
    let store = Store::open_default().map_err(|e| e.to_string())?;
    let fresh = |store, notice: String| {
        Session::new(rules.clone(), sides, Some(store))
            .map(|s| {
                let notice = match command::kept_line(&s) {
                    Some(kept) => format!("{notice}; {kept}"),
                    None => notice,
                };
                (s, notice)
            })
            .map_err(|e| e.to_string())
    };
    if args.new || args.gives_rules() {
        return fresh(store, "new game".into());
    }
    match Session::resume(store).map_err(|e| e.to_string())? {
        Resume::Resumed(mut session) => {
            if args.x.is_some() || args.o.is_some() {
                let mut new_sides = session.sides();
                if args.x.is_some() {
                    new_sides[0] = sides[0];
                }
                if args.o.is_some() {
                    new_sides[1] = sides[1];
                }
                session.set_sides(new_sides).map_err(|e| e.to_string())?;
            }
            let n = session.position().moves().len();
            Ok((
                *session,
                format!(
                    "resumed the game in progress ({} played)",
                    command::moves_count(n)
                ),
            ))
        }
        Resume::NoGame(store) => fresh(store, "new game".into()),
        Resume::Damaged(notice, store) => fresh(store, format!("{notice}; new game")),
    }
}
