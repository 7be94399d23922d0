//! `hypertac book`: builds an opening book (`hypertac_ai::book`): every
//! position of 1 to `--stones` stones, up to symmetry, the positions of the
//! most stones first (their proofs stay in the shared table for the
//! positions before them), each proved, its certificate written and
//! accepted by the checker before its line is written. The file is
//! rewritten whole after each position, so a run stopped at any time goes
//! on from where it was (the same command again). A position a shipped
//! certificate proves (`proofs/*.proof`, verified in the test suite) takes
//! its value from it. `--check` proves every position of an existing book
//! again, with a checked certificate. `--go-on` leaves out a position not
//! proved in time and goes on (exit status 3 at the end, as a stopped
//! build), and notes it in `BOOK.tried` with the time it had
//! ([`crate::book_tried`]): later builds with no more --time skip it.
//! `--shard I/N` builds share I of N
//! of the positions (a cluster's array job, each share into its own
//! file) and `--merge` joins such files into one book. `--for MOVES`
//! builds only the positions one position's moves lead to, and
//! `--status` says what a book holds ([`crate::book_status`]); a build
//! keeps every position its file held.

use crate::book_status;
use crate::book_tried::{self, Tried};
use crate::rules_args::RulesArgs;
use crate::shard_spec::Shard;
use hypertac_ai::book::{classes, classes_listed, settle, Book, SettleError, LISTED};
use hypertac_ai::prove::SharedTable;
use hypertac_ai::Budget;
use hypertac_core::notation::format_move_list;
use hypertac_proof::Value;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// Arguments of `hypertac book`.
#[derive(clap::Args, Debug)]
pub struct BookArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The most stones of a position in the book.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub stones: u8,
    /// The book file: written, or (if it exists) gone on with.
    #[arg(long)]
    pub out: PathBuf,
    /// Time each position may take (`10m`, `90s`); a position not proved
    /// by then stops the build (run it again with more time), or with
    /// --go-on is left out.
    #[arg(long, default_value = "10m")]
    pub time: String,
    /// Go on past a position not proved within --time: it is left out of
    /// the book and noted in BOOK.tried with the time it had (a later run
    /// skips it unless given more time), and the build ends with exit
    /// status 3, as a stopped one does.
    #[arg(long, conflicts_with = "check")]
    pub go_on: bool,
    /// Search threads of each position's proof (default: the cores
    /// shared out among the --jobs).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Positions proved at once, each by its own search over the shared
    /// table (on two cores, two searches of one thread did at least as
    /// much per CPU second as one search of two threads).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: u16,
    /// Transposition table size in MiB, at most (it grows as it fills), shared by all positions.
    #[arg(long, default_value_t = 1024)]
    pub memory: usize,
    /// Prove every position of the book in --out again and compare.
    #[arg(long)]
    pub check: bool,
    /// Build only share I of N of the positions (I from 0: `0/4` is the
    /// first of four), each share into its own --out, for a cluster's
    /// array job; `--merge` joins the shares' files.
    #[arg(long, value_name = "I/N", conflicts_with = "check")]
    pub shard: Option<String>,
    /// Join these books (the shares' files) and the one in --out, if any,
    /// into --out; a position the files give different values is refused.
    #[arg(long, value_name = "BOOK", num_args = 1.., conflicts_with_all = ["check", "shard"])]
    pub merge: Vec<PathBuf>,
    /// Say what the book in --out holds, level by level (the classes in
    /// it, left out and never tried, and the positions whose every move
    /// it answers), and prove nothing.
    #[arg(long, conflicts_with_all = ["check", "shard", "merge", "go_on"])]
    pub status: bool,
    /// Build only the positions the moves of this position lead to
    /// (`x,y,z;x,y,z`), so that `analyze` answers its moves at once; it
    /// must have fewer stones than --stones.
    #[arg(long = "for", value_name = "MOVES", conflicts_with_all = ["check", "merge", "status"])]
    pub for_moves: Option<String>,
}

/// Runs the subcommand; returns the process exit code: 0 done, 3 a
/// position not proved in time (the same command again goes on), 1 any
/// other error.
pub fn run(args: &BookArgs) -> i32 {
    match build(args) {
        Ok(()) => 0,
        Err(Failure::TimeRanOut(e)) => {
            eprintln!("error: {e}");
            3
        }
        Err(Failure::Other(e)) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// Why a build stopped.
#[derive(Debug)]
enum Failure {
    /// A position was not proved within --time (exit status 3).
    TimeRanOut(String),
    /// Anything else (exit status 1).
    Other(String),
}

impl From<String> for Failure {
    fn from(e: String) -> Failure {
        Failure::Other(e)
    }
}

/// A failed proof of the position `step` names, as a [`Failure`].
fn failed(step: &str, e: SettleError) -> Failure {
    match e {
        SettleError::TimeRanOut => Failure::TimeRanOut(format!("{step}: {e}")),
        SettleError::Failed(_) => Failure::Other(format!("{step}: {e}")),
    }
}

fn build(args: &BookArgs) -> Result<(), Failure> {
    if !args.merge.is_empty() {
        return Ok(merge(args)?);
    }
    if args.status {
        return Ok(status(args)?);
    }
    let shard = match &args.shard {
        Some(text) => Shard::parse(text)?,
        None => Shard::WHOLE,
    };
    let time = crate::duration::parse(&args.time)
        .filter(|d| !d.is_zero())
        .ok_or_else(|| format!("--time {:?}: expected a duration, e.g. 10m", args.time))?;
    let rules = args.rules.rules()?;
    let name = args.out.display();
    let old = read_book(&args.out, &rules, !args.check)?;
    let tried_path = book_tried::path_for(&args.out);
    let tried = if args.check {
        Tried::default()
    } else {
        Tried::read(&tried_path)?
    };
    let stones = match &old {
        Some(b) if args.check => b.stones(),
        _ => usize::from(args.stones),
    };
    let jobs = usize::from(args.jobs);
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()) / jobs)
        .max(1);
    let table = SharedTable::new(&rules, args.memory.max(16) << 20);
    let mut book = Book::new(&rules, stones);
    // The positions a shipped certificate proves first (at once), then the
    // most stones first: a position's moves are then proved (in the shared
    // table) before it.
    // Each with the winner the certificate gives it, looked up once.
    // With --for, the classes of that position's moves, found from it
    // (not from every class of the board: Qubic's fifth level alone has
    // some 397,000, 40 s to list); else every class up to --stones.
    let all = match &args.for_moves {
        Some(moves) if !args.check => children_of(&rules, &Book::new(&rules, stones), moves)?,
        _ => classes(&rules, stones),
    };
    // What the file holds already is kept whatever happens next (also
    // the positions outside a --for or --shard).
    if !args.check {
        if let Some(o) = &old {
            book.merge(o).map_err(|e| e.to_string())?;
        }
    }
    let mut todo: Vec<_> = all
        .into_iter()
        .rev()
        .map(|p| {
            let winner = hypertac_ai::shipped::proved_winner_any_order(&p);
            (p, winner)
        })
        .collect();
    todo.sort_by_key(|(_, winner)| winner.is_none());
    let classes_in_all = todo.len();
    let todo: Vec<_> = todo
        .into_iter()
        .enumerate()
        .filter_map(|(i, p)| shard.owns(i).then_some(p))
        .collect();
    let start = Instant::now();
    let state = Mutex::new(State {
        book,
        tried,
        left_out: 0,
        failure: None,
    });
    let next = AtomicUsize::new(0);
    let stop = Arc::new(AtomicBool::new(false));
    let job = Job {
        args,
        old: old.as_ref(),
        table: &table,
        threads,
        time,
        start,
        tried_path: &tried_path,
        state: &state,
        stop: &stop,
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(todo.len()).max(1) {
            scope.spawn(|| loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((pos, winner)) = todo.get(i) else {
                    break;
                };
                let moves = format_move_list(rules.shape(), pos.moves());
                let step = format!("[{}/{}] {moves}", i + 1, todo.len());
                if let Err(e) = job.one(&step, &moves, pos, *winner) {
                    let mut st = job.lock();
                    st.failure.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
            });
        }
    });
    let State {
        book,
        left_out,
        failure,
        ..
    } = state.into_inner().unwrap_or_else(|p| p.into_inner());
    if let Some(e) = failure {
        return Err(e);
    }
    if args.check {
        let n = old.as_ref().map_or(0, Book::len);
        println!("{name}: {n} positions of 1 to {stones} stones, every value proved again");
    } else if shard.is_whole() {
        write(&args.out, &book)?;
        println!(
            "{name}: {} positions of 1 to {stones} stones, every value proved with a checked certificate",
            book.len()
        );
    } else {
        write(&args.out, &book)?;
        println!(
            "{name}: share {shard} done, {} of its {} positions (of {classes_in_all} in all) of 1 to {stones} stones, every value proved with a checked certificate; join the shares with --merge",
            todo.iter().filter(|(p, _)| book.contains(p)).count(),
            todo.len()
        );
    }
    if left_out > 0 {
        return Err(Failure::TimeRanOut(format!(
            "{left_out} positions left out, not proved within --time {}: the time ran out (run again with more time)",
            args.time
        )));
    }
    Ok(())
}

/// What the jobs of a build share and change, under one lock.
struct State {
    book: Book,
    tried: Tried,
    left_out: usize,
    /// The first failure that stops the build.
    failure: Option<Failure>,
}

/// What each job of a build reads.
struct Job<'a> {
    args: &'a BookArgs,
    old: Option<&'a Book>,
    table: &'a SharedTable,
    threads: usize,
    time: std::time::Duration,
    start: Instant,
    tried_path: &'a std::path::Path,
    state: &'a Mutex<State>,
    /// Set at the first failure: the other jobs' proofs stop.
    stop: &'a Arc<AtomicBool>,
}

impl Job<'_> {
    /// --time in whole seconds, as the tried list notes it (at least 1).
    fn time_secs(&self) -> u64 {
        self.time.as_secs().max(1)
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// One position of the build (`step` names it, `moves` are its moves
    /// as the book and the tried list write them): checked again, taken
    /// from the book or a shipped certificate, skipped as tried before, or
    /// proved; the book and the tried list written after each change.
    fn one(
        &self,
        step: &str,
        moves: &str,
        pos: &hypertac_core::Position,
        winner: Option<hypertac_core::Player>,
    ) -> Result<(), Failure> {
        let args = self.args;
        let known = self.old.and_then(|b| b.value(pos));
        let tried_for = self.lock().tried.seconds(moves);
        if args.check {
            if let Some(v) = known {
                let proved = self.prove(step, pos).map_err(|e| failed(step, e))?;
                if proved != v {
                    return Err(format!("{moves}: the book says {v}, proved {proved}").into());
                }
            }
            return Ok(());
        }
        let value = match known {
            Some(_) => return Ok(()),
            // A position a shipped certificate proves (the test suite
            // verifies it) needs no proof of its own.
            None => match winner {
                Some(w) => {
                    eprintln!("{step}: {w} wins (the shipped certificate)");
                    Value::Win(w)
                }
                None if args.go_on && tried_for.is_some_and(|s| s >= self.time_secs()) => {
                    eprintln!(
                        "{step}: not proved in {} s before ({}), left out (more --time takes it up)",
                        tried_for.unwrap_or(0),
                        self.tried_path.display()
                    );
                    self.lock().left_out += 1;
                    return Ok(());
                }
                None => match self.prove(step, pos) {
                    Ok(v) => v,
                    Err(SettleError::TimeRanOut) if self.stop.load(Ordering::Relaxed) => {
                        return Ok(())
                    }
                    Err(SettleError::TimeRanOut) if args.go_on => {
                        eprintln!("{step}: not proved in {}, left out", args.time);
                        let mut st = self.lock();
                        st.tried.note(moves, self.time_secs());
                        st.tried.write(self.tried_path)?;
                        st.left_out += 1;
                        return Ok(());
                    }
                    Err(e) => return Err(failed(step, e)),
                },
            },
        };
        let mut st = self.lock();
        st.book.insert(pos, value).map_err(|e| e.to_string())?;
        write(&args.out, &st.book)?;
        if st.tried.remove(moves) {
            st.tried.write(self.tried_path)?;
        }
        Ok(())
    }

    fn prove(&self, step: &str, pos: &hypertac_core::Position) -> Result<Value, SettleError> {
        let budget = Budget {
            deadline: Some(Instant::now() + self.time),
            stop: Some(Arc::clone(self.stop)),
        };
        prove(step, pos, self.table, self.threads, &budget, self.start)
    }
}

/// `--merge`: the books named, and --out's if it exists, joined into --out.
fn merge(args: &BookArgs) -> Result<(), String> {
    let rules = args.rules.rules()?;
    let read = |path: &std::path::Path| read_book(path, &rules, path == args.out);
    let mut book = read(&args.out)?.unwrap_or_else(|| Book::new(&rules, 1));
    let tried_path = book_tried::path_for(&args.out);
    let mut tried = Tried::read(&tried_path)?;
    for path in &args.merge {
        let other = read(path)?.ok_or_else(|| format!("{}: no such file", path.display()))?;
        book.merge(&other)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        tried.merge(&Tried::read(&book_tried::path_for(path))?);
    }
    write(&args.out, &book)?;
    let stones = book.stones();
    // A position one share left out and another proved is no longer
    // tried; the missing ones of the levels listed whole are counted,
    // and those left out before.
    let proved: Vec<String> = tried
        .entries()
        .map(|(moves, _)| moves.to_string())
        .filter(|moves| {
            crate::analyze::view::parse_position(&rules, moves).is_ok_and(|p| book.contains(&p))
        })
        .collect();
    for moves in &proved {
        tried.remove(moves);
    }
    let (all, listed) = classes_listed(&rules, stones, LISTED);
    let (mut missing, mut missing_tried) = (0, 0);
    for p in all.iter().filter(|p| !book.contains(p)) {
        let moves = format_move_list(rules.shape(), p.moves());
        missing += 1;
        missing_tried += usize::from(tried.seconds(&moves).is_some());
    }
    let whole = if listed < stones {
        format!(" (of 1 to {listed} stones: more are held only along lines)")
    } else {
        String::new()
    };
    if !tried.is_empty() || tried_path.exists() {
        tried.write(&tried_path)?;
    }
    println!(
        "{}: {} positions of 1 to {stones} stones from {} {}; {}",
        args.out.display(),
        book.len(),
        args.merge.len(),
        if args.merge.len() == 1 {
            "book"
        } else {
            "books"
        },
        match missing {
            0 => format!("every class{whole} is in"),
            n => format!(
                "{n} of the {} classes{whole} still missing ({} of them left out before, in {})",
                all.len(),
                missing_tried,
                tried_path.display()
            ),
        }
    );
    Ok(())
}

/// `--for`: one position of each class of those the moves of `moves`
/// lead to on `rules` (not over), in the book's form (`keys`).
fn children_of(
    rules: &hypertac_core::Rules,
    keys: &Book,
    moves: &str,
) -> Result<Vec<hypertac_core::Position>, String> {
    let pos =
        crate::analyze::view::parse_position(rules, moves).map_err(|e| format!("--for: {e}"))?;
    if pos.is_over() {
        return Err("--for: the game is over in that position".to_string());
    }
    let stones = keys.stones();
    if pos.moves().len() >= stones {
        return Err(format!(
            "--for: the position has {} stones; its moves lead to positions of {}, beyond --stones {stones}",
            pos.moves().len(),
            pos.moves().len() + 1
        ));
    }
    // One position of each class, in the book's form, in the order of
    // their keys (the same in every share of a --shard build).
    let mut children: Vec<_> = book_status::move_classes(keys, &pos).into_iter().collect();
    children.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(children
        .into_iter()
        .map(|(_, p)| keys.smallest(&p))
        .collect())
}

/// The book at `path` on `rules`; `None` if there is no such file and
/// `missing_ok`, else an error naming the file.
fn read_book(
    path: &std::path::Path,
    rules: &hypertac_core::Rules,
    missing_ok: bool,
) -> Result<Option<Book>, String> {
    let name = path.display();
    match std::fs::read_to_string(path) {
        Ok(text) => Book::parse(&text, rules)
            .map(Some)
            .map_err(|e| format!("{name}: {e}")),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && missing_ok => Ok(None),
        Err(e) => Err(format!("{name}: {e}")),
    }
}

/// `--status`: what the book in --out holds ([`crate::book_status`]).
fn status(args: &BookArgs) -> Result<(), String> {
    let rules = args.rules.rules()?;
    let name = args.out.display().to_string();
    let book =
        read_book(&args.out, &rules, false)?.ok_or_else(|| format!("{name}: no such file"))?;
    let tried = Tried::read(&book_tried::path_for(&args.out))?;
    let levels = book_status::levels(&rules, &book, &tried);
    print!("{}", book_status::report(&name, &rules, &levels));
    Ok(())
}

/// Proves `pos` within `time`, its certificate checked (see
/// [`hypertac_ai::book::settle`]), and says so on stderr.
fn prove(
    step: &str,
    pos: &hypertac_core::Position,
    table: &SharedTable,
    threads: usize,
    budget: &Budget,
    start: Instant,
) -> Result<Value, SettleError> {
    let begun = Instant::now();
    let settled = settle(pos, table, threads, budget)?;
    eprintln!(
        "{step}: {} ({} positions, certificate {} bytes accepted, {:.1} s; {:.0} s in all)",
        settled.value,
        settled.positions,
        settled.certificate_bytes,
        begun.elapsed().as_secs_f64(),
        start.elapsed().as_secs_f64()
    );
    Ok(settled.value)
}

fn write(path: &std::path::Path, book: &Book) -> Result<(), String> {
    let text = book.to_text();
    crate::atomic_file::write_with(path, |w| std::io::Write::write_all(w, text.as_bytes()))
        .map_err(|e| format!("{}: {e}", path.display()))
}
