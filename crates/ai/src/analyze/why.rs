//! The reason for the move a shipped certificate gives, in a player's words.

use crate::shipped;
use hypertac_core::{notation, Cell, Player, Position, Rules};
use hypertac_proof::Why;

/// The certificate's move in a position and why it is right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    /// Who plays it.
    pub player: Player,
    /// The move.
    pub cell: Cell,
    /// Why.
    pub why: Why,
}

impl Reason {
    /// The reason in words, cells written on `shape`: "X plays 1,1,1: a
    /// threat sequence: X 1,1,1, O blocks 0,0,0, X 2,2,2 makes two threats".
    pub fn words(&self, rules: &Rules) -> String {
        let p = self.player;
        let cell = |c: Cell| notation::format_move(rules, c);
        let head = format!("{p} plays {}", cell(self.cell));
        match &self.why {
            Why::WinsNow => format!("{head}: it completes a line"),
            Why::Block => format!(
                "{head}: a forced block ({} would complete a line there)",
                p.other()
            ),
            Why::Entry => format!("{head}: the certificate's move in this position, which its checker proved"),
            Why::Pairing => format!(
                "{head}: the certificate's pairing: every {} move is answered by its partner cell, which blocks every line left",
                p.other()
            ),
            Why::Sequence(moves) => {
                format!("{head}: a threat sequence: {}", sequence_words(p, moves, rules))
            }
        }
    }
}

/// A threat sequence of `p` in words: `X 1,1,1 threatens, O blocks 0,0,0,
/// X 2,2,2 makes two threats` (`p`'s moves and the other side's blocks in
/// turn, moves written as a player types them on `rules`: cells, or
/// columns on gravity boards).
pub(super) fn sequence_words(p: Player, moves: &[Cell], rules: &Rules) -> String {
    let steps: Vec<String> = moves
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let c = notation::format_move(rules, c);
            match i % 2 {
                0 if i + 1 == moves.len() => format!("{p} {c} makes two threats"),
                0 => format!("{p} {c} threatens"),
                _ => format!("{} blocks {c}", p.other()),
            }
        })
        .collect();
    steps.join(", ")
}

/// The reason for the certificate's move in `pos`, if a shipped one covers it.
pub(super) fn reason(pos: &Position) -> Option<Reason> {
    let (cell, why) = shipped::explain(pos)?;
    Some(Reason {
        player: pos.to_move(),
        cell,
        why,
    })
}
