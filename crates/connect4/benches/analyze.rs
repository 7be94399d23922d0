//! Latency of the per-column analysis (`hypertac solve connect4 --analyze`)
//! on a fixed list of positions with 0 to 12 stones, with and without the
//! opening book.
//!
//! ```text
//! cargo bench -p hypertac-connect4 --bench analyze              # book, then no book
//! cargo bench -p hypertac-connect4 --bench analyze -- book      # only with the book
//! cargo bench -p hypertac-connect4 --bench analyze -- list      # print the list
//! cargo bench -p hypertac-connect4 --bench analyze -- nobook from=3  # 3 stones or more
//! ```
//!
//! The list: the empty board, `4`, `44`, `17`, `123`, `4453`, and for
//! every number of stones from 1 to 12 four positions of a fixed
//! pseudo-random game (seeded, so the list never changes; no move of it
//! completes four in a row). Each position is analysed by a fresh solver
//! (table of `2^C4_TT_LOG2` entries, default 20 as in the command line,
//! `C4_THREADS` threads, default 2 as the command line on this machine),
//! created and cleared outside the timing, as a new
//! `hypertac solve connect4 --analyze` would. Prints every position's
//! time, then p50, p95 and max. `C4_BOOK=FILE` uses that book file
//! instead of the embedded one.

use hypertac_connect4::{Book, Position, Solver};
use std::time::Instant;

/// The positions named in the issue.
const NAMED: [&str; 6] = ["", "4", "44", "17", "123", "4453"];
/// Random positions per number of stones.
const PER_STONES: usize = 4;
/// Largest number of stones.
const MAX_STONES: u32 = 12;

/// A small xorshift generator (fixed seed: the list never changes).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % u64::from(n)) as u32
    }
}

/// The fixed list of positions.
fn positions() -> Vec<String> {
    let mut list: Vec<String> = NAMED.iter().map(|s| s.to_string()).collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for stones in 1..=MAX_STONES {
        let mut made = 0;
        while made < PER_STONES {
            let mut pos = Position::new();
            let mut moves = String::new();
            while pos.nb_moves() < stones {
                let c = rng.below(7);
                if pos.can_play(c) && !pos.is_winning_move(c) {
                    pos.play(c);
                    moves.push(char::from(b'1' + c as u8));
                } else if (0..7).all(|c| !pos.can_play(c) || pos.is_winning_move(c)) {
                    break;
                }
            }
            if pos.nb_moves() == stones && !list.contains(&moves) {
                list.push(moves);
                made += 1;
            }
        }
    }
    list
}

fn env(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn run(list: &[String], book: bool) {
    let tt_log2 = env("C4_TT_LOG2", 20);
    let threads = env("C4_THREADS", 2) as usize;
    // `C4_BOOK`: a book file to use instead of the embedded one (e.g. the
    // output of a generator run under way).
    let standard = book.then(|| match std::env::var("C4_BOOK") {
        Ok(path) => {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            Book::from_bytes(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"))
        }
        Err(_) => Book::standard(),
    });
    if let Some(b) = &standard {
        println!("book: {} positions, depth {}", b.len(), b.depth());
    }
    println!(
        "## {} (table 2^{tt_log2}, {threads} thread(s))",
        if book {
            "with the book"
        } else {
            "without the book"
        }
    );
    let mut times = Vec::new();
    let mut solver = Solver::new(tt_log2);
    solver.set_threads(threads);
    solver.set_book(standard);
    for moves in list {
        let pos = Position::from_moves(moves).expect("valid position");
        solver.reset();
        let t = Instant::now();
        let scores = solver.analyze(&pos, false);
        let secs = t.elapsed().as_secs_f64();
        times.push(secs);
        let text: Vec<String> = scores
            .iter()
            .map(|s| s.map_or("-".into(), |v| v.to_string()))
            .collect();
        println!(
            "{:>13} {:>10.4} s  {}",
            if moves.is_empty() { "(empty)" } else { moves },
            secs,
            text.join(" ")
        );
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{} positions: p50 {:.4} s, p95 {:.4} s, max {:.4} s\n",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.95),
        times[times.len() - 1]
    );
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let mut list = positions();
    // `from=N`: only the positions with at least N stones (the earliest
    // ones take minutes each without the book).
    if let Some(n) = args.iter().find_map(|a| a.strip_prefix("from=")) {
        let n: usize = n.parse().expect("from=N");
        list.retain(|m| m.len() >= n);
    }
    if args.iter().any(|a| a == "list") {
        for p in &list {
            println!("{p}");
        }
        return;
    }
    let all = !args.iter().any(|a| a == "book" || a == "nobook");
    if all || args.iter().any(|a| a == "book") {
        run(&list, true);
    }
    if all || args.iter().any(|a| a == "nobook") {
        run(&list, false);
    }
}
