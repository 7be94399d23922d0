//! `hypertac solve connect4`: the perfect Connect Four solver on stdin/stdout.
//!
//! Reads one position per line on stdin, as a column string (`4453`: one
//! digit `1..=width` per move from the empty board; an empty line is the
//! empty board; anything after the first blank on a line is ignored, so the
//! benchmark files `<moves> <score>` can be fed directly). Writes
//! `<position> <score>` per line, or with `--analyze`
//! `<position> <s1> ... <sW>`, the score of every move, `-` for a full
//! column. Invalid lines are reported on stderr with their line number and
//! skipped; the exit code is then 1 (2 for bad options or I/O errors).
//! On 7x6 the opening book embedded in `hypertac-connect4` is used unless
//! `--no-book` is given.

use hypertac_connect4::{Book, Position, Solver};
use std::io::{BufRead, Write};
use std::time::Instant;

/// Arguments of `hypertac solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Print the score of each of the moves (`-` for a full column)
    /// instead of the score of the position.
    #[arg(long)]
    pub analyze: bool,
    /// Only win (1), draw (0) or loss (-1), which is faster.
    #[arg(long)]
    pub weak: bool,
    /// Board width (columns, 1-9).
    #[arg(long, default_value_t = 7)]
    pub width: u32,
    /// Board height (rows).
    #[arg(long, default_value_t = 6)]
    pub height: u32,
    /// log2 of the number of transposition table entries (8 bytes each).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(10..=30))]
    pub tt_log2: u32,
    /// Do not use the opening book shipped for the 7x6 board (results are
    /// the same, early positions are slower).
    #[arg(long)]
    pub no_book: bool,
    /// Search threads (default: one per CPU core, at most 8). With more
    /// than one, node counts vary from run to run; scores never do.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: Option<u32>,
    /// Also print the number of searched nodes and the time on each line:
    /// `<position> <score> <nodes> <microseconds>`.
    #[arg(long)]
    pub stats: bool,
}

/// Runs the solver; returns the process exit code.
pub fn run(args: &SolveArgs) -> i32 {
    let empty = match Position::with_size(args.width, args.height) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let mut solver = Solver::new(args.tt_log2);
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get().min(8)),
        |t| t as usize,
    );
    solver.set_threads(threads);
    if !args.no_book && args.width == 7 && args.height == 6 {
        solver.set_book(Some(Book::standard()));
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut invalid = 0usize;
    for (i, line) in stdin.lock().split(b'\n').enumerate() {
        let bytes = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: reading stdin: {e}");
                return 2;
            }
        };
        // Bytes that are not UTF-8 become U+FFFD and are reported as a bad character.
        let line = String::from_utf8_lossy(&bytes);
        let moves = line.split_whitespace().next().unwrap_or("");
        let mut pos = empty;
        if let Err(e) = pos.play_moves(moves) {
            eprintln!(
                "line {}: invalid position \"{}\": {e}",
                i + 1,
                shorten(moves)
            );
            invalid += 1;
            continue;
        }
        let nodes = solver.node_count();
        let start = Instant::now();
        let mut text = String::from(moves);
        if args.analyze {
            for s in solver.analyze(&pos, args.weak) {
                match s {
                    Some(v) => text.push_str(&format!(" {v}")),
                    None => text.push_str(" -"),
                }
            }
        } else {
            text.push_str(&format!(" {}", solver.solve(&pos, args.weak)));
        }
        if args.stats {
            text.push_str(&format!(
                " {} {}",
                solver.node_count() - nodes,
                start.elapsed().as_micros()
            ));
        }
        if let Err(e) = writeln!(out, "{text}").and_then(|_| out.flush()) {
            eprintln!("error: cannot write the output: {e}");
            return 2;
        }
    }
    if invalid > 0 {
        eprintln!("{invalid} invalid line(s)");
        1
    } else {
        0
    }
}

/// The position as shown in an error: at most 50 characters.
fn shorten(moves: &str) -> String {
    const SHOWN: usize = 50;
    if moves.chars().count() <= SHOWN {
        moves.to_string()
    } else {
        format!("{}...", moves.chars().take(SHOWN).collect::<String>())
    }
}
