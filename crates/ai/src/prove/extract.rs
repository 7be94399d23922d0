//! Certificates from a finished search: for every position that the
//! succeeding side can reach against any play of the other side, its move,
//! unless the checker works the move out itself (format version 2: a line
//! completed now, the forced block, a threat sequence its own bounded
//! search finds; [`hypertac_proof::Oracle`] is that very code, so the walk
//! leaves out exactly what the checker derives).
//!
//! The walk follows the search's table where it can, the threat sequences
//! where the search proved a position by one, and searches again wherever
//! the table has lost a position or the search never looked (the defender's
//! replies outside a threat sequence's zone). Every reply of the other side
//! is followed, so the certificate answers all of them; symmetric positions
//! are written once: the walk passes over a copy of a position it finished
//! just where the checker does (its fingerprint, then its canonical form,
//! in the checker's own symmetry group: [`Walk::up_to_symmetry`]), so the
//! checker uses every entry.
//!
//! The checker remembers only the positions it proves with a move (an
//! entry's or a forced block's), not those it settles by itself: met
//! again, even as a symmetric copy, those are settled again, and its
//! threat search, bounded, may not find in one copy what it found in
//! another. So the walk remembers no such position either, and it walks
//! in the checker's order (below the replies to the first move, which
//! walkers may share out: see [`entries`]).

use super::dfpn::{legal_moves, Search};
use super::pairing;
use super::potential;
use super::table::INF;
use super::walkfile::{Keys, Progress, WalkState};
use crate::Budget;
use hypertac_core::{Player, Rules};
use hypertac_proof::{Forced, Oracle, SequenceLimits};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The walk's set of positions seen. Its keys are hashes already, so the
/// set mixes them with one multiplication rather than a keyed hash.
type Seen = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// See [`Seen`].
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = (self.0 ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// Most threat-sequence positions searched when looking for an extraction move.
const VCF_LIMIT: u64 = 200_000;

/// One certificate entry: the stones (bitsets, cell i = bit i % 64 of word
/// i / 64) and the move of the succeeding side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// X's stones.
    pub x: Vec<u64>,
    /// O's stones.
    pub o: Vec<u64>,
    /// The move, a cell index.
    pub mv: u32,
    /// For a pairing entry, the pairs (cells, two by two) of the pairing
    /// the move leaves against the other side (`pairing.rs`).
    pub pairs: Option<Vec<u32>>,
    /// A potential entry: the side to move settles the position by its
    /// Erdős–Selfridge potential (`potential.rs`), `mv` its first move.
    pub potential: bool,
}

impl Entry {
    /// Whether the entry settles its position with nothing played below
    /// it (a pairing or potential entry).
    pub fn settles(&self) -> bool {
        self.pairs.is_some() || self.potential
    }

    /// Appends the entry to a certificate's section.
    pub fn write_to(&self, section: &mut hypertac_proof::Section) {
        let mv = hypertac_core::Cell(u64::from(self.mv));
        match &self.pairs {
            None if self.potential => section.push_potential(&self.x, &self.o, mv),
            None => section.push(&self.x, &self.o, mv),
            Some(p) => {
                let cells: Vec<hypertac_core::Cell> = p
                    .iter()
                    .map(|&c| hypertac_core::Cell(u64::from(c)))
                    .collect();
                section.push_pairing(&self.x, &self.o, mv, &cells);
            }
        }
    }
}

/// Builds the entries proving that `winner` succeeds from the current
/// position in the search's current question (the attacker wins, or the
/// defender does not lose). With `derive`, the entries of a version-2
/// certificate whose checker searches threat sequences within these
/// limits; without, every move of `winner` (version 1).
///
/// With the checker's derivations (`derive`), one walker walks alone: it
/// passes over a position symmetric to one finished, and the checker,
/// which does not remember positions it settles by itself, must meet
/// first the copy that was walked, so the walk goes in the checker's
/// order (replies in cell order, depth first). Without them (version 1),
/// the search's helpers walk beside it, one thread each, where the keys
/// below the replies to the first move are the positions' own: the
/// distinct replies to the first move are shared out one at a time, and
/// the walkers share the finished positions and the entries.
pub(crate) fn entries(
    search: &mut Search,
    rules: &Rules,
    winner: Player,
    derive: Option<SequenceLimits>,
    saves: Option<&mut WalkSaves>,
    resume: Option<WalkState>,
    interrupt: Option<&AtomicBool>,
) -> Result<Vec<Entry>, String> {
    let mut shared = Shared {
        seen: Seen::default(),
        prints: Seen::default(),
        canonical: Seen::default(),
        out: Vec::new(),
        keys: Vec::new(),
        known: Known::default(),
        saves,
    };
    if let Some(state) = resume {
        shared.seen.extend(state.finished);
        shared.prints.extend(state.prints);
        shared.canonical.extend(state.canonical);
        for (key, e) in state.entries {
            shared.record(key, e);
        }
    }
    let common = Common {
        winner,
        derive,
        rules,
        shared: Mutex::new(shared),
        next_top: AtomicUsize::new(0),
        stopped: AtomicBool::new(false),
        interrupt,
        // Passing over symmetric copies needs the checker's order: one
        // walker (see `Walk::node`).
        walkers: match search.canon.own_keys_after(3) && derive.is_none() {
            true => 1 + search.helpers.len(),
            false => 1,
        },
        walkers_out: AtomicUsize::new(0),
    };
    search.counters.top_replies_done.store(0, Ordering::Relaxed);
    let kept = common.shared().out.len() as u64;
    search.counters.entries.store(kept, Ordering::Relaxed);
    let mut helpers = std::mem::take(&mut search.helpers);
    let walking = common.walkers - 1;
    for h in &mut helpers[..walking] {
        h.attacker = search.attacker;
    }
    let walkers = &common;
    let results: Vec<Result<(), String>> = std::thread::scope(|scope| {
        let others: Vec<_> = helpers[..walking]
            .iter_mut()
            .map(|h| scope.spawn(move || walkers.walk(h)))
            .collect();
        let mut all = vec![walkers.walk(search)];
        all.extend(
            others
                .into_iter()
                .map(|t| t.join().unwrap_or_else(|p| std::panic::resume_unwind(p))),
        );
        all
    });
    search.helpers = helpers;
    // The walker that failed says why; the others only stopped.
    let failed = results
        .iter()
        .find_map(|r| r.as_ref().err().filter(|e| e.as_str() != STOPPED));
    if let Some(e) = failed.or(results.iter().find_map(|r| r.as_ref().err())) {
        return Err(e.clone());
    }
    let shared = common
        .shared
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    Ok(shared.out)
}

/// The error of a walker stopped because another failed.
const STOPPED: &str = "the certificate walk stopped";
/// The error of a walk stopped from outside, its progress saved.
const INTERRUPTED_SAVED: &str =
    "stopped while building the certificate; its progress is saved: the same command goes on from it";
/// The error of a walk stopped from outside, without saves.
const INTERRUPTED: &str =
    "stopped while building the certificate (nothing of the walk is saved without --checkpoint)";

/// Entries' places in the walk's output, by the key of their position.
type Known = std::collections::HashMap<u64, usize, BuildHasherDefault<KeyHasher>>;

/// Saves of a certificate walk that may stop before it ends
/// (`walkfile.rs`): a walk resumed from its last save writes the same
/// certificate's worth of entries without walking again what it finished.
pub struct WalkSaves {
    /// Where a save goes (as a search checkpoint's).
    pub sink: super::CheckpointSink,
    /// The position, as the saves name it.
    pub id: String,
    /// Time between saves.
    pub every: std::time::Duration,
    /// When the next save is due.
    pub next: std::time::Instant,
    /// The section being walked (which the saves name).
    pub section: u32,
}

/// What the walkers share: the finished positions, the entries, the saves.
struct Shared<'a> {
    /// Positions whose walk is finished, with every entry below them
    /// written; only those that cost more than a look (a position the
    /// checker settles by itself is looked at again if met again).
    seen: Seen,
    /// The same positions up to the checker's symmetries (with its
    /// derivations, version 2): their fingerprints, and the hashes of
    /// their canonical forms (see `Walk::node`).
    prints: Seen,
    canonical: Seen,
    out: Vec<Entry>,
    /// The key of each entry's position.
    keys: Vec<u64>,
    /// Each entry's place in `out`, by the key of its position.
    known: Known,
    saves: Option<&'a mut WalkSaves>,
}

impl Shared<'_> {
    /// Keeps `e` as the entry of the position `key` unless that position
    /// has one already (another walker was first); returns the one kept.
    fn record(&mut self, key: u64, e: Entry) -> &Entry {
        let i = *self.known.entry(key).or_insert_with(|| {
            self.keys.push(key);
            self.out.push(e);
            self.out.len() - 1
        });
        &self.out[i]
    }
}

/// One walk's settings and the state its walkers share.
struct Common<'a, 'r> {
    winner: Player,
    derive: Option<SequenceLimits>,
    rules: &'r Rules,
    shared: Mutex<Shared<'a>>,
    /// The next of the distinct replies to the first move to hand out.
    next_top: AtomicUsize,
    /// Set when a walker failed: the others stop.
    stopped: AtomicBool,
    /// Set from outside (Ctrl-C): the walk saves its progress and stops.
    interrupt: Option<&'r AtomicBool>,
    /// How many walkers there are, and how many have taken their last
    /// reply to the first move.
    walkers: usize,
    walkers_out: AtomicUsize,
}

impl<'a> Common<'a, '_> {
    /// One walker's walk from the search's position (the root).
    fn walk(&self, search: &mut Search) -> Result<(), String> {
        let oracle = match self.derive {
            Some(limits) => {
                let mut o = Oracle::new(self.rules, limits)?;
                for c in 0..search.board.cell_count() as u32 {
                    match search.board.stone(c) {
                        1 => o.play(c as usize, Player::X),
                        2 => o.play(c as usize, Player::O),
                        _ => false,
                    };
                }
                Some(o)
            }
            None => None,
        };
        let mut walk = Walk {
            winner: self.winner,
            common: self,
            depth: 0,
            oracle,
            sequences: Sequences::default(),
        };
        let r = walk.node(search);
        if r.is_err() {
            self.stopped.store(true, Ordering::Relaxed);
        }
        r
    }

    fn shared(&self) -> MutexGuard<'_, Shared<'a>> {
        self.shared.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// What the walk knows of a position up to the checker's symmetries
/// ([`Walk::up_to_symmetry`]).
enum UpToSymmetry {
    /// A symmetric copy of a finished position (or the position itself):
    /// the checker passes over it.
    CopyOfFinished,
    /// Not followed: a walk without the checker's derivations (version 1).
    Untracked,
    /// None finished yet: its fingerprint, and the hash of its canonical
    /// form if it was computed.
    New { print: u64, canonical: Option<u64> },
}

/// One walker.
struct Walk<'c, 'a, 'r> {
    winner: Player,
    common: &'c Common<'a, 'r>,
    /// Positions entered and not yet left (the root is 1).
    depth: usize,
    /// The checker's derivations, on a board kept in step with the search's.
    oracle: Option<Oracle>,
    /// Whether the checker's threat search wins, for positions met lately.
    sequences: Sequences,
}

/// Whether the checker's threat search finds a sequence, for the positions
/// it was last asked about: the walk asks again of most of them, as a move
/// it found settling is followed, reply by reply, right after the replies
/// were tried (half the walk's threat searches on 4^5 were such repeats).
/// The search is deterministic, so an answer holds for the same stones.
/// Keyed by a 64-bit hash of the stones; cleared when full.
#[derive(Default)]
struct Sequences {
    wins: std::collections::HashMap<u64, bool, BuildHasherDefault<KeyHasher>>,
}

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
    fn wins(&mut self, o: &mut Oracle, me: Player) -> bool {
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

impl Walk<'_, '_, '_> {
    fn node(&mut self, s: &mut Search) -> Result<(), String> {
        if self.common.stopped.load(Ordering::Relaxed) {
            return Err(STOPPED.into());
        }
        if self
            .common
            .interrupt
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            // The first walker to see it saves the walk; the others stop.
            if self.common.stopped.swap(true, Ordering::Relaxed) {
                return Err(STOPPED.into());
            }
            return Err(match self.save(true)? {
                true => INTERRUPTED_SAVED.into(),
                false => INTERRUPTED.into(),
            });
        }
        let key = s.key();
        if s.board.result().is_some() || self.common.shared().seen.contains(&key) {
            return Ok(());
        }
        let symmetric = match self.up_to_symmetry() {
            UpToSymmetry::CopyOfFinished => return Ok(()),
            UpToSymmetry::Untracked => None,
            UpToSymmetry::New { print, canonical } => Some((print, canonical)),
        };
        let walked = s.counters.walked.fetch_add(1, Ordering::Relaxed);
        if walked.is_multiple_of(1024) {
            self.save(false)?;
        }
        self.depth += 1;
        let r = self.enter(s, key);
        self.depth -= 1;
        // The root is never finished while another walker may still work
        // below it (nor is the position where the walkers share out the
        // replies, see `enter`).
        if r == Ok(true) && self.depth >= 1 {
            let canonical = symmetric.map(|(print, canonical)| {
                let o = self.oracle.as_mut().expect("an oracle");
                (print, canonical.unwrap_or_else(|| o.canonical_key()))
            });
            let mut shared = self.common.shared();
            shared.seen.insert(key);
            if let Some((print, canonical)) = canonical {
                shared.prints.insert(print);
                shared.canonical.insert(canonical);
            }
        }
        r.map(|_| ())
    }

    /// The current position up to the checker's symmetries (see
    /// [`UpToSymmetry`]).
    ///
    /// The checker passes over a copy of a position it proved with a move
    /// (an entry's or a forced block's) or whose replies it checked, once
    /// that position's check is over; it settles every other copy again
    /// (`hypertac_proof` verify.rs). The walk finishes exactly those
    /// positions (a move followed, or replies), and one walker walks in
    /// the checker's order, so a copy met after its position is finished
    /// is one the checker passes over: nothing below it needs an entry.
    /// Like the checker, the walk computes a canonical form (a pass over
    /// the group) only where the fingerprint of a finished position
    /// matches.
    fn up_to_symmetry(&mut self) -> UpToSymmetry {
        let Some(o) = self.oracle.as_mut() else {
            return UpToSymmetry::Untracked;
        };
        let print = o.fingerprint();
        if !self.common.shared().prints.contains(&print) {
            return UpToSymmetry::New {
                print,
                canonical: None,
            };
        }
        let canonical = o.canonical_key();
        match self.common.shared().canonical.contains(&canonical) {
            true => UpToSymmetry::CopyOfFinished,
            false => UpToSymmetry::New {
                print,
                canonical: Some(canonical),
            },
        }
    }

    /// Writes the walk's progress (the finished positions and the
    /// entries) when a save is due, or now with `now`; whether it wrote
    /// one (false also when the walk has no saves).
    fn save(&mut self, now: bool) -> Result<bool, String> {
        let mut guard = self.common.shared();
        let shared = &mut *guard;
        let Some(saves) = shared.saves.as_mut() else {
            return Ok(false);
        };
        if !now && std::time::Instant::now() < saves.next {
            return Ok(false);
        }
        let began = std::time::Instant::now();
        let (id, section) = (&saves.id, saves.section);
        let (seen, keys, out) = (&shared.seen, &shared.keys, &shared.out);
        let (prints, canonical) = (&shared.prints, &shared.canonical);
        (saves.sink)(&mut |w| {
            let progress = Progress {
                section,
                finished: Keys::of(seen),
                entries: keys.iter().copied().zip(out),
                prints: Keys::of(prints),
                canonical: Keys::of(canonical),
            };
            super::walkfile::write(w, id, progress)
        })?;
        saves.next = std::time::Instant::now() + saves.every.max(began.elapsed() * 10);
        Ok(true)
    }

    /// Keeps `e` as the entry of the current position (key `key`), unless
    /// another walker gave it one first; returns the kept entry's move to
    /// play below it (`None` for a pairing entry: nothing is below it).
    fn record(&mut self, s: &Search, key: u64, e: Entry) -> Option<u32> {
        let mut shared = self.common.shared();
        let kept = shared.record(key, e);
        let below = (!kept.settles()).then_some(kept.mv);
        s.counters
            .entries
            .store(shared.out.len() as u64, Ordering::Relaxed);
        below
    }

    /// Walks below the current position (key `key`); returns whether it
    /// is worth remembering as finished (more than a look: a move, or
    /// replies followed).
    fn enter(&mut self, s: &mut Search, key: u64) -> Result<bool, String> {
        let me = s.board.to_move();
        if me == self.winner {
            // A position with an entry (a resumed walk's, or another
            // walker's) plays its move again (a pairing entry has nothing
            // below it).
            let known = {
                let shared = self.common.shared();
                shared.known.get(&key).map(|&i| {
                    let e = &shared.out[i];
                    (e.mv, e.settles(), (e.x.clone(), e.o.clone()))
                })
            };
            let known = known.map(|(mv, pairing, stones)| {
                let here = entry(s, mv);
                (mv, pairing, stones == (here.x, here.o))
            });
            let mv = match known {
                Some((_, true, _)) => return Ok(false),
                Some((mv, false, true)) => mv,
                // Its entry's move would need mapping: the walk meets a
                // symmetric copy only of a finished position, passed over.
                Some((_, false, false)) => {
                    return Err(
                        "the certificate walk met a symmetric copy of an unfinished position"
                            .into(),
                    )
                }
                None => match self.choose(s, key)? {
                    Some(mv) => mv,
                    None => return Ok(false),
                },
            };
            return self.follow(s, mv, me).map(|_| true);
        }
        let replies = match self.oracle.as_ref() {
            // As the checker: none when the winner has two cells to
            // complete, only the block when it has one.
            Some(o) => match o.replies_needed(self.winner) {
                None => return Ok(false),
                Some(Some(c)) => vec![c as u32],
                Some(None) => legal_moves(&mut s.board),
            },
            None => {
                // With a line of the winner's one cell short of complete, every
                // reply but a block (or a line of the mover's own, completed) lets
                // the winner complete it at once: nothing to write below those.
                let threats = s.board.threat_cells(self.winner);
                if threats.is_empty() {
                    legal_moves(&mut s.board)
                } else {
                    let mut r = threats;
                    r.extend(s.board.threat_cells(me));
                    r.sort_unstable();
                    r.dedup();
                    r
                }
            }
        };
        if self.depth > 2 {
            for reply in replies {
                self.follow(s, reply, me)?;
            }
            return Ok(true);
        }
        // The replies to the first move: the walkers take the distinct
        // ones (of symmetric replies the first) one at a time, and they
        // show how far the walk has come. The last walker to finish plays
        // the others too, each passed over if finished as its symmetric
        // one, settled again if the checker settles it (the checker does
        // not remember such a position, so the walk must not either).
        let (distinct, others) = self.distinct(s, replies);
        let c = &s.counters;
        c.top_replies
            .store(distinct.len() as u64, Ordering::Relaxed);
        loop {
            let i = self.common.next_top.fetch_add(1, Ordering::Relaxed);
            let Some(&reply) = distinct.get(i) else {
                break;
            };
            self.follow(s, reply, me)?;
            s.counters.top_replies_done.fetch_add(1, Ordering::Relaxed);
        }
        if self.common.walkers_out.fetch_add(1, Ordering::Relaxed) + 1 == self.common.walkers {
            for reply in others {
                self.follow(s, reply, me)?;
            }
        }
        Ok(false)
    }

    /// The winner's move in a position without an entry, recorded as an
    /// entry unless the checker derives it; `None` when nothing is to be
    /// played below (the checker settles the position, or a pairing
    /// entry).
    fn choose(&mut self, s: &mut Search, key: u64) -> Result<Option<u32>, String> {
        let me = s.board.to_move();
        if s.board.two_threats(me).1 > 0 {
            return Ok(None);
        }
        if let Some(o) = self.oracle.as_mut() {
            match o.forced(me) {
                Forced::Win(_) => return Ok(None),
                Forced::Block(c) => return Ok(Some(c as u32)),
                Forced::Lost => {
                    return Err(
                        "the certificate walk reached a position where the other side has two winning cells"
                            .into(),
                    )
                }
                Forced::Free if self.sequences.wins(o, me) => return Ok(None),
                Forced::Free => {}
            }
        }
        if self.oracle.is_some() && me != s.attacker {
            if let Some(e) = potential_entry(s) {
                return Ok(self.record(s, key, e));
            }
            if let Some(e) = pairing_entry(s) {
                return Ok(self.record(s, key, e));
            }
        }
        let c = match self.oracle.is_some() {
            true => self.strategic_move(s)?,
            false => best_move(s)?,
        };
        Ok(self.record(s, key, entry(s, c)))
    }

    /// `replies` split into those whose position is not symmetric to an
    /// earlier one's, and the others.
    fn distinct(&mut self, s: &mut Search, replies: Vec<u32>) -> (Vec<u32>, Vec<u32>) {
        let me = s.board.to_move();
        let mut keys = Seen::default();
        replies.into_iter().partition(|&r| {
            self.make(s, r, me);
            let new = keys.insert(s.key());
            self.unmake(s, r, me);
            new
        })
    }

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
    /// cannot answer ([`Walk::cost`]); and *two-step* moves, after which
    /// every such reply has a settling answer, costing exactly one entry
    /// per such reply ([`Walk::two_step`]). The table's order breaks ties.
    fn strategic_move(&mut self, s: &mut Search) -> Result<u32, String> {
        let mut candidates = table_wins(s);
        if let Some(c) = sequence_move(s) {
            candidates.retain(|&m| m != c);
            candidates.insert(0, c);
        }
        candidates.truncate(MAX_CANDIDATES);
        let mut probe: Vec<u32> = candidates.clone();
        probe.extend(
            by_strength(s)
                .into_iter()
                .filter(|c| !candidates.contains(c))
                .take(MAX_PROBES),
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
        let mut bound = best.0.saturating_mul(TWO_STEP_WEIGHT).saturating_add(1);
        let two_steps = if s.board.cell_count() > TWO_STEP_MAX_CELLS {
            0
        } else {
            MAX_TWO_STEP
        };
        for &c in probe.iter().take(two_steps) {
            if let Some(cost) = self.two_step(s, c, bound) {
                best = (cost, Some(c));
                bound = cost;
            }
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
        let o = self.oracle.as_mut().expect("an oracle");
        if matches!(o.forced(opp), Forced::Win(_)) {
            return None;
        }
        Some(match o.replies_needed(winner) {
            None => Vec::new(),
            Some(Some(r)) => vec![r as u32],
            Some(None) => {
                let mut all = legal_moves(&mut s.board);
                all.sort_by_key(|r| killers.iter().position(|k| k == r).unwrap_or(usize::MAX));
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
        let o = self.oracle.as_mut().expect("an oracle");
        match o.forced(me) {
            Forced::Win(_) => Some(true),
            Forced::Lost => None,
            Forced::Free => Some(self.sequences.wins(o, me)),
            Forced::Block(b) if blocks > 0 => {
                Some(self.settles_within(s, b as u32, &mut Vec::new(), blocks - 1))
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

    /// As [`Walk::settles`]; a reply that leaves the winner a forced block
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

    /// With the winner's move `c`: how many replies the checker answers
    /// only with an entry, if each of those has a settling answer and
    /// there are fewer than `bound`; `None` otherwise.
    fn two_step(&mut self, s: &mut Search, c: u32, bound: usize) -> Option<usize> {
        let me = s.board.to_move();
        let opp = me.other();
        self.make(s, c, me);
        let cost = self.replies(s, &[]).and_then(|replies| {
            let mut killers = Vec::new();
            let mut n = 0;
            for r in replies {
                self.make(s, r, opp);
                let step = match self.answered(s, BLOCK_DEPTH) {
                    Some(true) => Some(0),
                    Some(false) if self.has_settling_answer(s, &mut killers) => Some(1),
                    _ => None,
                };
                self.unmake(s, r, opp);
                n += step.filter(|k| n + k < bound)?;
            }
            Some(n)
        });
        self.unmake(s, c, me);
        cost
    }

    fn make(&mut self, s: &mut Search, c: u32, mover: Player) {
        s.make(c);
        if let Some(o) = self.oracle.as_mut() {
            o.play(c as usize, mover);
        }
    }

    fn unmake(&mut self, s: &mut Search, c: u32, mover: Player) {
        s.unmake(c);
        if let Some(o) = self.oracle.as_mut() {
            o.undo(c as usize, mover);
        }
    }

    /// Plays `c` for `mover`, walks what follows, and takes it back.
    fn follow(&mut self, s: &mut Search, c: u32, mover: Player) -> Result<(), String> {
        self.make(s, c, mover);
        let r = self.after_move(s);
        self.unmake(s, c, mover);
        r
    }

    fn after_move(&mut self, s: &mut Search) -> Result<(), String> {
        match s.board.result() {
            // The player who just moved completed a line.
            Some(-1) if s.board.to_move() == self.winner => {
                Err("the certificate walk reached a lost position".into())
            }
            Some(-1) => Ok(()),
            Some(_) if self.winner == s.attacker => {
                Err("the certificate walk reached a full board".into())
            }
            Some(_) => Ok(()),
            None => self.node(s),
        }
    }
}

/// A move of the side to move that keeps its success: forced blocks, then
/// the table, then a threat sequence, then a new search.
pub(crate) fn best_move(s: &mut Search) -> Result<u32, String> {
    let me = s.board.to_move();
    if let (wins, 1..) = s.board.two_threats(me) {
        return Ok(wins[0]);
    }
    if let (blocks, 1..) = s.board.two_threats(me.other()) {
        return Ok(blocks[0]);
    }
    // A position the search solved by a threat sequence, or never stored
    // (inside a sequence, or a reply outside a zone): find the sequence
    // again first (its children were never searched, so the table most
    // likely has none of them).
    let key = s.key();
    let by_sequence = s.table.solved_by_expansion(key) || s.table.get(key).is_none();
    if by_sequence {
        if let Some(c) = sequence_move(s) {
            return Ok(c);
        }
    }
    if let Some(c) = from_table(s) {
        return Ok(c);
    }
    // A threat sequence wins, whichever side the mover is in the question.
    if !by_sequence {
        if let Some(c) = sequence_move(s) {
            return Ok(c);
        }
    }
    // The table lost the children: search each until one is lost for the
    // other side.
    for c in legal_moves(&mut s.board) {
        s.make(c);
        let (phi, _) = s.solve(s.attacker, &Budget::default());
        s.unmake(c);
        if phi >= INF {
            return Ok(c);
        }
    }
    Err("a position of the proof no longer proves".into())
}

/// The first move of a threat sequence of the side to move.
fn sequence_move(s: &mut Search) -> Option<u32> {
    let seq = s.vcf.find(&mut s.board, 64, VCF_LIMIT)?;
    Some(seq.moves.first().copied().unwrap_or(seq.wins[0]))
}

/// Most winning moves compared by [`Walk::strategic_move`].
const MAX_CANDIDATES: usize = 8;
/// Most moves [`Walk::strategic_move`] tries as two-step moves.
const MAX_TWO_STEP: usize = 16;
/// Boards of more cells try no two-step moves: a position of 4^5 has up to
/// 1,000 replies, each tried against up to [`MAX_PROBES`] settling
/// answers, and that was 89% of the walk's time (`perf record`, 2026-11-26),
/// for a few entries fewer (Qubic: 2,930 against 3,084 before two-step
/// moves). Qubic and 4^4 keep them.
const TWO_STEP_MAX_CELLS: usize = 256;
/// How many entries one reply needing an entry after a table move counts
/// for, against a two-step move.
const TWO_STEP_WEIGHT: usize = 2;
/// Forced blocks a settling move may leave the winner, one after another.
const BLOCK_DEPTH: u32 = 8;
/// Most other moves tried as settling moves by [`Walk::strategic_move`].
const MAX_PROBES: usize = 32;

/// The legal moves, strongest-looking first (the search's order).
fn by_strength(s: &mut Search) -> Vec<u32> {
    let mut moves: Vec<(u32, u32)> = legal_moves(&mut s.board)
        .into_iter()
        .map(|c| (s.move_score(c), c))
        .collect();
    moves.sort_by_key(|&(score, c)| (std::cmp::Reverse(score), c));
    moves.into_iter().map(|(_, c)| c).collect()
}

/// Every move whose position the table shows lost for the other side, in
/// the search's order (strongest first).
fn table_wins(s: &mut Search) -> Vec<u32> {
    by_strength(s)
        .into_iter()
        .filter(|&c| table_shows_won(s, c))
        .collect()
}

/// A move whose position the table shows lost for the other side, looked
/// for in the search's order (strongest first), where it most likely is.
fn from_table(s: &mut Search) -> Option<u32> {
    by_strength(s).into_iter().find(|&c| table_shows_won(s, c))
}

/// Whether the table shows the position after the mover's `c` lost for the other side.
fn table_shows_won(s: &Search, c: u32) -> bool {
    let key = s.canon.key_with(c, s.board.to_move()) ^ s.salt();
    s.table.get(key).is_some_and(|(phi, _)| phi >= INF)
}

fn entry(s: &Search, mv: u32) -> Entry {
    let words = s.board.cell_count().div_ceil(64);
    let (mut x, mut o) = (vec![0u64; words], vec![0u64; words]);
    for c in 0..s.board.cell_count() as u32 {
        let bits = match s.board.stone(c) {
            1 => &mut x,
            2 => &mut o,
            _ => continue,
        };
        bits[c as usize / 64] |= 1 << (c % 64);
    }
    Entry {
        x,
        o,
        mv,
        pairs: None,
        potential: false,
    }
}

/// A potential entry for the defender to move, if its potential against
/// the attacker is below 1 (`potential.rs`): nothing below it needs an
/// entry.
fn potential_entry(s: &mut Search) -> Option<Entry> {
    if !s.tuning.potential || !potential::below(&s.board, s.attacker, 0) {
        return None;
    }
    let mut e = entry(s, potential::heaviest(&s.board, s.attacker)?);
    e.potential = true;
    Some(e)
}

/// Most moves tried for a pairing entry, besides the table's winning moves.
const PAIRING_PROBES: usize = 16;

/// A pairing entry for the defender to move (the side that need only not
/// lose): a move after which a pairing against the attacker exists. Tried:
/// a cell of a pairing that exists already, the table's moves that win,
/// and the strongest-looking others.
fn pairing_entry(s: &mut Search) -> Option<Entry> {
    if s.board.has_gravity() {
        return None;
    }
    let attacker = s.attacker;
    if let Some((m, pairs)) = pairing::find_after_move(&mut s.board, attacker) {
        let mut e = entry(s, m);
        e.pairs = Some(pairs);
        return Some(e);
    }
    let mut moves = Vec::new();
    if let Some(now) = pairing::find(&s.board, attacker) {
        match now.first() {
            Some(&c) => moves.push(c),
            None => moves.extend(legal_moves(&mut s.board).first()),
        }
    }
    moves.extend(table_wins(s));
    moves.extend(by_strength(s).into_iter().take(PAIRING_PROBES));
    let mut tried = Vec::new();
    for m in moves {
        if tried.contains(&m) {
            continue;
        }
        tried.push(m);
        s.make(m);
        let found = if s.board.result().is_none() {
            pairing::find(&s.board, attacker)
        } else {
            None
        };
        s.unmake(m);
        if let Some(pairs) = found {
            let mut e = entry(s, m);
            e.pairs = Some(pairs);
            return Some(e);
        }
    }
    None
}
