//! Plays the schedule on `jobs` worker threads. Workers take games in
//! schedule order and hand back what the report needs; the caller sees the
//! games as they finish and reports them in schedule order.

use super::game::{self, End};
use super::report;
use super::schedule::GameSpec;
use super::tournament::Tournament;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// A finished game, reduced to what the report needs.
#[derive(Clone, Debug)]
pub struct Played {
    /// How it ended.
    pub end: End,
    /// The human-readable line.
    pub line: String,
    /// The `--log` JSON line.
    pub log: String,
    /// A problem writing its record file, if any.
    pub record_error: Option<String>,
}

/// Plays every game of `games` (stopping early when `stop` is raised), out
/// of `total` games in the whole schedule; `on_played(index, played)` is
/// called on this thread as each game ends, in completion order, with its
/// position in `games`.
pub fn play_all(
    tournament: &Tournament,
    games: &[GameSpec],
    total: usize,
    stop: &AtomicBool,
    mut on_played: impl FnMut(usize, Played),
) {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, Played)>();
    thread::scope(|scope| {
        for _ in 0..tournament.jobs.min(games.len()) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(spec) = games.get(i) else {
                    break;
                };
                let played = play_one(tournament, spec, total, stop);
                if tx.send((i, played)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (i, played) in rx {
            on_played(i, played);
        }
    });
}

fn play_one(tournament: &Tournament, spec: &GameSpec, total: usize, stop: &AtomicBool) -> Played {
    let names = tournament.names();
    let board = &tournament.boards[spec.board];
    let game = game::play(
        board,
        &tournament.bots[spec.x].command,
        &tournament.bots[spec.o].command,
        tournament.move_timeout,
        tournament.adjudicate_dead,
        stop,
    );
    let tag = report::LogTag {
        tournament: tournament.fingerprint.clone(),
        games: total,
        shard: tournament.shard,
    };
    let mut record_error = None;
    if let (Some(dir), false) = (&tournament.record_dir, game.end == End::Interrupted) {
        let path = report::record_path(dir, &names, spec);
        if let Err(e) = std::fs::write(&path, report::record_json(&names, spec, &game)) {
            record_error = Some(format!("cannot write {}: {e}", path.display()));
        }
    }
    Played {
        line: report::game_line(&names, total, spec, board, &game),
        log: report::log_line(&names, spec, board, &game, &tag),
        end: game.end,
        record_error,
    }
}
