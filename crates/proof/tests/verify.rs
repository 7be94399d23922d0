//! The checker against certificates built by a brute-force prover, and tampered copies.

mod common;

use common::{build_section, bytes, cells, certificate, Solver};
use hypertac_core::{Cell, Player, Position, Rules, Shape};
use hypertac_proof::{verify, Certificate, Goal, Section, Strategy, Value};

fn rules(shape: &[u32], k: u32, gravity: Option<usize>) -> Rules {
    Rules::new(Shape::new(shape).unwrap(), k)
        .unwrap()
        .with_gravity(gravity)
        .unwrap()
}

fn accept(cert: &Certificate) -> hypertac_proof::Report {
    let back = Certificate::read_from(&mut bytes(cert).as_slice()).unwrap();
    assert_eq!(&back, cert);
    let mut calls = 0;
    let report = verify(&back, &mut |_| calls += 1).unwrap_or_else(|e| panic!("rejected: {e}"));
    assert_eq!(report.value, cert.value);
    // The builder dedupes up to symmetry in the checker's order: every entry is needed.
    assert_eq!(report.entries_used(), report.entries());
    report
}

fn reject(cert: &Certificate) -> String {
    verify(cert, &mut |_| {}).unwrap_err().to_string()
}

#[test]
fn known_values() {
    let ttt = accept(&certificate(&rules(&[3, 3], 3, None), &[]));
    assert_eq!(ttt.value, Value::Draw);
    assert_eq!(ttt.sections.len(), 2);
    assert_eq!(ttt.symmetries, 8);
    assert_eq!(ttt.rules, "3x3 k3");
    assert!(ttt.entries_used() > 0 && ttt.entries_used() <= ttt.entries());

    let r = accept(&certificate(&rules(&[4, 4], 3, None), &[]));
    assert_eq!(r.value, Value::Win(Player::X));
    let r = accept(&certificate(&rules(&[3, 3, 3], 3, None), &[]));
    assert_eq!(r.value, Value::Win(Player::X));
    let r = accept(&certificate(&rules(&[4, 4], 4, Some(1)), &[]));
    assert_eq!(r.value, Value::Draw);
}

#[test]
fn positions_after_some_moves() {
    let ttt = rules(&[3, 3], 3, None);
    // X blundered after three moves: O wins.
    let mut solver = Solver::default();
    let blunder = (0..729u64)
        .map(|i| vec![Cell(i % 9), Cell(i / 9 % 9), Cell(i / 81)])
        .find(|m| {
            Position::from_moves(ttt.clone(), m)
                .is_ok_and(|mut p| solver.claim(&mut p) == Value::Win(Player::O))
        })
        .expect("a losing third move exists");
    let r = accept(&certificate(&ttt, &blunder));
    assert_eq!(r.value, Value::Win(Player::O));
    // A corner answer to the centre draws; an edge answer loses.
    let r = accept(&certificate(&ttt, &cells(&ttt, "1,1;0,0")));
    assert_eq!(r.value, Value::Draw);
    let r = accept(&certificate(&ttt, &cells(&ttt, "1,1;1,0")));
    assert_eq!(r.value, Value::Win(Player::X));
    let c4 = rules(&[4, 4], 4, Some(1));
    let r = accept(&certificate(&c4, &cells(&c4, "1,0;1,1;2,0")));
    assert!(r.positions() > 0);
    let cube = rules(&[3, 3, 3], 3, None);
    let r = accept(&certificate(&cube, &cells(&cube, "0,0,0;1,1,1;2,2,2")));
    assert!(r.positions() > 0);
}

#[test]
fn a_changed_move_is_named() {
    // X must block O's row y=1 at 2,1; the proof plays 2,0 instead.
    let ttt = rules(&[3, 3], 3, None);
    let moves = cells(&ttt, "0,0;1,1;2,2;0,1");
    let mut cert = certificate(&ttt, &moves);
    assert_eq!(cert.value, Value::Draw);
    let x = cert
        .sections
        .iter_mut()
        .find(|s| s.player == Player::X)
        .unwrap();
    let mut changed = Section::new(Player::X, Goal::NotLose, 9);
    for i in 0..x.len() {
        let (xs, os, mv) = x.get(i);
        let root = i == 0;
        changed.push(&xs, &os, if root { Cell(2) } else { mv });
    }
    assert_eq!(x.get(0).2, Cell(5), "the root entry blocks at 2,1");
    *x = changed;
    let e = reject(&cert);
    assert_eq!(
        e,
        "section 0 (X does not lose): at the root (X to move): X plays 2,0 (entry 0), then O wins by 2,1"
    );
}

#[test]
fn a_winner_move_changed_to_a_non_winning_cell_is_rejected() {
    let r = rules(&[4, 4], 3, None);
    let mut solver = Solver::default();
    let cert = certificate(&r, &[]);
    let section = &cert.sections[0];
    let mut rejected = 0;
    for i in 0..section.len().min(60) {
        let (xs, os, _) = section.get(i);
        // The position of entry i, and a legal non-winning alternative.
        let mut pos = Position::new(r.clone());
        let mut xl: Vec<u64> = (0..16).filter(|c| xs[0] >> c & 1 == 1).collect();
        let mut ol: Vec<u64> = (0..16).filter(|c| os[0] >> c & 1 == 1).collect();
        while !xl.is_empty() || !ol.is_empty() {
            let c = if pos.to_move() == Player::X {
                xl.pop()
            } else {
                ol.pop()
            };
            pos.play(Cell(c.unwrap()));
        }
        let bad = pos.legal_moves().find(|&m| {
            let mut p = pos.clone();
            p.play(m);
            solver.value(&mut p) >= 0
        });
        let Some(bad) = bad else { continue };
        let mut tampered = Section::new(Player::X, Goal::Win, 16);
        for j in 0..section.len() {
            let (a, b, m) = section.get(j);
            tampered.push(&a, &b, if j == i { bad } else { m });
        }
        let mut t = cert.clone();
        t.sections[0] = tampered;
        let e = reject(&t);
        assert!(
            e.contains("no entry gives X's move")
                || e.contains("then O wins by")
                || e.contains("not a X win"),
            "{e}"
        );
        assert!(
            e.starts_with("after ") || e.starts_with("at the root"),
            "{e}"
        );
        rejected += 1;
    }
    assert!(rejected > 10);
}

#[test]
fn a_removed_defender_subtree_is_named() {
    let r = rules(&[4, 4], 3, None);
    let root = Position::new(r.clone());
    let mut solver = Solver::default();
    let built = build_section(&mut solver, &root, Player::X, Goal::Win);
    let (_, _, first_move) = built.section.get(0);
    // The first reply (in cell order) whose subtree has entries.
    let reply = built.first_reply.iter().flatten().min().copied().unwrap();
    assert_eq!(built.first_reply[0], None, "the root entry");
    let mut pruned = Section::new(Player::X, Goal::Win, 16);
    for i in 0..built.section.len() {
        if built.first_reply[i] != Some(reply) {
            let (a, b, m) = built.section.get(i);
            pruned.push(&a, &b, m);
        }
    }
    assert!(pruned.len() < built.section.len());
    let mut cert = certificate(&r, &[]);
    cert.sections[0] = pruned;
    let s = r.shape();
    assert_eq!(
        reject(&cert),
        format!(
            "after {} {} (X to move): no entry gives X's move",
            hypertac_core::notation::format_cell(s, first_move),
            hypertac_core::notation::format_cell(s, reply)
        )
    );
}

#[test]
fn wrong_claims_are_rejected() {
    let r = rules(&[4, 4], 3, None);
    let mut cert = certificate(&r, &[]);
    cert.value = Value::Draw;
    assert_eq!(
        reject(&cert),
        "the value \"draw\" needs the sections {X, not-lose} {O, not-lose}; the proof has {X, win}"
    );
    cert.value = Value::Win(Player::O);
    assert!(reject(&cert).starts_with("the value \"O wins\" needs the sections {O, win}"));

    // 3x3 is a draw: a not-lose strategy relabelled as a win fails somewhere.
    let ttt = rules(&[3, 3], 3, None);
    let mut cert = certificate(&ttt, &[]);
    let x = cert.sections.remove(0);
    let mut win = Section::new(Player::X, Goal::Win, 9);
    for i in 0..x.len() {
        let (a, b, m) = x.get(i);
        win.push(&a, &b, m);
    }
    cert.sections = vec![win];
    cert.value = Value::Win(Player::X);
    let e = reject(&cert);
    assert!(
        e.contains("not a X win") || e.contains("no entry gives X's move"),
        "{e}"
    );
}

#[test]
fn duplicates_and_bad_entries_are_rejected() {
    let r = rules(&[4, 4], 3, None);
    let mut cert = certificate(&r, &[]);
    let (a, b, m) = cert.sections[0].get(3);
    let n = cert.sections[0].len();
    cert.sections[0].push(&a, &b, m);
    assert_eq!(
        reject(&cert),
        format!("entry {n} repeats the position of entry 3")
    );
    // Bad entries are refused when reading (and by verify for certificates built in memory).
    let cases: [(&[u64], &[u64], u64, &str); 4] = [
        (
            &[0b1],
            &[0b1],
            2,
            "section 0 entry 0: cell index 0 holds both an X and an O stone",
        ),
        (
            &[0b1],
            &[0b10],
            1,
            "section 0 entry 0: the move, cell index 1, is on an occupied cell",
        ),
        (
            &[0b11],
            &[],
            5,
            "section 0 entry 0: X has 2 stones and O 0: not a position with X to move",
        ),
        (
            &[],
            &[],
            16,
            "section 0 entry 0: the move, cell index 16, is off the 16-cell board",
        ),
    ];
    for (x, o, mv, message) in cases {
        let mut s = Section::new(Player::X, Goal::Win, 16);
        s.push(x, o, Cell(mv));
        let mut c = cert.clone();
        c.sections = vec![s];
        let err = Certificate::read_from(&mut bytes(&c).as_slice()).unwrap_err();
        assert_eq!(err.to_string(), message);
        assert_eq!(reject(&c), message["section 0 ".len()..]);
    }
}

#[test]
fn unsupported_rules_and_bad_roots_are_rejected() {
    let most = rules(&[3, 3], 3, None).with_win(hypertac_core::WinRule::MostLines);
    let mut cert = certificate(&rules(&[3, 3], 3, None), &[]);
    cert.rules = hypertac_core::record::RulesSpec::of(&most);
    assert_eq!(
        reject(&cert),
        "the checker supports the rule first (first to complete k in a row), not most-lines"
    );
    let ttt = rules(&[3, 3], 3, None);
    let mut cert = certificate(&ttt, &[]);
    cert.moves = cells(&ttt, "0,0;1,1;0,0");
    assert!(reject(&cert).starts_with("the root position is illegal: move 3"));
    cert.moves = cells(&ttt, "0,0;1,1;0,1;2,2;0,2");
    assert_eq!(
        reject(&cert),
        "the root position is over: there is nothing to prove"
    );
}

#[test]
fn the_strategy_wins_against_every_defence() {
    let r = rules(&[4, 4], 3, None);
    let cert = certificate(&r, &[]);
    let strategy = Strategy::new(&cert, 0);
    assert_eq!(strategy.player(), Player::X);
    // Every game of the strategy against every defence ends in an X win.
    fn games(pos: &mut Position, strategy: &Strategy, count: &mut u64) {
        if pos.is_over() {
            assert_eq!(pos.outcome().winner(), Some(Player::X));
            *count += 1;
            return;
        }
        if pos.to_move() == Player::X {
            let mv = strategy
                .lookup(pos)
                .expect("the strategy knows the position");
            pos.play(mv);
            games(pos, strategy, count);
            pos.undo();
        } else {
            assert_eq!(strategy.lookup(pos), None);
            let moves: Vec<Cell> = pos.legal_moves().collect();
            for m in moves {
                pos.play(m);
                games(pos, strategy, count);
                pos.undo();
            }
        }
    }
    let mut count = 0;
    games(&mut Position::new(r), &strategy, &mut count);
    assert!(count > 100, "{count} games");
}

/// An entry of the position itself is used before an earlier entry of one
/// of its images: a certificate whose sections were walked apart (units
/// of a split proof, merged) then checks each part as it was written.
#[test]
fn the_positions_own_entry_comes_before_an_images() {
    let r = rules(&[4, 4], 3, None);
    let group = hypertac_proof::Symmetries::new(&r);
    let cert = certificate(&r, &[]);
    let section = &cert.sections[0];
    let mut tried = 0;
    for i in 1..section.len().min(40) {
        let (xs, os, mv) = section.get(i);
        // An image of entry i's position that is another position.
        let image = |s: usize, words: &[u64]| {
            let mut out = 0u64;
            for c in 0..16 {
                if words[0] >> c & 1 == 1 {
                    out |= 1 << group.map(s, Cell(c)).0;
                }
            }
            vec![out]
        };
        let Some(s) = (1..group.len()).find(|&s| image(s, &xs) != xs || image(s, &os) != os) else {
            continue;
        };
        // That image's entry (its move the image of entry i's), first.
        let mut first = Section::new(section.player, section.goal, 16);
        first.push(&image(s, &xs), &image(s, &os), group.map(s, mv));
        for j in 0..section.len() {
            let (x, o, m) = section.get(j);
            first.push(&x, &o, m);
        }
        let mut c = cert.clone();
        c.sections = vec![first];
        let report = verify(&c, &mut |_| {}).unwrap_or_else(|e| panic!("entry {i}: {e}"));
        assert!(
            report.sections[0].used[i + 1],
            "entry {i}'s own entry is used"
        );
        tried += 1;
    }
    assert!(tried >= 20, "{tried} entries tried");
}
