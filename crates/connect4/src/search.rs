//! One thread's search: negamax alpha-beta (fail-soft) with a
//! transposition table, threat-based move ordering and Connect-Four-specific
//! pruning.

use crate::book::Book;
use crate::layout::layout;
use crate::moves::{Move, MoveList};
use crate::node::Node;
use crate::position::{Dims, Geometry, Position, Std7x6};
use crate::race::{busy_index, Race};
use crate::rules::{claimeven_pairs_bound, zugzwang_threat_bound};
use crate::tt::{Hit, Table};
use crate::tuning::Tuning;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Enhanced transposition cutoffs are tried at nodes with more than this
/// many empty cells.
const ETC_MIN_EMPTY: i32 = 12;

/// Move ordering weights: threats playable at once, threats right above a
/// playable cell, all useful threats.
const W_NOW: i32 = 1;
const W_NEXT: i32 = 2;
const W_ALL: i32 = 1;

/// Threads tell each other which positions they are searching at nodes
/// with more than this many empty cells.
const DEFER_MIN_EMPTY: i32 = 10;

/// The state of one thread's search.
pub(crate) struct Searcher<'a> {
    pub(crate) tt: &'a Table,
    pub(crate) geo: Geometry,
    /// Columns from the center outwards (first `width` entries).
    pub(crate) order: [u32; 9],
    /// Per entry of `order`: the column's cells and the mirror column's.
    pub(crate) col_masks: [(u64, u64); 9],
    pub(crate) nodes: u64,
    pub(crate) book: Option<&'a Book>,
    pub(crate) book_depth: i32,
    pub(crate) tuning: Tuning,
    /// Node count at which the table moves to its large level.
    pub(crate) grow_at: u64,
    /// Raised when another thread finished the search.
    pub(crate) stop: &'a AtomicBool,
    /// See [`Race::busy`].
    pub(crate) busy: &'a [AtomicU64],
    /// This search saw `stop` and its result is meaningless.
    pub(crate) aborted: bool,
    /// Node count at which `kick` starts the helpers.
    pub(crate) kick_at: u64,
    pub(crate) kick: Option<&'a dyn Fn()>,
    /// Helper threads are at work on this solve.
    pub(crate) kicked: bool,
    /// This thread joined a null-window search another thread started (so
    /// it searches the root moves in another order).
    pub(crate) joined: bool,
    /// 0 for the main thread, 1.. for helpers.
    pub(crate) id: u32,
    /// Stones on the board at the root of the search.
    pub(crate) root_n: i32,
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        tt: &'a Table,
        geo: Geometry,
        book: Option<&'a Book>,
        tuning: Tuning,
        race: &'a Race,
        id: u32,
        root_n: i32,
    ) -> Self {
        let (order, col_masks) = layout(&geo);
        Searcher {
            tt,
            geo,
            order,
            col_masks,
            nodes: 0,
            book,
            book_depth: book.map_or(-1, |b| b.depth() as i32),
            tuning,
            grow_at: u64::MAX,
            stop: &race.stop.0,
            busy: &race.busy,
            aborted: false,
            kick_at: u64::MAX,
            kick: None,
            kicked: false,
            joined: false,
            id,
            root_n,
        }
    }

    /// Is another thread searching the position of canonical key `key`?
    #[inline(always)]
    fn busy(&self, key: u64) -> bool {
        self.busy[busy_index(key)].load(Ordering::Relaxed) == key
    }

    /// Marks the position of key `key` as searched (`value == key`) or no
    /// longer searched (`value == 0`).
    #[inline(always)]
    fn set_busy(&self, key: u64, value: u64) {
        self.busy[busy_index(key)].store(value, Ordering::Relaxed);
    }

    /// [`Searcher::negamax`] on `root`, specialised for the standard board
    /// and for CPUs with `popcnt`.
    pub(crate) fn run(&mut self, root: &Node, alpha: i32, beta: i32) -> i32 {
        let popcnt = has_popcnt();
        match (self.geo == Geometry::standard(), popcnt) {
            (true, true) => self.negamax::<_, true>(Std7x6, root, alpha, beta),
            (true, false) => self.negamax::<_, false>(Std7x6, root, alpha, beta),
            (false, true) => self.negamax::<_, true>(self.geo, root, alpha, beta),
            (false, false) => self.negamax::<_, false>(self.geo, root, alpha, beta),
        }
    }

    /// [`Searcher::negamax_body`], compiled with the `popcnt` instruction
    /// when `POPCNT` (which the caller must only set when the CPU has it).
    #[inline(always)]
    fn negamax<D: Dims, const POPCNT: bool>(
        &mut self,
        d: D,
        pos: &Node,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if POPCNT {
            // SAFETY: `POPCNT` is only true when `has_popcnt()` said the CPU
            // supports the instruction.
            return unsafe { self.negamax_popcnt(d, pos, alpha, beta) };
        }
        self.negamax_plain(d, pos, alpha, beta)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn negamax_popcnt<D: Dims>(&mut self, d: D, pos: &Node, alpha: i32, beta: i32) -> i32 {
        self.negamax_body::<D, true>(d, pos, alpha, beta)
    }

    fn negamax_plain<D: Dims>(&mut self, d: D, pos: &Node, alpha: i32, beta: i32) -> i32 {
        self.negamax_body::<D, false>(d, pos, alpha, beta)
    }

    /// Negamax with alpha-beta (fail-soft). Precondition: the side to move
    /// cannot win with its next stone and `alpha < beta`.
    ///
    /// Returns `v` with: `score <= v` if `v <= alpha`, `score >= v` if
    /// `v >= beta`, `score == v` otherwise.
    ///
    /// One function on purpose: it is the solver's hot path (every node),
    /// its stages (checks, book, table, staged move, move list, search)
    /// narrow the same bounds `lo`/`hi` and return early from any of them,
    /// and it is compiled once per board and `popcnt` choice; the parts that
    /// split cleanly are apart already ([`Searcher::forced`],
    /// [`Searcher::rules_floor`], `narrow`). Any split must be measured
    /// against the baseline with the crate's benches first.
    #[inline(always)]
    fn negamax_body<D: Dims, const POPCNT: bool>(
        &mut self,
        d: D,
        pos: &Node,
        alpha0: i32,
        beta0: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes > self.grow_at {
            self.tt.grow();
            self.grow_at = u64::MAX;
        }
        if self.nodes >= self.kick_at {
            self.kick_at = u64::MAX;
            if let Some(kick) = self.kick {
                kick();
                self.kicked = true;
            }
        }
        if self.stop.load(Ordering::Relaxed) {
            self.aborted = true;
            return 0;
        }
        let start = self.nodes;
        let size = d.cells();
        let n = pos.n;
        let cur = pos.cur;
        let mask = pos.mask;
        let opp_threats = pos.opp_threats;
        debug_assert_eq!(opp_threats, d.winning_cells(cur ^ mask, mask));
        let next = {
            let mut possible = d.possible(mask);
            let forced = possible & opp_threats;
            if forced != 0 {
                if forced & (forced - 1) != 0 {
                    return -(size - n) / 2;
                }
                possible = forced;
            }
            possible & !(opp_threats >> 1)
        };
        if next == 0 {
            return -(size - n) / 2;
        }
        if n >= size - 2 {
            return 0;
        }
        // The book before the forced moves: a forced move in the book's
        // plies would otherwise skip it and search the whole subtree.
        if n <= self.book_depth {
            let p = Position::from_raw(self.geo, [cur, mask, pos.cur_m, pos.mask_m], n as u32);
            if let Some(s) = self.book.as_ref().and_then(|b| b.get(&p)) {
                return s;
            }
        }
        // A single move that does not lose at once is played without the
        // table (0.87-0.94x the time, 3% more nodes).
        if next & (next - 1) == 0 && n > self.root_n {
            return self.forced::<D, POPCNT>(d, pos, next, alpha0, beta0);
        }
        let (key, mirrored) = pos.canonical_key(d);
        let slot = self.tt.slot(key);
        self.tt.prefetch(slot);
        // The opponent cannot win with its next stone, we cannot win with
        // this one.
        let mut lo = -(size - 2 - n) / 2;
        let mut hi = (size - 1 - n) / 2;
        // The static rules, only at the root: at other nodes the parent
        // already applied them to this position (as its child, with the
        // same null window), so they would never cut here (the measured
        // node counts were the same). The claimeven bound (0 or -1) only
        // matters when it can fail us low.
        let root = n == self.root_n;
        if root && (alpha0 >= -1 || self.tuning.claimeven_everywhere) {
            if let Some(b) = claimeven_pairs_bound(d, cur, mask) {
                hi = hi.min(b);
            }
        }
        // The opponent's threat decided by zugzwang (a win for it, by at
        // most h/2 points) only matters when it can fail us low.
        if root && alpha0 >= -(d.h() as i32) / 2 && self.tuning.zugzwang {
            if let Some(b) = zugzwang_threat_bound(d, cur, mask, opp_threats) {
                hi = hi.min(b);
            }
        }
        if lo >= beta0 {
            return lo;
        }
        if hi <= alpha0 {
            return hi;
        }
        let probe_early = self.tt.in_small_level(slot);
        let early = if probe_early {
            let h = self.tt.probe(slot);
            if let Some(v) = h.and_then(|hit| narrow(hit, &mut lo, &mut hi, alpha0, beta0)) {
                return v;
            }
            h
        } else {
            None
        };

        let w = d.w();
        let mut best = i32::MIN;
        let mut best_col = 0;
        // The table's best move is tried before the others are even
        // generated: it usually refutes the node on its own.
        let mut staged = u32::MAX;
        if let Some(c) = early.and_then(|h| h.mv) {
            let c = if mirrored { w - 1 - c } else { c };
            let bit = next & d.column_mask(c);
            if bit != 0 && self.tuning.staged_move && (!self.joined || n > self.root_n) {
                staged = c;
                let threats = d.winning_cells(cur | bit, mask | bit);
                let child = pos.child(bit, d.column_mask(w - 1 - c), threats);
                let (a, b) = (alpha0.max(lo), beta0.min(hi));
                let v = -self.negamax::<D, POPCNT>(d, &child, -b, -a);
                if self.aborted {
                    return 0;
                }
                if v >= b {
                    let work = 64 - (self.nodes - start + 1).leading_zeros();
                    let stored = if mirrored { w - 1 - c } else { c };
                    self.tt.store(self.tt.slot(key), v, hi, Some(stored), work);
                    return v;
                }
                best = v;
                best_col = c;
            }
        }

        // Candidate moves, scored by the threats they create. A move after
        // which the opponent cannot stop our next stone is the best score we
        // can still get and ends the search at once.
        let mut list = MoveList::new();
        for i in 0..w as usize {
            let col = self.order[i];
            let (col_mask, mirror_mask) = self.col_masks[i];
            let bit = next & col_mask;
            if bit != 0 && col != staged {
                let new_mask = mask | bit;
                let threats = d.winning_cells(cur | bit, new_mask);
                let playable = d.possible(new_mask);
                if wins_with_next_stone(threats, playable) {
                    // The best possible score.
                    return (size - 1 - n) / 2;
                }
                let child = pos.child(bit, mirror_mask, threats);
                // The static rules applied to the opponent after this move.
                lo = lo.max(self.rules_floor(d, &child, beta0));
                if lo >= beta0 {
                    return lo;
                }
                let ckey = child.canonical_key(d).0;
                let cslot = self.tt.slot(ckey);
                self.tt.prefetch(cslot);
                // Threats right above an opponent threat never win.
                let useful = threats & !((opp_threats & !bit) << 1);
                let score = W_NOW * (useful & playable).count_ones() as i32
                    + W_NEXT * (useful & (playable << 1)).count_ones() as i32
                    + W_ALL * useful.count_ones() as i32;
                list.push(Move {
                    bit,
                    col,
                    mirror_mask,
                    score,
                    slot: cslot,
                    key: ckey,
                    threats,
                    cap: i32::MAX,
                });
            }
        }
        // No move wins with our next stone (see above: these are the only
        // ways to force it), so the best we can hope for is one stone later.
        hi = hi.min((size - 3 - n) / 2);
        if hi <= alpha0 {
            return hi;
        }

        let hit = if probe_early {
            early
        } else {
            self.tt.probe(slot)
        };
        if let Some(hit) = hit {
            if let Some(v) = narrow(hit, &mut lo, &mut hi, alpha0, beta0) {
                return v;
            }
            if let Some(c) = hit.mv {
                let c = if mirrored { w - 1 - c } else { c };
                list.move_to_front(c);
            }
        }
        // Enhanced transposition cutoff: a child already known to be bad
        // enough for the opponent. The children's entries also tell which
        // moves are known not to raise alpha.
        if n + ETC_MIN_EMPTY < size {
            for m in list.as_mut_slice() {
                if let Some(h) = self.tt.probe(m.slot) {
                    let v = -h.upper;
                    if v >= beta0 {
                        return v;
                    }
                    // A child known to be no better than alpha for us is
                    // not searched (see below).
                    m.cap = -h.lower;
                }
            }
        }
        if self.joined && n <= self.root_n + self.tuning.joined_reorder_plies as i32 {
            // Helpers search the moves near the root in another order.
            list.rotate(self.id as usize);
        }
        let alpha_start = alpha0.max(lo);
        let mut alpha = alpha_start.max(best);
        let beta = beta0.min(hi);
        if best >= beta {
            // The staged move is enough now that the bounds have tightened.
            list.clear();
        }
        // With helpers at work, a move another thread is searching right
        // now is put off until the others are done (ABDADA): by then its
        // result is likely in the table.
        let share = self.kicked && self.tuning.abdada && n + DEFER_MIN_EMPTY < size;
        let moves = list.as_slice();
        let mut deferred = [0usize; 9];
        let mut n_deferred = 0;
        'search: for pass in 0..2 {
            let count = if pass == 0 { moves.len() } else { n_deferred };
            for j in 0..count {
                let m = if pass == 0 {
                    &moves[j]
                } else {
                    &moves[deferred[j]]
                };
                if m.cap <= alpha {
                    // Known from the table not to raise alpha.
                    if m.cap > best {
                        best = m.cap;
                        best_col = m.col;
                    }
                    continue;
                }
                if share && pass == 0 && j > 0 && self.busy(m.key) {
                    deferred[n_deferred] = j;
                    n_deferred += 1;
                    continue;
                }
                let child = pos.child(m.bit, m.mirror_mask, m.threats);
                if share {
                    self.set_busy(m.key, m.key);
                }
                let v = -self.negamax::<D, POPCNT>(d, &child, -beta, -alpha);
                if share {
                    self.set_busy(m.key, 0);
                }
                if self.aborted {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_col = m.col;
                }
                if v >= beta {
                    break 'search;
                }
                if v > alpha {
                    alpha = v;
                }
            }
        }

        let work = 64 - (self.nodes - start + 1).leading_zeros();
        let stored_col = if mirrored { w - 1 - best_col } else { best_col };
        // The table may have grown during the search of the children.
        let slot = self.tt.slot(key);
        if best >= beta {
            self.tt.store(slot, best, hi, Some(stored_col), work);
        } else if best <= alpha_start {
            self.tt.store(slot, lo, best, None, work);
        } else {
            self.tt.store(slot, best, best, Some(stored_col), work);
        }
        best
    }
}

impl Searcher<'_> {
    /// Our lower bound after the move to `child` from the static rules
    /// applied to the opponent (`i32::MIN` if none), computed only where
    /// it can make a node searched with the upper bound `beta0` fail high:
    /// claimeven (0 or 1 for us) and the zugzwang rule (at most h/2).
    #[inline(always)]
    fn rules_floor<D: Dims>(&self, d: D, child: &Node, beta0: i32) -> i32 {
        let mut floor = i32::MIN;
        if beta0 <= 1 || self.tuning.claimeven_everywhere {
            if let Some(b) = claimeven_pairs_bound(d, child.cur, child.mask) {
                floor = -b;
                if floor >= beta0 {
                    return floor;
                }
            }
        }
        if beta0 <= d.h() as i32 / 2 && self.tuning.zugzwang {
            if let Some(b) = zugzwang_threat_bound(d, child.cur, child.mask, child.opp_threats) {
                floor = floor.max(-b);
            }
        }
        floor
    }

    /// A node with a single move that does not lose at once (`bit`): the
    /// move is played without the table (the child has its own entry).
    #[inline(always)]
    fn forced<D: Dims, const POPCNT: bool>(
        &mut self,
        d: D,
        pos: &Node,
        bit: u64,
        alpha0: i32,
        beta0: i32,
    ) -> i32 {
        let size = d.cells();
        let n = pos.n;
        let new_mask = pos.mask | bit;
        let threats = d.winning_cells(pos.cur | bit, new_mask);
        let playable = d.possible(new_mask);
        if wins_with_next_stone(threats, playable) {
            return (size - 1 - n) / 2;
        }
        let col = d.cell_of(bit).0;
        let child = pos.child(bit, d.column_mask(d.w() - 1 - col), threats);
        let lo = (-(size - 2 - n) / 2).max(self.rules_floor(d, &child, beta0));
        if lo >= beta0 {
            return lo;
        }
        let hi = (size - 3 - n) / 2;
        if hi <= alpha0 {
            return hi;
        }
        -self.negamax::<D, POPCNT>(d, &child, -beta0.min(hi), -alpha0.max(lo))
    }
}

/// After our move, with `threats` the cells where we could then complete
/// four and `playable` the cells playable next: does our next stone win
/// whatever the reply? Exactly when there are two playable threats, or
/// one with another right above it, or every reply lies right below one
/// of our threats (the opponent cannot win at once: the caller only
/// plays moves that leave it no playable threat).
#[inline(always)]
fn wins_with_next_stone(threats: u64, playable: u64) -> bool {
    let now = threats & playable;
    now & now.wrapping_sub(1) != 0 || threats & (now << 1) != 0 || playable & !(threats >> 1) == 0
}

/// Narrows the bounds `lo..=hi` of a node searched with the window
/// `alpha..beta` by its table entry; `Some(v)` (a valid fail-soft result)
/// when that settles the node.
#[inline(always)]
fn narrow(hit: Hit, lo: &mut i32, hi: &mut i32, alpha: i32, beta: i32) -> Option<i32> {
    *lo = (*lo).max(hit.lower);
    *hi = (*hi).min(hit.upper);
    if *lo >= beta || *lo >= *hi {
        Some(*lo)
    } else if *hi <= alpha {
        Some(*hi)
    } else {
        None
    }
}

/// Does the CPU have the `popcnt` instruction (used by `count_ones` in the
/// move ordering)?
fn has_popcnt() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
