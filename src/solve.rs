//! `hypertac solve connect4`: the perfect Connect Four solver on stdin/stdout.

/// Arguments of `hypertac solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {}

/// Runs the solver; returns the process exit code.
pub fn run(_args: &SolveArgs) -> i32 {
    0
}
