//! The `hypertac serve` JSON API, tested against the real binary over TCP:
//! every error status, the Host/Origin guard, records, Connect Four
//! analysis, two servers on one store and a server killed mid-game.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A running `hypertac serve --port 0`; killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(home: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hypertac"))
            .args(["serve", "--port", "0"])
            .env("HYPERTAC_HOME", home)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start hypertac serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line.trim();
        assert!(
            url.starts_with("http://127.0.0.1:") && url.ends_with('/'),
            "{url}"
        );
        let port = url["http://127.0.0.1:".len()..url.len() - 1]
            .parse()
            .unwrap();
        Server { child, port }
    }

    fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// Sends a raw request with extra headers; returns status and body text.
    fn raw(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, String)],
        body: &[u8],
    ) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        let mut request = format!("{method} {path} HTTP/1.0\r\n");
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
        stream.write_all(request.as_bytes()).unwrap();
        // A server may answer (413) before reading the whole body.
        let _ = stream.write_all(body);
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

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let bytes = body.map(|b| b.to_string()).unwrap_or_default();
        let headers = [
            ("Host", self.host()),
            ("Content-Type", "application/json".to_string()),
        ];
        let (status, text) = self.raw(method, path, &headers, bytes.as_bytes());
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, value)
    }

    fn ok(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let (status, value) = self.call(method, path, body);
        assert!(
            status == 200 || status == 201,
            "{method} {path}: {status} {value}"
        );
        value
    }

    /// Asserts an error status with a JSON `error` message; returns the message.
    fn fails(&self, method: &str, path: &str, body: Option<Value>, expected: u16) -> String {
        let (status, value) = self.call(method, path, body);
        assert_eq!(status, expected, "{method} {path}: {value}");
        value["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no JSON error in {value}"))
            .to_string()
    }

    fn moves(&self) -> Vec<String> {
        let game = self.ok("GET", "/api/games/current", None);
        serde_json::from_value(game["moves"].clone()).unwrap()
    }

    fn play(&self, mv: &str) -> Value {
        self.ok(
            "POST",
            "/api/games/current/moves",
            Some(json!({ "move": mv })),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn tictactoe(server: &Server) {
    server.ok(
        "POST",
        "/api/games",
        Some(json!({"game": "tictactoe", "x": "human", "o": "human"})),
    );
}

#[test]
fn a_game_to_a_win_and_every_move_error() {
    let home = tempfile::tempdir().unwrap();
    let s = Server::start(home.path());
    tictactoe(&s);
    s.play("1,1");
    assert_eq!(
        s.fails(
            "POST",
            "/api/games/current/moves",
            Some(json!({"move": "1,1"})),
            409
        ),
        "cell 1,1 is already taken by X"
    );
    s.fails(
        "POST",
        "/api/games/current/moves",
        Some(json!({"move": "3,0"})),
        400,
    );
    s.fails(
        "POST",
        "/api/games/current/moves",
        Some(json!({"move": "a,b"})),
        400,
    );
    s.fails(
        "POST",
        "/api/games/current/moves",
        Some(json!({"mv": "0,0"})),
        400,
    );
    s.fails(
        "POST",
        "/api/games/current/moves",
        Some(json!({"move": 5})),
        400,
    );
    let (status, body) = s.raw(
        "POST",
        "/api/games/current/moves",
        &[("Host", s.host())],
        b"{\"move\": ",
    );
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("\"error\""), "{body}");
    assert_eq!(s.moves(), vec!["1,1"], "rejected requests store nothing");

    for mv in ["0,0", "1,0", "2,2"] {
        s.play(mv);
    }
    let game = s.play("1,2");
    assert_eq!(game["result"], "X wins");
    assert_eq!(game["win_lines"], json!([["1,0", "1,1", "1,2"]]));
    assert_eq!(game["legal"], json!([]));
    assert_eq!(
        s.fails(
            "POST",
            "/api/games/current/moves",
            Some(json!({"move": "2,0"})),
            409
        ),
        "the game is over"
    );
    s.fails("POST", "/api/games/current/cpu", None, 409);
    s.fails("POST", "/api/games/current/hint", None, 409);
    assert_eq!(s.moves().len(), 5);

    let undone = s.ok("POST", "/api/games/current/undo", None);
    assert_eq!(undone["result"], "ongoing");
    assert_eq!(undone["can_redo"], true);
    let redone = s.ok("POST", "/api/games/current/redo", None);
    assert_eq!(redone["result"], "X wins");
    s.fails("POST", "/api/games/current/redo", None, 409);
}

#[test]
fn bad_requests_get_json_errors_with_the_right_status() {
    let home = tempfile::tempdir().unwrap();
    let s = Server::start(home.path());
    tictactoe(&s);
    s.fails("POST", "/api/games/current/undo", None, 409);
    // Rejections by the router itself are JSON too.
    s.fails("GET", "/api/records/%FF", None, 400);
    s.fails("POST", "/", None, 405);
    s.fails("POST", "/api/games", Some(json!({"game": "chess"})), 400);
    s.fails("POST", "/api/games", Some(json!({"shape": "5x0"})), 400);
    s.fails(
        "POST",
        "/api/games",
        Some(json!({"shape": "4x4", "k": 9})),
        400,
    );
    s.fails(
        "POST",
        "/api/games",
        Some(json!({"game": "tictactoe", "o": "cpu:godlike"})),
        400,
    );
    s.fails(
        "POST",
        "/api/games",
        Some(json!({"game": "tictactoe", "colour": "red"})),
        400,
    );
    s.fails(
        "POST",
        "/api/games",
        Some(json!({"game": "connect4", "pos": "4444444"})),
        400,
    );
    s.fails("GET", "/api/nothing", None, 404);
    s.fails("GET", "/favicon.ico", None, 404);
    s.fails("DELETE", "/api/games/current", None, 405);
    s.fails("GET", "/api/records/missing", None, 404);
    s.fails("DELETE", "/api/records/missing", None, 404);
    s.fails(
        "POST",
        "/api/records",
        Some(json!({"name": "@current"})),
        400,
    );
    s.fails("GET", "/api/games/current/lines?cell=7,7", None, 400);
    s.fails("GET", "/api/analyze?game=chess&pos=1", None, 400);
    s.fails("GET", "/api/analyze?game=connect4&pos=48", None, 400);
    s.fails("GET", "/api/analyze?game=connect4&pos=1212121", None, 400);

    let big = format!("{{\"move\": \"{}\"}}", "1".repeat(70 * 1024));
    let (status, body) = s.raw(
        "POST",
        "/api/games/current/moves",
        &[
            ("Host", s.host()),
            ("Content-Type", "application/json".into()),
        ],
        big.as_bytes(),
    );
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("64 KiB"), "{body}");
    assert!(s.moves().is_empty(), "nothing was stored");
    assert_eq!(s.ok("GET", "/api/records", None), json!([]));

    // Connect Four: the column as in plain mode, a full column is a conflict.
    s.ok(
        "POST",
        "/api/games",
        Some(json!({"game": "connect4", "x": "human", "o": "human"})),
    );
    for i in 0..6 {
        let game = s.play("4");
        assert_eq!(game["last_move"], format!("3,{i}"));
    }
    s.fails(
        "POST",
        "/api/games/current/moves",
        Some(json!({"move": "4"})),
        409,
    );
    s.fails(
        "POST",
        "/api/games/current/moves",
        Some(json!({"move": "8"})),
        400,
    );
    assert_eq!(s.moves().len(), 6);
}

#[test]
fn host_and_origin_must_be_this_server() {
    let home = tempfile::tempdir().unwrap();
    let s = Server::start(home.path());
    let own = s.host();
    let get = |headers: &[(&str, String)]| s.raw("GET", "/api/games/current", headers, b"").0;
    assert_eq!(get(&[("Host", own.clone())]), 200);
    assert_eq!(get(&[("Host", format!("localhost:{}", s.port))]), 200);
    assert_eq!(get(&[]), 403, "no Host header");
    assert_eq!(
        get(&[("Host", format!("evil.example:{}", s.port))]),
        403,
        "DNS rebinding"
    );
    assert_eq!(get(&[("Host", "127.0.0.1:1".into())]), 403, "another port");
    assert_eq!(
        get(&[("Host", own.clone()), ("Origin", format!("http://{own}"))]),
        200
    );
    assert_eq!(
        get(&[
            ("Host", own.clone()),
            ("Origin", "http://evil.example".into())
        ]),
        403
    );
    assert_eq!(
        get(&[("Host", own.clone()), ("Origin", "null".into())]),
        403
    );
    assert_eq!(
        get(&[
            ("Host", own.clone()),
            ("Sec-Fetch-Site", "cross-site".into())
        ]),
        403
    );
    let (status, body) = s.raw("GET", "/", &[("Host", "attacker.example".into())], b"");
    assert_eq!(status, 403);
    assert!(body.contains("\"error\""), "{body}");

    let before = s.moves();
    let (status, _) = s.raw(
        "POST",
        "/api/games/current/moves",
        &[
            ("Host", own.clone()),
            ("Origin", "http://evil.example".into()),
            ("Content-Type", "application/json".into()),
        ],
        br#"{"move":"0,0,0,0"}"#,
    );
    assert_eq!(status, 403);
    assert_eq!(s.moves(), before, "a cross-site move is not played");

    let (status, page) = s.raw("GET", "/", &[("Host", own)], b"");
    assert_eq!(status, 200);
    assert!(
        page.contains("<script src=\"/app.js\""),
        "the page is served"
    );
}

#[test]
fn records_save_list_rename_export_import_open_delete() {
    let home = tempfile::tempdir().unwrap();
    let s = Server::start(home.path());
    tictactoe(&s);
    s.play("1,1");
    s.play("0,0");
    s.ok("POST", "/api/records", Some(json!({"name": "first"})));
    s.fails("POST", "/api/records", Some(json!({"name": "first"})), 409);
    s.ok(
        "POST",
        "/api/records",
        Some(json!({"name": "first", "force": true})),
    );
    let list = s.ok("GET", "/api/records", None);
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["name"], "first");
    assert_eq!(list[0]["moves"], 2);

    s.ok(
        "POST",
        "/api/records/first/rename",
        Some(json!({"to": "second game"})),
    );
    s.fails("GET", "/api/records/first", None, 404);
    let read = s.ok("GET", "/api/records/second%20game", None);
    assert_eq!(read["record"]["moves"].as_array().unwrap().len(), 2);
    assert_eq!(read["rules"], "3x3 k3");

    let (status, exported) = s.raw(
        "GET",
        "/api/records/second%20game/export",
        &[("Host", s.host())],
        b"",
    );
    assert_eq!(status, 200);
    let record: Value = serde_json::from_str(&exported).unwrap();
    assert_eq!(record["format"], "hypertac-record");
    s.ok(
        "POST",
        "/api/records/import",
        Some(json!({"name": "copy", "record": record})),
    );
    let mut broken = record.clone();
    broken["moves"][1]["cell"] = json!("1,1");
    s.fails(
        "POST",
        "/api/records/import",
        Some(json!({"name": "bad", "record": broken})),
        400,
    );
    s.fails(
        "POST",
        "/api/records/import",
        Some(json!({"name": "bad", "record": {"x": 1}})),
        400,
    );
    assert_eq!(
        s.ok("GET", "/api/records", None).as_array().unwrap().len(),
        2
    );

    s.play("2,2");
    let opened = s.ok("POST", "/api/records/copy/open", None);
    assert_eq!(opened["moves"], json!(["1,1", "0,0"]));
    s.ok("DELETE", "/api/records/copy", None);
    s.fails("DELETE", "/api/records/copy", None, 404);
    let list = s.ok("GET", "/api/records", None);
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"second game") && !names.contains(&"copy"),
        "{names:?}"
    );
    // The replaced 3-move game in progress was kept as a dated record.
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(
        list.as_array().unwrap().iter().any(|r| r["moves"] == 3),
        "{list}"
    );
}

#[test]
fn connect4_analysis_matches_the_benchmark_and_share_positions_open() {
    let home = tempfile::tempdir().unwrap();
    let s = Server::start(home.path());
    // Test_L1_R1 of the public benchmark: "32164625" scores 11 for the side to move.
    let a = s.ok("GET", "/api/analyze?game=connect4&pos=32164625", None);
    let scores: Vec<i64> = a["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["score"].as_i64().unwrap())
        .collect();
    assert_eq!(scores.iter().max(), Some(&11));
    assert_eq!(a["best"], json!([3]));
    assert_eq!(a["columns"][2]["text"], "win in 7");
    assert_eq!(a["to_move"], "X");

    let game = s.ok(
        "POST",
        "/api/games",
        Some(json!({"game": "connect4", "pos": "4453", "x": "human", "o": "human"})),
    );
    assert_eq!(game["columns"], "4453");
    assert_eq!(game["moves"], json!(["3,0", "3,1", "4,0", "2,0"]));
    assert_eq!(game["connect4"], true);
}

#[test]
fn computer_moves_hints_and_custom_shapes() {
    let home = tempfile::tempdir().unwrap();
    let s = Server::start(home.path());
    let game = s.ok(
        "POST",
        "/api/games",
        Some(json!({"shape": "5x5x5", "k": 4, "gravity": null, "rule": "most-lines", "x": "human", "o": "cpu:easy"})),
    );
    assert_eq!(game["rules"], "5x5x5 k4 most-lines");
    assert_eq!(game["legal_count"], 125);
    s.play("2,2,2");
    // The computer's turn: a human move is refused, and the game is unchanged.
    let refused = s.fails(
        "POST",
        "/api/games/current/moves",
        Some(json!({"move": "0,0,0"})),
        409,
    );
    assert_eq!(refused, "it is the computer's turn (easy)");
    assert_eq!(s.moves().len(), 1);
    let answer = s.ok("POST", "/api/games/current/cpu", Some(json!({"ms": 2000})));
    assert_eq!(answer["stopped"], false);
    assert_eq!(answer["moves"].as_array().unwrap().len(), 2);
    let hint = s.ok(
        "POST",
        "/api/games/current/hint",
        Some(json!({"level": "easy", "ms": 1000})),
    );
    assert!(hint["move"].is_string(), "{hint}");
    assert_eq!(s.moves().len(), 2, "a hint plays nothing");
    assert_eq!(
        s.ok("POST", "/api/games/current/stop", None)["stopped"],
        false
    );

    let huge = s.ok(
        "POST",
        "/api/games",
        Some(json!({"game": "nd 10 10", "x": "human", "o": "human"})),
    );
    assert_eq!(huge["mode"], "sparse");
    assert_eq!(huge["legal"], "any empty cell");
    s.play("1,2,3,4,5,6,7,8,9,0");
}

#[test]
fn two_servers_on_one_store_lose_no_move() {
    let home = tempfile::tempdir().unwrap();
    let a = Server::start(home.path());
    let b = Server::start(home.path());
    a.ok(
        "POST",
        "/api/games",
        Some(json!({"game": "qubic", "x": "human", "o": "human"})),
    );
    a.play("0,0,0");
    b.play("1,1,1");
    a.play("2,2,2");
    b.play("3,3,3");
    let expected = vec!["0,0,0", "1,1,1", "2,2,2", "3,3,3"];
    assert_eq!(a.moves(), expected);
    assert_eq!(b.moves(), expected);
    b.ok("POST", "/api/games/current/undo", None);
    assert_eq!(a.moves().len(), 3);
}

#[test]
fn a_killed_server_loses_no_completed_move() {
    let home = tempfile::tempdir().unwrap();
    let mut s = Server::start(home.path());
    s.ok(
        "POST",
        "/api/games",
        Some(json!({"game": "connect4", "x": "human", "o": "human"})),
    );
    for column in ["4", "4", "3", "5", "2"] {
        s.play(column);
    }
    s.child.kill().unwrap(); // SIGKILL on Unix
    s.child.wait().unwrap();
    let again = Server::start(home.path());
    let game = again.ok("GET", "/api/games/current", None);
    assert_eq!(game["columns"], "44352");
    assert_eq!(game["to_move"], "O");
}

#[test]
fn two_servers_moving_at_once_never_lose_an_acknowledged_move() {
    let home = tempfile::tempdir().unwrap();
    let a = Server::start(home.path());
    let b = Server::start(home.path());
    for round in 0..10 {
        a.ok(
            "POST",
            "/api/games",
            Some(json!({"shape": "5x5", "k": 5, "x": "human", "o": "human"})),
        );
        let (sa, sb) = std::thread::scope(|s| {
            let ta = s.spawn(|| {
                a.call(
                    "POST",
                    "/api/games/current/moves",
                    Some(json!({"move": "0,0"})),
                )
                .0
            });
            let tb = s.spawn(|| {
                b.call(
                    "POST",
                    "/api/games/current/moves",
                    Some(json!({"move": "4,4"})),
                )
                .0
            });
            (ta.join().unwrap(), tb.join().unwrap())
        });
        for status in [sa, sb] {
            assert!(status == 200 || status == 409, "round {round}: {status}");
        }
        let acknowledged = [sa, sb].iter().filter(|&&s| s == 200).count();
        assert_eq!(a.moves().len(), acknowledged, "round {round}");
        assert_eq!(b.moves().len(), acknowledged, "round {round}");
    }
}

#[test]
fn gravity_moves_name_the_landing_cell_or_a_column() {
    let home = tempfile::tempdir().unwrap();
    let s = Server::start(home.path());
    s.ok(
        "POST",
        "/api/games",
        Some(json!({"game": "connect4", "x": "human", "o": "human"})),
    );
    s.play("4");
    // Connect Four takes columns from 1 only: a cell is never read from 0.
    let cell = s.fails(
        "POST",
        "/api/games/current/moves",
        Some(json!({"move": "4,0"})),
        400,
    );
    assert!(cell.contains("not a column"), "{cell}");
    s.play("4");
    assert_eq!(s.moves(), vec!["3,0", "3,1"]);
    // 3D Connect Four: a column x,y or the landing cell.
    s.ok(
        "POST",
        "/api/games",
        Some(json!({"game": "connect4-3d", "x": "human", "o": "human"})),
    );
    s.play("1,2");
    let occupied = s.fails(
        "POST",
        "/api/games/current/moves",
        Some(json!({"move": "1,2,0"})),
        409,
    );
    assert!(occupied.contains("taken"), "{occupied}");
    let floating = s.fails(
        "POST",
        "/api/games/current/moves",
        Some(json!({"move": "1,2,3"})),
        409,
    );
    assert!(floating.contains("1,2,1"), "{floating}");
    s.play("1,2,1");
    assert_eq!(s.moves(), vec!["1,2,0", "1,2,1"]);
}

/// A page still showing an earlier game (whose computer was to move) may
/// ask the computer to move after a new game between people has started:
/// the server refuses, and the new game keeps its moves.
#[test]
fn a_late_computer_request_does_not_move_in_a_new_game() {
    let home = tempfile::tempdir().unwrap();
    let s = Server::start(home.path());
    let old = s.ok(
        "POST",
        "/api/games",
        Some(json!({"game": "qubic", "x": "human", "o": "cpu:easy"})),
    );
    // Ids are start times in ms: this one starts later.
    std::thread::sleep(std::time::Duration::from_millis(5));
    let new = s.ok(
        "POST",
        "/api/games",
        Some(json!({"game": "qubic", "x": "human", "o": "human", "moves": "1,1,1;2,1,2"})),
    );
    let refused = s.fails("POST", "/api/games/current/cpu", Some(json!({})), 409);
    assert!(refused.contains("X is played by a person"), "{refused}");
    // The earlier game's id, even with a level: refused, for a move and
    // for a hint alike.
    assert_ne!(old["id"], new["id"]);
    for path in ["/api/games/current/cpu", "/api/games/current/hint"] {
        let stale = json!({"game": old["id"], "level": "easy"});
        let refused = s.fails("POST", path, Some(stale), 409);
        assert!(refused.contains("another game"), "{path}: {refused}");
    }
    assert_eq!(s.moves(), vec!["1,1,1", "2,1,2"]);
    // Asked for this game with a level, the computer moves for X.
    let answer = s.ok(
        "POST",
        "/api/games/current/cpu",
        Some(json!({"game": new["id"], "level": "easy", "ms": 300})),
    );
    assert_eq!(answer["moves"].as_array().unwrap().len(), 3);
}

#[test]
fn an_abandoned_computer_move_does_not_keep_the_computer_busy() {
    let home = tempfile::tempdir().unwrap();
    let s = Server::start(home.path());
    s.ok(
        "POST",
        "/api/games",
        Some(json!({"game": "4d", "x": "human", "o": "human"})),
    );
    // Not a quiet position (those are answered in milliseconds): X has two
    // stones on a diagonal.
    for m in ["1,1,1,1", "0,0,0,0", "2,2,2,2"] {
        s.play(m);
    }
    // Ask for a long search and hang up at once.
    {
        let mut stream = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
        let body = r#"{"level":"hard","ms":20000}"#;
        let request = format!(
            "POST /api/games/current/cpu HTTP/1.0\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            s.host(),
            body.len()
        );
        stream.write_all(request.as_bytes()).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let mut free = false;
    for _ in 0..50 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        let game = s.ok("GET", "/api/games/current", None);
        if game["thinking"] == false {
            assert_eq!(
                game["moves"].as_array().unwrap().len(),
                3,
                "the abandoned search played"
            );
            free = true;
            break;
        }
    }
    assert!(free, "the computer still counts as thinking");
    let answer = s.ok(
        "POST",
        "/api/games/current/cpu",
        Some(json!({"level": "easy", "ms": 500})),
    );
    assert_eq!(answer["moves"].as_array().unwrap().len(), 4);
}

/// The server's peak resident memory so far, in KiB (Linux `VmHWM`).
fn peak_kib(server: &Server) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.child.id())).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn huge_boards_and_records_cost_little_memory() {
    let home = tempfile::tempdir().unwrap();
    let s = Server::start(home.path());
    // Before the fix this request took 6-8 s and drove the server to 1.2 GB.
    let game = s.ok(
        "POST",
        "/api/games",
        Some(json!({"shape": "2048x2048", "k": 2, "x": "human", "o": "human"})),
    );
    assert_eq!(game["shape"], json!([2048, 2048]));
    s.play("5,5");
    s.play("1000,2000");
    // A 260-byte record of a 7x514012 board took 938 MB to refuse.
    let record = json!({"format": "hypertac-record", "version": 1,
        "rules": {"shape": [7, 514012], "k": 2, "gravity": null, "rule": "first", "wrap": false},
        "players": {"x": "human", "o": "human"}, "moves": [{"cell": "3,3"}],
        "result": "ongoing", "created_ms": 0, "updated_ms": 0});
    s.ok(
        "POST",
        "/api/records/import",
        Some(json!({"name": "huge", "record": record})),
    );
    s.ok("POST", "/api/records/huge/open", None);
    let lines = s.ok("GET", "/api/games/current/lines?cell=3,3", None);
    assert_eq!(lines["lines"].as_array().unwrap().len(), 8);
    // A 12-axis board: a cell lies on 265,720 directions of lines.
    let axes = ["2"; 12].join("x");
    s.ok(
        "POST",
        "/api/games",
        Some(json!({"shape": axes, "k": 2, "x": "human", "o": "human"})),
    );
    let lines = s.ok(
        "GET",
        "/api/games/current/lines?cell=0,0,0,0,0,0,0,0,0,0,0,0",
        None,
    );
    assert_eq!(lines["lines"].as_array().unwrap().len(), 2000);
    let peak = peak_kib(&s);
    assert!(peak < 200 * 1024, "the server peaked at {peak} KiB");
    let err = s.fails(
        "POST",
        "/api/games",
        Some(json!({"shape": (["2"; 13].join("x")), "k": 2})),
        400,
    );
    assert!(err.contains("1 to 12 axes"), "{err}");
}

#[test]
fn a_damaged_game_in_progress_is_set_aside_by_the_server_too() {
    let home = tempfile::tempdir().unwrap();
    {
        let s = Server::start(home.path());
        tictactoe(&s);
        s.play("1,1");
    }
    let conn = rusqlite::Connection::open(home.path().join("records.sqlite3")).unwrap();
    conn.execute(
        "UPDATE records SET record = '{broken' WHERE name = '@current'",
        [],
    )
    .unwrap();
    let s = Server::start(home.path());
    let game = s.ok("GET", "/api/games/current", None);
    assert_eq!(game["moves"], json!([]));
    let list = s.ok("GET", "/api/records", None);
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    let kept = names.iter().find(|n| n.starts_with("damaged ")).unwrap();
    let stored: String = conn
        .query_row("SELECT record FROM records WHERE name = ?1", [kept], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(stored, "{broken");
}

#[test]
fn error_messages_quote_little_of_a_bad_request() {
    let home = tempfile::tempdir().unwrap();
    let s = Server::start(home.path());
    tictactoe(&s);
    let big = "9".repeat(60_000);
    for (path, body) in [
        ("/api/games/current/moves", json!({ "move": big })),
        ("/api/games", json!({ "shape": big })),
        ("/api/games", json!({ "game": big })),
        ("/api/games/current/players", json!({ "x": big })),
        ("/api/games", json!({ "rule": big })),
        ("/api/games", json!({ big.clone(): 1 })),
        ("/api/games/current/moves", json!({ "move": 1, "x": big })),
    ] {
        let (status, value) = s.call("POST", path, Some(body));
        assert!(status == 400 || status == 409, "{path}: {status}");
        let err = value["error"].as_str().unwrap();
        assert!(err.len() < 400, "{path}: {} bytes", err.len());
    }
}
