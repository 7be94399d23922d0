//! Parsing, weak mode, analysis and small boards against a plain minimax.

use hypertac_connect4::{ParseError, Position, Solver};
use std::collections::HashMap;

#[test]
fn parse_errors() {
    assert_eq!(
        Position::from_moves("44x").unwrap_err(),
        ParseError::InvalidCharacter { ch: 'x', index: 3 }
    );
    let e = Position::from_moves("448").unwrap_err();
    assert_eq!(
        e,
        ParseError::ColumnOutOfRange {
            column: 8,
            width: 7,
            index: 3
        }
    );
    assert_eq!(e.to_string(), "column 8 is outside 1-7 at move 3");
    assert!(matches!(
        Position::from_moves("0").unwrap_err(),
        ParseError::ColumnOutOfRange { column: 0, .. }
    ));
    assert_eq!(
        Position::from_moves("1111111").unwrap_err(),
        ParseError::ColumnFull {
            column: 1,
            index: 7
        }
    );
    // 1212121: the seventh move makes four in column 1.
    assert_eq!(
        Position::from_moves("1212121").unwrap_err(),
        ParseError::GameOver {
            column: 1,
            index: 7
        }
    );
    assert!(Position::from_moves("121212").is_ok());
    assert!(Position::from_moves("").unwrap().nb_moves() == 0);
    let mut p = Position::from_moves("44").unwrap();
    assert!(p.play_moves("4z").is_err());
    assert_eq!(
        p.nb_moves(),
        2,
        "a failed play_moves leaves the position unchanged"
    );
    assert!(Position::with_size(10, 6).is_err());
    assert!(Position::with_size(8, 8).is_err());
    assert!(Position::with_size(8, 7).is_ok());
}

#[test]
fn position_basics() {
    let mut p = Position::new();
    assert!(p.can_play(0) && !p.can_play(7));
    for _ in 0..6 {
        p.play(2);
    }
    assert!(!p.can_play(2));
    assert_eq!(p.column_height(2), 6);
    assert!(p.mirror_consistent());
    let q = Position::from_moves("112233").unwrap();
    assert!(q.is_winning_move(3));
    assert!(!q.is_winning_move(4));
    assert!(q.can_win_next());
    let a = Position::from_moves("1234").unwrap();
    let b = Position::from_moves("7654").unwrap();
    assert_eq!(
        a.canonical_key(),
        (b.canonical_key().0, !b.canonical_key().1)
    );
    assert_eq!(a.mirrored(), b);
}

#[test]
fn weak_signs_and_analyze() {
    let mut solver = Solver::new(20);
    for moves in [
        "2252576253462244111563365343671351441",
        "7422341735647741166133573473242566",
        "23163416124767223154467471272416755633",
        "65214673556155731566316327373221417",
        "32164625",
        "243335424257",
        "274552224131661",
    ] {
        let pos = Position::from_moves(moves).unwrap();
        let strong = solver.solve(&pos, false);
        assert_eq!(solver.solve(&pos, true), strong.signum(), "{moves}");
        let scores = solver.analyze(&pos, false);
        assert_eq!(scores.len(), 7);
        let mut best = i32::MIN;
        for (c, s) in scores.iter().enumerate() {
            let c = c as u32;
            assert_eq!(s.is_some(), pos.can_play(c));
            if let Some(s) = *s {
                best = best.max(s);
                if !pos.is_winning_move(c) {
                    let mut child = pos;
                    child.play(c);
                    assert_eq!(s, -solver.solve(&child, false));
                }
            }
        }
        assert_eq!(
            best, strong,
            "{moves}: best move score is the position score"
        );
        let weak = solver.analyze(&pos, true);
        for (a, b) in weak.iter().zip(&scores) {
            assert_eq!(*a, b.map(i32::signum));
        }
    }
}

#[test]
fn finished_or_full_positions() {
    let mut solver = Solver::new(16);
    let mut p = Position::from_moves("112233").unwrap();
    p.play(3); // the side to move has just lost
    assert!(p.last_mover_won());
    assert!(solver.solve(&p, false) < 0);
    assert!(solver.analyze(&p, false).iter().all(Option::is_none));
    let mut full = Position::with_size(2, 2).unwrap();
    full.play_moves("1122").unwrap();
    assert_eq!(solver.solve(&full, false), 0);
}

/// Plain memoized minimax on a simple grid, independent of the bitboards.
struct Reference {
    w: usize,
    h: usize,
    memo: HashMap<Vec<u8>, i32>,
}

impl Reference {
    fn four(&self, g: &[u8], c: usize, r: usize) -> bool {
        let who = g[c * self.h + r];
        for (dc, dr) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
            let mut count = 1;
            for sign in [1, -1] {
                let (mut x, mut y) = (c as i32, r as i32);
                loop {
                    x += sign * dc;
                    y += sign * dr;
                    if x < 0 || y < 0 || x >= self.w as i32 || y >= self.h as i32 {
                        break;
                    }
                    if g[x as usize * self.h + y as usize] != who {
                        break;
                    }
                    count += 1;
                }
            }
            if count >= 4 {
                return true;
            }
        }
        false
    }

    /// Score for the side to move (`player`), `n` stones on the board.
    fn score(&mut self, g: &mut Vec<u8>, n: usize, player: u8) -> i32 {
        let size = self.w * self.h;
        if n == size {
            return 0;
        }
        if let Some(&s) = self.memo.get(g) {
            return s;
        }
        let mut best = i32::MIN;
        for c in 0..self.w {
            let Some(r) = (0..self.h).find(|&r| g[c * self.h + r] == 0) else {
                continue;
            };
            g[c * self.h + r] = player;
            let s = if self.four(g, c, r) {
                ((size + 1 - n) / 2) as i32
            } else {
                -self.score(g, n + 1, 3 - player)
            };
            g[c * self.h + r] = 0;
            best = best.max(s);
        }
        self.memo.insert(g.clone(), best);
        best
    }

    fn solve(&mut self, moves: &str) -> i32 {
        let mut g = vec![0u8; self.w * self.h];
        let mut player = 1;
        for ch in moves.chars() {
            let c = ch.to_digit(10).unwrap() as usize - 1;
            let r = (0..self.h).find(|&r| g[c * self.h + r] == 0).unwrap();
            g[c * self.h + r] = player;
            player = 3 - player;
        }
        self.score(&mut g, moves.len(), player)
    }
}

/// Deterministic pseudo-random generator (xorshift).
fn next_rand(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn small_boards_match_plain_minimax() {
    let mut rng = 0x1234_5678_9abc_def1u64;
    // (width, height, random positions, fewest random moves tried): the
    // larger boards start from later positions so that the reference stays
    // fast; their 4-6 columns exercise the baseinverse pairs of the
    // claimeven bound.
    for (w, h, random_positions, min_len) in [
        (4, 4, 60, 0),
        (5, 4, 60, 0),
        (4, 5, 40, 0),
        (3, 4, 5, 0),
        (6, 4, 40, 8),
        (5, 5, 40, 8),
    ] {
        let mut reference = Reference {
            w,
            h,
            memo: HashMap::new(),
        };
        let mut solver = Solver::new(18);
        let empty = Position::with_size(w as u32, h as u32).unwrap();
        if min_len == 0 {
            assert_eq!(
                solver.solve(&empty, false),
                reference.solve(""),
                "empty {w}x{h}"
            );
        }
        let mut done = 0;
        while done < random_positions {
            // random legal, unfinished move string
            let mut pos = empty;
            let mut moves = String::new();
            let len = min_len + (next_rand(&mut rng) % (w * h - min_len) as u64) as usize;
            for _ in 0..len {
                let c = (next_rand(&mut rng) % w as u64) as u32;
                if pos.can_play(c) && !pos.is_winning_move(c) {
                    pos.play(c);
                    moves.push(char::from_digit(c + 1, 10).unwrap());
                }
            }
            let expected = reference.solve(&moves);
            assert_eq!(solver.solve(&pos, false), expected, "{w}x{h} {moves}");
            assert_eq!(
                solver.solve(&pos, true),
                expected.signum(),
                "{w}x{h} {moves}"
            );
            done += 1;
        }
    }
}

#[test]
fn standard_book() {
    use hypertac_connect4::Book;
    let book = Book::standard();
    assert!(book.depth() >= 1 && !book.is_empty());
    let mut solver = Solver::with_standard_book(16);
    let empty = Position::new();
    // The known values of the first moves (side to move = first player).
    assert_eq!(
        solver.analyze(&empty, false),
        [-2, -1, 0, 1, 0, -1, -2].map(Some).to_vec()
    );
    assert_eq!(solver.solve(&empty, false), 1);
    assert_eq!(solver.solve(&empty, true), 1);
    assert!(Book::parse("12 x\n", *empty.geometry()).is_err());
    assert!(Book::parse("18 1\n", *empty.geometry()).is_err());
    let b = Book::parse("# c\n 1\n4 -1\n", *empty.geometry()).unwrap();
    assert_eq!(b.get(&empty), Some(1));
    assert_eq!(b.get(&Position::from_moves("4").unwrap()), Some(-1));
    // The binary format: same book back, mirror images found.
    let bytes = b.to_bytes().unwrap();
    assert_eq!(bytes.len(), 8 + 2 * 8);
    let back = Book::from_bytes(&bytes).unwrap();
    assert_eq!((back.len(), back.depth()), (2, 1));
    assert_eq!(back.get(&empty), Some(1));
    assert_eq!(back.get(&Position::from_moves("4").unwrap()), Some(-1));
    let b = Book::parse("12 -2\n", *empty.geometry()).unwrap();
    let back = Book::from_bytes(&b.to_bytes().unwrap()).unwrap();
    assert_eq!(back.get(&Position::from_moves("76").unwrap()), Some(-2));
    assert_eq!(back.entries().len(), 1);
    // Damaged books are refused, not misread.
    assert!(Book::from_bytes(b"C4BK").is_err());
    assert!(Book::from_bytes(&bytes[..bytes.len() - 3]).is_err());
    let mut bad = bytes.clone();
    bad[8 + 7] = 0xff; // a key with bits above the board
    assert!(Book::from_bytes(&bad).is_err());
    assert!(Book::from_bytes(b"C4BK\x0a\x06\0\0").is_err());
}

/// The shipped book agrees with the solver (without book) on a sample of
/// its deeper positions.
#[test]
fn standard_book_matches_the_solver() {
    use hypertac_connect4::Book;
    let book = Book::standard();
    assert!(book.depth() >= 2);
    let entries = book.entries();
    assert_eq!(entries.len(), book.len());
    let mut solver = Solver::new(22);
    // Positions with 5 stones or more cost under a second each to solve
    // (earlier ones up to a minute): about ten of them.
    let deep: Vec<_> = entries.iter().filter(|(p, _)| p.nb_moves() >= 5).collect();
    let sample = deep.iter().step_by(deep.len() / 10 + 1).copied();
    for (pos, score) in sample {
        assert_eq!(book.get(pos), Some(*score));
        assert_eq!(book.get(&pos.mirrored()), Some(*score));
        assert_eq!(solver.solve(pos, false), *score, "{} moves", pos.nb_moves());
    }
}
