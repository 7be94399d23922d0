//! The winner's move where the checker derives none (format version 2),
//! chosen for the checker: a move after which the checker answers every
//! reply by itself, else the one leaving the fewest replies that need an
//! entry. Asked by the walk (`walk.rs`) with the checker's own derivations
//! ([`hypertac_proof::Oracle`]) on a board kept in step with the search's.

use super::dfpn::{legal_moves, Search};
use super::keys::KeyHasher;
use super::moves::{best_move, by_strength, sequence_move, table_wins};
use hypertac_core::Player;
use hypertac_proof::{Forced, Oracle};
use std::cmp::Reverse;
use std::hash::BuildHasherDefault;

/// Most winning moves compared by [`Settling::strategic_move`].
const MAX_CANDIDATES: usize = 8;
/// Most moves [`Settling::strategic_move`] tries as two-step moves.
const MAX_TWO_STEP: usize = 16;
/// Boards of more cells try no two-step moves: a position of 4^5 has up to
/// 1,000 replies, each tried against up to [`MAX_PROBES`] settling
/// answers, and that was 89% of the walk's time (`perf record`, 2026-11-26),
/// for a few entries fewer (Qubic: 2,930 against 3,084 before two-step
/// moves). Qubic keeps them; 4^4 from the empty board (one thread,
/// 2026-11-27) with them: 16,753 entries in 126.1 s of walk CPU against
/// 56.6 s of search; without: 18,263 entries in 52.6 s against 57.0 s.
const TWO_STEP_MAX_CELLS: usize = 64;
/// How many entries one reply needing an entry after a table move counts
/// for, against a two-step move.
const TWO_STEP_WEIGHT: usize = 2;
/// Forced blocks a settling move may leave the winner, one after another.
const BLOCK_DEPTH: u32 = 8;
/// Most other moves tried as settling moves by [`Settling::strategic_move`].
const MAX_PROBES: usize = 32;
/// As [`MAX_PROBES`] on boards of more than [`TWO_STEP_MAX_CELLS`] cells.
/// 4^4 from the empty board, one thread (2026-11-27): 32 probes gave
/// 18,263 entries in 52.6 s of walk CPU, 8 gave 18,858 in 47.3 s, 4 gave
/// 20,194 in 50.6 s, none 40,058 in 51.9 s (more entries, more to walk).
const MAX_PROBES_BIG: usize = 8;

/// Whether the checker's threat search finds a sequence, for the positions
/// it was last asked about: the walk asks again of most of them, as a move
/// it found settling is followed, reply by reply, right after the replies
/// were tried (half the walk's threat searches on 4^5 were such repeats).
/// The search is deterministic, so an answer holds for the same stones.
/// Keyed by a 64-bit hash of the stones; cleared when full.
///
/// It also keeps, for each depth of forced blocks a settling move may
/// leave (see [`Settling::settles_within`]), the replies that stopped
/// such a block lately, tried first at that depth (an order: the answers
/// are the same whatever it is).
#[derive(Default)]
pub(super) struct Sequences {
    wins: std::collections::HashMap<u64, bool, BuildHasherDefault<KeyHasher>>,
    block_killers: [Vec<u32>; BLOCK_DEPTH as usize + 1],
}

/// Most replies kept as stopping a forced block, per depth.
const MAX_KILLERS: usize = 16;

/// SplitMix64's finaliser: every bit of the result depends on every bit of `z`.
fn mix(z: u64) -> u64 {
    let z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Most answers [`Sequences`] keeps.
const SEQUENCES_KEPT: usize = 1 << 20;

impl Sequences {
    /// Whether the checker finds a threat sequence for `me`, to move on
    /// the oracle's board (nothing forced).
    pub(super) fn wins(&mut self, o: &mut Oracle, me: Player) -> bool {
        let key = o.stones().iter().fold(0, |h, &w| mix(h ^ w));
        if let Some(&w) = self.wins.get(&key) {
            return w;
        }
        let w = o.threat_sequence(me).is_some();
        if self.wins.len() >= SEQUENCES_KEPT {
            self.wins.clear();
        }
        self.wins.insert(key, w);
        w
    }
}

/// The walk's view of the checker: its derivations on the walk's board,
/// and the answers of its threat search met lately.
pub(super) struct Settling<'w> {
    /// The checker's derivations, on a board kept in step with the search's.
    pub oracle: &'w mut Oracle,
    /// Whether the checker's threat search wins, for positions met lately.
    pub sequences: &'w mut Sequences,
}

impl Settling<'_> {
    /// The winner's move where the checker derives none (version 2).
    ///
    /// First a *settling* move: one after which the checker answers every
    /// reply itself, so nothing below it needs an entry (found by trying
    /// the strongest-looking moves, each dropped at its first reply the
    /// checker cannot answer; replies that stopped a move before are tried
    /// first). Such a move wins whether or not the search ever looked at
    /// it: the checker's derivations are proofs. Else the cheapest of: the
    /// moves the table shows winning and the first move of a threat
    /// sequence, each costing at least one entry per reply the checker
    /// cannot answer ([`Settling::cost`]); and *two-step* moves, after which
    /// every such reply has a settling answer, costing exactly one entry
    /// per such reply ([`Settling::two_step`]). The table's order breaks ties.
    pub(super) fn strategic_move(&mut self, s: &mut Search) -> Result<u32, String> {
        let mut candidates = table_wins(s);
        if let Some(c) = sequence_move(s) {
            candidates.retain(|&m| m != c);
            candidates.insert(0, c);
        }
        candidates.truncate(MAX_CANDIDATES);
        // Big boards: fewer settling probes and no two-step moves.
        let (probes, two_steps) = if s.board.cell_count() > TWO_STEP_MAX_CELLS {
            (MAX_PROBES_BIG, 0)
        } else {
            (MAX_PROBES, MAX_TWO_STEP)
        };
        let mut probe: Vec<u32> = candidates.clone();
        probe.extend(
            by_strength(s)
                .into_iter()
                .filter(|c| !candidates.contains(c))
                .take(probes),
        );
        let mut killers: Vec<u32> = Vec::new();
        for &c in &probe {
            if self.settles(s, c, &mut killers) {
                return Ok(c);
            }
        }
        let mut best = (usize::MAX, None);
        for &c in &candidates {
            let cost = self.cost(s, c, best.0);
            if cost < best.0 {
                best = (cost, Some(c));
            }
            if cost == 0 {
                break;
            }
        }
        // A table move's replies that need an entry usually need more below
        // them; a two-step move's need exactly one each.
        let bound = best.0.saturating_mul(TWO_STEP_WEIGHT).saturating_add(1);
        if let Some(two) = self.two_step(s, &probe[..two_steps.min(probe.len())], bound) {
            best = two;
        }
        match best.1 {
            Some(c) => Ok(c),
            None => best_move(s),
        }
    }

    /// The replies the checker follows after the winner's move (the other
    /// side to move now): `None` when that side completes a line at once.
    fn replies(&mut self, s: &mut Search, killers: &[u32]) -> Option<Vec<u32>> {
        let opp = s.board.to_move();
        let winner = opp.other();
        match s.board.result() {
            // The winner's move completed a line.
            Some(-1) => return Some(Vec::new()),
            // A full board: enough only when the winner need not win.
            Some(_) => return (winner != s.attacker).then(Vec::new),
            None => {}
        }
        let o = &mut *self.oracle;
        if matches!(o.forced(opp), Forced::Win(_)) {
            return None;
        }
        Some(match o.replies_needed(winner) {
            None => Vec::new(),
            Some(Some(r)) => vec![r as u32],
            Some(None) => {
                let mut all = legal_moves(&mut s.board);
                all.sort_by_cached_key(|&r| {
                    let killer = killers.iter().position(|&k| k == r);
                    (
                        killer.unwrap_or(usize::MAX),
                        Reverse(o.busy_lines(r as usize)),
                    )
                });
                all
            }
        })
    }

    /// How the checker answers the position after a reply (the winner to
    /// move): `Some(true)` by itself (a line now, a threat sequence, or a
    /// forced block that settles), `Some(false)` only with an entry, `None`
    /// never (the winner has lost).
    fn answered(&mut self, s: &mut Search, blocks: u32) -> Option<bool> {
        let me = s.board.to_move();
        match s.board.result() {
            // The reply completed a line of the other side.
            Some(-1) => return None,
            // A full board: enough only when the winner need not win.
            Some(_) => return (me != s.attacker).then_some(true),
            None => {}
        }
        let o = &mut *self.oracle;
        match o.forced(me) {
            Forced::Win(_) => Some(true),
            Forced::Lost => None,
            Forced::Free => Some(self.sequences.wins(o, me)),
            Forced::Block(b) if blocks > 0 => {
                // The replies that stopped a block this deep lately first
                // (an order only: the answer is the same).
                let depth = blocks as usize;
                let mut killers = std::mem::take(&mut self.sequences.block_killers[depth]);
                let settled = self.settles_within(s, b as u32, &mut killers, blocks - 1);
                killers.truncate(MAX_KILLERS);
                self.sequences.block_killers[depth] = killers;
                Some(settled)
            }
            Forced::Block(_) => Some(false),
        }
    }

    /// Whether the winner's move `c` is settling: the checker answers every
    /// reply by itself (trying the `killers`, replies that stopped other
    /// moves, first, and adding the one that stops this move).
    fn settles(&mut self, s: &mut Search, c: u32, killers: &mut Vec<u32>) -> bool {
        self.settles_within(s, c, killers, BLOCK_DEPTH)
    }

    /// As [`Settling::settles`]; a reply that leaves the winner a forced block
    /// counts as answered when the block settles in turn, up to `blocks`
    /// blocks deep (the checker plays blocks without entries).
    fn settles_within(
        &mut self,
        s: &mut Search,
        c: u32,
        killers: &mut Vec<u32>,
        blocks: u32,
    ) -> bool {
        let me = s.board.to_move();
        let opp = me.other();
        self.make(s, c, me);
        let replies = self.replies(s, killers);
        let mut settled = replies.is_some();
        for r in replies.unwrap_or_default() {
            self.make(s, r, opp);
            let answered = self.answered(s, blocks) == Some(true);
            self.unmake(s, r, opp);
            if !answered {
                killers.retain(|&k| k != r);
                killers.insert(0, r);
                settled = false;
                break;
            }
        }
        self.unmake(s, c, me);
        settled
    }

    /// Whether a settling move answers the position (the winner to move),
    /// among the strongest-looking [`MAX_PROBES`].
    fn has_settling_answer(&mut self, s: &mut Search, killers: &mut Vec<u32>) -> bool {
        by_strength(s)
            .into_iter()
            .take(MAX_PROBES)
            .any(|m| self.settles(s, m, killers))
    }

    /// How many replies to the winner's move `c` the checker answers only
    /// with an entry, counted up to `bound` (`usize::MAX` if `c` loses).
    fn cost(&mut self, s: &mut Search, c: u32, bound: usize) -> usize {
        let me = s.board.to_move();
        let opp = me.other();
        self.make(s, c, me);
        let mut cost = 0;
        match self.replies(s, &[]) {
            None => cost = usize::MAX,
            Some(replies) => {
                for r in replies {
                    self.make(s, r, opp);
                    cost = cost.saturating_add(match self.answered(s, BLOCK_DEPTH) {
                        Some(true) => 0,
                        Some(false) => 1,
                        None => usize::MAX / 2,
                    });
                    self.unmake(s, r, opp);
                    if cost >= bound {
                        break;
                    }
                }
            }
        }
        self.unmake(s, c, me);
        cost
    }

    /// Of the `moves`, the two-step move of fewest replies needing an entry
    /// (the first of them in `moves` on a tie), if one has fewer than
    /// `bound`: a move after which every reply the checker answers only
    /// with an entry has a settling answer. Its cost is the number of
    /// those replies.
    ///
    /// The same move as trying each in turn with the bound lowered to the
    /// best cost so far, but cheaper: the replies needing an entry are
    /// counted for every move first (one threat search each), and only
    /// then, cheapest move first, are settling answers looked for (up to
    /// [`MAX_PROBES`] moves against every reply, for each such reply); the
    /// first move whose replies all have one is the answer.
    fn two_step(
        &mut self,
        s: &mut Search,
        moves: &[u32],
        bound: usize,
    ) -> Option<(usize, Option<u32>)> {
        let mut counted: Vec<(usize, usize, u32, Vec<u32>)> = Vec::new();
        for (i, &c) in moves.iter().enumerate() {
            if let Some(needing) = self.needing_entries(s, c, bound) {
                counted.push((needing.len(), i, c, needing));
            }
        }
        counted.sort_unstable_by_key(|&(cost, i, _, _)| (cost, i));
        let mut killers = Vec::new();
        for (cost, _, c, needing) in counted {
            if self.each_settles(s, c, &needing, &mut killers) {
                return Some((cost, Some(c)));
            }
        }
        None
    }

    /// The replies to the winner's move `c` that the checker answers only
    /// with an entry, if there are fewer than `bound` and the winner loses
    /// after none (`None` otherwise, and with `bound` 0 for a move with
    /// replies).
    fn needing_entries(&mut self, s: &mut Search, c: u32, bound: usize) -> Option<Vec<u32>> {
        let me = s.board.to_move();
        let opp = me.other();
        self.make(s, c, me);
        let needing = self.replies(s, &[]).and_then(|replies| {
            if bound == 0 && !replies.is_empty() {
                return None;
            }
            let mut needing = Vec::new();
            for r in replies {
                self.make(s, r, opp);
                let answered = self.answered(s, BLOCK_DEPTH);
                self.unmake(s, r, opp);
                match answered? {
                    true => {}
                    false if needing.len() + 1 < bound => needing.push(r),
                    false => return None,
                }
            }
            Some(needing)
        });
        self.unmake(s, c, me);
        needing
    }

    /// Whether, after the winner's move `c`, each of the `replies` has a
    /// settling answer.
    fn each_settles(
        &mut self,
        s: &mut Search,
        c: u32,
        replies: &[u32],
        killers: &mut Vec<u32>,
    ) -> bool {
        let me = s.board.to_move();
        let opp = me.other();
        self.make(s, c, me);
        let mut all = true;
        for &r in replies {
            self.make(s, r, opp);
            all = self.has_settling_answer(s, killers);
            self.unmake(s, r, opp);
            if !all {
                break;
            }
        }
        self.unmake(s, c, me);
        all
    }

    fn make(&mut self, s: &mut Search, c: u32, mover: Player) {
        s.make(c);
        self.oracle.play(c as usize, mover);
    }

    fn unmake(&mut self, s: &mut Search, c: u32, mover: Player) {
        s.unmake(c);
        self.oracle.undo(c as usize, mover);
    }
}
