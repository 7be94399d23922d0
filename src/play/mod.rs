//! `hypertac play`: the game in a terminal (TUI or plain line mode).

/// Arguments of the subcommand.
#[derive(clap::Args, Debug, Default)]
pub struct PlayArgs {}

/// Runs the subcommand; returns the process exit code.
pub fn run(_args: &PlayArgs) -> i32 {
    eprintln!("not implemented yet");
    2
}
