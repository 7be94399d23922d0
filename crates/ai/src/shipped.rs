//! Proofs that ship with hypertac (`proofs/` at the top of the repository,
//! each checked by `hypertac verify` in the test suite): where one covers
//! the position, `hard`, `perfect`, the bot and the hint play its move.
//!
//! The certificates are read through `crates/proof` (the checker's own
//! reader and derivations), once per process, when a game on their board
//! first asks.

use crate::Choice;
use hypertac_core::Position;
use hypertac_proof::{Certificate, Strategy, Value};
use std::sync::OnceLock;

/// The shipped certificates, by file name.
const FILES: [(&str, &[u8]); 5] = [
    (
        "tictactoe",
        include_bytes!("../../../proofs/tictactoe.proof"),
    ),
    ("4x4-k3", include_bytes!("../../../proofs/4x4-k3.proof")),
    ("3x3x3", include_bytes!("../../../proofs/3x3x3.proof")),
    ("3x3x3x3", include_bytes!("../../../proofs/3x3x3x3.proof")),
    ("qubic", include_bytes!("../../../proofs/qubic.proof")),
];

/// Every section of every shipped certificate, ready to play.
fn strategies() -> &'static [Strategy] {
    static ALL: OnceLock<Vec<Strategy>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut out = Vec::new();
        for (_, bytes) in FILES {
            let Ok(cert) = Certificate::read_from(&mut &bytes[..]) else {
                continue;
            };
            for s in 0..cert.sections.len() {
                out.push(Strategy::new(&cert, s));
            }
        }
        out
    })
}

/// The names of the shipped certificates (for `--help` texts and tests).
pub fn names() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|(name, _)| *name)
}

/// The move a shipped proof of a win gives the side to move in `pos`, if
/// one covers it ("X wins (proved)"). Proofs of draws are not played: their
/// strategies only hold the draw, and miss a win the other side gives away.
pub(crate) fn proved_move(pos: &Position) -> Option<Choice> {
    if pos.is_over() {
        return None;
    }
    let me = pos.to_move();
    strategies()
        .iter()
        .filter(|s| {
            s.player() == me && s.value() == Value::Win(me) && s.rules() == Some(pos.rules())
        })
        .find_map(|s| {
            let cell = s.follow(pos)?;
            let mut after = pos.clone();
            let wins_now = after.try_play(cell).is_ok_and(|o| o.winner() == Some(me));
            Some(Choice {
                cell,
                reason: if wins_now {
                    "wins now".to_string()
                } else {
                    format!("{me} wins (proved)")
                },
            })
        })
}
