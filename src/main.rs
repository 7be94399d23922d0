//! `hypertac`: k-in-a-row games on boards of any number of dimensions.
//!
//! A thin binary: each subcommand lives in its own module, parses its
//! arguments and calls the library crates (`hypertac-core`, `hypertac-ai`,
//! `hypertac-store`).

mod analyze;
mod atomic_file;
mod bench;
mod book;
mod book_status;
mod book_tried;
mod bot;
mod duration;
mod index;
mod output;
mod play;
mod protocol;
mod prove;
mod records;
mod referee;
mod rules_args;
mod serve;
mod session;
mod shard_spec;
mod solve;
mod verify;
mod words;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// k-in-a-row games on boards of any number of dimensions.
///
/// Without a subcommand, `hypertac` starts (or resumes) the game: `hypertac play`.
#[derive(Parser, Debug)]
#[command(name = "hypertac", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play in the terminal (the default).
    Play(play::PlayArgs),
    /// Serve the game as a local web page.
    Serve(serve::ServeArgs),
    /// One move of the n^d tic-tac-toe tournament protocol (stdin `n,d` and moves).
    Bot(bot::BotArgs),
    /// Perfect solvers (`hypertac solve connect4`).
    Solve {
        #[command(subcommand)]
        game: SolveGame,
    },
    /// Run bot programs against each other and print standings.
    Referee(referee::RefereeArgs),
    /// Manage saved game records.
    Records(records::RecordsArgs),
    /// Speed measurements against in-process baselines.
    Bench(bench::BenchArgs),
    /// The exact value of a position, with a certificate (`--proof FILE`).
    Prove(prove::ProveArgs),
    /// Check a proof certificate with the independent checker.
    Verify(verify::VerifyArgs),
    /// Write the index of a proof certificate beside it (`FILE.idx`), read by the bot and the hint.
    Index(index::IndexArgs),
    /// Every move of a position with its proved value (`--review`: a game move by move).
    Analyze(analyze::AnalyzeArgs),
    /// Build an opening book of proved values of early positions (for `analyze`).
    Book(book::BookArgs),
}

#[derive(Subcommand, Debug)]
enum SolveGame {
    /// Connect Four positions as column strings ("4453"), one per line on stdin.
    Connect4(solve::SolveArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        None => play::run(&play::PlayArgs::default()),
        Some(Command::Play(args)) => play::run(&args),
        Some(Command::Serve(args)) => serve::run(&args),
        Some(Command::Bot(args)) => bot::run(&args),
        Some(Command::Solve {
            game: SolveGame::Connect4(args),
        }) => solve::run(&args),
        Some(Command::Referee(args)) => referee::run(&args),
        Some(Command::Records(args)) => records::run(&args),
        Some(Command::Bench(args)) => {
            output::end_on_closed_stdout();
            bench::run(&args)
        }
        Some(Command::Prove(args)) => {
            output::end_on_closed_stdout();
            prove::run(&args)
        }
        Some(Command::Verify(args)) => verify::run(&args),
        Some(Command::Index(args)) => index::run(&args),
        Some(Command::Analyze(args)) => {
            output::end_on_closed_stdout();
            analyze::run(&args)
        }
        Some(Command::Book(args)) => book::run(&args),
    };
    ExitCode::from(code.clamp(0, 255) as u8)
}
