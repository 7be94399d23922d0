//! `hypertac records`: list, show, delete, rename, export and import game records.
//!
//! Records live in the store (see `hypertac_store`); the game in progress is
//! `@current`. Export formats: `json` (the core's record format, the one
//! `import` reads), `moves` (the tournament move list `x,y;x,y;...`) and
//! `pons` (Connect Four column string like `4453`, 7x6 gravity games only).

use crate::play::render;
use hypertac_core::notation;
use hypertac_core::record::Record;
use hypertac_store::{Store, StoreError};
use std::path::{Path, PathBuf};

/// Arguments of the subcommand.
#[derive(clap::Args, Debug)]
pub struct RecordsArgs {
    #[command(subcommand)]
    action: Option<Action>,
}

#[derive(clap::Subcommand, Debug)]
enum Action {
    /// List the records, most recent first (the default); games kept
    /// automatically when a new game replaced them are counted, not listed.
    List {
        /// Also list the games kept automatically (`game YYYY-MM-DD HH.MM`).
        #[arg(long)]
        all: bool,
    },
    /// Show a record: rules, players, result, moves and the board.
    Show {
        /// The record's name (`@current` is the game in progress).
        name: String,
    },
    /// Delete a record.
    Delete {
        /// The record's name.
        name: String,
    },
    /// Rename a record.
    Rename {
        /// The current name.
        old: String,
        /// The new name.
        new: String,
        /// Replace a record that already has the new name.
        #[arg(long)]
        force: bool,
    },
    /// Write a record as json, moves (x,y;x,y;..) or pons (Connect Four columns, 7x6 gravity only).
    Export {
        /// The record's name.
        name: String,
        /// json, moves or pons.
        #[arg(long, default_value = "json")]
        format: String,
        /// Write to this file instead of stdout.
        #[arg(long)]
        output: Option<PathBuf>,
        /// Replace the output file if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Read a JSON record file, check every move, and store it.
    Import {
        /// The JSON file.
        file: PathBuf,
        /// The name to store it under (default: the file name without extension).
        #[arg(long)]
        name: Option<String>,
        /// Replace a record that already has this name.
        #[arg(long)]
        force: bool,
    },
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: &RecordsArgs) -> i32 {
    hypertac_store::set_wait_notice(crate::play::announce_wait);
    let result = Store::open_default()
        .map_err(|e| e.to_string())
        .and_then(|mut store| {
            act(
                &mut store,
                args.action.as_ref().unwrap_or(&Action::List { all: false }),
            )
        });
    match result {
        Ok(text) => match crate::output::write_stdout(&text) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("hypertac records: cannot write the output: {e}");
                1
            }
        },
        Err(e) => {
            eprintln!("hypertac records: {e}");
            1
        }
    }
}

fn act(store: &mut Store, action: &Action) -> Result<String, String> {
    let text = |e: StoreError| e.to_string();
    match action {
        Action::List { all } => list(store, *all),
        Action::Show { name } => show(store, name),
        Action::Delete { name } => {
            store.delete(name).map_err(text)?;
            Ok(format!("deleted {name:?}\n"))
        }
        Action::Rename { old, new, force } => {
            store.rename(old, new, *force).map_err(text)?;
            Ok(format!("renamed {old:?} to {new:?}\n"))
        }
        Action::Export {
            name,
            format,
            output,
            force,
        } => {
            let record = store.get(name).map_err(text)?;
            let body = export(&record, format)?;
            match output {
                Some(path) => {
                    let file = if *force {
                        std::fs::File::create(path)
                    } else {
                        std::fs::File::create_new(path)
                    };
                    file.and_then(|mut f| std::io::Write::write_all(&mut f, body.as_bytes()))
                        .map_err(|e| match e.kind() {
                            std::io::ErrorKind::AlreadyExists => {
                                format!("{} exists (use --force to replace it)", path.display())
                            }
                            _ => format!("cannot write {}: {e}", path.display()),
                        })?;
                    Ok(format!("exported {name:?} to {}\n", path.display()))
                }
                None => Ok(body),
            }
        }
        Action::Import { file, name, force } => import(store, file, name.as_deref(), *force),
    }
}

/// Whether `name` is one the store gives a game kept automatically:
/// `game YYYY-MM-DD HH.MM`, maybe with `-2`, `-3`, ...
fn is_kept_automatically(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("game ") else {
        return false;
    };
    let (stamp, suffix) = rest.split_at(rest.len().min(16));
    let shape_ok = stamp.len() == 16
        && stamp.char_indices().all(|(i, c)| match i {
            4 | 7 => c == '-',
            10 => c == ' ',
            13 => c == '.',
            _ => c.is_ascii_digit(),
        });
    let suffix_ok = suffix.is_empty()
        || suffix
            .strip_prefix('-')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    shape_ok && suffix_ok
}

fn list(store: &Store, all: bool) -> Result<String, String> {
    let rows = store.list().map_err(|e| e.to_string())?;
    if rows.is_empty() {
        return Ok("no records yet (play a game: hypertac)\n".into());
    }
    let (rows, folded): (Vec<_>, Vec<_>) = rows
        .into_iter()
        .partition(|r| all || !is_kept_automatically(&r.name));
    let fold_line = match folded.len() {
        0 => String::new(),
        1 => "and 1 game kept automatically when a new game replaced it (records list --all)\n"
            .to_string(),
        n => format!(
            "and {n} games kept automatically when a new game replaced them (records list --all)\n"
        ),
    };
    if rows.is_empty() {
        return Ok(fold_line);
    }
    let width = rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let games: Vec<String> = rows
        .iter()
        .map(|r| crate::words::game_name_of_rules_text(&r.rules))
        .collect();
    let game_width = games
        .iter()
        .map(|g| g.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, 24);
    let mut out = format!(
        "{:width$}  {:game_width$}  {:22}  {:>5}  {:8}  UPDATED (UTC)\n",
        "NAME", "GAME", "PLAYERS", "MOVES", "RESULT"
    );
    for (r, game) in rows.iter().zip(&games) {
        out.push_str(&format!(
            "{:width$}  {:game_width$}  {:22}  {:>5}  {:8}  {}\n",
            r.name,
            game,
            r.players,
            r.moves,
            r.result,
            hypertac_store::format_time(r.updated_ms)
        ));
    }
    out.push_str(&fold_line);
    Ok(out)
}

fn show(store: &Store, name: &str) -> Result<String, String> {
    let record = store.get(name).map_err(|e| e.to_string())?;
    let pos = record
        .replay()
        .map_err(|e| format!("record {name:?} is damaged: {e}"))?;
    let mut out = format!(
        "name: {name}\ngame: {}\nrules: {}\nplayers: X {}, O {}\nresult: {}\ncreated: {}\nupdated: {}\nmoves ({}): {}\n",
        crate::words::game_name(pos.rules()),
        pos.rules(),
        record.players.x,
        record.players.o,
        record.result,
        hypertac_store::format_time(record.created_ms),
        hypertac_store::format_time(record.updated_ms),
        pos.moves().len(),
        crate::words::moves_text(&pos)
    );
    out.push_str(&render::board_text(&pos));
    for line in render::outcome_lines(&pos) {
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}

fn export(record: &Record, format: &str) -> Result<String, String> {
    let pos = record
        .replay()
        .map_err(|e| format!("the record is damaged: {e}"))?;
    match format {
        "json" => Ok(record.to_json() + "\n"),
        "moves" => Ok(notation::format_move_list(pos.rules().shape(), pos.moves()) + "\n"),
        "pons" => {
            let rules = pos.rules();
            if rules.shape().sizes() != [7, 6] || rules.gravity() != Some(1) {
                return Err(format!(
                    "the pons format is for Connect Four (7x6 with gravity on y); this game is {rules}"
                ));
            }
            notation::format_columns(&pos)
                .map(|s| s + "\n")
                .map_err(|e| e.to_string())
        }
        other => Err(format!(
            "unknown export format {other:?}: expected json, moves or pons"
        )),
    }
}

/// The file's text, refused unread beyond a record's size limit.
fn read_limited(file: &Path) -> Result<String, String> {
    use std::io::Read;
    let limit = hypertac_core::record::MAX_RECORD_BYTES;
    let mut text = String::new();
    std::fs::File::open(file)
        .and_then(|f| f.take(limit as u64 + 1).read_to_string(&mut text))
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    if text.len() > limit {
        return Err(format!(
            "{}: a record has at most {limit} bytes; this file is longer",
            file.display()
        ));
    }
    Ok(text)
}

fn import(
    store: &mut Store,
    file: &Path,
    name: Option<&str>,
    force: bool,
) -> Result<String, String> {
    let text = read_limited(file)?;
    let record = Record::from_json(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    record
        .replay()
        .map_err(|e| format!("{}: {e}; nothing was imported", file.display()))?;
    crate::session::check_players(&record)
        .map_err(|e| format!("{}: {e}; nothing was imported", file.display()))?;
    let name = match name {
        Some(n) => n.to_string(),
        None => file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    store
        .put(&name, &record, force)
        .map_err(|e| e.to_string())?;
    Ok(format!(
        "imported {name:?}: {} moves, {}\n",
        record.moves.len(),
        record.result
    ))
}
