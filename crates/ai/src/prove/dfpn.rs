//! Depth-first proof-number search (Nagai's df-pn) with the 1+ε trick
//! (Pawlewicz and Lew), over the transposition table of `table.rs` keyed by
//! the symmetric keys of `canon.rs`.
//!
//! One search answers one question: can `attacker` force a win? Numbers are
//! kept from the point of view of the side to move (phi: its proof number,
//! delta: its disproof number), so the attacker's nodes and the defender's
//! are handled alike: the mover "succeeds" when it is the attacker and wins,
//! or when it is the defender and the attacker does not win.
//!
//! At every position, before its moves are searched:
//! - the game may be over, or the mover may complete a line now;
//! - two open threats of the other side win for it, one must be blocked;
//! - the mover tries a threat sequence (`vcf.rs`): the attacker's wins,
//!   and a defender that wins first has not lost ([`Tuning::defender_sequences`]);
//! - the defender to move asks whether the attacker would have a threat
//!   sequence after a free move: if so only the replies in that sequence's
//!   zone can help, and in the zones of the attacker's other sequences
//!   (each with another first move; a reply must stop all of them), and
//!   only those are searched (the certificate still answers every other
//!   reply, see `walk.rs`); [`Tuning::attacker_zones`] restricts the
//!   attacker's moves alike.
//!
//! Children that are images of each other under a symmetry fixing the
//! position share a key and are searched once.

use super::caches::Caches;
use super::canon::Canon;
use super::children::{Children, Start};
use super::expansions::Expansions;
use super::pairing;
use super::pairing_plan::Planner;
use super::pairing_state;
use super::potential;
use super::scores::Scores;
use super::table::{Table, INF};
use super::tss::Threes;
use super::vcf::{self, Vcf};
use crate::board::Board;
use crate::Budget;
use hypertac_core::Player;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// Most attacker moves in a threat sequence.
const VCF_DEPTH: u32 = 32;
/// Most positions one threat-sequence search visits.
const VCF_LIMIT: u64 = 20_000;
/// Keeps the expansion cache's keys apart from other uses of the board's hash.
const EXPANSION_SALT: u64 = 0x2545_F491_4F6C_DD1D;
/// Keeps the expansion cache's keys of different plan depths apart.
const PLAN_DEPTH_SALT: u64 = 0x9E37_79B9_7F4A_7C15;
/// [`Tuning::order_step`] by default.
const ORDER_STEP: u32 = 8;
/// Checkpoints are written at least this many times their own writing
/// time apart (see [`AutoSave`]).
const SAVE_SHARE: u32 = 10;
/// [`Tuning::probe_batch`] by default.
const PROBE_BATCH: u32 = 16;
/// [`Tuning::helper_reverse_depth`] by default.
const HELPER_REVERSE_DEPTH: u32 = 2;
/// [`Tuning::zone_sequences`] by default.
const ZONE_SEQUENCES: u32 = 16;
/// Positions of the threat search that tries a move left in a zone
/// ([`Tuning::zone_checks`]). A sequence not found within it is found, if
/// it exists, by the child's own search (limit [`VCF_LIMIT`]); on nine
/// Qubic and 4^4 positions 100 took 0.90 of the CPU of 40 and 0.85 of 250
/// (2026-11-30).
const ZONE_CHECK_LIMIT: u64 = 100;
/// Most positions of four-threat searches one threat-space search visits.
const THREES_LIMIT: u64 = 20_000;
/// Shortest lines the threat-space search runs for: with k = 4 a three is
/// one stone from a four, the sequences of fours already see most of what
/// threes add, and a failed search costs every expansion up to
/// [`THREES_LIMIT`] positions (the shipped 4^4 and 4^5 proofs, and the
/// draws of 4x4 and 5x5, are searched as before). Measured on Qubic with
/// the limit at 4 (docs/prove.md, "Threat-space search with threes"):
/// one X win 2.5 to 5 times faster, but an O win and the empty board
/// not proved in 60 s against 27 to 42 s without.
const THREES_MIN_K: u8 = 5;
/// Most matchings a plan reaching a pairing may run at one position
/// ([`Tuning::plan_matchings`]).
const PLAN_MATCHINGS: u64 = 4_000;
/// [`Tuning::plan_deepen_after`] by default.
const PLAN_DEEPEN_AFTER: u64 = 30_000;
/// Switches of the search's techniques, to measure what each is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Children start with a proof number for the mover of 1 + this step
    /// times their rank in a static move order (strongest first); 0: every
    /// child starts at 1. A steep order (8) sends df-pn down the strong
    /// moves far longer before it widens: against a step of 1, a third of
    /// the positions on Qubic and 4^4 from the empty board.
    pub order_step: u32,
    /// Threat sequences settle the mover's positions (the attacker's; the
    /// defender's too with [`Tuning::defender_sequences`]). Until
    /// 2026-11-29 this switch was read nowhere, and
    /// `HYPERTAC_PROVE_OFF=threat-sequences` changed nothing.
    pub threat_sequences: bool,
    /// The defender's replies are restricted to the zone of the attacker's
    /// threat sequence after a free move.
    pub zones: bool,
    /// Most threat sequences (with different first moves) whose zones the
    /// defender's replies must all lie in (a reply outside one zone leaves
    /// that sequence winning); 1: the first sequence's zone only.
    pub zone_sequences: u32,
    /// The attacker's moves are restricted alike, to the zones of the
    /// defender's threat sequences after a free move of the attacker: any
    /// other move lets the defender win by that sequence. Where the
    /// attacker wins it saves little and costs its threat searches (from
    /// the empty board: Qubic 3% fewer positions, 30% more threat
    /// positions, 2% more time; 4^4 7% more time), but a
    /// disproof must refute every move of the attacker, and there it
    /// prunes most of them: on 50 Qubic positions `hypertac analyze` took
    /// 0.54 of the time with it (docs/RESULTS.md, 2026-11-29). On by
    /// default since then; `HYPERTAC_PROVE_OFF=attacker-zones`.
    pub attacker_zones: bool,
    /// The defender's positions are settled by its own sequence of fours
    /// too (the attacker's always were): a defender who wins first is one
    /// the attacker did not beat. Without it df-pn found such a win move
    /// by move. Added 2026-11-29 (one thread, against the build before):
    /// Qubic from the empty board 0.60 of the CPU time and 4^4 0.93
    /// (`scripts/prove-versions.py OLD NEW 1 --empty`); five Qubic draws
    /// of 9 stones 0.3 to 0.5; `hypertac analyze` on 50 Qubic positions
    /// 0.52 of the wall time where both finished
    /// (`scripts/analyze-qubic.py`). `HYPERTAC_PROVE_OFF=defender-sequences`.
    pub defender_sequences: bool,
    /// A position where the defender has a pairing strategy (`pairing.rs`)
    /// is settled: the attacker cannot win. Boards without gravity only.
    pub pairings: bool,
    /// A position where the defender's Erdős–Selfridge potential settles
    /// it (`potential.rs`) is settled: below 1 with the defender to move,
    /// below 1/2 with the attacker to move. Boards without gravity only.
    pub potential: bool,
    /// A position where the defender, to move, has a move after which a
    /// pairing strategy exists is settled (`pairing::find_after_move`).
    pub pairing_moves: bool,
    /// The certificate lists the pairs of its pairing entries (version 3)
    /// instead of leaving them to the checker's matching (version 4's
    /// matched pairing entries, a few bytes each).
    pub list_pairs: bool,
    /// The defender's moves are ordered by their weight in the potential
    /// (`potential.rs`): the attacker's open lines they close, the fuller
    /// the heavier, instead of by [`Search::move_score`].
    pub defender_potential_order: bool,
    /// The defender's moves are ordered first by how much they shrink the
    /// König set of the attacker's open lines that a pairing cannot serve
    /// (`pairing_state::hall_gains`), then by [`Search::move_score`].
    pub defender_hall_order: bool,
    /// A defender to move with a plan reaching a pairing within this many
    /// moves of its own, whatever the attacker replies
    /// (`pairing_plan.rs`), is settled; 0 or 1: none beyond
    /// [`Tuning::pairing_moves`].
    pub pairing_plan: u32,
    /// Most matchings one plan of [`Tuning::pairing_plan`] may run.
    pub plan_matchings: u64,
    /// After this many positions of one question, plans go one move
    /// deeper than [`Tuning::pairing_plan`] (0: never). Plans of three
    /// moves settle 6^3 positions that plans of two do not, but cost up
    /// to 8 ms a position where they fail; a question settled quickly by
    /// plans of two never pays for them.
    pub plan_deepen_after: u64,
    /// Helper threads, at the defender's positions of depth below this,
    /// enter the reply the attacker is surest to beat instead of df-pn's
    /// choice (see [`Search::helpers`]); 0: never. On 4^4 from the empty
    /// board (2 threads, 2026-11-26): with 2 (the replies to the first
    /// move) 57 to 74 s in five runs, without 72 to 229 s in four.
    pub helper_reverse_depth: u32,
    /// Children are read from the table this many at a time, the
    /// strongest first, and the next ones (twice as many as read so far)
    /// only when the first of them starts with a smaller delta than every
    /// child read: on 4^5 a position has up to 1,000 children, and reading
    /// all of them (random probes of a table of gigabytes) was most of the
    /// time. 0: all at once. One thread, against 0: 4^4 from the empty
    /// board in 6.26 M positions and 110.5 s of CPU against 5.97 M and
    /// 138.8 s; Qubic 4.94 M and 41.4 s against 4.34 M and 46.1 s.
    pub probe_batch: u32,
    /// Depth in threes of the threat-space search (`tss/`) whose winning
    /// move, for the side to move at a position without a sequence of
    /// fours, is entered first (boards with k >= 5); 0: none.
    pub threes: u32,
    /// The certificate's walk looks, at each position of the winner that
    /// needs an entry, for a move after which the checker settles every
    /// reply by itself (`settling.rs`); else it takes the search's move.
    /// Small certificates cost time: Qubic from the empty board 2,793
    /// entries in 15.6 s of walk against 11,460 in 3.7 s; a Qubic draw of
    /// 9 stones 87,444 entries in 21.6 s against 90,015 in 3.8 s, both
    /// checked in the same time (2026-11-29). The book, whose certificates
    /// are checked and thrown away, walks without it.
    pub settling_walk: bool,
    /// The move that last succeeded at a depth (its child proved for the
    /// mover) is tried first at the next position of that depth, after a
    /// hint: the killer heuristic of alpha-beta. When a position is
    /// settled by one move, df-pn goes on to its sibling, whose positions
    /// at that depth are often settled by the same move. On since
    /// 2026-11-30 (one thread, the same binary with
    /// `HYPERTAC_PROVE_OFF=killers`): Qubic from the empty board 0.70 of
    /// the positions, 4^4 0.68 (0.63 of the CPU); four Qubic classes of 3
    /// stones 0.80 of the CPU; no change on `hypertac analyze`'s set.
    pub killers: bool,
    /// Each move left in a zone is tried: a move after which the other
    /// side wins by a threat sequence (found within [`ZONE_CHECK_LIMIT`]
    /// positions) is left out, where until then it became a child whose
    /// own search settled it, a position of the table and a proof number
    /// of 1 in its parent's sum meanwhile. On since 2026-11-30 (one
    /// thread, `HYPERTAC_PROVE_OFF=zone-checks` against the same binary):
    /// Qubic from the empty board 0.23 of the positions and 0.47 of the
    /// CPU, 4^4 0.27 and 0.68; `hypertac analyze`'s 50 Qubic positions
    /// 0.92 of the CPU.
    pub zone_checks: bool,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            order_step: ORDER_STEP,
            threat_sequences: true,
            zones: true,
            zone_sequences: ZONE_SEQUENCES,
            attacker_zones: true,
            defender_sequences: true,
            pairings: true,
            potential: true,
            pairing_moves: true,
            list_pairs: false,
            // Off: on the 7^3 leaves it settled none more, and on Qubic
            // it searched 1% more positions (2026-11-27).
            defender_potential_order: false,
            defender_hall_order: false,
            // On 7^3 leaves of the public proof's opening (X to move, the
            // X half needing three more moves of X), 12 of 12 settled in
            // 20 s against 6 without (scripts/leaves73.py, 2026-11-27).
            pairing_plan: 2,
            plan_matchings: PLAN_MATCHINGS,
            plan_deepen_after: PLAN_DEEPEN_AFTER,
            helper_reverse_depth: HELPER_REVERSE_DEPTH,
            probe_batch: PROBE_BATCH,
            // Off by default: on the held-out positions of 5^3, 5^4, 6^3
            // and 6^4 (scripts/tss-bench.py) it proved none more in 30 s
            // and cost about 30% of the positions searched; on 7^3 leaves
            // a third of the speed. It pays where wins by threes are near
            // (a 9x9 k5 position: 31 positions against 22,489; 1,543 since
            // the killers).
            threes: 0,
            settling_walk: true,
            killers: true,
            zone_checks: true,
        }
    }
}

/// Counters shared with whoever watches the search (a progress display).
#[derive(Debug, Default)]
pub struct Counters {
    /// Positions expanded by the proof-number search.
    pub nodes: AtomicU64,
    /// Positions visited by threat-sequence searches.
    pub threat_nodes: AtomicU64,
    /// The root's proof number for the question being searched.
    pub root_pn: AtomicU64,
    /// The root's disproof number.
    pub root_dn: AtomicU64,
    /// Entries in the table.
    pub table_used: AtomicU64,
    /// Which question: 0 X wins?, 1 O wins?
    pub attacker: AtomicU64,
    /// Positions expanded by the helper threads (see [`Search::helpers`]).
    pub helper_nodes: AtomicU64,
    /// Positions visited by the helper threads' threat-sequence searches.
    pub helper_threat_nodes: AtomicU64,
    /// Positions the certificate's walk has entered (`walk.rs`).
    pub walked: AtomicU64,
    /// Entries the certificate's walk has written so far.
    pub entries: AtomicU64,
    /// The loser's replies at the top of the walk (to the first move).
    pub top_replies: AtomicU64,
    /// How many of [`Counters::top_replies`] are walked to the end.
    pub top_replies_done: AtomicU64,
}

/// What the rules and the threat searches say about a position before its
/// moves are searched.
pub(crate) enum Expansion {
    /// Whether the side to move succeeds.
    Solved(bool),
    /// The moves to search (after symmetry), for the side to move.
    Moves(Vec<u32>),
}

/// One df-pn search (see the module docs).
pub(crate) struct Search {
    pub board: Board,
    pub canon: Canon,
    /// The table, shared with the helpers.
    pub table: Arc<Table>,
    pub vcf: Vcf,
    /// The threat-space search with threes, for [`Search::hint`].
    pub threes: Threes,
    /// Plans reaching a pairing a few moves away ([`Tuning::pairing_plan`]).
    pub planner: Planner,
    /// The move of the last expansion that the threat-space search
    /// found winning for the side to move, entered first by df-pn.
    hint: Option<u32>,
    /// The move order's scores of the board's cells.
    scores: Scores,
    /// The moves left by expansions already done.
    expansions: Expansions,
    pub attacker: Player,
    zone: Vec<bool>,
    /// A second zone, intersected with the first.
    zone2: Vec<bool>,
    /// By depth, the move that last succeeded there ([`Tuning::killers`];
    /// `u32::MAX`: none yet).
    killers: Vec<u32>,
    /// Set before a child is searched when it is the only child of a
    /// position that shows the root's numbers: a forced reply has the
    /// root's proof and disproof numbers, and while it is searched the
    /// root's own are not updated (6^4 near its end showed the root's
    /// first numbers, pn 1 dn 1, for the whole of 30 s).
    shows_root: bool,
    pub nodes: u64,
    pub stopped: bool,
    budget: Budget,
    depth: u32,
    pub counters: Arc<Counters>,
    pub tuning: Tuning,
    /// Stop after this many positions (0: no limit).
    pub node_limit: u64,
    /// Checkpoints written from inside the search (see [`AutoSave`]).
    pub autosave: Option<AutoSave>,
    /// Searches of the same root on other threads, over the same table:
    /// each question is searched by all at once, and the first to answer
    /// it stops the others. Their searches differ (see [`Search::seed`]
    /// and [`Tuning::helper_reverse_depth`]) so that they do not all walk
    /// one path.
    pub helpers: Vec<Search>,
    /// Set when one of the threads of a question has answered it.
    done: Option<Arc<AtomicBool>>,
    /// Nonzero in a helper: varies the order its children start in.
    pub seed: u64,
    /// A helper's threat-sequence positions already added to the counters.
    reported_threat_nodes: u64,
    /// [`Search::nodes`] when the current question began.
    solve_start: u64,
}

/// Writes a checkpoint every so often from inside the search, without
/// stopping it: a stop and a new start from the root would change df-pn's
/// path (and may cost it a quarter more positions), a save does not.
pub(crate) struct AutoSave {
    /// Time between saves, at least: a save that took t is followed by
    /// the next one [`SAVE_SHARE`] times t later if that is longer.
    pub every: std::time::Duration,
    /// When the next save is due.
    pub next: std::time::Instant,
    /// What comes before the table's entries (magic, position, answers).
    pub header: Vec<u8>,
    /// Writes a checkpoint through the function it is given.
    pub sink: super::checkpoint::CheckpointSink,
    /// The first failed save; the search stops at it.
    pub error: Option<String>,
}

impl Search {
    pub fn new(board: Board, canon: Canon, table: Arc<Table>, counters: Arc<Counters>) -> Search {
        let caches = Caches::new(board.cell_count(), &table);
        Search::with_caches(board, canon, table, counters, caches)
    }

    /// As [`Search::new`], with caches made beside this table for boards
    /// of this size (`caches.rs`).
    pub fn with_caches(
        board: Board,
        canon: Canon,
        table: Arc<Table>,
        counters: Arc<Counters>,
        caches: Caches,
    ) -> Search {
        let cells = board.cell_count();
        let Caches {
            vcf,
            threes,
            expansions,
            ..
        } = caches;
        Search {
            scores: Scores::new(&board),
            board,
            canon,
            table,
            vcf,
            threes,
            planner: Planner::new(),
            hint: None,
            expansions,
            attacker: Player::X,
            zone: vec![false; cells],
            zone2: vec![false; cells],
            killers: Vec::new(),
            shows_root: false,
            nodes: 0,
            stopped: false,
            budget: Budget::default(),
            depth: 0,
            counters,
            tuning: Tuning::default(),
            node_limit: 0,
            autosave: None,
            helpers: Vec::new(),
            done: None,
            seed: 0,
            reported_threat_nodes: 0,
            solve_start: 0,
        }
    }

    /// The caches this search has filled, for another search over the
    /// same table.
    pub fn into_caches(self) -> Caches {
        Caches::kept(self.vcf, self.threes, self.expansions, &self.table)
    }

    /// Places a stone of the side to move.
    pub fn make(&mut self, cell: u32) {
        let me = self.board.to_move();
        self.board.make(cell);
        self.scores.placed(&self.board, cell, me);
        self.canon.toggle(cell, me);
    }

    /// Takes back the stone on `cell`, the last one placed.
    pub fn unmake(&mut self, cell: u32) {
        self.board.unmake();
        let me = self.board.to_move();
        self.scores.removed(&self.board, cell, me);
        self.canon.toggle(cell, me);
    }

    /// The key of the current position for the current question.
    pub fn key(&self) -> u64 {
        self.canon.key() ^ self.salt()
    }

    pub fn salt(&self) -> u64 {
        if self.attacker == Player::X {
            0
        } else {
            0x5851_F42D_4C95_7F2D
        }
    }

    /// Searches the current position until it is solved or the budget runs
    /// out; returns its (phi, delta).
    pub fn solve(&mut self, attacker: Player, budget: &Budget) -> (u32, u32) {
        self.attacker = attacker;
        self.budget = budget.clone();
        self.stopped = false;
        self.counters
            .attacker
            .store(attacker.index() as u64, Ordering::Relaxed);
        self.depth = 0;
        self.solve_start = self.nodes;
        if self.helpers.is_empty() {
            return self.deepen();
        }
        let done = Arc::new(AtomicBool::new(false));
        let mut helpers = std::mem::take(&mut self.helpers);
        self.done = Some(done.clone());
        let r = std::thread::scope(|scope| {
            for h in helpers.iter_mut() {
                h.attacker = attacker;
                h.budget = budget.clone();
                h.stopped = false;
                h.depth = 0;
                h.solve_start = h.nodes;
                h.done = Some(done.clone());
                let done = done.clone();
                scope.spawn(move || {
                    let r = h.deepen();
                    if r.0 == 0 || r.1 == 0 {
                        done.store(true, Ordering::Relaxed);
                    }
                });
            }
            let r = self.deepen();
            done.store(true, Ordering::Relaxed);
            r
        });
        self.helpers = helpers;
        self.done = None;
        if r.0 == 0 || r.1 == 0 {
            return r;
        }
        // A helper may have answered first.
        match self.table.get(self.key()) {
            Some(t) if t.0 == 0 || t.1 == 0 => {
                self.stopped = false;
                t
            }
            _ => r,
        }
    }

    /// Searches the root until it is solved or the search stops.
    fn deepen(&mut self) -> (u32, u32) {
        loop {
            let r = self.mid(INF, INF);
            if r.0 == 0 || r.1 == 0 || self.stopped {
                return r;
            }
        }
    }

    /// Whether the side to move succeeds when `winner` wins (None: nobody).
    fn succeeds(&self, winner: Option<Player>) -> bool {
        let me = self.board.to_move();
        (me == self.attacker) == (winner == Some(self.attacker))
    }

    /// The rules and threat searches at the current position (module docs).
    pub fn expand(&mut self) -> Expansion {
        self.hint = None;
        let me = self.board.to_move();
        match self.board.result() {
            Some(-1) => return Expansion::Solved(self.succeeds(Some(me.other()))),
            Some(_) => return Expansion::Solved(self.succeeds(None)),
            None => {}
        }
        if self.board.two_threats(me).1 > 0 {
            return Expansion::Solved(self.succeeds(Some(me)));
        }
        match self.board.two_threats(me.other()) {
            (_, 2) => return Expansion::Solved(self.succeeds(Some(me.other()))),
            (theirs, 1) => return Expansion::Moves(vec![theirs[0]]),
            _ => {}
        }
        // Positions entered again skip their pairings, plans, potential and
        // threat searches: one that settled the position settled it for
        // good (the table keeps it), so what is remembered is the moves
        // left when none did.
        // Plans are the defender's alone: its positions are salted by the
        // plans' depth, so that once plans go deeper a position remembered
        // without one is expanded again; the attacker's keep theirs.
        let plans = if me == self.attacker {
            0
        } else {
            self.plan_depth()
        };
        let remembered = self.board.hash()
            ^ self.salt()
            ^ EXPANSION_SALT
            ^ u64::from(plans).wrapping_mul(PLAN_DEPTH_SALT);
        if let Some(moves) = self.expansions.get(remembered) {
            return self.hinted(moves);
        }
        if self.tuning.pairings && pairing::find(&self.board, self.attacker).is_some() {
            return Expansion::Solved(me != self.attacker);
        }
        if self.tuning.pairing_moves
            && me != self.attacker
            && pairing::find_after_move(&mut self.board, self.attacker).is_some()
        {
            return Expansion::Solved(true);
        }
        if plans > 1 && self.plan_move().is_some() {
            return Expansion::Solved(true);
        }
        if self.tuning.potential
            && potential::below(&self.board, self.attacker, u32::from(me == self.attacker))
        {
            return Expansion::Solved(me != self.attacker);
        }
        let moves = legal_moves(&mut self.board);
        if self.own_sequences_apply()
            && self
                .vcf
                .find(&mut self.board, VCF_DEPTH, VCF_LIMIT)
                .is_some()
        {
            return Expansion::Solved(true);
        }
        let moves = if !self.tuning.zones || (me == self.attacker && !self.tuning.attacker_zones) {
            moves
        } else {
            self.zoned(moves)
        };
        self.expansions.put(remembered, &moves);
        self.hinted(moves)
    }

    /// For the defender to move: the first move of the shortest plan
    /// reaching a pairing within [`Search::plan_depth`] moves, tried
    /// two moves deep first (one move is [`Tuning::pairing_moves`]').
    pub(crate) fn plan_move(&mut self) -> Option<u32> {
        if !self.plans_apply() {
            return None;
        }
        let limit = self.tuning.plan_matchings;
        (2..=self.plan_depth())
            .find_map(|n| self.planner.plan(&mut self.board, self.attacker, n, limit))
    }

    /// Whether plans are looked for on this board: only where pairings
    /// are near from the start. On a board of more lines than 3/4 of its
    /// cells (Qubic: 76 lines, 64 cells) a plan is rare, and looking for
    /// one at every defender's position cost Qubic's search a third more
    /// time (41.4 s of CPU against 30.9 s of 40e0343,
    /// scripts/walk-vs-search.py, 2026-11-27); counted on the position
    /// instead (the attacker's open lines against 3/4 of the empty
    /// cells), 1.4 times (2026-11-29). 7^3 has 193 lines of 343 cells.
    fn plans_apply(&self) -> bool {
        4 * self.board.line_total() <= 3 * self.board.cell_count()
    }

    /// How many moves of the defender a plan may take now:
    /// [`Tuning::pairing_plan`], and one more once the current question
    /// has searched [`Tuning::plan_deepen_after`] positions.
    pub(crate) fn plan_depth(&self) -> u32 {
        let after = self.tuning.plan_deepen_after;
        if after > 0
            && self.tuning.pairing_plan > 1
            && self.nodes - self.solve_start >= after
            && self.plans_apply()
        {
            self.tuning.pairing_plan + 1
        } else {
            self.tuning.pairing_plan
        }
    }

    /// The moves of an expansion, with [`Search::hint`] set to the move of
    /// the side to move's win by threes (`tss/`) if one is found among them.
    fn hinted(&mut self, moves: Vec<u32>) -> Expansion {
        if self.tuning.threes > 0 && moves.len() > 1 && self.board.k() >= THREES_MIN_K {
            self.hint = self
                .threes
                .find(&mut self.board, self.tuning.threes, THREES_LIMIT)
                .filter(|m| moves.contains(m));
        }
        Expansion::Moves(moves)
    }

    /// Bytes of the expansion cache.
    pub fn cache_bytes(&self) -> usize {
        self.expansions.bytes()
    }

    /// The moves that might stop the other side's threat sequences after
    /// a free move of the side to move (all of them if it has none): any
    /// other move leaves a sequence winning for the other side.
    fn zoned(&mut self, moves: Vec<u32>) -> Vec<u32> {
        self.board.pass();
        let seq = self.vcf.find(&mut self.board, VCF_DEPTH, VCF_LIMIT);
        self.board.unmake();
        let Some(seq) = seq else {
            return moves;
        };
        vcf::zone(&self.board, &seq, &mut self.zone);
        // Other sequences, each starting elsewhere: a reply must stop all.
        let mut avoid: Vec<u32> = seq.moves.first().copied().into_iter().collect();
        for _ in 1..self.tuning.zone_sequences {
            if avoid.is_empty() {
                break;
            }
            self.board.pass();
            let other = self
                .vcf
                .find_avoiding(&mut self.board, VCF_DEPTH, VCF_LIMIT, &avoid);
            self.board.unmake();
            let Some(other) = other else { break };
            vcf::zone(&self.board, &other, &mut self.zone2);
            for (z, &z2) in self.zone.iter_mut().zip(&self.zone2) {
                *z &= z2;
            }
            if !moves.iter().any(|&c| self.zone[c as usize]) {
                break;
            }
            match other.moves.first() {
                Some(&first) => avoid.push(first),
                None => break,
            }
        }
        let checks = self.tuning.zone_checks;
        moves
            .into_iter()
            .filter(|&c| self.zone[c as usize] && !(checks && self.loses_to_sequence(c)))
            .collect()
    }

    /// Whether the side to move's own threat sequences are searched at
    /// its positions ([`Tuning::threat_sequences`], and for the defender
    /// [`Tuning::defender_sequences`]).
    fn own_sequences_apply(&self) -> bool {
        self.tuning.threat_sequences
            && (self.board.to_move() == self.attacker || self.tuning.defender_sequences)
    }

    /// Whether after `cell` the other side wins by a threat sequence that
    /// a short search finds (the search the child's own expansion would
    /// run first, there with the full limit).
    fn loses_to_sequence(&mut self, cell: u32) -> bool {
        self.board.make(cell);
        let lost = self.board.result().is_none()
            && self.own_sequences_apply()
            && self
                .vcf
                .find(&mut self.board, VCF_DEPTH, ZONE_CHECK_LIMIT)
                .is_some();
        self.board.unmake();
        lost
    }

    /// How much a stone of the side to move on `cell` does to the lines
    /// through it (see `scores.rs`).
    pub(crate) fn move_score(&self, cell: u32) -> u32 {
        self.scores.get(self.board.to_move(), cell)
    }

    /// The moves of an expansion as children, one per symmetry class, the
    /// strongest by [`Search::move_score`] first (`children.rs`): a
    /// child's starting proof number for the mover grows with its rank.
    fn children(&self, moves: Vec<u32>) -> Children {
        let start = Start {
            seed: self.seed,
            step: self.tuning.order_step,
            salt: self.salt(),
            mover: self.board.to_move(),
            lead: self.hint.is_some(),
        };
        let hint = self.hint;
        let killer = match self.killers.get(self.depth as usize) {
            Some(&k) if self.tuning.killers => Some(k),
            _ => None,
        };
        let by_weight =
            self.tuning.defender_potential_order && self.board.to_move() != self.attacker;
        let gains = if self.tuning.defender_hall_order && self.board.to_move() != self.attacker {
            pairing_state::hall_gains(&self.board, self.attacker)
                .filter(|&(shortfall, _)| shortfall > 0)
                .map(|(_, g)| g)
        } else {
            None
        };
        let scored = moves.into_iter().map(|c| {
            let score = if hint == Some(c) {
                u32::MAX
            } else if killer == Some(c) {
                u32::MAX - 1
            } else if let Some(g) = &gains {
                ((g[c as usize].max(0) as u32).min(2000) << 20)
                    | self.move_score(c).min((1 << 20) - 1)
            } else if by_weight {
                potential::weight(&self.board, self.attacker, c).min(u64::from(u32::MAX - 1)) as u32
            } else {
                self.move_score(c)
            };
            (score, c)
        });
        Children::new(scored, &self.canon, start)
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.node_limit > 0 && self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if let Some(done) = &self.done {
            if done.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        // The clock every 64 positions: an expansion can cost milliseconds
        // (a plan's matchings), and 4,096 of them overran a 10 s limit by
        // 4 s on 6^3.
        if self.nodes & 0x3F == 0 && self.budget.expired() {
            self.stopped = true;
        }
        if self.nodes & 0xFFF != 0 {
            return;
        }
        if self.seed != 0 {
            self.counters
                .helper_nodes
                .fetch_add(0x1000, Ordering::Relaxed);
            let total = self.vcf.total + self.threes.total;
            let threat = total - self.reported_threat_nodes;
            self.reported_threat_nodes = total;
            self.counters
                .helper_threat_nodes
                .fetch_add(threat, Ordering::Relaxed);
        } else {
            self.counters.nodes.store(self.nodes, Ordering::Relaxed);
            self.counters
                .threat_nodes
                .store(self.vcf.total + self.threes.total, Ordering::Relaxed);
            self.counters
                .table_used
                .store(self.table.used() as u64, Ordering::Relaxed);
        }
        // Helpers have no autosave: the main thread writes checkpoints.
        self.autosave_if_due();
    }

    /// Writes a checkpoint when one is due (see [`AutoSave`]).
    fn autosave_if_due(&mut self) {
        let Some(save) = self.autosave.as_mut() else {
            return;
        };
        if save.error.is_some() || std::time::Instant::now() < save.next {
            return;
        }
        let table = &self.table;
        let header = &save.header;
        let began = std::time::Instant::now();
        let result = (save.sink)(&mut |w: &mut dyn std::io::Write| {
            w.write_all(header)?;
            super::checkpoint::write_entries(table, w)
        });
        // A table of gigabytes takes seconds to write: the search keeps at
        // least nine tenths of its time.
        let took = began.elapsed();
        save.next = std::time::Instant::now() + save.every.max(took * SAVE_SHARE);
        if let Err(e) = result {
            save.error = Some(e);
            self.stopped = true;
        }
    }

    /// Multiple-iterative deepening: searches the current position until
    /// its phi reaches `th_phi` or its delta `th_delta`; returns them.
    ///
    /// Kept whole: the search's recursion, once per node, whose loop (the
    /// children's numbers summed, the next batch read, the best child
    /// searched) shares its locals from one iteration to the next; its
    /// parts that split cleanly are apart ([`Search::probe`],
    /// `last_needed`, `children`).
    fn mid(&mut self, th_phi: u32, th_delta: u32) -> (u32, u32) {
        let inherited = std::mem::take(&mut self.shows_root);
        let shows_root = self.depth == 0 || inherited;
        let key = self.key();
        if let Some((phi, delta)) = self.table.get(key) {
            if phi >= th_phi || delta >= th_delta {
                return (phi, delta);
            }
        }
        self.tick();
        let start = self.nodes;
        let moves = match self.expand() {
            Expansion::Solved(s) => {
                let r = if s { (0, INF) } else { (INF, 0) };
                self.table.put(key, r.0, r.1, 1);
                return r;
            }
            Expansion::Moves(m) => m,
        };
        let mut children = self.children(moves);
        // Children are read from the table a batch at a time, strongest
        // first (see [`Tuning::probe_batch`]).
        let reverse = self.seed != 0
            && self.depth < self.tuning.helper_reverse_depth
            && self.board.to_move() != self.attacker;
        // A helper choosing the reply the main thread reaches last must
        // see them all.
        let batch = if reverse || self.tuning.probe_batch == 0 {
            children.len()
        } else {
            self.tuning.probe_batch as usize
        };
        let mut numbers: Vec<(u32, u32)> = Vec::with_capacity(children.len().min(batch));
        self.probe(&mut children, &mut numbers, batch);
        let (mut phi, mut delta);
        loop {
            let mut best = 0;
            let (mut min_delta, mut second) = (INF, INF);
            let mut sum_phi: u64 = 0;
            for (i, &(cphi, cdelta)) in numbers.iter().enumerate() {
                sum_phi += u64::from(cphi);
                if cdelta < min_delta {
                    second = min_delta;
                    min_delta = cdelta;
                    best = i;
                } else if cdelta < second {
                    second = cdelta;
                }
            }
            // The children not read yet count with the numbers they start
            // with: a proof number of 1 each, and the first of them the
            // smallest delta (their deltas grow with rank).
            if numbers.len() < children.len() {
                sum_phi += (children.len() - numbers.len()) as u64;
                children.make_first(numbers.len() + 1, &self.canon);
                let (_, next_delta) = children.made()[numbers.len()].init;
                if next_delta < min_delta {
                    let more = numbers.len().max(1);
                    self.probe(&mut children, &mut numbers, more);
                    continue;
                }
                second = second.min(next_delta);
            }
            phi = min_delta;
            delta = if numbers.iter().any(|n| n.0 >= INF) {
                INF
            } else {
                sum_phi.min(u64::from(INF - 1)) as u32
            };
            if shows_root && self.seed == 0 {
                let (pn, dn) = if self.board.to_move() == self.attacker {
                    (phi, delta)
                } else {
                    (delta, phi)
                };
                self.counters
                    .root_pn
                    .store(u64::from(pn), Ordering::Relaxed);
                self.counters
                    .root_dn
                    .store(u64::from(dn), Ordering::Relaxed);
            }
            if phi >= th_phi || delta >= th_delta || self.stopped {
                break;
            }
            let mut child_th_delta = {
                let second = u64::from(second);
                (second + 1 + second / 4)
                    .min(u64::from(th_phi))
                    .min(u64::from(INF)) as u32
            };
            if reverse {
                if let Some(alt) = last_needed(&numbers, best) {
                    best = alt;
                    child_th_delta = th_phi;
                }
            }
            let (cphi, _) = numbers[best];
            let child_th_phi = (u64::from(th_delta) - u64::from(delta) + u64::from(cphi))
                .min(u64::from(INF)) as u32;
            let cell = children.made()[best].cell;
            self.make(cell);
            self.depth += 1;
            self.shows_root = shows_root && children.len() == 1;
            numbers[best] = self.mid(child_th_phi, child_th_delta);
            self.depth -= 1;
            self.unmake(cell);
            self.note_killer(cell, numbers[best]);
        }
        self.table.put(key, phi, delta, self.nodes - start + 1);
        (phi, delta)
    }

    /// Notes `cell` as the move that succeeded at the current depth if
    /// its child's numbers say so (a delta of 0: proved for the mover).
    fn note_killer(&mut self, cell: u32, (_, delta): (u32, u32)) {
        if delta != 0 || !self.tuning.killers {
            return;
        }
        let d = self.depth as usize;
        if self.killers.len() <= d {
            self.killers.resize(d + 1, u32::MAX);
        }
        self.killers[d] = cell;
    }

    /// Reads the numbers of up to `more` further children from the table
    /// (their starting numbers where it has none), fetching their buckets
    /// ahead together.
    fn probe(&self, children: &mut Children, numbers: &mut Vec<(u32, u32)>, more: usize) {
        children.make_first(numbers.len() + more, &self.canon);
        let made = children.made();
        let next = &made[numbers.len()..made.len().min(numbers.len() + more)];
        for c in next {
            self.table.prefetch(c.key);
        }
        numbers.extend(next.iter().map(|c| self.table.get(c.key).unwrap_or(c.init)));
    }
}

/// A helper's child at the defender's positions near the root: of the
/// unsolved children other than `best` (the one the main thread enters),
/// the one with the largest delta: the reply the attacker is surest to
/// beat, which a proof needs and the main thread reaches last.
fn last_needed(numbers: &[(u32, u32)], best: usize) -> Option<usize> {
    numbers
        .iter()
        .enumerate()
        .filter(|&(i, &(phi, delta))| i != best && phi > 0 && delta > 0 && delta < INF)
        .max_by_key(|&(i, &(_, delta))| (delta, std::cmp::Reverse(i)))
        .map(|(i, _)| i)
}

/// The playable cells of a dense board.
pub(crate) fn legal_moves(board: &mut Board) -> Vec<u32> {
    if board.has_gravity() {
        board.column_moves()
    } else {
        // Room for every cell at once: collected from a filter, the list
        // grew four or five times a position.
        let mut moves = Vec::with_capacity(board.cell_count());
        moves.extend((0..board.cell_count() as u32).filter(|&c| board.playable(c)));
        moves
    }
}

#[cfg(test)]
#[path = "dfpn_tests.rs"]
mod tests;
