//! One position proved: the search, with a checkpoint written every minute
//! from inside it (the search goes on undisturbed) and at its end, and the
//! certificate of the value found.

use super::progress::Watcher;
use super::root::describe_root;
use super::value::value_of;
use crate::atomic_file;
use hypertac_ai::prove::{CheckpointSink, Prover};
use hypertac_ai::Budget;
use hypertac_core::Position;
use hypertac_proof::{Certificate, Value};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Time between checkpoints.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(60);

/// What to prove and with what.
pub struct Job<'a> {
    /// The position.
    pub pos: &'a Position,
    /// Search threads, sharing the table.
    pub threads: usize,
    /// Table size in bytes.
    pub memory: usize,
    /// Stop after this long.
    pub time: Option<Duration>,
    /// Resume from and save to this file.
    pub checkpoint: Option<&'a Path>,
    /// Set by Ctrl-C.
    pub stop: Arc<AtomicBool>,
    /// Print the headline and what was resumed.
    pub verbose: bool,
    /// Show the search's progress (`progress.rs`).
    pub watch: bool,
    /// Stop after this many more positions of the proof-number search.
    pub positions: Option<u64>,
    /// Called with the search once it is ready to run (a status display
    /// may keep its counters).
    pub started: Option<&'a dyn Fn(&Prover)>,
}

/// A finished (or interrupted) search.
pub struct Solved {
    /// The search, for the best move and the certificate.
    pub prover: Prover,
    /// The value, if the search found it (converted from the search's
    /// verdict once, here: see `value.rs`).
    pub value: Option<Value>,
    /// Time spent in this process.
    pub elapsed: Duration,
}

/// Runs the search of `job` (see the module docs).
///
/// # Errors
/// A position the prover does not take, or a checkpoint that cannot be read
/// or written.
pub fn solve(job: &Job) -> Result<Solved, String> {
    let tuning = tuning_from_env(std::env::var("HYPERTAC_PROVE_OFF").ok().as_deref())?;
    let mut prover = Prover::with_tuning(job.pos, job.memory, tuning).map_err(|e| e.to_string())?;
    prover.set_threads(job.threads);
    if job.verbose {
        let threads = match job.threads {
            1 => String::new(),
            n => format!(", {n} threads"),
        };
        println!(
            "proving {}: {} symmetries, table up to {} MiB{threads}",
            describe_root(job.pos),
            prover.symmetries(),
            prover.table_bytes() >> 20
        );
    }
    if let Some(path) = job.checkpoint {
        if path.exists() {
            let mut file = std::fs::File::open(path)
                .map_err(|e| format!("cannot open checkpoint {}: {e}", path.display()))?;
            let n = prover
                .read_checkpoint(&mut std::io::BufReader::new(&mut file))
                .map_err(|e| format!("{}: {e}", path.display()))?;
            if job.verbose {
                println!(
                    "resumed from {}: {n} positions of the table",
                    path.display()
                );
            }
        }
    }
    if let Some(started) = job.started {
        started(&prover);
    }
    let start = Instant::now();
    let deadline = job.time.map(|t| start + t);
    let watcher = job.watch.then(|| Watcher::start(prover.counters(), start));
    if let Some(n) = job.positions {
        prover.set_node_limit(n);
    }
    if let Some(path) = job.checkpoint {
        prover.autosave(CHECKPOINT_EVERY, file_sink(path, "checkpoint"));
    }
    let budget = Budget {
        deadline,
        stop: Some(job.stop.clone()),
    };
    // Which question first: `HYPERTAC_PROVE_FIRST=X` or `O`, or both in
    // turns (`turns`, as `hypertac book` asks; see prove.md).
    let turns = match std::env::var("HYPERTAC_PROVE_FIRST").as_deref() {
        Ok("X" | "x") => {
            prover.ask_first(hypertac_core::Player::X);
            false
        }
        Ok("O" | "o") => {
            prover.ask_first(hypertac_core::Player::O);
            false
        }
        Ok("turns") => true,
        _ => false,
    };
    let verdict = if turns {
        prover.run_in_turns(hypertac_ai::prove::FIRST_TURN, &budget)
    } else {
        prover.run(&budget)
    };
    let saved = match (prover.autosave_error(), job.checkpoint) {
        (Some(e), _) => Err(e.to_string()),
        (None, Some(path)) => save_checkpoint(&prover, path),
        (None, None) => Ok(()),
    };
    if let Some(w) = watcher {
        w.finish();
    }
    saved?;
    Ok(Solved {
        prover,
        value: value_of(verdict),
        elapsed: start.elapsed(),
    })
}

/// The certificate of a solved position (its value must be known), its
/// walk shown as it goes and stopped by `stop` (Ctrl-C). With a
/// `checkpoint` the walk saves its progress beside it ([`walk_file`]) and
/// goes on from a save there; that save's path comes back with the
/// certificate, for the caller to remove once the certificate is written.
///
/// # Errors
/// The value is unknown, the walk was stopped, a save there cannot be
/// read or written, or (a bug) the walk found a hole.
pub fn certificate(
    solved: &mut Solved,
    checkpoint: Option<&Path>,
    stop: Arc<AtomicBool>,
) -> Result<(Certificate, Option<PathBuf>), String> {
    solved.prover.stop_walk_on(stop);
    let walk = checkpoint.map(walk_file);
    if let Some(walk) = &walk {
        resume_or_save_walk(&mut solved.prover, walk)?;
    }
    let seconds = solved.elapsed.as_secs_f64();
    let counters = solved.prover.counters();
    let start = Instant::now();
    let watcher = Watcher::show(move || {
        let top = match counters.top_replies.load(Ordering::Relaxed) {
            0 => String::new(),
            n => format!(
                ", {} of {n} replies to the first move done",
                counters.top_replies_done.load(Ordering::Relaxed)
            ),
        };
        format!(
            "building the certificate: {} positions walked, {} entries{top}, {:.0} s",
            counters.walked.load(Ordering::Relaxed),
            counters.entries.load(Ordering::Relaxed),
            start.elapsed().as_secs_f64()
        )
    });
    let cert = solved
        .prover
        .proof_file(concat!("hypertac ", env!("CARGO_PKG_VERSION")), seconds)
        .map_err(|e| e.to_string());
    watcher.finish();
    Ok((cert?, walk))
}

/// Where the certificate's walk saves its progress beside a checkpoint:
/// the checkpoint's name with `.walk` added.
pub fn walk_file(checkpoint: &Path) -> PathBuf {
    let mut name = checkpoint.as_os_str().to_owned();
    name.push(".walk");
    PathBuf::from(name)
}

/// Has the certificate's walk save its progress to `path` every minute
/// (or ten times as long as a save takes), going on from the walk saved
/// there if there is one (and saying so).
///
/// # Errors
/// The file exists but cannot be read, or is not a walk of this position.
fn resume_or_save_walk(prover: &mut Prover, path: &Path) -> Result<(), String> {
    match std::fs::File::open(path) {
        Ok(f) => {
            let mut r = std::io::BufReader::new(f);
            let n = prover
                .resume_walk(&mut r)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            println!(
                "certificate walk resumed from {}: {n} entries",
                path.display()
            );
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    }
    prover.save_walk(CHECKPOINT_EVERY, file_sink(path, "the walk's save"));
    Ok(())
}

/// Saves the prover writes from inside a search or walk: to `path`,
/// atomically (temporary file, then rename); a failure names `what`.
fn file_sink(path: &Path, what: &'static str) -> CheckpointSink {
    let path = path.to_path_buf();
    Box::new(move |write| {
        atomic_file::write_with(&path, |w| write(w))
            .map_err(|e| format!("cannot write {what} {}: {e}", path.display()))
    })
}

/// Writes `cert` to `path` and prints its line: `proof: PATH (N entries,
/// B bytes, VERB in S s)`, S counted from `since`.
///
/// # Errors
/// The file cannot be written.
pub fn save_certificate(
    cert: &Certificate,
    path: &Path,
    verb: &str,
    since: Instant,
    cpu_since: f64,
) -> Result<(), String> {
    cert.save(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let entries: usize = cert.sections.iter().map(hypertac_proof::Section::len).sum();
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    println!(
        "proof: {} ({entries} entries, {bytes} bytes, {verb} in {:.1} s, CPU {:.1} s)",
        path.display(),
        since.elapsed().as_secs_f64(),
        cpu_seconds() - cpu_since
    );
    Ok(())
}

fn save_checkpoint(prover: &Prover, path: &Path) -> Result<(), String> {
    atomic_file::write_with(path, |w| prover.write_checkpoint(w))
        .map_err(|e| format!("cannot write checkpoint {}: {e}", path.display()))
}

/// CPU time of this process so far, user and system, every thread, in
/// seconds (0 if the system does not say).
pub fn cpu_seconds() -> f64 {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage writes a whole rusage into the pointer it is given
    // and reads nothing from it; it is read only if the call succeeded.
    let usage = unsafe {
        if libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) != 0 {
            return 0.0;
        }
        usage.assume_init()
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Peak resident memory in KiB (Linux).
pub fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The search's techniques with those named in `off` (the environment's
/// `HYPERTAC_PROVE_OFF`, comma-separated; for measuring what each is
/// worth, docs/prove.md) switched off.
fn tuning_from_env(off: Option<&str>) -> Result<hypertac_ai::prove::Tuning, String> {
    let mut t = hypertac_ai::prove::Tuning::default();
    for name in off
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        match name {
            "potential" => t.potential = false,
            "pairings" => t.pairings = false,
            "pairing-moves" => t.pairing_moves = false,
            "zones" => t.zones = false,
            "attacker-zones" => t.attacker_zones = false,
            "defender-sequences" => t.defender_sequences = false,
            "threat-sequences" => t.threat_sequences = false,
            "threes" => t.threes = 0,
            "killers" => t.killers = false,
            "zone-checks" => t.zone_checks = false,
            _ => {
                return Err(format!(
                    "HYPERTAC_PROVE_OFF: unknown technique {name:?} (potential, pairings, pairing-moves, zones, attacker-zones, defender-sequences, threat-sequences, threes, killers, zone-checks)"
                ))
            }
        }
    }
    // Off by default (measured: no gain); `HYPERTAC_PROVE_POTENTIAL_ORDER=1`
    // orders the defender's moves by their potential weight.
    if std::env::var("HYPERTAC_PROVE_POTENTIAL_ORDER").is_ok_and(|v| v == "1") {
        t.defender_potential_order = true;
    }
    if std::env::var("HYPERTAC_PROVE_HALL_ORDER").is_ok_and(|v| v == "1") {
        t.defender_hall_order = true;
    }
    if let Ok(n) = std::env::var("HYPERTAC_PROVE_PLAN") {
        t.pairing_plan = n
            .parse()
            .map_err(|_| format!("HYPERTAC_PROVE_PLAN: {n:?}"))?;
    }
    if let Ok(n) = std::env::var("HYPERTAC_PROVE_PLAN_DEEPEN") {
        t.plan_deepen_after = n.parse().map_err(|_| {
            format!("HYPERTAC_PROVE_PLAN_DEEPEN: {n:?} is not a number of positions")
        })?;
    }
    if let Ok(n) = std::env::var("HYPERTAC_PROVE_PLAN_LIMIT") {
        t.plan_matchings = n
            .parse()
            .map_err(|_| format!("HYPERTAC_PROVE_PLAN_LIMIT: {n:?}"))?;
    }
    if let Ok(depth) = std::env::var("HYPERTAC_PROVE_THREES") {
        t.threes = depth
            .parse()
            .map_err(|_| format!("HYPERTAC_PROVE_THREES: {depth:?} is not a depth in threes"))?;
    }
    Ok(t)
}
