//! The help screen (F1 or `:help`): every key and command of this game,
//! laid out to the terminal's width and scrolled like a pager (`pager.rs`).

use super::command;
use super::pager::{self, wrap};
use super::render::{self, number_keys};
use crate::session::Session;
use ratatui::Frame;

/// Width of the key column at 60 columns or more (narrower screens: 9).
const KEY_WIDTH: usize = 13;

/// The keys of the terminal UI for this game, as (keys, what they do).
pub fn key_entries(session: &Session) -> Vec<(String, String)> {
    let rules = session.rules();
    let d = rules.shape().dims();
    let gravity = rules.gravity();
    let mut keys: Vec<(String, String)> = Vec::new();
    let mut key = |k: &str, what: &str| keys.push((k.to_string(), what.to_string()));
    for (axis, k) in [(0, "← → h l"), (1, "↑ ↓ k j"), (2, "a d"), (3, "w s")] {
        if axis < d && Some(axis) != gravity {
            let what = if rules.is_connect4() {
                "choose the column".to_string()
            } else {
                format!("move the cursor along {}", render::axis_letter(axis))
            };
            key(k, &what);
        }
    }
    if d > 4 {
        key("PgUp PgDn", "move along the 5th axis (Tab picks another)");
    }
    if gravity.is_some() {
        key("Enter Space", "drop a stone in the cursor's column");
    } else {
        key("Enter Space", "place a stone at the cursor");
    }
    key(
        "mouse click",
        if gravity.is_some() {
            "drop a stone in that column"
        } else {
            "play that cell"
        },
    );
    if let Some(n) = number_keys(rules) {
        key(&format!("1-{n}"), "drop a stone in that column");
    }
    if rules.is_connect4() {
        key("s", "show or hide the solver's score of every column");
    }
    key("v", "show or hide each move's value on the board (W D L ?)");
    key("u  r", "undo (to your last move) / redo");
    key("?", "hint: the computer's best move");
    key("n", "new game with the same rules");
    key(":", "type a command (the list below)");
    key(
        "Esc",
        "while the computer thinks: move now; closes a question",
    );
    key("F1", "this help");
    key("q  Ctrl-C", "quit; the game is saved and resumes next time");
    keys
}

/// The help as lines of at most `width` characters.
pub fn lines(session: &Session, width: u16) -> Vec<String> {
    let width = usize::from(width).max(20);
    let mut out = vec![section("how to win")];
    out.extend(
        wrap(&render::how_to_win(session.rules()), width - 2)
            .into_iter()
            .map(|l| format!("  {l}")),
    );
    out.push(String::new());
    out.push(section("keys"));
    out.extend(entries_lines(&key_entries(session), width));
    out.push(String::new());
    out.push(section("commands (type : first)"));
    out.extend(entries_lines(
        &command::help_entries(session.rules()),
        width,
    ));
    out
}

fn section(title: &str) -> String {
    format!(" {title}")
}

/// Two columns, the description wrapped at word breaks; a key wider than its
/// column gets a line of its own.
fn entries_lines(entries: &[(String, String)], width: usize) -> Vec<String> {
    let key_width = if width >= 60 { KEY_WIDTH } else { 9 };
    let indent = 2 + key_width + 1;
    let text_width = width.saturating_sub(indent).max(10);
    let mut out = Vec::new();
    for (key, what) in entries {
        let wrapped = wrap(what, text_width);
        let mut rest = wrapped.iter();
        if key.chars().count() > key_width {
            out.push(format!("  {key}"));
        } else {
            let first = rest.next().map_or("", String::as_str);
            out.push(
                format!("  {key:<key_width$} {first}")
                    .trim_end()
                    .to_string(),
            );
        }
        for line in rest {
            out.push(format!("{:indent$}{line}", ""));
        }
    }
    out
}

/// The furthest the help can be scrolled on a `width` x `height` screen.
#[cfg(test)]
pub fn max_scroll(session: &Session, width: u16, height: u16) -> usize {
    pager::max_scroll(lines(session, width).len(), height)
}

/// Draws the help scrolled down `scroll` lines (clamped to the end).
pub fn draw(frame: &mut Frame, session: &Session, scroll: usize) {
    let all = lines(session, frame.area().width);
    pager::draw(frame, ("hypertac help", "help"), &all, scroll, None);
}
