//! `hypertac prove`: the exact value of a position, with a certificate that
//! `hypertac verify` checks.
//!
//! The search runs in slices of at most a minute; after each slice the
//! solved part of the table goes to `--checkpoint` (written to a temporary
//! file, then renamed), so Ctrl-C or a kill loses at most the last minute,
//! and the same command with the same `--checkpoint` resumes.

use crate::rules_args::RulesArgs;
use hypertac_ai::prove::{Counters, Prover, Strategy, Verdict};
use hypertac_ai::Budget;
use hypertac_core::record::RulesSpec;
use hypertac_core::{notation, Player, Position};
use hypertac_proof::{Certificate, Goal, Section, Value};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Longest search slice between checkpoints.
const SLICE: Duration = Duration::from_secs(60);

/// Arguments of the subcommand.
#[derive(clap::Args, Debug)]
pub struct ProveArgs {
    /// The game's rules (the prover handles the win rule `first`).
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The position: moves from the empty board, `x,y,z;x,y,z`, X first.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Search threads (the search runs on one; more are accepted for later versions).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 1024)]
    pub memory: usize,
    /// Stop after this long (e.g. 90s, 10m, 2h; default: until solved).
    #[arg(long, value_parser = parse_duration)]
    pub time: Option<Duration>,
    /// Save progress to this file every minute, and resume from it.
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Write the certificate here once the value is known.
    #[arg(long)]
    pub proof: Option<PathBuf>,
}

/// Parses `90`, `90s`, `10m`, `2h` or `1h30m`.
fn parse_duration(text: &str) -> Result<Duration, String> {
    let bad = || format!("{text:?} is not a duration: expected e.g. 90s, 10m, 2h or 1h30m");
    let t = text.trim();
    if t.is_empty() || t.len() > 32 {
        return Err(bad());
    }
    if let Ok(secs) = t.parse::<u64>() {
        return Ok(Duration::from_secs(secs));
    }
    let mut total = 0u64;
    let mut number = String::new();
    for ch in t.chars() {
        if ch.is_ascii_digit() {
            number.push(ch);
            continue;
        }
        let unit = match ch {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            'd' => 86400,
            _ => return Err(bad()),
        };
        let n: u64 = number.parse().map_err(|_| bad())?;
        total = total.saturating_add(n.saturating_mul(unit));
        number.clear();
    }
    if !number.is_empty() {
        return Err(bad());
    }
    Ok(Duration::from_secs(total))
}

/// Runs the subcommand; returns the exit code.
pub fn run(args: &ProveArgs) -> i32 {
    match prove(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("hypertac prove: {e}");
            2
        }
    }
}

fn prove(args: &ProveArgs) -> Result<(), String> {
    let rules = args.rules.rules()?;
    if args.threads == 0 || args.threads > 256 {
        return Err("--threads: expected 1 to 256".into());
    }
    if args.memory == 0 || args.memory > 1 << 20 {
        return Err("--memory: expected 1 to 1048576 MiB".into());
    }
    let moves = notation::parse_move_list(rules.shape(), &args.moves)
        .map_err(|e| format!("--moves: {e}"))?;
    let pos = Position::from_moves(rules.clone(), &moves)
        .map_err(|(i, e)| format!("--moves: move {} is illegal: {e}", i + 1))?;
    let mut prover = Prover::new(&pos, args.memory << 20).map_err(|e| e.to_string())?;
    println!(
        "proving {rules}{}: {} symmetries, table {} MiB",
        if moves.is_empty() {
            " from the empty board".to_string()
        } else {
            format!(
                " after {}",
                notation::format_move_list(rules.shape(), &moves)
            )
        },
        prover.symmetries(),
        prover.table_bytes() >> 20
    );
    if let Some(path) = &args.checkpoint {
        if path.exists() {
            let mut file = std::fs::File::open(path)
                .map_err(|e| format!("cannot open checkpoint {}: {e}", path.display()))?;
            let n = prover
                .read_checkpoint(&mut std::io::BufReader::new(&mut file))
                .map_err(|e| format!("{}: {e}", path.display()))?;
            println!("resumed from {}: {n} solved positions", path.display());
        }
    }
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed));
    }
    let start = Instant::now();
    let deadline = args.time.map(|t| start + t);
    let watcher = Watcher::start(prover.counters(), start);
    let verdict = loop {
        let slice_end = Instant::now() + SLICE;
        let budget = Budget {
            deadline: Some(deadline.map_or(slice_end, |d| d.min(slice_end))),
            stop: Some(stop.clone()),
        };
        let verdict = prover.run(&budget);
        if let Some(path) = &args.checkpoint {
            save_checkpoint(&prover, path)?;
        }
        let out_of_time = deadline.is_some_and(|d| Instant::now() >= d);
        if verdict != Verdict::Unknown || out_of_time || stop.load(Ordering::Relaxed) {
            break verdict;
        }
    };
    watcher.finish();
    let elapsed = start.elapsed();
    let (nodes, threat_nodes) = prover.positions();
    let best = prover.best_move();
    let value = match verdict {
        Verdict::Win(p) => format!("{p} wins"),
        Verdict::Draw => "draw".into(),
        Verdict::Unknown => "unknown".into(),
    };
    println!("value: {value}");
    if let Some(best) = best {
        println!("best move: {}", notation::format_cell(rules.shape(), best));
    }
    println!(
        "positions: {nodes} proof-number, {threat_nodes} threat-sequence; time {:.1} s; peak memory {}",
        elapsed.as_secs_f64(),
        peak_memory().map_or("unknown".into(), |kb| format!("{} MiB", kb >> 10))
    );
    let Some(path) = &args.proof else {
        return Ok(());
    };
    let value = match verdict {
        Verdict::Win(p) => Value::Win(p),
        Verdict::Draw => Value::Draw,
        Verdict::Unknown => {
            println!("no proof written: the value is not known yet");
            return Ok(());
        }
    };
    let t = Instant::now();
    let strategies = prover.certificate().map_err(|e| e.to_string())?;
    let cells = rules.shape().cell_count();
    let sections: Vec<Section> = strategies.iter().map(|s| section(s, cells)).collect();
    let cert = Certificate {
        rules: RulesSpec::of(&rules),
        moves,
        value,
        best,
        sections,
        stats: serde_json::json!({
            "program": concat!("hypertac ", env!("CARGO_PKG_VERSION")),
            "positions": nodes,
            "threat_positions": threat_nodes,
            "seconds": elapsed.as_secs_f64(),
            "symmetries": prover.symmetries(),
        }),
    };
    cert.save(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let entries: usize = cert.sections.iter().map(Section::len).sum();
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    println!(
        "proof: {} ({entries} entries, {bytes} bytes, built in {:.1} s)",
        path.display(),
        t.elapsed().as_secs_f64()
    );
    Ok(())
}

fn section(s: &Strategy, cells: u64) -> Section {
    let goal = if s.win { Goal::Win } else { Goal::NotLose };
    let mut out = Section::new(s.player, goal, cells);
    for e in &s.entries {
        out.push(&e.x, &e.o, hypertac_core::Cell(u64::from(e.mv)));
    }
    out
}

fn save_checkpoint(prover: &Prover, path: &Path) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    let write = || -> std::io::Result<()> {
        let file = std::fs::File::create(&tmp)?;
        let mut w = std::io::BufWriter::new(file);
        prover.write_checkpoint(&mut w)?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| format!("cannot write checkpoint {}: {e}", path.display()))
}

/// Peak resident memory in KiB (Linux).
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Shows the search's progress: a spinner line on a terminal, a plain line
/// every ten seconds otherwise (on stderr).
struct Watcher {
    done: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Watcher {
    fn start(counters: Arc<Counters>, start: Instant) -> Watcher {
        let done = Arc::new(AtomicBool::new(false));
        let flag = done.clone();
        let terminal = std::io::stderr().is_terminal();
        let thread = std::thread::spawn(move || {
            let bar = terminal.then(|| {
                let bar = indicatif::ProgressBar::new_spinner();
                bar.enable_steady_tick(Duration::from_millis(200));
                bar
            });
            let mut last_line = Instant::now();
            while !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(250));
                let line = status(&counters, start);
                match &bar {
                    Some(bar) => bar.set_message(line),
                    None if last_line.elapsed() >= Duration::from_secs(10) => {
                        eprintln!("{line}");
                        last_line = Instant::now();
                    }
                    None => {}
                }
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
        });
        Watcher {
            done,
            thread: Some(thread),
        }
    }

    fn finish(mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn status(c: &Counters, start: Instant) -> String {
    let secs = start.elapsed().as_secs_f64().max(1e-3);
    let nodes = c.nodes.load(Ordering::Relaxed);
    let attacker = if c.attacker.load(Ordering::Relaxed) == 0 {
        Player::X
    } else {
        Player::O
    };
    let number = |n: u64| {
        if n >= u64::from(1u32 << 30) {
            "inf".to_string()
        } else {
            n.to_string()
        }
    };
    format!(
        "{attacker} wins? root pn {} dn {}  {nodes} positions ({:.0}/s), {} threat positions, table {} entries, {:.0} s",
        number(c.root_pn.load(Ordering::Relaxed)),
        number(c.root_dn.load(Ordering::Relaxed)),
        nodes as f64 / secs,
        c.threat_nodes.load(Ordering::Relaxed),
        c.table_used.load(Ordering::Relaxed),
        secs
    )
}

#[cfg(test)]
mod tests {
    use super::parse_duration;
    use std::time::Duration;

    #[test]
    fn durations_parse() {
        assert_eq!(parse_duration("90").unwrap(), Duration::from_secs(90));
        assert_eq!(parse_duration("1h30m").unwrap(), Duration::from_secs(5400));
        assert_eq!(parse_duration("10m").unwrap(), Duration::from_secs(600));
        assert!(parse_duration("10x").is_err());
        assert!(parse_duration("m").is_err());
        assert!(parse_duration("").is_err());
    }
}
