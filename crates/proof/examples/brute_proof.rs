//! Writes the certificate of a small board found by brute force (the test
//! prover), to try `hypertac verify` on real files:
//!
//! ```text
//! cargo run --release -p hypertac-proof --example brute_proof -- 4x4 4 none "" /tmp/4x4k4.proof
//! hypertac verify /tmp/4x4k4.proof
//! ```
//!
//! Arguments: shape, k, gravity axis (or `none`), root moves (`x,y;x,y`), output file.

#[path = "../tests/common/mod.rs"]
mod common;

use hypertac_core::{notation, Rules, Shape};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 5 {
        eprintln!("usage: brute_proof SHAPE K GRAVITY|none MOVES FILE");
        std::process::exit(2);
    }
    let gravity = (args[2] != "none").then(|| args[2].parse::<usize>().expect("gravity axis"));
    let rules = Rules::new(
        Shape::parse(&args[0]).expect("shape"),
        args[1].parse().expect("k"),
    )
    .expect("rules")
    .with_gravity(gravity)
    .expect("gravity");
    let moves = notation::parse_move_list(rules.shape(), &args[3]).expect("moves");
    let start = Instant::now();
    let cert = common::certificate(&rules, &moves);
    let entries: usize = cert.sections.iter().map(|s| s.len()).sum();
    cert.save(std::path::Path::new(&args[4]))
        .expect("write the proof");
    println!(
        "{}: {} entries in {:.1} s",
        cert.value,
        entries,
        start.elapsed().as_secs_f64()
    );
}
