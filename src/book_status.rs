//! `hypertac book --status`: what a book file holds, level by level: the
//! classes of positions of each number of stones (up to symmetry), how
//! many are in the book, how many a `--go-on` build left out (with the
//! seconds they had, from `BOOK.tried`) and how many no build has tried;
//! and the positions whose every move `analyze` answers at once from the
//! book (each move's position in the book, or over; or the position
//! itself in the book, lost for its side to move, so that every move
//! loses), which is what a level of the book is for. Read only: nothing
//! is proved or written.

use crate::book_tried::Tried;
use hypertac_ai::book::{classes_listed, Book, Key, LISTED};
use hypertac_core::notation::format_move_list;
use hypertac_core::{Position, Rules};
use hypertac_proof::Value;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

/// The counts of one level (positions of one number of stones).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Level {
    /// Classes of positions of this many stones, not over.
    pub classes: usize,
    /// Of them, in the book.
    pub proved: usize,
    /// Of the others, left out by a build: how many at each number of
    /// seconds tried.
    pub left_out: BTreeMap<u64, usize>,
    /// Classes whose every move leads to a position in the book (or
    /// over), or that the book holds lost for their side to move.
    pub complete: usize,
    /// The others, by the number of their moves' classes not in the
    /// book, fewest first: (missing, moves of the position).
    pub incomplete: Vec<(usize, String)>,
    /// Whether the level's classes were listed (see
    /// [`hypertac_ai::book::LISTED`]); if not, only what the book holds
    /// and what builds left out are counted (a book holds such a level
    /// along lines, built with `--for`).
    pub listed: bool,
}

impl Level {
    /// Classes not in the book and never tried.
    pub fn untried(&self) -> usize {
        self.classes
            .saturating_sub(self.proved + self.left_out.values().sum::<usize>())
    }
}

/// The levels of `book`, from the empty board (level 0) to its stones.
pub fn levels(rules: &Rules, book: &Book, tried: &Tried) -> Vec<Level> {
    levels_listed(rules, book, tried, LISTED)
}

/// As [`levels`], listing the classes of a level only if that looks at
/// no more than `most` positions ([`classes_listed`]).
fn levels_listed(rules: &Rules, book: &Book, tried: &Tried, most: usize) -> Vec<Level> {
    let stones = book.stones();
    let mut levels = vec![Level::default(); stones + 1];
    let (all, listed) = classes_listed(rules, stones, most);
    for (s, level) in levels.iter_mut().enumerate() {
        level.listed = s <= listed;
        if !level.listed {
            level.proved = book.len_at(s);
        }
    }
    for (moves, secs) in tried.entries() {
        let Ok(pos) = crate::analyze::view::parse_position(rules, moves) else {
            continue;
        };
        let s = pos.moves().len();
        if s > listed && s <= stones && !book.contains(&pos) {
            *levels[s].left_out.entry(secs).or_default() += 1;
        }
    }
    let empty = Position::new(rules.clone());
    for pos in std::iter::once(empty).chain(all) {
        let level = &mut levels[pos.moves().len()];
        level.classes += 1;
        let moves = format_move_list(rules.shape(), pos.moves());
        // The empty board is in no book: level 0 only counts whether
        // its moves are answered.
        let value = if pos.moves().is_empty() {
            None
        } else {
            book.value(&pos)
        };
        let in_book = value.is_some();
        level.proved += usize::from(in_book);
        if let Some(secs) = tried.seconds(&moves).filter(|_| !in_book) {
            *level.left_out.entry(secs).or_default() += 1;
        }
        if value == Some(Value::Win(pos.to_move().other())) {
            level.complete += 1;
        } else if pos.moves().len() < stones {
            match missing(book, &pos) {
                0 => level.complete += 1,
                n => level.incomplete.push((n, moves)),
            }
        }
    }
    for level in &mut levels {
        level.incomplete.sort();
    }
    levels
}

/// The classes of the positions `pos`'s moves lead to that are neither
/// in `book` nor over.
fn missing(book: &Book, pos: &Position) -> usize {
    move_classes(book, pos)
        .values()
        .filter(|child| !book.contains(child))
        .count()
}

/// The classes (`keys`' keys) of the positions `pos`'s moves lead to
/// that are not over, each with one of its positions.
pub fn move_classes(keys: &Book, pos: &Position) -> HashMap<Key, Position> {
    let mut classes = HashMap::new();
    for cell in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(cell);
        if !child.is_over() {
            classes.entry(keys.key(&child)).or_insert(child);
        }
    }
    classes
}

/// Positions named in the report as nearest to having every move
/// answered.
const NEAREST: usize = 5;

/// The report `--status` prints for the book at `name`.
pub fn report(name: &str, rules: &Rules, levels: &[Level]) -> String {
    let stones = levels.len() - 1;
    let mut out = format!(
        "{name}: {rules}, positions of 1 to {stones} stones, one of each class of symmetric positions\n"
    );
    out +=
        "stones  classes  in the book  left out  never tried  every move answered from the book\n";
    for (s, level) in levels.iter().enumerate() {
        if !level.listed {
            let left: usize = level.left_out.values().sum();
            let _ = writeln!(
                out,
                "{s:>6}  {:>7}  {:>11}  {left:>8}  {:>11}  - (too many classes to list: held along lines, --for)",
                "-", level.proved, "-"
            );
            continue;
        }
        let complete = if s < stones {
            format!("{} of {}", level.complete, level.classes)
        } else {
            format!(
                "{} of {} (lost for the side to move)",
                level.complete, level.classes
            )
        };
        let (proved, left, untried) = if s == 0 {
            ("-".to_string(), "-".to_string(), "-".to_string())
        } else {
            let left: usize = level.left_out.values().sum();
            (
                level.proved.to_string(),
                left.to_string(),
                level.untried().to_string(),
            )
        };
        let _ = writeln!(
            out,
            "{s:>6}  {:>7}  {proved:>11}  {left:>8}  {untried:>11}  {complete}",
            level.classes
        );
    }
    for (s, level) in levels.iter().enumerate() {
        if !level.incomplete.is_empty() {
            let parts: Vec<String> = level
                .incomplete
                .iter()
                .take(NEAREST)
                .map(|(n, moves)| {
                    let name = if moves.is_empty() {
                        "the empty board"
                    } else {
                        moves
                    };
                    format!("{name} ({n} missing)")
                })
                .collect();
            let _ = writeln!(
                out,
                "nearest at {s} stones (classes of their moves not in the book): {}",
                parts.join(", ")
            );
        }
    }
    for (s, level) in levels.iter().enumerate().skip(1) {
        if level.left_out.is_empty() {
            continue;
        }
        let parts: Vec<String> = level
            .left_out
            .iter()
            .map(|(secs, n)| format!("{n} after {secs} s"))
            .collect();
        let _ = writeln!(
            out,
            "left out at {s} stones: {} (a build with more --time takes them up)",
            parts.join(", ")
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_ai::book::classes;
    use hypertac_core::Shape;

    #[test]
    fn levels_too_big_to_list_count_what_the_book_holds() {
        // Tic-tac-toe with its second level "too big": listing it looks at
        // 3 classes times 8 moves, over the 20 allowed. The book holds
        // two positions of 2 stones and one of 1; one of 2 was left out.
        let rules = tictactoe();
        let all = classes(&rules, 2);
        let mut book = Book::new(&rules, 2);
        let ones: Vec<_> = all.iter().filter(|p| p.moves().len() == 1).collect();
        let twos: Vec<_> = all.iter().filter(|p| p.moves().len() == 2).collect();
        for p in [ones[0], twos[0], twos[1]] {
            book.insert(p, hypertac_proof::Value::Draw).unwrap();
        }
        let mut tried = Tried::default();
        tried.note(&format_move_list(rules.shape(), twos[2].moves()), 7);
        tried.note(&format_move_list(rules.shape(), twos[0].moves()), 7);
        let short = levels_listed(&rules, &book, &tried, 20);
        assert!(short[1].listed && !short[2].listed);
        assert_eq!((short[1].classes, short[1].proved), (3, 1));
        assert_eq!((short[2].classes, short[2].proved), (0, 2));
        // Left out and not in the book since: one.
        assert_eq!(short[2].left_out, BTreeMap::from([(7, 1)]));
        let text = report("b", &rules, &short);
        assert!(
            text.contains(
                "     2        -            2         1            -  - (too many classes"
            ),
            "{text}"
        );
        // Listed whole, the same book's second level has its 12 classes.
        let levels = levels(&rules, &book, &tried);
        assert!(levels[2].listed);
        assert_eq!(
            (levels[2].classes, levels[2].proved, levels[2].untried()),
            (12, 2, 9)
        );
    }

    fn tictactoe() -> Rules {
        Rules::new(Shape::new(&[3, 3]).unwrap(), 3).unwrap()
    }

    #[test]
    fn counts_what_the_book_holds_and_what_was_left_out() {
        let rules = tictactoe();
        let all = classes(&rules, 2);
        // Tic-tac-toe: 3 classes of one stone, 12 of two.
        assert_eq!(all.iter().filter(|p| p.moves().len() == 1).count(), 3);
        assert_eq!(all.iter().filter(|p| p.moves().len() == 2).count(), 12);
        let mut book = Book::new(&rules, 2);
        let corner = all.iter().find(|p| p.moves().len() == 1).unwrap();
        book.insert(corner, hypertac_proof::Value::Draw).unwrap();
        // Every reply to the first class of one stone.
        let replies: Vec<&Position> = all
            .iter()
            .filter(|p| p.moves().len() == 2 && p.moves()[0] == corner.moves()[0])
            .collect();
        assert!(replies.len() > 1);
        for p in &replies {
            book.insert(p, hypertac_proof::Value::Draw).unwrap();
        }
        let mut tried = Tried::default();
        let left = all
            .iter()
            .find(|p| p.moves().len() == 2 && !book.contains(p))
            .unwrap();
        tried.note(&format_move_list(rules.shape(), left.moves()), 60);
        // A class of two stones lost for its side to move (X to move):
        // every move answered.
        let lost = all
            .iter()
            .find(|p| p.moves().len() == 2 && !book.contains(p) && p.moves() != left.moves())
            .unwrap();
        book.insert(lost, hypertac_proof::Value::Win(hypertac_core::Player::O))
            .unwrap();
        let levels = levels(&rules, &book, &tried);
        assert_eq!(levels.len(), 3);
        assert_eq!(levels[2].complete, 1);
        assert_eq!((levels[0].classes, levels[0].complete), (1, 0));
        assert_eq!(
            (levels[1].classes, levels[1].proved, levels[1].complete),
            (3, 1, 1)
        );
        assert_eq!(levels[2].classes, 12);
        assert_eq!(levels[2].proved, replies.len() + 1);
        assert_eq!(levels[2].left_out, BTreeMap::from([(60, 1)]));
        assert_eq!(levels[2].untried(), 12 - replies.len() - 2);
        let text = report("t.book", &rules, &levels);
        assert!(
            text.contains("left out at 2 stones: 1 after 60 s"),
            "{text}"
        );
        assert!(text.contains("1 of 3"), "{text}");
        assert!(
            text.contains("1 of 12 (lost for the side to move)"),
            "{text}"
        );
    }
}
