//! The prover's part of an analysis: each position still unknown is proved
//! in rounds of growing size (easy ones first, so a hard one does not hold
//! up the rest), all over one shared table, under the caller's budget.
//!
//! A position's value takes up to two questions, "can X force a win?" and
//! "can O?", each asked in rounds of its own. Siblings mostly share their
//! winner (every move of a lost position loses), so the question of the
//! winner most of the settled siblings have (at the start, the side to
//! move) goes first, and the other question's rounds count four times
//! their size: it gets about a fifth of the work. A win is proved without
//! waiting for the other side's question to be disproved, which on an
//! early Qubic position takes many times longer than the win itself, and
//! a draw (both disproved) is still reached.
//!
//! The cores work on different questions at once, one search thread
//! each: two searches of one thread settle more than one search of two
//! threads (whose second thread works on what the first reaches last;
//! measured in RESULTS.md). The last open question gets every free core.
//! There is no barrier between rounds: a core free takes the open
//! question tried least so far. Once a position is settled, the round of
//! its other question still under way is stopped.
//!
//! Before its moves, the position itself is asked briefly ([`probe`]:
//! rounds of at most [`PROBE_ROUND`] positions, a quarter of the time
//! left), so that a quick proof of it answers for its moves.

use super::Value;
use crate::prove::{Caches, Prover, SharedTable};
use crate::Budget;
use hypertac_core::{Player, Position, Rules, WinRule};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// Positions of the proof-number search a question gets in the first
/// round (each round four times the last).
const FIRST_ROUND: u64 = 500;

/// The largest round of a [`probe`]: 500 + 2,000 + 8,000 + 32,000
/// positions a question at most, well under a second.
const PROBE_ROUND: u64 = 32_000;

/// A [`probe`] takes at most this fraction (1/n) of the time left.
const PROBE_SHARE: u32 = 4;

/// Whether the prover takes positions of these rules.
pub(super) fn takes(rules: &Rules) -> bool {
    rules.win() == WinRule::FirstToK && rules.shape().cell_count() <= crate::prove::MAX_CELLS
}

/// The answers found so far for one position, by attacker index.
#[derive(Clone, Copy, Default)]
struct Answers([Option<bool>; 2]);

impl Answers {
    /// The value once the answers settle it.
    fn value(self) -> Value {
        for p in [Player::X, Player::O] {
            if self.0[p.index()] == Some(true) {
                return Value::Win(p);
            }
        }
        if self.0 == [Some(false), Some(false)] {
            return Value::Draw;
        }
        Value::Unknown
    }

    /// With the value unknown: the side whose question was answered no.
    fn cannot_win(self) -> Option<Player> {
        if self.value() != Value::Unknown {
            return None;
        }
        [Player::X, Player::O]
            .into_iter()
            .find(|p| self.0[p.index()] == Some(false))
    }
}

/// The side most of the positions settled so far are wins for, if any
/// are (a tie: X).
fn leading_winner(slots: &[Slot]) -> Option<Player> {
    let mut wins = [0usize; 2];
    for s in slots {
        if let Value::Win(p) = s.answers.value() {
            wins[p.index()] += 1;
        }
    }
    match wins {
        [0, 0] => None,
        [x, o] if o > x => Some(Player::O),
        _ => Some(Player::X),
    }
}

/// One position's state between rounds.
#[derive(Clone)]
struct Slot {
    answers: Answers,
    /// The size of each question's next round, by attacker index.
    round: [u64; 2],
    /// Whether a core works on each question now.
    busy: [bool; 2],
    /// The stop flag of the round of each question under way.
    stop: [Option<Arc<AtomicBool>>; 2],
    /// Whether the prover refused it (it stays unknown).
    refused: bool,
}

impl Slot {
    /// Whether the question of this attacker is still to be answered.
    fn open(&self, attacker: Player) -> bool {
        !self.refused
            && self.answers.value() == Value::Unknown
            && self.answers.0[attacker.index()].is_none()
    }
}

/// What the cores share: the slots and the threads not in use.
struct Shared {
    slots: Vec<Slot>,
    free_threads: usize,
    /// The winner taken to lead until a position is settled.
    lead: Option<Player>,
    /// No question takes a round larger than this.
    max_round: u64,
}

/// A round taken by a core: which position, which question, its size,
/// and the search threads it holds.
struct Job {
    index: usize,
    attacker: Player,
    round: u64,
    threads: usize,
    /// Set when the round is no longer needed (the other question
    /// settled the position) or the caller's budget ran out.
    stop: Arc<AtomicBool>,
}

impl Shared {
    /// `n` positions, no question asked yet, `threads` threads free.
    fn new(n: usize, threads: usize) -> Shared {
        let slot = Slot {
            answers: Answers::default(),
            round: [FIRST_ROUND; 2],
            busy: [false; 2],
            stop: [None, None],
            refused: false,
        };
        Shared {
            slots: vec![slot; n],
            free_threads: threads,
            lead: None,
            max_round: u64::MAX,
        }
    }

    /// The open question tried least (the other side's question of the
    /// leading winner counts four times its round's size; ties: the
    /// first position, its leading question first), with one search
    /// thread, or every free thread if no other question is open; `None`
    /// when no question is left to take.
    fn take(&mut self, positions: &[(usize, Position)]) -> Option<Job> {
        let leading = leading_winner(&self.slots).or(self.lead);
        let first = |i: usize| leading.unwrap_or(positions[i].1.to_move());
        let weight = |i: usize, a: Player| if a == first(i) { 1 } else { 4 };
        // Open, and within the largest round.
        let wanted = |i: usize, a: Player| {
            let s = &self.slots[i];
            s.open(a) && s.round[a.index()] <= self.max_round
        };
        let takes = |i: usize, a: Player| wanted(i, a) && !self.slots[i].busy[a.index()];
        let (index, attacker) = (0..self.slots.len())
            .flat_map(|i| [(i, first(i)), (i, first(i).other())])
            .filter(|&(i, a)| takes(i, a))
            .min_by_key(|&(i, a)| self.slots[i].round[a.index()].saturating_mul(weight(i, a)))?;
        let others_open = (0..self.slots.len()).any(|i| {
            [Player::X, Player::O]
                .into_iter()
                .any(|a| (i, a) != (index, attacker) && wanted(i, a))
        });
        let threads = if others_open {
            1
        } else {
            self.free_threads.max(1)
        };
        self.free_threads = self.free_threads.saturating_sub(threads);
        let slot = &mut self.slots[index];
        let stop = Arc::new(AtomicBool::new(false));
        slot.busy[attacker.index()] = true;
        slot.stop[attacker.index()] = Some(stop.clone());
        Some(Job {
            index,
            attacker,
            round: slot.round[attacker.index()],
            threads,
            stop,
        })
    }

    /// Records a round's answer and hands its threads back.
    fn give_back(&mut self, job: &Job, answer: Result<Option<bool>, ()>) {
        self.free_threads += job.threads;
        let a = job.attacker.index();
        let slot = &mut self.slots[job.index];
        slot.busy[a] = false;
        slot.stop[a] = None;
        slot.round[a] = slot.round[a].saturating_mul(4);
        match answer {
            Ok(found) => {
                if found.is_some() {
                    slot.answers.0[a] = found;
                }
            }
            Err(()) => slot.refused = true,
        }
        if slot.answers.value() != Value::Unknown {
            if let Some(other) = &slot.stop[1 - a] {
                other.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Stops every round under way.
    fn stop_all(&self) {
        for flag in self.slots.iter().flat_map(|s| s.stop.iter().flatten()) {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

/// The values of `positions` (the first of each pair is the caller's
/// index, passed through), `Unknown` where the budget ran out first or
/// there is no table (`None`: the prover does not take the rules); with
/// an unknown value, the side proved unable to win, if one is.
///
/// `answered[i]`: a side already known unable to win at position i,
/// whose question is not asked again. `lead`: the side whose question
/// goes first until a position is settled (else each position's side to
/// move).
pub(super) fn prove_all(
    positions: &[(usize, Position)],
    answered: &[Option<Player>],
    table: Option<&SharedTable>,
    budget: &Budget,
    lead: Option<Player>,
) -> Vec<(Value, Option<Player>)> {
    prove_within(positions, answered, table, budget, lead, u64::MAX)
}

/// The position itself, briefly (rounds up to [`PROBE_ROUND`]), before
/// its moves: where it is quickly proved lost or not won for the side to
/// move, that answers for every move at once (`known::from_position`);
/// where it is won, its proof is in the table, where the move that wins
/// is then found at once. `answered`: a side known unable to win there.
pub(super) fn probe(
    pos: &Position,
    answered: Option<Player>,
    table: &SharedTable,
    budget: &Budget,
) -> (Value, Option<Player>) {
    let positions = [(0, pos.clone())];
    // At most a share of the time left, so that a short answer (the web
    // page's first, of a second) keeps most of it for the moves.
    let now = std::time::Instant::now();
    let budget = Budget {
        deadline: budget
            .deadline
            .map(|d| now + d.saturating_duration_since(now) / PROBE_SHARE),
        stop: budget.stop.clone(),
    };
    prove_within(
        &positions,
        &[answered],
        Some(table),
        &budget,
        None,
        PROBE_ROUND,
    )[0]
}

/// A move of the side to move in `pos` that the table shows winning (as
/// after a [`probe`] that proved `pos` won), found without a search.
pub(super) fn winning_move(pos: &Position, table: &SharedTable) -> Option<hypertac_core::Cell> {
    Prover::with_table(pos, table).ok()?.winning_move_in_table()
}

/// For each of `asks` (a move of `pos` and whether the other side wins
/// after it), the other side's reply the table shows, if it shows one (no
/// search): one that wins, or one after which `pos`'s mover cannot win.
pub(super) fn table_replies(
    pos: &Position,
    asks: &[(hypertac_core::Cell, bool)],
    table: &SharedTable,
) -> Vec<Option<hypertac_core::Cell>> {
    match Prover::with_table(pos, table) {
        Ok(mut prover) => prover.replies_in_table(asks),
        Err(_) => vec![None; asks.len()],
    }
}

/// [`prove_all`] with no round larger than `max_round`.
fn prove_within(
    positions: &[(usize, Position)],
    answered: &[Option<Player>],
    table: Option<&SharedTable>,
    budget: &Budget,
    lead: Option<Player>,
    max_round: u64,
) -> Vec<(Value, Option<Player>)> {
    let Some(table) = table else {
        return answered.iter().map(|&a| (Value::Unknown, a)).collect();
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut shared = Shared::new(positions.len(), threads);
    shared.lead = lead;
    shared.max_round = max_round;
    for (slot, p) in shared.slots.iter_mut().zip(answered) {
        if let Some(p) = p {
            slot.answers.0[p.index()] = Some(false);
        }
    }
    let shared = Mutex::new(shared);
    let lock = || -> MutexGuard<'_, Shared> { shared.lock().unwrap_or_else(|p| p.into_inner()) };
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.min(2 * positions.len()))
            .map(|_| {
                scope.spawn(|| {
                    // Each core hands its search's caches on to its next
                    // round (`prove/caches.rs`).
                    let mut caches = None;
                    while !budget.expired() {
                        let Some(job) = lock().take(positions) else {
                            break;
                        };
                        let answer = ask(&positions[job.index].1, &job, table, budget, &mut caches);
                        lock().give_back(&job, answer);
                    }
                })
            })
            .collect();
        // The caller's stop flag reaches the rounds under way from here.
        while !workers.iter().all(|w| w.is_finished()) {
            if budget.expired() {
                lock().stop_all();
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    });
    let shared = shared.into_inner().unwrap_or_else(|p| p.into_inner());
    shared
        .slots
        .iter()
        .map(|s| (s.answers.value(), s.answers.cannot_win()))
        .collect()
}

/// One round of one question of one position; `Err` if the prover
/// refuses the position. The search starts with `caches` (the last
/// round's of this core) and leaves its own there.
fn ask(
    pos: &Position,
    job: &Job,
    table: &SharedTable,
    budget: &Budget,
    caches: &mut Option<Caches>,
) -> Result<Option<bool>, ()> {
    let mut prover = Prover::with_table_and_caches(pos, table, caches.take()).map_err(|_| ())?;
    prover.set_threads(job.threads);
    prover.set_node_limit(job.round);
    let budget = Budget {
        deadline: budget.deadline,
        stop: Some(job.stop.clone()),
    };
    let found = prover.ask(job.attacker, &budget);
    *caches = Some(prover.into_caches());
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn positions(n: usize) -> Vec<(usize, Position)> {
        let rules = Rules::preset("qubic").unwrap();
        (0..n).map(|i| (i, Position::new(rules.clone()))).collect()
    }

    #[test]
    fn a_settled_position_stops_its_other_round() {
        let ps = positions(1);
        let mut s = Shared::new(1, 2);
        let a = s.take(&ps).unwrap();
        let b = s.take(&ps).unwrap();
        // X to move: X's question first; both run, one thread each.
        assert_eq!((a.attacker, b.attacker), (Player::X, Player::O));
        assert_eq!((a.threads, b.threads), (1, 1));
        assert!(s.take(&ps).is_none(), "nothing left to take");
        s.give_back(&a, Ok(Some(true)));
        assert!(
            b.stop.load(Ordering::Relaxed),
            "O's round goes on for nothing"
        );
        s.give_back(&b, Ok(None));
        assert_eq!(s.slots[0].answers.value(), Value::Win(Player::X));
        assert!(s.take(&ps).is_none());
        assert_eq!(s.free_threads, 2);
    }

    #[test]
    fn a_probe_takes_no_round_above_its_largest() {
        let ps = positions(1);
        let mut s = Shared::new(1, 1);
        s.max_round = 4 * FIRST_ROUND;
        let mut sizes = Vec::new();
        while let Some(job) = s.take(&ps) {
            sizes.push((job.attacker, job.round));
            s.give_back(&job, Ok(None));
        }
        // X to move: X's question first; O's rounds count four times.
        assert_eq!(
            sizes,
            [
                (Player::X, FIRST_ROUND),
                (Player::X, 4 * FIRST_ROUND),
                (Player::O, FIRST_ROUND),
                (Player::O, 4 * FIRST_ROUND),
            ]
        );
        assert_eq!(s.free_threads, 1);
    }

    #[test]
    fn the_lead_goes_first_until_a_position_is_settled() {
        let ps = positions(2);
        let mut s = Shared::new(2, 1);
        s.lead = Some(Player::O);
        let a = s.take(&ps).unwrap();
        assert_eq!((a.index, a.attacker), (0, Player::O));
        s.give_back(&a, Ok(Some(false)));
        let b = s.take(&ps).unwrap();
        assert_eq!((b.index, b.attacker), (1, Player::O));
        s.give_back(&b, Ok(Some(false)));
        // Position 0 settled for X: X leads now.
        let c = s.take(&ps).unwrap();
        assert_eq!((c.index, c.attacker), (0, Player::X));
        s.give_back(&c, Ok(Some(true)));
        assert_eq!(s.slots[c.index].answers.value(), Value::Win(Player::X));
        let d = s.take(&ps).unwrap();
        assert_eq!(d.attacker, Player::X);
    }

    #[test]
    fn a_probe_leaves_the_winning_move_in_the_table() {
        // X to move wins this Qubic position by 3,3,3 (1,145 positions).
        let rules = Rules::preset("qubic").unwrap();
        let mut pos = Position::new(rules.clone());
        let cells =
            hypertac_core::notation::parse_move_list(rules.shape(), "3,1,1;0,1,2;0,0,3;2,3,2")
                .unwrap();
        for c in cells {
            pos.play_unchecked(c);
        }
        let table = SharedTable::new(&rules, 16 << 20);
        let (value, _) = probe(&pos, None, &table, &Budget::default());
        assert_eq!(value, Value::Win(Player::X));
        // The winning move's position is settled at once from the table
        // the probe filled, not from a fresh one.
        let winning = hypertac_core::notation::parse_move_list(rules.shape(), "3,3,3").unwrap()[0];
        let mut child = pos.clone();
        child.play_unchecked(winning);
        let at_once = |table: &SharedTable| {
            let mut prover = Prover::with_table(&child, table).unwrap();
            prover.set_node_limit(1);
            prover.ask(Player::X, &Budget::default())
        };
        assert_eq!(at_once(&table), Some(true));
        assert_eq!(at_once(&SharedTable::new(&rules, 16 << 20)), None);
        // The move the table shows winning, found without a search, wins.
        let shown = winning_move(&pos, &table).expect("a winning move in the table");
        let mut after = pos.clone();
        after.play_unchecked(shown);
        let mut prover = Prover::with_table(&after, &table).unwrap();
        prover.set_node_limit(1);
        assert_eq!(prover.ask(Player::X, &Budget::default()), Some(true));
        assert_eq!(
            winning_move(&pos, &SharedTable::new(&rules, 16 << 20)),
            None
        );
    }

    #[test]
    fn the_last_open_question_gets_every_free_thread() {
        let ps = positions(2);
        let mut s = Shared::new(2, 2);
        let a = s.take(&ps).unwrap();
        assert_eq!((a.index, a.attacker, a.threads), (0, Player::X, 1));
        s.give_back(&a, Ok(Some(true)));
        // Position 0 settled for X: X leads, so position 1's X question
        // comes before its O question, and O's round counts four times.
        let b = s.take(&ps).unwrap();
        assert_eq!((b.index, b.attacker, b.threads), (1, Player::X, 1));
        s.give_back(&b, Ok(Some(false)));
        let c = s.take(&ps).unwrap();
        assert_eq!((c.index, c.attacker, c.threads), (1, Player::O, 2));
        assert_eq!(s.free_threads, 0);
    }
}
