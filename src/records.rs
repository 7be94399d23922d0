//! `hypertac records`: list, show, delete, rename, export and import game records.

/// Arguments of the subcommand.
#[derive(clap::Args, Debug)]
pub struct RecordsArgs {}

/// Runs the subcommand; returns the process exit code.
pub fn run(_args: &RecordsArgs) -> i32 {
    eprintln!("not implemented yet");
    2
}
