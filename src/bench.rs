//! `hypertac bench`: speed measurements, each beside a baseline run in the same process.

/// Arguments of the subcommand.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {}

/// Runs the subcommand; returns the process exit code.
pub fn run(_args: &BenchArgs) -> i32 {
    eprintln!("not implemented yet");
    2
}
