//! Pairings a few moves away: the defender, to move, plays a move, and
//! after every reply of the attacker plays again, and so on, until a
//! pairing strategy against the attacker exists (`pairing.rs`). Such a
//! plan proves the attacker cannot win; the certificate writes it out
//! move by move (each reply followed, the last move a pairing entry), so
//! the checker learns nothing new.
//!
//! Where a pairing is short of cells, the matching names why
//! (`PairingState::gains`): a König set of the attacker's open lines with
//! `shortfall` more slots than cells; a defender's move shrinks it by at
//! most its gain, so a last move (one that leaves a pairing) must gain at
//! least the shortfall, and a move with more to come is tried in order of
//! gain. The attacker's replies are tried on the cells the defender gains
//! most on first, where a plan is likeliest to break; a move or a reply
//! that decided the last plan at the same depth is tried first. The
//! matching is made once a plan and edited move by move
//! (`pairing_state.rs`).

use super::pairing_state::{PairingGraph, PairingState};
use crate::board::Board;
use hypertac_core::Player;

/// Defender's moves tried at a position with more than one move to come.
const WIDTH: usize = 6;

/// Plans a few moves deep, with what decided the last ones.
pub(crate) struct Planner {
    /// Per depth (moves left), the defender's move that last worked.
    good: Vec<Option<u32>>,
    /// Whether the last move that last worked is worth trying before the
    /// gains: it worked since it last failed that way.
    good_last_holds: bool,
    /// Per depth, the attacker's reply that last broke a plan.
    refutes: Vec<Option<u32>>,
    /// Pairings tried (matchings run), for a budget.
    matchings: u64,
    /// Most matchings the current [`Planner::plan`] may run (0: no limit).
    limit: u64,
}

impl Planner {
    pub(crate) fn new() -> Planner {
        Planner {
            good: Vec::new(),
            good_last_holds: true,
            refutes: Vec::new(),
            matchings: 0,
            limit: 0,
        }
    }

    /// For the defender to move: a first move of a plan reaching a pairing
    /// against `attacker` within `moves` moves of the defender (the last
    /// one leaving the pairing), if one is found within `limit` matchings
    /// (0: no limit).
    pub(crate) fn plan(
        &mut self,
        board: &mut Board,
        attacker: Player,
        moves: u32,
        limit: u64,
    ) -> Option<u32> {
        if board.has_gravity() || moves == 0 || board.to_move() == attacker {
            return None;
        }
        if self.good.len() <= moves as usize {
            self.good.resize(moves as usize + 1, None);
            self.refutes.resize(moves as usize + 1, None);
        }
        // Each stone of the defender closes at most the lines through one
        // cell: with too few of them, too many lines stay open (as in
        // `pairing::find`), counted without reading a line first.
        let empties = board.empties();
        let most = u64::from(board.most_lines_through());
        let stones = (board.cell_count() as u64 - empties) / 2 + 1;
        let closable = (stones + u64::from(moves)).saturating_mul(most);
        if 2 * (board.line_total() as u64).saturating_sub(closable) > empties {
            return None;
        }
        let defender = attacker.other();
        let open = (0..board.line_total() as u32)
            .filter(|&l| board.counts(l)[defender.index()] == 0)
            .count() as u64;
        if 2 * open.saturating_sub(u64::from(moves) * most) > empties {
            return None;
        }
        self.matchings = 0;
        self.limit = limit;
        let graph = PairingGraph::new(board, attacker);
        let state = graph.state(board);
        self.within(board, attacker, moves, &state)
    }

    fn over_budget(&self) -> bool {
        self.limit > 0 && self.matchings >= self.limit
    }

    /// Like [`Planner::plan`], with `state` the matching of `board`.
    fn within(
        &mut self,
        board: &mut Board,
        attacker: Player,
        moves: u32,
        state: &PairingState,
    ) -> Option<u32> {
        let me = attacker.other();
        if let (wins, 1..) = board.two_threats(me) {
            return Some(wins[0]);
        }
        let forced = match board.two_threats(attacker) {
            (_, 2..) => return None,
            (blocks, 1) => Some(blocks[0]),
            _ => None,
        };
        self.matchings += 1;
        let shortfall = state.shortfall();
        if shortfall == 0 {
            // A pairing exists already: any move keeps it (a stone of the
            // defender only closes lines).
            return forced
                .or_else(|| (0..board.cell_count() as u32).find(|&c| board.stone(c) == 0));
        }
        // A defender's stone shrinks the shortfall by at most its gain, two
        // a line through its cell, and an attacker's never shrinks it: too
        // far from a pairing for the moves left, whatever the gains.
        if u64::from(shortfall) > 2 * u64::from(moves) * u64::from(board.most_lines_through()) {
            return None;
        }
        // The last move: the one that last worked first, before the gains
        // (a walk over the graph) are read; a move that leaves a pairing
        // gains at least the shortfall, so it would have come first among
        // the candidates below too.
        let last = moves == 1;
        let mut failed = None;
        let within_reach = |g: u32| 2 * board.lines_of(g).len() >= shortfall as usize;
        let early = last && self.good_last_holds;
        if let Some(g) = self.good[1].filter(|&g| early && board.stone(g) == 0 && within_reach(g)) {
            if forced.is_none_or(|f| f == g) {
                board.make(g);
                let goes_on = board.result().is_none();
                board.unmake();
                if goes_on {
                    self.matchings += 1;
                    if state.clone().play_defender(board, g) {
                        return Some(g);
                    }
                    self.good_last_holds = false;
                    failed = Some(g);
                }
            }
        }
        let gains = state.gains();
        let mut candidates: Vec<u32> = match forced {
            Some(c) => vec![c],
            None => (0..board.cell_count() as u32)
                .filter(|&c| board.stone(c) == 0 && gains[c as usize] > 0)
                .collect(),
        };
        if last {
            candidates.retain(|&c| gains[c as usize] >= shortfall as i32 && Some(c) != failed);
        }
        candidates.sort_unstable_by_key(|&c| (std::cmp::Reverse(gains[c as usize]), c));
        if let Some(g) = self.good[moves as usize] {
            if let Some(i) = candidates.iter().position(|&c| c == g) {
                candidates[..=i].rotate_right(1);
            }
        }
        if !last {
            candidates.truncate(WIDTH);
        }
        for m in candidates {
            if self.over_budget() {
                return None;
            }
            board.make(m);
            let ok = match board.result() {
                Some(_) => true,
                None => {
                    self.matchings += 1;
                    let mut after = state.clone();
                    let paired = after.play_defender(board, m);
                    if last {
                        paired
                    } else {
                        self.every_reply(board, attacker, moves - 1, &gains, &after)
                    }
                }
            };
            board.unmake();
            if ok {
                self.good[moves as usize] = Some(m);
                self.good_last_holds |= last;
                return Some(m);
            }
        }
        None
    }

    /// Whether after every reply of the attacker (to move) a plan of
    /// `moves` moves exists; `state` is the matching of `board`.
    fn every_reply(
        &mut self,
        board: &mut Board,
        attacker: Player,
        moves: u32,
        gains: &[i32],
        state: &PairingState,
    ) -> bool {
        let mut replies: Vec<u32> = (0..board.cell_count() as u32)
            .filter(|&c| board.stone(c) == 0)
            .collect();
        replies.sort_unstable_by_key(|&c| (std::cmp::Reverse(gains[c as usize]), c));
        if let Some(r) = self.refutes[moves as usize] {
            if let Some(i) = replies.iter().position(|&c| c == r) {
                replies[..=i].rotate_right(1);
            }
        }
        // Before the last move: the last move that worked, played ahead of
        // the reply, where it leaves a pairing. A reply elsewhere then
        // frees one slot at most, and if the matching grows back, that move
        // after the reply leaves the same pairing (the reply cannot have
        // won: each open line keeps two empty cells other than its cell).
        let ahead = match self.good[1] {
            Some(c) if moves == 1 && board.stone(c) == 0 => {
                let mut state = state.clone();
                state
                    .play_defender(board, c)
                    .then(|| (c, state.replies_keeping(board)))
            }
            _ => None,
        };
        // Whether each reply leaves the matching's size: the replies'
        // states then need no search that fails.
        let keeps = state.replies_keeping(board);
        for r in replies {
            if let Some((c, keeps)) = &ahead {
                if r != *c && keeps[r as usize] {
                    continue;
                }
            }
            board.make(r);
            let ok = match board.result() {
                Some(-1) => false,
                Some(_) => true,
                None => {
                    let mut after = state.clone();
                    after.play_attacker(r, keeps[r as usize]);
                    self.within(board, attacker, moves, &after).is_some()
                }
            };
            board.unmake();
            if !ok {
                self.refutes[moves as usize] = Some(r);
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::reference::brute_force_lines;
    use hypertac_core::{Cell, Position, Rules, Shape};
    use std::collections::HashMap;

    /// Whether `attacker` can force a line of its own, by plain minimax
    /// over bitmasks (the obviously-correct reference; boards of at most
    /// 64 cells).
    fn attacker_wins(
        lines: &[u64],
        stones: [u64; 2],
        to_move: usize,
        attacker: usize,
        full: u64,
        memo: &mut HashMap<([u64; 2], usize), bool>,
    ) -> bool {
        if lines.iter().any(|&l| stones[attacker] & l == l) {
            return true;
        }
        if lines.iter().any(|&l| stones[1 - attacker] & l == l) {
            return false;
        }
        let empty = full & !(stones[0] | stones[1]);
        if empty == 0 {
            return false;
        }
        if let Some(&w) = memo.get(&(stones, to_move)) {
            return w;
        }
        let mut any = false;
        let mut all = true;
        let mut e = empty;
        while e != 0 {
            let bit = e & e.wrapping_neg();
            e &= e - 1;
            let mut next = stones;
            next[to_move] |= bit;
            let w = attacker_wins(lines, next, 1 - to_move, attacker, full, memo);
            any |= w;
            all &= w;
            if (to_move == attacker && any) || (to_move != attacker && !all) {
                break;
            }
        }
        let w = if to_move == attacker { any } else { all };
        memo.insert((stones, to_move), w);
        w
    }

    #[test]
    fn a_planned_move_never_loses_by_minimax() {
        let mut rng = crate::test_rng::XorShift(0x9E37_79B9_7F4A_7C15);
        let mut next = move || rng.next();
        let (mut planned, mut unplanned) = (0, 0);
        for (sizes, k, stones) in [(&[4u32, 4][..], 3u8, 3..7u64), (&[5, 5][..], 4, 8..13)] {
            let rules = Rules::new(Shape::new(sizes).unwrap(), u32::from(k)).unwrap();
            let cells = rules.shape().cell_count();
            let lines: Vec<u64> = brute_force_lines(&rules)
                .iter()
                .map(|l| l.cells().iter().fold(0, |m, c| m | 1 << c.0))
                .collect();
            let full = (1u64 << cells) - 1;
            for _ in 0..150 {
                let mut pos = Position::new(rules.clone());
                let n = stones.start + next() % (stones.end - stones.start);
                while (pos.moves().len() as u64) < n && !pos.is_over() {
                    let c = Cell(next() % cells);
                    if pos.check(c).is_ok() {
                        pos.play(c);
                    }
                }
                if pos.is_over() {
                    continue;
                }
                let mut board = Board::new(&pos);
                let defender = board.to_move();
                let attacker = defender.other();
                let mut masks = [0u64; 2];
                for (i, c) in pos.moves().iter().enumerate() {
                    masks[i % 2] |= 1 << c.0;
                }
                for moves in [2, 3] {
                    match Planner::new().plan(&mut board, attacker, moves, 0) {
                        Some(m) => {
                            let cell = board.cell(m).0;
                            assert_eq!(masks[defender.index()] & (1 << cell), 0);
                            let mut after = masks;
                            after[defender.index()] |= 1 << cell;
                            let mut memo = HashMap::new();
                            assert!(
                                !attacker_wins(
                                    &lines,
                                    after,
                                    attacker.index(),
                                    attacker.index(),
                                    full,
                                    &mut memo
                                ),
                                "{rules} {:?}: the plan's move {cell} loses",
                                pos.moves()
                            );
                            planned += 1;
                        }
                        None => unplanned += 1,
                    }
                }
            }
        }
        assert!(
            planned >= 50 && unplanned >= 20,
            "{planned} planned, {unplanned} not"
        );
    }
}
