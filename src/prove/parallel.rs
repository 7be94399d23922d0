//! `prove --threads N` (N > 1): one position proved by N threads, each
//! proving work units of a split of it.
//!
//! The position is split a few moves deep (`--split`'s units, in a folder
//! laid out as a shard's `--out`). Each thread asks the schedule
//! (`next_unit`: a proof-number search over the tree above the units) for
//! the unit the root's value most needs that no other thread is on, and
//! searches it for a budget of positions. A unit whose value is found gets
//! its certificate in the folder; one that is not keeps its solved
//! positions in its checkpoint, its budget doubles, and the schedule counts
//! it dearer. When the units found decide the root, `--merge`'s code gives
//! the value and the certificate.
//!
//! With `--checkpoint DIR` the folder is DIR and is kept: the same command
//! resumes (proved units stay proved, the others restart from their
//! checkpoints). Without it the folder is a temporary one.

use super::frontier::Frontier;
use super::merge::{merge, MergeJob};
use super::one::{prove_one, OneJob};
use super::progress::Watcher;
use super::root::describe_root;
use super::solve::{certificate, peak_memory, solve_with, Job};
use super::units::{frontier_copy, read_values, unit_checkpoint, unit_proof};
use super::value::verdict_of;
use hypertac_ai::prove::{next_unit, Counters, Prover, Split, Verdict};
use hypertac_core::{notation, Position};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// A unit's first budget, in proof-number positions (about a minute on
/// Qubic); each later attempt doubles it.
const FIRST_BUDGET: u64 = 1 << 22;
/// Most doublings of a unit's budget.
const MAX_DOUBLINGS: u32 = 24;
/// A split deep enough has this many units per thread.
const UNITS_PER_THREAD: usize = 4;
/// Deepest automatic split.
const MAX_DEPTH: u32 = 3;

/// What `--threads N` (N > 1) does.
pub struct ThreadsJob {
    /// The position.
    pub pos: Position,
    /// Threads.
    pub threads: usize,
    /// Memory in bytes, shared out between the threads' tables.
    pub memory: usize,
    /// Stop after this long.
    pub time: Option<Duration>,
    /// The units' folder to keep and resume (`--checkpoint`), or none for
    /// a temporary one.
    pub keep: Option<PathBuf>,
    /// The certificate's path (`--proof`).
    pub proof: Option<PathBuf>,
    /// Positions one thread searches before the position is split (0:
    /// split at once).
    pub quick_positions: u64,
}

/// Proves the job's position: one thread tries first (a position one
/// search proves at once is not split: a unit, one move of the root fixed,
/// can take far longer than the whole), unless resuming a split; then the
/// threads prove the units. Like one thread's run, `Ok(())` whether or not
/// the value was found.
///
/// # Errors
/// As [`prove_one`] and [`prove_parallel`].
pub fn prove_threads(job: &ThreadsJob, stop: &Arc<AtomicBool>) -> Result<(), String> {
    let resuming = job
        .keep
        .as_deref()
        .is_some_and(|d| frontier_copy(d).exists());
    let start = Instant::now();
    if !resuming && job.quick_positions > 0 {
        let one = OneJob {
            pos: job.pos.clone(),
            memory: job.memory,
            time: job.time,
            checkpoint: None,
            proof: job.proof.clone(),
        };
        if prove_one(&one, stop.clone(), Some(job.quick_positions))? {
            return Ok(());
        }
    }
    prove_parallel(&ParallelJob {
        pos: &job.pos,
        threads: job.threads,
        memory: job.memory,
        time: job.time.map(|t| t.saturating_sub(start.elapsed())),
        keep: job.keep.as_deref(),
        proof: job.proof.as_deref(),
        stop: stop.clone(),
    })?;
    Ok(())
}

/// What the threads prove, with what.
struct ParallelJob<'a> {
    /// The position.
    pub pos: &'a Position,
    /// Threads.
    pub threads: usize,
    /// Memory in bytes, shared out between the threads' tables.
    pub memory: usize,
    /// Stop after this long.
    pub time: Option<Duration>,
    /// The units' folder to keep (`--checkpoint`), or none for a temporary one.
    pub keep: Option<&'a Path>,
    /// The certificate's path (`--proof`).
    pub proof: Option<&'a Path>,
    /// Set by Ctrl-C.
    pub stop: Arc<AtomicBool>,
}

/// The units' state, shared by the threads.
struct State {
    values: Vec<Verdict>,
    /// Attempts that ended without a value.
    attempts: Vec<u32>,
    /// The unit whose search each thread keeps, to go on with.
    kept: Vec<Option<usize>>,
    /// The unit each thread is searching.
    on: Vec<Option<usize>>,
    /// The first error met; the threads stop.
    error: Option<String>,
}

/// Proves the position; `Ok(true)` when its value is known.
///
/// # Errors
/// A position the prover does not take, a folder that cannot be written or
/// that holds another position's units.
fn prove_parallel(job: &ParallelJob) -> Result<bool, String> {
    let start = Instant::now();
    let temporary;
    let dir: &Path = match job.keep {
        Some(dir) => dir,
        None => {
            temporary = std::env::temp_dir().join(format!("hypertac-prove-{}", std::process::id()));
            &temporary
        }
    };
    let result = run(job, dir, start);
    if job.keep.is_none() {
        let _ = std::fs::remove_dir_all(dir);
    }
    result
}

fn run(job: &ParallelJob, dir: &Path, start: Instant) -> Result<bool, String> {
    let frontier = open_folder(job.pos, job.threads, dir)?;
    let split = &frontier.split;
    let units = split.unit_count();
    let mut values = vec![Verdict::Unknown; units];
    read_values(&frontier, dir, &mut values)?;
    let proved = values.iter().filter(|v| **v != Verdict::Unknown).count();
    println!(
        "proving {} with {} threads: split {} moves deep into {units} units{}; folder {}",
        describe_root(job.pos),
        job.threads,
        split.depth(),
        if proved > 0 {
            format!(" ({proved} proved earlier)")
        } else {
            String::new()
        },
        dir.display()
    );
    let live: Arc<Vec<Mutex<Option<Live>>>> =
        Arc::new((0..job.threads).map(|_| Mutex::new(None)).collect());
    let proved_count = Arc::new(AtomicU64::new(proved as u64));
    let cancel: Arc<Vec<Arc<AtomicBool>>> = Arc::new(
        (0..job.threads)
            .map(|_| Arc::new(AtomicBool::new(false)))
            .collect(),
    );
    let watcher = {
        let (live, proved) = (live.clone(), proved_count.clone());
        let (stop, cancel) = (job.stop.clone(), cancel.clone());
        Watcher::show(move || {
            if stop.load(Ordering::Relaxed) {
                for c in cancel.iter() {
                    c.store(true, Ordering::Relaxed);
                }
            }
            status(&live, &proved, units, start)
        })
    };
    let state = Mutex::new(State {
        values,
        attempts: vec![0; units],
        kept: vec![None; job.threads],
        on: vec![None; job.threads],
        error: None,
    });
    let changed = Condvar::new();
    let deadline = job.time.map(|t| start + t);
    let positions = AtomicU64::new(0);
    let threat_positions = AtomicU64::new(0);
    let worker = Worker {
        job,
        dir,
        frontier: &frontier,
        state: &state,
        changed: &changed,
        deadline,
        positions: &positions,
        threat_positions: &threat_positions,
        live: &live,
        proved: &proved_count,
        cancel: &cancel,
    };
    std::thread::scope(|s| {
        for me in 0..job.threads {
            let worker = &worker;
            s.spawn(move || worker.work(me));
        }
    });
    watcher.finish();
    let state = state
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(e) = state.error {
        return Err(e);
    }
    let known = conclude(job, dir, split, &state.values)?;
    println!(
        "positions: {} proof-number, {} threat-sequence; time {:.1} s; peak memory {}",
        positions.load(Ordering::Relaxed),
        threat_positions.load(Ordering::Relaxed),
        start.elapsed().as_secs_f64(),
        peak_memory().map_or("unknown".into(), |kb| format!("{} MiB", kb >> 10))
    );
    Ok(known)
}

/// The root's value once the threads stopped: when known, the merge of
/// the folder (`merge.rs`: the value and the certificate); else what is
/// left. `Ok(true)` when known.
fn conclude(
    job: &ParallelJob,
    dir: &Path,
    split: &Split,
    values: &[Verdict],
) -> Result<bool, String> {
    let known = split.value(values) != Verdict::Unknown;
    if known {
        merge(&MergeJob {
            dirs: vec![dir.to_path_buf()],
            frontier: None,
            proof: job.proof.map(Path::to_path_buf),
        })?;
    } else {
        let needed = split.needed(values);
        println!("value: unknown");
        println!(
            "units: {} proved, {} still needed{}",
            values.iter().filter(|v| **v != Verdict::Unknown).count(),
            needed.iter().filter(|&&n| n).count(),
            match job.keep {
                Some(d) => format!(" (run the same command to go on from {})", d.display()),
                None => " (give --checkpoint DIR to keep them)".into(),
            }
        );
    }
    Ok(known)
}

/// The folder's frontier: made (split deep enough for the threads) when
/// the folder is new, read when it is resumed.
fn open_folder(pos: &Position, threads: usize, dir: &Path) -> Result<Frontier, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = frontier_copy(dir);
    if path.exists() {
        let frontier = Frontier::read(&path)?;
        let root = frontier.split.root();
        if root.rules() != pos.rules() || root.moves() != pos.moves() {
            return Err(format!(
                "{} holds the units of another position: use another --checkpoint folder",
                dir.display()
            ));
        }
        return Ok(frontier);
    }
    let split = split_for(pos, threads)?;
    Frontier::write(&split, &path)?;
    Frontier::read(&path)
}

/// The shallowest split with enough units for the threads (at most
/// [`MAX_DEPTH`] moves, and no deeper than the split's limits allow).
fn split_for(pos: &Position, threads: usize) -> Result<Split, String> {
    let mut best = Split::new(pos, 1).map_err(|e| e.to_string())?;
    for depth in 2..=MAX_DEPTH {
        if best.unit_count() >= UNITS_PER_THREAD * threads {
            break;
        }
        match Split::new(pos, depth) {
            Ok(s) if s.unit_count() > 0 => best = s,
            _ => break,
        }
    }
    Ok(best)
}

/// A unit being searched, for the status line.
struct Live {
    unit: usize,
    counters: Arc<Counters>,
}

/// The status line: units proved, the units being searched with their
/// positions so far (a kept search counts from its start), and the time.
fn status(
    live: &[Mutex<Option<Live>>],
    proved: &AtomicU64,
    units: usize,
    start: Instant,
) -> String {
    let mut running = Vec::new();
    for slot in live {
        if let Ok(guard) = slot.lock() {
            if let Some(l) = guard.as_ref() {
                let n = l.counters.nodes.load(Ordering::Relaxed);
                running.push(format!("unit {} ({n} positions)", l.unit));
            }
        }
    }
    format!(
        "{} of {units} units proved; searching {}; {:.0} s",
        proved.load(Ordering::Relaxed),
        if running.is_empty() {
            "none".to_string()
        } else {
            running.join(", ")
        },
        start.elapsed().as_secs_f64()
    )
}

/// What every thread shares.
struct Worker<'a> {
    job: &'a ParallelJob<'a>,
    dir: &'a Path,
    frontier: &'a Frontier,
    state: &'a Mutex<State>,
    changed: &'a Condvar,
    deadline: Option<Instant>,
    positions: &'a AtomicU64,
    threat_positions: &'a AtomicU64,
    /// Each thread's unit, for the status line.
    live: &'a [Mutex<Option<Live>>],
    /// Units with a value, for the status line.
    proved: &'a AtomicU64,
    /// Each thread's stop flag: set when its unit is no longer needed, or
    /// for all by Ctrl-C (`ParallelJob::stop`, copied by the status line).
    cancel: &'a [Arc<AtomicBool>],
}

impl Worker<'_> {
    fn out_of_time(&self) -> bool {
        self.job.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Takes units from the schedule until the root is decided, the time
    /// is up, or an error stops everyone.
    fn work(&self, me: usize) {
        // The search of the unit this thread tried last, kept when it ran
        // out of budget: the schedule often gives the same unit again, and
        // going on with it does not restart df-pn from the root.
        let mut kept: Option<(usize, Prover)> = None;
        loop {
            let Some((u, budget)) = self.take(me) else {
                return;
            };
            let prover = match kept.take() {
                Some((k, p)) if k == u => Some(p),
                _ => None,
            };
            let result = self.attempt(me, u, budget, prover, &mut kept);
            if let Ok(mut slot) = self.live[me].lock() {
                *slot = None;
            }
            let mut st = self
                .state
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            st.on[me] = None;
            st.kept[me] = kept.as_ref().map(|(k, _)| *k);
            match result {
                Ok(Verdict::Unknown) => st.attempts[u] = (st.attempts[u] + 1).min(MAX_DOUBLINGS),
                Ok(v) => {
                    st.values[u] = v;
                    self.proved.fetch_add(1, Ordering::Relaxed);
                    // Other threads' units the root no longer needs stop.
                    let needed = self.frontier.split.needed(&st.values);
                    for (t, slot) in st.on.iter().enumerate() {
                        if slot.is_some_and(|r| !needed[r]) {
                            self.cancel[t].store(true, Ordering::Relaxed);
                        }
                    }
                }
                Err(e) => {
                    st.error.get_or_insert(e);
                    self.job.stop.store(true, Ordering::Relaxed);
                }
            }
            self.changed.notify_all();
        }
    }

    /// The next unit and its budget, waiting while the only units left
    /// are other threads'.
    fn take(&self, me: usize) -> Option<(usize, u64)> {
        let split = &self.frontier.split;
        let mut st = self
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        loop {
            if st.error.is_some() || self.out_of_time() {
                return None;
            }
            // A unit whose search is kept counts one doubling less, so the
            // schedule tends to go on with it rather than start another.
            let weights: Vec<u64> = (0..st.attempts.len())
                .map(|u| {
                    let kept = st.kept.contains(&Some(u));
                    1u64 << st.attempts[u].saturating_sub(u32::from(kept))
                })
                .collect();
            let running: Vec<bool> = (0..weights.len())
                .map(|u| st.on.contains(&Some(u)))
                .collect();
            if let Some(u) = next_unit(split, &st.values, &weights, &running) {
                st.on[me] = Some(u);
                self.cancel[me].store(false, Ordering::Relaxed);
                return Some((u, FIRST_BUDGET << st.attempts[u]));
            }
            if st.on.iter().all(Option::is_none) {
                return None;
            }
            st = self
                .changed
                .wait_timeout(st, Duration::from_secs(1))
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
        }
    }

    /// Searches unit `u` for `budget` positions; its value if found (and
    /// then its certificate is in the folder).
    fn attempt(
        &self,
        me: usize,
        u: usize,
        budget: u64,
        prover: Option<Prover>,
        kept: &mut Option<(usize, Prover)>,
    ) -> Result<Verdict, String> {
        let split = &self.frontier.split;
        let rules = split.root().rules();
        let moves = self.frontier.unit(u).to_vec();
        let name = format!(
            "unit {u} ({})",
            notation::format_move_list(rules.shape(), &moves)
        );
        let pos = Position::from_moves(rules.clone(), &moves)
            .map_err(|(i, e)| format!("{name}: move {} is illegal: {e}", i + 1))?;
        let checkpoint = unit_checkpoint(self.dir, u);
        // A kept search counts its positions from its start.
        let before = prover.as_ref().map_or((0, 0), Prover::positions);
        let mut solved = solve_with(
            prover,
            &Job {
                pos: &pos,
                memory: self.job.memory / self.job.threads,
                time: self
                    .deadline
                    .map(|d| d.saturating_duration_since(Instant::now())),
                checkpoint: Some(&checkpoint),
                stop: self.cancel[me].clone(),
                verbose: false,
                watch: false,
                positions: Some(budget),
                started: Some(&|p: &Prover| {
                    if let Ok(mut slot) = self.live[me].lock() {
                        *slot = Some(Live {
                            unit: u,
                            counters: p.counters(),
                        });
                    }
                }),
            },
        )
        .map_err(|e| format!("{name}: {e}"))?;
        let (nodes, threats) = solved.prover.positions();
        self.positions
            .fetch_add(nodes - before.0, Ordering::Relaxed);
        self.threat_positions
            .fetch_add(threats - before.1, Ordering::Relaxed);
        let secs = solved.elapsed.as_secs_f64();
        let Some(value) = solved.value else {
            println!("{name}: unknown after {nodes} positions, {secs:.1} s; its budget doubles");
            *kept = Some((u, solved.prover));
            return Ok(Verdict::Unknown);
        };
        let cert = certificate(&mut solved).map_err(|e| format!("{name}: {e}"))?;
        let proof = unit_proof(self.dir, u);
        cert.save(&proof)
            .map_err(|e| format!("cannot write {}: {e}", proof.display()))?;
        let _ = std::fs::remove_file(&checkpoint);
        println!("{name}: {value}, {nodes} positions, {secs:.1} s");
        Ok(verdict_of(Some(value)))
    }
}
