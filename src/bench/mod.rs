//! `hypertac bench`: speed measurements, each beside a baseline run in the same process.
//!
//! `hypertac bench playouts` times random playouts with incremental win
//! detection (dense and sparse boards) against the seed apps' full-board
//! scan after every move, on exactly the same games, and prints the ratios.

use hypertac_core::playout::{play_out, play_out_naive, random_fill};
use hypertac_core::reference::NaiveGame;
use hypertac_core::{Mode, Position, Rules};
use std::time::{Duration, Instant};

mod prove_bench;

/// Arguments of `hypertac bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// What to measure.
    #[arg(value_enum, default_value = "playouts")]
    what: BenchKind,
    /// Seconds per measurement.
    #[arg(long, default_value_t = 1.0)]
    seconds: f64,
    /// Boards (presets); default: connect4, qubic, 4d, nd 6 5.
    #[arg(long = "game")]
    games: Vec<String>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum BenchKind {
    /// Random playouts per second, incremental vs full-board scan.
    Playouts,
    /// The prover on a fixed list of positions, against plain df-pn.
    Prove,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: &BenchArgs) -> i32 {
    match args.what {
        BenchKind::Playouts => playouts(args),
        BenchKind::Prove => prove_bench::run(args.seconds),
    }
}

/// Runs `one` for about `budget`, over and over; returns runs per second.
fn rate(budget: Duration, mut one: impl FnMut(usize)) -> f64 {
    let start = Instant::now();
    let mut runs = 0;
    while start.elapsed() < budget || runs < 3 {
        one(runs);
        runs += 1;
    }
    runs as f64 / start.elapsed().as_secs_f64()
}

fn playouts(args: &BenchArgs) -> i32 {
    let names: Vec<String> = if args.games.is_empty() {
        ["connect4", "qubic", "4d", "nd 6 5"]
            .map(String::from)
            .to_vec()
    } else {
        args.games.clone()
    };
    let budget = Duration::from_secs_f64(args.seconds.clamp(0.05, 600.0));
    println!(
        "{:<14} {:>14} {:>14} {:>14} {:>10} {:>10}",
        "board", "dense /s", "sparse /s", "full scan /s", "dense/scan", "sparse/scan"
    );
    for name in names {
        let rules = match Rules::preset(&name) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("hypertac bench: {e}");
                return 2;
            }
        };
        if Mode::for_rules(&rules) == Mode::Sparse {
            eprintln!("hypertac bench: {rules} is too large for playouts");
            return 2;
        }
        let games: Vec<_> = (0..64).map(|s| random_fill(&rules, s)).collect();
        let dense = Position::with_mode(rules.clone(), Mode::Dense).expect("checked size");
        let sparse = Position::with_mode(rules.clone(), Mode::Sparse).expect("sparse always works");
        let naive = NaiveGame::new(rules.clone());
        let r_dense = rate(budget, |i| {
            play_out(&mut dense.clone(), &games[i % games.len()]);
        });
        let r_sparse = rate(budget, |i| {
            play_out(&mut sparse.clone(), &games[i % games.len()]);
        });
        let r_naive = rate(budget, |i| {
            play_out_naive(&mut naive.clone(), &games[i % games.len()]);
        });
        println!(
            "{:<14} {:>14.0} {:>14.0} {:>14.0} {:>9.1}x {:>9.1}x",
            rules.shape().to_string() + if rules.gravity().is_some() { " g" } else { "" },
            r_dense,
            r_sparse,
            r_naive,
            r_dense / r_naive,
            r_sparse / r_naive
        );
    }
    0
}
