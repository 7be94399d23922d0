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
    check_lines_threads(name, text, 1);
}

/// [`check_lines`] with a solver on `threads` threads.
fn check_lines_threads(name: &str, text: &str, threads: usize) {
    let mut solver = Solver::new(22);
    assert_eq!(solver.set_threads(threads), threads);
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

// The same with helper threads sharing the table (they only join searches
// of a few hundred nodes or more, which L2_R2 and L1_R2 have).

#[test]
fn l2_r2_sample_two_threads() {
    check_lines_threads("L2_R2", include_str!("data/L2_R2.sample"), 2);
}

#[test]
fn l1_r2_sample_three_threads() {
    check_lines_threads("L1_R2", include_str!("data/L1_R2.sample"), 3);
}

#[test]
fn helpers_count_their_nodes_and_leave_with_the_solver() {
    let pos = Position::from_moves("2252576253462244111563365343671351441").unwrap();
    let mut one = Solver::new(20);
    let s1 = one.solve(&Position::from_moves("44444").unwrap(), false);
    let mut two = Solver::new(20);
    two.set_threads(2);
    assert_eq!(
        two.solve(&Position::from_moves("44444").unwrap(), false),
        s1
    );
    assert!(two.node_count() > 0);
    assert_eq!(two.solve(&pos, false), one.solve(&pos, false));
    // Back to one thread and up again: the helpers are joined and
    // restarted, results unchanged.
    assert_eq!(two.set_threads(1), 1);
    assert_eq!(two.solve(&pos, true), one.solve(&pos, true));
    assert_eq!(two.set_threads(4), 4);
    assert_eq!(two.solve(&pos, false), one.solve(&pos, false));
    drop(two);
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
        check_lines_threads(name, &text, 2);
    }
}
