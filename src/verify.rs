//! `hypertac verify FILE`: checks a proof certificate with the independent checker.
//!
//! Prints what was verified on stdout and exits 0, or names the first
//! failing position on stderr and exits 1 (`proof rejected: ...`); a file
//! that cannot be read exits 2. A progress line is drawn on stderr when it
//! is a terminal.

use hypertac_proof::{verify_threads, Certificate, Report};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Arguments of `hypertac verify`.
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// The proof file (written by `hypertac prove --proof FILE`).
    pub file: PathBuf,
    /// Threads to check on: the sections of a draw are checked at once
    /// (same verdict and counts as with 1; a proof of one section uses one).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
}

/// Runs the check; returns the process exit code.
pub fn run(args: &VerifyArgs) -> i32 {
    let start = Instant::now();
    let cert = match Certificate::load(&args.file) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file.display());
            return 2;
        }
    };
    let loaded = start.elapsed();
    let bar = progress_bar();
    let result = verify_threads(&cert, usize::from(args.threads), &|n| bar.set_position(n));
    bar.finish_and_clear();
    let checked = start.elapsed() - loaded;
    match result {
        Ok(report) => {
            let text = describe(&report, loaded, checked);
            if let Err(e) = crate::output::write_stdout(&text) {
                eprintln!("error: cannot write the output: {e}");
                return 2;
            }
            0
        }
        Err(e) => {
            eprintln!("proof rejected: {e}");
            1
        }
    }
}

fn describe(report: &Report, loaded: Duration, checked: Duration) -> String {
    let secs = checked.as_secs_f64();
    let rate = if secs > 0.0 {
        format!(", {:.0} positions/s", report.positions() as f64 / secs)
    } else {
        String::new()
    };
    let mut text = format!(
        "proof accepted: {}\nrules:       {}\nroot:        {}\nsymmetries:  {}\n",
        report.value,
        report.rules,
        if report.root.is_empty() {
            "the empty board"
        } else {
            &report.root
        },
        report.symmetries
    );
    for s in &report.sections {
        text.push_str(&format!(
            "section:     {} {}: {} positions, {} proved with a move (up to symmetry), {}/{} entries used\n",
            s.player, s.goal, s.positions, s.proved, s.entries_used, s.entries
        ));
    }
    text.push_str(&format!(
        "positions:   {} checked in {secs:.2} s{rate} (file read in {:.2} s)\nentries:     {}/{} used\n",
        report.positions(),
        loaded.as_secs_f64(),
        report.entries_used(),
        report.entries()
    ));
    text
}

fn progress_bar() -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    if std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} verifying: {pos} positions  {per_sec}  {elapsed}",
        ) {
            bar.set_style(style);
        }
        bar.enable_steady_tick(Duration::from_millis(200));
    }
    bar
}
