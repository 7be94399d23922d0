//! Self-play match: the `hard` level against the `seed` and `random`
//! baselines on every n^d board with n in 3..=6 and d in 2..=5, both
//! colours, printing a standings table.
//!
//! `cargo run --release -p hypertac-ai --example selfplay -- [--work W] [--games G] [--threads T]`

use hypertac_ai::{choose_with_work, work_budget, Budget, Level};
use hypertac_core::{Player, Position, Rules};
use rayon::prelude::*;
use std::time::Instant;

#[derive(Clone, Copy, Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    moves: u32,
}

struct Game {
    n: u32,
    d: usize,
    opponent: Level,
    strong_as: Player,
    seed: u64,
}

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Boards picked with `--boards 4^3,6^4` (default: all).
fn boards() -> Option<Vec<(u32, usize)>> {
    let args: Vec<String> = std::env::args().collect();
    let list = args
        .iter()
        .position(|a| a == "--boards")
        .and_then(|i| args.get(i + 1))?;
    Some(
        list.split(',')
            .filter_map(|b| {
                let (n, d) = b.split_once('^')?;
                Some((n.parse().ok()?, d.parse().ok()?))
            })
            .collect(),
    )
}

fn play(g: &Game, work: u64) -> (Option<Player>, u32) {
    let mut pos = Position::new(Rules::cube(g.n, g.d).expect("valid cube"));
    while !pos.is_over() {
        let mover = pos.to_move();
        let (level, budget) = if mover == g.strong_as {
            (Level::Hard, Some(work))
        } else {
            (g.opponent, None)
        };
        let choice = choose_with_work(&pos, level, g.seed, &Budget::millis(60_000), budget)
            .expect("a move while the game is on");
        pos.play(choice.cell);
    }
    (pos.outcome().winner(), pos.moves().len() as u32)
}

fn main() {
    let work = arg("--work", work_budget(Level::Hard).unwrap_or(1_000_000) / 4);
    let games = arg("--games", 1);
    let threads = arg("--threads", 2) as usize;
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
        .expect("thread pool");
    let only = boards();
    let mut list = Vec::new();
    for n in 3..=6u32 {
        for d in 2..=5usize {
            if only.as_ref().is_some_and(|b| !b.contains(&(n, d))) {
                continue;
            }
            for opponent in [Level::Seed, Level::Random] {
                for strong_as in [Player::X, Player::O] {
                    for seed in 0..games {
                        list.push(Game {
                            n,
                            d,
                            opponent,
                            strong_as,
                            seed: seed * 7919 + 1,
                        });
                    }
                }
            }
        }
    }
    // Biggest boards first, so the pool stays busy to the end.
    list.sort_by_key(|g| std::cmp::Reverse(u64::from(g.n).pow(g.d as u32)));
    let start = Instant::now();
    let results: Vec<(usize, Option<Player>, u32)> = list
        .par_iter()
        .enumerate()
        .map(|(i, g)| {
            let (winner, moves) = play(g, work);
            (i, winner, moves)
        })
        .collect();
    let mut table = std::collections::BTreeMap::<(u32, usize, &str), Tally>::new();
    let mut lost = Vec::new();
    for (i, winner, moves) in results {
        let g = &list[i];
        let t = table.entry((g.n, g.d, g.opponent.name())).or_default();
        t.moves += moves;
        match winner {
            Some(w) if w == g.strong_as => t.wins += 1,
            Some(_) => {
                t.losses += 1;
                lost.push(format!(
                    "{}^{} as {} vs {} seed {}",
                    g.n,
                    g.d,
                    g.strong_as,
                    g.opponent.name(),
                    g.seed
                ));
            }
            None => t.draws += 1,
        }
    }
    println!(
        "hard ({work} work/move) vs baselines, {games} game(s) per colour; W/D/L from hard's side"
    );
    println!(
        "{:>6} {:>8} {:>4} {:>4} {:>4} {:>10}",
        "board", "vs", "W", "D", "L", "avg moves"
    );
    let mut total = [Tally::default(), Tally::default()];
    for ((n, d, opp), t) in &table {
        let games = t.wins + t.draws + t.losses;
        println!(
            "{:>6} {:>8} {:>4} {:>4} {:>4} {:>10.1}",
            format!("{n}^{d}"),
            opp,
            t.wins,
            t.draws,
            t.losses,
            f64::from(t.moves) / f64::from(games.max(1))
        );
        let tt = &mut total[usize::from(*opp == "random")];
        tt.wins += t.wins;
        tt.draws += t.draws;
        tt.losses += t.losses;
    }
    for (t, name) in total.iter().zip(["seed", "random"]) {
        println!(
            "total vs {name:<6}: {} wins, {} draws, {} losses",
            t.wins, t.draws, t.losses
        );
    }
    for l in &lost {
        println!("lost: {l}");
    }
    println!("time: {:.1} s", start.elapsed().as_secs_f64());
}
