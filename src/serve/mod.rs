//! `hypertac serve`: the local web UI and its JSON API.

/// Arguments of the subcommand.
#[derive(clap::Args, Debug, Default)]
pub struct ServeArgs {}

/// Runs the subcommand; returns the process exit code.
pub fn run(_args: &ServeArgs) -> i32 {
    eprintln!("not implemented yet");
    2
}
