//! Why a move wins or loses (`hypertac_ai::analyze::move_reasons`), checked
//! by replaying each reason over the rules alone: a line completed at once
//! is completed; in a threat sequence every move is legal, nobody completes
//! a line before its end, the side attacked never has a winning move of its
//! own, each of its listed blocks is its only move that does not lose at
//! once, and after the last move of the sequence no move saves it. The
//! reason's winner is the move's proved winner. A reply named by the
//! prover (where no sequence shows why a move loses) is proved winning
//! again, by a prover of its own.

mod common;

use hypertac_ai::analyze::{move_reasons, Analyzer, MoveReason, MoveValue, Reason, Value};
use hypertac_ai::prove::{Prover, Verdict};
use hypertac_ai::Budget;
use hypertac_core::{Cell, Player, Position, Rules, Shape};
use hypertac_proof::Why;

/// Whether the side to move on `pos` can complete a line at once.
fn wins_at_once(pos: &Position) -> bool {
    let me = pos.to_move();
    pos.legal_moves().any(|c| {
        let mut t = pos.clone();
        t.play(c);
        t.outcome().winner() == Some(me)
    })
}

/// Replays `r`, the reason for `m`'s value in `pos`, over the rules.
fn check_reason(pos: &Position, m: &MoveValue, r: &Reason) {
    let Value::Win(winner) = m.known.value else {
        panic!("a reason for a value that is not a win: {:?}", m.known);
    };
    assert_eq!(r.player, winner, "{:?} then {:?}", pos.moves(), m.cell);
    let mover = pos.to_move();
    let mut after = pos.clone();
    after.play(m.cell);
    match &r.why {
        Why::WinsNow if winner == mover => {
            assert_eq!(r.cell, m.cell);
            assert_eq!(after.outcome().winner(), Some(mover));
        }
        Why::WinsNow => {
            assert!(after.is_legal(r.cell));
            after.play(r.cell);
            assert_eq!(after.outcome().winner(), Some(winner));
        }
        Why::Sequence(moves) => {
            assert_eq!(r.cell, moves[0]);
            let mut q = if winner == mover {
                assert_eq!(
                    moves[0], m.cell,
                    "the mover's sequence starts with its move"
                );
                pos.clone()
            } else {
                after
            };
            let defender = winner.other();
            for (i, &c) in moves.iter().enumerate() {
                assert_eq!(q.to_move(), if i % 2 == 0 { winner } else { defender });
                assert!(q.is_legal(c), "{:?}: move {i} {c:?}", pos.moves());
                q.play(c);
                assert!(
                    !q.is_over(),
                    "{:?}: the game ends inside the sequence",
                    pos.moves()
                );
                if i % 2 == 1 {
                    continue;
                }
                // The defender to move: no winning move of its own, and
                // every move but the listed block (after the last move:
                // every move) lets the winner complete a line at once.
                let block = moves.get(i + 1).copied();
                for d in q.legal_moves() {
                    let mut t = q.clone();
                    t.play(d);
                    assert_ne!(t.outcome().winner(), Some(defender), "{:?}", pos.moves());
                    if Some(d) != block {
                        assert!(
                            wins_at_once(&t),
                            "{:?} then {:?}: {d:?} instead of the block {block:?} does not lose at once",
                            pos.moves(),
                            m.cell
                        );
                    }
                }
            }
        }
        other => panic!("a move's reason of kind {other:?}"),
    }
}

/// Positions of `stones` stones from the random games of seeds 1 to
/// `seeds`, those not finished.
fn positions(rules: &Rules, stones: usize, seeds: u64) -> Vec<Position> {
    (1..=seeds)
        .filter_map(|seed| common::random_position(rules, stones, seed))
        .collect()
}

/// Checks a reply the prover named: after the move and the reply, its
/// side wins (proved again from scratch).
fn check_reply(pos: &Position, m: &MoveValue, player: Player, reply: Cell) {
    assert_eq!(m.known.value, Value::Win(player));
    assert_eq!(player, pos.to_move().other());
    let mut q = pos.clone();
    q.play(m.cell);
    assert!(q.is_legal(reply));
    q.play(reply);
    if q.outcome().winner() == Some(player) {
        return;
    }
    let mut prover = Prover::new(&q, 64 << 20).unwrap();
    assert_eq!(
        prover.run(&Budget::millis(120_000)),
        Verdict::Win(player),
        "{:?} then {:?} and {reply:?}",
        pos.moves(),
        m.cell
    );
}

/// Analyses the positions and checks every reason; returns (reasons
/// checked, proved wins).
fn check(rules: &Rules, stones: &[usize], seeds: u64, millis: u64) -> (usize, usize) {
    check_counting(rules, stones, seeds, millis).0
}

/// [`check`], and the replies checked.
fn check_counting(
    rules: &Rules,
    stones: &[usize],
    seeds: u64,
    millis: u64,
) -> ((usize, usize), usize) {
    let analyzer = Analyzer::new(64 << 20);
    let (mut checked, mut wins, mut replies, mut threatens) = (0, 0, 0, 0);
    for &n in stones {
        for pos in positions(rules, n, seeds) {
            let analysis = analyzer
                .analyze(&pos, &Budget::millis(millis))
                .expect("analysable");
            let reasons = move_reasons(&pos, &analysis);
            assert_eq!(reasons.len(), analysis.moves.len());
            for (m, r) in analysis.moves.iter().zip(&reasons) {
                if matches!(m.known.value, Value::Win(_)) {
                    wins += 1;
                }
                match r {
                    Some(MoveReason::Threats(r)) => {
                        check_reason(&pos, m, r);
                        checked += 1;
                    }
                    Some(MoveReason::Threatens { player, sequence }) => {
                        // Replayed in the crate's own tests (a pass is
                        // not a move of `Position`); here: its side is
                        // the winner, the mover, and its cells are free.
                        assert_eq!(m.known.value, Value::Win(*player));
                        assert_eq!(*player, pos.to_move());
                        let mut q = pos.clone();
                        q.play(m.cell);
                        assert!(sequence.iter().all(|&c| q.is_legal(c)));
                        threatens += 1;
                    }
                    Some(MoveReason::Reply { player, cell }) => {
                        let (player, cell) = (*player, *cell);
                        check_reply(&pos, m, player, cell);
                        replies += 1;
                    }
                    // Checked in draw_reasons.rs (against minimax).
                    Some(MoveReason::Pairs(_) | MoveReason::Holds { .. }) => {
                        assert_eq!(m.known.value, Value::Draw)
                    }
                    None => {}
                }
            }
        }
    }
    ((checked + threatens, wins), replies)
}

#[test]
fn reasons_replay_on_small_boards() {
    let four = Rules::new(Shape::parse("4x4").unwrap(), 3).unwrap();
    let (a, wa) = check(&four, &[2, 3, 4, 5], 12, 20_000);
    let (b, wb) = check(&Rules::preset("nd 3 3").unwrap(), &[2, 3, 4], 12, 20_000);
    assert!(a >= 100 && b >= 100, "4x4 k3 {a} of {wa}, 3^3 {b} of {wb}");
}

#[test]
fn reasons_replay_on_qubic_and_with_gravity() {
    let ((q, wq), replies) = check_counting(
        &Rules::preset("qubic").unwrap(),
        &[6, 11, 12, 15, 16],
        3,
        3_000,
    );
    let gravity = Rules::new(Shape::parse("5x4").unwrap(), 4)
        .unwrap()
        .with_gravity(Some(1))
        .unwrap();
    let (g, wg) = check(&gravity, &[6, 8, 10, 12, 14], 8, 3_000);
    assert!(q >= 200, "Qubic: {q} reasons of {wq} wins");
    assert!(g >= 20, "gravity: {g} reasons of {wg} wins");
    assert!(
        replies >= 10,
        "Qubic: {replies} replies named by the prover"
    );
    eprintln!("Qubic {q} reasons of {wq} wins and {replies} replies; 5x4 with gravity {g} of {wg}");
}

/// A move that completes a line, and a move that leaves the other side's
/// three unblocked, are explained as such.
#[test]
fn a_won_line_and_a_missed_block_are_named() {
    let rules = Rules::preset("tictactoe").unwrap();
    let mut pos = Position::new(rules);
    // X 0, O 3, X 1, O 4: X completes at 2; O threatens at 5.
    for c in [0, 3, 1, 4] {
        pos.play(Cell(c));
    }
    let analysis = Analyzer::default()
        .analyze(&pos, &Budget::millis(10_000))
        .unwrap();
    let reasons = move_reasons(&pos, &analysis);
    let at = |c: u64| {
        let i = analysis
            .moves
            .iter()
            .position(|m| m.cell == Cell(c))
            .unwrap();
        match reasons[i].clone() {
            Some(MoveReason::Threats(r)) => Some(r),
            _ => None,
        }
    };
    let won = at(2).expect("completing the line has a reason");
    assert_eq!(
        (won.player, won.cell, won.why),
        (Player::X, Cell(2), Why::WinsNow)
    );
    // Any other move of X but 2 and 5 lets O complete at 5.
    let missed = at(8).expect("leaving O's three has a reason");
    assert_eq!(
        (missed.player, missed.cell, missed.why),
        (Player::O, Cell(5), Why::WinsNow)
    );
}

/// A review names why a move that threw away a draw lost, and the
/// sequence a player who threw away a win had instead; both replay.
#[test]
fn a_review_names_why_a_move_lost_and_what_was_missed() {
    let rules = Rules::preset("tictactoe").unwrap();
    let mut game = Position::new(rules.clone());
    // 0,0 0,1 1,1 2,2 2,1 (cell x + 3y): O's 0,1 loses a draw; X's 2,1
    // throws away X's win (1,0 makes two threats).
    for c in [0, 3, 4, 8, 5] {
        game.play(Cell(c));
    }
    let review = Analyzer::default().review(
        &game,
        std::time::Duration::from_secs(10),
        &Budget::default(),
    );
    let mut pos = Position::new(rules);
    let (mut lost, mut missed) = (0, 0);
    for step in &review.steps {
        if let Some(MoveReason::Threats(r)) = &step.loses_to {
            let m = MoveValue {
                cell: step.cell,
                known: step.after,
            };
            check_reason(&pos, &m, r);
            lost += 1;
        }
        if let Some(r) = &step.missed {
            let m = MoveValue {
                cell: r.cell,
                known: step.before,
            };
            check_reason(&pos, &m, r);
            missed += 1;
        }
        pos.play(step.cell);
    }
    assert_eq!((lost, missed), (1, 1));
}
