//! The public benchmark sets: a sample kept in `tests/data/` in the normal
//! tests, the full sets (from `../shared/bench/connect4/`) with
//! `cargo test -- --ignored`.

use hypertac_connect4::{Position, Solver};

/// The full sets, next to the repository (only the ignored test reads them).
const DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/bench/connect4/"
);

/// Checks every line (`<moves> <score>`) of a set's text, strong and weak.
fn check_lines(name: &str, text: &str) {
    let mut solver = Solver::new(22);
    let mut checked = 0;
    for (i, line) in text.lines().enumerate() {
        let mut it = line.split_whitespace();
        let moves = it.next().unwrap_or("");
        let expected: i32 = it
            .next()
            .and_then(|s| s.parse().ok())
            .expect("score column");
        let pos = Position::from_moves(moves).expect("valid position");
        assert_eq!(
            solver.solve(&pos, false),
            expected,
            "{name} line {}: {moves}",
            i + 1
        );
        assert_eq!(
            solver.solve(&pos, true),
            expected.signum(),
            "weak {name} line {}",
            i + 1
        );
        checked += 1;
    }
    assert!(checked > 0, "{name} has no lines");
}

// Samples kept in the repository (every 10th line of each set from the
// first; 3 lines of L1_R2, every 100th), so CI needs nothing outside it.

#[test]
fn l3_r1_sample() {
    check_lines("L3_R1", include_str!("data/L3_R1.sample"));
}

#[test]
fn l2_r1_sample() {
    check_lines("L2_R1", include_str!("data/L2_R1.sample"));
}

#[test]
fn l2_r2_sample() {
    check_lines("L2_R2", include_str!("data/L2_R2.sample"));
}

#[test]
fn l1_r1_sample() {
    check_lines("L1_R1", include_str!("data/L1_R1.sample"));
}

#[test]
fn l1_r2_sample() {
    check_lines("L1_R2", include_str!("data/L1_R2.sample"));
}

#[test]
#[ignore = "full sets: run with --ignored in release mode"]
fn full_sets() {
    for name in ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1"] {
        let path = format!("{DATA}{name}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!("benchmark set {path} is missing ({e}); check it out next to the repository at ../shared/bench/connect4/")
        });
        check_lines(name, &text);
    }
}
