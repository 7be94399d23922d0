//! `hypertac bench prove`: the prover on a fixed list of positions, each
//! proved twice in this process, by the prover as it is and by a baseline
//! (the same df-pn without the static move order and without threat
//! sequence zones), so the ratios hold whatever the machine's load.

use hypertac_ai::prove::{Prover, Tuning, Verdict};
use hypertac_ai::Budget;
use hypertac_core::{notation, Position, Rules, Shape};
use std::time::{Duration, Instant};

/// The positions: (rules, moves).
fn positions() -> Vec<(Rules, &'static str)> {
    let shape = |s: &str, k: u32| Rules::new(Shape::parse(s).expect("shape"), k).expect("rules");
    let qubic = Rules::preset("qubic").expect("preset");
    vec![
        (shape("3x3x3", 3), ""),
        (shape("4x4", 4), ""),
        (shape("5x4", 4).with_gravity(Some(1)).expect("gravity"), ""),
        (shape("5x5", 4), ""),
        (qubic.clone(), "0,0,0;1,0,0;0,1,0;2,0,0"),
        (qubic.clone(), "0,0,0;1,1,0;3,3,3;2,2,1"),
        (qubic.clone(), "0,0,0;1,1,1;3,3,0;2,2,2"),
        (qubic.clone(), "0,0,0;1,0,0"),
        (qubic, "0,0,0;3,3,1"),
    ]
}

/// Proves every position with both settings, at most `seconds` each (at
/// least 60 s); returns the exit code.
pub fn run(seconds: f64) -> i32 {
    let cap = Duration::from_secs_f64(seconds.clamp(60.0, 3600.0));
    let baseline = Tuning {
        order_step: 0,
        threat_sequences: true,
        zones: false,
        zone_sequences: 1,
        attacker_zones: false,
        defender_sequences: false,
        pairings: false,
        potential: false,
        pairing_moves: false,
        list_pairs: false,
        defender_potential_order: false,
        defender_hall_order: false,
        pairing_plan: 0,
        plan_matchings: 0,
        plan_deepen_after: 0,
        helper_reverse_depth: 0,
        probe_batch: 0,
        threes: 0,
        settling_walk: true,
        killers: false,
        zone_checks: false,
    };
    println!(
        "{:<12} {:<26} {:<8} {:>10} {:>9} {:>10} {:>10} {:>9} {:>7} {:>7}",
        "board",
        "moves",
        "value",
        "positions",
        "time s",
        "pos/s",
        "base pos",
        "base s",
        "pos x",
        "time x"
    );
    let (mut total, mut base_total) = (0.0, 0.0);
    for (rules, moves) in positions() {
        let cells = notation::parse_move_list(rules.shape(), moves).expect("fixed moves");
        let pos = Position::from_moves(rules.clone(), &cells).expect("legal moves");
        let (v, n, t) = prove(&pos, Tuning::default(), cap);
        let (bv, bn, bt) = prove(&pos, baseline, cap);
        if v != Verdict::Unknown && bv != Verdict::Unknown && v != bv {
            eprintln!("hypertac bench: the two settings disagree on {rules} after {moves:?}");
            return 1;
        }
        total += t;
        base_total += bt;
        println!(
            "{:<12} {:<26} {:<8} {:>10} {:>9.2} {:>10.0} {:>10} {:>9.2} {:>7.2} {:>7.2}",
            rules.to_string(),
            if moves.is_empty() { "(empty)" } else { moves },
            name(v),
            n,
            t,
            n as f64 / t.max(1e-9),
            bn,
            bt,
            n as f64 / bn.max(1) as f64,
            t / bt.max(1e-9),
        );
    }
    println!(
        "total: {total:.2} s, baseline {base_total:.2} s, ratio {:.2} (a position the cap stopped counts its cap)",
        total / base_total.max(1e-9)
    );
    0
}

fn name(v: Verdict) -> String {
    match v {
        Verdict::Win(p) => format!("{p} wins"),
        Verdict::Draw => "draw".into(),
        Verdict::Unknown => "unknown".into(),
    }
}

fn prove(pos: &Position, tuning: Tuning, cap: Duration) -> (Verdict, u64, f64) {
    let mut prover = Prover::with_tuning(pos, 256 << 20, tuning).expect("provable board");
    let start = Instant::now();
    let v = prover.run(&Budget {
        deadline: Some(start + cap),
        stop: None,
    });
    (v, prover.positions().0, start.elapsed().as_secs_f64())
}
