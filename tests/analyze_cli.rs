//! `hypertac analyze` and `GET /api/analyze`: the same JSON from both, one
//! clear line (CLI) or a 400 (API) for bad input, the review, and the
//! shipped certificates' answers after X's first move on 4^4 and 4^5.

mod common;

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A running `hypertac serve --port 0`; killed when dropped.
struct Server {
    child: Child,
    port: u16,
    _home: tempfile::TempDir,
}

impl Server {
    fn start() -> Server {
        let home = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_hypertac"))
            .args(["serve", "--port", "0"])
            .env("HYPERTAC_HOME", home.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start hypertac serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line.trim().trim_end_matches('/');
        let port = url.rsplit(':').next().unwrap().parse().unwrap();
        Server {
            child,
            port,
            _home: home,
        }
    }

    /// GET `path`: status and body.
    fn get(&self, path: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        let request = format!(
            "GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{}\r\n\r\n",
            self.port
        );
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        let text = String::from_utf8_lossy(&response).to_string();
        let status = text[9..12].parse().unwrap();
        let body = text
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or_default();
        (status, body)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b',' | b'-' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// `hypertac analyze ARGS --json`: the parsed JSON.
fn cli(args: &[&str]) -> Value {
    let mut all = vec!["analyze", "--json"];
    all.extend_from_slice(args);
    let (out, err, code) = common::run_args(&all);
    assert_eq!(code, 0, "{all:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn the_api_answers_what_the_cli_prints() {
    let server = Server::start();
    let cases: [(&[&str], &str); 6] = [
        (
            &["--game", "tictactoe", "--moves", "1,1"],
            "game=tictactoe&moves=1,1",
        ),
        (
            &["--game", "tictactoe", "--moves", ""],
            "game=tictactoe&moves=",
        ),
        (
            &["--shape", "4x4", "--k", "3", "--moves", "0,0;1,1"],
            "shape=4x4&k=3&moves=0,0;1,1",
        ),
        (
            &["--game", "nd 3 3", "--moves", "1,1,1"],
            "game=nd%203%203&moves=1,1,1",
        ),
        (
            &["--game", "qubic", "--moves", "0,0,0"],
            "game=qubic&moves=0,0,0",
        ),
        (
            &["--game", "connect4", "--moves", "4453"],
            "game=connect4&moves=4453",
        ),
    ];
    for (args, query) in cases {
        let want = cli(args);
        let (status, body) = server.get(&format!("/api/analyze?{}", encode_query(query)));
        assert_eq!(status, 200, "{query}: {body}");
        let got: Value = serde_json::from_str(&body).unwrap();
        // The server keeps values between answers: compare all but the source.
        assert_eq!(strip(&got), strip(&want), "{query}");
        assert_eq!(got["complete"], Value::Bool(true), "{query}");
    }
}

fn encode_query(q: &str) -> String {
    q.split('&')
        .map(|kv| match kv.split_once('=') {
            Some((k, v)) if k == "moves" => format!("{k}={}", encode(v)),
            _ => kv.to_string(),
        })
        .collect::<Vec<_>>()
        .join("&")
}

fn strip(v: &Value) -> Value {
    let mut v = v.clone();
    for m in v["moves"].as_array_mut().unwrap() {
        m.as_object_mut().unwrap().remove("source");
    }
    v
}

#[test]
fn bad_input_is_one_line_or_a_400() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["--game", "tictactoe", "--moves", "1,1;1,1"],
            "already taken",
        ),
        (&["--game", "tictactoe", "--moves", "1,x"], "move 1"),
        (
            &["--game", "tictactoe", "--moves", "0,0;1,0;1,1;2,0;2,2"],
            "the game is over",
        ),
        (
            &["--game", "tictactoe", "--moves", "0,0;1,0;1,1;2,0;2,2;0,1"],
            "already over",
        ),
        (
            &["--game", "nd 10 10", "--moves", ""],
            "analyze takes at most",
        ),
        (&["--game", "qubic", "--time", "soon"], "--time"),
    ];
    for (args, words) in cases {
        let mut all = vec!["analyze"];
        all.extend_from_slice(args);
        let (out, err, code) = common::run_args(&all);
        assert_eq!(code, 2, "{all:?}");
        assert!(out.is_empty(), "{all:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{all:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(words),
            "{all:?}: {err}"
        );
    }
    let server = Server::start();
    let huge = "0,0;".repeat(20_000);
    for query in [
        "game=tictactoe&moves=1,1;1,1".to_string(),
        "game=tictactoe&moves=0,0;1,0;1,1;2,0;2,2".to_string(),
        "game=nope&moves=".to_string(),
        "game=nd%2010%2010&moves=".to_string(),
        "shape=4x4&k=9&moves=".to_string(),
        "game=qubic&moves=0,0,0&ms=soon".to_string(),
        "moves=0,0".to_string(),
        format!("game=tictactoe&moves={}", encode(&huge)),
    ] {
        let (status, body) = server.get(&format!("/api/analyze?{query}"));
        let short = &query[..query.len().min(60)];
        assert!(status == 400 || status == 414, "{short}: {status} {body}");
        if status == 400 {
            let v: Value = serde_json::from_str(&body).unwrap();
            let e = v["error"].as_str().unwrap();
            assert!(!e.contains('\n') && !e.is_empty(), "{short}: {e}");
        }
    }
}

#[test]
fn after_xs_first_move_on_4d_and_4x5_every_reply_is_proved_lost() {
    for (game, first, replies) in [("4d", "0,0,0,0", 255), ("nd 4 5", "0,0,0,0,0", 1023)] {
        let v = cli(&["--game", game, "--moves", first, "--time", "1ms"]);
        let moves = v["moves"].as_array().unwrap();
        assert_eq!(moves.len(), replies);
        assert!(moves.iter().all(|m| m["value"] == "X wins"
            && m["proved"] == Value::Bool(true)
            && m["source"] == "certificate"));
        assert_eq!(v["value"], "X wins");
    }
}

#[test]
fn a_review_marks_the_move_that_threw_away_the_draw() {
    let (out, err, code) = common::run_args(&[
        "analyze",
        "--game",
        "tictactoe",
        "--moves",
        "1,1;0,1;0,0;2,2;1,0;2,1;2,0",
        "--review",
    ]);
    assert_eq!(code, 0, "{err}");
    let marked: Vec<&str> = out.lines().filter(|l| l.contains("threw away")).collect();
    assert_eq!(marked.len(), 1, "{out}");
    assert!(
        marked[0].contains("O 0,1") && marked[0].contains("threw away a draw"),
        "{out}"
    );
}

#[test]
fn a_book_is_built_used_gone_on_with_and_refused_when_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("ttt.book");
    let path = book.to_str().unwrap();
    let build = |stones: &str| {
        common::run_args(&[
            "book",
            "--game",
            "tictactoe",
            "--stones",
            stones,
            "--out",
            path,
            "--threads",
            "1",
            "--memory",
            "16",
        ])
    };
    let (out, err, code) = build("1");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3 positions of 1 to 1 stones"), "{out}");
    // Going on to two stones keeps the three and adds the twelve.
    let (out, err, code) = build("2");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("15 positions of 1 to 2 stones"), "{out}");
    assert_eq!(
        err.lines().filter(|l| l.contains("accepted")).count(),
        12,
        "{err}"
    );
    // analyze answers the moves after X's first move from the book.
    let v = cli(&[
        "--game",
        "tictactoe",
        "--moves",
        "1,1",
        "--book",
        path,
        "--time",
        "1ms",
    ]);
    let moves = v["moves"].as_array().unwrap();
    assert!(moves.iter().all(|m| m["source"] == "book"), "{v}");
    assert_eq!(v["value"], "draw");
    let (out, err, code) =
        common::run_args(&["book", "--game", "tictactoe", "--out", path, "--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("every value proved again"), "{out}");
    // A changed value is refused in one line, by analyze and by book.
    let text = std::fs::read_to_string(&book).unwrap();
    std::fs::write(&book, text.replacen("draw", "O wins", 1)).unwrap();
    for args in [
        vec![
            "analyze",
            "--game",
            "tictactoe",
            "--moves",
            "1,1",
            "--book",
            path,
        ],
        vec![
            "book",
            "--game",
            "tictactoe",
            "--stones",
            "2",
            "--out",
            path,
        ],
    ] {
        let (out, err, code) = common::run_args(&args);
        assert_ne!(code, 0, "{args:?}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("does not match its contents"), "{err}");
    }
    // Another board's book.
    std::fs::write(&book, text).unwrap();
    let (_, err, code) = common::run_args(&["analyze", "--game", "qubic", "--book", path]);
    assert_eq!(code, 2);
    assert!(err.contains("expected `rules 4x4x4 k4`"), "{err}");
}

#[test]
fn a_book_built_in_shares_and_merged_is_the_whole_book() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let build = |out: &str, extra: &[&str]| {
        let mut args = vec![
            "book",
            "--game",
            "tictactoe",
            "--stones",
            "3",
            "--out",
            out,
            "--threads",
            "1",
            "--memory",
            "16",
        ];
        args.extend_from_slice(extra);
        let (out, err, code) = common::run_args(&args);
        assert_eq!(code, 0, "{err}");
        (out, err)
    };
    let whole = file("whole.book");
    assert!(build(&whole, &[])
        .0
        .contains("53 positions of 1 to 3 stones"));
    // Three jobs at once write the same book, byte for byte.
    let jobs = file("jobs.book");
    let (out, err) = build(&jobs, &["--jobs", "3"]);
    assert!(out.contains("53 positions of 1 to 3 stones"), "{out}");
    assert_eq!(
        err.lines().filter(|l| l.contains("accepted")).count(),
        53,
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&jobs).unwrap(),
        std::fs::read_to_string(&whole).unwrap()
    );
    let shares: Vec<String> = (0..3).map(|i| file(&format!("share-{i}.book"))).collect();
    for (i, path) in shares.iter().enumerate() {
        let (out, _) = build(path, &["--shard", &format!("{i}/3")]);
        assert!(out.contains(&format!("share {i}/3 done")), "{out}");
    }
    let merged = file("merged.book");
    let merge = |books: &[&str]| {
        let mut args = vec!["book", "--game", "tictactoe", "--out", &merged, "--merge"];
        args.extend_from_slice(books);
        common::run_args(&args)
    };
    // The first share's list of positions left out (as --go-on writes
    // it): one the third share proves, one of no share.
    let owned = std::fs::read_to_string(&shares[2]).unwrap();
    let class = owned.lines().find(|l| l.ends_with(" draw")).unwrap();
    let class = class.rsplit_once(' ').unwrap().0.to_string();
    std::fs::write(
        format!("{}.tried", shares[0]),
        format!("{class} 240\n0,0;1,1;2,2;0,1 300\n"),
    )
    .unwrap();
    // Two shares: a book with the third's classes missing, and said so.
    let (out, err, code) = merge(&[&shares[0], &shares[1]]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("17 of the 53 classes still missing (1 of them left out before"),
        "{out}"
    );
    // The third joins what --out holds: the whole book, byte for byte, and
    // the list keeps only what no share proved.
    let (out, err, code) = merge(&[&shares[2]]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("every class is in"), "{out}");
    assert_eq!(
        std::fs::read_to_string(format!("{merged}.tried")).unwrap(),
        "0,0;1,1;2,2;0,1 300\n"
    );
    assert_eq!(
        std::fs::read_to_string(&merged).unwrap(),
        std::fs::read_to_string(&whole).unwrap()
    );
    // A share that gives a position another value is refused in one line,
    // and the merged book is left as it was.
    let mut book =
        hypertac_ai::book::Book::parse(&std::fs::read_to_string(&shares[1]).unwrap(), &{
            hypertac_core::Rules::preset("tictactoe").unwrap()
        })
        .unwrap();
    let pos = hypertac_core::Position::new(hypertac_core::Rules::preset("tictactoe").unwrap());
    let mut first = pos.clone();
    first.play(hypertac_core::Cell(0));
    book.insert(&first, hypertac_proof::Value::Win(hypertac_core::Player::O))
        .unwrap();
    let wrong = file("wrong.book");
    std::fs::write(&wrong, book.to_text()).unwrap();
    let (out, err, code) = merge(&[&wrong]);
    assert_ne!(code, 0);
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("the books disagree on 0,0: draw and O wins"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&merged).unwrap(),
        std::fs::read_to_string(&whole).unwrap()
    );
}

#[test]
fn a_book_goes_on_past_what_it_cannot_prove_in_time_when_asked() {
    // Qubic's 37 classes of 1 and 2 stones with 1 ms a position: the 13
    // the shipped certificate proves go in; no other is proved that fast.
    let dir = tempfile::tempdir().unwrap();
    // A build of the book `name` with 1 ms a position, and `more`.
    let run = |name: &str, more: &[&str]| {
        let path = dir.path().join(name);
        let mut args = vec![
            "book",
            "--game",
            "qubic",
            "--stones",
            "2",
            "--time",
            "1ms",
            "--threads",
            "1",
            "--memory",
            "16",
            "--out",
            path.to_str().unwrap(),
        ];
        args.extend_from_slice(more);
        common::run_args(&args)
    };
    let len_of = |name: &str| {
        hypertac_ai::book::Book::parse(
            &std::fs::read_to_string(dir.path().join(name)).unwrap(),
            &hypertac_core::Rules::preset("qubic").unwrap(),
        )
        .unwrap()
        .len()
    };
    let build_jobs = |name: &str, go_on: bool, jobs: &str| {
        let mut more = vec!["--jobs", jobs];
        if go_on {
            more.push("--go-on");
        }
        let (_, err, code) = run(name, &more);
        (err, code, len_of(name))
    };
    let build = |name: &str, go_on: bool| build_jobs(name, go_on, "1");
    // Without --go-on the first position not proved ends the build.
    let (err, code, len) = build("stop.book", false);
    assert_eq!(code, 3, "{err}");
    assert_eq!(len, 13, "{err}");
    assert!(err.contains("the time ran out"), "{err}");
    assert_eq!(err.matches("left out").count(), 0, "{err}");
    // With it every other position is tried and left out, and said so.
    let (err, code, len) = build("go-on.book", true);
    assert_eq!(code, 3, "{err}");
    assert_eq!(len, 13, "{err}");
    assert_eq!(
        err.matches("not proved in 1ms, left out").count(),
        24,
        "{err}"
    );
    assert!(
        err.contains("24 positions left out, not proved within --time 1ms"),
        "{err}"
    );
    // They are noted beside the book with the time they had (1 ms counts
    // as 1 s), and the same build again skips them all.
    let tried_path = dir.path().join("go-on.book.tried");
    let tried = std::fs::read_to_string(&tried_path).unwrap();
    assert_eq!(tried.lines().count(), 24, "{tried}");
    assert!(tried.lines().all(|l| l.ends_with(" 1")), "{tried}");
    let (err, code, len) = build("go-on.book", true);
    assert_eq!((code, len), (3, 13), "{err}");
    assert_eq!(err.matches("not proved in 1 s before").count(), 24, "{err}");
    // --status says so, level by level: the corner's class and its 12
    // replies in, the edge's and its 23 replies left out; the corner's
    // moves all answered, the empty board's but for the edge's class.
    let book_path = dir.path().join("go-on.book");
    let (out, err, code) = common::run_args(&[
        "book",
        "--game",
        "qubic",
        "--out",
        book_path.to_str().unwrap(),
        "--status",
    ]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Vec<&str>> = out
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows[0], ["0", "1", "-", "-", "-", "0", "of", "1"], "{out}");
    assert_eq!(rows[1], ["1", "2", "1", "1", "0", "1", "of", "2"], "{out}");
    // The last level counts the classes lost for their side to move
    // (X wins every class of 2 stones: none).
    assert_eq!(
        rows[2],
        [
            "2", "35", "12", "23", "0", "0", "of", "35", "(lost", "for", "the", "side", "to",
            "move)"
        ],
        "{out}"
    );
    assert!(out.contains("nearest at 0 stones (classes of their moves not in the book): the empty board (1 missing)"), "{out}");
    assert!(out.contains("left out at 1 stones: 1 after 1 s"), "{out}");
    assert!(out.contains("left out at 2 stones: 23 after 1 s"), "{out}");
    // --for builds only the classes a position's moves lead to: the
    // edge's 23 replies, and a book given keeps the rest.
    let edge = |name: &str, position: &str| run(name, &["--go-on", "--for", position]);
    let (_, err, code) = edge("edge.book", "1,0,0");
    assert_eq!(code, 3, "{err}");
    assert_eq!(
        err.matches("not proved in 1ms, left out").count(),
        23,
        "{err}"
    );
    let edge_tried = std::fs::read_to_string(dir.path().join("edge.book.tried")).unwrap();
    assert_eq!(edge_tried.lines().count(), 23, "{edge_tried}");
    assert!(
        edge_tried.lines().all(|l| l.starts_with("1,0,0;")),
        "{edge_tried}"
    );
    let (_, err, code) = edge("go-on.book", "1,0,0");
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("not proved in 1 s before"), "{err}");
    assert_eq!(len_of("go-on.book"), 13);
    for (position, want) in [
        (
            "1,0,0;0,0,0",
            "--for: the position has 2 stones; its moves lead to positions of 3, beyond --stones 2",
        ),
        (
            "1,0,0;1,0,0",
            "--for: move 2 (1,0,0): cell 1,0,0 is already taken by X",
        ),
    ] {
        let (_, err, code) = edge("bad.book", position);
        assert_eq!(code, 1, "{err}");
        assert_eq!(err.trim(), format!("error: {want}"));
    }
    // Two jobs at once note the same 24, and stop at the first failure
    // without --go-on.
    let (err, code, len) = build_jobs("jobs.book", true, "2");
    assert_eq!((code, len), (3, 13), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("jobs.book.tried")).unwrap(),
        tried
    );
    let (err, code, len) = build_jobs("jobs-stop.book", false, "2");
    assert_eq!((code, len), (3, 13), "{err}");
    assert!(err.contains("the time ran out"), "{err}");
    assert_eq!(
        err.matches("not proved in 1ms, left out").count(),
        0,
        "{err}"
    );
    // A position noted with less time than the build has is tried again.
    let first = tried.lines().next().unwrap().rsplit_once(' ').unwrap().0;
    std::fs::write(&tried_path, tried.replacen(" 1\n", " 0\n", 1)).unwrap();
    let (err, _, _) = build("go-on.book", true);
    assert_eq!(
        err.matches("not proved in 1ms, left out").count(),
        1,
        "{err}"
    );
    assert!(
        err.contains(&format!("{first}: not proved in 1ms")),
        "{err}"
    );
    // A damaged list is one clear line and exit status 1; the book stays.
    std::fs::write(&tried_path, "1,0,0 forever\n").unwrap();
    let (err, code, len) = build("go-on.book", true);
    assert_eq!((code, len), (1, 13), "{err}");
    assert!(
        err.contains("go-on.book.tried: line 1: expected the moves"),
        "{err}"
    );
}

/// The text table ends each row with why the move wins or loses where
/// threats show it; the JSON's `why` is the same text.
#[test]
fn the_table_and_the_json_say_why() {
    let (out, err, code) = common::run_args(&["analyze", "--game", "tictactoe", "--moves", "1,1"]);
    assert_eq!(code, 0, "{err}");
    // A draw: X's centre lets X hold O's four edge lines by pairs.
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .starts_with("why: a draw: X holds O's 4 open lines by pairs"),
        "{out}"
    );
    let header = out.lines().nth(2).unwrap();
    assert!(header.trim_end().ends_with("source       why"), "{out}");
    let edge = out
        .lines()
        .find(|l| l.trim_start_matches(['*', ' ']).starts_with("1,0 "))
        .unwrap();
    assert!(
        edge.contains("X wins") && edge.contains("X plays "),
        "{out}"
    );
    let corner = out
        .lines()
        .find(|l| l.trim_start_matches(['*', ' ']).starts_with("0,0 "))
        .unwrap();
    assert!(
        corner.contains("draw") && corner.contains("a draw: X replies "),
        "{out}"
    );
    let json = cli(&["--game", "tictactoe", "--moves", "1,1"]);
    let moves = json["moves"].as_array().unwrap();
    let why = moves.iter().find(|m| m["move"] == "1,0").unwrap()["why"]
        .as_str()
        .unwrap();
    assert!(edge.ends_with(why), "{edge} / {why}");
    // The corner draws: X's reply holds it, pairs after it.
    let corner_why = moves.iter().find(|m| m["move"] == "0,0").unwrap()["why"]
        .as_str()
        .unwrap();
    assert!(corner.ends_with(corner_why), "{corner} / {corner_why}");
    assert!(corner_why.contains("holds O's"), "{corner_why}");
    let top = json["why"].as_str().unwrap();
    assert!(out.contains(&format!("why: {top}\n")), "{out} / {top}");
}

/// A move proved to draw says so where pairs hold the lines after it: on
/// 8^3 every reply to X's centre, both sides' lines paired.
#[test]
fn a_draw_says_which_pairs_hold_the_lines() {
    let json = cli(&["--game", "nd 8 3", "--moves", "3,3,3", "--time", "60s"]);
    assert_eq!(json["value"], "draw");
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 511);
    for m in moves {
        assert_eq!(m["value"], "draw", "{m}");
        let why = m["why"].as_str().unwrap();
        assert!(
            why.starts_with("a draw: O holds X's ") && why.contains(" and X holds O's "),
            "{why}"
        );
        assert!(m.get("why_moves").is_none(), "{m}");
    }
    assert!(json["why"]
        .as_str()
        .unwrap()
        .starts_with("a draw: O holds X's 244 open lines by pairs"));
}

/// A won position says why at the top, from a best move's reason (where
/// no certificate covers it).
#[test]
fn a_won_position_says_why_at_the_top() {
    let moves = "0,0;0,1;1,1;2,2";
    let json = cli(&["--game", "tictactoe", "--moves", moves]);
    assert_eq!(json["value"], "X wins");
    let why = json["why"].as_str().unwrap();
    assert!(
        why.starts_with("X plays ") && why.contains("makes two threats"),
        "{why}"
    );
    let (out, err, code) = common::run_args(&["analyze", "--game", "tictactoe", "--moves", moves]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().nth(1).unwrap(), format!("why: {why}"), "{out}");
}

/// On gravity boards a reason names moves by column, as they are typed.
#[test]
fn a_reason_names_columns_on_gravity_boards() {
    // X 4 5 6 along the bottom row, O on 4 and 5 above: X completes at 3 or 7.
    let json = cli(&["--game", "connect4", "--moves", "44556"]);
    let first = &json["moves"][0];
    let why = first["why"].as_str().unwrap();
    assert!(
        why == "X plays 3: it completes a line" || why == "X plays 7: it completes a line",
        "{why}"
    );
}
