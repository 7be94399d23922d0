//! Threat-space search with threes: Thomsen's lambda-search of order 2,
//! in the terms of Allis's threat-space search.
//!
//! A *four* (a lambda-1 threat) leaves one cell that completes a line; the
//! four-threat search (`vcf`) chains them. A *three* (a lambda-2 threat) is
//! a move after which the attacker, given a free move, would win by fours:
//! the defender must reply inside that sequence's zone ([`vcf::zone`]: its
//! cells, and the cells where the defender makes a four of its own), which
//! on k = 5 or 6 boards leaves two or three replies in open space and a few
//! dozen at most. Every other reply leaves the sequence intact. The search
//! here ([`Threes::find`]) looks for a tree of threes and fours: a three
//! such that after every reply in its zone the attacker again has a
//! sequence of fours or another such three, to a depth in threes.
//!
//! Its answer is a *hint*, never a value: the prover's df-pn
//! (`dfpn.rs`) enters the hinted move first, with the other moves starting
//! far behind it (`children.rs`), so that a win found here is proved by
//! df-pn along the same tree, each reply of the defender followed (the
//! zones at the defender's nodes are the existing ones of `dfpn.rs`), and
//! the certificate is written from df-pn's table as before. A wrong hint
//! costs time, not correctness. Along the tree the results of the
//! positions searched are cached, so df-pn's visits of the same positions
//! find their hints at once, and the move that won at a sibling (a
//! *killer*) is tried first, so that a reply outside the tree's cells,
//! which leaves the attacker's tree intact, is answered quickly again.
//!
//! Cost: each three tried costs one four-threat search after a pass, each
//! reply one search below it; a call is bounded by the positions its
//! four-threat searches visit ([`Threes::find`]'s `limit`).

use super::vcf::{self, Vcf};
use crate::board::Board;
use hypertac_core::Player;

/// Most attacker moves in an inner four-threat search.
const INNER_DEPTH: u32 = 32;
/// Most positions one inner four-threat search visits.
const INNER_LIMIT: u64 = 2_000;
/// Most threes tried at one position.
const MAX_THREES: usize = 24;
/// Entries of the result cache (a power of two).
const CACHE: usize = 1 << 18;
/// Most sequences whose zones are intersected for a three's replies.
const ZONE_SEQUENCES: usize = 3;
/// Deepest ply the killers are kept for.
const MAX_PLY: usize = 16;

/// One cached result: the key's high bits, and the winning move (`WON`
/// flag) or the depth in threes searched without one.
#[derive(Clone, Copy, Default)]
struct Cached {
    key: u64,
    value: u32,
}

const WON: u32 = 1 << 31;

/// The key of a position in the cache: its stones' hash and the mover.
fn cache_key(hash: u64, me: Player) -> u64 {
    (hash ^ u64::from(me.index() as u8 + 1).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)) | 1
}

/// The threat-space searcher (see the module docs).
pub(crate) struct Threes {
    vcf: Vcf,
    cache: Vec<Cached>,
    zone: Vec<bool>,
    zone2: Vec<bool>,
    tally: Vec<u16>,
    /// Per ply of threes: the last three that won there.
    killers: [u32; MAX_PLY],
    /// Per ply of replies: the last reply that refuted a three there.
    refuters: [u32; MAX_PLY],
    /// Four-threat positions visited when the current call began.
    start: u64,
    limit: u64,
    /// Positions visited by the inner four-threat searches, over all calls.
    pub total: u64,
}

impl Threes {
    /// A searcher for a board of `cells` cells.
    pub fn new(cells: usize) -> Threes {
        Threes {
            vcf: Vcf::new(cells),
            cache: vec![Cached::default(); CACHE],
            zone: vec![false; cells],
            zone2: vec![false; cells],
            tally: vec![0; cells],
            killers: [u32::MAX; MAX_PLY],
            refuters: [u32::MAX; MAX_PLY],
            start: 0,
            limit: 0,
            total: 0,
        }
    }

    /// The first move of a win by fours and threes for the side to move on
    /// `b`, found within `depth` threes and `limit` positions of the inner
    /// four-threat searches, or `None`. The board is left as it was. The
    /// move is the first of a sequence of fours when there is one.
    pub fn find(&mut self, b: &mut Board, depth: u32, limit: u64) -> Option<u32> {
        if b.k() < 4 {
            return None;
        }
        self.start = self.vcf.total;
        self.limit = limit;
        let me = b.to_move();
        let found = self.attack(b, me, depth, 0);
        self.total = self.vcf.total;
        found
    }

    /// Sets the count of positions searched ([`Threes::total`]) back to
    /// zero, for a new search that takes over this searcher's cache.
    pub fn restart_count(&mut self) {
        self.vcf.total = 0;
        self.total = 0;
    }

    fn spent(&self) -> bool {
        self.vcf.total - self.start >= self.limit
    }

    fn lookup(&self, key: u64) -> Option<u32> {
        let e = self.cache[key as usize & (CACHE - 1)];
        (e.key == key).then_some(e.value)
    }

    fn store(&mut self, key: u64, value: u32) {
        self.cache[key as usize & (CACHE - 1)] = Cached { key, value };
    }

    /// One position, `me` to move: a winning first move, or `None`.
    fn attack(&mut self, b: &mut Board, me: Player, depth: u32, ply: usize) -> Option<u32> {
        if b.result().is_some() {
            return None;
        }
        let (mine, n) = b.two_threats(me);
        if n > 0 {
            return Some(mine[0]);
        }
        let (theirs, n) = b.two_threats(me.other());
        if n >= 2 {
            return None;
        }
        let key = cache_key(b.hash(), me);
        match self.lookup(key) {
            Some(v) if v & WON != 0 => return Some(v & !WON),
            Some(v) if v >= depth => return None,
            _ => {}
        }
        if let Some(seq) = self.vcf.find(b, INNER_DEPTH, INNER_LIMIT) {
            let first = seq.moves.first().or(seq.wins.first()).copied()?;
            self.store(key, WON | first);
            return Some(first);
        }
        if depth == 0 || self.spent() {
            return None;
        }
        let candidates = if n == 1 {
            vec![theirs[0]]
        } else {
            self.threes(b, me, ply)
        };
        for c in candidates {
            if self.spent() {
                return None;
            }
            if self.three_wins(b, me, c, depth, ply) {
                if ply < MAX_PLY {
                    self.killers[ply] = c;
                }
                self.store(key, WON | c);
                return Some(c);
            }
        }
        if !self.spent() {
            self.store(key, depth);
        }
        None
    }

    /// The cells where `me` makes a four (a forcing move that may lead to
    /// a three) or a three, the killer of `ply` first, at most
    /// [`MAX_THREES`].
    fn threes(&mut self, b: &Board, me: Player, ply: usize) -> Vec<u32> {
        let mut out = b.raisers(me, b.k() - 2, &mut self.tally);
        for c in b.raisers(me, b.k() - 3, &mut self.tally) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
        if let Some(&killer) = self.killers.get(ply) {
            if let Some(i) = out.iter().position(|&c| c == killer) {
                out[..=i].rotate_right(1);
            }
        }
        out.truncate(MAX_THREES);
        out
    }

    /// Whether `c` is a three of `me` after which every reply that stops
    /// its sequence still leaves `me` a win within `depth - 1` threes.
    fn three_wins(&mut self, b: &mut Board, me: Player, c: u32, depth: u32, ply: usize) -> bool {
        b.make(c);
        let replies = self.replies(b);
        let mut won = replies.is_some();
        for r in replies.into_iter().flatten() {
            b.make(r);
            won = self.attack(b, me, depth - 1, ply + 1).is_some();
            b.unmake();
            if !won {
                if ply < MAX_PLY {
                    self.refuters[ply] = r;
                }
                break;
            }
        }
        b.unmake();
        won
    }

    /// After a move of the attacker (the defender to move on `b`): the
    /// defender's replies that might stop the attacker's sequence of
    /// fours after a pass (the intersection of up to [`ZONE_SEQUENCES`]
    /// sequences' zones, the last refuter first), or `None` when the
    /// attacker has no such sequence.
    fn replies(&mut self, b: &mut Board) -> Option<Vec<u32>> {
        b.pass();
        let seq = self.vcf.find(b, INNER_DEPTH, INNER_LIMIT);
        b.unmake();
        let seq = seq?;
        vcf::zone(b, &seq, &mut self.zone);
        let mut avoid: Vec<u32> = seq.moves.first().copied().into_iter().collect();
        for _ in 1..ZONE_SEQUENCES {
            if avoid.is_empty() {
                break;
            }
            b.pass();
            let other = self.vcf.find_avoiding(b, INNER_DEPTH, INNER_LIMIT, &avoid);
            b.unmake();
            let Some(other) = other else { break };
            vcf::zone(b, &other, &mut self.zone2);
            for (z, &z2) in self.zone.iter_mut().zip(&self.zone2) {
                *z &= z2;
            }
            match other.moves.first() {
                Some(&first) => avoid.push(first),
                None => break,
            }
        }
        let mut out: Vec<u32> = (0..b.cell_count() as u32)
            .filter(|&r| self.zone[r as usize] && b.stone(r) == 0 && b.playable(r))
            .collect();
        let ply_refuter = self.refuters.iter().copied();
        for refuter in ply_refuter.rev() {
            if let Some(i) = out.iter().position(|&r| r == refuter) {
                out[..=i].rotate_right(1);
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests;
