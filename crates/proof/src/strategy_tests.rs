//! The entries a [`Strategy`] finds (through an index, or through the
//! table it builds itself) are those of section 4, step 5, found by its
//! definition: a pass over every entry, canonical forms under the whole
//! group ([`Symmetries`]); on games along the shipped certificates' own
//! lines (Qubic, 4^4, and the first moves of 4^5), and on random images of
//! Qubic's entries.

use super::*;
use crate::fingerprint::mix;
use crate::index::write_index;

fn shipped(name: &str) -> Vec<u8> {
    let path = format!("{}/../../proofs/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// What [`Strategy::entry`] gives, found by a pass over every entry with
/// the board's stone count.
fn by_definition(
    entries: &Entries,
    group: &Symmetries,
    board: &Board,
    whose: Whose,
) -> Option<(Cell, Option<Vec<u16>>)> {
    let words = board.words();
    let count: u32 = board.stones().iter().map(|w| w.count_ones()).sum();
    let mut canon = vec![0u64; 2 * words];
    let y = group.canonical(board.stones(), &mut canon);
    let mut image = vec![0u64; 2 * words];
    let mut at = 0;
    while at < entries.data.len() {
        let (e, next) = entries.entry_at(at).expect("a valid entry");
        at = next;
        if (e.xs.len() + e.os.len()) as u32 != count {
            continue;
        }
        let pairs = match &e.kind {
            Kind::Pairing(p) => Some(p.clone()),
            _ => None,
        };
        let stones = e.stones(words);
        match whose {
            Whose::Own if stones == board.stones() => {
                return Some((Cell(u64::from(e.mv)), pairs));
            }
            Whose::Own => {}
            Whose::Image => {
                let s = group.canonical(&stones, &mut image);
                if image == canon {
                    let back = |c: u16| group.unmap(y, group.map(s, Cell(u64::from(c))));
                    let pairs = pairs.map(|p| p.into_iter().map(|c| back(c).0 as u16).collect());
                    return Some((back(e.mv), pairs));
                }
            }
        }
    }
    None
}

/// Compares the strategies' entries with the definition's on `board`;
/// gives how many positions had an entry.
fn compare(strategies: &[&Strategy], group: &Symmetries, board: &Board) -> usize {
    let mut found = 0;
    for whose in [Whose::Own, Whose::Image] {
        let want = by_definition(&strategies[0].entries, group, board, whose);
        for s in strategies {
            let got = s.entry(board, whose).map(|(_, c, p)| (c, p));
            assert_eq!(got, want, "{:?}", board.stones());
        }
        found += usize::from(want.is_some());
    }
    found
}

/// Games from the root: the strategy's moves (as [`Strategy::follow`]
/// gives them) against pseudo-random replies, up to `stones` stones; each
/// position with the strategy's player to move is compared.
fn along_games(strategies: &[&Strategy], games: u64, stones: usize) -> (usize, usize) {
    let s = strategies[0];
    let rules = s.rules().expect("rules").clone();
    let group = Symmetries::new(&rules);
    let (mut positions, mut found) = (0, 0);
    for game in 0..games {
        let mut pos = Position::from_moves(rules.clone(), s.root()).expect("the root");
        let mut state = mix(game + 1);
        while !pos.is_over() && pos.moves().len() <= stones {
            let cell = if pos.to_move() == s.player() {
                let board = s.board_of(&pos).expect("a board");
                found += compare(strategies, &group, &board);
                positions += 1;
                let moves: Vec<_> = strategies.iter().map(|t| t.follow(&pos)).collect();
                assert!(moves.windows(2).all(|w| w[0] == w[1]), "{moves:?}");
                match moves[0] {
                    Some(c) => c,
                    None => break,
                }
            } else {
                let legal: Vec<Cell> = pos.legal_moves().collect();
                state = mix(state);
                legal[(state % legal.len() as u64) as usize]
            };
            pos.play(cell);
        }
    }
    (positions, found)
}

#[test]
fn qubic_and_4d_entries_with_and_without_an_index() {
    for (name, games) in [("qubic.proof", 60), ("4d.proof", 12)] {
        let cert = shipped(name);
        let index = write_index(&cert).expect("an index");
        let indexed = Strategy::read_indexed(&cert, &index).expect("the index matches");
        let built = Strategy::read(&cert).expect("a certificate");
        let (positions, found) = along_games(&[&indexed[0], &built[0]], games, usize::MAX);
        assert!(positions > 3 * games as usize, "{name}: {positions}");
        assert!(found > positions / 4, "{name}: {found} of {positions}");
    }
}

#[test]
fn images_of_qubic_entries_find_their_entry() {
    let cert = shipped("qubic.proof");
    let index = write_index(&cert).expect("an index");
    let strategy = &Strategy::read_indexed(&cert, &index).expect("the index")[0];
    let rules = strategy.rules().expect("rules").clone();
    let group = Symmetries::new(&rules);
    let lines = strategy.lines.clone().expect("lines");
    let entries = &strategy.entries;
    let (mut at, mut state, mut checked) = (0, 5u64, 0);
    while at < entries.data.len() {
        let (e, next) = entries.entry_at(at).expect("an entry");
        at = next;
        state = mix(state);
        if state % 7 != 0 {
            continue;
        }
        let s = (state >> 8) as usize % group.len();
        let mut board = Board::new(&rules, lines.clone());
        for (cells, side) in [(&e.xs, Player::X), (&e.os, Player::O)] {
            for &c in cells {
                board.play(group.map(s, Cell(u64::from(c))).0 as usize, side);
            }
        }
        assert!(compare(&[strategy], &group, &board) >= 1);
        checked += 1;
    }
    assert!(checked > 300, "{checked}");
}

/// 4^5: the shipped index; games of the first stones only, whose
/// definition reads the 13,305 entries of at most 4 stones.
#[test]
fn the_first_moves_of_4x5_with_the_shipped_index() {
    let cert = shipped("4x5.proof");
    let index = shipped("4x5.proof.idx");
    let indexed = Strategy::read_indexed(&cert, &index).expect("the shipped index matches");
    let (positions, found) = along_games(&[&indexed[0]], 4, 4);
    assert_eq!(positions, 12);
    assert!(found >= 4, "{found}");
}
