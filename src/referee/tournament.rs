//! The tournament the arguments describe: the bots (sorted by name), the
//! boards, rounds, move time limit and parallelism. Every check on the
//! arguments lives here and ends in a one-line message.

use super::schedule::Board;
use super::shard::{self, Shard};
use super::RefereeArgs;
use hypertac_core::Rules;
use std::path::PathBuf;
use std::time::Duration;

/// A bot: a name and the shell command that plays one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bot {
    /// The name in tables and logs.
    pub name: String,
    /// Run through `sh -c` once per move.
    pub command: String,
}

/// Everything needed to run the games.
#[derive(Debug)]
pub struct Tournament {
    /// The bots, sorted by name.
    pub bots: Vec<Bot>,
    /// The boards, in play order.
    pub boards: Vec<Board>,
    /// How many times every pair plays on every board with both colours.
    pub rounds: usize,
    /// Time limit of one move.
    pub move_timeout: Duration,
    /// Games played at once.
    pub jobs: usize,
    /// JSON Lines log, one object per game.
    pub log: Option<PathBuf>,
    /// Folder for one hypertac record per game.
    pub record_dir: Option<PathBuf>,
    /// The share of the schedule to play (`--shard`; the whole by default).
    pub shard: Shard,
    /// The fingerprint of the schedule, written on every log line.
    pub fingerprint: String,
    /// Whether a dead position (no line can be completed) ends the game as a draw.
    pub adjudicate_dead: bool,
}

/// The tournament's default sizes: n in 3..6 and d in 2..5.
const DEFAULT_N: (u32, u32) = (3, 6);
const DEFAULT_D: (u32, u32) = (2, 5);

impl Tournament {
    /// Checks the arguments.
    ///
    /// # Errors
    /// A one-line message naming the bad argument.
    pub fn from_args(args: &RefereeArgs) -> Result<Tournament, String> {
        let bots = parse_bots(&args.bot)?;
        let boards = match &args.rules {
            Some(preset) => {
                if args.n.is_some() || args.d.is_some() {
                    return Err("--rules picks the board; leave out --n and --d".into());
                }
                let rules = Rules::preset(preset).map_err(|e| format!("--rules: {e}"))?;
                vec![Board::new(rules)]
            }
            None => cube_boards(
                parse_range("--n", args.n.as_deref(), DEFAULT_N)?,
                parse_range("--d", args.d.as_deref(), DEFAULT_D)?,
            )?,
        };
        let rounds = args.rounds.unwrap_or(1);
        if rounds == 0 {
            return Err("--rounds must be at least 1".into());
        }
        let move_timeout = parse_move_timeout(args.move_timeout.as_deref().unwrap_or("60s"))?;
        let jobs = match args.jobs {
            Some(0) => return Err("--jobs must be at least 1".into()),
            Some(j) => j,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        let shard = match &args.shard {
            Some(text) => Shard::parse(text)?,
            None => Shard::WHOLE,
        };
        let names: Vec<String> = bots.iter().map(|b| b.name.clone()).collect();
        let fingerprint = shard::fingerprint(&names, &boards, rounds);
        Ok(Tournament {
            bots,
            boards,
            rounds,
            move_timeout,
            jobs,
            log: args.log.clone(),
            record_dir: args.record_dir.clone(),
            shard,
            fingerprint,
            adjudicate_dead: args.adjudicate_dead,
        })
    }

    /// The bots' names, in the same order as [`Tournament::bots`].
    pub fn names(&self) -> Vec<String> {
        self.bots.iter().map(|b| b.name.clone()).collect()
    }
}

/// Parses `NAME=COMMAND` specs; at least two, names unique and non-empty.
pub fn parse_bots(specs: &[String]) -> Result<Vec<Bot>, String> {
    let mut bots: Vec<Bot> = Vec::new();
    for spec in specs {
        let Some((name, command)) = spec.split_once('=') else {
            return Err(format!(
                "--bot {spec:?}: expected NAME=COMMAND, like --bot mine=./mybot"
            ));
        };
        let name = name.trim();
        if name.is_empty() {
            return Err(format!("--bot {spec:?}: the name before = is empty"));
        }
        if name.chars().any(char::is_control) {
            return Err(format!("--bot {spec:?}: the name has control characters"));
        }
        if command.trim().is_empty() {
            return Err(format!("--bot {spec:?}: the command after = is empty"));
        }
        if bots.iter().any(|b| b.name == name) {
            return Err(format!("--bot {name:?} is given twice: names must differ"));
        }
        bots.push(Bot {
            name: name.to_owned(),
            command: command.to_owned(),
        });
    }
    if bots.len() < 2 {
        return Err(format!(
            "a tournament needs at least 2 bots (--bot NAME=COMMAND), got {}",
            bots.len()
        ));
    }
    bots.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(bots)
}

/// Parses `A..B` (inclusive) or a single value `A`; `None` gives `default`.
pub fn parse_range(
    flag: &str,
    text: Option<&str>,
    default: (u32, u32),
) -> Result<(u32, u32), String> {
    let Some(text) = text else {
        return Ok(default);
    };
    let number = |t: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|_| format!("{flag} {text:?}: expected a whole number or a range like 3..6"))
    };
    let (lo, hi) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b.strip_prefix('=').unwrap_or(b))?),
        None => {
            let v = number(text)?;
            (v, v)
        }
    };
    if lo > hi {
        return Err(format!("{flag} {text:?}: the range is empty ({lo} > {hi})"));
    }
    Ok((lo, hi))
}

/// The n^d boards for every n and d in the ranges, n outer.
fn cube_boards(n: (u32, u32), d: (u32, u32)) -> Result<Vec<Board>, String> {
    if n.0 < 2 {
        return Err(format!("--n {}: n must be at least 2", n.0));
    }
    if d.0 < 1 {
        return Err(format!("--d {}: d must be at least 1", d.0));
    }
    let mut boards = Vec::new();
    for n in n.0..=n.1 {
        for d in d.0..=d.1 {
            let rules = Rules::cube(n, d as usize).map_err(|e| format!("--n {n} --d {d}: {e}"))?;
            boards.push(Board::new(rules));
        }
    }
    Ok(boards)
}

/// Parses a move time limit (the grammar of [`crate::duration`]): more
/// than 0 and at most a day.
pub fn parse_move_timeout(text: &str) -> Result<Duration, String> {
    let time = crate::duration::parse(text)
        .ok_or_else(|| format!("--move-timeout {text:?}: expected a time like 60s, 500ms or 2m"))?;
    if time.is_zero() || time > Duration::from_secs(86_400) {
        return Err(format!(
            "--move-timeout {text:?}: must be more than 0 and at most a day"
        ));
    }
    Ok(time)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn bots_are_sorted_and_checked() {
        let bots = parse_bots(&specs(&["zed=./z --x=1", "amy=python3 a.py"])).unwrap();
        assert_eq!(bots[0].name, "amy");
        assert_eq!(bots[1].command, "./z --x=1");
        for (bad, want) in [
            (&["noequals", "b=x"][..], "expected NAME=COMMAND"),
            (&["=cmd", "b=x"][..], "name before = is empty"),
            (&["a=", "b=x"][..], "command after = is empty"),
            (&["a=x", "a=y"][..], "given twice"),
            (&["a=x"][..], "at least 2 bots"),
        ] {
            let err = parse_bots(&specs(bad)).unwrap_err();
            assert!(err.contains(want), "{err}");
        }
    }

    #[test]
    fn ranges() {
        assert_eq!(parse_range("--n", Some("3..6"), (0, 0)), Ok((3, 6)));
        assert_eq!(parse_range("--n", Some("4"), (0, 0)), Ok((4, 4)));
        assert_eq!(parse_range("--n", Some("3..=5"), (0, 0)), Ok((3, 5)));
        assert_eq!(parse_range("--n", None, (3, 6)), Ok((3, 6)));
        assert!(parse_range("--n", Some("6..3"), (0, 0)).is_err());
        assert!(parse_range("--n", Some("x"), (0, 0)).is_err());
        assert!(parse_range("--n", Some("3..-1"), (0, 0)).is_err());
        assert!(cube_boards((1, 3), (2, 2)).is_err());
        assert_eq!(cube_boards((3, 6), (2, 5)).unwrap().len(), 16);
    }

    #[test]
    fn move_timeouts() {
        assert_eq!(parse_move_timeout("60s"), Ok(Duration::from_secs(60)));
        assert_eq!(parse_move_timeout("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_move_timeout("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_move_timeout("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_move_timeout("1d"), Ok(Duration::from_secs(86_400)));
        assert!(parse_move_timeout("0s")
            .unwrap_err()
            .contains("more than 0"));
        assert!(parse_move_timeout("25h")
            .unwrap_err()
            .contains("at most a day"));
        assert!(parse_move_timeout("soon")
            .unwrap_err()
            .contains("expected a time"));
    }
}
