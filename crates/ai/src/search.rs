//! Alpha-beta search (negamax) with a transposition table and iterative
//! deepening, bounded by a node count so that results are deterministic; the
//! caller's [`Budget`] is only a safety stop.
//!
//! In first-to-k games each node first looks at threats: a side with a
//! playable k-1 line wins; a side facing two such lines of the opponent on
//! different cells loses; facing one, its only move is the block, searched
//! without using up depth.

use crate::board::{Board, NONE};
use crate::budget::Budget;
use crate::candidates::order_value;
use crate::eval::{for_player, PROVEN, WIN};
use crate::tt::{Bound, Table};
use hypertac_core::WinRule;

/// How much a search may do.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Deepest iteration, in plies.
    pub max_depth: i32,
    /// Work (line counters touched, see [`Board::work`]) allowed: the
    /// deterministic bound of the search.
    pub work: u64,
    /// Candidate moves kept at the root.
    pub root_width: usize,
    /// Candidate moves kept at inner nodes.
    pub width: usize,
    /// Work a threat-sequence search may do (0: no such search).
    pub threat_work: u64,
    /// log2 of the transposition table's entries.
    pub tt_log2: u32,
}

/// Result of a root search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Found {
    /// Best move (local id).
    pub best: u32,
    /// Its score for the side to move.
    pub score: i64,
    /// Deepest completed iteration.
    pub depth: i32,
}

/// Most lines two short of complete per side whose cells inner nodes add to
/// their candidates (with k = 3 nearly every line qualifies).
const MAX_OPEN2_LINES: usize = 64;

/// Work after which the clock is looked at again, however few the nodes
/// (a node may register many lines on a huge sparse board).
const CLOCK_WORK: u64 = 1 << 20;

/// A search over one board.
pub(crate) struct Search<'a> {
    /// The board searched (left as it was found).
    pub b: Board,
    tt: Table,
    budget: &'a Budget,
    /// Positions visited.
    pub nodes: u64,
    limit: u64,
    /// Work at which the clock is next looked at.
    clock_at: u64,
    width: usize,
    aborted: bool,
    iteration: i32,
    first_to_k: bool,
    root: Vec<u32>,
    pool: Vec<u32>,
    stamp: Vec<u32>,
    generation: u32,
}

impl<'a> Search<'a> {
    /// A search of `b` whose root candidates are `root`; inner nodes also
    /// consider the cells of `pool` (the root's ranking before symmetric
    /// duplicates were merged).
    pub fn new(
        b: Board,
        root: Vec<u32>,
        pool: Vec<u32>,
        limits: &Limits,
        budget: &'a Budget,
    ) -> Search<'a> {
        let first_to_k = b.win() == WinRule::FirstToK;
        let limit = b.work().saturating_add(limits.work);
        Search {
            b,
            tt: Table::for_stores(limits.tt_log2, limits.work),
            budget,
            nodes: 0,
            limit,
            clock_at: 0,
            width: limits.width.max(1),
            aborted: false,
            iteration: 0,
            first_to_k,
            root,
            pool,
            stamp: Vec::new(),
            generation: 0,
        }
    }

    /// Iterative deepening up to `max_depth`; `None` if not even depth 1 finished.
    pub fn run(&mut self, max_depth: i32) -> Option<Found> {
        let mut found: Option<Found> = None;
        let mut order = self.root.clone();
        for depth in 1..=max_depth.max(1) {
            self.iteration = depth;
            let Some((best, score)) = self.root_search(&order, depth) else {
                break;
            };
            found = Some(Found { best, score, depth });
            if let Some(at) = order.iter().position(|&m| m == best) {
                order[..=at].rotate_right(1);
            }
            if score.abs() >= PROVEN || depth as u64 >= self.b.empties() {
                break;
            }
        }
        found
    }

    fn root_search(&mut self, order: &[u32], depth: i32) -> Option<(u32, i64)> {
        let mut alpha = -WIN - 1;
        let mut best = None;
        for &m in order {
            let s = self.child(m, depth, alpha, WIN + 1, 0, false);
            if self.aborted {
                return None;
            }
            if best.is_none() || s > alpha {
                alpha = s;
                best = Some(m);
            }
        }
        best.map(|m| (m, alpha))
    }

    /// The score for the side to move of playing `m` at a node of `ply`.
    fn child(&mut self, m: u32, depth: i32, alpha: i64, beta: i64, ply: i32, forced: bool) -> i64 {
        self.b.make(m);
        let s = match self.b.result() {
            Some(r) => -r * (WIN - i64::from(ply + 1)),
            None => {
                let d = if forced { depth } else { depth - 1 };
                -self.negamax(d, -beta, -alpha, ply + 1)
            }
        };
        self.b.unmake();
        s
    }

    fn negamax(&mut self, depth: i32, mut alpha: i64, beta: i64, ply: i32) -> i64 {
        self.nodes += 1;
        // The first iteration always finishes (unless the clock runs out).
        let work = self.b.work();
        if (self.iteration > 1 && work >= self.limit)
            || ((self.nodes & 255 == 0 || work >= self.clock_at) && self.budget.expired())
        {
            self.aborted = true;
        }
        if work >= self.clock_at {
            self.clock_at = work + CLOCK_WORK;
        }
        if self.aborted {
            return 0;
        }
        let me = self.b.to_move();
        let mut forced = None;
        if self.first_to_k {
            if !self.b.threat_cells(me).is_empty() {
                return WIN - i64::from(ply + 1);
            }
            let theirs = self.b.threat_cells(me.other());
            if theirs.len() >= 2 {
                return -(WIN - i64::from(ply + 2));
            }
            forced = theirs.first().copied();
        }
        if let Some(m) = forced {
            return self.child(m, depth, alpha, beta, ply, true);
        }
        if depth <= 0 {
            return for_player(self.b.score(), me, self.b.win());
        }
        let key = self.b.hash();
        let mut tt_move = NONE;
        if let Some(hit) = self.tt.probe(key, ply) {
            tt_move = hit.best;
            if hit.depth >= depth {
                match hit.bound {
                    Bound::Exact => return hit.score,
                    Bound::Lower if hit.score >= beta => return hit.score,
                    Bound::Upper if hit.score <= alpha => return hit.score,
                    _ => {}
                }
            }
        }
        let moves = self.moves(tt_move);
        if moves.is_empty() {
            return for_player(self.b.score(), me, self.b.win());
        }
        let alpha0 = alpha;
        let mut best = NONE;
        let mut best_score = -WIN - 1;
        for m in moves {
            let s = self.child(m, depth, alpha, beta, ply, false);
            if self.aborted {
                return 0;
            }
            if s > best_score {
                best_score = s;
                best = m;
            }
            if s > alpha {
                alpha = s;
            }
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, depth, best_score, bound, best);
        best_score
    }

    /// Inner-node candidates: the root's candidates, the cells of lines one or
    /// two stones short for either side, and the TT move, best first.
    fn moves(&mut self, tt_move: u32) -> Vec<u32> {
        let me = self.b.to_move();
        let mut pool: Vec<u32> = if self.b.has_gravity() {
            self.b.column_moves()
        } else {
            self.generation += 1;
            if self.stamp.len() < self.b.cell_count() {
                self.stamp.resize(self.b.cell_count(), 0);
            }
            let mut pool = Vec::with_capacity(self.pool.len() + 4 * usize::from(self.b.k()));
            let g = self.generation;
            let mut add = |id: u32, b: &Board, stamp: &mut Vec<u32>| {
                if stamp[id as usize] != g && b.stone(id) == 0 {
                    stamp[id as usize] = g;
                    pool.push(id);
                }
            };
            for &id in &self.pool {
                add(id, &self.b, &mut self.stamp);
            }
            for p in [me, me.other()] {
                let open2 = self.b.open2(p);
                let open2 = &open2[..open2.len().min(MAX_OPEN2_LINES)];
                for &l in self.b.open(p).iter().chain(open2) {
                    for &c in self.b.line(l) {
                        add(c, &self.b, &mut self.stamp);
                    }
                }
            }
            pool
        };
        let mut ranked: Vec<(i64, u32)> = pool
            .drain(..)
            .map(|id| {
                let v = if id == tt_move {
                    i64::MAX
                } else {
                    order_value(&self.b, id, me)
                };
                (v, id)
            })
            .collect();
        crate::candidates::best_first(&mut ranked, self.width, |a, b| {
            b.0.cmp(&a.0).then(a.1.cmp(&b.1))
        });
        ranked.into_iter().map(|r| r.1).collect()
    }
}

/// Moves of the attacker needed to win, for a proven score, else `None`.
pub(crate) fn moves_to_result(score: i64) -> Option<i64> {
    (score.abs() >= PROVEN).then(|| (WIN - score.abs() + 1) / 2)
}
