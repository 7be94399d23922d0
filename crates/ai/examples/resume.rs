//! Does a checkpoint keep the search's progress? Proves a Qubic position
//! with a node limit, then goes on in the same prover and, separately, in
//! a new prover restored from a checkpoint; prints positions of both.
use hypertac_ai::prove::Prover;
use hypertac_ai::Budget;
use hypertac_core::{notation, Position, Rules};

fn main() {
    let rules = Rules::preset("qubic").unwrap();
    let moves = notation::parse_move_list(rules.shape(), "1,1,1;0,0,0").unwrap();
    let pos = Position::from_moves(rules, &moves).unwrap();
    let first: u64 = std::env::args()
        .nth(1)
        .map_or(1_000_000, |a| a.parse().unwrap());
    let mut a = Prover::new(&pos, 1 << 30).unwrap();
    a.set_node_limit(first);
    println!(
        "first slice: {:?} {:?}",
        a.run(&Budget::default()),
        a.positions()
    );
    let mut saved = Vec::new();
    a.write_checkpoint(&mut saved).unwrap();
    a.set_node_limit(0);
    println!(
        "continued: {:?} {:?}",
        a.run(&Budget::default()),
        a.positions()
    );
    let mut b = Prover::new(&pos, 1 << 30).unwrap();
    println!(
        "restored {} entries",
        b.read_checkpoint(&mut saved.as_slice()).unwrap()
    );
    println!(
        "resumed: {:?} {:?}",
        b.run(&Budget::default()),
        b.positions()
    );
}
