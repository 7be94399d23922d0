//! Values found without searching: the rules, Connect Four's solver, the
//! shipped certificates, the opening book and the values kept from
//! earlier answers.

use super::{Known, Memory, MoveValue, Source, Value};
use crate::board::Board;
use crate::book::Book;
use crate::perfect::connect4_scores;
use crate::shipped::proved_move;
use hypertac_core::{Player, Position};

/// Largest board (cells) on which each move's position is looked up in
/// the certificates one by one (a lookup maps the stones through every
/// symmetry: 3,840 of 1,024 cells on 4^5).
const LOOKUP_CELLS: u64 = 256;

/// Fills in the values of `moves` (legal moves of `pos`) that need no
/// search; `whole`: what is known of `pos` itself ([`of_position`]).
pub(super) fn fill(
    pos: &Position,
    moves: &mut [MoveValue],
    memory: &Memory,
    book: Option<&Book>,
    whole: Known,
) {
    if pos.rules().is_connect4() {
        if let Some(scores) = connect4_scores(pos) {
            for m in moves.iter_mut() {
                if let Some(&(_, s)) = scores.iter().find(|(c, _)| *c == m.cell) {
                    m.known = from_score(pos, s);
                }
            }
        }
    }
    let me = pos.to_move();
    // What is known of the position itself (not Connect Four's, whose
    // moves the solver scored): see `from_position`.
    let whole = if pos.rules().is_connect4() {
        Known::UNKNOWN
    } else {
        whole
    };
    let lost = whole.value == Value::Win(me.other());
    // The certificate's own move here wins.
    let best = proved_move(pos).map(|c| c.cell);
    let lookups = pos.rules().shape().cell_count() <= LOOKUP_CELLS;
    for m in moves.iter_mut().filter(|m| !m.proved()) {
        let mut child = pos.clone();
        child.play_unchecked(m.cell);
        m.known = by_rules(&child);
        // A lost position's moves all lose: nothing to look up.
        if m.known.value != Value::Unknown || lost {
            continue;
        }
        m.known = if best == Some(m.cell) {
            Known::new(Value::Win(me), None, Source::Certificate)
        } else if let Some(v) = book.and_then(|b| b.value(&child)).map(proved) {
            Known::new(v, None, Source::Book)
        } else if let Some(&k) = memory.values.get(&child.hash()) {
            Known {
                source: Source::Kept,
                ..k
            }
        } else if lookups && proved_move(&child).is_some() {
            Known::new(Value::Win(me.other()), None, Source::Certificate)
        } else {
            m.known
        };
    }
    from_position(pos, moves, whole);
}

/// What the value of `pos` itself (`whole`) says of its moves not known
/// yet: where it is lost for the side to move, every move loses; where it
/// is not won (a draw, or the side to move proved unable to win), no move
/// wins, and a move after which the other side is proved unable to win
/// too is a draw.
pub(super) fn from_position(pos: &Position, moves: &mut [MoveValue], whole: Known) {
    let me = pos.to_move();
    let lost = whole.value == Value::Win(me.other());
    let not_won = whole.value == Value::Draw || whole.cannot_win == Some(me);
    for m in moves.iter_mut().filter(|m| !m.proved()) {
        if lost {
            m.known = Known::new(Value::Win(me.other()), None, whole.source);
        } else if not_won {
            m.known = match m.known.cannot_win {
                // Neither side can win after the move: a draw.
                Some(p) if p == me.other() => Known::new(Value::Draw, None, whole.source),
                _ => Known {
                    cannot_win: Some(me),
                    source: whole.source,
                    ..m.known
                },
            };
        }
    }
}

/// What the certificates, the book and the values kept from earlier
/// answers say of `pos` itself.
fn stored(pos: &Position, memory: &Memory, book: Option<&Book>) -> Known {
    if let Some(w) = certificate_winner(pos) {
        return Known::new(Value::Win(w), None, Source::Certificate);
    }
    if let Some(v) = book.and_then(|b| b.value(pos)).map(proved) {
        return Known::new(v, None, Source::Book);
    }
    if let Some(&k) = memory.values.get(&pos.hash()) {
        return Known {
            source: Source::Kept,
            ..k
        };
    }
    Known::UNKNOWN
}

/// The value of `pos` itself if known without searching.
pub(super) fn of_position(pos: &Position, memory: &Memory, book: Option<&Book>) -> Known {
    let known = by_rules(pos);
    if known.value != Value::Unknown {
        return known;
    }
    let known = stored(pos, memory, book);
    if known.value != Value::Unknown || known.cannot_win.is_some() {
        return known;
    }
    if pos.rules().is_connect4() && !pos.is_over() {
        if let Some(scores) = connect4_scores(pos) {
            // The position's score is its best move's.
            if let Some(&(_, s)) = scores.iter().max_by_key(|(_, s)| *s) {
                let k = from_score(pos, s);
                return Known {
                    distance: k.distance.map(|d| d + 1),
                    ..k
                };
            }
        }
    }
    Known::UNKNOWN
}

/// What the rules decide of `pos` within two moves: over; the side to
/// move completes a line; the other side has two lines to complete and
/// the side to move none.
fn by_rules(pos: &Position) -> Known {
    let outcome = pos.outcome();
    if outcome.is_over() {
        let value = outcome.winner().map_or(Value::Draw, Value::Win);
        return Known::new(value, Some(0), Source::Rules);
    }
    if pos.rules().win() != hypertac_core::WinRule::FirstToK {
        return Known::UNKNOWN;
    }
    let me = pos.to_move();
    let board = Board::new(pos);
    if !board.threat_cells(me).is_empty() {
        return Known::new(Value::Win(me), Some(1), Source::Rules);
    }
    if board.threat_cells(me.other()).len() >= 2 {
        return Known::new(Value::Win(me.other()), Some(2), Source::Rules);
    }
    Known::UNKNOWN
}

/// The winner a shipped certificate proves in `pos`: the side to move when
/// the certificate gives it a move, or the side that just moved when its
/// move was the certificate's.
pub(super) fn certificate_winner(pos: &Position) -> Option<Player> {
    crate::shipped::proved_winner(pos)
}

/// A Connect Four solver score of the move just before `pos` is played
/// (from the side to move in `pos`), with the distance it implies: the
/// moves after this one until the end.
fn from_score(pos: &Position, s: i32) -> Known {
    let size = pos.rules().shape().cell_count() as i32;
    let n = pos.moves().len() as i32;
    let half = (size + 2) / 2;
    let mine = n / 2;
    let theirs = n - mine;
    let me = pos.to_move();
    let (value, distance) = match s.cmp(&0) {
        std::cmp::Ordering::Greater => (Value::Win(me), 2 * (half - s - mine - 1)),
        std::cmp::Ordering::Less => (Value::Win(me.other()), 2 * (half + s - theirs) - 1),
        std::cmp::Ordering::Equal => (Value::Draw, size - n - 1),
    };
    Known::new(value, u32::try_from(distance).ok(), Source::Solver)
}

/// A proved value (a book's or a certificate's) as an analysis value.
fn proved(v: hypertac_proof::Value) -> Value {
    match v {
        hypertac_proof::Value::Win(p) => Value::Win(p),
        hypertac_proof::Value::Draw => Value::Draw,
    }
}
