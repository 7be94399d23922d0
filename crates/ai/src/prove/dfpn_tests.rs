//! Tests of the search's parts that the public API does not reach alone.

use super::*;
use hypertac_core::{Position, Rules, Shape};

/// A search of the empty board of `n` x `n`, `n` in a row.
fn search(n: u32) -> Search {
    let pos = Position::new(Rules::new(Shape::new(&[n, n]).unwrap(), n).unwrap());
    Search::new(
        Board::new(&pos),
        super::super::root_canon(&pos),
        Arc::new(Table::new(1 << 20)),
        Arc::new(Counters::default()),
    )
}

#[test]
fn plans_go_one_move_deeper_once_a_question_has_searched_enough() {
    // 5x5: 12 lines of 25 cells, a board where plans are looked for.
    let mut s = search(5);
    s.tuning.pairing_plan = 2;
    s.tuning.plan_deepen_after = 10;
    assert_eq!(s.plan_depth(), 2);
    s.nodes = 9;
    assert_eq!(s.plan_depth(), 2);
    s.nodes = 10;
    assert_eq!(s.plan_depth(), 3);
    // Never: plans of two throughout.
    s.tuning.plan_deepen_after = 0;
    assert_eq!(s.plan_depth(), 2);
    // Plans switched off stay off.
    s.tuning.plan_deepen_after = 10;
    s.tuning.pairing_plan = 1;
    assert_eq!(s.plan_depth(), 1);
    // A new question counts its own positions.
    s.tuning.pairing_plan = 2;
    s.node_limit = s.nodes + 2;
    s.solve(Player::X, &Budget::default());
    assert!(
        s.nodes > 10 && s.nodes - s.solve_start < 10,
        "{} {}",
        s.nodes,
        s.solve_start
    );
    assert_eq!(s.plan_depth(), 2);

    // 3x3: 8 lines of 9 cells, no plans, and none deeper.
    let mut s = search(3);
    s.tuning.pairing_plan = 2;
    s.tuning.plan_deepen_after = 10;
    s.nodes = 10;
    assert_eq!(s.plan_depth(), 2);
}
