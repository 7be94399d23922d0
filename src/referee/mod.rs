//! `hypertac referee`: runs bot programs against each other and prints standings.

/// Arguments of the subcommand.
#[derive(clap::Args, Debug, Default)]
pub struct RefereeArgs {}

/// Runs the subcommand; returns the process exit code.
pub fn run(_args: &RefereeArgs) -> i32 {
    eprintln!("not implemented yet");
    2
}
