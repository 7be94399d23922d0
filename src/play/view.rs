//! Drawing the terminal UI: title, board, message and help bar. Pure: it
//! reads the session and the UI state and fills a ratatui frame, so tests draw
//! onto a `TestBackend` and compare text.
//!
//! The board is drawn as nested grids (see [`render::Layout`]) when they fit,
//! without grid headers when only that fits, else as a 2D slice (x, y) through
//! the cursor, scrolled to keep the cursor in view.

use super::command;
use super::render::{self, number_keys, Layout};
use super::scores::ColumnScores;
use crate::session::Session;
use hypertac_core::{Cell, Player, Position, WinRule};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;

/// Rows used by everything but the board: title, message, two help lines.
const CHROME_ROWS: u16 = 4;
/// The smallest screen for the slice view.
const SLICE_MIN: (u16, u16) = (24, 9);

/// Columns left of a compact 4D board for its w labels (`w3 `).
const AXIS_MARGIN: u64 = 3;
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

/// How the board was placed on screen, to map mouse clicks back to cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardView {
    /// Nested grids at this screen offset.
    Nested {
        /// The layout used.
        layout: Layout,
        /// Screen column of the layout's origin.
        x: u16,
        /// Screen row of the layout's origin.
        y: u16,
        /// A compact 4D board's z and w named once: z above the grid
        /// columns, w in a left margin (the grids have no headers).
        labels: bool,
    },
    /// A window of the x-y slice through the cursor.
    Slice {
        /// The cursor's coordinates (fixing the other axes).
        fixed: Vec<u32>,
        /// First x shown.
        x0: u32,
        /// First y shown (in screen order).
        row0: u32,
        /// Cells shown across and down.
        cols: u32,
        /// See `cols`.
        rows: u32,
        /// Whether y is drawn upwards.
        flip: bool,
        /// Height of the y axis.
        ny: u32,
        /// Screen position of the first cell.
        x: u16,
        /// See `x`.
        y: u16,
    },
    /// Nothing drawn: the screen is too small.
    TooSmall,
}

impl BoardView {
    /// The coordinates of the cell drawn at a screen position.
    pub fn cell_at(&self, col: u16, row: u16) -> Option<Vec<u32>> {
        match self {
            BoardView::Nested { layout, x, y, .. } => {
                let c = col.checked_sub(*x)?;
                let r = row.checked_sub(*y)?;
                if u64::from(c) >= layout.width() || u64::from(r) >= layout.height() {
                    return None;
                }
                layout.cell_at(u64::from(c), u64::from(r))
            }
            BoardView::Slice {
                fixed,
                x0,
                row0,
                cols,
                rows,
                flip,
                ny,
                x,
                y,
            } => {
                let c = col.checked_sub(*x)?;
                let r = u32::from(row.checked_sub(*y)?);
                if c % 2 == 1 || u32::from(c / 2) >= *cols || r >= *rows {
                    return None;
                }
                let mut coords = fixed.clone();
                coords[0] = x0 + u32::from(c / 2);
                if coords.len() > 1 {
                    let shown = row0 + r;
                    coords[1] = if *flip { ny - 1 - shown } else { shown };
                }
                Some(coords)
            }
            BoardView::TooSmall => None,
        }
    }
}

/// Draws the whole screen; returns where the board went.
pub fn draw(frame: &mut Frame, session: &Session, ui: &Ui) -> BoardView {
    let area = frame.area();
    if let Some(scroll) = ui.help {
        super::help::draw(frame, session, scroll);
        return BoardView::TooSmall;
    }
    let view = choose_view(session.position(), ui, area);
    if view == BoardView::TooSmall {
        let (w, h) = needed(session.position());
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
    draw_board(frame.buffer_mut(), session, ui, &view);
    let bottom = area.height.saturating_sub(3);
    // A long message wraps upwards into the free rows under the board.
    let line = message(session, ui, area.width);
    let wanted = (line.width() as u16)
        .div_ceil(area.width.max(1))
        .clamp(1, 3);
    let free = bottom.saturating_sub(board_bottom(session, &view)) + 1;
    let height = wanted.min(free).max(1);
    frame.render_widget(
        Paragraph::new(line).wrap(Wrap { trim: true }),
        rows(bottom + 1 - height, height),
    );
    frame.render_widget(
        Paragraph::new(key_lines(session, ui, area.width, 2).join("\n"))
            .style(Style::default().fg(Color::DarkGray)),
        rows(bottom + 1, 2),
    );
    view
}

/// The first screen row below the board (and its column numbers).
fn board_bottom(session: &Session, view: &BoardView) -> u16 {
    let numbers = u16::from(render::column_numbers(session.position()).is_some());
    match view {
        BoardView::Nested { layout, y, .. } => y
            .saturating_add(u16::try_from(layout.height()).unwrap_or(u16::MAX))
            .saturating_add(numbers),
        BoardView::Slice { y, rows, .. } => y
            .saturating_add(u16::try_from(*rows).unwrap_or(u16::MAX))
            .saturating_add(numbers),
        BoardView::TooSmall => 1,
    }
}

/// The smallest screen that shows this board: its compact nested grids when
/// they are smaller than the slice view's minimum, else that minimum.
fn needed(pos: &Position) -> (u16, u16) {
    let layout = Layout::compact(pos.rules().shape().sizes(), render::flip_axis(pos));
    let w = layout.width() + 2;
    let h = layout.height() + u64::from(CHROME_ROWS);
    if w <= u64::from(SLICE_MIN.0) && h <= u64::from(SLICE_MIN.1) {
        (w as u16, h as u16)
    } else {
        SLICE_MIN
    }
}

fn choose_view(pos: &Position, ui: &Ui, area: Rect) -> BoardView {
    let sizes = pos.rules().shape().sizes();
    let flip = render::flip_axis(pos);
    let avail_w = u64::from(area.width.saturating_sub(2));
    let avail_h = u64::from(area.height.saturating_sub(CHROME_ROWS));
    let full = Layout::new(sizes, flip);
    if full.width() <= avail_w && full.height() <= avail_h {
        return BoardView::Nested {
            layout: full,
            x: area.x + 1,
            y: area.y + 1,
            labels: false,
        };
    }
    let compact = Layout::compact(sizes, flip);
    // A 4D board without grid headers keeps its z/w labels in one header
    // row and a 3-column margin when they fit.
    if sizes.len() == 4 && compact.width() + AXIS_MARGIN <= avail_w && compact.height() < avail_h {
        return BoardView::Nested {
            layout: compact,
            x: area.x + 1 + AXIS_MARGIN as u16,
            y: area.y + 2,
            labels: true,
        };
    }
    if compact.width() <= avail_w && compact.height() <= avail_h {
        return BoardView::Nested {
            layout: compact,
            x: area.x + 1,
            y: area.y + 1,
            labels: false,
        };
    }
    if area.width < SLICE_MIN.0 || area.height < SLICE_MIN.1 {
        return BoardView::TooSmall;
    }
    let d = sizes.len();
    let nx = sizes[0];
    let ny = if d > 1 { sizes[1] } else { 1 };
    let header = u32::from(d > 2);
    let cols = nx.min(avail_w.div_ceil(2) as u32).max(1);
    let rows = ny.min(avail_h as u32 - header).max(1);
    let flipped = flip == Some(1);
    let cy = if d > 1 { ui.cursor[1] } else { 0 };
    let shown_y = if flipped { ny - 1 - cy } else { cy };
    let start = |c: u32, n: u32, w: u32| c.saturating_sub(w / 2).min(n - w);
    BoardView::Slice {
        fixed: ui.cursor.clone(),
        x0: start(ui.cursor[0], nx, cols),
        row0: start(shown_y, ny, rows),
        cols,
        rows,
        flip: flipped,
        ny,
        x: area.x + 1,
        y: area.y + 1 + header as u16,
    }
}

fn title(session: &Session, ui: &Ui, width: u16) -> Line<'static> {
    let pos = session.position();
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
        last = wrap_items(&items, width);
        if last.len() <= rows {
            return last;
        }
    }
    last.truncate(rows);
    last
}

/// Items joined by two spaces into lines of at most `width` characters,
/// breaking only between items.
fn wrap_items(items: &[String], width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for item in items {
        let len = line.chars().count();
        if !line.is_empty() && len + 2 + item.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str("  ");
        }
        line.push_str(item);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
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

/// The value letter of an empty cell when values are shown (`v`).
fn value_mark(ui: &Ui, pos: &Position, cell: Cell) -> Option<(char, hypertac_ai::analyze::Value)> {
    let shown = ui.values.as_ref()?;
    if shown.moves != pos.moves() || pos.is_over() {
        return None;
    }
    shown.mark(cell)
}

/// Green where the side to move wins after the move, grey a draw, red a loss.
fn value_colour(pos: &Position, value: hypertac_ai::analyze::Value) -> Color {
    match value.rank_for(pos.to_move()) {
        Some(2) => Color::LightGreen,
        Some(1) => Color::Gray,
        Some(_) => Color::LightRed,
        None => Color::DarkGray,
    }
}

fn draw_board(buf: &mut Buffer, session: &Session, ui: &Ui, view: &BoardView) {
    let pos = session.position();
    // The cursor shows a lower-case ghost of the stone a human would place.
    let ghost = !pos.is_over() && session.computer_to_move().is_none();
    let shape = pos.rules().shape();
    let win: Vec<Cell> = match pos.outcome() {
        hypertac_core::Outcome::Win { lines, .. } if pos.rules().win() != WinRule::MostLines => {
            lines.iter().flat_map(|l| l.cells().to_vec()).collect()
        }
        _ => Vec::new(),
    };
    let cursor = ui.cursor_cell(pos);
    let style_of = |cell: Cell| {
        let mut style = match pos.get(cell) {
            Some(Player::X) => Style::default()
                .fg(Color::LightYellow)
                .add_modifier(Modifier::BOLD),
            Some(Player::O) => Style::default()
                .fg(Color::LightCyan)
                .add_modifier(Modifier::BOLD),
            None => Style::default().fg(Color::DarkGray),
        };
        if pos.last_move() == Some(cell) {
            style = style
                .add_modifier(Modifier::UNDERLINED)
                .bg(Color::Rgb(60, 60, 60));
        }
        if win.contains(&cell) {
            style = style.bg(Color::Green).fg(Color::Black);
        }
        if ui.hint == Some(cell) {
            style = style.bg(Color::Magenta);
        }
        if let Some((_, value)) = value_mark(ui, pos, cell) {
            style = style.fg(value_colour(pos, value));
        }
        if cursor == Some(cell) {
            style = style.add_modifier(Modifier::REVERSED);
        }
        style
    };
    let symbol = |cell: Cell| match pos.get(cell) {
        Some(p) => p.symbol(),
        None if cursor == Some(cell) && ghost => pos.to_move().symbol().to_ascii_lowercase(),
        None => value_mark(ui, pos, cell).map_or('.', |(mark, _)| mark),
    };
    let area = buf.area;
    let mut put = |x: u64, y: u64, text: &str, style: Style| {
        if x < u64::from(area.right()) && y < u64::from(area.bottom()) {
            buf.set_stringn(
                x as u16,
                y as u16,
                text,
                (u64::from(area.right()) - x) as usize,
                style,
            );
        }
    };
    match view {
        BoardView::Nested {
            layout,
            x,
            y,
            labels,
        } => {
            if *labels {
                let label = Style::default().fg(Color::DarkGray);
                let sizes = shape.sizes();
                for z in 0..sizes[2] {
                    let (col, _) = layout.place(&[0, 0, z, 0]);
                    put(
                        u64::from(*x) + col,
                        u64::from(*y) - 1,
                        &format!("z{z}"),
                        label,
                    );
                }
                for w in 0..sizes[3] {
                    // The grid's top line (y may be drawn upwards).
                    let (_, a) = layout.place(&[0, 0, 0, w]);
                    let (_, b) = layout.place(&[0, sizes[1] - 1, 0, w]);
                    let row = a.min(b);
                    put(
                        u64::from(*x) - AXIS_MARGIN,
                        u64::from(*y) + row,
                        &format!("w{w}"),
                        label,
                    );
                }
            }
            // Column numbers under a Connect Four-like board, where room is left.
            let below = u64::from(*y) + layout.height();
            if below + 3 < u64::from(area.bottom()) {
                if let Some(numbers) = render::column_numbers(pos) {
                    put(
                        u64::from(*x),
                        below,
                        &numbers,
                        Style::default().fg(Color::DarkGray),
                    );
                }
            }
            // Connect Four scores, one column per line, right of the board.
            if let Some(scores) = ui.scores.as_ref().filter(|_| !pos.is_over()) {
                let left = u64::from(*x) + layout.width() + 3;
                let top = u64::from(*y);
                if scores.scores.is_none() {
                    put(
                        left,
                        top,
                        "scores: solving…",
                        Style::default().fg(Color::DarkGray),
                    );
                }
                let best = scores.best();
                for (i, words) in scores.words().iter().enumerate() {
                    let (text, style) = match words {
                        None => (
                            format!("{} full", i + 1),
                            Style::default().fg(Color::DarkGray),
                        ),
                        Some(w) => {
                            let score = scores.scores.as_ref().and_then(|s| s[i]);
                            let color = match score.unwrap_or(0).cmp(&0) {
                                std::cmp::Ordering::Greater => Color::Green,
                                std::cmp::Ordering::Less => Color::Red,
                                std::cmp::Ordering::Equal => Color::Gray,
                            };
                            let mut style = Style::default().fg(color);
                            let mut text = format!("{} {w}", i + 1);
                            if score == best {
                                style = style.add_modifier(Modifier::BOLD);
                                text.push_str(" ◀ best");
                            }
                            (text, style)
                        }
                    };
                    put(left, top + i as u64, &text, style);
                }
            }
            for i in 0..shape.cell_count() {
                let cell = Cell(i);
                let coords = shape.coords(cell);
                let (c, r) = layout.place(&coords);
                put(
                    u64::from(*x) + c,
                    u64::from(*y) + r,
                    &symbol(cell).to_string(),
                    style_of(cell),
                );
                if layout.has_headers() && coords[0] == 0 && coords[1] == 0 {
                    let (hc, hr) = layout.header_place(&coords);
                    let current = coords[2..] == ui.cursor[2..];
                    let style = if current {
                        Style::default().add_modifier(Modifier::BOLD)
                    } else {
                        Style::default().fg(Color::DarkGray)
                    };
                    put(
                        u64::from(*x) + hc,
                        u64::from(*y) + hr,
                        &layout.header_text(&coords),
                        style,
                    );
                }
            }
        }
        BoardView::Slice {
            fixed,
            x0,
            row0,
            cols,
            rows,
            flip,
            ny,
            x,
            y,
        } => {
            let d = fixed.len();
            if d > 2 {
                let others: Vec<String> = (2..d)
                    .map(|a| format!("{}{}", render::axis_letter(a), fixed[a]))
                    .collect();
                let text = format!(
                    "slice {}  x {}-{} of {}  y {}-{} of {}",
                    others.join(" "),
                    x0,
                    x0 + cols - 1,
                    shape.size(0),
                    row0,
                    row0 + rows - 1,
                    ny
                );
                put(
                    u64::from(*x),
                    u64::from(*y) - 1,
                    &text,
                    Style::default().add_modifier(Modifier::BOLD),
                );
            }
            for r in 0..*rows {
                for c in 0..*cols {
                    let mut coords = fixed.clone();
                    coords[0] = x0 + c;
                    if d > 1 {
                        let shown = row0 + r;
                        coords[1] = if *flip { ny - 1 - shown } else { shown };
                    }
                    let Some(cell) = shape.cell(&coords) else {
                        continue;
                    };
                    put(
                        u64::from(*x) + 2 * u64::from(c),
                        u64::from(*y) + u64::from(r),
                        &symbol(cell).to_string(),
                        style_of(cell),
                    );
                }
            }
        }
        BoardView::TooSmall => {}
    }
}
