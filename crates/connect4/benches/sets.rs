//! Benchmark over the public Connect Four test sets.
//!
//! ```text
//! cargo bench -p hypertac-connect4 --bench sets                 # all six sets
//! cargo bench -p hypertac-connect4 --bench sets -- L2_R2 L1_R3:5 # some, with limits
//! cargo bench -p hypertac-connect4 --bench sets -- empty          # the empty board
//! ```
//!
//! Every position is solved (strong score) by one solver per set, without
//! opening book, and checked against the expected score. As in the public
//! solvers' test programs, the table is cleared before each position,
//! outside the timing (`C4_KEEP_TABLE=1` keeps it between positions, as
//! the command line does). Environment: `C4_TT_LOG2` (default 20) sets the
//! transposition table size, `C4_THREADS` (default 1) the number of search
//! threads, `C4_DATA` the directory of the sets (default
//! `../shared/bench/connect4/` next to the repository). Means and medians
//! are printed.
//!
//! A/B mode: with `C4_AB=<bits>`, two solvers solve each position in turn,
//! A the normal one and B with the techniques the bits switch (see
//! [`tuning_from_bits`]; 0: none); `C4_THREADS_A`, `C4_THREADS_B` and
//! `C4_TT_LOG2_B` set their threads and B's table. Both see the same
//! machine load, so the ratio B / A is far steadier than two separate
//! runs on this shared machine.

use hypertac_connect4::{Position, Solver, Tuning};
use std::time::Instant;

const DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/bench/connect4/"
);

/// (set, default number of positions, best public mean time in µs:
/// Pons part12, Pons latest, BitBully, Steininger).
const SETS: [(&str, usize, [f64; 4]); 7] = [
    ("L3_R1", 1000, [8.4, 9.4, 13.0, 46.6]),
    ("L2_R1", 1000, [51.0, 61.0, 174.0, 139.0]),
    ("L2_R2", 1000, [4000.0, 4560.0, 4090.0, 2150.0]),
    ("L1_R1", 1000, [320.0, 370.0, 5280.0, 4810.0]),
    ("L1_R2", 200, [114e3, 129e3, 112e3, 89e3]),
    ("L1_R3", 20, [2.89e6, 3.04e6, 2.04e6, 1.17e6]),
    // The empty board (not run by default; Pons part12 has no figure, its
    // latest version's is used).
    ("empty", 1, [435e6, 435e6, 183e6, 25e6]),
];

#[repr(C)]
struct Timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

#[cfg(target_os = "linux")]
extern "C" {
    fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
}

/// The time of clock `clock` in seconds, 0 where unsupported.
fn clock_seconds(clock: i32) -> f64 {
    #[cfg(target_os = "linux")]
    {
        let mut ts = Timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid out-pointer for clock_gettime.
        if unsafe { clock_gettime(clock, &mut ts) } == 0 {
            return ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9;
        }
    }
    let _ = clock;
    0.0
}

/// CPU time of this process in seconds (the machine is shared, so wall
/// time also counts time spent waiting for a core).
fn cpu_seconds() -> f64 {
    const CLOCK_PROCESS_CPUTIME_ID: i32 = 2;
    clock_seconds(CLOCK_PROCESS_CPUTIME_ID)
}

/// CPU time of this thread in seconds.
fn thread_cpu_seconds() -> f64 {
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    clock_seconds(CLOCK_THREAD_CPUTIME_ID)
}

/// The solver of `C4_AB=<bits>`: bit 0: no small table level; bit 1:
/// claimeven bounds also where they cannot cut; bit 2: no staged table
/// move; bits 4-5: threads that joined a search reorder the moves this
/// many plies below the root too; bit 6: no ABDADA deferral; bit 7: no
/// zugzwang rule.
fn tuning_from_bits(bits: u32) -> Tuning {
    let on = |bit: u32| bits >> bit & 1 == 1;
    Tuning {
        small_table_level: !on(0),
        claimeven_everywhere: on(1),
        staged_move: !on(2),
        joined_reorder_plies: (bits >> 4) & 3,
        abdada: !on(6),
        zugzwang: !on(7),
    }
}

/// A/B run: the normal solver (A) and one with experiment switches `bits`
/// (B) solve each position in turn, so that both see the same machine
/// load; prints their CPU times and the ratio.
fn compare(name: &str, cases: &[(Position, i32)], tt_log2: u32, bits: u32) {
    let tt_b = std::env::var("C4_TT_LOG2_B")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(tt_log2);
    let mut solvers = [Solver::new(tt_log2), Solver::new(tt_b)];
    solvers[1].set_tuning(tuning_from_bits(bits));
    let threads_b = std::env::var("C4_THREADS_B")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    solvers[1].set_threads(threads_b);
    let threads_a = std::env::var("C4_THREADS_A")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    solvers[0].set_threads(threads_a);
    let mut cpu = [0.0f64; 2];
    let mut wall = [0.0f64; 2];
    let mut walls: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut wrong = [0usize; 2];
    let keep = keep_table();
    let mut slower = 0usize;
    for (k, (pos, expected)) in cases.iter().enumerate() {
        let mut this = [0.0f64; 2];
        // Alternate which goes first, in case order matters (caches).
        for j in [k % 2, 1 - k % 2] {
            if !keep {
                solvers[j].reset_table();
            }
            let c = thread_cpu_seconds();
            let t = Instant::now();
            let s = solvers[j].solve(pos, false);
            this[j] = t.elapsed().as_secs_f64();
            wall[j] += this[j];
            walls[j].push(this[j]);
            cpu[j] += thread_cpu_seconds() - c;
            if s != *expected {
                wrong[j] += 1;
            }
        }
        if this[1] > this[0] {
            slower += 1;
        }
    }
    let n = cases.len() as f64;
    let [med_a, med_b] = walls.map(|mut w| median(&mut w));
    println!(
        "| {name} | {} | {} | {} | {:.0} | {:.0} | {:.3} | {} | {} | {:.3} | {} | {} | {:.3} | {:.0}% |",
        cases.len(),
        fmt_time(cpu[0] * 1e6 / n),
        fmt_time(cpu[1] * 1e6 / n),
        solvers[0].node_count() as f64 / n,
        solvers[1].node_count() as f64 / n,
        cpu[1] / cpu[0],
        fmt_time(wall[0] * 1e6 / n),
        fmt_time(wall[1] * 1e6 / n),
        wall[1] / wall[0],
        fmt_time(med_a * 1e6),
        fmt_time(med_b * 1e6),
        med_b / med_a,
        slower as f64 * 100.0 / n
    );
    if wrong != [0, 0] {
        println!(
            "  !! wrong scores in {name}: A {}, B {}",
            wrong[0], wrong[1]
        );
        std::process::exit(1);
    }
}

/// Is the table kept between positions (`C4_KEEP_TABLE=1`)?
fn keep_table() -> bool {
    std::env::var("C4_KEEP_TABLE").is_ok_and(|v| v == "1")
}

/// Median of `v` (sorted in place).
fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn fmt_time(us: f64) -> String {
    if us < 1e3 {
        format!("{us:.2} µs")
    } else if us < 1e6 {
        format!("{:.3} ms", us / 1e3)
    } else {
        format!("{:.3} s", us / 1e6)
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let tt_log2: u32 = std::env::var("C4_TT_LOG2")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let mut wanted: Vec<(usize, usize)> = Vec::new();
    if args.is_empty() {
        wanted = SETS
            .iter()
            .enumerate()
            .filter(|(_, s)| s.0 != "empty")
            .map(|(i, s)| (i, s.1))
            .collect();
    } else {
        for a in &args {
            let (name, limit) = match a.split_once(':') {
                Some((n, l)) => (n, l.parse().ok()),
                None => (a.as_str(), None),
            };
            let name = name.trim_start_matches("Test_");
            match SETS.iter().position(|s| s.0 == name) {
                Some(i) => wanted.push((i, limit.unwrap_or(SETS[i].1))),
                None => {
                    eprintln!("unknown set {a}");
                    std::process::exit(2);
                }
            }
        }
    }
    let threads: usize = std::env::var("C4_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let ab: Option<u32> = std::env::var("C4_AB").ok().and_then(|v| v.parse().ok());
    if ab.is_some() {
        println!("| set | positions | A: mean CPU time | B: mean CPU time (main thread) | A nodes | B nodes | B / A CPU time | A: mean wall time | B: mean wall time | B / A wall time | A: median wall | B: median wall | B / A median | B slower |");
        println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    } else {
        // With one thread the ratios use the CPU time (on this shared
        // machine wall time also counts waiting for a core); with more,
        // the wall time (the CPU time adds up the threads).
        let basis = if threads > 1 { "wall time" } else { "CPU time" };
        println!("threads: {threads}");
        println!("| set | positions | mean time (wall) | mean CPU time | median (wall) | mean nodes | Mnodes/s (CPU) | {basis} vs Pons part12 | {basis} vs best public |");
        println!("|---|---|---|---|---|---|---|---|---|");
    }
    let mut failed = false;
    for (i, limit) in wanted {
        let (name, _, refs) = SETS[i];
        // `C4_DATA`: the sets' directory, when not `../shared/bench/connect4/`
        // next to the repository (e.g. from a git worktree elsewhere).
        let dir = std::env::var("C4_DATA").map_or(DATA.to_string(), |d| format!("{d}/"));
        let path = format!("{dir}Test_{name}");
        let text = if name == "empty" {
            // The first player wins with its last stone.
            "1".to_string()
        } else {
            std::fs::read_to_string(&path).unwrap_or_else(|e| {
                eprintln!("cannot read benchmark set {path}: {e}");
                std::process::exit(2);
            })
        };
        let cases: Vec<(Position, i32)> = text
            .lines()
            .take(limit)
            .map(|l| {
                // `<moves> <score>`, or only the score for the empty board.
                let (moves, score) = l.trim().rsplit_once(' ').unwrap_or(("", l.trim()));
                let pos = Position::from_moves(moves).expect("valid position");
                let score: i32 = score.parse().expect("score");
                (pos, score)
            })
            .collect();
        if let Some(bits) = ab {
            compare(name, &cases, tt_log2, bits);
            continue;
        }
        let mut solver = Solver::new(tt_log2);
        solver.set_threads(threads);
        let keep = keep_table();
        let mut secs = 0.0;
        let mut cpu = 0.0;
        let mut walls = Vec::with_capacity(cases.len());
        let mut wrong = 0;
        for (pos, expected) in &cases {
            if !keep {
                solver.reset_table();
            }
            let t = Instant::now();
            let c = cpu_seconds();
            if solver.solve(pos, false) != *expected {
                wrong += 1;
            }
            cpu += cpu_seconds() - c;
            let w = t.elapsed().as_secs_f64();
            secs += w;
            walls.push(w);
        }
        let n = cases.len() as f64;
        let wall_us = secs * 1e6 / n;
        let mean_us = cpu * 1e6 / n;
        let best = refs.iter().cloned().fold(f64::INFINITY, f64::min);
        let time_us = if threads > 1 { wall_us } else { mean_us };
        println!(
            "| {name} | {} | {} | {} | {} | {:.0} | {:.1} | {:.3} | {:.3} |",
            cases.len(),
            fmt_time(wall_us),
            fmt_time(mean_us),
            fmt_time(median(&mut walls) * 1e6),
            solver.node_count() as f64 / n,
            solver.node_count() as f64 / cpu / 1e6,
            time_us / refs[0],
            time_us / best
        );
        if wrong > 0 {
            println!("  !! {wrong} wrong scores in {name}");
            failed = true;
        }
    }
    if failed {
        std::process::exit(1);
    }
}
