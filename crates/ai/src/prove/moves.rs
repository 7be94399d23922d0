//! The winner's move in a position, found from the search: a threat
//! sequence, the table, a new search; and the entry (plain or pairing)
//! that records it.

use super::dfpn::{legal_moves, Search};
use super::entry::Entry;
use super::pairing;
use super::potential;
use super::table::INF;
use crate::Budget;

/// Most threat-sequence positions searched when looking for an extraction move.
const VCF_LIMIT: u64 = 200_000;

/// A move of the side to move that keeps its success: forced blocks, then
/// the table, then a threat sequence, then a new search.
pub(crate) fn best_move(s: &mut Search) -> Result<u32, String> {
    let me = s.board.to_move();
    if let (wins, 1..) = s.board.two_threats(me) {
        return Ok(wins[0]);
    }
    if let (blocks, 1..) = s.board.two_threats(me.other()) {
        return Ok(blocks[0]);
    }
    // A position the search solved by a threat sequence, or never stored
    // (inside a sequence, or a reply outside a zone): find the sequence
    // again first (its children were never searched, so the table most
    // likely has none of them).
    let key = s.key();
    let by_sequence = s.table.solved_by_expansion(key) || s.table.get(key).is_none();
    if by_sequence {
        if let Some(c) = sequence_move(s) {
            return Ok(c);
        }
    }
    if let Some(c) = from_table(s) {
        return Ok(c);
    }
    // A threat sequence wins, whichever side the mover is in the question.
    if !by_sequence {
        if let Some(c) = sequence_move(s) {
            return Ok(c);
        }
    }
    // The table lost the children (or never had them: the walk left the
    // search's tree). Search the position itself, so that df-pn picks the
    // children to prove (searching each child in turn may first spend
    // hours refuting a move that does not win: 99% of a 4^4 walk's time,
    // perf, 2026-11-27), then read the winning child off the table.
    let (phi, _) = s.solve(s.attacker, &Budget::default());
    if phi == 0 {
        if let Some(c) = from_table(s) {
            return Ok(c);
        }
    }
    // Else each child until one is lost for the other side.
    for c in legal_moves(&mut s.board) {
        s.make(c);
        let (phi, _) = s.solve(s.attacker, &Budget::default());
        s.unmake(c);
        if phi >= INF {
            return Ok(c);
        }
    }
    Err("a position of the proof no longer proves".into())
}

/// The first move of a threat sequence of the side to move.
pub(super) fn sequence_move(s: &mut Search) -> Option<u32> {
    let seq = s.vcf.find(&mut s.board, 64, VCF_LIMIT)?;
    Some(seq.moves.first().copied().unwrap_or(seq.wins[0]))
}

/// The legal moves, strongest-looking first (the search's order).
pub(super) fn by_strength(s: &mut Search) -> Vec<u32> {
    let mut moves: Vec<(u32, u32)> = legal_moves(&mut s.board)
        .into_iter()
        .map(|c| (s.move_score(c), c))
        .collect();
    moves.sort_by_key(|&(score, c)| (std::cmp::Reverse(score), c));
    moves.into_iter().map(|(_, c)| c).collect()
}

/// Every move whose position the table shows lost for the other side, in
/// the search's order (strongest first).
pub(super) fn table_wins(s: &mut Search) -> Vec<u32> {
    by_strength(s)
        .into_iter()
        .filter(|&c| table_shows_won(s, c))
        .collect()
}

/// A move whose position the table shows lost for the other side, looked
/// for in the search's order (strongest first), where it most likely is.
pub(super) fn from_table(s: &mut Search) -> Option<u32> {
    by_strength(s).into_iter().find(|&c| table_shows_won(s, c))
}

/// Whether the table shows the position after the mover's `c` lost for the other side.
fn table_shows_won(s: &Search, c: u32) -> bool {
    let key = s.canon.key_with(c, s.board.to_move()) ^ s.salt();
    s.table.get(key).is_some_and(|(phi, _)| phi >= INF)
}

/// The entry of the position on the board: its stones and the move `mv`.
pub(super) fn entry(s: &Search, mv: u32) -> Entry {
    let words = s.board.cell_count().div_ceil(64);
    let (mut x, mut o) = (vec![0u64; words], vec![0u64; words]);
    for c in 0..s.board.cell_count() as u32 {
        let bits = match s.board.stone(c) {
            1 => &mut x,
            2 => &mut o,
            _ => continue,
        };
        bits[c as usize / 64] |= 1 << (c % 64);
    }
    Entry {
        x,
        o,
        mv,
        pairs: None,
        potential: false,
    }
}

/// A potential entry for the defender to move, if its potential against
/// the attacker is below 1 (`potential.rs`): nothing below it needs an
/// entry.
pub(super) fn potential_entry(s: &mut Search) -> Option<Entry> {
    if !s.tuning.potential || !potential::below(&s.board, s.attacker, 0) {
        return None;
    }
    let mut e = entry(s, potential::heaviest(&s.board, s.attacker)?);
    e.potential = true;
    Some(e)
}

/// Most moves tried for a pairing entry, besides the table's winning moves.
const PAIRING_PROBES: usize = 16;

/// A pairing entry for the defender to move (the side that need only not
/// lose): a move after which a pairing against the attacker exists. Tried:
/// a cell of a pairing that exists already, the table's moves that win,
/// and the strongest-looking others.
pub(super) fn pairing_entry(s: &mut Search) -> Option<Entry> {
    if s.board.has_gravity() {
        return None;
    }
    let attacker = s.attacker;
    if let Some((m, pairs)) = pairing::find_after_move(&mut s.board, attacker) {
        let mut e = entry(s, m);
        e.pairs = Some(pairs);
        return Some(e);
    }
    let mut moves = Vec::new();
    if let Some(now) = pairing::find(&s.board, attacker) {
        match now.first() {
            Some(&c) => moves.push(c),
            None => moves.extend(legal_moves(&mut s.board).first()),
        }
    }
    moves.extend(table_wins(s));
    moves.extend(by_strength(s).into_iter().take(PAIRING_PROBES));
    let mut tried = Vec::new();
    for m in moves {
        if tried.contains(&m) {
            continue;
        }
        tried.push(m);
        s.make(m);
        let found = if s.board.result().is_none() {
            pairing::find(&s.board, attacker)
        } else {
            None
        };
        s.unmake(m);
        if let Some(pairs) = found {
            let mut e = entry(s, m);
            e.pairs = Some(pairs);
            return Some(e);
        }
    }
    None
}
