//! Victory by continuous threats: the attacker plays moves that each make a
//! threat (k-1 of its stones on a line whose last cell is playable), the
//! defender must block each, until one move makes two threats at once.
//! A block that makes a threat of the defender must be answered first (the
//! attacker's next move is that cell, and it must threaten again).
//!
//! Used by the prover as a fast proof at the attacker's nodes, and at the
//! defender's nodes to find the few replies that can stop the attacker's
//! sequence (see [`zone`]).

mod lines;

use crate::board::{Bits, Board};
use hypertac_core::{zobrist, Cell, Player};

/// A threat sequence found: the moves in order (attacker, defender's block,
/// attacker, ...; ends with the attacker's move) and the cells where the
/// attacker then wins (two of them after a double threat, one if the
/// attacker could already win at once).
#[derive(Clone, Debug, Default)]
pub(crate) struct Sequence {
    pub moves: Vec<u32>,
    pub wins: Vec<u32>,
}

/// Whether the threat searches on words may run: they count stones with
/// POPCNT, which every x86-64 processor of the last fifteen years has (the
/// others search on the line counters instead).
fn has_popcnt() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        true
    }
}

/// Failed searches by position, lossy.
const CACHE: usize = 1 << 16;

/// The low bits of a [`Vcf::failed`] entry: the depth searched (the rest
/// is the key's), so an entry takes one word and the cache stays small
/// enough for the processor's caches.
const DEPTH_BITS: u64 = 63;

/// The key of a position in the cache of failed searches: its stones'
/// Zobrist hash and the side to move.
#[inline]
fn cache_key(hash: u64, me: Player) -> u64 {
    hash ^ u64::from(me.index() as u8 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The threat-sequence searcher, with a cache of positions without one.
pub(crate) struct Vcf {
    failed: Vec<u64>,
    tally: Vec<u16>,
    path: Vec<u32>,
    wins: Vec<u32>,
    /// First moves the current search may not play.
    avoid: Vec<u32>,
    nodes: u64,
    limit: u64,
    /// Positions searched over all calls.
    pub total: u64,
    /// The stones and counters of the search on boards over 64 cells.
    lines: lines::Lines,
    /// Whether boards over 64 cells are searched on [`lines::Lines`] (else
    /// on the board's own lists; tests compare both).
    use_lines: bool,
}

impl Vcf {
    /// A searcher for a board of `cells` cells.
    pub fn new(cells: usize) -> Vcf {
        Vcf {
            failed: vec![0; CACHE],
            tally: vec![0; cells],
            path: Vec::new(),
            wins: Vec::new(),
            avoid: Vec::new(),
            nodes: 0,
            limit: 0,
            total: 0,
            lines: lines::Lines::default(),
            use_lines: true,
        }
    }

    /// A threat sequence for the side to move on `b` (at most `depth`
    /// attacker moves, `limit` positions), or `None`. The board is left as
    /// it was.
    pub fn find(&mut self, b: &mut Board, depth: u32, limit: u64) -> Option<Sequence> {
        self.find_avoiding(b, depth, limit, &[])
    }

    /// As [`Vcf::find`], for a sequence whose first move is none of `avoid`.
    pub fn find_avoiding(
        &mut self,
        b: &mut Board,
        depth: u32,
        limit: u64,
        avoid: &[u32],
    ) -> Option<Sequence> {
        self.avoid.clear();
        self.avoid.extend_from_slice(avoid);
        self.path.clear();
        self.wins.clear();
        self.nodes = 0;
        self.limit = limit;
        let me = b.to_move();
        let found = match b.bits() {
            Some((bits, stones)) if has_popcnt() => {
                let (a, d) = (stones[me.index()], stones[me.other().index()]);
                #[cfg(target_arch = "x86_64")]
                // SAFETY: the processor has POPCNT (`has_popcnt`), the one
                // feature `attack_bits` is compiled for.
                let found = unsafe { self.attack_bits(bits, me, [a, d], b.hash(), depth) };
                #[cfg(not(target_arch = "x86_64"))]
                let found = self.attack_bits(bits, me, [a, d], b.hash(), depth);
                found
            }
            _ if self.on_lines(b) => self.attack_on_lines(b, me, depth),
            _ => self.attack(b, me, depth),
        };
        self.total += self.nodes;
        found.then(|| Sequence {
            moves: self.path.clone(),
            wins: self.wins.clone(),
        })
    }

    fn attack(&mut self, b: &mut Board, me: Player, depth: u32) -> bool {
        let (mine, n) = b.two_threats(me);
        if n > 0 {
            self.wins.push(mine[0]);
            return true;
        }
        let (theirs, n) = b.two_threats(me.other());
        if n >= 2 || depth == 0 || self.nodes >= self.limit {
            return false;
        }
        let key = cache_key(b.hash(), me);
        if self.has_failed(key, depth) {
            return false;
        }
        self.nodes += 1;
        let candidates = match n {
            1 => vec![theirs[0]],
            _ => self.threat_makers(b, me),
        };
        let root = self.path.is_empty();
        for c in candidates {
            if root && self.avoid.contains(&c) {
                continue;
            }
            b.make(c);
            let (blocks, n) = match b.two_threats(me.other()) {
                (_, 0) => b.two_threats(me),
                _ => ([0; 2], 0),
            };
            match n {
                0 => {}
                1 => {
                    let t = blocks[0];
                    b.make(t);
                    self.path.push(c);
                    self.path.push(t);
                    let won = self.attack(b, me, depth - 1);
                    b.unmake();
                    if won {
                        b.unmake();
                        return true;
                    }
                    self.path.truncate(self.path.len() - 2);
                }
                _ => {
                    self.path.push(c);
                    self.wins.extend_from_slice(&blocks);
                    b.unmake();
                    return true;
                }
            }
            b.unmake();
        }
        // A root that avoided moves may still have a sequence.
        if self.nodes < self.limit && (!root || self.avoid.is_empty()) {
            self.remember_failed(key, depth);
        }
        false
    }

    /// Notes `key` as failed at `depth` attacker moves.
    #[inline]
    fn remember_failed(&mut self, key: u64, depth: u32) {
        self.failed[key as usize & (CACHE - 1)] =
            (key & !DEPTH_BITS) | u64::from(depth.min(DEPTH_BITS as u32));
    }

    /// Asks the processor for `key`'s cache entry ahead of its read.
    #[inline]
    fn prefetch_failed(&self, key: u64) {
        super::prefetch::prefetch(&self.failed[key as usize & (CACHE - 1)] as *const u64);
    }

    /// Whether the cache holds `key` as failed at `depth` attacker moves or more.
    #[inline]
    fn has_failed(&self, key: u64, depth: u32) -> bool {
        let e = self.failed[key as usize & (CACHE - 1)];
        (e ^ key) & !DEPTH_BITS == 0 && e & DEPTH_BITS >= u64::from(depth)
    }

    /// [`Vcf::attack`] on a board of at most 64 cells, its stones as words:
    /// `stones` are the attacker's and the defender's, `hash` their Zobrist
    /// hash (the cache's key, as [`Board::hash`]).
    #[cfg_attr(target_arch = "x86_64", target_feature(enable = "popcnt"))]
    fn attack_bits(
        &mut self,
        bits: &Bits,
        me: Player,
        stones: [u64; 2],
        hash: u64,
        depth: u32,
    ) -> bool {
        let [a, d] = stones;
        let (mine, theirs, open) = if bits.has_line_sets() {
            bits.scan(a, d)
        } else {
            (bits.wins(a, d), bits.wins(d, a), 0)
        };
        self.attack_bits_with(bits, me, stones, hash, depth, [mine, theirs], open)
    }

    /// [`Vcf::attack_bits`] with the cells where the attacker (`mine`) and
    /// the defender (`theirs`) complete a line already known, and `open`,
    /// the lines the attacker can make a threat on ([`Bits::open2`]; 0 on
    /// a board of more than 128 lines, where every line is tested).
    #[allow(clippy::too_many_arguments)]
    #[cfg_attr(target_arch = "x86_64", target_feature(enable = "popcnt"))]
    fn attack_bits_with(
        &mut self,
        bits: &Bits,
        me: Player,
        stones: [u64; 2],
        hash: u64,
        depth: u32,
        [mine, theirs]: [u64; 2],
        open: u128,
    ) -> bool {
        let [a, d] = stones;
        let sets = bits.has_line_sets();
        if mine != 0 {
            self.wins.push(mine.trailing_zeros());
            return true;
        }
        if theirs.count_ones() >= 2 || depth == 0 || self.nodes >= self.limit {
            return false;
        }
        let key = cache_key(hash, me);
        if self.has_failed(key, depth) {
            return false;
        }
        self.nodes += 1;
        let mut candidates = [0u8; 64];
        let count = if theirs != 0 {
            candidates[0] = theirs.trailing_zeros() as u8;
            1
        } else if sets {
            bits.makers_in(open, a | d, &mut candidates)
        } else {
            bits.makers(a, d, &mut candidates)
        };
        let gravity = bits.has_gravity();
        let stone = |c: u32, p: Player| zobrist::key(Cell(u64::from(c)), p);
        let root = self.path.is_empty();
        for &c in &candidates[..count] {
            let c = u32::from(c);
            if root && self.avoid.contains(&c) {
                continue;
            }
            let a2 = a | 1 << c;
            // Without gravity a stone adds threats only on its own lines,
            // and takes away the other side's on its cell: the attacker had
            // none, the defender at most one, on `c` if any.
            let (theirs2, blocks) = if gravity {
                (bits.wins(d, a2), bits.wins(a2, d))
            } else if sets {
                // The threats `c` makes are on the lines through it that
                // a threat could be made on.
                (theirs & !(1 << c), bits.threats_made(open, c, a2 | d))
            } else {
                (theirs & !(1 << c), bits.wins_through(c, a2, d))
            };
            if theirs2 != 0 {
                continue;
            }
            match blocks.count_ones() {
                0 => {}
                1 => {
                    let t = blocks.trailing_zeros();
                    let d2 = d | 1 << t;
                    self.path.push(c);
                    self.path.push(t);
                    let h = hash ^ stone(c, me) ^ stone(t, me.other());
                    // The child's first read is its cache entry: fetched
                    // while its threats are worked out.
                    self.prefetch_failed(cache_key(h, me));
                    let won = if gravity {
                        self.attack_bits(bits, me, [a2, d2], h, depth - 1)
                    } else {
                        // The block took the attacker's only threat; the
                        // defender's new ones lie on the block's lines.
                        let theirs3 = bits.wins_through(t, d2, a2);
                        let open2 = if sets {
                            bits.open2_after(open, [c, t], a2, d2)
                        } else {
                            0
                        };
                        self.attack_bits_with(bits, me, [a2, d2], h, depth - 1, [0, theirs3], open2)
                    };
                    if won {
                        return true;
                    }
                    self.path.truncate(self.path.len() - 2);
                }
                _ => {
                    self.path.push(c);
                    let first = blocks.trailing_zeros();
                    let second = (blocks & (blocks - 1)).trailing_zeros();
                    self.wins.extend_from_slice(&[first, second]);
                    return true;
                }
            }
        }
        // A root that avoided moves may still have a sequence.
        if self.nodes < self.limit && (!root || self.avoid.is_empty()) {
            self.remember_failed(key, depth);
        }
        false
    }

    /// Playable cells where `me` would make a threat, most threats first.
    fn threat_makers(&mut self, b: &Board, me: Player) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        for &l in b.open2(me) {
            for &c in b.line(l) {
                if b.stone(c) == 0 && b.playable(c) {
                    if self.tally[c as usize] == 0 {
                        out.push(c);
                    }
                    self.tally[c as usize] += 1;
                }
            }
        }
        out.sort_unstable_by_key(|&c| (std::cmp::Reverse(self.tally[c as usize]), c));
        for &c in &out {
            self.tally[c as usize] = 0;
        }
        out
    }
}

/// The defender's replies that might stop `seq`, a threat sequence the
/// attacker would have after a free move of the defender (who is to move on
/// `b`): any other reply leaves the sequence winning. Marks, by cell id:
/// - the cells the sequence plays or wins on;
/// - the empty cells of every line without attacker stones on which the
///   defender's stones, with its blocks in the sequence, number k-2 or more
///   (a defender stone there could make a threat that interrupts it);
/// - on gravity boards, every cell of a column holding a marked cell (a
///   stone there moves the heights the sequence relies on).
pub(crate) fn zone(b: &Board, seq: &Sequence, zone: &mut [bool]) {
    let defender = b.to_move();
    let attacker = defender.other();
    zone.iter_mut().for_each(|z| *z = false);
    let blocks: Vec<u32> = seq.moves.iter().skip(1).step_by(2).copied().collect();
    for &c in seq.moves.iter().chain(&seq.wins) {
        zone[c as usize] = true;
    }
    if let Some((bits, stones)) = b.bits() {
        let k = u32::from(b.k());
        let (att, def) = (stones[attacker.index()], stones[defender.index()]);
        let blocks = blocks.iter().fold(0u64, |m, &c| m | 1 << c);
        let empty = !(att | def);
        let mut marked = 0u64;
        for &m in bits.masks() {
            if att & m == 0 && ((def | blocks) & m).count_ones() + 2 >= k {
                marked |= m & empty;
            }
        }
        while marked != 0 {
            zone[marked.trailing_zeros() as usize] = true;
            marked &= marked - 1;
        }
    } else {
        mark_lines(b, attacker, defender, &blocks, zone);
    }
    if b.has_gravity() {
        let columns: Vec<u64> = (0..zone.len() as u32)
            .filter(|&c| zone[c as usize])
            .map(|c| b.column_of(c))
            .collect();
        for c in 0..zone.len() as u32 {
            if !zone[c as usize] && columns.contains(&b.column_of(c)) {
                zone[c as usize] = true;
            }
        }
    }
}

/// [`zone`]'s lines, walked by the line counters: marks the empty cells of
/// every line without `attacker` stones where `defender`'s stones and
/// `blocks` number k-2 or more. The blocks are added to the counters of
/// the lines through them first, so that every line is judged by one count.
fn mark_lines(b: &Board, attacker: Player, defender: Player, blocks: &[u32], zone: &mut [bool]) {
    let k = u32::from(b.k());
    let mut extra = vec![0u8; b.line_total()];
    for &block in blocks {
        for &l in b.lines_of(block) {
            extra[l as usize] = extra[l as usize].saturating_add(1);
        }
    }
    for (l, &more) in extra.iter().enumerate() {
        let counts = b.counts(l as u32);
        if counts[attacker.index()] == 0
            && u32::from(counts[defender.index()]) + u32::from(more) + 2 >= k
        {
            for &c in b.line(l as u32) {
                if b.stone(c) == 0 {
                    zone[c as usize] = true;
                }
            }
        }
    }
}
