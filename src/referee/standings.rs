//! `hypertac referee standings LOG...`: the standings table from the `--log`
//! files of a tournament's shards, in any order. With every game there
//! exactly once it is the table one unsharded run prints, byte for byte.
//! Missing games are named (by shard when the logs are sharded) and stop the
//! table unless `--partial`; a game found twice with the same result counts
//! once, with different results not at all; a line that is not a game, or
//! is a game of another tournament, is reported with its file and line.

use super::report;
use super::schedule::match_of;
use super::scoring::{self, Scored};
use super::shard::Shard;
use hypertac_core::Player;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// Arguments of `hypertac referee standings`.
#[derive(clap::Args, Debug)]
pub struct StandingsArgs {
    /// The --log files (JSON Lines) of the tournament's shards, in any order.
    #[arg(value_name = "LOG", required = true)]
    pub logs: Vec<PathBuf>,
    /// Print the table even while games are missing, marked (partial).
    #[arg(long)]
    pub partial: bool,
}

/// Problems of one kind named in full before the rest are only counted.
const NAMED: usize = 10;
/// Game numbers listed in full before the rest are only counted.
const LISTED: usize = 20;

/// Runs the subcommand; returns the exit code: 0 the final table, 1 games
/// missing or in conflict, or bad lines, 2 bad arguments or an unreadable log.
pub fn run(args: &StandingsArgs) -> i32 {
    let mut logs = Vec::new();
    for path in &args.logs {
        match std::fs::read(path) {
            Ok(bytes) => logs.push((path.display().to_string(), bytes)),
            Err(e) => {
                eprintln!(
                    "hypertac referee standings: cannot read {}: {e}",
                    path.display()
                );
                return 2;
            }
        }
    }
    let merged = merge(&logs, args.partial);
    for line in &merged.messages {
        eprintln!("{line}");
    }
    if let Some(table) = &merged.table {
        if let Err(e) = crate::output::write_stdout(table) {
            eprintln!("hypertac referee standings: cannot write to standard output ({e})");
            return 1;
        }
    }
    if merged.fine {
        0
    } else {
        1
    }
}

/// What [`merge`] found.
#[derive(Debug)]
pub struct Merged {
    /// The table, when every game is there (or `partial` was asked for).
    pub table: Option<String>,
    /// What to tell the user, one line each, for stderr.
    pub messages: Vec<String>,
    /// Every game exactly once or duplicated with one result, no bad line.
    pub fine: bool,
}

/// A log line, reduced to what the table needs (other fields are ignored).
#[derive(Deserialize, Clone, Debug, PartialEq, Eq)]
struct Line {
    game: usize,
    games: usize,
    tournament: String,
    shard: String,
    x: String,
    o: String,
    winner: Option<String>,
    reason: String,
    moves: Vec<String>,
}

impl Line {
    /// What must agree between two copies of one game (not the timings).
    fn result(&self) -> (&str, &str, Option<&str>, &str, &[String]) {
        (
            &self.x,
            &self.o,
            self.winner.as_deref(),
            &self.reason,
            &self.moves,
        )
    }

    fn describe(&self) -> String {
        match &self.winner {
            Some(w) => format!("{w} wins ({}), {} moves", self.reason, self.moves.len()),
            None => format!("draw, {} moves", self.moves.len()),
        }
    }
}

/// A game line and where it was: `FILE:LINE`.
struct Found {
    at: String,
    line: Line,
}

/// Messages of one kind, the first [`NAMED`] in full.
#[derive(Default)]
struct Reports {
    lines: Vec<String>,
    more: usize,
}

impl Reports {
    fn push(&mut self, text: String) {
        if self.lines.len() < NAMED {
            self.lines.push(text);
        } else {
            self.more += 1;
        }
    }

    fn drain_into(self, out: &mut Vec<String>, what: &str) {
        out.extend(self.lines);
        if self.more > 0 {
            out.push(format!("... and {} more {what}", self.more));
        }
    }
}

/// Merges the logs (`(file name, contents)`, any order) into the table.
pub fn merge(logs: &[(String, Vec<u8>)], partial: bool) -> Merged {
    let (found, corrupt) = read_logs(logs);
    let mut messages = Vec::new();
    let mut fine = corrupt.lines.is_empty();
    corrupt.drain_into(&mut messages, "bad lines");

    let Some((tournament, total)) = main_tournament(&found) else {
        messages.push("hypertac referee standings: no games in the logs".into());
        return Merged {
            table: None,
            messages,
            fine: false,
        };
    };
    let (by_game, foreign) = by_game(&found, tournament, total);
    fine &= foreign.lines.is_empty();
    foreign.drain_into(&mut messages, "lines of other tournaments");

    let (counted, duplicates, conflicts) = count_once(&by_game);
    let conflicting = conflicts.lines.len() + conflicts.more;
    fine &= conflicting == 0;
    duplicates.drain_into(&mut messages, "games found more than once");
    conflicts.drain_into(&mut messages, "games with different results");

    let missing: Vec<usize> = (1..=total).filter(|g| !by_game.contains_key(g)).collect();
    let shard_counts: BTreeSet<usize> = by_game
        .values()
        .flatten()
        .filter_map(|f| Shard::parse(&f.line.shard).ok())
        .map(|s| s.count)
        .collect();
    if !missing.is_empty() {
        fine = false;
        messages.extend(name_missing(&missing, total, &shard_counts));
    }

    let complete = missing.is_empty() && conflicting == 0;
    let table = (complete || partial).then(|| table(&by_game, &counted, total, complete));
    if !complete && !partial {
        messages.push(
            "hypertac referee standings: no table while games are missing or in conflict; \
             rerun the shards named above and merge again, or add --partial"
                .into(),
        );
    }
    Merged {
        table,
        messages,
        fine,
    }
}

/// Every game line of the logs, with where it is; the bad lines reported.
fn read_logs(logs: &[(String, Vec<u8>)]) -> (Vec<Found>, Reports) {
    let mut corrupt = Reports::default();
    let mut found = Vec::new();
    for (file, bytes) in logs {
        for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
            let at = format!("{file}:{}", i + 1);
            match read_line(raw) {
                Ok(Some(line)) => found.push(Found { at, line }),
                Ok(None) => {}
                Err(why) => corrupt.push(format!("{at}: {why}")),
            }
        }
    }
    (found, corrupt)
}

/// The tournament most lines belong to (name, games); the others are
/// foreign. `None` without any line.
fn main_tournament(found: &[Found]) -> Option<(&str, usize)> {
    let mut counts: BTreeMap<(&str, usize), usize> = BTreeMap::new();
    for f in found {
        *counts
            .entry((f.line.tournament.as_str(), f.line.games))
            .or_default() += 1;
    }
    counts
        .iter()
        .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
        .map(|(&key, _)| key)
}

/// The lines of the tournament (name, `total` games) by game number; the
/// lines of other tournaments reported.
fn by_game<'f>(
    found: &'f [Found],
    tournament: &str,
    total: usize,
) -> (BTreeMap<usize, Vec<&'f Found>>, Reports) {
    let mut foreign = Reports::default();
    let mut by_game: BTreeMap<usize, Vec<&Found>> = BTreeMap::new();
    for f in found {
        if (f.line.tournament.as_str(), f.line.games) == (tournament, total) {
            by_game.entry(f.line.game).or_default().push(f);
        } else {
            foreign.push(format!(
                "{}: game {} of another tournament ({}, {} games; most lines are of {tournament}, {total} games)",
                f.at, f.line.game, f.line.tournament, f.line.games
            ));
        }
    }
    (by_game, foreign)
}

/// Duplicates: one result counts once, different results not at all. The
/// lines that count, the notes on duplicates, the conflicts.
fn count_once<'f>(by_game: &BTreeMap<usize, Vec<&'f Found>>) -> (Vec<&'f Line>, Reports, Reports) {
    let mut duplicates = Reports::default();
    let mut conflicts = Reports::default();
    let mut counted: Vec<&Line> = Vec::new();
    for (game, copies) in by_game {
        let first = &copies[0].line;
        let places = || {
            copies
                .iter()
                .map(|f| f.at.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        if copies.iter().all(|f| f.line.result() == first.result()) {
            if copies.len() > 1 {
                duplicates.push(format!(
                    "note: game {game} is in the logs {} times, with the same result ({}): counted once",
                    copies.len(),
                    places()
                ));
            }
            counted.push(first);
        } else {
            let results: Vec<String> = copies
                .iter()
                .map(|f| format!("{}: {}", f.at, f.line.describe()))
                .collect();
            conflicts.push(format!(
                "game {game} is in the logs {} times with different results, so it does not count ({})",
                copies.len(),
                results.join("; ")
            ));
        }
    }
    (counted, duplicates, conflicts)
}

/// The standings table of the games that count, out of `total`.
fn table(
    by_game: &BTreeMap<usize, Vec<&Found>>,
    counted: &[&Line],
    total: usize,
    complete: bool,
) -> String {
    // Sorted by name, as the referee sorts its bots.
    let names: Vec<String> = by_game
        .values()
        .flatten()
        .flat_map(|f| [f.line.x.clone(), f.line.o.clone()])
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let index: BTreeMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let scored: Vec<Scored> = counted
        .iter()
        .map(|l| Scored {
            match_id: match_of(l.game - 1),
            x: index[l.x.as_str()],
            o: index[l.o.as_str()],
            winner: l
                .winner
                .as_deref()
                .map(|w| if w == l.x { Player::X } else { Player::O }),
            reason: &l.reason,
        })
        .collect();
    let standings = scoring::tally(&names, scored);
    report::table(&names, &standings, counted.len(), total, !complete)
}

/// Reads one log line: `Ok(None)` for a blank line, `Err` saying what is
/// wrong with it.
fn read_line(raw: &[u8]) -> Result<Option<Line>, String> {
    let text = std::str::from_utf8(raw).map_err(|_| "not UTF-8 text".to_owned())?;
    if text.trim().is_empty() {
        return Ok(None);
    }
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not JSON ({e})"))?;
    let line =
        Line::deserialize(value).map_err(|e| format!("not a game of a referee --log ({e})"))?;
    if line.game == 0 || line.game > line.games {
        return Err(format!(
            "game {} is outside a schedule of {} games",
            line.game, line.games
        ));
    }
    let shard = Shard::parse(&line.shard)
        .map_err(|_| format!("shard {:?} is not I/N with I below N", line.shard))?;
    if !shard.owns(line.game - 1) {
        return Err(format!(
            "game {} is not one of shard {shard}'s games",
            line.game
        ));
    }
    if line.x == line.o {
        return Err(format!("{:?} plays both X and O", line.x));
    }
    if let Some(w) = &line.winner {
        if *w != line.x && *w != line.o {
            return Err(format!("the winner {w:?} plays neither X nor O"));
        }
    }
    Ok(Some(line))
}

/// The lines naming the missing games: by shard when the logs come from
/// one way of sharding, else by game number.
fn name_missing(missing: &[usize], total: usize, shard_counts: &BTreeSet<usize>) -> Vec<String> {
    let mut out = vec![format!(
        "hypertac referee standings: {} of {total} games missing",
        missing.len()
    )];
    match shard_counts.iter().collect::<Vec<_>>()[..] {
        [&count] if count > 1 => {
            let mut by_shard: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
            for &g in missing {
                by_shard
                    .entry(Shard::of_item(g - 1, count).index)
                    .or_default()
                    .push(g);
            }
            for (index, games) in by_shard {
                let shard = Shard { index, count };
                let of = (0..total).filter(|&i| shard.owns(i)).count();
                let what = if games.len() == of {
                    format!("all {of} of its games")
                } else {
                    format!("{} of its {of} games", games.len())
                };
                out.push(format!(
                    "  shard {shard} (--shard {shard}): {what} missing: {}",
                    list(&games)
                ));
            }
        }
        _ => out.push(format!("  games {}", list(missing))),
    }
    out
}

/// Game numbers, the first [`LISTED`] in full.
fn list(games: &[usize]) -> String {
    let mut text = games
        .iter()
        .take(LISTED)
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    if games.len() > LISTED {
        text.push_str(&format!(" and {} more", games.len() - LISTED));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(game: usize, shard: &str, x: &str, o: &str, winner: Option<&str>) -> String {
        serde_json::json!({
            "game": game, "games": 4, "tournament": "t1", "shard": shard,
            "x": x, "o": o, "winner": winner,
            "reason": if winner.is_some() { "board" } else { "draw" },
            "moves": ["0,0"], "move_ms": [1],
        })
        .to_string()
    }

    fn log(name: &str, lines: &[String]) -> (String, Vec<u8>) {
        (
            name.to_owned(),
            format!("{}\n", lines.join("\n")).into_bytes(),
        )
    }

    /// Two bots, two boards: a wins both games of match 0 (6 points), match
    /// 1 is drawn twice (1 + 1 each, 2 draws).
    fn shards() -> Vec<(String, Vec<u8>)> {
        vec![
            log(
                "s0",
                &[
                    line(1, "0/2", "a", "b", Some("a")),
                    line(3, "0/2", "a", "b", None),
                ],
            ),
            log(
                "s1",
                &[
                    line(2, "1/2", "b", "a", Some("a")),
                    line(4, "1/2", "b", "a", None),
                ],
            ),
        ]
    }

    #[test]
    fn complete_logs_give_the_table_in_any_order() {
        let merged = merge(&shards(), false);
        assert!(merged.fine, "{:?}", merged.messages);
        let table = merged.table.unwrap();
        assert!(
            table.starts_with("Standings after 4 of 4 games\n"),
            "{table}"
        );
        assert!(table.contains("1  a         7  2  2  0"), "{table}");
        let mut reversed = shards();
        reversed.reverse();
        assert_eq!(merge(&reversed, false).table.unwrap(), table);
    }

    #[test]
    fn missing_shard_is_named_and_stops_the_table() {
        let logs = &shards()[..1];
        let merged = merge(logs, false);
        assert!(!merged.fine);
        assert!(merged.table.is_none());
        let text = merged.messages.join("\n");
        assert!(text.contains("2 of 4 games missing"), "{text}");
        assert!(
            text.contains("shard 1/2 (--shard 1/2): all 2 of its games missing: 2, 4"),
            "{text}"
        );
        let partial = merge(logs, true).table.unwrap();
        assert!(
            partial.starts_with("Standings after 2 of 4 games (partial)\n"),
            "{partial}"
        );
    }

    #[test]
    fn duplicates_count_once_and_conflicts_not_at_all() {
        let mut logs = shards();
        logs.push(log("again", &[line(2, "1/2", "b", "a", Some("a"))]));
        let merged = merge(&logs, false);
        assert!(merged.fine);
        assert_eq!(merged.table, merge(&shards(), false).table);
        assert!(merged.messages[0].contains("game 2 is in the logs 2 times"));
        assert!(merged.messages[0].contains("s1:1, again:1"));

        logs.push(log("other", &[line(2, "1/2", "b", "a", Some("b"))]));
        let merged = merge(&logs, false);
        assert!(!merged.fine);
        assert!(merged.table.is_none());
        let text = merged.messages.join("\n");
        assert!(text.contains("game 2 is in the logs 3 times with different results"));
        assert!(text.contains("other:1: b wins (board)"), "{text}");
    }

    #[test]
    fn bad_and_foreign_lines_are_named_with_file_and_line() {
        let mut logs = shards();
        let foreign = line(1, "0/2", "a", "b", Some("a")).replace("t1", "t2");
        logs.push(log(
            "mixed",
            &[
                "{\"game\": 1".into(),
                String::new(),
                "{}".into(),
                line(5, "0/1", "a", "b", None),
                line(2, "0/2", "a", "b", None),
                line(1, "0/1", "a", "a", None),
                line(1, "0/1", "a", "b", Some("c")),
                foreign,
            ],
        ));
        let merged = merge(&logs, false);
        assert!(!merged.fine);
        // Every game is there: the table is printed all the same.
        assert_eq!(merged.table, merge(&shards(), false).table);
        let want = [
            "mixed:1: not JSON",
            "mixed:3: not a game of a referee --log (missing field `game`)",
            "mixed:4: game 5 is outside a schedule of 4 games",
            "mixed:5: game 2 is not one of shard 0/2's games",
            "mixed:6: \"a\" plays both X and O",
            "mixed:7: the winner \"c\" plays neither X nor O",
            "mixed:8: game 1 of another tournament (t2, 4 games; most lines are of t1, 4 games)",
        ];
        assert_eq!(merged.messages.len(), want.len(), "{:?}", merged.messages);
        for (got, want) in merged.messages.iter().zip(want) {
            assert!(got.starts_with(want), "{got}");
        }
    }

    #[test]
    fn unsharded_logs_name_games() {
        let lines = [line(1, "0/1", "a", "b", Some("a"))];
        let merged = merge(&[log("whole", &lines)], false);
        let text = merged.messages.join("\n");
        assert!(
            text.contains("3 of 4 games missing\n  games 2, 3, 4"),
            "{text}"
        );
        assert!(merge(&[log("empty", &[])], false)
            .messages
            .contains(&"hypertac referee standings: no games in the logs".to_owned()));
    }
}
