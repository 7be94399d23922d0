//! Proves a position and prints the value: `cargo run --release -p
//! hypertac-ai --example prove -- qubic "1,1,1;..."`.
use hypertac_ai::prove::Prover;
use hypertac_ai::Budget;
use hypertac_core::{notation, Position, Rules};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules = Rules::preset(args.get(1).map_or("qubic", |s| s)).unwrap();
    let moves = notation::parse_move_list(rules.shape(), args.get(2).map_or("", |s| s)).unwrap();
    let pos = Position::from_moves(rules, &moves).unwrap();
    let secs: u64 = args.get(3).map_or(60, |s| s.parse().unwrap());
    let t = Instant::now();
    let mut p = Prover::new(&pos, 1 << 30).unwrap();
    let v = p.run(&Budget::millis(secs * 1000));
    let (n, t2) = p.positions();
    println!(
        "{v:?} in {:.2?}: {n} nodes, {t2} threat nodes, {} syms",
        t.elapsed(),
        p.symmetries()
    );
    if !matches!(v, hypertac_ai::prove::Verdict::Unknown) {
        let t = Instant::now();
        let c = p.certificate().unwrap();
        println!(
            "certificate: {:?} entries in {:.2?}",
            c.iter().map(|s| s.entries.len()).collect::<Vec<_>>(),
            t.elapsed()
        );
    }
}
