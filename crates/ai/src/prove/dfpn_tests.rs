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
    // The numbers shown, read from inside the search as a progress
    // display would read them, every 4,096 positions (the checkpoint's
    // hook, writing nothing), until the search stops at 20,000.
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let record = seen.clone();
    s.autosave = Some(AutoSave {
        every: std::time::Duration::ZERO,
        next: std::time::Instant::now(),
        header: Vec::new(),
        sink: Box::new(move |_write| {
            let pn = counters.root_pn.load(Ordering::Relaxed);
            let dn = counters.root_dn.load(Ordering::Relaxed);
            record.lock().unwrap().push((pn, dn));
            Ok(())
        }),
        error: None,
    });
    s.node_limit = 20_000;
    let (phi, delta) = s.solve(Player::X, &Budget::default());
    assert!(phi > 0 && delta > 0, "settled: pick a harder position");
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 4, "{seen:?}");
    assert!(
        seen.iter().any(|&(pn, dn)| pn + dn > 2),
        "the root's first numbers were shown throughout: {seen:?}"
    );
}
