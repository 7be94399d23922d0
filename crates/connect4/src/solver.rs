//! The solver: null-window searches driven by a binary search on the score
//! (see [`crate::windows`]), on one thread or with helper threads.

use crate::book::Book;
use crate::node::Node;
use crate::position::{Dims, Geometry, Position};
use crate::race::Race;
use crate::search::Searcher;
use crate::threads::{Helper, Job};
use crate::tt::Table;
use crate::tuning::Tuning;
use crate::windows::{narrow_range, test_point, Taken, Windows, Worker};
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// A search moves to the large table level after visiting this many times
/// as many positions as the small level has entries.
const GROW_FACTOR: u64 = 4;

/// Helper threads join a solve once one of its null-window searches has
/// visited this many positions: smaller searches are not worth waking
/// them. On a quiet machine (2026-11-25, one thread against two in one
/// run) 100 made two threads 1.4-1.5x slower than one on L3_R1 and L2_R1,
/// whose searches are tiny; 3000 keeps every set at 0.64-1.0x (10000 gave
/// back part of the gain on L2_R2). An older, loaded run had preferred 100.
const KICK_NODES: u64 = 3000;

/// A perfect Connect Four solver.
///
/// Scores are from the point of view of the side to move: positive when it
/// wins (the earlier, the higher: a win with the player's last possible
/// stone scores 1, with the stone before 2, and so on, which on 7x6 is
/// `22 - stones the winner has played`), 0 for a draw and negative when it
/// loses (minus the opponent's score).
///
/// The transposition table survives between calls, which speeds up solving
/// related positions; its results never depend on what was solved before.
/// With [`Solver::set_threads`], helper threads test other scores at the
/// same time or join the searches under way, sharing the table (results
/// are the same, node counts vary from run to run).
pub struct Solver {
    tt: Arc<Table>,
    tt_log2: u32,
    geo: Geometry,
    nodes: u64,
    book: Option<Arc<Book>>,
    /// Depth of the book, -1 without one.
    book_depth: i32,
    /// Node count at which the search moves to the large table level.
    grow_at: u64,
    /// Techniques switched on (see [`Solver::set_tuning`]).
    tuning: Tuning,
    helpers: Vec<Helper>,
    /// The race of the searches this thread starts alone.
    race: Arc<Race>,
    /// The score range and searches of a solve with helpers.
    windows: Arc<Windows>,
}

impl Solver {
    /// A solver with a transposition table of `2^tt_log2` entries of 8
    /// bytes (24 gives 128 MiB; 20-26 are sensible values), on one thread.
    pub fn new(tt_log2: u32) -> Self {
        let geo = Geometry::standard();
        Solver {
            tt: Arc::new(Table::new(tt_log2, geo.key_bits())),
            tt_log2,
            geo,
            nodes: 0,
            book: None,
            book_depth: -1,
            grow_at: u64::MAX,
            tuning: Tuning::default(),
            helpers: Vec::new(),
            race: Arc::default(),
            windows: Arc::new(Windows::new(0, 0)),
        }
    }

    /// A solver with the opening book shipped with the crate (7x6 only; the
    /// book only saves time, results are the same without it).
    pub fn with_standard_book(tt_log2: u32) -> Self {
        let mut s = Self::new(tt_log2);
        s.set_book(Some(Book::standard()));
        s
    }

    /// Searches on `threads` threads (at least 1; the calling thread and
    /// `threads - 1` helpers, which only join searches big enough to be
    /// worth waking them). Returns the number of threads now in use, which
    /// is lower if the system refused to start a thread.
    pub fn set_threads(&mut self, threads: usize) -> usize {
        let want = threads.max(1) - 1;
        self.helpers.truncate(want);
        while self.helpers.len() < want {
            let h = Helper::spawn();
            if h.handle.is_none() {
                break;
            }
            self.helpers.push(h);
        }
        self.helpers.len() + 1
    }

    /// Switches techniques of the search on or off, for A/B benchmarks
    /// (`benches/sets.rs`, `C4_AB`); [`Tuning::default`] is the normal
    /// solver. Scores never change, node counts and times do.
    pub fn set_tuning(&mut self, tuning: Tuning) {
        self.tuning = tuning;
    }

    /// The techniques in use (see [`Solver::set_tuning`]).
    pub fn tuning(&self) -> Tuning {
        self.tuning
    }

    /// Uses `book` (or none) for positions it contains.
    pub fn set_book(&mut self, book: Option<Book>) {
        self.book_depth = book.as_ref().map_or(-1, |b| b.depth() as i32);
        self.book = book.map(Arc::new);
    }

    /// The opening book in use, if any.
    pub fn book(&self) -> Option<&Book> {
        self.book.as_deref()
    }

    /// Number of positions searched (by all threads) since the solver was
    /// created or [`Solver::reset`].
    pub fn node_count(&self) -> u64 {
        self.nodes
    }

    /// Forgets everything (transposition table, node count).
    pub fn reset(&mut self) {
        self.collect_helpers(true);
        self.tt.clear();
        self.nodes = 0;
    }

    /// Empties the transposition table (the node count stays), so the next
    /// solve starts as in a new solver without allocating one.
    pub fn reset_table(&mut self) {
        self.collect_helpers(true);
        self.tt.clear();
    }

    /// Number of transposition table entries.
    pub fn table_entries(&self) -> usize {
        self.tt.entries()
    }

    fn prepare(&mut self, geo: &Geometry) {
        if *geo != self.geo {
            self.geo = *geo;
            if self.tt.key_bits() != geo.key_bits() {
                self.tt = Arc::new(Table::new(self.tt_log2, geo.key_bits()));
            } else {
                self.tt.clear();
            }
        }
        self.tt.next_generation();
        // Every search starts in the small, cache-resident table level and
        // moves to the large one once it has visited more positions than
        // the small level holds.
        self.tt.shrink();
        self.grow_at = self.nodes + (self.tt.active_entries() as u64) * GROW_FACTOR;
        if !self.tuning.small_table_level {
            self.tt.use_largest();
            self.grow_at = u64::MAX;
        }
    }

    /// Score of `pos` for the side to move (see [`Solver`]). With `weak`,
    /// only the sign is computed: 1 win, 0 draw, -1 loss.
    ///
    /// A full board scores 0. A finished game (the last move made four in a
    /// row, which [`Position::play_moves`] never produces) scores the loss
    /// of the side to move.
    pub fn solve(&mut self, pos: &Position, weak: bool) -> i32 {
        let size = pos.geometry().size() as i32;
        let n = pos.nb_moves() as i32;
        if pos.last_mover_won() {
            let s = -(size + 2 - n) / 2;
            return if weak { s.signum() } else { s };
        }
        if pos.is_full() {
            return 0;
        }
        if pos.can_win_next() {
            return if weak { 1 } else { (size + 1 - n) / 2 };
        }
        if let Some(s) = self.book.as_ref().and_then(|b| b.get(pos)) {
            return if weak { s.signum() } else { s };
        }
        self.prepare(pos.geometry());
        let (mut min, mut max) = if weak {
            (-1, 1)
        } else {
            (-(size - n) / 2, (size + 1 - n) / 2)
        };
        let root = self.root(pos);
        while min < max {
            let med = test_point(min, max);
            match self.search(&root, min, max, med) {
                Some(r) => narrow_range(&mut min, &mut max, med, r),
                None => {
                    min = self.finish_with_helpers(&root);
                    break;
                }
            }
        }
        if weak {
            min.signum()
        } else {
            min
        }
    }

    /// Score of every move of `pos`: entry `c` is the score (for the side to
    /// move in `pos`) of dropping a stone in column `c` (0-based), `None`
    /// when the column is full. All `None` if the game is over.
    pub fn analyze(&mut self, pos: &Position, weak: bool) -> Vec<Option<i32>> {
        let w = pos.width();
        let size = pos.geometry().size() as i32;
        let n = pos.nb_moves() as i32;
        let over = pos.last_mover_won();
        (0..w)
            .map(|c| {
                if over || !pos.can_play(c) {
                    None
                } else if pos.is_winning_move(c) {
                    Some(if weak { 1 } else { (size + 1 - n) / 2 })
                } else {
                    let mut child = *pos;
                    child.play(c);
                    Some(-self.solve(&child, weak))
                }
            })
            .collect()
    }

    /// The root of a search of `pos`.
    fn root(&self, pos: &Position) -> Node {
        let [cur, mask, cur_m, mask_m] = pos.raw();
        Node {
            cur,
            mask,
            cur_m,
            mask_m,
            n: pos.nb_moves() as i32,
            opp_threats: self.geo.winning_cells(cur ^ mask, mask),
        }
    }

    /// The null-window search "is the score of `root` above `med`?" (score
    /// range `min..=max`) on this thread: its fail-soft result (see
    /// [`Searcher::negamax_body`]), or `None` if it grew big enough to wake
    /// the helpers, which then joined the solve (see
    /// [`Solver::finish_with_helpers`]).
    fn search(&mut self, root: &Node, min: i32, max: i32, med: i32) -> Option<i32> {
        self.race.stop.0.store(false, Ordering::Relaxed);
        let kick = || {
            self.windows.start(min, max, med, Arc::clone(&self.race));
            for (i, h) in self.helpers.iter().enumerate() {
                if let Some(tx) = &h.jobs {
                    let job = Job {
                        tt: Arc::clone(&self.tt),
                        geo: self.geo,
                        book: self.book.clone(),
                        tuning: self.tuning,
                        root: *root,
                        windows: Arc::clone(&self.windows),
                        id: i as u32 + 1,
                    };
                    // A helper that is gone is not waited for.
                    let _ = tx.send(job);
                }
            }
        };
        let mut s = Searcher::new(
            &self.tt,
            self.geo,
            self.book.as_deref(),
            self.tuning,
            &self.race,
            0,
            root.n,
        );
        s.nodes = self.nodes;
        s.grow_at = self.grow_at;
        if !self.helpers.is_empty() {
            s.kick_at = self.nodes + KICK_NODES;
            s.kick = Some(&kick);
        }
        let r = s.run(root, med, med + 1);
        let (nodes, grow_at, kicked, aborted) = (s.nodes, s.grow_at, s.kicked, s.aborted);
        self.nodes = nodes;
        self.grow_at = grow_at;
        if !kicked {
            return Some(r);
        }
        for h in &mut self.helpers {
            if h.jobs.is_some() {
                h.owed += 1;
            }
        }
        let taken = Taken {
            med,
            race: Arc::clone(&self.race),
            joined: false,
        };
        self.windows.finish(&taken, (!aborted).then_some(r));
        None
    }

    /// Goes on with the helpers (see [`crate::windows`]) once a search of
    /// `root` woke them, until the score is known; returns it.
    fn finish_with_helpers(&mut self, root: &Node) -> i32 {
        let mut w = Worker {
            tt: &self.tt,
            geo: self.geo,
            book: self.book.as_deref(),
            tuning: self.tuning,
            id: 0,
            nodes: self.nodes,
            grow_at: self.grow_at,
        };
        w.work(&self.windows, root);
        let (nodes, grow_at) = (w.nodes, w.grow_at);
        self.nodes = nodes;
        self.grow_at = grow_at;
        let score = self.windows.range().0;
        // The score is known, so every search under way was stopped: the
        // helpers finish as soon as they run, but on a loaded machine that
        // may be a time slice later (waiting for them made two threads
        // several times slower than one on small searches). So they are
        // not waited for: a helper still at work keeps this solve's
        // windows and race (finished, so it stops at once), and the next
        // solve takes new ones. Its node count arrives later.
        self.collect_helpers(false);
        if self.helpers.iter().any(|h| h.owed > 0) {
            self.windows = Arc::new(Windows::new(0, 0));
            self.race = Arc::default();
        }
        score
    }

    /// Adds the node counts the helpers reported since the last call; with
    /// `wait`, waits until every helper has finished its jobs.
    fn collect_helpers(&mut self, wait: bool) {
        for h in &mut self.helpers {
            while h.owed > 0 {
                let n = if wait {
                    h.done.recv().ok()
                } else {
                    h.done.try_recv().ok()
                };
                let Some(n) = n else { break };
                self.nodes += n;
                h.owed -= 1;
            }
        }
    }
}
