//! Draw reasons by pairs (`analyze/pairs.rs`): every side a reason says is
//! held by pairs cannot win, checked by plain minimax on 4x4 (k = 4)
//! positions; and the analysis gives the reason only to moves proved to
//! draw. Draws without pairs get the other side's reply that holds them
//! (`MoveReason::Holds`): after it the position is a draw by minimax.

mod common;

use common::{minimax, random_position};
use hypertac_ai::analyze::{
    drawing_reason, move_reasons, position_reason, Analyzer, Held, MoveReason, Value,
};
use hypertac_ai::Budget;
use hypertac_core::{Player, Position, Rules, Shape};
use std::collections::HashMap;

fn four_by_four() -> Rules {
    Rules::new(Shape::new(&[4, 4]).unwrap(), 4).unwrap()
}

/// Whether `p` can force a win from `pos`, by plain minimax.
fn can_win(pos: &Position, p: Player, memo: &mut HashMap<(u64, usize), i8>) -> bool {
    let mut pos = pos.clone();
    let v = minimax(&mut pos, memo);
    if pos.to_move() == p {
        v == 1
    } else {
        v == -1
    }
}

#[test]
fn a_side_held_by_pairs_cannot_win_by_minimax() {
    let rules = four_by_four();
    let mut memo = HashMap::new();
    let mut checked = 0;
    for seed in 0..400 {
        let stones = 4 + seed as usize % 7;
        let Some(pos) = random_position(&rules, stones, seed) else {
            continue;
        };
        let Some(held) = Held::of(&pos) else {
            continue;
        };
        for (p, lines) in [(Player::X, held.x), (Player::O, held.o)] {
            if lines.is_some() {
                assert!(
                    !can_win(&pos, p, &mut memo),
                    "{p} held by pairs but wins after {:?}",
                    pos.moves()
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 100, "only {checked} claims checked");
}

#[test]
fn moves_proved_to_draw_get_the_pairs_and_no_other_move_does() {
    let rules = four_by_four();
    let analyzer = Analyzer::default();
    let mut with_pairs = 0;
    for seed in 0..40 {
        let Some(pos) = random_position(&rules, 6, seed) else {
            continue;
        };
        let analysis = analyzer.analyze(&pos, &Budget::default()).unwrap();
        assert!(analysis.complete());
        for (m, r) in analysis.moves.iter().zip(move_reasons(&pos, &analysis)) {
            if let Some(MoveReason::Pairs(held)) = r {
                assert_eq!(m.known.value, Value::Draw, "{:?}", pos.moves());
                let mut after = pos.clone();
                after.play(m.cell);
                assert!(held.words().starts_with("a draw: "));
                // The pairs shown on the board are disjoint empty cells
                // after the move.
                if let Some((_, pairs)) = held.shown(pos.to_move()) {
                    let mut cells: Vec<u64> = pairs.iter().flatten().map(|c| c.0).collect();
                    cells.sort();
                    cells.dedup();
                    assert_eq!(cells.len(), 2 * pairs.len());
                    assert!(cells
                        .iter()
                        .all(|&c| after.is_legal(hypertac_core::Cell(c))));
                }
                assert_eq!(Held::of(&after), Some(held));
                with_pairs += 1;
            }
        }
        match drawing_reason(&pos, &analysis) {
            Some(why) => {
                assert_eq!(analysis.value(), Value::Draw);
                assert!(why.starts_with("a draw: "), "{why}");
            }
            None => assert!(analysis.value() != Value::Draw || Held::of(&pos).is_none()),
        }
    }
    assert!(with_pairs >= 20, "only {with_pairs} moves with pairs");
}

/// A draw without pairs names the other side's reply that holds it: after
/// the move and that reply, plain minimax finds a draw (neither side can
/// force a win), on 4x4 (k = 4) and 3^3 (k = 3) positions.
#[test]
fn the_reply_that_holds_a_draw_leaves_a_draw_by_minimax() {
    let analyzer = Analyzer::default();
    let mut memo = HashMap::new();
    let (mut checked, mut tops) = (0, 0);
    let boards = [
        (four_by_four(), 6),
        (four_by_four(), 4),
        (Rules::new(Shape::new(&[4, 4]).unwrap(), 3).unwrap(), 2),
        (Rules::preset("tictactoe").unwrap(), 1),
        (Rules::preset("tictactoe").unwrap(), 2),
    ];
    for (rules, stones) in boards {
        let mut memo_board = HashMap::new();
        for seed in 0..40 {
            let Some(pos) = random_position(&rules, stones, seed) else {
                continue;
            };
            let analysis = analyzer.analyze(&pos, &Budget::default()).unwrap();
            let reasons = move_reasons(&pos, &analysis);
            // A draw with a best move that a reply holds says so at the top.
            let held_best =
                analysis.moves.iter().zip(&reasons).any(|(m, r)| {
                    analysis.is_best(m) && matches!(r, Some(MoveReason::Holds { .. }))
                });
            if analysis.value() == Value::Draw && held_best {
                let why = position_reason(&pos, &analysis, &reasons).unwrap();
                assert!(why.starts_with("a draw: "), "{why}");
                tops += 1;
            }
            for (m, r) in analysis.moves.iter().zip(reasons) {
                let Some(MoveReason::Holds {
                    player,
                    cell,
                    paired,
                }) = r
                else {
                    continue;
                };
                assert_eq!(m.known.value, Value::Draw, "{:?}", pos.moves());
                assert_eq!(player, pos.to_move().other());
                let mut after = pos.clone();
                after.play(m.cell);
                assert!(after.is_legal(cell), "{:?} {m:?} {cell:?}", pos.moves());
                after.play(cell);
                let memo = if rules == four_by_four() {
                    &mut memo
                } else {
                    &mut memo_board
                };
                assert_eq!(
                    common::minimax(&mut after, memo),
                    0,
                    "{:?} then {:?} and {cell:?}",
                    pos.moves(),
                    m.cell
                );
                let words = MoveReason::Holds {
                    player,
                    cell,
                    paired,
                }
                .words(&rules);
                assert!(words.starts_with("a draw: "), "{words}");
                checked += 1;
            }
        }
    }
    eprintln!("{checked} replies that hold a draw checked, {tops} positions' own");
    assert!(checked >= 30, "only {checked} replies checked");
    assert!(tops >= 5, "only {tops} positions say it at the top");
}

/// Every move of tic-tac-toe that draws says why, in every position of up
/// to four stones (the game a new player opens first): by pairs or by the
/// reply that holds it, and such a reply leaves a draw by minimax. The
/// corners after X's centre had none before: their draws are settled by a
/// pairing a move away, which leaves no reply in the prover's table.
#[test]
fn every_drawing_move_of_tictactoe_says_why() {
    let rules = Rules::preset("tictactoe").unwrap();
    let analyzer = Analyzer::default();
    let mut memo = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    let mut layer = vec![Position::new(rules.clone())];
    let (mut positions, mut draws, mut by_pairs) = (0, 0, 0);
    for _ in 0..=4 {
        let mut next = Vec::new();
        for pos in layer {
            let mut sides: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
            for (i, c) in pos.moves().iter().enumerate() {
                sides[i % 2].push(c.0);
            }
            sides.iter_mut().for_each(|s| s.sort());
            if pos.is_over() || !seen.insert(sides) {
                continue;
            }
            positions += 1;
            let analysis = analyzer.analyze(&pos, &Budget::default()).unwrap();
            assert!(analysis.complete(), "{:?}", pos.moves());
            for (m, r) in analysis.moves.iter().zip(move_reasons(&pos, &analysis)) {
                if m.known.value != Value::Draw {
                    continue;
                }
                draws += 1;
                match r {
                    Some(MoveReason::Pairs(_)) => {}
                    Some(MoveReason::Holds { cell, paired, .. }) => {
                        let mut after = pos.clone();
                        after.play(m.cell);
                        after.play(cell);
                        assert_eq!(common::minimax(&mut after, &mut memo), 0);
                        by_pairs += usize::from(paired.is_some());
                    }
                    other => panic!("{:?} then {:?}: {other:?}", pos.moves(), m.cell),
                }
            }
            for c in 0..9 {
                let cell = hypertac_core::Cell(c);
                if pos.is_legal(cell) {
                    let mut child = pos.clone();
                    child.play(cell);
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    eprintln!(
        "{positions} positions, {draws} drawing moves, {by_pairs} held by pairs after the reply"
    );
    assert!(positions > 500 && draws > 1000, "{positions} {draws}");
    assert!(by_pairs > 100, "{by_pairs}");
}
