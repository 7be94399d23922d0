//! Random playouts per second: incremental win detection (dense and sparse)
//! beside the seed apps' full-board scan, on the same games.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use hypertac_core::playout::{play_out, play_out_naive, random_fill};
use hypertac_core::reference::NaiveGame;
use hypertac_core::{Mode, Position, Rules};

fn playouts(c: &mut Criterion) {
    let boards = ["connect4", "qubic", "4d", "nd 6 5"];
    let mut group = c.benchmark_group("playout");
    group.sample_size(10);
    for name in boards {
        let rules = Rules::preset(name).unwrap();
        let games: Vec<_> = (0..16).map(|s| random_fill(&rules, s)).collect();
        for mode in [Mode::Dense, Mode::Sparse] {
            let empty = Position::with_mode(rules.clone(), mode).unwrap();
            group.bench_with_input(
                BenchmarkId::new(format!("{mode:?}"), name),
                &games,
                |b, games| {
                    let mut i = 0;
                    b.iter(|| {
                        let mut pos = empty.clone();
                        i = (i + 1) % games.len();
                        play_out(&mut pos, &games[i])
                    })
                },
            );
        }
        let naive = NaiveGame::new(rules.clone());
        group.bench_with_input(BenchmarkId::new("FullScan", name), &games, |b, games| {
            let mut i = 0;
            b.iter(|| {
                let mut game = naive.clone();
                i = (i + 1) % games.len();
                play_out_naive(&mut game, &games[i])
            })
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
