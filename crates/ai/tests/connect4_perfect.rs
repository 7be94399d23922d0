//! Connect Four at `perfect` and `hard` (the hint's level) is perfect at
//! every number of stones: the chosen column has the best score the solver's
//! analysis (`hypertac solve connect4 --analyze`) gives.

use hypertac_ai::{choose, Budget, Level};
use hypertac_connect4::{Position as C4, Solver};
use hypertac_core::{notation, Position, Rules};

/// A deterministic sequence of random games' prefixes: `count` positions
/// of `stones` stones each that are not over.
fn positions(stones: usize, count: usize, seed: u64) -> Vec<Position> {
    let rules = Rules::preset("connect4").unwrap();
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::new(rules.clone());
        while pos.moves().len() < stones && !pos.is_over() {
            let legal: Vec<_> = pos.legal_moves().collect();
            pos.play(legal[next() % legal.len()]);
        }
        if !pos.is_over() && pos.moves().len() == stones {
            out.push(pos);
        }
    }
    out
}

#[test]
fn perfect_and_hard_play_a_best_column_from_2_to_13_stones() {
    let mut solver = Solver::with_standard_book(22);
    solver.set_threads(2);
    let mut checked = 0;
    for stones in 2..=13 {
        for pos in positions(stones, 5, stones as u64) {
            let columns = notation::format_columns(&pos).unwrap();
            let scores = solver.analyze(&C4::from_moves(&columns).unwrap(), false);
            let best = scores.iter().flatten().max().copied().unwrap();
            for level in [Level::Perfect, Level::Hard] {
                let c = choose(&pos, level, 1, &Budget::default()).unwrap();
                let col = pos.rules().shape().coords(c.cell)[0] as usize;
                assert_eq!(
                    scores[col],
                    Some(best),
                    "{level:?} after {columns}: column {} of {scores:?} ({})",
                    col + 1,
                    c.reason
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 60);
}
