//! The seed app's heuristic (the `seed` level), kept as a baseline:
//! complete an own line of k-1; block the opponent's k-1; take the cell
//! shared by most of the opponent's open k-2 lines; likewise extend own k-2
//! lines; otherwise a random move.

use crate::board::Board;
use crate::choice::Choice;
use crate::random::{random_move, Rng};
use hypertac_core::{Player, Position};

/// The seed heuristic's move, or `None` when the game is over.
pub(crate) fn seed_move(pos: &Position, rng: &mut Rng) -> Option<Choice> {
    if pos.is_over() {
        return None;
    }
    let b = Board::new(pos);
    let me = b.to_move();
    let them = me.other();
    let pick = |id: u32, reason: String| Some(Choice::new(b.cell(id), reason));
    if let Some(&c) = b.threat_cells(me).first() {
        return pick(c, "wins now".into());
    }
    if let Some(&c) = b.threat_cells(them).first() {
        return pick(c, format!("blocks {them}'s line"));
    }
    if b.k() >= 3 {
        if let Some(c) = most_shared(&b, them, rng) {
            return pick(
                c,
                format!("blocks the cell shared by most of {them}'s lines"),
            );
        }
        if let Some(c) = most_shared(&b, me, rng) {
            return pick(c, "extends its own lines".into());
        }
    }
    random_move(pos, rng).map(|cell| Choice::new(cell, "random move"))
}

/// The playable cell lying on most of `p`'s open k-2 lines (ties broken at
/// random), if `p` has any.
fn most_shared(b: &Board, p: Player, rng: &mut Rng) -> Option<u32> {
    let mut tally: Vec<(u32, u32)> = Vec::new();
    let mut index = crate::board::IdMap::<u32, usize>::default();
    for &l in b.open2(p) {
        for &c in b.line(l) {
            if b.playable(c) {
                let at = *index.entry(c).or_insert_with(|| {
                    tally.push((c, 0));
                    tally.len() - 1
                });
                tally[at].1 += 1;
            }
        }
    }
    let best = tally.iter().map(|t| t.1).max()?;
    let mut ties: Vec<u32> = tally.iter().filter(|t| t.1 == best).map(|t| t.0).collect();
    ties.sort_unstable();
    Some(ties[rng.below(ties.len() as u64) as usize])
}
