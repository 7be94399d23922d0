//! `hypertac bot`: one move of the n^d tic-tac-toe tournament protocol.

/// Arguments of the subcommand.
#[derive(clap::Args, Debug)]
pub struct BotArgs {}

/// Runs the subcommand; returns the process exit code.
pub fn run(_args: &BotArgs) -> i32 {
    eprintln!("not implemented yet");
    2
}
