//! Proofs that ship with hypertac (`proofs/` at the top of the repository,
//! each checked by `hypertac verify` in the test suite): where one covers
//! the position, `hard`, `perfect`, the bot and the hint play its move.
//!
//! The certificates are read through `crates/proof` (the checker's own
//! reader and derivations), once per process, when a game on their board
//! first asks.

use crate::choice::Choice;
use hypertac_core::{Position, WinRule};
use hypertac_proof::{Certificate, Strategy, Value};
use std::sync::OnceLock;

/// The shipped certificates: name, the board's sizes and k (all without
/// gravity or wrap, rule `first`), the file.
const FILES: [(&str, &[u32], u32, &[u8]); 8] = [
    (
        "tictactoe",
        &[3, 3],
        3,
        include_bytes!("../../../proofs/tictactoe.proof"),
    ),
    (
        "4x4-k3",
        &[4, 4],
        3,
        include_bytes!("../../../proofs/4x4-k3.proof"),
    ),
    (
        "3x3x3",
        &[3, 3, 3],
        3,
        include_bytes!("../../../proofs/3x3x3.proof"),
    ),
    (
        "3x3x3x3",
        &[3, 3, 3, 3],
        3,
        include_bytes!("../../../proofs/3x3x3x3.proof"),
    ),
    (
        "3x3x3x3x3",
        &[3, 3, 3, 3, 3],
        3,
        include_bytes!("../../../proofs/3x3x3x3x3.proof"),
    ),
    (
        "qubic",
        &[4, 4, 4],
        4,
        include_bytes!("../../../proofs/qubic.proof"),
    ),
    (
        "4d",
        &[4, 4, 4, 4],
        4,
        include_bytes!("../../../proofs/4d.proof"),
    ),
    (
        "4x5",
        &[4, 4, 4, 4, 4],
        4,
        include_bytes!("../../../proofs/4x5.proof"),
    ),
];

/// The sections of shipped certificate `i`, read on first use.
fn strategies(i: usize) -> &'static [Strategy] {
    static READ: [OnceLock<Vec<Strategy>>; FILES.len()] = [const { OnceLock::new() }; FILES.len()];
    READ[i].get_or_init(|| match Certificate::read_from(&mut &FILES[i].3[..]) {
        Ok(cert) => (0..cert.sections.len())
            .map(|s| Strategy::new(&cert, s))
            .collect(),
        Err(_) => Vec::new(),
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
