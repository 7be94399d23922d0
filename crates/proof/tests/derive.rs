//! What the checker derives on its own (format version 2), against plain
//! minimax on small boards: every derivation it makes is checked true, and
//! certificates that would need a derivation it cannot make are refused.

use hypertac_core::record::RulesSpec;
use hypertac_core::{Cell, Player, Position, Rules, Shape};
use hypertac_proof::format::DEFAULT_LIMITS;
use hypertac_proof::{verify, Certificate, Forced, Goal, Oracle, Section, Value};
use std::collections::HashMap;

fn rules(shape: &[u32], k: u32, gravity: Option<usize>) -> Rules {
    Rules::new(Shape::new(shape).unwrap(), k)
        .unwrap()
        .with_gravity(gravity)
        .unwrap()
}

/// Plain memoized negamax, no shortcut of any kind: 1 the side to move
/// wins, 0 draw, -1 it loses.
#[derive(Default)]
struct Minimax(HashMap<Vec<Cell>, i8>);

impl Minimax {
    fn value(&mut self, pos: &mut Position) -> i8 {
        if let Some(w) = pos.outcome().winner() {
            return if w == pos.to_move() { 1 } else { -1 };
        }
        if pos.is_over() {
            return 0;
        }
        let mut key: Vec<Cell> = pos.stones().map(|(c, _)| c).collect();
        key.sort();
        key.push(Cell(pos.moves().len() as u64));
        // Stones and whose they are: the sorted cells of each side.
        let mut xs: Vec<Cell> = pos
            .stones()
            .filter(|s| s.1 == Player::X)
            .map(|s| s.0)
            .collect();
        xs.sort();
        key.extend(xs);
        if let Some(&v) = self.0.get(&key) {
            return v;
        }
        let mut best = -1;
        for m in pos.legal_moves().collect::<Vec<_>>() {
            pos.play(m);
            let v = -self.value(pos);
            pos.undo();
            best = best.max(v);
            if best == 1 {
                break;
            }
        }
        self.0.insert(key, best);
        best
    }
}

fn oracle_of(pos: &Position) -> Oracle {
    let mut o = Oracle::new(pos.rules(), DEFAULT_LIMITS).unwrap();
    for (c, p) in pos.stones() {
        o.play(c.0 as usize, p);
    }
    o
}

/// Whether `p` completes a line at once somewhere.
fn wins_now(pos: &mut Position, p: Player) -> bool {
    debug_assert_eq!(pos.to_move(), p);
    pos.legal_moves().collect::<Vec<_>>().into_iter().any(|m| {
        pos.play(m);
        let w = pos.outcome().winner() == Some(p);
        pos.undo();
        w
    })
}

#[derive(Default, Debug)]
struct Counts {
    wins: u32,
    blocks: u32,
    lost: u32,
    sequences: u32,
    no_sequence: u32,
    double: u32,
    only_reply: u32,
}

/// Checks every derivation of the oracle in `pos` (not over) against minimax.
fn check(pos: &mut Position, mm: &mut Minimax, n: &mut Counts) {
    let p = pos.to_move();
    let q = p.other();
    let mut o = oracle_of(pos);
    match o.forced(p) {
        Forced::Win(c) => {
            pos.play(Cell(c as u64));
            assert_eq!(pos.outcome().winner(), Some(p), "{:?}", pos.moves());
            pos.undo();
            n.wins += 1;
        }
        Forced::Block(c) => {
            // Every other move lets Q complete a line at once.
            for m in pos.legal_moves().collect::<Vec<_>>() {
                if m.0 as usize == c {
                    continue;
                }
                pos.play(m);
                assert!(
                    wins_now(pos, q),
                    "{:?}: {m:?} does not lose at once",
                    pos.moves()
                );
                pos.undo();
            }
            n.blocks += 1;
        }
        Forced::Lost => {
            assert_eq!(mm.value(pos), -1, "{:?}", pos.moves());
            n.lost += 1;
        }
        Forced::Free => match o.threat_sequence(p) {
            Some(c) => {
                assert_eq!(mm.value(pos), 1, "{:?}", pos.moves());
                pos.play(Cell(c as u64));
                assert_eq!(mm.value(pos), -1, "{:?} then {c}", pos.moves());
                pos.undo();
                n.sequences += 1;
            }
            None => n.no_sequence += 1,
        },
    }
    // Q to move after a move of P: the replies the checker follows.
    for m in pos.legal_moves().take(4).collect::<Vec<_>>() {
        pos.play(m);
        o.play(m.0 as usize, p);
        if !pos.is_over() && !wins_now(pos, q) {
            match o.replies_needed(p) {
                None => {
                    assert_eq!(mm.value(pos), -1, "{:?}", pos.moves());
                    n.double += 1;
                }
                Some(Some(c)) => {
                    for r in pos.legal_moves().collect::<Vec<_>>() {
                        if r.0 as usize != c {
                            pos.play(r);
                            assert!(wins_now(pos, p), "{:?}", pos.moves());
                            pos.undo();
                        }
                    }
                    n.only_reply += 1;
                }
                Some(None) => {}
            }
        }
        o.undo(m.0 as usize, p);
        pos.undo();
    }
}

#[test]
fn every_derivation_agrees_with_minimax() {
    let boards = [
        rules(&[3, 3], 3, None),
        rules(&[4, 4], 3, None),
        rules(&[4, 3], 3, None),
        rules(&[4, 4], 4, Some(1)),
        rules(&[5, 4], 3, Some(1)),
    ];
    let mut n = Counts::default();
    let mut state = 12345u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let mut positions = 0;
    for r in boards {
        let mut mm = Minimax::default();
        for _ in 0..300 {
            let mut pos = Position::new(r.clone());
            let stop = next() % r.shape().cell_count() as usize;
            while pos.moves().len() < stop && !pos.is_over() {
                let legal: Vec<_> = pos.legal_moves().collect();
                pos.play(legal[next() % legal.len()]);
            }
            if !pos.is_over() {
                check(&mut pos, &mut mm, &mut n);
                positions += 1;
            }
        }
    }
    eprintln!("{positions} positions: {n:?}");
    assert!(positions >= 1000, "{positions}");
    assert!(n.wins >= 50 && n.blocks >= 50 && n.lost >= 20, "{n:?}");
    assert!(n.sequences >= 50 && n.no_sequence >= 50, "{n:?}");
    assert!(n.double >= 20 && n.only_reply >= 50, "{n:?}");
}

fn cert(
    r: &Rules,
    moves: &[Cell],
    value: Value,
    entries: &[(&[Cell], &[Cell], Cell)],
) -> Certificate {
    let player = match value {
        Value::Win(p) => p,
        Value::Draw => Player::X,
    };
    let mut s = Section::new(player, Goal::Win, r.shape().cell_count());
    for (x, o, m) in entries {
        let bits = |cells: &[Cell]| vec![cells.iter().fold(0u64, |a, c| a | 1 << c.0)];
        s.push(&bits(x), &bits(o), *m);
    }
    Certificate {
        rules: RulesSpec::of(r),
        moves: moves.to_vec(),
        value,
        best: None,
        derive: Some(DEFAULT_LIMITS),
        sections: vec![s],
        remembers_settled: false,
        stats: serde_json::json!({}),
    }
}

fn refuse(c: &Certificate) -> String {
    let mut bytes = Vec::new();
    c.write_to(&mut bytes).unwrap();
    let back = Certificate::read_from(&mut bytes.as_slice()).unwrap();
    verify(&back, &mut |_| {}).unwrap_err().to_string()
}

#[test]
fn certificates_needing_a_derivation_the_checker_cannot_make_are_refused() {
    let r44 = rules(&[4, 4], 3, None);
    // X wins 4x4 k3 by the centre, then everything is derived: one entry.
    let one = cert(&r44, &[], Value::Win(Player::X), &[(&[], &[], Cell(5))]);
    let mut bytes = Vec::new();
    one.write_to(&mut bytes).unwrap();
    assert!(verify(&one, &mut |_| {}).is_ok());
    // Without it, nothing is derived at the empty board.
    let none = cert(&r44, &[], Value::Win(Player::X), &[]);
    assert_eq!(
        refuse(&none),
        "at the root (X to move): no entry gives X's move, and the checker finds no threat sequence"
    );
    // A corner first wins as well (the checker derives all the rest).
    let corner = cert(&r44, &[], Value::Win(Player::X), &[(&[], &[], Cell(0))]);
    assert!(verify(&corner, &mut |_| {}).is_ok());
    // Tic-tac-toe is a draw: no X win is derived from the empty board, or
    // after O's corner answer to the centre.
    let ttt = rules(&[3, 3], 3, None);
    let claim = cert(&ttt, &[], Value::Win(Player::X), &[(&[], &[], Cell(4))]);
    assert!(refuse(&claim).contains("no entry gives X's move"));
    // O to move, completing 0,4,8 at once: won with no entry.
    let now = cert(
        &ttt,
        &[Cell(3), Cell(0), Cell(5), Cell(4), Cell(7)],
        Value::Win(Player::O),
        &[],
    );
    assert!(verify(&now, &mut |_| {}).is_ok());
    // The side to move facing two winning cells loses, whatever it claims.
    let mut state = 7u64;
    let mut pos = loop {
        let mut pos = Position::new(r44.clone());
        while !pos.is_over() && oracle_of(&pos).forced(pos.to_move()) != Forced::Lost {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let legal: Vec<_> = pos.legal_moves().collect();
            pos.play(legal[(state >> 33) as usize % legal.len()]);
        }
        if !pos.is_over() {
            break pos;
        }
    };
    let me = pos.to_move();
    assert_eq!(Minimax::default().value(&mut pos), -1);
    let claim = cert(&r44, pos.moves(), Value::Win(me), &[]);
    let err = refuse(&claim);
    assert!(err.contains("has two winning cells"), "{err}");
}

/// Where the checker's threat sequence search settles a position, an
/// entry of one of its images is not used (only the position's own entry
/// comes before the search): 4x4 k3 after X's centre, every reply of O
/// is settled by a sequence, whatever an image's entry says.
#[test]
fn the_threat_search_comes_before_an_images_entry() {
    let r44 = rules(&[4, 4], 3, None);
    let group = hypertac_proof::Symmetries::new(&r44);
    // O's reply at 0, and the image of that position under a map that
    // moves X's centre stone 5: an entry for it, with a move that loses.
    let s = (1..group.len())
        .find(|&s| group.map(s, Cell(5)) != Cell(5))
        .expect("a map that moves the centre");
    let (x, o) = (group.map(s, Cell(5)), group.map(s, Cell(0)));
    let bad = (0..16)
        .map(Cell)
        .find(|&c| c != x && c != o)
        .expect("an empty cell");
    let c = cert(
        &r44,
        &[],
        Value::Win(Player::X),
        &[(&[], &[], Cell(5)), (&[x], &[o], bad)],
    );
    let report = verify(&c, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.sections[0].used[0]);
    assert!(!report.sections[0].used[1], "the image's entry is not used");
}
