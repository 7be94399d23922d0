//! The terminal UI's key handling, driven without a terminal.

use super::*;
use crate::session::Side;
use hypertac_core::{Cell, Rules};
use hypertac_store::Store;

fn app(game: &str, sides: [Side; 2], store: Option<Store>) -> App {
    let rules = Rules::preset(game).unwrap();
    let session = Session::new(rules, sides, store).unwrap();
    let settings = Settings {
        time_ms: 100,
        delay_ms: 0,
    };
    App::new(session, String::new(), settings)
}

fn press(app: &mut App, code: KeyCode) {
    app.key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// A command typed after `:` and entered (a move, `review`, ...).
fn command(app: &mut App, text: &str) {
    press(app, KeyCode::Char(':'));
    type_text(app, text);
    press(app, KeyCode::Enter);
}

/// Shows the values (`v`) and waits, at most 30 s, until every move's is known.
fn show_values_complete(app: &mut App) {
    press(app, KeyCode::Char('v'));
    let end = Instant::now() + Duration::from_secs(30);
    while Instant::now() < end {
        app.update_values();
        let done = app
            .ui
            .values
            .as_ref()
            .is_some_and(|v| v.analysis.as_ref().is_some_and(|a| a.complete()));
        if done {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The screen's rows 1 to 3 (a 3x3 board's) drawn at 60x12, as one string.
fn board_rows(app: &App) -> String {
    screen(app, 60, 12)[1..4].concat()
}

#[test]
fn a_slice_view_follows_the_computers_reply() {
    let sides = [Side::Human, Side::Computer(hypertac_ai::Level::Random)];
    let mut app = app("nd 4 5", sides, None);
    let screen = ratatui::layout::Rect::new(0, 0, 80, 24);
    app.board = super::super::board::choose(app.session.position(), &app.ui.cursor, screen);
    assert!(app.board.is_slice());
    press(&mut app, KeyCode::Enter);
    app.start_thinking();
    let end = Instant::now() + Duration::from_secs(10);
    while app.thinking.is_some() && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(5));
        app.finish_thinking();
    }
    let pos = app.session.position();
    assert_eq!(pos.moves().len(), 2);
    let reply = pos.rules().shape().coords(pos.last_move().unwrap());
    assert_eq!(app.ui.cursor, reply);
    // Coming from the whole board, a slice view shows the last move's
    // slice, not the cursor's.
    app.ui.cursor = vec![0; 5];
    assert!(app.show_last_move());
    assert_eq!(app.ui.cursor, reply);
}

#[test]
fn esc_never_quits() {
    let mut app = app("tictactoe", [Side::Human, Side::Human], None);
    press(&mut app, KeyCode::Esc);
    assert!(!app.quit);
    press(&mut app, KeyCode::Char('q'));
    assert!(app.quit);
}

#[test]
fn a_long_paste_then_enter_runs_at_once() {
    let mut app = app("connect4", [Side::Human, Side::Human], None);
    press(&mut app, KeyCode::Char(':'));
    let start = Instant::now();
    app.event(Event::Paste("4".repeat(200_000)));
    for _ in 0..200_000 {
        press(&mut app, KeyCode::Char('4'));
    }
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    assert!(
        app.ui.message.contains("at most 4096 bytes"),
        "{}",
        app.ui.message
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.ui.prompt, None);
    assert!(app.ui.message.starts_with("error:"), "{}", app.ui.message);
    // A short paste is a command like any typed one.
    app.event(Event::Paste("4\n".into()));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.ui.message, "X plays 4");
}

#[test]
fn a_reserved_name_is_refused_before_any_question() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("records.sqlite3")).unwrap();
    let mut app = app("tictactoe", [Side::Human, Side::Human], Some(store));
    command(&mut app, "save @current");
    assert_eq!(app.ui.prompt, None);
    assert!(app.ui.message.contains("reserved"), "{}", app.ui.message);
}

#[test]
fn a_question_takes_only_y_or_n() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("records.sqlite3")).unwrap();
    let mut app = app("tictactoe", [Side::Human, Side::Human], Some(store));
    command(&mut app, "save mine");
    assert_eq!(app.ui.message, "saved as \"mine\"");
    command(&mut app, "save mine");
    assert_eq!(app.ui.prompt, Some(Prompt::Overwrite("mine".into())));
    // "yes" typed in full: y answers, e and s are not game keys.
    let cursor = app.ui.cursor.clone();
    type_text(&mut app, "lj");
    assert_eq!(app.ui.cursor, cursor);
    assert!(app.ui.prompt.is_some());
    type_text(&mut app, "yes");
    assert_eq!(app.ui.message, "saved as \"mine\"");
    assert_eq!(app.ui.prompt, None);
}

#[test]
fn help_scrolls_and_closes() {
    let mut app = app("4d", [Side::Human, Side::Human], None);
    app.screen = (40, 12);
    press(&mut app, KeyCode::F(1));
    assert_eq!(app.ui.help, Some(0));
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::PageDown);
    assert_eq!(app.ui.help, Some(1 + super::pager::page_step(12)));
    press(&mut app, KeyCode::End);
    let last = help::max_scroll(&app.session, 40, 12);
    assert_eq!(app.ui.help, Some(last));
    press(&mut app, KeyCode::Down);
    assert_eq!(app.ui.help, Some(last));
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.ui.help, None);
    assert!(!app.quit, "q closes the help, it does not quit");
}

/// With values shown, the cursor on a losing move shows why it loses in
/// the message line, and the line of play it names is kept for the board.
#[test]
fn the_cursor_on_a_losing_move_says_why() {
    let mut app = app("tictactoe", [Side::Human, Side::Human], None);
    command(&mut app, "1,1");
    assert_eq!(app.session.position().moves().len(), 1);
    show_values_complete(&mut app);
    // O's edge 1,0 loses to X's threats; the cursor goes there.
    app.ui.cursor = vec![1, 0];
    app.step(0, 0);
    assert!(
        app.ui.message.contains("why 1,0: X plays "),
        "{}",
        app.ui.message
    );
    let shown = app.ui.values.as_ref().unwrap();
    let line = shown.line_at(Cell(1)).unwrap();
    assert_eq!(line[0], Cell(1), "the line starts with the move");
    assert!(line.len() >= 3, "{line:?}");
    // A corner draws without pairs: X's reply holds it.
    app.ui.cursor = vec![0, 0];
    app.step(0, 0);
    assert!(
        app.ui.message.contains("why 0,0: a draw: X replies "),
        "{}",
        app.ui.message
    );
    // On a taken cell, the position's own reason (X's centre holds O's
    // four edge lines by pairs).
    app.ui.cursor = vec![1, 1];
    app.step(0, 0);
    assert!(
        app.ui
            .message
            .contains("why: a draw: X holds O's 4 open lines by pairs"),
        "{}",
        app.ui.message
    );
}

/// With values shown, the cursor on a move that draws by pairs letters
/// the pairs on the board (a a, b b, ...), as the web page does.
#[test]
fn the_cursor_on_a_draw_by_pairs_letters_the_pairs() {
    let mut app = app("tictactoe", [Side::Human, Side::Human], None);
    for m in ["1,1", "0,1"] {
        command(&mut app, m);
    }
    show_values_complete(&mut app);
    // X's 2,1 holds O's three open lines by pairs.
    app.ui.cursor = vec![2, 1];
    app.step(0, 0);
    assert!(
        app.ui
            .message
            .contains("why 2,1: a draw: X holds O's 3 open lines by pairs"),
        "{}",
        app.ui.message
    );
    let (by, pairs) = app.ui.values.as_ref().unwrap().pairs_at(Cell(5)).unwrap();
    assert_eq!((by, pairs.len()), (hypertac_core::Player::X, 3));
    let board = board_rows(&app);
    for letter in ['a', 'b', 'c'] {
        assert_eq!(board.matches(letter).count(), 2, "{letter} in {board:?}");
    }
    // Every lettered cell is one of the pairs' (empty after X's 2,1).
    let cells: Vec<Cell> = pairs.iter().flatten().copied().collect();
    assert_eq!(cells.len(), 6);
    assert!(!cells.contains(&Cell(5)), "{cells:?}");
    // On a move without pairs the letters go.
    app.ui.cursor = vec![0, 0];
    app.step(0, 0);
    let board = board_rows(&app);
    assert!(!board.contains('a') && !board.contains('b'), "{board:?}");
}

/// Once the worker's rounds are over with values still unknown, the
/// message says how to go on (the worker keeps its table).
#[test]
fn values_left_unknown_say_how_to_go_on() {
    let mut app = app("qubic", [Side::Human, Side::Human], None);
    for m in ["1,1,1", "1,2,2", "2,1,1", "2,2,2"] {
        command(&mut app, m);
    }
    let pos = app.session.position().clone();
    let budget = Budget {
        deadline: Some(Instant::now()),
        stop: None,
    };
    let analysis = hypertac_ai::analyze::Analyzer::default()
        .analyze(&pos, &budget)
        .unwrap();
    assert!(!analysis.complete());
    let mut shown = values::ShownValues::asked();
    shown.moves = pos.moves().to_vec();
    shown.analysis = Some(analysis);
    app.ui.values = Some(shown);
    let message = app.values_message().unwrap();
    assert!(message.contains("unknown, working"), "{message}");
    assert!(!message.contains("v twice"), "{message}");
    app.ui.values.as_mut().unwrap().working = false;
    let message = app.values_message().unwrap();
    assert!(message.contains("unknown (v twice works on)"), "{message}");
}

/// `:review` proves the game's positions on a worker thread: the keys stay
/// with the player meanwhile, and the review opens as a pager when done.
#[test]
fn review_runs_beside_the_keys_and_opens_as_a_pager() {
    let mut app = app("tictactoe", [Side::Human, Side::Human], None);
    app.screen = (80, 24);
    command(&mut app, "review");
    assert_eq!(app.ui.message, "error: no move to review yet");
    for m in ["0,0", "0,1", "1,1", "2,2", "2,1"] {
        command(&mut app, m);
    }
    assert_eq!(app.session.position().moves().len(), 5);
    command(&mut app, "review");
    assert!(app.review.is_some());
    assert!(
        app.ui.message.starts_with("review: proving"),
        "{}",
        app.ui.message
    );
    // The cursor still moves while the review works.
    let before = app.ui.cursor.clone();
    press(&mut app, KeyCode::Left);
    assert_ne!(app.ui.cursor, before);
    let end = Instant::now() + Duration::from_secs(60);
    while app.ui.review.is_none() && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(5));
        app.update_review();
    }
    let shown = app.ui.review.clone().expect("the review arrived");
    assert_eq!(shown.moves, 5);
    assert!(
        shown
            .lines
            .contains(&"2 O 0,1: draw -> X wins (threw away a draw)".to_string()),
        "{:?}",
        shown.lines
    );
    assert_eq!(
        shown.lines.last().map(String::as_str),
        Some("review: 2 move(s) threw away a win or a draw")
    );
    assert_eq!(
        app.ui.message,
        "review: 2 move(s) threw away a win or a draw"
    );
    // It scrolls like the help, and any other key closes it.
    app.screen = (40, 6);
    press(&mut app, KeyCode::Down);
    assert_eq!(app.ui.review.as_ref().map(|r| r.scroll), Some(1));
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.ui.review, None);
    assert!(!app.quit);
}

/// The screen drawn at `width` x `height` as the terminal shows it, row by row.
fn screen(app: &App, width: u16, height: u16) -> Vec<String> {
    let backend = ratatui::backend::TestBackend::new(width, height);
    let mut terminal = ratatui::Terminal::new(backend).unwrap();
    terminal
        .draw(|frame| {
            app.draw(frame);
        })
        .unwrap();
    let buf = terminal.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// From the review's page, ← and → step through the game on the board:
/// each move's position with its review lines in the message line, the
/// game itself untouched; Esc goes back to the page.
#[test]
fn a_reviewed_game_steps_on_the_board() {
    let mut app = app("tictactoe", [Side::Human, Side::Human], None);
    for m in ["0,0", "0,1", "1,1", "2,2", "2,1"] {
        command(&mut app, m);
    }
    command(&mut app, "review");
    let end = Instant::now() + Duration::from_secs(60);
    while app.ui.review.is_none() && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(5));
        app.update_review();
    }
    assert!(app.ui.review.is_some(), "{}", app.ui.message);
    let page = screen(&app, 80, 24);
    assert!(page[23].starts_with("←→ replay on the board"), "{page:?}");
    press(&mut app, KeyCode::Right);
    assert!(app.ui.review.is_none());
    let at = |app: &App| {
        app.replay
            .as_ref()
            .map(|r| (r.ply, r.session.position().moves().len()))
    };
    assert_eq!(at(&app), Some((1, 1)));
    press(&mut app, KeyCode::Right);
    assert_eq!(at(&app), Some((2, 2)));
    let shown = screen(&app, 80, 24);
    assert_eq!(shown[0], " replay of the review: move 2 of 5  Tic-tac-toe");
    // Why O's 0,1 loses, numbered on the board: X 1,0, O 2,0, X 1,1.
    assert_eq!(&shown[1..4], [" X 1 2", " O 3 .", " . . ."]);
    let text = shown.join("\n");
    assert!(
        text.contains("2 O 0,1: draw -> X wins (threw away a draw); why it loses: X plays 1,0"),
        "{text}"
    );
    assert!(text.contains("←→/hl step"), "{text}");
    // The ends: the last move with what X had instead, then the start.
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Right);
    assert_eq!(at(&app), Some((5, 5)));
    let message = app.replay.as_ref().unwrap().message();
    assert!(
        message
            .starts_with("5 X 2,1: X wins -> draw (threw away a win); X had instead: X plays 1,0"),
        "{message}"
    );
    press(&mut app, KeyCode::Home);
    press(&mut app, KeyCode::Left);
    assert_eq!(at(&app), Some((0, 0)));
    assert!(app
        .replay
        .as_ref()
        .unwrap()
        .message()
        .starts_with("the start"));
    // Keys of the game do nothing meanwhile; the game is as it was.
    press(&mut app, KeyCode::Char('u'));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.session.position().moves().len(), 5);
    // Esc: back to the review's page, and from it to the game.
    press(&mut app, KeyCode::Esc);
    assert!(app.replay.is_none());
    assert!(app.ui.review.is_some());
    press(&mut app, KeyCode::Left);
    assert_eq!(at(&app), Some((5, 5)));
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('q'));
    assert!(app.replay.is_none() && app.ui.review.is_none());
    assert_eq!(app.session.position().moves().len(), 5);
    assert!(!app.quit);
}

/// A replay whose game changes (the computer's move) is closed.
#[test]
fn a_replay_closes_when_the_game_changes() {
    let mut app = app("tictactoe", [Side::Human, Side::Human], None);
    command(&mut app, "1,1");
    let review = ReviewShown {
        lines: vec!["1 X 1,1: draw -> draw".into()],
        steps: vec![vec!["1 X 1,1: draw -> draw".into()]],
        lines_of_play: vec![None],
        moves: 1,
        scroll: 0,
    };
    app.replay = Some(Replay::new(app.session.position(), &app.session, review, 1).unwrap());
    app.update_replay();
    assert!(app.replay.is_some());
    app.session.play(Cell(0)).unwrap();
    app.update_replay();
    assert!(app.replay.is_none());
    assert!(
        app.ui.message.starts_with("replay closed"),
        "{}",
        app.ui.message
    );
}

/// A review whose game changes (a move, an undo) is stopped and dropped;
/// Esc stops one and shows what is known so far.
#[test]
fn a_review_stops_on_esc_or_when_the_game_changes() {
    let mut app = app("qubic", [Side::Human, Side::Human], None);
    for m in ["0,0,0", "1,1,1"] {
        command(&mut app, m);
    }
    command(&mut app, "review");
    assert!(app.review.is_some());
    press(&mut app, KeyCode::Char('u'));
    app.update_review();
    assert!(app.review.is_none());
    assert!(
        app.ui.message.starts_with("review stopped"),
        "{}",
        app.ui.message
    );
    command(&mut app, "review");
    let start = Instant::now();
    press(&mut app, KeyCode::Esc);
    let end = Instant::now() + Duration::from_secs(30);
    while app.ui.review.is_none() && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(5));
        app.update_review();
    }
    assert!(app.ui.review.is_some(), "{}", app.ui.message);
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
}
