//! Why a move draws, where pairs show it: a side holds the other's lines
//! by pairs when two empty cells of every line the other side could still
//! complete can be set aside as a pair, the pairs disjoint; it answers a
//! stone on one cell of a pair on the other, and no such line is ever
//! completed (the pairing strategy the prover and the checker use,
//! `prove/pairing.rs`). A move proved to draw gets a reason where, after
//! it, pairs hold the lines of one side or of both; the side pairs do not
//! hold is held by the proof the value comes from.

use super::{Analysis, MoveValue, Value};
use crate::board::Board;
use crate::prove::pairing;
use hypertac_core::{Cell, Player, Position};

/// Most pairs a reason lists for the board (`Held::shown`): one letter
/// each, a to z.
pub const SHOWN_PAIRS: usize = 26;

/// The pairs that hold each side's lines on a position, where there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Held {
    /// O's pairs, one a line X could still complete (none: X has none).
    pub x: Option<Vec<[Cell; 2]>>,
    /// X's pairs, one a line O could still complete.
    pub o: Option<Vec<[Cell; 2]>>,
}

impl Held {
    /// The pairs of `pos` (a board the prover takes; never with gravity,
    /// see `pairing::find`): `None` where they hold neither side's lines.
    pub fn of(pos: &Position) -> Option<Held> {
        if !super::search::takes(pos.rules()) || pos.is_over() {
            return None;
        }
        let board = Board::new(pos);
        let lines = |attacker: Player| {
            pairing::find(&board, attacker).map(|m| {
                m.chunks(2)
                    .map(|p| [board.cell(p[0]), board.cell(p[1])])
                    .collect()
            })
        };
        let held = Held {
            x: lines(Player::X),
            o: lines(Player::O),
        };
        (held.x.is_some() || held.o.is_some()).then_some(held)
    }

    /// The pairs that hold `p`'s lines, if there are.
    fn of_side(&self, p: Player) -> Option<&[[Cell; 2]]> {
        match p {
            Player::X => self.x.as_deref(),
            Player::O => self.o.as_deref(),
        }
    }

    /// The pairs a player after `mover`'s move would follow on the board:
    /// the mover's own (holding the other side's lines), else the other
    /// side's; with the side that answers by them. `None` where they are
    /// more than [`SHOWN_PAIRS`] or none.
    pub fn shown(&self, mover: Player) -> Option<(Player, &[[Cell; 2]])> {
        let (holder, pairs) = match self.of_side(mover.other()) {
            Some(pairs) => (mover, pairs),
            None => (mover.other(), self.of_side(mover)?),
        };
        (!pairs.is_empty() && pairs.len() <= SHOWN_PAIRS).then_some((holder, pairs))
    }

    /// In words, for a position proved a draw: which side holds which
    /// lines by pairs, and that the proof holds the rest.
    pub fn words(&self) -> String {
        let side = |p: Player| {
            self.of_side(p).map(|pairs| match pairs.len() {
                0 => format!("{p} has no open line left"),
                1 => format!("{} holds {p}'s last open line by a pair", p.other()),
                n => format!("{} holds {p}'s {n} open lines by pairs", p.other()),
            })
        };
        let used = |p: Player| self.of_side(p).map_or(0, <[_]>::len);
        let how = if used(Player::X) + used(Player::O) > 0 {
            ", a stone on one cell of a pair answered on the other"
        } else {
            ""
        };
        match (side(Player::X), side(Player::O)) {
            (Some(x), Some(o)) => format!("a draw: {x} and {o}{how}"),
            (Some(held), None) | (None, Some(held)) => {
                let rest = if self.x.is_some() {
                    Player::O
                } else {
                    Player::X
                };
                format!("a draw: {held}{how}; {rest} cannot win either (proved)")
            }
            (None, None) => "a draw (proved)".into(),
        }
    }
}

/// Lines the matchings of one position's moves may take together (each
/// move's two matchings count the board's lines twice): 9^3's 728 replies
/// to the centre take 530,000 and 0.9 s in all; a 6^4 position with every
/// move a draw would take 3.6 M, and its later moves go without.
const WORK: u64 = 2_000_000;

/// For each move of `moves` (of `pos`) proved to draw, the pairs that
/// hold the lines after it, where there are (within [`WORK`]).
pub(super) fn draw_pairs(pos: &Position, moves: &[MoveValue]) -> Vec<Option<Held>> {
    let per_move = 2 * pos.line_count();
    let mut work = 0u64;
    moves
        .iter()
        .map(|m| {
            if m.known.value != Value::Draw || !pos.is_legal(m.cell) || work >= WORK {
                return None;
            }
            work += per_move;
            let mut after = pos.clone();
            after.play_unchecked(m.cell);
            Held::of(&after)
        })
        .collect()
}

/// Why `pos`, proved a draw in `analysis`, is one, where pairs show it.
pub fn drawing_reason(pos: &Position, analysis: &Analysis) -> Option<String> {
    (analysis.value() == Value::Draw)
        .then(|| Held::of(pos))
        .flatten()
        .map(|h| h.words())
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::{notation, Rules};

    fn position(game: &str, moves: &str) -> Position {
        let rules = Rules::preset(game).unwrap();
        let mut pos = Position::new(rules);
        for m in notation::parse_move_list(pos.rules().shape(), moves).unwrap() {
            pos.play(m);
        }
        pos
    }

    #[test]
    fn an_empty_8x8x8_board_is_held_by_pairs_on_both_sides() {
        let pos = position("nd 8 3", "");
        let held = Held::of(&pos).unwrap();
        assert_eq!(held.x.as_ref().map(Vec::len), Some(244));
        assert_eq!(held.o.as_ref().map(Vec::len), Some(244));
        assert_eq!(held.shown(Player::X), None, "too many to letter");
        assert_eq!(
            held.words(),
            "a draw: O holds X's 244 open lines by pairs and X holds O's 244 open lines by pairs, a stone on one cell of a pair answered on the other"
        );
    }

    #[test]
    fn tic_tac_toe_has_no_pairs_at_the_start() {
        assert_eq!(Held::of(&position("tictactoe", "")), None);
    }

    #[test]
    fn the_movers_own_pairs_are_shown_first() {
        // After X's 1,1;0,1;2,1 (O to move), X holds O's three edge lines.
        let pos = position("tictactoe", "1,1;0,1;2,1");
        let held = Held::of(&pos).unwrap();
        let (holder, pairs) = held.shown(Player::X).unwrap();
        assert_eq!(holder, Player::X);
        assert_eq!(pairs.len(), 3);
        let mut cells: Vec<u64> = pairs.iter().flatten().map(|c| c.0).collect();
        cells.sort();
        cells.dedup();
        assert_eq!(cells.len(), 6, "disjoint pairs");
        assert!(cells.iter().all(|&c| pos.is_legal(Cell(c))));
        // Seen from O (had O just moved), X's pairs are still the ones.
        assert_eq!(held.shown(Player::O).map(|(p, _)| p), Some(Player::X));
    }
}
