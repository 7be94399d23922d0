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
use super::entry::Entry;
use super::keys::{KeyHasher, Seen};
use super::moves::{best_move, entry, pairing_entry, potential_entry};
use super::settling::{Sequences, Settling};
use super::walkfile::{Keys, Progress, WalkState};
use hypertac_core::{Player, Rules};
use hypertac_proof::{Forced, Oracle, SequenceLimits};
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

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
    /// (`hypertac_proof` checker.rs). The walk finishes exactly those
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
            if let Some(m) = s.plan_move() {
                return Ok(self.record(s, key, entry(s, m)));
            }
        }
        let c = match self.oracle.as_mut() {
            Some(oracle) if s.tuning.settling_walk => Settling {
                oracle,
                sequences: &mut self.sequences,
            }
            .strategic_move(s)?,
            _ => best_move(s)?,
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
