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
use hypertac_core::{Player, Position};

/// The pairs that hold each side's lines on a position, where there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    /// The lines X could still complete, held by O's pairs: how many.
    pub x: Option<usize>,
    /// The lines O could still complete, held by X's pairs: how many.
    pub o: Option<usize>,
}

impl Held {
    /// The pairs of `pos` (no gravity, a board the prover takes): `None`
    /// where they hold neither side's lines.
    pub fn of(pos: &Position) -> Option<Held> {
        if !super::search::takes(pos.rules()) || pos.is_over() || pos.rules().gravity().is_some() {
            return None;
        }
        let board = Board::new(pos);
        let lines = |attacker: Player| pairing::find(&board, attacker).map(|m| m.len() / 2);
        let held = Held {
            x: lines(Player::X),
            o: lines(Player::O),
        };
        (held.x.is_some() || held.o.is_some()).then_some(held)
    }

    /// Its lines held by pairs, `x` or `o`.
    fn of_side(&self, p: Player) -> Option<usize> {
        match p {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// In words, for a position proved a draw: which side holds which
    /// lines by pairs, and that the proof holds the rest.
    pub fn words(&self) -> String {
        let side = |p: Player| {
            self.of_side(p).map(|n| match n {
                0 => format!("{p} has no open line left"),
                1 => format!("{} holds {p}'s last open line by a pair", p.other()),
                n => format!("{} holds {p}'s {n} open lines by pairs", p.other()),
            })
        };
        let how = if self.x.unwrap_or(0) + self.o.unwrap_or(0) > 0 {
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
        assert_eq!(
            held,
            Held {
                x: Some(244),
                o: Some(244)
            }
        );
        assert_eq!(
            held.words(),
            "a draw: O holds X's 244 open lines by pairs and X holds O's 244 open lines by pairs, a stone on one cell of a pair answered on the other"
        );
    }

    #[test]
    fn tic_tac_toe_has_no_pairs_at_the_start() {
        assert_eq!(Held::of(&position("tictactoe", "")), None);
    }
}
