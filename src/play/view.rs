//! Drawing the terminal UI: title, board, message and help bar. Pure: it
//! reads the session and the UI state and fills a ratatui frame, so tests draw
//! onto a `TestBackend` and compare text.
//!
//! The board itself is drawn by [`board`]: nested grids when they fit, else
//! a 2D slice through the cursor.

pub use super::board::BoardView;

use super::board::{self, Marks};
use super::command;
use super::render::{self, number_keys};
use super::scores::ColumnScores;
use crate::session::Session;
use hypertac_core::{Cell, Position, WinRule};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;

/// Spinner frames shown while the computer thinks.
const SPINNER: &[char] = &['|', '/', '-', '\\'];

/// A question or text entry at the bottom of the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// Typing a command after `:` (the same commands as plain mode).
    Command(String),
    /// Saving over an existing record: y/n.
    Overwrite(String),
    /// Throwing away the game for a new one: y/n.
    NewGame,
}

/// What the UI shows besides the session.
#[derive(Clone, Debug, Default)]
pub struct Ui {
    /// The cursor's coordinates (on gravity boards the landing cell of its column).
    pub cursor: Vec<u32>,
    /// The last message (a move, an error, a hint).
    pub message: String,
    /// An open prompt.
    pub prompt: Option<Prompt>,
    /// Spinner frame while the computer thinks.
    pub thinking: Option<usize>,
    /// The axis moved by PgUp/PgDn on boards of 5 or more axes.
    pub extra_axis: usize,
    /// A suggested cell to highlight.
    pub hint: Option<Cell>,
    /// The help screen is shown instead of the board, scrolled down this many lines.
    pub help: Option<usize>,
    /// Connect Four: the per-column scores are shown (`s`).
    pub scores: Option<ColumnScores>,
    /// Every move's value is shown on the board (`v`).
    pub values: Option<super::values::ShownValues>,
    /// A finished review (`:review`) is shown instead of the board.
    pub review: Option<super::review::ReviewShown>,
    /// Stepping through a reviewed game (`replay.rs`): the moves on the
    /// board shown and the game's moves; the title and key line say so.
    pub replay: Option<(usize, usize)>,
    /// A line of play numbered on the board (1 to 9) from the side to
    /// move, in the colours of the sides (a replayed move's why it loses).
    pub line: Option<Vec<Cell>>,
}

impl Ui {
    /// UI state for a position: the cursor in the middle (on its landing cell with gravity).
    pub fn new(pos: &Position) -> Ui {
        let shape = pos.rules().shape();
        let mut ui = Ui {
            cursor: shape.sizes().iter().map(|&n| (n - 1) / 2).collect(),
            extra_axis: 4,
            ..Ui::default()
        };
        ui.settle(pos);
        ui
    }

    /// Keeps the cursor on the board and, with gravity, on its column's landing cell.
    pub fn settle(&mut self, pos: &Position) {
        let shape = pos.rules().shape();
        if self.cursor.len() != shape.dims() {
            *self = Ui::new(pos);
            return;
        }
        for (c, &n) in self.cursor.iter_mut().zip(shape.sizes()) {
            *c = (*c).min(n - 1);
        }
        if let Some(g) = pos.rules().gravity() {
            let cell = shape.cell(&self.cursor).expect("cursor on the board");
            self.cursor[g] = match pos.landing(cell) {
                Some(landing) => shape.coord(landing, g),
                None => shape.size(g) - 1,
            };
        }
    }

    /// UI state for a game being resumed or loaded: the cursor on the last
    /// move, where the player's attention was.
    pub fn at_last_move(pos: &Position) -> Ui {
        let mut ui = Ui::new(pos);
        if let Some(last) = pos.moves().last() {
            ui.cursor = pos.rules().shape().coords(*last);
            ui.settle(pos);
        }
        ui
    }

    /// The cell under the cursor.
    pub fn cursor_cell(&self, pos: &Position) -> Option<Cell> {
        pos.rules().shape().cell(&self.cursor)
    }
}

/// Draws the whole screen; returns where the board went.
pub fn draw(frame: &mut Frame, session: &Session, ui: &Ui) -> BoardView {
    let area = frame.area();
    if let Some(scroll) = ui.help {
        super::help::draw(frame, session, scroll);
        return BoardView::TooSmall;
    }
    if let Some(review) = &ui.review {
        let lines = super::pager::wrapped(&review.lines, area.width);
        super::pager::draw(
            frame,
            (&review.title(), "review"),
            &lines,
            review.scroll,
            Some("←→ replay on the board"),
        );
        return BoardView::TooSmall;
    }
    let view = board::choose(session.position(), &ui.cursor, area);
    if view == BoardView::TooSmall {
        let (w, h) = board::needed(session.position());
        let text = format!(
            "terminal too small, need {w}x{h} (have {}x{})",
            area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return view;
    }
    let rows = |y: u16, h: u16| {
        Rect::new(
            area.x,
            area.y + y,
            area.width,
            h.min(area.height.saturating_sub(y)),
        )
    };
    frame.render_widget(Paragraph::new(title(session, ui, area.width)), rows(0, 1));
    let marks = Marks {
        cursor: &ui.cursor,
        hint: ui.hint,
        scores: ui.scores.as_ref(),
        values: ui.values.as_ref(),
        line: ui.line.as_deref(),
    };
    board::draw(frame.buffer_mut(), session, marks, &view);
    let bottom = area.height.saturating_sub(3);
    // A long message wraps upwards into the free rows under the board; one
    // too long for them keeps its words and cuts what it quotes.
    let line = message(session, ui, area.width);
    let free = bottom.saturating_sub(board::bottom(session, &view)) + 1;
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let style = line
        .spans
        .first()
        .map_or(line.style, |s| line.style.patch(s.style));
    let shown = if ui.prompt.is_some() {
        vec![text]
    } else {
        fit_message(
            &text,
            usize::from(area.width),
            usize::from(free.clamp(1, 3)),
        )
    };
    let height = (shown.len() as u16).max(1);
    frame.render_widget(
        Paragraph::new(shown.join("\n")).style(style),
        rows(bottom + 1 - height, height),
    );
    frame.render_widget(
        Paragraph::new(key_lines(session, ui, area.width, 2).join("\n"))
            .style(Style::default().fg(Color::DarkGray)),
        rows(bottom + 1, 2),
    );
    view
}

fn title(session: &Session, ui: &Ui, width: u16) -> Line<'static> {
    let pos = session.position();
    if let Some((ply, plies)) = ui.replay {
        let at = match ply {
            0 => "the start".to_string(),
            n => format!("move {n} of {plies}"),
        };
        let text = format!(
            " replay of the review: {at}  {}",
            crate::words::game_name(pos.rules())
        );
        let text: String = text.chars().take(usize::from(width)).collect();
        return Line::styled(text, Style::default().add_modifier(Modifier::BOLD));
    }
    let [x, o] = session.sides();
    let status = if let Some(w) = pos.outcome().winner() {
        format!("{w} wins")
    } else if pos.is_over() {
        "draw".into()
    } else {
        format!("{} to move", pos.to_move())
    };
    let at = if number_keys(pos.rules()).is_some() {
        format!("column {}", ui.cursor[0] + 1)
    } else {
        format!(
            "cursor {}",
            ui.cursor
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",")
        )
    };
    let mut parts = vec![
        status,
        crate::words::game_name(pos.rules()),
        format!("X {x} vs O {o}"),
        command::moves_count(pos.moves().len()),
        at,
    ];
    if pos.rules().win() == WinRule::MostLines {
        let [lx, lo] = pos.line_counts();
        parts.insert(2, format!("lines X {lx} O {lo}"));
    }
    // Whole parts only: the least needed (cursor, moves, players) go first
    // when the line is too narrow, never half a word.
    let room = usize::from(width);
    let fits = |parts: &[String]| {
        1 + parts.iter().map(|p| p.chars().count() + 2).sum::<usize>() - 2 <= room
    };
    while parts.len() > 2 && !fits(&parts) {
        parts.pop();
    }
    let text = format!(" {}", parts.join("  "));
    Line::styled(text, Style::default().add_modifier(Modifier::BOLD))
}

fn message(session: &Session, ui: &Ui, width: u16) -> Line<'static> {
    match &ui.prompt {
        Some(Prompt::Command(text)) => return Line::raw(prompt_line(text, width)),
        Some(Prompt::Overwrite(name)) => {
            return Line::styled(
                format!("a record named {name:?} exists: replace it? (y/n)"),
                Style::default().fg(Color::Yellow),
            )
        }
        Some(Prompt::NewGame) => {
            return Line::styled(
                "start a new game? (y/n)",
                Style::default().fg(Color::Yellow),
            )
        }
        None => {}
    }
    if let Some(frame) = ui.thinking {
        let spin = SPINNER[frame % SPINNER.len()];
        return Line::raw(if session.computer_to_move().is_some() {
            format!(
                "{spin} {} is thinking... (Esc: move now)",
                session.position().to_move()
            )
        } else {
            format!("{spin} looking for a hint... (Esc: stop)")
        });
    }
    let style = if ui.message.starts_with("error:") {
        Style::default().fg(Color::Red)
    } else {
        Style::default()
    };
    Line::styled(ui.message.clone(), style)
}

/// A message in at most `rows` lines of `width` characters, broken between
/// words. When it is longer, the parts it quotes (`"..."`) are cut shorter
/// first, so the reason after a long quoted input stays in sight; only
/// then is its end cut (with `…`).
pub fn fit_message(text: &str, width: usize, rows: usize) -> Vec<String> {
    let width = width.max(1);
    let fits =
        |lines: &[String]| lines.len() <= rows && lines.iter().all(|l| l.chars().count() <= width);
    let mut lines = super::pager::wrap(text, width);
    let mut keep = command::QUOTE_CHARS;
    while !fits(&lines) && keep > 4 {
        keep = keep * 2 / 3;
        lines = super::pager::wrap(&cut_quotes(text, keep), width);
    }
    if !fits(&lines) {
        lines.truncate(rows.max(1));
        if let Some(last) = lines.last_mut() {
            let cut: String = last.chars().take(width - 1).collect();
            *last = format!("{cut}…");
        }
        for line in &mut lines {
            if line.chars().count() > width {
                *line = line.chars().take(width - 1).chain(['…']).collect();
            }
        }
    }
    lines
}

/// `text` with every double-quoted part of more than `keep` characters cut
/// to `keep` (the last one `…`), escapes counted as they are written.
fn cut_quotes(text: &str, keep: usize) -> String {
    let mut out = String::with_capacity(text.len().min(1024));
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        out.push(c);
        if c != '"' {
            continue;
        }
        let mut inner = String::new();
        let mut escaped = false;
        let mut closed = false;
        for c in chars.by_ref() {
            if c == '"' && !escaped {
                closed = true;
                break;
            }
            escaped = c == '\\' && !escaped;
            inner.push(c);
        }
        let cut = inner.chars().count() > keep;
        if cut {
            inner = inner.chars().take(keep.saturating_sub(1)).collect();
            inner.push('…');
        }
        out.push_str(&inner);
        if closed {
            out.push('"');
        }
        // A quote already cut says so with `...` after it: one mark is enough.
        if cut && chars.as_str().starts_with("...") {
            chars.nth(2);
        }
    }
    out
}

/// `:text_`, or when it is wider than the screen `:…` and its end, so the
/// place being typed stays in sight.
pub fn prompt_line(text: &str, width: u16) -> String {
    let room = usize::from(width).saturating_sub(3).max(1);
    let count = text.chars().count();
    if count <= room {
        format!(":{text}_")
    } else {
        let tail: String = text.chars().skip(count - (room - 1).max(1)).collect();
        format!(":…{tail}_")
    }
}

/// The key line: as many of the keys as fit in `rows` lines of `width`
/// characters, never cutting one in two; shorter lists on narrow screens,
/// always ending with `F1 help` and `q quit`.
pub fn key_lines(session: &Session, ui: &Ui, width: u16, rows: usize) -> Vec<String> {
    if ui.replay.is_some() {
        let items = [
            "←→/hl step",
            "Home/End first/last",
            "Esc/q back to the review",
        ];
        let mut lines = super::pager::pack(items, "  ", usize::from(width.max(1)));
        lines.truncate(rows);
        return lines;
    }
    let full = keys(session, ui);
    let rules = session.rules();
    let place = if rules.gravity().is_some() {
        "Enter drop"
    } else {
        "Enter place"
    };
    let mut short = vec!["arrows move".to_string()];
    // Only the further axes this board has and the cursor can move along.
    let further: Vec<usize> = (2..rules.shape().dims().min(4))
        .filter(|&a| rules.gravity() != Some(a))
        .collect();
    match further.as_slice() {
        [2, 3] => short.push("adws z/w".into()),
        [2] => short.push("a/d z".into()),
        [3] => short.push("w/s w".into()),
        _ => {}
    }
    if let Some(n) = number_keys(rules) {
        short.push(format!("1-{n} drop"));
    } else {
        short.push(place.into());
    }
    if rules.is_connect4() {
        short.push("s scores".into());
    }
    short.extend(["u undo", "? hint", "F1 help", "q quit"].map(String::from));
    let candidates = [
        full.clone(),
        full.iter()
            .filter(|k| !matches!(k.as_str(), ": command" | "r redo" | "n new"))
            .cloned()
            .collect(),
        short,
    ];
    let width = usize::from(width.max(1));
    let mut last = Vec::new();
    for items in candidates {
        // Items joined by two spaces, breaking only between them.
        last = super::pager::pack(items.iter().map(String::as_str), "  ", width);
        if last.len() <= rows {
            return last;
        }
    }
    last.truncate(rows);
    last
}

fn keys(session: &Session, ui: &Ui) -> Vec<String> {
    let rules = session.rules();
    let d = rules.shape().dims();
    let g = rules.gravity();
    let mut keys = Vec::new();
    let axis_keys = [(0, "←→/hl"), (1, "↑↓/kj"), (2, "a/d"), (3, "w/s")];
    for (axis, k) in axis_keys
        .into_iter()
        .filter(|&(a, _)| a < d && Some(a) != g)
    {
        // A 2-axis gravity board moves across columns, not "along x".
        if d == 2 && g == Some(1) {
            keys.push(format!("{k} column"));
        } else {
            keys.push(format!("{k} {}", render::axis_letter(axis)));
        }
    }
    if d > 4 {
        let tab = if d > 5 { " (Tab: axis)" } else { "" };
        keys.push(format!(
            "PgUp/PgDn {}{tab}",
            render::axis_letter(ui.extra_axis.clamp(4, d - 1))
        ));
    }
    if let Some(g) = g.filter(|&g| g != 1) {
        keys.push(format!("stones fall to {}0", render::axis_letter(g)));
    }
    let place = if g.is_some() {
        "Enter/click drop"
    } else {
        "Enter/click place"
    };
    keys.push(place.into());
    if let Some(n) = number_keys(rules) {
        keys.push(format!("1-{n} drop"));
    }
    if rules.is_connect4() {
        keys.push("s scores".into());
    }
    keys.extend(
        [
            "u undo",
            "r redo",
            "? hint",
            "n new",
            ": command",
            "F1 help",
            "q quit",
        ]
        .map(String::from),
    );
    keys
}
