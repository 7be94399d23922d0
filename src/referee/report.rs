//! What the referee writes: one line per game, the standings table, one JSON
//! object per game for `--log`, and hypertac records for `--record-dir`.

use super::game::{End, Game};
use super::schedule::{Board, GameSpec};
use super::scoring::Standing;
use super::shard::Shard;
use hypertac_core::notation::format_cell;
use hypertac_core::record::{Players, Record};
use hypertac_core::Player;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The names of the bots playing X and O in `spec`.
fn sides<'a>(names: &'a [String], spec: &GameSpec) -> (&'a str, &'a str) {
    (&names[spec.x], &names[spec.o])
}

fn name_of<'a>(names: &'a [String], spec: &GameSpec, side: Player) -> &'a str {
    let (x, o) = sides(names, spec);
    if side == Player::X {
        x
    } else {
        o
    }
}

/// One human-readable line for a finished game.
pub fn game_line(
    names: &[String],
    total: usize,
    spec: &GameSpec,
    board: &Board,
    game: &Game,
) -> String {
    let (x, o) = sides(names, spec);
    let moves = game.position.moves().len();
    let result = match &game.end {
        End::Won(side) => format!("{} wins", name_of(names, spec, *side)),
        End::Drawn => "draw".to_owned(),
        End::Forfeit { loser, fault, .. } => format!(
            "{} wins: {} {} ({})",
            name_of(names, spec, loser.other()),
            name_of(names, spec, *loser),
            fault,
            fault.key()
        ),
        End::Interrupted => "interrupted".to_owned(),
    };
    let width = total.to_string().len();
    format!(
        "game {:>width$}/{total}  {}  X {x}  O {o}  {result}, {moves} move{}",
        spec.index + 1,
        board.label(),
        if moves == 1 { "" } else { "s" }
    )
}

/// What ties a `--log` line to its tournament and shard.
#[derive(Clone, Debug)]
pub struct LogTag {
    /// The schedule's fingerprint ([`super::shard::fingerprint`]).
    pub tournament: String,
    /// Games in the whole schedule.
    pub games: usize,
    /// The shard that played the game.
    pub shard: Shard,
}

/// The `--log` object of a finished game (one line of JSON).
pub fn log_line(
    names: &[String],
    spec: &GameSpec,
    board: &Board,
    game: &Game,
    tag: &LogTag,
) -> String {
    let (x, o) = sides(names, spec);
    let shape = board.rules.shape();
    let (result, reason, detail, stderr) = match &game.end {
        End::Won(side) => (
            format!("{side} wins"),
            "board",
            String::new(),
            String::new(),
        ),
        End::Drawn => ("draw".into(), "draw", String::new(), String::new()),
        End::Forfeit {
            loser,
            fault,
            stderr,
        } => (
            format!("{} wins", loser.other()),
            fault.key(),
            format!("{} {fault}", name_of(names, spec, *loser)),
            stderr.clone(),
        ),
        End::Interrupted => (
            "interrupted".into(),
            "interrupted",
            String::new(),
            String::new(),
        ),
    };
    let winner = game.end.winner().map(|side| name_of(names, spec, side));
    let moves: Vec<String> = game
        .position
        .moves()
        .iter()
        .map(|&c| format_cell(shape, c))
        .collect();
    GameLog {
        game: spec.index + 1,
        games: tag.games,
        tournament: &tag.tournament,
        shard: tag.shard.to_string(),
        round: spec.round + 1,
        rules: board.rules.to_string(),
        n: board.cube.map(|(n, _)| n),
        d: board.cube.map(|(_, d)| d),
        bots: [x, o],
        x,
        o,
        result,
        winner,
        reason,
        detail: Some(detail).filter(|d| !d.is_empty()),
        stderr: Some(stderr).filter(|s| !s.is_empty()),
        moves,
        move_ms: &game.move_ms,
    }
    .to_json()
}

/// One `--log` line, fields in this order.
#[derive(Serialize)]
struct GameLog<'a> {
    game: usize,
    games: usize,
    tournament: &'a str,
    shard: String,
    round: usize,
    rules: String,
    n: Option<u32>,
    d: Option<usize>,
    bots: [&'a str; 2],
    x: &'a str,
    o: &'a str,
    result: String,
    winner: Option<&'a str>,
    reason: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stderr: Option<String>,
    moves: Vec<String>,
    move_ms: &'a [u64],
}

impl GameLog<'_> {
    fn to_json(&self) -> String {
        serde_json::to_string(self).expect("game logs serialize")
    }
}

/// The record file of a game: `DIR/0001-x-vs-o.json`.
pub fn record_path(dir: &Path, names: &[String], spec: &GameSpec) -> PathBuf {
    let (x, o) = sides(names, spec);
    let safe = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    dir.join(format!(
        "{:04}-{}-vs-{}.json",
        spec.index + 1,
        safe(x),
        safe(o)
    ))
}

/// The game as a hypertac record (players `bot:NAME`). A forfeited game is
/// recorded up to the last legal move, so its result reads `ongoing`.
pub fn record_json(names: &[String], spec: &GameSpec, game: &Game) -> String {
    let (x, o) = sides(names, spec);
    let players = Players {
        x: format!("bot:{x}"),
        o: format!("bot:{o}"),
    };
    Record::of(
        &game.position,
        players,
        &game.at_ms,
        game.started_ms,
        game.finished_ms,
    )
    .to_json()
}

/// The standings table; `partial` marks an interrupted tournament.
pub fn table(
    names: &[String],
    standings: &[Standing],
    played: usize,
    total: usize,
    partial: bool,
) -> String {
    let mut rows = vec![[
        "rank".to_owned(),
        "bot".to_owned(),
        "points".to_owned(),
        "W".to_owned(),
        "D".to_owned(),
        "L".to_owned(),
        "losses by reason".to_owned(),
    ]];
    for (i, s) in standings.iter().enumerate() {
        let losses = s
            .losses
            .iter()
            .map(|(reason, count)| format!("{reason} {count}"))
            .collect::<Vec<_>>()
            .join(", ");
        rows.push([
            (i + 1).to_string(),
            names[s.bot].clone(),
            s.points.to_string(),
            s.won.to_string(),
            s.drawn.to_string(),
            s.lost.to_string(),
            losses,
        ]);
    }
    let widths: Vec<usize> = (0..7)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = format!(
        "Standings after {played} of {total} games{}\n",
        if partial { " (partial)" } else { "" }
    );
    for row in rows {
        let line = format!(
            "{:>w0$}  {:<w1$}  {:>w2$}  {:>w3$}  {:>w4$}  {:>w5$}  {}",
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            row[5],
            row[6],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3],
            w4 = widths[4],
            w5 = widths[5],
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn table_layout() {
        let names = vec!["a".to_owned(), "b".to_owned(), "c".to_owned()];
        let row = |bot, points, lost| Standing {
            bot,
            points,
            won: 0,
            drawn: 0,
            lost,
            losses: BTreeMap::from([("timeout".to_owned(), lost)]),
        };
        let text = table(
            &names,
            &[row(1, 8, 2), row(0, 5, 1), row(2, 5, 1)],
            6,
            6,
            true,
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Standings after 6 of 6 games (partial)");
        assert_eq!(lines[1], "rank  bot  points  W  D  L  losses by reason");
        assert_eq!(lines[2], "   1  b         8  0  0  2  timeout 2");
        assert_eq!(lines[3], "   2  a         5  0  0  1  timeout 1");
        assert_eq!(lines[4], "   3  c         5  0  0  1  timeout 1");
    }
}
