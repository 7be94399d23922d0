//! Checker speed: canonical forms under the symmetry group (Qubic 192 maps,
//! 4^4 1536) and whole verifications of brute-force certificates.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use hypertac_core::{Rules, Shape};
use hypertac_proof::{verify, Symmetries};

/// Positions of `stones` stones on `cells` cells from a fixed pseudo-random sequence.
fn positions(cells: u64, stones: usize, count: usize) -> Vec<Vec<u64>> {
    let words = cells.div_ceil(64) as usize;
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    (0..count)
        .map(|_| {
            let mut out = vec![0u64; 2 * words];
            let mut placed = 0;
            while placed < stones {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let c = (seed % cells) as usize;
                let bit = 1u64 << (c % 64);
                if (out[c / 64] | out[words + c / 64]) & bit == 0 {
                    out[(placed % 2) * words + c / 64] |= bit;
                    placed += 1;
                }
            }
            out
        })
        .collect()
}

fn canonical(c: &mut Criterion) {
    let mut group = c.benchmark_group("canonical");
    for (name, cells) in [("qubic", 64), ("4d", 256)] {
        let g = Symmetries::new(&Rules::preset(name).unwrap());
        for stones in [8, 20] {
            let list = positions(cells, stones, 256);
            let mut out = vec![0u64; list[0].len()];
            group.bench_with_input(BenchmarkId::new(name, stones), &list, |b, list| {
                let mut i = 0;
                b.iter(|| {
                    i = (i + 1) % list.len();
                    g.canonical(&list[i], &mut out)
                })
            });
        }
    }
    group.finish();
}

fn verification(c: &mut Criterion) {
    let mut group = c.benchmark_group("verify");
    group.sample_size(10);
    for (name, shape, k, gravity) in [
        ("3x3x3", &[3u32, 3, 3][..], 3, None),
        ("4x4-k4-gravity", &[4, 4][..], 4, Some(1)),
    ] {
        let rules = Rules::new(Shape::new(shape).unwrap(), k)
            .unwrap()
            .with_gravity(gravity)
            .unwrap();
        let cert = common::certificate(&rules, &[]);
        group.bench_function(name, |b| b.iter(|| verify(&cert, &mut |_| {}).unwrap()));
    }
    group.finish();
}

criterion_group!(benches, canonical, verification);
criterion_main!(benches);
