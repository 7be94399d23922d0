//! `hypertac referee` end to end, with the small bot programs in `tests/bots/`.

use hypertac_core::record::Record;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn bots_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bots")
}

/// A `--bot` spec running `interpreter tests/bots/script args`.
fn bot(name: &str, interpreter: &str, script: &str, args: &str) -> String {
    let path = bots_dir().join(script);
    format!("{name}={interpreter} '{}' {args}", path.display())
}

fn referee(args: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hypertac"))
        .arg("referee")
        .args(args)
        .env(
            "HYPERTAC_HOME",
            std::env::temp_dir().join("hypertac-referee-test"),
        )
        .output()
        .expect("hypertac runs")
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn with_bots(bots: &[String], rest: &[&str]) -> Vec<String> {
    let mut args = Vec::new();
    for b in bots {
        args.push("--bot".to_owned());
        args.push(b.clone());
    }
    args.extend(strings(rest));
    args
}

fn read_log(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .expect("log written")
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// The standings lines (after the header) as (bot, points, W, D, L, losses).
fn standings(stdout: &str) -> Vec<(String, u32, u32, u32, u32, String)> {
    let text = stdout
        .split("Standings after")
        .nth(1)
        .expect("a standings table");
    text.lines()
        .skip(2)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let n = |i: usize| f[i].parse::<u32>().unwrap();
            (f[1].to_owned(), n(2), n(3), n(4), n(5), f[6..].join(" "))
        })
        .collect()
}

/// Whether a process is gone (no such pid, or a zombie awaiting its reaper),
/// allowing a SIGKILL already sent a moment to take effect on a busy machine.
fn gone(pid: i32) -> bool {
    for _ in 0..50 {
        if gone_now(pid) {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    false
}

fn gone_now(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z')),
    }
}

fn pids_in(dir: &Path) -> Vec<i32> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.unwrap().path()).ok())
        .filter_map(|t| t.trim().parse().ok())
        .collect()
}

#[test]
fn bad_arguments_give_one_line_and_exit_2() {
    let two = [
        bot("a", "sh", "garbage.sh", ""),
        bot("b", "sh", "garbage.sh", ""),
    ];
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            with_bots(&strings(&["noequals", "b=x"]), &[]),
            "expected NAME=COMMAND",
        ),
        (
            with_bots(&strings(&["=x", "b=x"]), &[]),
            "name before = is empty",
        ),
        (with_bots(&strings(&["a=x", "a=y"]), &[]), "given twice"),
        (with_bots(&strings(&["a=x"]), &[]), "at least 2 bots"),
        (with_bots(&two, &["--n", "6..3"]), "range is empty"),
        (with_bots(&two, &["--d", "two"]), "--d \"two\""),
        (with_bots(&two, &["--n", "1"]), "n must be at least 2"),
        (with_bots(&two, &["--move-timeout", "0s"]), "--move-timeout"),
        (with_bots(&two, &["--jobs", "0"]), "--jobs"),
        (with_bots(&two, &["--rounds", "0"]), "--rounds"),
        (with_bots(&two, &["--rules", "chess"]), "unknown game"),
        (
            with_bots(&two, &["--rules", "qubic", "--n", "4"]),
            "leave out --n",
        ),
        (with_bots(&two, &["--shard", "4/4"]), "below N"),
        (with_bots(&two, &["--shard", "1/0"]), "at least 1"),
        (with_bots(&two, &["--shard", "first"]), "expected I/N"),
        (
            strings(&["standings", "/nonexistent/x.jsonl"]),
            "cannot read",
        ),
    ];
    for (args, want) in cases {
        let out = referee(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// Every misbehaving bot loses each of its games for its own reason: the
/// loser of every game is the first side to misbehave, and the random bot
/// never does.
#[test]
fn faults_are_losses_with_their_reasons() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("games.jsonl");
    let cast = [
        ("random", bot("random", "python3", "random.py", ""), ""),
        ("crash", bot("crash", "python3", "crash.py", ""), "crash"),
        (
            "garbage",
            bot("garbage", "sh", "garbage.sh", ""),
            "malformed",
        ),
        (
            "occupied",
            bot("occupied", "python3", "random.py", "--occupied"),
            "occupied",
        ),
        ("fail", bot("fail", "sh", "fail.sh", ""), "exit"),
        (
            "junk",
            bot("junk", "python3", "random.py", "--junk"),
            "extra-output",
        ),
        (
            "arity",
            bot("arity", "sh", "wrong_arity.sh", ""),
            "wrong-arity",
        ),
        (
            "offboard",
            bot("offboard", "sh", "off_board.sh", ""),
            "out-of-range",
        ),
        ("spew", bot("spew", "sh", "spew.sh", ""), "too-much-output"),
    ];
    let specs: Vec<String> = cast.iter().map(|c| c.1.clone()).collect();
    let log_arg = log.display().to_string();
    let out = referee(&with_bots(
        &specs,
        &["--n", "3", "--d", "2", "--jobs", "2", "--log", &log_arg],
    ));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let games = read_log(&log);
    assert_eq!(games.len(), 9 * 8);
    let expected: BTreeMap<&str, &str> = cast.iter().map(|c| (c.0, c.2)).collect();
    let mut seen = BTreeMap::new();
    for g in &games {
        let winner = g["winner"].as_str().expect("every game here has a winner");
        let loser = if g["x"] == winner {
            g["o"].as_str()
        } else {
            g["x"].as_str()
        }
        .unwrap();
        assert_ne!(loser, "random", "{g}");
        let reason = g["reason"].as_str().unwrap();
        assert_eq!(reason, expected[loser], "{g}");
        *seen.entry(loser).or_insert(0) += 1;
    }
    // Each misbehaving bot loses both games against random, and the games it
    // misbehaves first in against the others.
    for (name, _, _) in &cast[1..] {
        let vs_random = games
            .iter()
            .filter(|g| {
                (g["x"] == *name && g["o"] == "random") || (g["o"] == *name && g["x"] == "random")
            })
            .filter(|g| g["winner"] == "random")
            .count();
        assert_eq!(vs_random, 2, "{name}");
        assert!(seen.get(name).is_some_and(|&n| n >= 2), "{name}");
    }
    assert_eq!(seen.values().sum::<i32>(), 72);
    let table = standings(&stdout);
    assert_eq!(table[0].0, "random");
    assert_eq!((table[0].1, table[0].2, table[0].4), (16 * 3, 16, 0));
    let crash = table.iter().find(|r| r.0 == "crash").unwrap();
    assert_eq!(crash.5, format!("crash {}", seen["crash"]));
    // The log alone gives the same table, losses by reason included.
    let merged = referee(&strings(&["standings", &log_arg]));
    let at = stdout.find("Standings after").unwrap();
    assert_eq!(String::from_utf8_lossy(&merged.stdout), &stdout[at..]);
}

#[test]
fn hanging_bot_times_out_and_leaves_no_process_behind() {
    let pids = tempfile::tempdir().unwrap();
    let pid_file = format!("'{}'/pid-$$", pids.path().display());
    // The opponent starts in milliseconds: a loaded machine must not make it
    // miss the one-second limit too.
    let specs = [
        bot("hang", "sh", "hang.sh", &pid_file),
        own_bot("random", "--level random"),
    ];
    let out = referee(&with_bots(
        &specs,
        &["--n", "3", "--d", "2", "--move-timeout", "1s"],
    ));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let table = standings(&stdout);
    assert_eq!(table[0].0, "random");
    assert_eq!(table[1], ("hang".into(), 0, 0, 0, 2, "timeout 2".into()));
    let started = pids_in(pids.path());
    assert_eq!(started.len(), 2, "one child sleep per hanging move");
    for pid in started {
        assert!(gone(pid), "the hanging bot's child {pid} is still running");
    }
}

#[test]
fn ctrl_c_kills_the_bots_and_prints_partial_standings() {
    let pids = tempfile::tempdir().unwrap();
    let pid_file = format!("'{}'/pid-$$", pids.path().display());
    let specs = [
        bot("hang", "sh", "hang.sh", &pid_file),
        bot("random", "python3", "random.py", ""),
    ];
    let child = Command::new(env!("CARGO_BIN_EXE_hypertac"))
        .arg("referee")
        .args(with_bots(&specs, &["--n", "3", "--d", "2", "--jobs", "1"]))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the hanging bot has started its child, then press Ctrl-C.
    let deadline = Instant::now() + Duration::from_secs(60);
    while pids_in(pids.path()).is_empty() {
        assert!(Instant::now() < deadline, "the hanging bot never started");
        std::thread::sleep(Duration::from_millis(50));
    }
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{stdout}");
    assert!(
        stdout.contains("Standings after 0 of 2 games (partial)"),
        "{stdout}"
    );
    for pid in pids_in(pids.path()) {
        assert!(gone(pid), "the hanging bot's child {pid} is still running");
    }
}

/// Five bots on 3x3, hand-computed:
/// - alpha plays the first empty cell; d1 and d2 play fixed preference lists
///   (`drawer.py`); crash dies; garbage prints a non-move.
/// - alpha v d1: d1 as X draws, alpha as X wins (row y=0): alpha 3, d1 0.
///   Same against d2.
/// - d1 v d2: both games draw: a drawn match, 1 point each.
/// - everyone beats crash and garbage twice (6 points); crash v garbage:
///   X loses each time, one win each: a drawn match, 3 + 1 points each.
///
/// alpha 18 (W6 D2 L0), d1 13 and d2 13 (W4 D3 L1, by name), crash 4 and
/// garbage 4 (W1 D0 L7, by name).
#[test]
fn small_tournament_hand_computed() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("records");
    let log = dir.path().join("games.jsonl");
    let specs = [
        bot("garbage", "sh", "garbage.sh", ""),
        bot("d2", "python3", "drawer.py", ""),
        bot("alpha", "python3", "random.py", "--first"),
        bot("crash", "python3", "crash.py", ""),
        bot("d1", "python3", "drawer.py", ""),
    ];
    let (rec_arg, log_arg) = (records.display().to_string(), log.display().to_string());
    let args = with_bots(
        &specs,
        &[
            "--n",
            "3",
            "--d",
            "2",
            "--record-dir",
            &rec_arg,
            "--log",
            &log_arg,
        ],
    );
    let out = referee(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let expected = vec![
        ("alpha".to_owned(), 18, 6, 2, 0, String::new()),
        ("d1".to_owned(), 13, 4, 3, 1, "board 1".to_owned()),
        ("d2".to_owned(), 13, 4, 3, 1, "board 1".to_owned()),
        ("crash".to_owned(), 4, 1, 0, 7, "crash 7".to_owned()),
        ("garbage".to_owned(), 4, 1, 0, 7, "malformed 7".to_owned()),
    ];
    assert_eq!(standings(&stdout), expected, "{stdout}");
    assert!(
        stdout.contains("Standings after 20 of 20 games\n"),
        "{stdout}"
    );

    // The log: one object per game in schedule order (bots sorted by name).
    let games = read_log(&log);
    assert_eq!(games.len(), 20);
    assert_eq!(
        (games[0]["x"].as_str(), games[0]["o"].as_str()),
        (Some("alpha"), Some("crash"))
    );
    assert_eq!(games[0]["game"], 1);
    assert_eq!(games[0]["reason"], "crash");
    assert_eq!(games[0]["moves"].as_array().unwrap().len(), 1);
    let draw = games
        .iter()
        .find(|g| g["x"] == "d1" && g["o"] == "d2")
        .unwrap();
    assert_eq!(draw["result"], "draw");
    assert_eq!(draw["n"], 3);
    assert_eq!(draw["d"], 2);
    let moves: Vec<&str> = draw["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(
        moves,
        ["1,1", "0,0", "2,0", "0,2", "0,1", "2,1", "1,0", "1,2", "2,2"]
    );
    assert_eq!(draw["move_ms"].as_array().unwrap().len(), 9);

    // The records replay, one per game.
    let mut files: Vec<PathBuf> = std::fs::read_dir(&records)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 20);
    let win = files
        .iter()
        .find(|f| f.ends_with("0003-alpha-vs-d1.json"))
        .expect("record of game 3");
    let record = Record::from_json(&std::fs::read_to_string(win).unwrap()).unwrap();
    assert_eq!(record.players.x, "bot:alpha");
    assert_eq!(record.players.o, "bot:d1");
    assert_eq!(record.result, "X wins");
    assert_eq!(record.replay().unwrap().moves().len(), 5);

    // The same bots, in another order, give the same table and games.
    let mut reversed = specs.to_vec();
    reversed.reverse();
    let again = referee(&with_bots(
        &reversed,
        &["--n", "3", "--d", "2", "--jobs", "3"],
    ));
    let after_summary = |text: &str| text.split_once('\n').map(|(_, rest)| rest.to_owned());
    assert_eq!(
        after_summary(&String::from_utf8_lossy(&again.stdout)),
        after_summary(&stdout)
    );
}

#[test]
fn connect_four_preset_sends_the_sizes_and_full_cells() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("games.jsonl");
    let specs = [
        bot("a", "python3", "random.py", "--gravity 1"),
        bot("b", "python3", "random.py", "--gravity 1"),
    ];
    let log_arg = log.display().to_string();
    let out = referee(&with_bots(
        &specs,
        &["--rules", "connect4", "--log", &log_arg],
    ));
    assert_eq!(out.status.code(), Some(0));
    let games = read_log(&log);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g["rules"], "7x6 k4 gravity 1");
        assert!(g["n"].is_null());
        assert!(
            ["board", "draw"].contains(&g["reason"].as_str().unwrap()),
            "{g}"
        );
    }
    // A bot ignoring gravity loses with `illegal` once it plays a floating cell.
    let specs = [
        bot("a", "python3", "random.py", "--gravity 1"),
        bot("float", "python3", "random.py", ""),
    ];
    let out = referee(&with_bots(
        &specs,
        &["--rules", "connect4", "--log", &log_arg],
    ));
    assert_eq!(out.status.code(), Some(0));
    let reasons: Vec<String> = read_log(&log)
        .iter()
        .map(|g| g["reason"].as_str().unwrap().to_owned())
        .collect();
    assert!(
        reasons.iter().all(|r| r == "illegal" || r == "board"),
        "{reasons:?}"
    );
}

/// A `--bot` spec running `hypertac bot ARGS` (deterministic, and quick to start).
fn own_bot(name: &str, args: &str) -> String {
    format!("{name}='{}' bot {args}", env!("CARGO_BIN_EXE_hypertac"))
}

/// The bundled bot plays every preset the referee offers: whole games of
/// Connect Four (perfect level through the solver) and 3D Connect Four, no
/// forfeits.
#[test]
fn bundled_bot_plays_connect_four_presets_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("games.jsonl");
    let log_arg = log.display().to_string();
    for (preset, level) in [("connect4", "hard"), ("connect4-3d", "easy")] {
        let specs = [
            own_bot("a", &format!("--level {level} --seed 1")),
            own_bot("b", &format!("--level {level} --seed 2")),
        ];
        let out = referee(&with_bots(&specs, &["--rules", preset, "--log", &log_arg]));
        assert_eq!(out.status.code(), Some(0), "{preset}");
        let games = read_log(&log);
        assert_eq!(games.len(), 2, "{preset}");
        for g in &games {
            let reason = g["reason"].as_str().unwrap();
            assert!(["board", "draw"].contains(&reason), "{preset}: {g}");
        }
    }
}

/// Three deterministic bots on 3x3 over two rounds: 12 games, with wins and
/// draws.
fn small_field() -> Vec<String> {
    vec![
        own_bot("r1", "--level random --seed 1"),
        own_bot("seed", "--level seed"),
        own_bot("r2", "--level random --seed 2"),
    ]
}

const SMALL: [&str; 6] = ["--n", "3", "--d", "2", "--rounds", "2"];

/// `hypertac referee --shard I/N --log DIR/I-of-N.jsonl` of the small field.
fn play_shard(dir: &Path, index: usize, count: usize) -> PathBuf {
    let log = dir.join(format!("{index}-of-{count}.jsonl"));
    let (shard, log_arg) = (format!("{index}/{count}"), log.display().to_string());
    let mut args = SMALL.to_vec();
    args.extend(["--jobs", "2", "--shard", &shard, "--log", &log_arg]);
    let out = referee(&with_bots(&small_field(), &args));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    if count > 1 {
        assert!(
            stdout.contains(&format!("12 games, shard {shard} plays")),
            "{stdout}"
        );
    }
    log
}

/// `hypertac referee standings ARGS`.
fn standings_of(args: &[&Path], extra: &[&str]) -> Output {
    let mut all: Vec<String> = vec!["standings".into()];
    all.extend(extra.iter().map(|s| s.to_string()));
    all.extend(args.iter().map(|p| p.display().to_string()));
    referee(&all)
}

/// The table an unsharded run prints: its stdout from "Standings after".
fn whole_table(dir: &Path) -> (String, PathBuf) {
    let log = dir.join("whole.jsonl");
    let log_arg = log.display().to_string();
    let mut args = SMALL.to_vec();
    args.extend(["--log", &log_arg]);
    let out = referee(&with_bots(&small_field(), &args));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let at = stdout.find("Standings after").expect("a table");
    (stdout[at..].to_owned(), log)
}

#[test]
fn shards_play_every_game_once_and_merge_to_the_same_table() {
    let dir = tempfile::tempdir().unwrap();
    let (table, whole_log) = whole_table(dir.path());
    assert!(
        table.starts_with("Standings after 12 of 12 games\n"),
        "{table}"
    );
    // The unsharded log alone gives the same table.
    let out = standings_of(&[&whole_log], &[]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), table);
    assert_eq!(out.status.code(), Some(0));

    for count in 1..=5 {
        let logs: Vec<PathBuf> = (0..count)
            .map(|i| play_shard(dir.path(), i, count))
            .collect();
        let mut games: Vec<u64> = Vec::new();
        for (i, log) in logs.iter().enumerate() {
            for g in read_log(log) {
                assert_eq!(g["shard"], format!("{i}/{count}"));
                assert_eq!(g["games"], 12);
                games.push(g["game"].as_u64().unwrap());
            }
        }
        games.sort();
        assert_eq!(games, (1..=12).collect::<Vec<u64>>(), "{count} shards");

        // Any order of the logs gives the unsharded table, byte for byte.
        let mut order: Vec<&Path> = logs.iter().map(PathBuf::as_path).collect();
        for turn in 0..count.min(3) {
            order.rotate_left(turn);
            if turn == 2 {
                order.reverse();
            }
            let out = standings_of(&order, &[]);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{count} shards: {stderr}");
            assert!(stderr.is_empty(), "{stderr}");
            assert_eq!(String::from_utf8_lossy(&out.stdout), table, "{order:?}");
        }
    }
}

#[test]
fn standings_name_missing_shards_duplicates_and_bad_lines() {
    let dir = tempfile::tempdir().unwrap();
    let logs: Vec<PathBuf> = (0..3).map(|i| play_shard(dir.path(), i, 3)).collect();
    let (table, _) = whole_table(dir.path());

    // Shard 1/3 lost: named, no table, exit 1; --partial prints it marked.
    let out = standings_of(&[&logs[2], &logs[0]], &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(stderr.contains("4 of 12 games missing"), "{stderr}");
    assert!(
        stderr.contains("shard 1/3 (--shard 1/3): all 4 of its games missing: 2, 5, 8, 11"),
        "{stderr}"
    );
    let out = standings_of(&[&logs[2], &logs[0]], &["--partial"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout)
        .starts_with("Standings after 8 of 12 games (partial)\n"));

    // A shard's log given twice: named, counted once.
    let out = standings_of(&[&logs[0], &logs[1], &logs[2], &logs[1]], &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("game 2 is in the logs 2 times, with the same result"),
        "{stderr}"
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), table);

    // A truncated line, and a game of another tournament (other bots).
    let bad = dir.path().join("bad.jsonl");
    let good = std::fs::read_to_string(&logs[1]).unwrap();
    let first = good.lines().next().unwrap();
    let foreign_field = {
        let mut args = vec!["--n", "3", "--d", "2", "--shard", "1/3"];
        let foreign = dir.path().join("foreign.jsonl");
        let foreign_arg = foreign.display().to_string();
        args.extend(["--log", &foreign_arg]);
        let field = [
            own_bot("zed", "--level random --seed 3"),
            own_bot("r1", "--level random --seed 1"),
        ];
        assert_eq!(referee(&with_bots(&field, &args)).status.code(), Some(0));
        std::fs::read_to_string(&foreign).unwrap()
    };
    std::fs::write(
        &bad,
        format!("{good}{}\n{}", &first[..first.len() / 2], foreign_field),
    )
    .unwrap();
    let out = standings_of(&[&logs[0], &bad, &logs[2]], &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let lines = good.lines().count();
    assert!(
        stderr.contains(&format!("{}:{}: not JSON", bad.display(), lines + 1)),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "{}:{}: game 2 of another tournament",
            bad.display(),
            lines + 2
        )),
        "{stderr}"
    );
    // Every game of the tournament is there: the table is right all the same.
    assert_eq!(String::from_utf8_lossy(&out.stdout), table);
}
