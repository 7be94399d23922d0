//! Opening books (`hypertac_ai::book`): built on small boards, every value
//! against plain minimax; written and read back; damaged or wrong books
//! refused with a clear message; `analyze` answering from a book; the
//! shipped Qubic book read, and its values where the shipped certificate
//! covers them the certificate's.

mod common;

use common::minimax;
use hypertac_ai::analyze::{Analyzer, Source};
use hypertac_ai::book::{classes, classes_listed, settle, shipped, shipped_text, Book, LISTED};
use hypertac_ai::prove::SharedTable;
use hypertac_ai::{Budget, Level};
use hypertac_core::{Player, Position, Rules, Shape};
use hypertac_proof::Value;
use std::collections::HashMap;

fn rules(sizes: &[u32], k: u32) -> Rules {
    Rules::new(Shape::new(sizes).unwrap(), k).unwrap()
}

/// The value by minimax, as a book value.
fn reference(pos: &Position) -> Value {
    let mut p = pos.clone();
    let me = p.to_move();
    match minimax(&mut p, &mut HashMap::new()) {
        1 => Value::Win(me),
        0 => Value::Draw,
        _ => Value::Win(me.other()),
    }
}

/// A proved value as an analysis value.
fn analysis(v: Value) -> hypertac_ai::analyze::Value {
    match v {
        Value::Win(p) => hypertac_ai::analyze::Value::Win(p),
        Value::Draw => hypertac_ai::analyze::Value::Draw,
    }
}

/// A book of every position of up to `stones` stones, built as
/// `hypertac book` does, each value checked against minimax.
fn built(rules: &Rules, stones: usize) -> Book {
    let table = SharedTable::new(rules, 16 << 20);
    let mut book = Book::new(rules, stones);
    for pos in classes(rules, stones) {
        let settled = settle(&pos, &table, 1, &Budget::default()).unwrap();
        assert_eq!(settled.value, reference(&pos), "{:?}", pos.moves());
        assert!(settled.certificate_bytes > 0 && settled.checked_positions > 0);
        book.insert(&pos, settled.value).unwrap();
    }
    book
}

#[test]
fn classes_count_positions_up_to_symmetry() {
    // Tic-tac-toe: 3 first moves, 12 two-stone positions (8 symmetries).
    let r = rules(&[3, 3], 3);
    let c = classes(&r, 2);
    assert_eq!(c.iter().filter(|p| p.moves().len() == 1).count(), 3);
    assert_eq!(c.iter().filter(|p| p.moves().len() == 2).count(), 12);
    // Qubic: the 16 corner and centre cells, and the 48 others.
    assert_eq!(classes(&Rules::preset("qubic").unwrap(), 1).len(), 2);
}

#[test]
fn built_books_hold_minimax_values_and_read_back() {
    for (r, stones) in [(rules(&[3, 3], 3), 3), (rules(&[4, 4], 3), 2)] {
        let book = built(&r, stones);
        let text = book.to_text();
        let read = Book::parse(&text, &r).unwrap();
        assert_eq!(read.len(), book.len());
        assert_eq!(read.to_text(), text);
        // Every position of up to `stones` stones, symmetric images too.
        let mut frontier = vec![Position::new(r.clone())];
        for _ in 0..stones {
            let mut next = Vec::new();
            for pos in &frontier {
                for cell in pos.legal_moves() {
                    let mut child = pos.clone();
                    child.play(cell);
                    if !child.is_over() {
                        assert_eq!(read.value(&child), Some(reference(&child)));
                        next.push(child);
                    }
                }
            }
            frontier = next;
        }
    }
}

#[test]
fn analyze_answers_from_a_book() {
    let r = rules(&[3, 3], 3);
    let book = built(&r, 2);
    let mut analyzer = Analyzer::new(1 << 20);
    analyzer.set_book(book);
    let mut pos = Position::new(r.clone());
    pos.play(hypertac_core::Cell(4));
    let a = analyzer.analyze(&pos, &Budget::millis(1)).unwrap();
    assert!(a.complete());
    for m in &a.moves {
        assert_eq!(m.known.source, Source::Book);
        let mut child = pos.clone();
        child.play(m.cell);
        assert_eq!(m.known.value, analysis(reference(&child)));
    }
    // The empty board's own value, from the book's one-stone positions
    // through the analysis of its moves.
    let a = analyzer
        .analyze(&Position::new(r.clone()), &Budget::millis(1))
        .unwrap();
    assert_eq!(a.value(), hypertac_ai::analyze::Value::Draw);
}

#[test]
fn a_books_best_move_keeps_the_minimax_value() {
    // Books of every position of up to 3 stones (tic-tac-toe) and 2 (4x4
    // k3): in each position of fewer stones, the move the book picks leads
    // where minimax says the position's value stays; none in a lost one.
    let mut checked = 0;
    for (r, stones) in [(rules(&[3, 3], 3), 3), (rules(&[4, 4], 3), 2)] {
        let book = built(&r, stones);
        for pos in std::iter::once(Position::new(r.clone())).chain(classes(&r, stones - 1)) {
            let me = pos.to_move();
            let value = reference(&pos);
            match book.best_move(&pos) {
                Some((cell, v)) => {
                    let mut child = pos.clone();
                    child.play(cell);
                    assert_eq!(v, value, "{:?}", pos.moves());
                    assert_eq!(reference(&child), value, "{:?} then {cell:?}", pos.moves());
                }
                None => assert_eq!(value, Value::Win(me.other()), "{:?}", pos.moves()),
            }
            checked += 1;
        }
    }
    // 1 + 3 + 12 tic-tac-toe positions, 1 + 3 of 4x4.
    assert_eq!(checked, 20);
}

/// How many moves of the side to move in `pos` win for it, by minimax,
/// and of how many.
fn winning_moves(pos: &Position) -> (usize, usize) {
    let me = pos.to_move();
    let moves: Vec<_> = pos.legal_moves().collect();
    let winning = moves
        .iter()
        .filter(|&&cell| {
            let mut after = pos.clone();
            after.play(cell);
            reference(&after) == Value::Win(me)
        })
        .count();
    (winning, moves.len())
}

#[test]
fn a_books_hardest_move_leaves_the_fewest_winning_replies() {
    // A book of every 4x4 k3 position of up to 3 stones: in each position
    // of 1 stone (O to move, lost: X wins 4x4 k3), the move the book picks
    // leaves X as few winning moves as any move of O does, by minimax, and
    // says how many; and none where the book cannot show it (the empty
    // board, X to move, not lost).
    let r = rules(&[4, 4], 3);
    let book = built(&r, 3);
    assert!(book.hardest_move(&Position::new(r.clone())).is_none());
    let (mut checked, mut differ) = (0, 0);
    for pos in classes(&r, 1) {
        assert_eq!(reference(&pos), Value::Win(Player::X));
        let hard = book
            .hardest_move(&pos)
            .expect("a lost position the book holds");
        let mut after = pos.clone();
        after.play(hard.cell);
        assert_eq!(
            (hard.winning, hard.moves),
            winning_moves(&after),
            "{:?}",
            pos.moves()
        );
        let counts: Vec<usize> = pos
            .legal_moves()
            .map(|cell| {
                let mut other = pos.clone();
                other.play(cell);
                winning_moves(&other).0
            })
            .collect();
        let fewest = *counts.iter().min().unwrap();
        assert_eq!(hard.winning, fewest, "{:?}", pos.moves());
        if counts.iter().any(|&c| c > fewest) {
            differ += 1;
        }
        checked += 1;
    }
    // The three classes of a first stone on 4x4: corner, edge, centre; in
    // each, some of O's moves leave X more winning moves than others.
    assert_eq!((checked, differ), (3, 3));
}

#[test]
fn a_book_built_along_a_line_steers_the_hardest_move_into_it() {
    // A book holding the 4x4 k3 positions of one and two stones, but of
    // three stones only those after one reply of O to X's corner: at the
    // corner (lost for O, as the book holds) the hardest move is that
    // reply, counted as minimax counts it; with the replies' own values
    // left out too (the corner's value shows it lost), the same; with
    // neither the corner's value nor its replies', none.
    let r = rules(&[4, 4], 3);
    let full = built(&r, 3);
    let corner = Position::from_moves(r.clone(), &[hypertac_core::Cell(0)]).unwrap();
    let mut checked = 0;
    for reply in [5, 1, 15].map(hypertac_core::Cell) {
        let mut line = corner.clone();
        line.play(reply);
        for keep_twos in [true, false] {
            let mut book = Book::new(&r, 3);
            for pos in classes(&r, 3) {
                let stones = pos.moves().len();
                let in_line = stones == 3 && follows(&full, &line, &pos);
                let keep = stones == 1 || (stones == 2 && keep_twos) || in_line;
                if keep {
                    book.insert(&pos, full.value(&pos).unwrap()).unwrap();
                }
            }
            let hard = book.hardest_move(&corner).expect("the line's reply");
            let mut after = corner.clone();
            after.play(hard.cell);
            assert_eq!(book.key(&after), book.key(&line), "reply {reply:?}");
            assert_eq!((hard.winning, hard.moves), winning_moves(&line));
            checked += 1;
        }
    }
    assert_eq!(checked, 6);
    // Without the corner's value and without the replies' values the book
    // cannot show the corner lost.
    let mut book = Book::new(&r, 3);
    for pos in classes(&r, 3).into_iter().filter(|p| p.moves().len() == 3) {
        book.insert(&pos, full.value(&pos).unwrap()).unwrap();
    }
    assert!(book.hardest_move(&corner).is_none());
}

/// Whether `pos` is, up to symmetry, a move of `line`'s side to move.
fn follows(book: &Book, line: &Position, pos: &Position) -> bool {
    line.legal_moves().any(|cell| {
        let mut child = line.clone();
        child.play(cell);
        book.key(&child) == book.key(pos)
    })
}

#[test]
fn a_books_lost_or_drawn_position_answers_for_its_moves() {
    // A book of one-stone positions only: their moves' positions are not
    // in it, but a position lost for the side to move loses after every
    // move, and after any move of a drawn one its mover cannot win.
    let answered = |r: &Rules, want: Value| {
        let mut analyzer = Analyzer::new(1 << 20);
        analyzer.set_book(built(r, 1));
        let pos = (0..r.shape().cell_count())
            .map(|c| {
                let mut p = Position::new(r.clone());
                p.play(hypertac_core::Cell(c));
                p
            })
            .find(|p| reference(p) == want)
            .expect("a one-stone position of that value");
        let a = analyzer.analyze(&pos, &Budget::millis(0)).unwrap();
        for m in &a.moves {
            let mut child = pos.clone();
            child.play(m.cell);
            if m.proved() {
                assert_eq!(m.known.value, analysis(reference(&child)));
            } else {
                assert_eq!(m.known.cannot_win, Some(Player::O), "{:?}", m.cell);
            }
        }
        a
    };
    // 4x4 k3: X wins; every O move's value from the book at once.
    let a = answered(&rules(&[4, 4], 3), Value::Win(Player::X));
    assert_eq!(a.moves.len(), 15);
    assert!(a.moves.iter().all(
        |m| m.known.value == hypertac_ai::analyze::Value::Win(Player::X)
            && matches!(m.known.source, Source::Book | Source::Rules)
    ));
    // Tic-tac-toe: a draw; no O move can win (proved, or bounded by the book).
    let a = answered(&rules(&[3, 3], 3), Value::Draw);
    assert_eq!(a.moves.len(), 8);
}

#[test]
fn a_books_value_of_the_position_stands_where_its_moves_do_not_settle_it() {
    // 4x3 k3 (no shipped certificate), X to move after two stones: the
    // book (of up to two stones) holds the position, not its moves'
    // positions, and no time is given to prove them.
    let r = rules(&[4, 3], 3);
    let mut analyzer = Analyzer::new(1 << 20);
    analyzer.set_book(built(&r, 2));
    let mut checked = 0;
    for a in 0..r.shape().cell_count() {
        for b in 0..r.shape().cell_count() {
            if a == b {
                continue;
            }
            let mut pos = Position::new(r.clone());
            pos.play(hypertac_core::Cell(a));
            pos.play(hypertac_core::Cell(b));
            let want = reference(&pos);
            let got = analyzer.analyze(&pos, &Budget::millis(0)).unwrap();
            if got.moves.iter().all(|m| m.proved()) {
                continue;
            }
            assert_eq!(got.value(), analysis(want), "{a} {b}");
            assert_eq!(got.own.source, Source::Book);
            checked += 1;
        }
    }
    assert!(checked >= 50, "{checked} positions with unknown moves");
}

#[test]
fn damaged_or_wrong_books_are_refused() {
    let r = rules(&[3, 3], 3);
    let text = built(&r, 2).to_text();
    let err = |t: &str| Book::parse(t, &r).unwrap_err().0;
    // A changed value (with the check line left) is caught by the check.
    let changed = text.replacen("draw", "X wins", 1);
    assert!(
        err(&changed).contains("does not match"),
        "{}",
        err(&changed)
    );
    // Cut short: no check line.
    let cut = &text[..text.len() / 2];
    assert!(err(cut).contains("no check line"));
    assert!(err("").contains("no check line"));
    // Another board's book.
    let other = Book::parse(&text, &rules(&[4, 4], 3)).unwrap_err().0;
    assert!(other.contains("expected `rules 4x4 k3`"), "{other}");
    // Lines that are wrong although the check line matches them.
    let with = |body: &str| {
        let mut b = Book::new(&r, 2).to_text();
        b.truncate(b.rfind("check ").unwrap());
        b.push_str(body);
        resealed(&b)
    };
    let cases = [
        ("2,2 X wins\n", "smallest form"),
        ("0,0 X wins\n0,0 X wins\n", "already in the book"),
        ("0,0 maybe\n", "not a value"),
        ("0,0;0,0 draw\n", "line 4"),
        ("0,0;1,1;0,1 draw\n", "1 to 2 stones"),
        ("7,7 draw\n", "line 4"),
        ("0,0\n", "expected `MOVES VALUE`"),
    ];
    for (body, want) in cases {
        let e = err(&with(body));
        assert!(e.contains(want), "{body:?}: {e}");
    }
    assert!(err(&resealed("hypertac book 9\n")).contains("not a hypertac book"));
    // A book for more stones than its positions may hold is still read;
    // a position over the count is not looked up.
    let book = Book::parse(&with("0,0 draw\n"), &r).unwrap();
    let mut pos = Position::new(r.clone());
    pos.play(hypertac_core::Cell(0));
    assert_eq!(book.value(&pos), Some(Value::Draw));
    pos.play(hypertac_core::Cell(4));
    pos.play(hypertac_core::Cell(8));
    assert_eq!(book.value(&pos), None);
}

/// `body` with a check line that matches it.
fn resealed(body: &str) -> String {
    let sum = body.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{body}check {sum:016x}\n")
}

#[test]
fn the_shipped_qubic_book_reads_and_agrees_with_the_certificate() {
    let r = Rules::preset("qubic").unwrap();
    let text = shipped_text(&r).unwrap();
    let book = shipped(&r).expect("the shipped book reads");
    assert_eq!(Book::parse(text, &r).unwrap().to_text(), text);
    // Its positions are classes of positions of up to its stones: those
    // of the levels listed whole, and beyond them those built along the
    // computer's lines (`hypertac book --for`: see docs/analyze.md).
    let (all, listed) = classes_listed(&r, book.stones(), LISTED);
    let held = all.iter().filter(|p| book.contains(p)).count();
    let along_lines: usize = (listed + 1..=book.stones()).map(|s| book.len_at(s)).sum();
    assert_eq!(held + along_lines, book.len());
    // Where the shipped certificate proves a position, the same value:
    // the certificate's values of the moves of every position one stone
    // short of the book's (an analyser with an empty book, no time).
    let mut analyzer = Analyzer::new(1 << 20);
    analyzer.set_book(Book::new(&r, 0));
    let mut compared = 0;
    for pos in std::iter::once(Position::new(r.clone())).chain(all.iter().cloned()) {
        if pos.moves().len() >= QUBIC_WHOLE {
            continue;
        }
        for m in analyzer.analyze(&pos, &Budget::millis(1)).unwrap().moves {
            if m.known.source == Source::Certificate {
                let mut child = pos.clone();
                child.play(m.cell);
                assert_eq!(
                    book.value(&child).map(analysis),
                    Some(m.known.value),
                    "{:?}",
                    child.moves()
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 0);
    // Every X win in the book from a position with X's one stone on a
    // corner is backed by the certificate (X's first move there wins).
    let mut corner = Position::new(r.clone());
    corner.play(hypertac_core::Cell(0));
    assert_eq!(book.value(&corner), Some(Value::Win(Player::X)));
}

/// The levels the shipped Qubic book holds whole (every class of 1 and 2
/// stones, all but one of 3); deeper, it holds positions along lines.
const QUBIC_WHOLE: usize = 3;

/// A sample of the shipped Qubic book's values proved again (with a
/// certificate the checker accepts): minutes of search each, so run by
/// hand (`cargo test --release -p hypertac-ai --test book -- --ignored`);
/// `hypertac book --game qubic --out proofs/qubic.book --check` proves
/// every line again.
#[test]
#[ignore]
fn a_sample_of_the_shipped_qubic_book_against_the_prover() {
    let r = Rules::preset("qubic").unwrap();
    let book = shipped(&r).expect("the shipped book reads");
    let table = SharedTable::new(&r, 512 << 20);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let all = classes(&r, QUBIC_WHOLE);
    // Three positions of the book the certificate does not cover, spread
    // over it (a book being built holds some classes of its most stones).
    let open: Vec<&Position> = all
        .iter()
        .filter(|p| book.contains(p) && hypertac_ai::shipped::proved_winner(p).is_none())
        .collect();
    assert!(!open.is_empty());
    for pos in [open[0], open[open.len() / 2], open[open.len() - 1]] {
        let settled = settle(pos, &table, threads, &Budget::default()).unwrap();
        assert_eq!(book.value(pos), Some(settled.value), "{:?}", pos.moves());
    }
}

/// `hypertac book` takes a value from the shipped certificate wherever the
/// certificate proves a class, whatever the order of the stones in the
/// class's smallest form: every child of the positions of up to two stones
/// that the certificate proves (as `analyze` finds them, through the
/// parent's move) is found so on its class's representative.
#[test]
fn the_book_finds_every_class_the_certificate_proves() {
    let r = Rules::preset("qubic").unwrap();
    let book = Book::new(&r, 3);
    let reps: std::collections::HashMap<_, Position> = classes(&r, 3)
        .into_iter()
        .map(|p| (book.key(&p), p))
        .collect();
    let mut analyzer = Analyzer::new(1 << 20);
    analyzer.set_book(Book::new(&r, 0));
    let (mut found, mut first_order) = (0, 0);
    for pos in std::iter::once(Position::new(r.clone())).chain(classes(&r, 2)) {
        for m in analyzer.analyze(&pos, &Budget::millis(1)).unwrap().moves {
            if m.known.source != Source::Certificate {
                continue;
            }
            let mut child = pos.clone();
            child.play(m.cell);
            let rep = &reps[&book.key(&child)];
            let winner = hypertac_ai::shipped::proved_winner_any_order(rep);
            assert_eq!(
                winner.map(|w| analysis(Value::Win(w))),
                Some(m.known.value),
                "{:?} (class {:?})",
                child.moves(),
                rep.moves()
            );
            found += 1;
            first_order += usize::from(hypertac_ai::shipped::proved_winner(rep).is_some());
        }
    }
    assert!(
        found > first_order,
        "{found} children, {first_order} by the stones' own order"
    );
    eprintln!("{found} children proved by the certificate, {first_order} found without reordering");
}

/// The shipped 4^4 book: X's every first move wins (its three classes:
/// the corner, which the shipped certificate proves, and the cells with
/// one or two coordinates inside, each proved by `hypertac book` with a
/// certificate the checker accepted), so `analyze` values all 256 first
/// moves at once; and after each of X's first moves, every reply of O
/// (the book's second level, where it holds it whole).
#[test]
fn the_shipped_4d_book_answers_every_first_move() {
    let r = Rules::preset("4d").unwrap();
    let text = shipped_text(&r).unwrap();
    let book = shipped(&r).expect("the shipped 4^4 book reads");
    assert_eq!(Book::parse(text, &r).unwrap().to_text(), text);
    let first = classes(&r, 1);
    assert_eq!(first.len(), 3);
    for pos in &first {
        assert_eq!(
            book.value(pos),
            Some(Value::Win(Player::X)),
            "{:?}",
            pos.moves()
        );
    }
    let win = hypertac_ai::analyze::Value::Win(Player::X);
    let analyzer = Analyzer::new(1 << 20);
    let empty = Position::new(r.clone());
    let analysis = analyzer.analyze(&empty, &Budget::millis(1)).unwrap();
    assert!(analysis.complete());
    assert_eq!(analysis.moves.len(), 256);
    let mut by_book = 0;
    for m in &analysis.moves {
        assert_eq!(m.known.value, win, "{:?}", m.cell);
        assert!(matches!(m.known.source, Source::Book | Source::Certificate));
        by_book += usize::from(m.known.source == Source::Book);
    }
    // At least the 224 cells off the corners' class come from the book.
    assert!(by_book >= 224, "{by_book}");
    // The second level: after each first move the book holds whole, O's
    // every reply is an X win, answered at once.
    let mut whole = 0;
    for pos in &first {
        let all_held = classes(&r, 2)
            .iter()
            .filter(|c| c.moves()[0] == pos.moves()[0])
            .all(|c| book.contains(c));
        if book.stones() < 2 || !all_held {
            continue;
        }
        let analysis = analyzer.analyze(pos, &Budget::millis(1)).unwrap();
        assert!(analysis.complete(), "{:?}", pos.moves());
        assert_eq!(analysis.moves.len(), 255);
        assert!(analysis.moves.iter().all(|m| m.known.value == win));
        whole += 1;
    }
    // The shipped book holds the second level whole (99 classes).
    assert!(book.stones() >= 2);
    assert_eq!(whole, 3);
}

/// How many coordinates of `cell` are inside the board (1 or 2 on a side
/// of 4): with the inside and the outside swapped by a symmetry of 4^d, a
/// first move's class.
fn inside(rules: &Rules, cell: hypertac_core::Cell) -> usize {
    rules
        .shape()
        .coords(cell)
        .iter()
        .filter(|&&c| c == 1 || c == 2)
        .count()
}

/// How many moves of X in `pos` the book holds won for X, and of how many
/// moves; every move's position must be in the book.
fn book_wins(book: &Book, pos: &Position) -> (usize, usize) {
    let (mut wins, mut moves) = (0, 0);
    for cell in pos.legal_moves() {
        let mut after = pos.clone();
        after.play(cell);
        let value = book
            .value(&after)
            .unwrap_or_else(|| panic!("{:?} not in the book", after.moves()));
        wins += usize::from(value == Value::Win(Player::X));
        moves += 1;
    }
    (wins, moves)
}

/// The position a player of the 4D game meets at X's second move, after
/// the computer's reply: every move of X is answered at once from the
/// book's third level, proved, wins and losses alike, whichever of the
/// 256 cells X took first, as long as the book's third level has its
/// class (the computer answers symmetric first moves alike, with the reply
/// that leaves X the fewest winning moves: `Book::hardest_move`).
#[test]
fn the_shipped_4d_book_answers_x_second_move_after_the_computers_reply() {
    let r = Rules::preset("4d").unwrap();
    let book = shipped(&r).expect("the shipped 4^4 book reads");
    assert_eq!(book.stones(), 3);
    let analyzer = Analyzer::new(1 << 20);
    let win = hypertac_ai::analyze::Value::Win(Player::X);
    let (mut seen, mut analysed) = (0, 0);
    let mut replies: HashMap<usize, std::collections::BTreeSet<usize>> = HashMap::new();
    for first in (0..r.shape().cell_count()).map(hypertac_core::Cell) {
        let opening = Position::from_moves(r.clone(), &[first]).unwrap();
        // A first move's class: how many of its coordinates are inside
        // (1 or 2), where 0 and 4, 1 and 3 are alike (inside and outside
        // swap on 4^d).
        let inside = inside(&r, first);
        let class = inside.min(4 - inside);
        if !FIRST_CLASSES_ANSWERED.contains(&class) {
            continue;
        }
        let seeds: &[u64] = if analysed < FIRST_CLASSES_ANSWERED.len() {
            &[1, 2, 3]
        } else {
            &[1]
        };
        for &seed in seeds {
            let choice = hypertac_ai::choose(&opening, Level::Hard, seed, &Budget::millis(60_000))
                .expect("a reply");
            let mut pos = opening.clone();
            pos.play(choice.cell);
            let shown = hypertac_core::notation::format_cell(r.shape(), choice.cell);
            let (wins, moves) = book_wins(book, &pos);
            // X's second move decides: some win, others lose; the reason
            // the computer gives says how many.
            assert_eq!(moves, 254);
            assert!(wins > 0 && wins < 254, "{first:?};{shown}: {wins} wins");
            assert!(
                choice
                    .reason
                    .contains(&format!("X {wins} winning moves of 254")),
                "{}",
                choice.reason
            );
            replies.entry(class).or_default().insert(wins);
            if analysed < FIRST_CLASSES_ANSWERED.len() && seed == 1 {
                // As a player sees it: every move valued, from the book.
                let analysis = analyzer.analyze(&pos, &Budget::millis(1)).unwrap();
                assert!(analysis.complete(), "after {first:?} and the reply {shown}");
                let shown_wins = analysis
                    .moves
                    .iter()
                    .filter(|m| m.known.value == win)
                    .count();
                assert_eq!(shown_wins, wins);
                assert!(analysis
                    .moves
                    .iter()
                    .all(|m| matches!(m.known.source, Source::Book | Source::Certificate)));
                analysed += 1;
            }
            seen += 1;
        }
    }
    // Every cell of an answered class, each answered alike: one count of
    // X's winning moves a class.
    let cells_per_class = [32, 128, 96];
    let cells: usize = FIRST_CLASSES_ANSWERED
        .iter()
        .map(|&c| cells_per_class[c])
        .sum();
    assert_eq!(seen, cells + 2 * FIRST_CLASSES_ANSWERED.len());
    assert!(replies.values().all(|w| w.len() == 1), "{replies:?}");
}

/// Qubic likewise: after each of the 64 first moves of X and the
/// computer's reply, the book's second level answers every move of X, and
/// the computer answers the two classes of first moves (corners and
/// centres; the others) each alike, with the reply leaving X the fewest
/// winning moves.
#[test]
fn the_shipped_qubic_book_answers_x_second_move_after_the_computers_reply() {
    let r = Rules::preset("qubic").unwrap();
    let book = shipped(&r).expect("the shipped Qubic book reads");
    let mut counts: HashMap<usize, std::collections::BTreeSet<usize>> = HashMap::new();
    let mut seen = 0;
    for first in (0..r.shape().cell_count()).map(hypertac_core::Cell) {
        let opening = Position::from_moves(r.clone(), &[first]).unwrap();
        let inside = inside(&r, first);
        let choice = hypertac_ai::choose(&opening, Level::Hard, 1, &Budget::millis(60_000))
            .expect("a reply");
        let mut pos = opening.clone();
        pos.play(choice.cell);
        let (wins, _) = book_wins(book, &pos);
        assert!(
            choice
                .reason
                .contains(&format!("X {wins} winning moves of 62")),
            "{}",
            choice.reason
        );
        counts
            .entry(inside.min(3 - inside))
            .or_default()
            .insert(wins);
        seen += 1;
    }
    assert_eq!(seen, 64);
    assert_eq!(counts.len(), 2);
    assert!(counts.values().all(|w| w.len() == 1), "{counts:?}");
}

/// Qubic one move further, along the computer's lines: after X's first
/// move (a corner or an edge), the computer's reply, any second move of X
/// that wins and the computer's reply to it, every third move of X is
/// answered at once from the book's fifth level, whatever the seed (the
/// computer steers into the positions the book holds: `hardest_move`).
#[test]
fn the_shipped_qubic_book_answers_x_third_move_along_the_computers_lines() {
    let r = Rules::preset("qubic").unwrap();
    let book = shipped(&r).expect("the shipped Qubic book reads");
    let budget = Budget::millis(60_000);
    let (mut lines, mut answered) = (0, 0);
    for first in [0, 1].map(hypertac_core::Cell) {
        let mut opening = Position::from_moves(r.clone(), &[first]).unwrap();
        opening.play(
            hypertac_ai::choose(&opening, Level::Hard, 1, &budget)
                .unwrap()
                .cell,
        );
        for second in opening.legal_moves() {
            let mut pos = opening.clone();
            pos.play(second);
            if book.value(&pos) != Some(Value::Win(Player::X)) {
                continue;
            }
            lines += 1;
            let mut whole = true;
            for seed in [1, 2] {
                let reply = hypertac_ai::choose(&pos, Level::Hard, seed, &budget).unwrap();
                let mut after = pos.clone();
                after.play(reply.cell);
                whole &= after.legal_moves().all(|cell| {
                    let mut next = after.clone();
                    next.play(cell);
                    next.is_over() || book.contains(&next)
                });
            }
            answered += usize::from(whole);
        }
    }
    // X's winning second moves: 32 after the corner's reply, 3 after the
    // edge's.
    assert_eq!(lines, 35);
    assert_eq!(answered, QUBIC_LINES_ANSWERED);
}

/// How many of the 35 lines of
/// `the_shipped_qubic_book_answers_x_third_move_along_the_computers_lines`
/// the shipped book answers whole.
const QUBIC_LINES_ANSWERED: usize = 0;

/// The classes of X's first move (how many coordinates inside, 0 for
/// `1,1,1,1` and the corners, 1 for `1,0,0,0`, 2 for `1,1,0,0`) whose
/// positions after the computer's reply the 4D book's third level holds.
const FIRST_CLASSES_ANSWERED: [usize; 3] = [0, 1, 2];
