//! Proofs that ship with hypertac (`proofs/` at the top of the repository,
//! each checked by `hypertac verify` in the test suite): where one covers
//! the position, `hard`, `perfect`, the bot and the hint play its move.
//!
//! The certificates are read through `crates/proof` (the checker's own
//! reader and derivations), once per process, when a game on their board
//! first asks.

use crate::choice::Choice;
use hypertac_core::{Position, WinRule};
use hypertac_proof::{Strategy, Value};
use std::sync::OnceLock;

/// The shipped certificates: name, the board's sizes and k (all without
/// gravity or wrap, rule `first`), the file, and its index where a pass
/// over the entries would cost a bot move much (`hypertac index FILE`,
/// checked against the file when read).
type File = (
    &'static str,
    &'static [u32],
    u32,
    &'static [u8],
    Option<&'static [u8]>,
);
const FILES: [File; 8] = [
    (
        "tictactoe",
        &[3, 3],
        3,
        include_bytes!("../../../proofs/tictactoe.proof"),
        None,
    ),
    (
        "4x4-k3",
        &[4, 4],
        3,
        include_bytes!("../../../proofs/4x4-k3.proof"),
        None,
    ),
    (
        "3x3x3",
        &[3, 3, 3],
        3,
        include_bytes!("../../../proofs/3x3x3.proof"),
        None,
    ),
    (
        "3x3x3x3",
        &[3, 3, 3, 3],
        3,
        include_bytes!("../../../proofs/3x3x3x3.proof"),
        None,
    ),
    (
        "3x3x3x3x3",
        &[3, 3, 3, 3, 3],
        3,
        include_bytes!("../../../proofs/3x3x3x3x3.proof"),
        None,
    ),
    (
        "qubic",
        &[4, 4, 4],
        4,
        include_bytes!("../../../proofs/qubic.proof"),
        None,
    ),
    (
        "4d",
        &[4, 4, 4, 4],
        4,
        include_bytes!("../../../proofs/4d.proof"),
        Some(include_bytes!("../../../proofs/4d.proof.idx")),
    ),
    (
        "4x5",
        &[4, 4, 4, 4, 4],
        4,
        include_bytes!("../../../proofs/4x5.proof"),
        Some(include_bytes!("../../../proofs/4x5.proof.idx")),
    ),
];

/// The sections of shipped certificate `i`, read on first use.
fn strategies(i: usize) -> &'static [Strategy] {
    static READ: [OnceLock<Vec<Strategy>>; FILES.len()] = [const { OnceLock::new() }; FILES.len()];
    let (cert, index) = (FILES[i].3, FILES[i].4);
    READ[i].get_or_init(|| {
        index
            .and_then(|index| Strategy::read_indexed(cert, index).ok())
            .or_else(|| Strategy::read(cert).ok())
            .unwrap_or_default()
    })
}

/// The move a shipped proof of a win gives the side to move in `pos`, if
/// one covers it ("X wins (proved)"). Proofs of draws are not played: their
/// strategies only hold the draw, and miss a win the other side gives away.
pub(crate) fn proved_move(pos: &Position) -> Option<Choice> {
    let me = pos.to_move();
    winning_strategies(pos)?.find_map(|s| {
        let cell = s.follow(pos)?;
        let mut after = pos.clone();
        let wins_now = after.try_play(cell).is_ok_and(|o| o.winner() == Some(me));
        let reason = if wins_now {
            "wins now".to_string()
        } else {
            format!("{me} wins (proved)")
        };
        Some(Choice::new(cell, reason))
    })
}

/// The sections of the shipped certificates that prove a win for the side
/// to move in positions of `pos`'s rules.
fn winning_strategies(pos: &Position) -> Option<impl Iterator<Item = &'static Strategy> + '_> {
    if pos.is_over() {
        return None;
    }
    let me = pos.to_move();
    let rules = pos.rules();
    if rules.gravity().is_some() || rules.wrap() || rules.win() != WinRule::FirstToK {
        return None;
    }
    let i = FILES
        .iter()
        .position(|f| rules.shape().sizes() == f.1 && rules.k() == f.2)?;
    Some(strategies(i).iter().filter(move |s| {
        s.player() == me && s.value() == Value::Win(me) && s.rules() == Some(pos.rules())
    }))
}

/// The move a shipped proof of a win gives the side to move in `pos`, with
/// why it is right (see [`Strategy::explain`]).
pub(crate) fn explain(pos: &Position) -> Option<(hypertac_core::Cell, hypertac_proof::Why)> {
    winning_strategies(pos)?.find_map(|s| s.explain(pos))
}

/// The value a shipped proof gives `pos`, without searching: the proved
/// value when `pos` is the certificate's root position (the empty board of
/// every shipped proof), or a win of the side to move where a shipped proof
/// of its win covers `pos` (as [`proved_move`]). `None` elsewhere.
pub fn proved_value(pos: &Position) -> Option<Value> {
    if pos.is_over() {
        return None;
    }
    let rules = pos.rules();
    if rules.gravity().is_some() || rules.wrap() || rules.win() != WinRule::FirstToK {
        return None;
    }
    let i = FILES
        .iter()
        .position(|f| rules.shape().sizes() == f.1 && rules.k() == f.2)?;
    let here = strategies(i)
        .iter()
        .filter(|s| s.rules() == Some(rules))
        .find(|s| s.root() == pos.moves());
    if let Some(s) = here {
        return Some(s.value());
    }
    proved_move(pos).map(|_| Value::Win(pos.to_move()))
}

/// The winner a shipped proof of a win gives `pos`, without searching:
/// the side to move where a shipped proof gives it a move (as
/// [`proved_value`]), or the side that just moved where its move was the
/// one a shipped proof gives (every reply then loses). `None` elsewhere.
pub fn proved_winner(pos: &Position) -> Option<hypertac_core::Player> {
    if pos.is_over() {
        return None;
    }
    if proved_move(pos).is_some() {
        return Some(pos.to_move());
    }
    let mut before = pos.clone();
    let last = before.undo()?;
    (proved_move(&before).map(|c| c.cell) == Some(last)).then(|| pos.to_move().other())
}

/// As [`proved_winner`], with any stone of the side that just moved taken
/// as its last move (a position's value does not depend on the order its
/// stones were played in): a book's position, written in its smallest
/// form, is found in a certificate that reached the same stones in
/// another order. One lookup a stone, so for early positions.
pub fn proved_winner_any_order(pos: &Position) -> Option<hypertac_core::Player> {
    if let Some(w) = proved_winner(pos) {
        return Some(w);
    }
    if pos.is_over() {
        return None;
    }
    let mover = pos.to_move().other();
    let moves = pos.moves();
    let side = |p: hypertac_core::Player| -> Vec<hypertac_core::Cell> {
        (0..moves.len())
            .filter(|&i| hypertac_core::Player::to_move_at(i) == p)
            .map(|i| moves[i])
            .collect()
    };
    let (mine, theirs) = (side(mover), side(mover.other()));
    // The stone actually played last was tried by `proved_winner`.
    for &last in mine.iter().filter(|&&c| Some(c) != pos.last_move()) {
        let rest: Vec<_> = mine.iter().copied().filter(|&c| c != last).collect();
        // X first, then by turns: the same stones without `last`.
        let (xs, os) = if mover == hypertac_core::Player::X {
            (&rest, &theirs)
        } else {
            (&theirs, &rest)
        };
        let order: Vec<_> = (0..xs.len() + os.len())
            .map(|i| if i % 2 == 0 { xs[i / 2] } else { os[i / 2] })
            .collect();
        let Ok(before) = Position::from_moves(pos.rules().clone(), &order) else {
            continue;
        };
        if proved_move(&before).map(|c| c.cell) == Some(last) {
            return Some(mover);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::FILES;

    /// The indexes built into the binary are their certificates' (a
    /// stale one would only cost time: the bot reads the proof without it).
    #[test]
    fn the_shipped_indexes_match_their_certificates() {
        for (name, _, _, cert, index) in FILES {
            if let Some(index) = index {
                hypertac_proof::check_index(cert, index).unwrap_or_else(|e| {
                    panic!("{name}: {e}; run `hypertac index proofs/{name}.proof`")
                });
            }
        }
    }
}
