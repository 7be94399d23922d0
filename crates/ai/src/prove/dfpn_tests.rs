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

#[test]
fn a_forced_first_move_shows_the_numbers_below_it() {
    // Qubic, X to move and forced to block O's line at 3,0,0: the root's
    // one child carries the question, and while it is searched its
    // numbers are the root's (the root's own change only when it returns).
    let shape = Shape::new(&[4, 4, 4]).unwrap();
    let moves =
        hypertac_core::notation::parse_move_list(&shape, "0,0,1;0,0,0;0,1,2;1,0,0;3,2,3;2,0,0")
            .unwrap();
    let pos = Position::from_moves(Rules::new(shape, 4).unwrap(), &moves).unwrap();
    let counters = Arc::new(Counters::default());
    let mut s = Search::new(
        Board::new(&pos),
        super::super::root_canon(&pos),
        Arc::new(Table::new(1 << 22)),
        counters.clone(),
    );
    s.node_limit = 1_000_000;
    let stop = Arc::new(AtomicBool::new(false));
    let budget = Budget {
        deadline: None,
        stop: Some(stop.clone()),
    };
    let finished = AtomicBool::new(false);
    // Watched as a progress display does, until 8,192 positions: the
    // numbers shown must have moved from the first ones (1 and 1).
    let moved = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let mut moved = false;
            while !finished.load(Ordering::Relaxed) {
                let pn = counters.root_pn.load(Ordering::Relaxed);
                let dn = counters.root_dn.load(Ordering::Relaxed);
                moved |= pn + dn > 2;
                if counters.nodes.load(Ordering::Relaxed) >= 8_192 {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            stop.store(true, Ordering::Relaxed);
            moved
        });
        let (phi, delta) = s.solve(Player::X, &budget);
        finished.store(true, Ordering::Relaxed);
        assert!(phi > 0 && delta > 0, "settled: pick a harder position");
        watcher.join().unwrap()
    });
    assert!(moved, "the root's first numbers were shown throughout");
}
