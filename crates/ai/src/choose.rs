//! The one way in: [`choose`] a move for the side to move at a level,
//! within a budget, trying perfect play, proofs and rules before the search
//! (see the crate documentation for the order).

use crate::budget::Budget;
use crate::choice::Choice;
use crate::level::Level;
use hypertac_core::{zobrist, Position};

/// Picks a move for the side to move, or `None` when the game is over.
///
/// Deterministic: searches are bounded by node counts, not by the clock, so
/// the same position, level and seed give the same move; the `budget` is a
/// safety stop (when it runs out, the best move found so far is played and
/// determinism is lost). Works on every board: huge sparse boards only look
/// at cells on lines through stones (or the centre of an empty board).
///
/// # Examples
/// ```
/// use hypertac_ai::{choose, Budget, Level};
/// use hypertac_core::{Position, Rules};
/// let pos = Position::new(Rules::preset("tictactoe").unwrap());
/// let choice = choose(&pos, Level::Hard, 1, &Budget::millis(5_000)).unwrap();
/// assert!(pos.is_legal(choice.cell));
/// ```
pub fn choose(pos: &Position, level: Level, seed: u64, budget: &Budget) -> Option<Choice> {
    choose_with_work(pos, level, seed, budget, None)
}

/// The work budget of a searching level per move, or `None` for `random` and
/// `seed`. Work counts line counters updated by the search's moves (and lines
/// walked on sparse boards), so a budget costs about the same time on every
/// board; about 10-20 million per second on one core.
pub fn work_budget(level: Level) -> Option<u64> {
    crate::levels::limits(level).map(|l| l.work)
}

/// As [`choose`], with the searching levels' work budget (see
/// [`work_budget`]) replaced by `work`; threat-sequence searches keep theirs.
/// `None` keeps the level's own.
pub fn choose_with_work(
    pos: &Position,
    level: Level,
    seed: u64,
    budget: &Budget,
    work: Option<u64>,
) -> Option<Choice> {
    if pos.is_over() {
        return None;
    }
    let mut rng =
        crate::random::Rng::new(seed ^ zobrist::splitmix64(pos.hash() ^ pos.moves().len() as u64));
    match level {
        Level::Random => {
            crate::random::random_move(pos, &mut rng).map(|cell| Choice::new(cell, "random move"))
        }
        Level::Seed => crate::seed::seed_move(pos, &mut rng),
        _ => {
            if matches!(level, Level::Hard | Level::Perfect) && pos.rules().is_connect4() {
                if let Some(c) = crate::perfect::connect4_move(pos) {
                    return Some(c);
                }
            }
            if matches!(level, Level::Hard | Level::Perfect) {
                if let Some(c) = crate::shipped::proved_move(pos) {
                    return Some(c);
                }
                if let Some(c) = book_move(pos) {
                    return Some(c);
                }
                if let Some(c) = crate::proved::winning_move(pos, budget) {
                    return Some(c);
                }
            }
            let mut limits = crate::levels::limits(level).expect("searching level");
            if let Some(w) = work {
                limits.work = w.max(1);
            }
            crate::levels::search_move(pos, &limits, seed, budget)
        }
    }
}

/// The best move the shipped opening book shows for the side to move (see
/// [`crate::book::Book::best_move`]): a move after which it holds a win for
/// the mover, or a draw where it holds every move.
///
/// Where the book shows every move lost, the move after which the other
/// side has the fewest winning moves ([`crate::book::Book::hardest_move`]):
/// the computer makes a player who is winning find a win among as few
/// moves as it can, and answers symmetric positions alike, so the
/// positions it leads to are those the book answers.
fn book_move(pos: &Position) -> Option<Choice> {
    let book = crate::book::shipped(pos.rules())?;
    let me = pos.to_move();
    if let Some((cell, value)) = book.best_move(pos) {
        let reason = match value {
            hypertac_proof::Value::Win(_) => format!("{me} wins (proved)"),
            hypertac_proof::Value::Draw => "a draw (proved)".to_string(),
        };
        return Some(Choice::new(cell, reason));
    }
    let hard = book.hardest_move(pos)?;
    let them = me.other();
    let reason = format!(
        "{them} wins (proved); this leaves {them} {} winning moves of {}",
        hard.winning, hard.moves
    );
    Some(Choice::new(hard.cell, reason))
}
