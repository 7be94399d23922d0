//! Certificates from a finished search: for every position that the
//! succeeding side can reach against any play of the other side, its move.
//!
//! The walk follows the search's table where it can, the threat sequences
//! where the search proved a position by one, and searches again wherever
//! the table has lost a position or the search never looked (the defender's
//! replies outside a threat sequence's zone). Every reply of the other side
//! is followed, so the certificate answers all of them; symmetric positions
//! are written once.

use super::dfpn::{legal_moves, Search};
use super::table::INF;
use crate::Budget;
use hypertac_core::Player;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// The walk's set of positions seen. Its keys are hashes already, so the
/// set mixes them with one multiplication rather than a keyed hash.
type Seen = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// See [`Seen`].
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = (self.0 ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// Most threat-sequence positions searched when looking for an extraction move.
const VCF_LIMIT: u64 = 200_000;

/// One certificate entry: the stones (bitsets, cell i = bit i % 64 of word
/// i / 64) and the move of the succeeding side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// X's stones.
    pub x: Vec<u64>,
    /// O's stones.
    pub o: Vec<u64>,
    /// The move, a cell index.
    pub mv: u32,
}

/// Builds the entries proving that `winner` succeeds from the current
/// position in the search's current question (the attacker wins, or the
/// defender does not lose).
pub(crate) fn entries(search: &mut Search, winner: Player) -> Result<Vec<Entry>, String> {
    let mut walk = Walk {
        winner,
        seen: Seen::default(),
        out: Vec::new(),
    };
    walk.node(search)?;
    Ok(walk.out)
}

struct Walk {
    winner: Player,
    seen: Seen,
    out: Vec<Entry>,
}

impl Walk {
    fn node(&mut self, s: &mut Search) -> Result<(), String> {
        let me = s.board.to_move();
        if s.board.result().is_some() || !self.seen.insert(s.key()) {
            return Ok(());
        }
        if me == self.winner {
            if !s.board.threat_cells(me).is_empty() {
                return Ok(());
            }
            let mv = best_move(s)?;
            self.out.push(entry(s, mv));
            s.make(mv);
            let r = self.after_move(s);
            s.unmake(mv);
            return r;
        }
        // With a line of the winner's one cell short of complete, every
        // reply but a block (or a line of the mover's own, completed) lets
        // the winner complete it at once: nothing to write below those.
        let threats = s.board.threat_cells(self.winner);
        let replies = if threats.is_empty() {
            legal_moves(&mut s.board)
        } else {
            let mut r = threats;
            r.extend(s.board.threat_cells(me));
            r.sort_unstable();
            r.dedup();
            r
        };
        for reply in replies {
            s.make(reply);
            let r = self.after_move(s);
            s.unmake(reply);
            r?;
        }
        Ok(())
    }

    fn after_move(&mut self, s: &mut Search) -> Result<(), String> {
        match s.board.result() {
            // The player who just moved completed a line.
            Some(-1) if s.board.to_move() == self.winner => {
                Err("the certificate walk reached a lost position".into())
            }
            Some(-1) => Ok(()),
            Some(_) if self.winner == s.attacker => {
                Err("the certificate walk reached a full board".into())
            }
            Some(_) => Ok(()),
            None => self.node(s),
        }
    }
}

/// A move of the side to move that keeps its success: forced blocks, then
/// the table, then a threat sequence, then a new search.
pub(crate) fn best_move(s: &mut Search) -> Result<u32, String> {
    let me = s.board.to_move();
    if let Some(&c) = s.board.threat_cells(me).first() {
        return Ok(c);
    }
    if let Some(&t) = s.board.threat_cells(me.other()).first() {
        return Ok(t);
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
    // The table lost the children: search each until one is lost for the
    // other side.
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
fn sequence_move(s: &mut Search) -> Option<u32> {
    let seq = s.vcf.find(&mut s.board, 64, VCF_LIMIT)?;
    Some(seq.moves.first().copied().unwrap_or(seq.wins[0]))
}

/// A move whose position the table shows lost for the other side, looked
/// for in the search's order (strongest first), where it most likely is.
fn from_table(s: &mut Search) -> Option<u32> {
    let me = s.board.to_move();
    let mut moves: Vec<(u32, u32)> = legal_moves(&mut s.board)
        .into_iter()
        .map(|c| (s.move_score(c), c))
        .collect();
    moves.sort_by_key(|&(score, c)| (std::cmp::Reverse(score), c));
    for (_, c) in moves {
        let key = s.canon.key_with(c, me) ^ s.salt();
        if let Some((phi, _)) = s.table.get(key) {
            if phi >= INF {
                return Some(c);
            }
        }
    }
    None
}

fn entry(s: &Search, mv: u32) -> Entry {
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
    Entry { x, o, mv }
}
