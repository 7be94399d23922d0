//! `hypertac`: k-in-a-row games on boards of any number of dimensions.

mod solve;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// k-in-a-row games on boards of any number of dimensions.
#[derive(Parser, Debug)]
#[command(name = "hypertac", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Perfect solvers (`hypertac solve connect4`).
    Solve {
        #[command(subcommand)]
        game: SolveGame,
    },
}

#[derive(Subcommand, Debug)]
enum SolveGame {
    /// Connect Four positions as column strings ("4453"), one per line on stdin.
    Connect4(solve::SolveArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        Some(Command::Solve { game: SolveGame::Connect4(args) }) => solve::run(&args),
        None => 0,
    };
    ExitCode::from(code.clamp(0, 255) as u8)
}
