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
    press(&mut app, KeyCode::Char(':'));
    type_text(&mut app, "save @current");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.ui.prompt, None);
    assert!(app.ui.message.contains("reserved"), "{}", app.ui.message);
}

#[test]
fn a_question_takes_only_y_or_n() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("records.sqlite3")).unwrap();
    let mut app = app("tictactoe", [Side::Human, Side::Human], Some(store));
    press(&mut app, KeyCode::Char(':'));
    type_text(&mut app, "save mine");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.ui.message, "saved as \"mine\"");
    press(&mut app, KeyCode::Char(':'));
    type_text(&mut app, "save mine");
    press(&mut app, KeyCode::Enter);
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
    assert_eq!(app.ui.help, Some(1 + help::page_step(12)));
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
    press(&mut app, KeyCode::Char(':'));
    type_text(&mut app, "1,1");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.session.position().moves().len(), 1);
    press(&mut app, KeyCode::Char('v'));
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
    // A corner draws: no reason, the summary alone.
    app.ui.cursor = vec![0, 0];
    app.step(0, 0);
    assert!(!app.ui.message.contains("why"), "{}", app.ui.message);
}
