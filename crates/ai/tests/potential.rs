//! Draws proved by the Erdős–Selfridge potential: the prover settles a
//! position where the side that need only not lose has a potential below
//! 1 against the other, writes a potential entry (format version 4), the
//! independent checker computes the potential itself and refuses a false
//! claim, and a player following the certificate never loses.

mod common;

use common::{minimax, Rng};
use hypertac_ai::prove::{Prover, Verdict};
use hypertac_ai::Budget;
use hypertac_core::{Cell, Player, Position, Rules, Shape};
use hypertac_proof::{verify, Certificate, Goal, Section, Strategy, Value};

fn rules(sizes: &[u32], k: u32) -> Rules {
    Rules::new(Shape::new(sizes).unwrap(), k).unwrap()
}

fn certificate(pos: &Position) -> Certificate {
    let mut p = Prover::new(pos, 64 << 20).unwrap();
    assert_eq!(
        p.run(&Budget::default()),
        Verdict::Draw,
        "{:?}",
        pos.moves()
    );
    p.proof_file("test", 0.0).unwrap()
}

fn potential_entries(cert: &Certificate) -> usize {
    cert.sections.iter().map(Section::potential_count).sum()
}

#[test]
fn boards_drawn_by_the_potential_are_written_as_version_4_and_verified() {
    // 4x4: 10 lines of 4 cells, 10/16 < 1 with X to move; 8^3: 244 lines
    // of 8 cells, 244/256 < 1.
    for r in [rules(&[4, 4], 4), rules(&[5, 5], 5), rules(&[8, 8, 8], 8)] {
        let cert = certificate(&Position::new(r.clone()));
        assert!(potential_entries(&cert) > 0, "{r}: no potential entry");
        let mut bytes = Vec::new();
        cert.write_to(&mut bytes).unwrap();
        assert!(bytes.starts_with(b"hypertac-proof\n{\"version\":4,"), "{r}");
        let back = Certificate::read_from(&mut bytes.as_slice()).unwrap();
        assert_eq!(back, cert);
        let report = verify(&back, &mut |_| {}).unwrap_or_else(|e| panic!("{r}: {e}"));
        assert_eq!(report.value, Value::Draw);
    }
}

/// A draw certificate of `r`'s empty board whose X section is one
/// potential entry at the root (X plays `mv`), its O section `cert`'s.
fn with_root_potential(cert: &Certificate, mv: Cell) -> Certificate {
    let mut out = cert.clone();
    let x = out
        .sections
        .iter()
        .position(|s| s.player == Player::X)
        .unwrap();
    let mut section = Section::new(Player::X, Goal::NotLose, cert.sections[x].cells());
    section.push_potential(&[0], &[0], mv);
    out.sections[x] = section;
    out
}

#[test]
fn a_false_potential_claim_is_refused() {
    // Tic-tac-toe's empty board: 8 lines of 3 cells, exactly 1.
    let r = rules(&[3, 3], 3);
    let cert = certificate(&Position::new(r.clone()));
    let broken = with_root_potential(&cert, Cell(4));
    let e = verify(&broken, &mut |_| {}).unwrap_err().to_string();
    assert!(e.contains("potential against O is at least 1"), "{e}");
    // Through the file and back: read, then refused the same way.
    let mut bytes = Vec::new();
    broken.write_to(&mut bytes).unwrap();
    let back = Certificate::read_from(&mut bytes.as_slice()).unwrap();
    let again = verify(&back, &mut |_| {}).unwrap_err().to_string();
    assert_eq!(e, again);
    // On 4x4 the same entry holds.
    let r = rules(&[4, 4], 4);
    let cert = certificate(&Position::new(r));
    verify(&with_root_potential(&cert, Cell(5)), &mut |_| {}).unwrap();
}

#[test]
fn a_potential_entry_in_a_win_section_or_on_a_gravity_board_is_refused() {
    let cert = certificate(&Position::new(rules(&[4, 4], 4)));
    let mut win = with_root_potential(&cert, Cell(5));
    win.value = Value::Win(Player::X);
    win.sections.retain(|s| s.player == Player::X);
    win.sections[0].goal = Goal::Win;
    let mut bytes = Vec::new();
    win.write_to(&mut bytes).unwrap();
    let e = Certificate::read_from(&mut bytes.as_slice())
        .unwrap_err()
        .to_string();
    assert!(e.contains("potential proves not losing"), "{e}");
    // Gravity: the heaviest cell need not be playable.
    let r = rules(&[4, 4], 4).with_gravity(Some(1)).unwrap();
    let mut g = cert.clone();
    g.rules = hypertac_core::record::RulesSpec::of(&r);
    let g = with_root_potential(&g, Cell(1));
    let e = verify(&g, &mut |_| {}).unwrap_err().to_string();
    assert!(e.contains("gravity"), "{e}");
}

#[test]
fn a_bad_kind_in_version_4_is_refused_on_reading() {
    let cert = certificate(&Position::new(rules(&[4, 4], 4)));
    let mut bytes = Vec::new();
    cert.write_to(&mut bytes).unwrap();
    // The first section's only entry ends with its kind, 1: make it 7.
    let header_end = bytes.iter().skip(15).position(|&b| b == b'\n').unwrap() + 16;
    let first_bytes = {
        let text = std::str::from_utf8(&bytes[15..header_end]).unwrap();
        let v: serde_json::Value = serde_json::from_str(text).unwrap();
        v["sections"][0]["bytes"].as_u64().unwrap() as usize
    };
    let at = header_end + first_bytes - 1;
    assert_eq!(bytes[at], 1, "the first entry is a potential entry");
    bytes[at] = 7;
    let e = Certificate::read_from(&mut bytes.as_slice())
        .unwrap_err()
        .to_string();
    assert!(e.contains("kind 7"), "{e}");
}

#[test]
fn both_sides_following_a_potential_certificate_never_lose() {
    let mut games = 0;
    for r in [rules(&[4, 4], 4), rules(&[5, 5], 5)] {
        let cert = certificate(&Position::new(r.clone()));
        for side in [Player::X, Player::O] {
            let s = cert.sections.iter().position(|s| s.player == side).unwrap();
            let strategy = Strategy::new(&cert, s);
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
            for _ in 0..20 {
                let mut pos = Position::new(r.clone());
                while !pos.is_over() {
                    let mv = if pos.to_move() == side {
                        strategy
                            .follow(&pos)
                            .unwrap_or_else(|| panic!("{r}: no move after {:?}", pos.moves()))
                    } else {
                        let moves: Vec<Cell> = pos.legal_moves().collect();
                        moves[rng.below(moves.len())]
                    };
                    pos.play(mv);
                }
                assert_ne!(pos.outcome().winner(), Some(side.other()), "{r}");
                games += 1;
            }
        }
    }
    assert_eq!(games, 80);
}

#[test]
fn positions_settled_with_potential_entries_agree_with_minimax() {
    // Random positions of 4x4 k4 and 5x5 k4: the prover's value (with its
    // certificate checked) against plain minimax.
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (mut compared, mut with_potential) = (0, 0);
    // Enough stones that minimax from there is quick (at most 11 empty cells).
    for (r, fewest) in [(rules(&[4, 4], 4), 5), (rules(&[5, 5], 5), 14)] {
        let cells = r.shape().cell_count() as usize;
        for _ in 0..40 {
            let mut pos = Position::new(r.clone());
            let stones = fewest + rng.below(4);
            while pos.moves().len() < stones && !pos.is_over() {
                let c = Cell(rng.below(cells) as u64);
                if pos.is_legal(c) {
                    pos.play(c);
                }
            }
            if pos.is_over() {
                continue;
            }
            let want = minimax(&mut pos, &mut std::collections::HashMap::new());
            let mut p = Prover::new(&pos, 16 << 20).unwrap();
            let got = match p.run(&Budget::default()) {
                Verdict::Draw => 0,
                Verdict::Win(w) if w == pos.to_move() => 1,
                Verdict::Win(_) => -1,
                other => panic!("{other:?}"),
            };
            assert_eq!(got, want, "{r} {:?}", pos.moves());
            let cert = p.proof_file("test", 0.0).unwrap();
            verify(&cert, &mut |_| {}).unwrap_or_else(|e| panic!("{r} {:?}: {e}", pos.moves()));
            with_potential += usize::from(potential_entries(&cert) > 0);
            compared += 1;
        }
    }
    assert!(compared >= 70, "{compared} compared");
    assert!(
        with_potential >= 10,
        "{with_potential} with potential entries"
    );
}
