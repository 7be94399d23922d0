//! `hypertac referee`: runs bot programs against each other and prints standings.
//!
//! Each bot is a shell command run afresh for every move (the n^d
//! tic-tac-toe tournament protocol): stdin is the board header (`n,d`) and
//! the moves so far (`x,y;x,y;...`, an empty line before the first move);
//! stdout must be one move `x,y,...` within the time limit. Anything else
//! loses the game. See docs/tournament.md.
//!
//! Files: [`tournament`] (arguments), [`schedule`] (which games),
//! [`spawn`] (one bot process), [`fault`] (reading its answer), [`game`] (one
//! game), [`runner`] (parallel games), [`scoring`] (points, ranking),
//! [`report`] (lines, table, log, records), [`shard`] (`--shard I/N`),
//! [`standings`] (`hypertac referee standings`: the table from logs).

mod fault;
mod game;
mod report;
mod runner;
mod schedule;
mod scoring;
mod shard;
mod spawn;
mod standings;
mod tournament;

use game::End;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use runner::Played;
use std::fs::File;
use std::io::{IsTerminal, LineWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;
use tournament::Tournament;

/// Arguments of the subcommand.
#[derive(clap::Args, Debug, Default)]
#[command(args_conflicts_with_subcommands = true)]
pub struct RefereeArgs {
    /// `standings` instead of playing a tournament.
    #[command(subcommand)]
    pub command: Option<RefereeCommand>,
    /// A bot: NAME=COMMAND, the command run through `sh -c` once per move. At least two.
    #[arg(long = "bot", value_name = "NAME=COMMAND")]
    pub bot: Vec<String>,
    /// Board sizes n: a range like 3..6 (inclusive) or one value [default: 3..6].
    #[arg(long, value_name = "N|A..B")]
    pub n: Option<String>,
    /// Dimensions d: a range like 2..5 (inclusive) or one value [default: 2..5].
    #[arg(long, value_name = "D|A..B")]
    pub d: Option<String>,
    /// Time limit of one move: 60s, 500ms, 2m [default: 60s].
    #[arg(long, value_name = "TIME")]
    pub move_timeout: Option<String>,
    /// Games played at once [default: number of cores].
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Write one JSON object per game to this file (JSON Lines).
    #[arg(long, value_name = "FILE.jsonl")]
    pub log: Option<PathBuf>,
    /// Save every game as a hypertac record in this folder.
    #[arg(long, value_name = "DIR")]
    pub record_dir: Option<PathBuf>,
    /// Rounds: each pair plays both colours on every board once per round [default: 1].
    #[arg(long, value_name = "R")]
    pub rounds: Option<usize>,
    /// Referee another game instead of n^d: tictactoe, qubic, 4d, connect4, connect4-3d, gomoku, "nd N D".
    #[arg(long, value_name = "PRESET")]
    pub rules: Option<String>,
    /// Play only shard I of N (from 0): the games whose schedule index is I modulo N.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// End a game as a draw as soon as no line can be completed by either
    /// side (every line holds stones of both). Off by default: games are
    /// played to a full board, as in the tournament.
    #[arg(long)]
    pub adjudicate_dead: bool,
}

/// What `hypertac referee` does instead of playing.
#[derive(clap::Subcommand, Debug)]
pub enum RefereeCommand {
    /// The standings table from the --log files of a tournament's shards.
    Standings(standings::StandingsArgs),
}

/// Raised by Ctrl-C: running bots are killed and the standings so far printed.
static STOP: AtomicBool = AtomicBool::new(false);

fn watch_ctrl_c() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        // Without the handler Ctrl-C still ends the referee, only less tidily.
        let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::SeqCst));
    });
}

/// Runs the subcommand; returns the process exit code (0 done, 1 a file
/// could not be written, 2 bad arguments, 130 stopped by Ctrl-C).
pub fn run(args: &RefereeArgs) -> i32 {
    if let Some(RefereeCommand::Standings(args)) = &args.command {
        return standings::run(args);
    }
    let opened = Tournament::from_args(args).and_then(|t| Ok((open_outputs(&t)?, t)));
    let (mut log, tournament) = match opened {
        Ok(opened) => opened,
        Err(e) => {
            eprintln!("hypertac referee: {e}");
            return 2;
        }
    };
    STOP.store(false, Ordering::SeqCst);
    watch_ctrl_c();

    let names = tournament.names();
    let schedule = schedule::schedule(names.len(), tournament.boards.len(), tournament.rounds);
    let total = schedule.len();
    let games = shard::select(tournament.shard, &schedule);
    // A closed or failing stdout (e.g. `| head`) stops the tournament
    // cleanly, as Ctrl-C does, instead of a panic.
    let stdout_failed = std::cell::Cell::new(false);
    let say = |text: &str| {
        if stdout_failed.get() {
            return;
        }
        if let Err(e) = crate::output::write_stdout(text) {
            eprintln!("hypertac referee: cannot write to standard output ({e}); stopping");
            stdout_failed.set(true);
            STOP.store(true, Ordering::SeqCst);
        }
    };
    say(&format!("{}\n", summary(&tournament, total, games.len())));
    let bar = progress_bar(games.len());
    let mut ends: Vec<Option<End>> = vec![None; games.len()];
    let mut pending: Vec<Option<Played>> = vec![None; games.len()];
    let mut reported = 0;
    let mut failed_writes = false;
    // Reports games in schedule order; once every worker is done (`all_done`),
    // skips the games Ctrl-C left unplayed.
    let mut report_ready =
        |pending: &mut [Option<Played>], all_done: bool, reported: &mut usize| {
            while *reported < pending.len() {
                if let Some(p) = pending[*reported].take() {
                    if p.end != End::Interrupted {
                        bar.suspend(|| say(&format!("{}\n", p.line)));
                        if let Some(w) = &mut log {
                            if let Err(e) = writeln!(w, "{}", p.log) {
                                eprintln!("hypertac referee: cannot write the log: {e}");
                                log = None;
                                failed_writes = true;
                            }
                        }
                    }
                    if let Some(e) = p.record_error {
                        bar.suspend(|| eprintln!("hypertac referee: {e}"));
                        failed_writes = true;
                    }
                } else if !all_done {
                    break;
                }
                *reported += 1;
            }
        };
    runner::play_all(&tournament, &games, total, &STOP, |i, played| {
        ends[i] = Some(played.end.clone());
        pending[i] = Some(played);
        bar.set_position(played_count(&ends) as u64);
        let table = scoring::standings(&names, &games, &ends);
        if let Some(top) = table.first() {
            bar.set_message(format!("leader {} ({} pts)", names[top.bot], top.points));
        }
        report_ready(&mut pending, false, &mut reported);
    });
    let partial = STOP.load(Ordering::SeqCst);
    report_ready(&mut pending, true, &mut reported);
    bar.finish_and_clear();

    let played = played_count(&ends);
    let table = scoring::standings(&names, &games, &ends);
    if !tournament.shard.is_whole() {
        say(&format!(
            "\nShard {} alone; `hypertac referee standings` merges every shard's --log into the table.",
            tournament.shard
        ));
    }
    say(&format!(
        "\n{}",
        report::table(&names, &table, played, games.len(), partial)
    ));
    match (stdout_failed.get(), partial, failed_writes) {
        (true, _, _) => 1,
        (false, true, _) => 130,
        (false, false, true) => 1,
        (false, false, false) => 0,
    }
}

/// Games played to their end (not stopped by Ctrl-C).
fn played_count(ends: &[Option<End>]) -> usize {
    ends.iter()
        .filter(|e| e.as_ref().is_some_and(|e| *e != End::Interrupted))
        .count()
}

/// Creates the `--log` file (its writer) and the `--record-dir` folder.
fn open_outputs(tournament: &Tournament) -> Result<Option<LineWriter<File>>, String> {
    let log = match &tournament.log {
        Some(path) => {
            Some(LineWriter::new(File::create(path).map_err(|e| {
                format!("cannot create --log {}: {e}", path.display())
            })?))
        }
        None => None,
    };
    if let Some(dir) = &tournament.record_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create --record-dir {}: {e}", dir.display()))?;
    }
    Ok(log)
}

fn summary(t: &Tournament, total: usize, games: usize) -> String {
    let boards: Vec<String> = t.boards.iter().map(|b| b.label()).collect();
    let shard = if t.shard.is_whole() {
        String::new()
    } else {
        format!(", shard {} plays {games} of them", t.shard)
    };
    format!(
        "Referee: {} bots, {} board{} ({}), {} round{}, {total} games{shard}, move time limit {:?}, {} job{}",
        t.bots.len(),
        t.boards.len(),
        plural(t.boards.len()),
        boards.join(", "),
        t.rounds,
        plural(t.rounds),
        t.move_timeout,
        t.jobs,
        plural(t.jobs),
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn progress_bar(total: usize) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::hidden());
    if std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        if let Ok(style) =
            ProgressStyle::with_template("{bar:30} {pos}/{len} games  {elapsed}  {msg}")
        {
            bar.set_style(style);
        }
    }
    bar
}
