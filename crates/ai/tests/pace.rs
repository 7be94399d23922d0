//! Time spent where it matters: dead positions are answered at once, quiet
//! positions (no line two stones short for either side) get a shallow
//! search, and the answers stay deterministic.

mod common;

use common::position;
use hypertac_ai::{choose, Budget, Level};
use hypertac_core::Rules;
use std::time::{Duration, Instant};

/// 4x4x4: every line holds stones of both sides, 18 cells still empty.
const QUBIC: &str = concat!(
    "2,2,2;1,2,2;0,3,3;0,0,0;1,0,0;2,3,3;2,1,2;1,1,2;3,3,0;0,3,0;1,2,1;2,2,1;0,0,3;3,0,3;",
    "2,1,1;1,1,1;3,0,0;3,3,3;2,3,2;1,0,2;3,2,3;3,2,0;1,1,3;0,1,3;0,1,0;2,1,0;2,2,0;1,2,3;",
    "3,3,1;0,3,1;1,3,2;1,3,0;0,2,3;0,2,0;2,0,3;2,0,2;0,0,2;0,3,2;0,0,1;3,0,1;1,0,1;2,3,1;",
    "3,1,2;3,2,2;2,0,0;3,1,0",
);

/// The budget the tests give each move: far more than any of them needs.
const BUDGET_MS: u64 = 60_000;

/// "At once": a tenth of [`BUDGET_MS`], generous for a loaded machine and a
/// debug build, yet a move that searched until the budget ran out fails.
const AT_ONCE: Duration = Duration::from_millis(BUDGET_MS / 10);

#[test]
fn dead_positions_are_answered_at_once() {
    let pos = position(Rules::cube(4, 3).unwrap(), QUBIC);
    assert!(pos.is_dead() && !pos.is_over());
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Perfect] {
        let start = Instant::now();
        let c = choose(&pos, level, 1, &Budget::millis(BUDGET_MS)).unwrap();
        let took = start.elapsed();
        assert!(took < AT_ONCE, "{level:?} took {took:?}");
        assert!(pos.is_legal(c.cell));
        assert_eq!(c.depth, None, "{level:?}: no search");
        assert!(
            c.reason.contains("no line can be completed"),
            "{}",
            c.reason
        );
    }
}

#[test]
fn quiet_positions_get_a_shallow_search() {
    // 6^5 with a few scattered stones: no line holds more than 1 stone of a side.
    let pos = position(Rules::cube(6, 5).unwrap(), "2,3,3,3,2;0,0,0,0,0;5,5,0,0,0");
    let first = choose(&pos, Level::Hard, 1, &Budget::millis(BUDGET_MS)).unwrap();
    let depth = first.depth.expect(&first.reason);
    assert!((1..=4).contains(&depth), "{}", first.reason);
    let again = choose(&pos, Level::Hard, 1, &Budget::millis(BUDGET_MS)).unwrap();
    assert_eq!(first, again);
}

#[test]
fn forks_get_the_full_search() {
    // 5^3 (k = 5): O to make a fork at 0,0,0 (two lines of 3 crossing
    // there); X, to move, has no line of 3 and must look deeper.
    let pos = position(
        Rules::cube(5, 3).unwrap(),
        "4,4,4;1,0,0;2,2,4;2,0,0;4,2,1;3,0,0;1,4,2;0,1,0;3,1,3;0,2,0;4,3,2;0,3,0",
    );
    let c = choose(&pos, Level::Hard, 1, &Budget::millis(BUDGET_MS)).unwrap();
    assert!(pos.is_legal(c.cell));
    let depth = c.depth.expect(&c.reason);
    assert!(depth > 4, "{}", c.reason);
    let again = choose(&pos, Level::Hard, 1, &Budget::millis(BUDGET_MS)).unwrap();
    assert_eq!(c, again);
}
