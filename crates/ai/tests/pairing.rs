//! Draws proved by pairing strategies: the prover finds them by matching,
//! writes them as pairing entries (format version 3), the independent
//! checker accepts them and refuses broken ones, and a player following the
//! certificate never loses.

mod common;

use common::Rng;
use hypertac_ai::prove::{Prover, Tuning, Verdict};
use hypertac_ai::Budget;
use hypertac_core::{Cell, Player, Position, Rules, Shape};
use hypertac_proof::{verify, Certificate, Goal, Section, Strategy, Value};

fn rules(sizes: &[u32], k: u32) -> Rules {
    Rules::new(Shape::new(sizes).unwrap(), k).unwrap()
}

/// The certificate of a board the prover settles by pairing (with the
/// potential off: it settles most of these boards too, `potential.rs`),
/// its pairs listed (version 3).
fn certificate(r: &Rules) -> Certificate {
    certificate_with(r, true)
}

/// As [`certificate`]; without `list_pairs`, with matched pairing entries
/// (version 4: the checker finds the pairs).
fn certificate_with(r: &Rules, list_pairs: bool) -> Certificate {
    let pos = Position::new(r.clone());
    let tuning = Tuning {
        potential: false,
        list_pairs,
        ..Tuning::default()
    };
    let mut p = Prover::with_tuning(&pos, 64 << 20, tuning).unwrap();
    assert_eq!(p.run(&Budget::default()), Verdict::Draw, "{r}");
    p.proof_file("test", 0.0).unwrap()
}

fn pairing_entries(cert: &Certificate) -> usize {
    cert.sections.iter().map(Section::pairing_count).sum()
}

/// A copy of `old` with goal `goal`, each pairing entry's pairs passed
/// through `change` (entries keep their order).
fn rebuilt(old: &Section, goal: Goal, change: &dyn Fn(&[u16]) -> Vec<u16>) -> Section {
    let mut new = Section::new(old.player, goal, old.cells());
    for i in 0..old.len() {
        let (x, o, mv) = old.get(i);
        match old.pairing(i) {
            None => new.push(&x, &o, mv),
            Some(p) => {
                let cells: Vec<Cell> = change(p).into_iter().map(|c| Cell(u64::from(c))).collect();
                new.push_pairing(&x, &o, mv, &cells);
            }
        }
    }
    new
}

/// `cert` with section `s`'s pairs passed through `change`.
fn with_pairs(cert: &Certificate, s: usize, change: &dyn Fn(&[u16]) -> Vec<u16>) -> Certificate {
    let mut out = cert.clone();
    out.sections[s] = rebuilt(&cert.sections[s], cert.sections[s].goal, change);
    out
}

#[test]
fn square_boards_and_8_cubed_are_draws_by_pairing_and_verified() {
    let boards = [
        rules(&[5, 5], 5),
        rules(&[6, 6], 6),
        rules(&[7, 7], 7),
        rules(&[8, 8], 8),
        rules(&[8, 8, 8], 8),
    ];
    for r in &boards {
        let cert = certificate(r);
        assert_eq!(cert.value, Value::Draw);
        assert!(pairing_entries(&cert) > 0, "{r}: no pairing entry");
        // Through the file format and back (version 3).
        let mut bytes = Vec::new();
        cert.write_to(&mut bytes).unwrap();
        assert!(bytes.starts_with(b"hypertac-proof\n{\"version\":3,"), "{r}");
        let back = Certificate::read_from(&mut bytes.as_slice()).unwrap();
        assert_eq!(back, cert);
        let report = verify(&back, &mut |_| {}).unwrap_or_else(|e| panic!("{r}: {e}"));
        assert_eq!(report.value, Value::Draw);
    }
}

#[test]
fn a_pairing_that_misses_a_line_is_refused() {
    let cert = certificate(&rules(&[5, 5], 5));
    let s = cert
        .sections
        .iter()
        .position(|s| s.pairing_count() > 0)
        .unwrap();
    let mut refused = 0;
    // Drop each pair of the first pairing entry in turn: every pair
    // covers a line no other pair covers (the matching gives each line
    // its own pair), so every such pairing leaves a line open.
    let first = (0..cert.sections[s].len())
        .find_map(|i| cert.sections[s].pairing(i))
        .unwrap()
        .to_vec();
    for drop in 0..first.len() / 2 {
        let broken = with_pairs(&cert, s, &|p| {
            if p == first.as_slice() {
                p.chunks(2)
                    .enumerate()
                    .filter(|&(j, _)| j != drop)
                    .flat_map(|(_, c)| c.to_vec())
                    .collect()
            } else {
                p.to_vec()
            }
        });
        let e = verify(&broken, &mut |_| {}).unwrap_err().to_string();
        assert!(e.contains("holds no pair"), "{e}");
        refused += 1;
    }
    assert!(refused >= 8, "only {refused} pairings checked");
}

#[test]
fn a_pairing_that_uses_a_cell_twice_is_refused() {
    let cert = certificate(&rules(&[6, 6], 6));
    let s = cert
        .sections
        .iter()
        .position(|s| s.pairing_count() > 0)
        .unwrap();
    // The second pair reuses the first pair's first cell.
    let broken = with_pairs(&cert, s, &|p| {
        let mut p = p.to_vec();
        p[2] = p[0];
        p
    });
    let e = verify(&broken, &mut |_| {}).unwrap_err().to_string();
    assert!(e.contains("twice"), "{e}");
    // And through the file: refused on reading, with one line.
    let mut bytes = Vec::new();
    broken.write_to(&mut bytes).unwrap();
    let e = Certificate::read_from(&mut bytes.as_slice())
        .unwrap_err()
        .to_string();
    assert!(e.contains("twice") && !e.contains('\n'), "{e}");
}

#[test]
fn a_pairing_entry_in_a_win_section_is_refused() {
    let cert = certificate(&rules(&[5, 5], 5));
    let mut win = cert.clone();
    win.value = Value::Win(Player::O);
    let o = cert
        .sections
        .iter()
        .find(|s| s.player == Player::O)
        .unwrap();
    let section = rebuilt(o, Goal::Win, &|p| p.to_vec());
    win.sections = vec![section];
    let e = verify(&win, &mut |_| {}).unwrap_err().to_string();
    assert!(e.contains("pairing proves not losing"), "{e}");
}

#[test]
fn the_defender_following_a_pairing_never_loses() {
    let mut games = 0;
    for r in [rules(&[6, 6], 6), rules(&[8, 8, 8], 8)] {
        let cert = certificate(&r);
        let o = cert
            .sections
            .iter()
            .position(|s| s.player == Player::O)
            .unwrap();
        let strategy = Strategy::new(&cert, o);
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20 {
            let mut pos = Position::new(r.clone());
            while !pos.is_over() {
                let mv = if pos.to_move() == Player::O {
                    strategy
                        .follow(&pos)
                        .unwrap_or_else(|| panic!("{r}: no move after {:?}", pos.moves()))
                } else {
                    let moves: Vec<Cell> = pos.legal_moves().collect();
                    moves[rng.below(moves.len())]
                };
                pos.play(mv);
            }
            assert_ne!(
                pos.outcome().winner(),
                Some(Player::X),
                "{r}: {:?}",
                pos.moves()
            );
            games += 1;
        }
    }
    assert_eq!(games, 40);
}

#[test]
fn matched_pairing_entries_are_found_by_the_checker() {
    for r in [rules(&[5, 5], 5), rules(&[7, 7], 7), rules(&[8, 8, 8], 8)] {
        let listed = certificate(&r);
        let cert = certificate_with(&r, false);
        let matched: usize = cert.sections.iter().map(Section::matched_count).sum();
        assert!(matched > 0 && pairing_entries(&cert) == 0, "{r}");
        let mut bytes = Vec::new();
        cert.write_to(&mut bytes).unwrap();
        assert!(bytes.starts_with(b"hypertac-proof\n{\"version\":4,"), "{r}");
        let mut listed_bytes = Vec::new();
        listed.write_to(&mut listed_bytes).unwrap();
        assert!(bytes.len() < listed_bytes.len(), "{r}: no smaller");
        let back = Certificate::read_from(&mut bytes.as_slice()).unwrap();
        assert_eq!(back, cert);
        let report = verify(&back, &mut |_| {}).unwrap_or_else(|e| panic!("{r}: {e}"));
        assert_eq!(report.value, Value::Draw);
        // Its defender never loses against random moves.
        let o = cert
            .sections
            .iter()
            .position(|s| s.player == Player::O)
            .unwrap();
        let strategy = Strategy::new(&cert, o);
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for _ in 0..5 {
            let mut pos = Position::new(r.clone());
            while !pos.is_over() {
                let mv = if pos.to_move() == Player::O {
                    strategy
                        .follow(&pos)
                        .unwrap_or_else(|| panic!("{r}: no move"))
                } else {
                    let moves: Vec<Cell> = pos.legal_moves().collect();
                    moves[rng.below(moves.len())]
                };
                pos.play(mv);
            }
            assert_ne!(pos.outcome().winner(), Some(Player::X), "{r}");
        }
    }
}

#[test]
fn a_matched_pairing_entry_without_a_pairing_is_refused() {
    // Tic-tac-toe: after X's corner, O has 5 open lines, 10 cells to ask
    // of 8 empty ones.
    let r = rules(&[3, 3], 3);
    let mut cert = certificate(&rules(&[3, 3], 3));
    let x = cert
        .sections
        .iter()
        .position(|s| s.player == Player::X)
        .unwrap();
    let mut section = Section::new(Player::X, Goal::NotLose, 9);
    section.push_matched(&[0], &[0], Cell(0));
    cert.sections[x] = section;
    let e = verify(&cert, &mut |_| {}).unwrap_err().to_string();
    assert!(e.contains("no pairing against O exists"), "{r}: {e}");
}
