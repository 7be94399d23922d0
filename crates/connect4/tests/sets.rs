//! The public benchmark sets: a deterministic sample (every 10th line) in
//! the normal tests, the full sets with `cargo test -- --ignored`.

use hypertac_connect4::{Position, Solver};

const DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/bench/connect4/"
);

fn check_set(name: &str, step: usize, limit: usize) {
    let path = format!("{DATA}{name}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("benchmark set {path} is missing ({e}); it must be checked out next to the repository at ../shared/bench/connect4/")
    });
    let mut solver = Solver::new(22);
    let mut checked = 0;
    for (i, line) in text.lines().enumerate().step_by(step).take(limit) {
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
    assert!(checked > 0);
}

#[test]
fn l3_r1_sample() {
    check_set("Test_L3_R1", 10, usize::MAX);
}

#[test]
fn l2_r1_sample() {
    check_set("Test_L2_R1", 10, usize::MAX);
}

#[test]
fn l2_r2_sample() {
    check_set("Test_L2_R2", 10, usize::MAX);
}

#[test]
fn l1_r1_sample() {
    check_set("Test_L1_R1", 10, usize::MAX);
}

#[test]
fn l1_r2_sample() {
    check_set("Test_L1_R2", 100, 3);
}

#[test]
#[ignore = "full sets: run with --ignored in release mode"]
fn full_sets() {
    for name in ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1"] {
        check_set(name, 1, usize::MAX);
    }
}
