//! Generates the opening book: exact scores of every 7x6 position with at
//! most `DEPTH` stones (one per mirror pair; positions where the side to
//! move wins at once are left out, the solver sees those without a book).
//!
//! ```text
//! cargo run --release -p hypertac-connect4 --example gen_book -- \
//!     --depth 4 --checkpoint /tmp/book.ckpt --out crates/connect4/book/7x6.book
//! ```
//!
//! Positions are solved deepest first, so that every finished deeper
//! position is a book hit for the shallower ones (which then cost almost
//! nothing). Within a level, positions come in the order of their parents
//! with the central columns first, so the book soon answers whole
//! analyses (all children of a position) of the common openings.
//!
//! * `--checkpoint FILE`: every solved position is appended to FILE (8
//!   bytes, the book's entry format) at once; a run started again with the
//!   same FILE skips what it holds, so the generation can be stopped and
//!   resumed at any time and run in pieces.
//! * `--out FILE`: the binary book (see `src/book.rs`), written (atomically,
//!   through `FILE.tmp`) every `--save-every` seconds (default 60) and at
//!   the end, with everything solved so far: a partial book is a correct
//!   book.
//! * `--seed FILE`: a text or binary book whose positions count as done
//!   (e.g. the previous book).
//! * `--shard I/N`: solve only the positions `p` of the deepest level
//!   with `index(p) % N == I` (to run N generators on N cores, each with
//!   its own checkpoint; merge with `--merge`).
//! * `--merge`: only read the checkpoint(s) and seeds and write `--out`.
//!   Several `--checkpoint` options may be given.
//! * `--tt-log2 N` (default 24), `--threads N` (default 1).
//!
//! Progress goes to stderr.

use hypertac_connect4::{Book, Position, Solver};
use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// Columns in the order the positions of a level are listed (centre first).
const ORDER: [u32; 7] = [3, 2, 4, 1, 5, 0, 6];

struct Args {
    depth: u32,
    tt_log2: u32,
    threads: usize,
    checkpoints: Vec<String>,
    out: Option<String>,
    seeds: Vec<String>,
    shard: (usize, usize),
    merge: bool,
    save_every: f64,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        depth: 4,
        tt_log2: 24,
        threads: 1,
        checkpoints: Vec::new(),
        out: None,
        seeds: Vec::new(),
        shard: (0, 1),
        merge: false,
        save_every: 60.0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(opt) = it.next() {
        if opt == "--merge" {
            a.merge = true;
            continue;
        }
        let val = it.next().ok_or(format!("{opt} needs a value"))?;
        let num = |v: &str| v.parse::<u32>().map_err(|_| format!("bad number {v:?}"));
        match opt.as_str() {
            "--depth" => a.depth = num(&val)?,
            "--tt-log2" => a.tt_log2 = num(&val)?,
            "--threads" => a.threads = num(&val)? as usize,
            "--checkpoint" => a.checkpoints.push(val),
            "--out" => a.out = Some(val),
            "--seed" => a.seeds.push(val),
            "--save-every" => a.save_every = f64::from(num(&val)?),
            "--shard" => {
                let (i, n) = val.split_once('/').ok_or("--shard I/N")?;
                a.shard = (num(i)? as usize, num(n)? as usize);
                if a.shard.1 == 0 || a.shard.0 >= a.shard.1 {
                    return Err("--shard I/N needs I < N".into());
                }
            }
            _ => return Err(format!("unknown option {opt}")),
        }
    }
    Ok(a)
}

/// Reads a book file, binary or text.
fn read_book(path: &str) -> Result<Book, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    if bytes.starts_with(b"C4BK") {
        Book::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))
    } else {
        let text = String::from_utf8(bytes).map_err(|e| format!("{path}: {e}"))?;
        Book::parse(&text, *Position::new().geometry()).map_err(|e| format!("{path}: {e}"))
    }
}

/// Reads a checkpoint (a binary book's entries without the header; a torn
/// last entry of an interrupted write is dropped) into `book`.
fn read_checkpoint(path: &str, book: &mut Book) -> Result<usize, String> {
    let mut bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(format!("{path}: {e}")),
    };
    bytes.truncate(bytes.len() / 8 * 8);
    let n = bytes.len() / 8;
    let mut file = b"C4BK\x07\x06\0\0".to_vec();
    file.extend_from_slice(&bytes);
    let part = Book::from_bytes(&file).map_err(|e| format!("{path}: {e}"))?;
    book.merge(&part);
    Ok(n)
}

fn save(book: &Book, out: &str) -> Result<(), String> {
    let bytes = book
        .to_bytes()
        .ok_or("board too large for the binary format")?;
    let tmp = format!("{out}.tmp");
    std::fs::write(&tmp, bytes).map_err(|e| format!("{tmp}: {e}"))?;
    std::fs::rename(&tmp, out).map_err(|e| format!("{out}: {e}"))
}

/// All positions with `d` stones, by depth, one per mirror pair, without
/// those where the side to move wins at once.
fn levels(depth: u32) -> Vec<Vec<(String, Position)>> {
    let mut levels: Vec<Vec<(String, Position)>> = vec![vec![(String::new(), Position::new())]];
    for _ in 0..depth {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for (moves, pos) in levels.last().unwrap() {
            for c in ORDER {
                if pos.can_play(c) && !pos.is_winning_move(c) {
                    let mut child = *pos;
                    child.play(c);
                    if seen.insert(child.canonical_key().0) {
                        next.push((format!("{moves}{}", c + 1), child));
                    }
                }
            }
        }
        levels.push(next);
    }
    for level in &mut levels {
        level.retain(|(_, p)| !p.can_win_next());
    }
    levels
}

fn run(a: &Args) -> Result<(), String> {
    let start = Instant::now();
    let mut book = Book::new(*Position::new().geometry());
    for s in &a.seeds {
        book.merge(&read_book(s)?);
    }
    for c in &a.checkpoints {
        let n = read_checkpoint(c, &mut book)?;
        eprintln!("{c}: {n} positions");
    }
    if a.merge {
        let out = a.out.as_deref().ok_or("--merge needs --out")?;
        save(&book, out)?;
        eprintln!("{out}: {} positions, depth {}", book.len(), book.depth());
        return Ok(());
    }
    let ckpt_path = match a.checkpoints.as_slice() {
        [one] => one,
        _ => return Err("give one --checkpoint FILE (to resume from)".into()),
    };
    let mut ckpt = OpenOptions::new()
        .create(true)
        .append(true)
        .open(ckpt_path)
        .map_err(|e| format!("{ckpt_path}: {e}"))?;
    let levels = levels(a.depth);
    let todo: usize = levels
        .iter()
        .flatten()
        .filter(|(_, p)| !book.contains(p))
        .count();
    eprintln!(
        "depth {}: {} positions, {} in the book already, {todo} to solve",
        a.depth,
        levels.iter().map(Vec::len).sum::<usize>(),
        book.len()
    );
    let mut solver = Solver::new(a.tt_log2);
    solver.set_threads(a.threads);
    solver.set_book(Some(book.clone()));
    let mut last_save = Instant::now();
    let mut done = 0usize;
    let mut spent = 0.0f64;
    for (d, level) in levels.iter().enumerate().rev() {
        for (i, (moves, pos)) in level.iter().enumerate() {
            if book.contains(pos) {
                continue;
            }
            if d == a.depth as usize && i % a.shard.1 != a.shard.0 {
                continue;
            }
            let t = Instant::now();
            let nodes = solver.node_count();
            let score = solver.solve(pos, false);
            let secs = t.elapsed().as_secs_f64();
            book.insert(pos, score);
            let word = pos.canonical_key().0 << 8 | u64::from(score as i8 as u8);
            ckpt.write_all(&word.to_le_bytes())
                .and_then(|()| ckpt.flush())
                .map_err(|e| format!("{ckpt_path}: {e}"))?;
            done += 1;
            spent += secs;
            eprintln!(
                "{moves:>8} {score:>3} {secs:>8.2} s {:>12} nodes  [{done}/{todo}, mean {:.2} s, total {:.0} s]",
                solver.node_count() - nodes,
                spent / done as f64,
                start.elapsed().as_secs_f64()
            );
            if let Some(out) = &a.out {
                if last_save.elapsed().as_secs_f64() >= a.save_every {
                    save(&book, out)?;
                    last_save = Instant::now();
                }
            }
        }
        // Finished deeper positions answer the shallower ones' searches.
        solver.set_book(Some(book.clone()));
    }
    if let Some(out) = &a.out {
        save(&book, out)?;
        eprintln!("{out}: {} positions, depth {}", book.len(), book.depth());
    }
    Ok(())
}

fn main() -> ExitCode {
    match parse_args().and_then(|a| run(&a)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen_book: {e}");
            ExitCode::FAILURE
        }
    }
}
