//! The prover: known values, agreement with plain minimax and with the
//! Connect Four solver, and certificates the independent checker accepts.

mod common;

use common::minimax;
use hypertac_ai::prove::{Prover, SharedTable, Tuning, Verdict};
use hypertac_ai::Budget;
use hypertac_connect4 as connect4;
use hypertac_core::{Cell, Player, Position, Rules, Shape};
use hypertac_proof::{verify, Value};
use std::collections::HashMap;

fn rules(sizes: &[u32], k: u32, gravity: Option<usize>) -> Rules {
    Rules::new(Shape::new(sizes).unwrap(), k)
        .unwrap()
        .with_gravity(gravity)
        .unwrap()
}

fn prove(pos: &Position) -> (Verdict, Prover) {
    let mut p = Prover::new(pos, 8 << 20).unwrap();
    let v = p.run(&Budget::default());
    (v, p)
}

/// Proves `pos`, builds its certificate and has the checker verify it.
fn proved_and_verified(pos: &Position) -> Verdict {
    let (v, mut p) = prove(pos);
    assert_certificate_verifies(&mut p, v);
    v
}

/// Builds the certificate of `p`'s finished proof of `v` and has the
/// checker verify it, with the same value; returns it.
fn assert_certificate_verifies(p: &mut Prover, v: Verdict) -> hypertac_proof::Certificate {
    let value = match v {
        Verdict::Win(w) => Value::Win(w),
        Verdict::Draw => Value::Draw,
        Verdict::Unknown => panic!("no budget limit, yet unknown"),
    };
    let cert = p.proof_file("test", 0.0).unwrap();
    let report = verify(&cert, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.value, value);
    cert
}

#[test]
fn known_values_are_proved_and_verified() {
    let cases = [
        (rules(&[3, 3], 3, None), Verdict::Draw),
        (rules(&[4, 4], 3, None), Verdict::Win(Player::X)),
        (rules(&[4, 4], 4, None), Verdict::Draw),
        (rules(&[3, 3, 3], 3, None), Verdict::Win(Player::X)),
        (rules(&[4, 4], 4, Some(1)), Verdict::Draw),
    ];
    for (r, want) in cases {
        let pos = Position::new(r.clone());
        assert_eq!(proved_and_verified(&pos), want, "{r}");
    }
}

#[test]
fn best_move_of_a_win_keeps_the_win() {
    let pos = Position::new(rules(&[4, 4], 3, None));
    let (v, mut p) = prove(&pos);
    assert_eq!(v, Verdict::Win(Player::X));
    let best = p.best_move().unwrap();
    let mut after = pos.clone();
    after.play(best);
    assert_eq!(prove(&after).0, Verdict::Win(Player::X));
}

fn verdict_of(pos: &Position, v: i8) -> Verdict {
    match v {
        1 => Verdict::Win(pos.to_move()),
        -1 => Verdict::Win(pos.to_move().other()),
        _ => Verdict::Draw,
    }
}

/// A random position of `stones` stones that is not over, from `seed`.
fn random_position(r: &Rules, stones: usize, seed: u64) -> Option<Position> {
    let mut pos = Position::new(r.clone());
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for _ in 0..stones {
        let moves: Vec<Cell> = pos.legal_moves().collect();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        pos.play(moves[(x % moves.len() as u64) as usize]);
        if pos.is_over() {
            return None;
        }
    }
    Some(pos)
}

/// Calls `check` with `count` random positions of `stones` stones (seeds
/// counted up from `after + 1`, positions already over skipped) and each
/// one's value by plain minimax.
fn with_minimax_values(
    r: &Rules,
    stones: std::ops::Range<usize>,
    count: usize,
    after: u64,
    mut check: impl FnMut(&Position, Verdict, u64),
) {
    let mut memo = HashMap::new();
    let mut checked = 0;
    let mut seed = after;
    while checked < count {
        seed += 1;
        let n = stones.start + seed as usize % (stones.end - stones.start);
        let Some(pos) = random_position(r, n, seed) else {
            continue;
        };
        let want = verdict_of(&pos, minimax(&mut pos.clone(), &mut memo));
        check(&pos, want, seed);
        checked += 1;
    }
}

fn agrees_with_minimax(r: &Rules, stones: std::ops::Range<usize>, count: usize) {
    with_minimax_values(r, stones, count, 1, |pos, want, _| {
        let (got, _) = prove(pos);
        assert_eq!(got, want, "{r} after {:?}", pos.moves());
    });
}

#[test]
fn agrees_with_minimax_on_4x4_k3() {
    agrees_with_minimax(&rules(&[4, 4], 3, None), 0..8, 1000);
}

#[test]
fn agrees_with_minimax_on_3x3x3_after_four_stones() {
    agrees_with_minimax(&rules(&[3, 3, 3], 3, None), 4..5, 1000);
}

#[test]
fn agrees_with_minimax_on_5x4_gravity_k4() {
    agrees_with_minimax(&rules(&[5, 4], 4, Some(1)), 6..14, 1000);
}

/// The two questions asked in turns of a few positions each (so that
/// most positions take several turns) give minimax's values, also where
/// the side to move loses, and under a node limit stop with unknown.
#[test]
fn asking_in_turns_agrees_with_minimax() {
    let mut lost = 0;
    with_minimax_values(
        &rules(&[5, 4], 4, Some(1)),
        6..14,
        300,
        1,
        |pos, want, _| {
            let mut prover = Prover::new(pos, 1 << 20).unwrap();
            assert_eq!(
                prover.run_in_turns(4, &Budget::default()),
                want,
                "{:?}",
                pos.moves()
            );
            lost += usize::from(want == Verdict::Win(pos.to_move().other()));
        },
    );
    assert!(
        lost >= 30,
        "only {lost} of 300 positions lost by the side to move"
    );
    let mut prover = Prover::new(&Position::new(rules(&[4, 4, 4], 4, None)), 1 << 20).unwrap();
    prover.set_node_limit(100);
    assert_eq!(prover.run_in_turns(8, &Budget::default()), Verdict::Unknown);
    assert!(prover.positions().0 <= 100);
}

/// Rounds of growing size, each a new prover over one shared table, as
/// `analyze` asks them: with the caches handed from each prover to the
/// next (`prove/caches.rs`) the values are minimax's, and the threat
/// searches do at least a tenth less than with a fresh start each round.
#[test]
fn caches_handed_on_between_rounds_agree_with_minimax() {
    for (r, stones) in [
        (rules(&[5, 5], 4, None), 12..16),
        (rules(&[5, 4], 4, Some(1)), 6..14),
    ] {
        let mut threat_positions = [0u64; 2];
        for (i, hand_on) in [false, true].into_iter().enumerate() {
            let table = SharedTable::new(&r, 1 << 22);
            let mut caches = None;
            with_minimax_values(&r, stones.clone(), 150, 1, |pos, want, _| {
                let mut answers = [None; 2];
                for round in 0.. {
                    assert!(round < 40, "{r} after {:?}: no answer", pos.moves());
                    let attacker = [Player::X, Player::O][round % 2];
                    if answers[attacker.index()].is_some() {
                        continue;
                    }
                    let mut p = Prover::with_table_and_caches(pos, &table, caches.take()).unwrap();
                    // As analyze's rounds: each question's four times the last.
                    p.set_node_limit(20 << (2 * (round / 2)));
                    answers[attacker.index()] = p.ask(attacker, &Budget::default());
                    threat_positions[i] += p.positions().1;
                    if hand_on {
                        caches = Some(p.into_caches());
                    }
                    let got = match answers {
                        [Some(true), _] => Verdict::Win(Player::X),
                        [_, Some(true)] => Verdict::Win(Player::O),
                        [Some(false), Some(false)] => Verdict::Draw,
                        _ => continue,
                    };
                    assert_eq!(got, want, "{r} after {:?}", pos.moves());
                    break;
                }
            });
        }
        // Seen: 0.78 and 0.69 of the threat positions.
        assert!(
            threat_positions[1] * 10 < threat_positions[0] * 9,
            "{r}: threat positions {threat_positions:?} (fresh, handed on)"
        );
    }
}

/// A switch of the search (`set` turns it on or off in a tuning) off and
/// on: minimax's values either way, and certificates the checker accepts
/// with it on; returns in how many positions it searched fewer positions,
/// and how many certificates were checked (a quarter of the positions).
fn switch_agrees(
    r: &Rules,
    stones: std::ops::Range<usize>,
    count: usize,
    name: &str,
    set: fn(&mut Tuning, bool),
) -> (usize, usize) {
    let (mut fewer, mut verified) = (0, 0);
    with_minimax_values(r, stones, count, 1, |pos, want, seed| {
        let mut searched = [0; 2];
        for on in [false, true] {
            let mut tuning = Tuning::default();
            set(&mut tuning, on);
            let mut p = Prover::with_tuning(pos, 8 << 20, tuning).unwrap();
            let got = p.run(&Budget::default());
            assert_eq!(got, want, "{r}, {name} {on}, after {:?}", pos.moves());
            searched[usize::from(on)] = p.positions().0;
            if on && seed % 4 == 0 {
                assert_certificate_verifies(&mut p, got);
                verified += 1;
            }
        }
        fewer += usize::from(searched[1] < searched[0]);
    });
    (fewer, verified)
}

/// [`switch_agrees`] on each of `cases` (rules, stones, positions, and
/// how many of them the switch must save positions in); a fifth of the
/// positions' certificates must have been checked.
fn assert_switch_saves(
    name: &str,
    set: fn(&mut Tuning, bool),
    cases: Vec<(Rules, std::ops::Range<usize>, usize, usize)>,
) {
    for (r, stones, count, bites) in cases {
        let (fewer, verified) = switch_agrees(&r, stones, count, name, set);
        assert!(
            fewer >= bites,
            "{r}: {name} saved positions in only {fewer} of {count}"
        );
        assert!(
            verified >= count / 5,
            "{r}: only {verified} certificates checked"
        );
    }
}

/// The two boards the switches are measured on, 300 positions each, with
/// how many of them the switch must save positions in: 5x5 k4 with 9 to
/// 13 empty cells (4x4 k4 is settled by the potential before a zone or a
/// sequence matters), and 5x4 with gravity after 6 to 13 moves.
fn on_two_boards(
    bites_5x5: usize,
    bites_5x4: usize,
) -> Vec<(Rules, std::ops::Range<usize>, usize, usize)> {
    vec![
        (rules(&[5, 5], 4, None), 12..16, 300, bites_5x5),
        (rules(&[5, 4], 4, Some(1)), 6..14, 300, bites_5x4),
    ]
}

/// The attacker's moves restricted to the zones of the defender's threat
/// sequences after a free move (`Tuning::attacker_zones`, on by default)
/// and not: fewer positions searched where the restriction bites, and the
/// walk answers each pruned move with the defender's own sequence.
#[test]
fn attacker_zones_agree_with_minimax() {
    assert_switch_saves(
        "the attacker's zones",
        |t, on| t.attacker_zones = on,
        on_two_boards(20, 50),
    );
}

/// The defender's positions settled by its own sequence of fours
/// (`Tuning::defender_sequences`, on by default) and not: where the
/// defender wins first the attacker's question is answered no at once,
/// and the certificate's walk plays the defender's sequence.
#[test]
fn defender_sequences_agree_with_minimax() {
    // 8 and 125 of 300 seen (2026-11-29).
    assert_switch_saves(
        "the defender's sequences",
        |t, on| t.defender_sequences = on,
        on_two_boards(4, 60),
    );
}

/// Threat sequences off (`HYPERTAC_PROVE_OFF=threat-sequences`, a switch
/// that until 2026-11-29 changed nothing) and on: minimax's values either
/// way, and the sequences save positions.
#[test]
fn threat_sequences_switch_agrees_with_minimax() {
    // 21 of 100 searched fewer positions with them (2026-11-29).
    assert_switch_saves(
        "the threat sequences",
        |t, on| t.threat_sequences = on,
        vec![(rules(&[5, 5], 4, None), 12..16, 100, 10)],
    );
}

/// The move that last succeeded at a depth tried first there
/// (`Tuning::killers`, on by default) and not: minimax's values either
/// way, certificates the checker accepts, and the order changes the
/// search on many positions (fewer positions on at least some).
#[test]
fn killers_agree_with_minimax() {
    // 1 and 80 of 300 searched fewer positions with them (2026-11-30):
    // on 5x5 k4 they rarely save, on 5x4 with gravity often.
    assert_switch_saves("the killers", |t, on| t.killers = on, on_two_boards(1, 40));
}

/// Each move left in a zone tried for the other side's threat sequence
/// after it (`Tuning::zone_checks`, on by default) and not: minimax's
/// values either way, certificates the checker accepts (the walk answers
/// each move left out by the sequence it finds itself), and fewer
/// positions searched where a move of a zone loses at once.
#[test]
fn zone_checks_agree_with_minimax() {
    // 22 and 115 of 300 searched fewer positions with them (2026-11-30).
    assert_switch_saves(
        "the zone checks",
        |t, on| t.zone_checks = on,
        on_two_boards(10, 60),
    );
}

/// The walk without its settling moves (`Prover::set_small_certificate`,
/// as the book walks): certificates the checker accepts, with the values
/// minimax gives, and on Qubic after four moves more entries than the
/// small walk writes.
#[test]
fn quick_walks_write_certificates_the_checker_accepts() {
    let mut checked = 0;
    for (r, stones) in [
        (rules(&[5, 5], 4, None), 12..16),
        (rules(&[4, 4], 3, None), 2..7),
        (rules(&[3, 3, 3], 3, None), 2..8),
    ] {
        with_minimax_values(&r, stones, 40, 7, |pos, want, _| {
            let mut p = Prover::new(pos, 8 << 20).unwrap();
            assert_eq!(
                p.run(&Budget::default()),
                want,
                "{r}, after {:?}",
                pos.moves()
            );
            p.set_small_certificate(false);
            assert_certificate_verifies(&mut p, want);
            checked += 1;
        });
    }
    assert_eq!(checked, 120);
    let qubic = rules(&[4, 4, 4], 4, None);
    let moves =
        hypertac_core::notation::parse_move_list(qubic.shape(), "0,0,0;1,1,0;3,3,3;2,2,1").unwrap();
    let pos = Position::from_moves(qubic, &moves).unwrap();
    let mut entries = [0; 2];
    for small in [true, false] {
        let (v, mut p) = prove(&pos);
        p.set_small_certificate(small);
        let cert = assert_certificate_verifies(&mut p, v);
        entries[usize::from(small)] = cert.sections.iter().map(|s| s.len()).sum::<usize>();
    }
    assert!(
        entries[0] > entries[1],
        "quick {} against small {}",
        entries[0],
        entries[1]
    );
}

#[test]
fn random_certificates_verify() {
    let r = rules(&[4, 4], 3, None);
    let mut checked = 0;
    for seed in 0..60 {
        if let Some(pos) = random_position(&r, 2 + seed as usize % 5, seed) {
            proved_and_verified(&pos);
            checked += 1;
        }
    }
    assert!(
        checked >= 50,
        "{r}: only {checked} of 60 games were not over"
    );
    let r = rules(&[5, 4], 4, Some(1));
    let mut checked = 0;
    for seed in 0..30 {
        if let Some(pos) = random_position(&r, 8 + seed as usize % 4, seed) {
            proved_and_verified(&pos);
            checked += 1;
        }
    }
    assert!(
        checked >= 25,
        "{r}: only {checked} of 30 games were not over"
    );
}

/// The Connect Four solver's win/draw/loss for the side to move.
fn connect4_value(width: u32, height: u32, pos: &Position) -> Verdict {
    let mut c4 = connect4::Position::with_size(width, height).unwrap();
    for &m in pos.moves() {
        c4.play((m.0 % u64::from(width)) as u32);
    }
    let mut solver = connect4::Solver::new(16);
    let score = solver.solve(&c4, true);
    match score.signum() {
        1 => Verdict::Win(pos.to_move()),
        -1 => Verdict::Win(pos.to_move().other()),
        _ => Verdict::Draw,
    }
}

#[test]
fn agrees_with_the_connect_four_solver_on_small_boards() {
    for (w, h, stones, count) in [(4, 4, 0..6, 60), (5, 4, 0..8, 60), (6, 5, 10..16, 12)] {
        let r = rules(&[w, h], 4, Some(1));
        let mut seed = 100;
        let mut checked = 0;
        while checked < count {
            seed += 1;
            let n = stones.start + seed as usize % (stones.end - stones.start);
            let Some(pos) = random_position(&r, n, seed) else {
                continue;
            };
            assert_eq!(
                prove(&pos).0,
                connect4_value(w, h, &pos),
                "{r} after {:?}",
                pos.moves()
            );
            checked += 1;
        }
    }
}

#[test]
fn unsupported_games_are_refused_with_a_reason() {
    let anti = Rules::preset("tictactoe")
        .unwrap()
        .with_win(hypertac_core::WinRule::Anti);
    let e = Prover::new(&Position::new(anti), 1 << 20).err().unwrap();
    assert!(e.to_string().contains("first"), "{e}");
    let huge = Rules::cube(10, 10).unwrap();
    let e = Prover::new(&Position::new(huge), 1 << 20).err().unwrap();
    assert!(e.to_string().contains("cells"), "{e}");
}

#[test]
fn a_budget_that_runs_out_gives_unknown_and_the_search_resumes() {
    // Gravity: no pairing settles it within the first 4,096 positions.
    let pos = Position::new(rules(&[5, 4], 4, Some(1)));
    let mut p = Prover::new(&pos, 8 << 20).unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let v = p.run(&Budget {
        deadline: None,
        stop: Some(stop),
    });
    assert_eq!(v, Verdict::Unknown);
    // A checkpoint carries the solved positions to a new prover.
    let mut saved = Vec::new();
    p.write_checkpoint(&mut saved).unwrap();
    let mut q = Prover::new(&pos, 8 << 20).unwrap();
    q.read_checkpoint(&mut saved.as_slice()).unwrap();
    assert_eq!(q.run(&Budget::default()), Verdict::Draw);
    let mut bad = saved.clone();
    bad.truncate(20);
    bad.push(7);
    assert!(q.read_checkpoint(&mut bad.as_slice()).is_err());
    // A checkpoint of another position is refused.
    let other = Position::new(rules(&[4, 4], 3, None));
    let mut r = Prover::new(&other, 8 << 20).unwrap();
    let e = r.read_checkpoint(&mut saved.as_slice()).unwrap_err();
    assert!(e.to_string().contains("another game"), "{e}");
}

#[test]
fn hard_plays_a_proved_win_to_the_end() {
    use hypertac_ai::{choose, Level};
    let start = Position::new(rules(&[4, 4], 3, None));
    let first = choose(&start, Level::Hard, 1, &Budget::default()).unwrap();
    assert_eq!(first.reason, "X wins (proved)");
    for seed in 0..8 {
        let mut pos = start.clone();
        while !pos.is_over() {
            let level = if pos.to_move() == Player::X {
                Level::Hard
            } else {
                Level::Random
            };
            let c = choose(&pos, level, seed, &Budget::default()).unwrap();
            pos.play(c.cell);
        }
        assert_eq!(pos.outcome().winner(), Some(Player::X), "seed {seed}");
    }
}

#[test]
fn threads_on_one_table_agree_with_minimax_and_their_certificates_verify() {
    let r = rules(&[5, 4], 4, Some(1));
    with_minimax_values(&r, 6..14, 150, 0, |pos, want, seed| {
        let mut p = Prover::new(pos, 8 << 20).unwrap();
        p.set_threads(2 + seed as usize % 2);
        let got = p.run(&Budget::default());
        assert_eq!(got, want, "{r} after {:?}", pos.moves());
        let cert = p.proof_file("test", 0.0).unwrap();
        verify(&cert, &mut |_| {}).unwrap_or_else(|e| panic!("{r} after {:?}: {e}", pos.moves()));
    });
    // A longer search, where the threads meet in the table.
    let r = Rules::preset("qubic").unwrap();
    let moves =
        hypertac_core::notation::parse_move_list(r.shape(), "0,0,0;1,1,0;3,3,3;2,2,1").unwrap();
    let pos = Position::from_moves(r, &moves).unwrap();
    let mut p = Prover::new(&pos, 64 << 20).unwrap();
    p.set_threads(2);
    assert_eq!(p.run(&Budget::default()), Verdict::Win(Player::X));
    let cert = p.proof_file("test", 0.0).unwrap();
    let report = verify(&cert, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.value, Value::Win(Player::X));
}

/// On a board of more symmetries than the keys follow deep down (4^5:
/// 15,360), the walk passes over a symmetric copy of a position it
/// finished, as the checker does: the certificate is accepted, and the
/// checker uses every entry (before, 20 of 29 here: the others were for
/// copies the checker never reaches).
#[test]
fn the_walk_passes_over_symmetric_copies_as_the_checker_does() {
    let r = rules(&[4, 4, 4, 4, 4], 4, None);
    for (moves, threads) in [
        ("0,0,0,0,0;3,3,3,3,0;1,1,1,1,1;3,3,3,0,3", 2),
        ("0,0,0,0,0;3,0,0,0,0;0,3,0,0,3;3,3,0,0,0", 1),
    ] {
        let moves = hypertac_core::notation::parse_move_list(r.shape(), moves).unwrap();
        let pos = Position::from_moves(r.clone(), &moves).unwrap();
        let mut p = Prover::new(&pos, 256 << 20).unwrap();
        p.set_threads(threads);
        assert_eq!(p.run(&Budget::default()), Verdict::Win(Player::X));
        let cert = p.proof_file("test", 0.0).unwrap();
        let entries = cert.sections[0].len() as u64;
        assert!(entries >= 10, "{entries} entries");
        let report = verify(&cert, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.value, Value::Win(Player::X));
        assert!(report.sections[0].positions > 10_000);
        assert_eq!(report.entries_used(), entries, "{moves:?}");
    }
}

/// A certificate walk stopped by a failing save goes on from that save in
/// a new prover (the process restarted): it walks less than a whole walk,
/// and the certificate it writes is accepted.
#[test]
fn a_stopped_certificate_walk_goes_on_from_its_save() {
    use std::sync::atomic::Ordering;
    use std::sync::{Arc, Mutex};
    let pos = Position::from_moves(
        Rules::preset("qubic").unwrap(),
        &hypertac_core::notation::parse_move_list(
            Rules::preset("qubic").unwrap().shape(),
            "0,0,0;3,3,1",
        )
        .unwrap(),
    )
    .unwrap();
    // The whole walk, for its size.
    let (_, mut whole) = prove(&pos);
    whole.proof_file("test", 0.0).unwrap();
    let all = whole.counters().walked.load(Ordering::Relaxed);
    // A walk whose third save fails: it stops there.
    let (_, mut first) = prove(&pos);
    let saves: Arc<Mutex<Vec<Vec<u8>>>> = Arc::default();
    let kept = saves.clone();
    first.save_walk(
        std::time::Duration::ZERO,
        Box::new(move |write| {
            let mut bytes = Vec::new();
            write(&mut bytes).map_err(|e| e.to_string())?;
            let mut kept = kept.lock().unwrap();
            kept.push(bytes);
            if kept.len() == 3 {
                return Err("stopped here".into());
            }
            Ok(())
        }),
    );
    let e = first.proof_file("test", 0.0).unwrap_err();
    assert!(e.to_string().contains("stopped here"), "{e}");
    let before = first.counters().walked.load(Ordering::Relaxed);
    let save = saves.lock().unwrap()[2].clone();
    // A new prover, as after a restart, goes on from the last save.
    let (v, mut second) = prove(&pos);
    let entries = second.resume_walk(&mut save.as_slice()).unwrap();
    assert!(entries > 0);
    let cert = second.proof_file("test", 0.0).unwrap();
    let after = second.counters().walked.load(Ordering::Relaxed);
    let report = verify(&cert, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Verdict::Win(Player::X), v);
    assert_eq!(report.value, Value::Win(Player::X));
    assert!(
        before >= 2048 && after < all,
        "whole {all}, stopped at {before}, then {after}"
    );
    // A save of another position is refused.
    let other = Position::new(Rules::preset("qubic").unwrap());
    let mut p = Prover::new(&other, 8 << 20).unwrap();
    assert!(p.resume_walk(&mut save.as_slice()).is_err());
}

/// A certificate walk whose stop flag is set (Ctrl-C) saves its progress
/// at once and stops with an error saying so; a new prover goes on from
/// that save to a certificate the checker accepts.
#[test]
fn a_walk_stopped_by_its_flag_saves_and_goes_on() {
    use std::sync::atomic::AtomicBool;
    use std::sync::{Arc, Mutex};
    let rules = Rules::preset("qubic").unwrap();
    let moves = hypertac_core::notation::parse_move_list(rules.shape(), "0,0,0;3,3,1").unwrap();
    let pos = Position::from_moves(rules, &moves).unwrap();
    let (_, mut first) = prove(&pos);
    let saves: Arc<Mutex<Vec<Vec<u8>>>> = Arc::default();
    let kept = saves.clone();
    first.save_walk(
        std::time::Duration::from_secs(3600),
        Box::new(move |write| {
            let mut bytes = Vec::new();
            write(&mut bytes).map_err(|e| e.to_string())?;
            kept.lock().unwrap().push(bytes);
            Ok(())
        }),
    );
    let stop = Arc::new(AtomicBool::new(true));
    first.stop_walk_on(stop.clone());
    let e = first.proof_file("test", 0.0).unwrap_err().to_string();
    assert!(e.contains("progress is saved"), "{e}");
    // The only save is the one made on stopping (the next was an hour off).
    assert_eq!(saves.lock().unwrap().len(), 1);
    let save = saves.lock().unwrap()[0].clone();
    let (_, mut second) = prove(&pos);
    second.resume_walk(&mut save.as_slice()).unwrap();
    let cert = second.proof_file("test", 0.0).unwrap();
    let report = verify(&cert, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.value, Value::Win(Player::X));
    // Without saves the error says nothing was kept.
    let (_, mut third) = prove(&pos);
    third.stop_walk_on(stop);
    let e = third.proof_file("test", 0.0).unwrap_err().to_string();
    assert!(e.contains("nothing of the walk is saved"), "{e}");
}
