//! The threat-space search with threes (`prove/tss/`) in the prover: on
//! positions whose win it finds, the prover with it proves the win in far
//! fewer positions than without it, and the certificate of that proof is
//! accepted by the independent checker.

use hypertac_ai::prove::{Prover, Tuning, Verdict};
use hypertac_ai::Budget;
use hypertac_core::{notation, Position, Rules};
use hypertac_proof::{verify, Value};

fn position(game: &str, moves: &str) -> Position {
    let rules = match game.split_once(" k") {
        Some((shape, k)) => Rules::new(
            hypertac_core::Shape::parse(shape).unwrap(),
            k.parse().unwrap(),
        )
        .unwrap(),
        None => Rules::preset(game).unwrap(),
    };
    let mut pos = Position::new(rules.clone());
    for c in notation::parse_move_list(rules.shape(), moves).unwrap() {
        pos.play(c);
    }
    pos
}

/// The first question's verdict and the positions searched, with the
/// threat-space search of `threes` threes (0: none), stopped after `limit`
/// positions.
fn prove(pos: &Position, threes: u32, limit: u64) -> (Verdict, u64, Prover) {
    let tuning = Tuning {
        threes,
        ..Tuning::default()
    };
    let mut p = Prover::with_tuning(pos, 64 << 20, tuning).unwrap();
    p.set_threads(1);
    p.set_node_limit(limit);
    let v = p.run_first(&Budget::default());
    let n = p.positions().0;
    (v, n, p)
}

/// On 9x9 with k = 5 (Go-Moku's rule on a small board), after ten random
/// stones X wins by threes, not by fours alone: the prover with the
/// threat-space search proves it within 200 positions (31), without it
/// not within 500 (1,543 were needed since the killers of 2026-11-30,
/// 17,760 before them); the certificate of the proof that used it is
/// accepted by the checker.
#[test]
fn a_win_by_threes_is_proved_and_its_certificate_verifies() {
    let pos = position("9x9 k5", "5,1;3,4;5,3;0,4;6,5;4,0;3,3;8,0;0,1;5,5");
    let (without, _, _) = prove(&pos, 0, 500);
    assert_eq!(without, Verdict::Unknown);
    let (with, n, mut p) = prove(&pos, 3, 200);
    assert_eq!(
        with,
        Verdict::Win(hypertac_core::Player::X),
        "{n} positions"
    );
    let cert = p.proof_file("test", 0.0).unwrap();
    let report = verify(&cert, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.value, Value::Win(hypertac_core::Player::X));
}
