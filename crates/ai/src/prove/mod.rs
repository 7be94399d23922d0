//! The prover: exact values of k-in-a-row positions, with certificates.
//!
//! A position's value takes up to two questions, each answered by one
//! depth-first proof-number search (`dfpn.rs`): "can the side to move force
//! a win?" and, if not, "can the other side?". Neither means a draw. The
//! searches share one transposition table keyed by symmetric keys
//! (`canon.rs`), prove the attacker's positions by threat sequences
//! (`vcf.rs`) and restrict the defender's replies to a sequence's zone;
//! on boards with k >= 5 a threat-space search with threes (`tss/`) picks
//! the move df-pn enters first.
//! [`Prover::certificate`] then walks the finished search and writes, for
//! every position the succeeding side can reach, its move (`walk.rs`):
//! a win needs one strategy, a draw one for each side (neither loses).
//!
//! Work is resumable: [`Prover::run`] may be called again after its budget
//! ran out, and [`Prover::write_checkpoint`] / [`Prover::read_checkpoint`]
//! save and restore the solved part of the table across processes.
//!
//! Supported: dense boards of at most [`MAX_CELLS`] cells, win rule `first`,
//! any shape, k, gravity and wrap.

mod caches;
mod canon;
mod checkpoint;
mod children;
mod dfpn;
mod entry;
mod expansions;
mod keys;
mod moves;
pub(crate) mod pairing;
mod pairing_plan;
mod pairing_state;
mod potential;
mod prefetch;
mod scores;
mod settling;
mod split;
mod table;
mod tss;
pub(crate) mod vcf;
mod verdict;
mod walk;
mod walkfile;

pub use caches::Caches;
pub use checkpoint::CheckpointSink;
pub use dfpn::{Counters, Tuning};
pub use entry::Entry;
pub use split::Split;
pub(crate) use vcf::Vcf;
pub use verdict::{ProveError, Verdict};
pub use walk::WalkSaves;
pub use walkfile::WalkState;

use crate::board::Board;
use crate::Budget;
use canon::Canon;
use dfpn::Search;
use hypertac_core::{Cell, Player, Position, WinRule};
use std::io::{self, Read, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use table::Table;

/// Largest board the prover takes (cells).
pub const MAX_CELLS: u64 = 8192;

/// Positions of the proof-number search each question gets in the first
/// turn of [`Prover::run_in_turns`] as `hypertac book` asks it.
pub const FIRST_TURN: u64 = 1 << 20;

/// One section of a certificate: `player` succeeds (wins, or with
/// `win == false` does not lose) by playing the entries' moves.
#[derive(Clone, Debug)]
pub struct Strategy {
    /// The succeeding side.
    pub player: Player,
    /// Whether it wins (else it does not lose).
    pub win: bool,
    /// Its moves.
    pub entries: Vec<Entry>,
}

/// State of one question: unanswered, or its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Open,
    Proved,
    Disproved,
}

/// A resumable proof of one position (see the module docs).
pub struct Prover {
    search: Search,
    root: Position,
    /// Answers to "can X win?" and "can O win?" (by player index).
    answers: [Answer; 2],
    /// Whose "can it force a win?" is asked first (default: the side to
    /// move's).
    first: Option<Player>,
    /// Saves of the certificate's walk, if asked for ([`Prover::save_walk`]).
    walk_saves: Option<WalkSaves>,
    /// A saved walk to go on from ([`Prover::resume_walk`]).
    walk_resume: Option<WalkState>,
    /// Set from outside (Ctrl-C) to stop the certificate's walk.
    walk_stop: Option<Arc<AtomicBool>>,
}

impl Prover {
    /// A prover for `pos` with a table of about `memory_bytes`.
    ///
    /// # Errors
    /// The game is over, the board is sparse or larger than [`MAX_CELLS`],
    /// or the win rule is not `first`.
    pub fn new(pos: &Position, memory_bytes: usize) -> Result<Prover, ProveError> {
        Prover::with_tuning(pos, memory_bytes, Tuning::default())
    }

    /// As [`Prover::new`], with some techniques switched off (for measuring).
    ///
    /// # Errors
    /// As [`Prover::new`].
    pub fn with_tuning(
        pos: &Position,
        memory_bytes: usize,
        tuning: Tuning,
    ) -> Result<Prover, ProveError> {
        check_position(pos)?;
        let mut search = Search::new(
            Board::new(pos),
            root_canon(pos),
            Arc::new(Table::new(memory_bytes)),
            Arc::new(Counters::default()),
        );
        search.tuning = tuning;
        Ok(Prover::around(search, pos))
    }

    /// As [`Prover::new`], over a table other provers of the same rules
    /// share: what one proves, the others read (positions are keyed by
    /// their stones, whatever the root).
    ///
    /// # Errors
    /// As [`Prover::new`], and rules other than the table's.
    pub fn with_table(pos: &Position, table: &SharedTable) -> Result<Prover, ProveError> {
        Prover::with_table_and_caches(pos, table, None)
    }

    /// As [`Prover::with_table`], with the caches of an earlier prover
    /// over the same table ([`Prover::into_caches`]), so that what its
    /// search learnt of positions is not learnt again (`caches.rs`).
    ///
    /// # Errors
    /// As [`Prover::with_table`].
    pub fn with_table_and_caches(
        pos: &Position,
        table: &SharedTable,
        caches: Option<Caches>,
    ) -> Result<Prover, ProveError> {
        check_position(pos)?;
        if pos.rules() != &table.rules {
            return Err(ProveError(format!(
                "the shared table is for {}, not {}",
                table.rules,
                pos.rules()
            )));
        }
        let mut canon = table
            .canon
            .get_or_init(|| root_canon(&Position::new(table.rules.clone())))
            .clone();
        for (i, &c) in pos.moves().iter().enumerate() {
            canon.toggle(c.0 as u32, Player::to_move_at(i));
        }
        let board = Board::new(pos);
        let caches = Caches::reused(caches, board.cell_count(), &table.table);
        let search = Search::with_caches(
            board,
            canon,
            table.table.clone(),
            Arc::new(Counters::default()),
            caches,
        );
        Ok(Prover::around(search, pos))
    }

    /// The caches of this prover's search, for the next prover over the
    /// same table ([`Prover::with_table_and_caches`]).
    pub fn into_caches(self) -> Caches {
        self.search.into_caches()
    }

    fn around(search: Search, pos: &Position) -> Prover {
        Prover {
            search,
            root: pos.clone(),
            answers: [Answer::Open; 2],
            first: None,
            walk_saves: None,
            walk_resume: None,
            walk_stop: None,
        }
    }

    /// Searches with `threads` threads over the one table (at least one).
    pub fn set_threads(&mut self, threads: usize) {
        let s = &self.search;
        self.search.helpers = (1..threads.max(1) as u64)
            .map(|i| {
                // The root's canon as it stands (the search is at the
                // root between runs): its group is not computed again.
                let mut h = Search::new(
                    Board::new(&self.root),
                    s.canon.clone(),
                    s.table.clone(),
                    s.counters.clone(),
                );
                h.tuning = s.tuning;
                h.seed = i.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1;
                h
            })
            .collect();
    }

    /// Whether the certificate's walk spends time making the certificate
    /// small (the default; [`Tuning::settling_walk`]): off where it is
    /// only checked and thrown away.
    pub fn set_small_certificate(&mut self, small: bool) {
        self.search.tuning.settling_walk = small;
        for h in &mut self.search.helpers {
            h.tuning.settling_walk = small;
        }
    }

    /// Stops [`Prover::run`] after this many more positions of the
    /// proof-number search (0: no limit); with it a search is deterministic.
    pub fn set_node_limit(&mut self, positions: u64) {
        self.search.node_limit = match positions {
            0 => 0,
            n => self.search.nodes + n,
        };
    }

    /// Counters a progress display may read while [`Prover::run`] works.
    pub fn counters(&self) -> Arc<Counters> {
        self.search.counters.clone()
    }

    /// Number of symmetries used.
    pub fn symmetries(&self) -> usize {
        self.search.canon.len()
    }

    /// Bytes of the transposition table and the expansion cache.
    pub fn table_bytes(&self) -> usize {
        self.search.table.bytes() + self.search.cache_bytes()
    }

    /// Positions searched so far (proof-number and threat-sequence searches).
    pub fn positions(&self) -> (u64, u64) {
        let s = &self.search;
        let threats = |s: &Search| s.vcf.total + s.threes.total;
        s.helpers.iter().fold((s.nodes, threats(s)), |(n, t), h| {
            (n + h.nodes, t + threats(h))
        })
    }

    /// Asks first whether `attacker` can force a win (by default the side
    /// to move is asked about first): where one half of a draw is the hard
    /// one, its progress shows first.
    pub fn ask_first(&mut self, attacker: Player) {
        self.first = Some(attacker);
    }

    /// Searches until the value is known or the budget runs out; may be
    /// called again to go on.
    pub fn run(&mut self, budget: &Budget) -> Verdict {
        let me = self.root.to_move();
        let first = self.first.unwrap_or(me);
        for attacker in [first, first.other()] {
            if let Some(v) = self.verdict() {
                return v;
            }
            if self.answers[attacker.index()] != Answer::Open {
                continue;
            }
            let (phi, delta) = self.search.solve(attacker, budget);
            // At the root the mover is `me`: phi is its proof number.
            let (pn, dn) = if attacker == me {
                (phi, delta)
            } else {
                (delta, phi)
            };
            if pn == 0 {
                self.answers[attacker.index()] = Answer::Proved;
            } else if dn == 0 {
                self.answers[attacker.index()] = Answer::Disproved;
            } else {
                return Verdict::Unknown;
            }
            self.refresh_autosave();
        }
        self.verdict().unwrap_or(Verdict::Unknown)
    }

    /// As [`Prover::run`], with the two questions asked in turns of
    /// growing size (`first_round` positions of the proof-number search
    /// each, doubling every turn), the side to move's first: a win is
    /// proved without waiting for the other side's question to be
    /// disproved, which can take ten times longer (Qubic's positions of
    /// three stones, RESULTS.md), and a draw still gets both disproofs.
    /// A limit of [`Prover::set_node_limit`] still holds.
    pub fn run_in_turns(&mut self, first_round: u64, budget: &Budget) -> Verdict {
        let me = self.root.to_move();
        let limit = self.search.node_limit;
        let mut round = first_round.max(1);
        while self.verdict().is_none() && !budget.expired() {
            for attacker in [me, me.other()] {
                if self.verdict().is_some() || budget.expired() {
                    break;
                }
                if limit > 0 && self.search.nodes >= limit {
                    return Verdict::Unknown;
                }
                let turn = self.search.nodes.saturating_add(round);
                self.search.node_limit = if limit > 0 { turn.min(limit) } else { turn };
                self.ask(attacker, budget);
            }
            round = round.saturating_mul(2);
        }
        self.search.node_limit = limit;
        self.verdict().unwrap_or(Verdict::Unknown)
    }

    /// Asks only whether the side to move can force a win: `Win` of the
    /// side to move, or `Unknown` (which then includes "cannot").
    pub fn run_first(&mut self, budget: &Budget) -> Verdict {
        let me = self.root.to_move();
        if self.answers[me.index()] == Answer::Open {
            let (phi, delta) = self.search.solve(me, budget);
            if phi == 0 {
                self.answers[me.index()] = Answer::Proved;
            } else if delta == 0 {
                self.answers[me.index()] = Answer::Disproved;
            }
            self.refresh_autosave();
        }
        match self.answers[me.index()] {
            Answer::Proved => Verdict::Win(me),
            _ => Verdict::Unknown,
        }
    }

    /// Asks one question only, "can `attacker` force a win?", within
    /// `budget`: `Some(true)` proved, `Some(false)` disproved, `None` not
    /// settled yet (it may be asked again to go on). [`Prover::verdict`]
    /// then counts the answer as [`Prover::run`] would.
    pub fn ask(&mut self, attacker: Player, budget: &Budget) -> Option<bool> {
        if self.answers[attacker.index()] == Answer::Open {
            let (phi, delta) = self.search.solve(attacker, budget);
            // phi is the proof number of the side to move at the root.
            let (pn, dn) = if attacker == self.root.to_move() {
                (phi, delta)
            } else {
                (delta, phi)
            };
            if pn == 0 {
                self.answers[attacker.index()] = Answer::Proved;
            } else if dn == 0 {
                self.answers[attacker.index()] = Answer::Disproved;
            }
            self.refresh_autosave();
        }
        match self.answers[attacker.index()] {
            Answer::Proved => Some(true),
            Answer::Disproved => Some(false),
            Answer::Open => None,
        }
    }

    /// Keeps the automatic saves' header in step with the answers.
    fn refresh_autosave(&mut self) {
        let header = self.checkpoint_header();
        if let Some(save) = self.search.autosave.as_mut() {
            save.header = header;
        }
    }

    /// The value once the questions asked so far settle it.
    pub fn verdict(&self) -> Option<Verdict> {
        let me = self.root.to_move();
        match (self.answers[me.index()], self.answers[me.other().index()]) {
            (Answer::Proved, _) => Some(Verdict::Win(me)),
            // Both cannot force a win: the other side's win settles it
            // whatever was asked first ([`Prover::ask`]).
            (_, Answer::Proved) => Some(Verdict::Win(me.other())),
            (Answer::Disproved, Answer::Disproved) => Some(Verdict::Draw),
            _ => None,
        }
    }

    /// A move of the side to move that the table already shows winning
    /// (its position lost for the other side in the question "can the
    /// side to move win?"), strongest-looking first; no search, so it
    /// takes microseconds, and `None` where the table does not show one.
    pub fn winning_move_in_table(&mut self) -> Option<Cell> {
        self.search.attacker = self.root.to_move();
        moves::from_table(&mut self.search).map(|c| self.search.board.cell(c))
    }

    /// For each of `asks` (a legal move of the side to move, after which
    /// the game goes on, and whether the other side wins after it), the
    /// other side's reply the table already shows: one that wins, or one
    /// after which the side to move cannot win (its position disproved in
    /// that side's question). Strongest-looking first, no search, `None`
    /// where the table shows none; the position is left as it was. Where
    /// the other side does not win and the table shows no such reply (a
    /// draw settled by a pairing a move away, which stores no reply), a
    /// reply after which a pairing holds the mover's lines, as a
    /// certificate's entry would take it. One prover for all the moves: a
    /// new one per move cost 10 s of page faults on 8^3's 511 moves (its
    /// symmetric keys copied each time).
    pub fn replies_in_table(&mut self, asks: &[(Cell, bool)]) -> Vec<Option<Cell>> {
        let me = self.root.to_move();
        asks.iter()
            .map(|&(cell, wins)| {
                let id = u32::try_from(cell.0).ok()?;
                let cells = self.search.board.cell_count() as u32;
                if id >= cells || self.search.board.stone(id) != 0 {
                    return None;
                }
                self.search.make(id);
                self.search.attacker = if wins { me.other() } else { me };
                let found = moves::from_table(&mut self.search)
                    .or_else(|| {
                        (!wins)
                            .then(|| moves::pairing_entry(&mut self.search).map(|e| e.mv))
                            .flatten()
                    })
                    .map(|c| self.search.board.cell(c));
                self.search.unmake(id);
                found
            })
            .collect()
    }

    /// A best move at the root once the value is known: a winning move for
    /// the winner, a move that does not lose in a draw, none for the loser.
    pub fn best_move(&mut self) -> Option<Cell> {
        let me = self.root.to_move();
        let attacker = match self.verdict()? {
            Verdict::Win(p) if p == me => me,
            Verdict::Draw => me.other(),
            _ => return None,
        };
        self.search.attacker = attacker;
        moves::best_move(&mut self.search)
            .ok()
            .map(|c| self.search.board.cell(c))
    }

    /// The certificate of a known value: one strategy for a win, two for a draw.
    ///
    /// # Errors
    /// The value is not known yet, or (a bug) the walk found a hole.
    pub fn certificate(&mut self) -> Result<Vec<Strategy>, ProveError> {
        self.certificate_for(Some(hypertac_proof::format::DEFAULT_LIMITS))
    }

    /// As [`Prover::certificate`], for a checker that derives threat
    /// sequences within `derive` (format version 2), or nothing (`None`:
    /// version 1, every move an entry).
    ///
    /// # Errors
    /// As [`Prover::certificate`].
    pub fn certificate_for(
        &mut self,
        derive: Option<hypertac_proof::SequenceLimits>,
    ) -> Result<Vec<Strategy>, ProveError> {
        let me = self.root.to_move();
        let sections: Vec<(Player, Player, bool)> = match self.verdict() {
            Some(Verdict::Win(p)) => vec![(p, p, true)],
            Some(Verdict::Draw) => {
                vec![(Player::X, Player::O, false), (Player::O, Player::X, false)]
            }
            _ => return Err(ProveError("the value is not known yet".into())),
        };
        let _ = me;
        let mut out = Vec::new();
        for (section, (player, attacker, win)) in sections.into_iter().enumerate() {
            self.search.attacker = attacker;
            let rules = self.root.rules().clone();
            let mut saves = self.walk_saves.take();
            if let Some(sv) = saves.as_mut() {
                sv.section = section as u32;
            }
            let resume = self.walk_resume.take_if(|r| r.section == section as u32);
            let entries = walk::entries(
                &mut self.search,
                &rules,
                player,
                derive,
                saves.as_mut(),
                resume,
                self.walk_stop.as_deref(),
            );
            self.walk_saves = saves;
            let entries = entries.map_err(ProveError)?;
            out.push(Strategy {
                player,
                win,
                entries,
            });
        }
        Ok(out)
    }

    /// The certificate of the solved position in the proof file format
    /// (version 2, for the checker's [`hypertac_proof::format::DEFAULT_LIMITS`]),
    /// its statistics naming `program` and the search's `seconds`.
    ///
    /// # Errors
    /// As [`Prover::certificate`].
    pub fn proof_file(
        &mut self,
        program: &str,
        seconds: f64,
    ) -> Result<hypertac_proof::Certificate, ProveError> {
        use hypertac_proof::{Certificate, Goal, Section, Value};
        let value = match self.verdict() {
            Some(Verdict::Win(p)) => Value::Win(p),
            Some(Verdict::Draw) => Value::Draw,
            _ => return Err(ProveError("the value is not known yet".into())),
        };
        let derive = hypertac_proof::format::DEFAULT_LIMITS;
        let best = self.best_move();
        let strategies = self.certificate_for(Some(derive))?;
        let cells = self.root.rules().shape().cell_count();
        let sections = strategies
            .iter()
            .map(|s| {
                let goal = if s.win { Goal::Win } else { Goal::NotLose };
                let mut out = Section::new(s.player, goal, cells);
                for e in &s.entries {
                    e.write_to(&mut out, self.search.tuning.list_pairs);
                }
                out
            })
            .collect();
        let (nodes, threat_nodes) = self.positions();
        Ok(Certificate {
            rules: hypertac_core::record::RulesSpec::of(self.root.rules()),
            moves: self.root.moves().to_vec(),
            value,
            best,
            derive: Some(derive),
            sections,
            remembers_settled: false,
            stats: serde_json::json!({
                "program": program,
                "positions": nodes,
                "threat_positions": threat_nodes,
                "seconds": seconds,
                "symmetries": self.symmetries(),
            }),
        })
    }

    /// Writes the table (every entry, so the search's progress, not only
    /// its solved positions) and the answers so far.
    ///
    /// # Errors
    /// Errors of the writer.
    pub fn write_checkpoint(&self, w: &mut dyn Write) -> io::Result<()> {
        w.write_all(&self.checkpoint_header())?;
        checkpoint::write_entries(&self.search.table, w)
    }

    /// Has [`Prover::run`] write a checkpoint through `sink` every `every`
    /// from inside the search, which goes on undisturbed (see
    /// [`Prover::autosave_error`] for a save that failed, which stops it).
    pub fn autosave(&mut self, every: std::time::Duration, sink: CheckpointSink) {
        self.search.autosave = Some(dfpn::AutoSave {
            every,
            next: std::time::Instant::now() + every,
            header: self.checkpoint_header(),
            sink,
            error: None,
        });
    }

    /// Has the certificate's walk ([`Prover::certificate`] and
    /// [`Prover::proof_file`]) save its progress through `sink` every
    /// `every` (`walkfile.rs`), so that a walk stopped at any time goes on
    /// from its last save ([`Prover::resume_walk`]).
    pub fn save_walk(&mut self, every: std::time::Duration, sink: CheckpointSink) {
        self.walk_saves = Some(WalkSaves {
            sink,
            id: self.identity(),
            every,
            next: std::time::Instant::now() + every,
            section: 0,
        });
    }

    /// Has the certificate's walk stop once `flag` is set (Ctrl-C): it then
    /// saves its progress (with [`Prover::save_walk`]) and returns an
    /// error saying it stopped.
    pub fn stop_walk_on(&mut self, flag: Arc<AtomicBool>) {
        self.walk_stop = Some(flag);
    }

    /// Goes on from a walk saved by [`Prover::save_walk`] for this position;
    /// returns the entries it holds.
    ///
    /// # Errors
    /// A file that is not such a save, or of another position.
    pub fn resume_walk(&mut self, r: &mut dyn Read) -> Result<usize, ProveError> {
        let words = self.root.rules().shape().cell_count().div_ceil(64) as usize;
        let state = walkfile::read(r, &self.identity(), words).map_err(ProveError)?;
        let n = state.entries.len();
        self.walk_resume = Some(state);
        Ok(n)
    }

    /// The message of an automatic save that failed (the search stopped there).
    pub fn autosave_error(&self) -> Option<&str> {
        self.search.autosave.as_ref()?.error.as_deref()
    }

    /// Magic, position and answers: what comes before a checkpoint's entries.
    fn checkpoint_header(&self) -> Vec<u8> {
        let mut out = checkpoint::MAGIC.to_vec();
        checkpoint::push_name(&mut out, &self.identity());
        out.extend(self.answers.iter().map(|&a| a as u8));
        out
    }

    /// The rules and root moves, as a checkpoint names its position.
    fn identity(&self) -> String {
        let shape = self.root.rules().shape();
        format!(
            "{} {}: {}",
            self.root.rules(),
            if self.root.rules().wrap() { "wrap" } else { "" },
            hypertac_core::notation::format_move_list(shape, self.root.moves())
        )
    }

    /// Restores what [`Prover::write_checkpoint`] wrote (for the same position).
    ///
    /// # Errors
    /// A file that is not such a checkpoint.
    pub fn read_checkpoint(&mut self, r: &mut dyn Read) -> Result<u64, ProveError> {
        let bad = |m: &str| ProveError(format!("not a prover checkpoint: {m}"));
        let mut magic = [0u8; 16];
        r.read_exact(&mut magic).map_err(|_| bad("too short"))?;
        let version = checkpoint::version(&magic).ok_or_else(|| bad("wrong magic"))?;
        match checkpoint::check_name(r, &self.identity(), "checkpoint") {
            Ok(()) => {}
            Err(checkpoint::NameError::Short) => return Err(bad("too short")),
            Err(checkpoint::NameError::Other(m)) => return Err(ProveError(m)),
        }
        let mut head = [0u8; 18];
        r.read_exact(&mut head[16..])
            .map_err(|_| bad("too short"))?;
        let answer = |b: u8| match b {
            0 => Ok(Answer::Open),
            1 => Ok(Answer::Proved),
            2 => Ok(Answer::Disproved),
            _ => Err(bad("bad answer byte")),
        };
        self.answers = [answer(head[16])?, answer(head[17])?];
        checkpoint::read_entries(r, version, &self.search.table).map_err(|e| bad(&e))
    }
}

/// Whether the prover takes `pos` (see [`Prover::new`]).
fn check_position(pos: &Position) -> Result<(), ProveError> {
    let rules = pos.rules();
    if rules.win() != WinRule::FirstToK {
        return Err(ProveError(format!(
            "the prover handles the rule `first` only, not `{}`",
            rules.win().name()
        )));
    }
    let cells = rules.shape().cell_count();
    if cells > MAX_CELLS || pos.line_view().is_none() {
        return Err(ProveError(format!(
            "the board has {cells} cells; the prover takes at most {MAX_CELLS}"
        )));
    }
    if pos.is_over() {
        return Err(ProveError("the game is already over".into()));
    }
    Ok(())
}

/// A transposition table for provers of one game's rules
/// ([`Prover::with_table`]), with the symmetric keys of its empty board
/// (built on first use).
#[derive(Clone)]
pub struct SharedTable {
    rules: hypertac_core::Rules,
    table: Arc<Table>,
    canon: Arc<std::sync::OnceLock<Canon>>,
}

impl SharedTable {
    /// A table of about `bytes` bytes for `rules`.
    pub fn new(rules: &hypertac_core::Rules, bytes: usize) -> SharedTable {
        SharedTable {
            rules: rules.clone(),
            table: Arc::new(Table::new(bytes)),
            canon: Arc::default(),
        }
    }

    /// The rules it is for.
    pub fn rules(&self) -> &hypertac_core::Rules {
        &self.rules
    }
}

/// The symmetric key of a position's stones.
fn root_canon(pos: &Position) -> Canon {
    let mut canon = Canon::new(canon::proof_group(pos), 0);
    for (i, &c) in pos.moves().iter().enumerate() {
        canon.toggle(c.0 as u32, Player::to_move_at(i));
    }
    canon
}
