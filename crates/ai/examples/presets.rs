//! Times one `hard` move on every preset and rule variant (a quick check
//! that the games' computer player answers promptly everywhere).
//!
//! `cargo run --release -p hypertac-ai --example presets`

use hypertac_ai::{choose, Budget, Level};
use hypertac_core::{notation, Position, Rules, WinRule};
use std::time::Instant;

fn main() {
    let mut games: Vec<(String, Rules)> = [
        "tictactoe",
        "qubic",
        "4d",
        "connect4",
        "connect4-3d",
        "gomoku",
        "nd 10 10",
    ]
    .iter()
    .map(|p| (p.to_string(), Rules::preset(p).expect("preset")))
    .collect();
    for win in [WinRule::MostLines, WinRule::Anti] {
        games.push((
            format!("qubic {}", win.name()),
            Rules::preset("qubic").expect("qubic").with_win(win),
        ));
    }
    for (name, rules) in games {
        let mut pos = Position::new(rules);
        for ply in 0..6 {
            let start = Instant::now();
            let level = if ply % 2 == 0 {
                Level::Hard
            } else {
                Level::Seed
            };
            let Some(c) = choose(&pos, level, 1, &Budget::millis(30_000)) else {
                break;
            };
            if level == Level::Hard {
                println!(
                    "{name:<16} ply {ply}: {:<12} {:>6} ms  {}",
                    notation::format_cell(pos.rules().shape(), c.cell),
                    start.elapsed().as_millis(),
                    c.reason
                );
            }
            pos.play(c.cell);
        }
    }
}
