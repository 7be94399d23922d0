//! Threats in first-to-k games: a line with k-1 stones of one side and an
//! empty playable cell wins next move unless blocked. Two such threats on
//! different cells at once cannot both be blocked: a double threat wins.
//! A threat sequence (victory by continuous threats) plays threats that the
//! opponent must answer until a double threat appears.

use crate::board::Board;

/// Most lines looked at when listing threat-making cells.
const MAX_LINES: usize = 4096;
use hypertac_core::Player;

/// Cells where `p` would make at least one new threat: empty playable cells of
/// `p`'s open k-2 lines, ordered by how many such lines they lie on (most first).
pub(crate) fn threat_makers(b: &Board, p: Player) -> Vec<(u32, u32)> {
    // Every empty playable cell once per line, then runs of equal cells
    // counted after sorting (no hash map per call: this runs at every node
    // of a threat-sequence search).
    let mut cells: Vec<u32> = Vec::new();
    for &l in b.open2(p).iter().take(MAX_LINES) {
        for &c in b.line(l) {
            if b.stone(c) == 0 && b.playable(c) {
                cells.push(c);
            }
        }
    }
    cells.sort_unstable();
    let mut tally: Vec<(u32, u32)> = cells
        .chunk_by(|a, b| a == b)
        .map(|run| (run[0], run.len() as u32))
        .collect();
    tally.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    tally
}

/// Moves of the side to move that make a double threat while the opponent
/// has no threat of its own: each wins in two of its moves. Stops looking
/// when the board's work reaches `until`.
pub(crate) fn double_threats(b: &mut Board, until: u64) -> Vec<u32> {
    let me = b.to_move();
    if !b.threat_cells(me.other()).is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (c, lines) in threat_makers(b, me) {
        if lines < 2 || b.work() >= until {
            break;
        }
        b.make(c);
        if b.threat_cells(me).len() >= 2 && b.threat_cells(me.other()).is_empty() {
            out.push(c);
        }
        b.unmake();
    }
    out
}

/// A threat sequence for the side to move: returns its first move and how
/// many moves of the attacker it takes to win, searching at most `depth`
/// threats and stopping when the board's work reaches `until`.
pub(crate) fn threat_sequence(b: &mut Board, depth: u32, until: u64) -> Option<(u32, u32)> {
    let me = b.to_move();
    if let Some(&c) = b.threat_cells(me).first() {
        return Some((c, 1));
    }
    if !b.threat_cells(me.other()).is_empty() {
        return None;
    }
    vcf(b, me, depth, until)
}

fn vcf(b: &mut Board, me: Player, depth: u32, until: u64) -> Option<(u32, u32)> {
    if depth == 0 {
        return None;
    }
    for (c, _) in threat_makers(b, me) {
        if b.work() >= until {
            return None;
        }
        b.make(c);
        let found = answer(b, me, depth, until);
        b.unmake();
        if let Some(moves) = found {
            return Some((c, moves));
        }
    }
    None
}

/// After the attacker's threat: the number of attacker moves to win, if the
/// opponent's forced answers cannot stop it.
fn answer(b: &mut Board, me: Player, depth: u32, until: u64) -> Option<u32> {
    if b.result().is_some() || !b.threat_cells(me.other()).is_empty() {
        return None;
    }
    let threats = b.threat_cells(me);
    match threats.len() {
        0 => None,
        1 => {
            b.make(threats[0]);
            let found = if b.result().is_none() && b.threat_cells(me.other()).is_empty() {
                vcf(b, me, depth - 1, until).map(|(_, m)| m + 1)
            } else {
                None
            };
            b.unmake();
            found
        }
        _ => Some(2),
    }
}
