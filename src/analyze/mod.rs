//! `hypertac analyze`: every legal move of a position with its value after
//! it (`X wins`, `O wins`, `draw`, `unknown`), proved, from the shipped
//! certificates, the prover under `--time`, or Connect Four's solver
//! (`hypertac_ai::analyze`); `--review` goes through a game move by move.

pub mod view;

use crate::rules_args::RulesArgs;
use hypertac_ai::analyze::{Analysis, Analyzer};
use hypertac_ai::Budget;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use view::{analysis_view, parse_position, review_view};

/// Arguments of `hypertac analyze`.
#[derive(clap::Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The position: moves from the empty board, `x,y,z;x,y,z` (on gravity
    /// boards columns; Connect Four also as a column string `4453`).
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Print JSON (the same as `GET /api/analyze`).
    #[arg(long)]
    pub json: bool,
    /// Time the prover may take for the whole answer (`30`, `2m`, `500ms`);
    /// moves not settled by then are `unknown`.
    #[arg(long, default_value = "30s")]
    pub time: String,
    /// Review the game: the value before and after each of its moves, and
    /// the moves that threw away a win or a draw (`--time` per position).
    #[arg(long)]
    pub review: bool,
    /// An opening book to use instead of the shipped one (written by
    /// `hypertac book`); a damaged or wrong book is refused.
    #[arg(long)]
    pub book: Option<std::path::PathBuf>,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: &AnalyzeArgs) -> i32 {
    match analyze(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}

fn analyze(args: &AnalyzeArgs) -> Result<(), String> {
    let time = crate::duration::parse(&args.time)
        .filter(|d| !d.is_zero() && *d <= Duration::from_secs(86_400))
        .ok_or_else(|| {
            format!(
                "--time {:?}: expected a duration up to a day, e.g. 30, 2m or 500ms",
                args.time
            )
        })?;
    let rules = args.rules.rules()?;
    let pos = parse_position(&rules, &args.moves).map_err(|e| format!("--moves: {e}"))?;
    let mut analyzer = Analyzer::default();
    if let Some(path) = &args.book {
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("--book {}: {e}", path.display()))?;
        let book = hypertac_ai::book::Book::parse(&text, &rules)
            .map_err(|e| format!("--book {}: {e}", path.display()))?;
        analyzer.set_book(book);
    }
    // Ctrl-C stops the prover: what is known by then is printed.
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed));
    }
    let mut out = std::io::stdout().lock();
    let written = if args.review {
        let budget = Budget {
            deadline: None,
            stop: Some(stop),
        };
        let review = analyzer.review(&pos, time, &budget);
        let view = review_view(&rules, &review);
        if args.json {
            writeln!(out, "{}", json(&view)?)
        } else {
            write_review(&mut out, &view)
        }
    } else {
        let budget = Budget {
            deadline: Some(Instant::now() + time),
            stop: Some(stop),
        };
        let analysis = analyzer.analyze(&pos, &budget).map_err(|e| e.to_string())?;
        if args.json {
            writeln!(out, "{}", json(&analysis_view(&pos, &analysis))?)
        } else {
            write_text(&mut out, &pos, &analysis)
        }
    };
    written.map_err(|e| format!("cannot write the output: {e}"))
}

fn json(value: &impl serde::Serialize) -> Result<String, String> {
    serde_json::to_string(value).map_err(|e| e.to_string())
}

/// The analysis as a table, best moves marked `*`.
fn write_text(
    out: &mut impl Write,
    pos: &hypertac_core::Position,
    analysis: &Analysis,
) -> std::io::Result<()> {
    let view = analysis_view(pos, analysis);
    let value = match &view.bound {
        Some(bound) => format!("unknown; {bound} (proved)"),
        None if view.value == "unknown" => view.value.clone(),
        None => format!("{} (proved)", view.value),
    };
    writeln!(
        out,
        "{} to move after {} moves: {value}",
        view.to_move,
        pos.moves().len(),
    )?;
    if let Some(reason) = view.reason.as_ref().or(view.why.as_ref()) {
        writeln!(out, "why: {reason}")?;
    }
    let width = view
        .moves
        .iter()
        .map(|m| m.text.len())
        .max()
        .unwrap_or(4)
        .max(4);
    // A bound is shown in place of an unknown value, and is proved.
    let shown = |m: &view::MoveView| m.bound.clone().unwrap_or_else(|| m.value.clone());
    let values = view
        .moves
        .iter()
        .map(|m| shown(m).len())
        .max()
        .unwrap_or(8)
        .max(8);
    // A reason, where a move has one, goes last (see `MoveView::why`).
    let whys = view.moves.iter().any(|m| m.why.is_some());
    let header = format!(
        "  {:width$}  {:values$}  {:6}  {:8}  {:11}{}",
        "move",
        "value",
        "proved",
        "distance",
        "source",
        if whys { "  why" } else { "" }
    );
    writeln!(out, "{}", header.trim_end())?;
    for m in &view.moves {
        let distance = m.distance.map_or_else(String::new, |d| d.to_string());
        let row = format!(
            "{} {:width$}  {:values$}  {:6}  {:8}  {:11}{}",
            if m.best { '*' } else { ' ' },
            m.text,
            shown(m),
            if m.proved || m.bound.is_some() {
                "yes"
            } else {
                "no"
            },
            distance,
            m.source,
            m.why
                .as_ref()
                .map_or_else(String::new, |w| format!("  {w}"))
        );
        writeln!(out, "{}", row.trim_end())?;
    }
    if !view.complete {
        let unknown = view
            .moves
            .iter()
            .filter(|m| !m.proved && m.bound.is_none())
            .count();
        let bounded = view.moves.iter().filter(|m| m.bound.is_some()).count();
        if bounded > 0 {
            writeln!(
                out,
                "{bounded} move(s) known in part (one side proved unable to win): give more with --time"
            )?;
        }
        if unknown > 0 {
            writeln!(
                out,
                "{unknown} move(s) unknown within the time: give more with --time"
            )?;
        }
    }
    Ok(())
}

fn write_review(out: &mut impl Write, view: &view::ReviewView) -> std::io::Result<()> {
    let width = view
        .review
        .iter()
        .map(|s| s.text.len())
        .max()
        .unwrap_or(4)
        .max(4);
    writeln!(
        out,
        "{:>4}  {:width$}  {:8}  {:8}",
        "ply", "move", "before", "after"
    )?;
    for s in &view.review {
        let note = match s.threw_away {
            Some(w) => format!("  <- {} threw away a {w}", s.player),
            None => String::new(),
        };
        writeln!(
            out,
            "{:>4}  {} {:width$}  {:8}  {:8}{note}",
            s.ply, s.player, s.text, s.before, s.after
        )?;
        if let Some(why) = &s.why {
            writeln!(out, "{:>4}  why it loses: {why}", "")?;
        }
        if let Some(missed) = &s.missed {
            writeln!(out, "{:>4}  {} had instead: {missed}", "", s.player)?;
        }
    }
    Ok(())
}
