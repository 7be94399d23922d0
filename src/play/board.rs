//! The board in the terminal UI: where it goes on screen ([`BoardView`]:
//! nested grids, or a 2D slice when they do not fit) and drawing it.
//!
//! The views tried, in order: the nested grids with a header per grid
//! ([`Layout::new`]); the same with the narrower gaps of [`Layout::narrow`]
//! (the whole 4^5 board in 160x27); a compact 4D board with its z and w
//! named once in the margins; the grids without headers; else the x-y slice
//! holding the cursor, which follows the last move, saying which slice it
//! is and what size of terminal shows the whole board.

use super::render::{self, Layout};
use super::scores::ColumnScores;
use crate::session::Session;
use hypertac_core::{Cell, Player, Position, WinRule};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

/// Rows used by everything but the board: title, message, two help lines.
pub const CHROME_ROWS: u16 = 4;
/// The smallest screen for the slice view.
pub const SLICE_MIN: (u16, u16) = (24, 9);
/// Columns left of a compact 4D board for its w labels (`w3 `).
const AXIS_MARGIN: u64 = 3;

/// What the board shows besides the stones.
#[derive(Clone, Copy, Debug)]
pub struct Marks<'a> {
    /// The cursor's coordinates.
    pub cursor: &'a [u32],
    /// A suggested cell.
    pub hint: Option<Cell>,
    /// Connect Four's per-column scores, when shown.
    pub scores: Option<&'a ColumnScores>,
    /// Each move's value, when shown (`v`).
    pub values: Option<&'a super::values::ShownValues>,
    /// A line of play to number from the side to move (a replay's).
    pub line: Option<&'a [Cell]>,
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

    /// Whether the board is shown one slice at a time.
    pub fn is_slice(&self) -> bool {
        matches!(self, BoardView::Slice { .. })
    }
}

/// The first screen row below the board (and its column numbers).
pub fn bottom(session: &Session, view: &BoardView) -> u16 {
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
pub fn needed(pos: &Position) -> (u16, u16) {
    let layout = Layout::compact(pos.rules().shape().sizes(), render::flip_axis(pos));
    let w = layout.width() + 2;
    let h = layout.height() + u64::from(CHROME_ROWS);
    if w <= u64::from(SLICE_MIN.0) && h <= u64::from(SLICE_MIN.1) {
        (w as u16, h as u16)
    } else {
        SLICE_MIN
    }
}

/// The smallest screen that shows the whole board with grid headers (as
/// `columns x rows`), for the slice view to name.
fn whole_board_size(pos: &Position) -> (u64, u64) {
    let sizes = pos.rules().shape().sizes();
    let flip = render::flip_axis(pos);
    let (wide, narrow) = (Layout::new(sizes, flip), Layout::narrow(sizes, flip));
    let layout = if narrow.width() < wide.width() {
        narrow
    } else {
        wide
    };
    (layout.width() + 2, layout.height() + u64::from(CHROME_ROWS))
}

/// Where the board goes on a screen of `area`.
pub fn choose(pos: &Position, cursor: &[u32], area: Rect) -> BoardView {
    let sizes = pos.rules().shape().sizes();
    let flip = render::flip_axis(pos);
    let avail_w = u64::from(area.width.saturating_sub(2));
    let avail_h = u64::from(area.height.saturating_sub(CHROME_ROWS));
    let fits = |l: &Layout| l.width() <= avail_w && l.height() <= avail_h;
    let nested = |layout: Layout, margin: u64, labels: bool| BoardView::Nested {
        layout,
        x: area.x + 1 + margin as u16,
        y: area.y + 1 + u16::from(labels),
        labels,
    };
    for layout in [Layout::new(sizes, flip), Layout::narrow(sizes, flip)] {
        if fits(&layout) {
            return nested(layout, 0, false);
        }
    }
    let compact = Layout::compact(sizes, flip);
    // A 4D board without grid headers keeps its z/w labels in one header
    // row and a 3-column margin when they fit.
    if sizes.len() == 4 && compact.width() + AXIS_MARGIN <= avail_w && compact.height() < avail_h {
        return nested(compact, AXIS_MARGIN, true);
    }
    if fits(&compact) {
        return nested(compact, 0, false);
    }
    if area.width < SLICE_MIN.0 || area.height < SLICE_MIN.1 {
        return BoardView::TooSmall;
    }
    slice(pos, cursor, area)
}

/// The x-y slice through the cursor, scrolled to keep the cursor in view.
fn slice(pos: &Position, cursor: &[u32], area: Rect) -> BoardView {
    let sizes = pos.rules().shape().sizes();
    let avail_w = u64::from(area.width.saturating_sub(2));
    let avail_h = u64::from(area.height.saturating_sub(CHROME_ROWS));
    let d = sizes.len();
    let nx = sizes[0];
    let ny = if d > 1 { sizes[1] } else { 1 };
    let header = u32::from(d > 2);
    let cols = nx.min(avail_w.div_ceil(2) as u32).max(1);
    let rows = ny.min(avail_h as u32 - header).max(1);
    let flipped = render::flip_axis(pos) == Some(1);
    let cy = if d > 1 { cursor[1] } else { 0 };
    let shown_y = if flipped { ny - 1 - cy } else { cy };
    let start = |c: u32, n: u32, w: u32| c.saturating_sub(w / 2).min(n - w);
    BoardView::Slice {
        fixed: cursor.to_vec(),
        x0: start(cursor[0], nx, cols),
        row0: start(shown_y, ny, rows),
        cols,
        rows,
        flip: flipped,
        ny,
        x: area.x + 1,
        y: area.y + 1 + header as u16,
    }
}

/// Writes text into a buffer, cut at its right edge; nothing outside it.
struct Canvas<'a> {
    buf: &'a mut Buffer,
}

impl Canvas<'_> {
    fn put(&mut self, x: u64, y: u64, text: &str, style: Style) {
        let area = self.buf.area;
        if x < u64::from(area.right()) && y < u64::from(area.bottom()) {
            let room = (u64::from(area.right()) - x) as usize;
            self.buf.set_stringn(x as u16, y as u16, text, room, style);
        }
    }

    fn right(&self) -> u64 {
        u64::from(self.buf.area.right())
    }

    fn bottom(&self) -> u64 {
        u64::from(self.buf.area.bottom())
    }
}

/// How each cell looks: its symbol and style.
struct Cells<'a> {
    pos: &'a Position,
    marks: Marks<'a>,
    cursor: Option<Cell>,
    /// The cursor shows a lower-case ghost of the stone a human would place.
    ghost: bool,
    win: Vec<Cell>,
}

impl<'a> Cells<'a> {
    fn new(session: &'a Session, marks: Marks<'a>) -> Cells<'a> {
        let pos = session.position();
        let win = match pos.outcome() {
            hypertac_core::Outcome::Win { lines, .. }
                if pos.rules().win() != WinRule::MostLines =>
            {
                lines.iter().flat_map(|l| l.cells().to_vec()).collect()
            }
            _ => Vec::new(),
        };
        Cells {
            pos,
            marks,
            cursor: pos.rules().shape().cell(marks.cursor),
            ghost: !pos.is_over() && session.computer_to_move().is_none(),
            win,
        }
    }

    fn style(&self, cell: Cell) -> Style {
        let mut style = match self.pos.get(cell) {
            Some(Player::X) => Style::default()
                .fg(Color::LightYellow)
                .add_modifier(Modifier::BOLD),
            Some(Player::O) => Style::default()
                .fg(Color::LightCyan)
                .add_modifier(Modifier::BOLD),
            None => Style::default().fg(Color::DarkGray),
        };
        if self.pos.last_move() == Some(cell) {
            style = style
                .add_modifier(Modifier::UNDERLINED)
                .bg(Color::Rgb(60, 60, 60));
        }
        if self.win.contains(&cell) {
            style = style.bg(Color::Green).fg(Color::Black);
        }
        if self.marks.hint == Some(cell) {
            style = style.bg(Color::Magenta);
        }
        if let Some((_, value)) = self.value_mark(cell) {
            style = style.fg(value_colour(self.pos, value));
        }
        if let Some((_, side)) = self.line_mark(cell) {
            style = style
                .fg(if side == Player::X {
                    Color::LightYellow
                } else {
                    Color::LightCyan
                })
                .add_modifier(Modifier::BOLD);
        }
        if self.cursor == Some(cell) {
            style = style.add_modifier(Modifier::REVERSED);
        }
        style
    }

    fn symbol(&self, cell: Cell) -> String {
        let c = match self.pos.get(cell) {
            Some(p) => p.symbol(),
            None if self.cursor == Some(cell) && self.ghost => {
                self.pos.to_move().symbol().to_ascii_lowercase()
            }
            None => match self.line_mark(cell) {
                Some((digit, _)) => digit,
                None => self.value_mark(cell).map_or('.', |(mark, _)| mark),
            },
        };
        c.to_string()
    }

    /// A replay's line of play (why its last move loses), numbered from
    /// the side to move; else with values shown and the cursor on a move
    /// with a reason: the place (1 to 9) of `cell` in the line of play the reason names, from
    /// the move itself on, and the side that plays it there; for a draw
    /// by pairs, the letter of `cell`'s pair (a a, b b, ...) and the side
    /// that answers by them.
    fn line_mark(&self, cell: Cell) -> Option<(char, Player)> {
        if let Some(line) = self.marks.line {
            let i = line.iter().position(|&c| c == cell).filter(|&i| i < 9)?;
            let mover = self.pos.to_move();
            let side = if i % 2 == 0 { mover } else { mover.other() };
            return Some((char::from(b'1' + i as u8), side));
        }
        let shown = self.marks.values?;
        if shown.moves != self.pos.moves() || self.pos.is_over() {
            return None;
        }
        let cursor = self.cursor?;
        if let Some((by, pairs)) = shown.pairs_at(cursor) {
            let i = pairs.iter().position(|p| p.contains(&cell))?;
            return Some((char::from(b'a' + i as u8), by));
        }
        let line = shown.line_at(cursor)?;
        let i = line.iter().position(|&c| c == cell).filter(|&i| i < 9)?;
        let mover = self.pos.to_move();
        let side = if i % 2 == 0 { mover } else { mover.other() };
        Some((char::from(b'1' + i as u8), side))
    }

    /// The value letter of an empty cell when values are shown (`v`) and
    /// are of this position.
    fn value_mark(&self, cell: Cell) -> Option<(char, hypertac_ai::analyze::Value)> {
        let shown = self.marks.values?;
        if shown.moves != self.pos.moves() || self.pos.is_over() {
            return None;
        }
        shown.mark(self.pos, cell)
    }

    fn put(&self, canvas: &mut Canvas, x: u64, y: u64, cell: Cell) {
        canvas.put(x, y, &self.symbol(cell), self.style(cell));
    }
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

/// Draws the board as `view` places it.
pub fn draw(buf: &mut Buffer, session: &Session, marks: Marks, view: &BoardView) {
    let cells = Cells::new(session, marks);
    let mut canvas = Canvas { buf };
    match view {
        BoardView::Nested {
            layout,
            x,
            y,
            labels,
        } => {
            let (x, y) = (u64::from(*x), u64::from(*y));
            if *labels {
                axis_labels(&mut canvas, session.position(), layout, x, y);
            }
            column_numbers(&mut canvas, session.position(), layout, x, y);
            if let Some(scores) = marks.scores.filter(|_| !session.position().is_over()) {
                column_scores(&mut canvas, scores, x + layout.width() + 3, y);
            }
            nested(&mut canvas, &cells, layout, x, y);
        }
        BoardView::Slice { .. } => slice_cells(&mut canvas, &cells, view),
        BoardView::TooSmall => {}
    }
}

/// A compact 4D board's z above its grid columns and w left of its grid rows.
fn axis_labels(canvas: &mut Canvas, pos: &Position, layout: &Layout, x: u64, y: u64) {
    let label = Style::default().fg(Color::DarkGray);
    let sizes = pos.rules().shape().sizes();
    for z in 0..sizes[2] {
        let (col, _) = layout.place(&[0, 0, z, 0]);
        canvas.put(x + col, y - 1, &format!("z{z}"), label);
    }
    for w in 0..sizes[3] {
        // The grid's top line (y may be drawn upwards).
        let (_, a) = layout.place(&[0, 0, 0, w]);
        let (_, b) = layout.place(&[0, sizes[1] - 1, 0, w]);
        canvas.put(x - AXIS_MARGIN, y + a.min(b), &format!("w{w}"), label);
    }
}

/// Column numbers under a Connect Four-like board, where room is left.
fn column_numbers(canvas: &mut Canvas, pos: &Position, layout: &Layout, x: u64, y: u64) {
    let below = y + layout.height();
    if below + 3 < canvas.bottom() {
        if let Some(numbers) = render::column_numbers(pos) {
            canvas.put(x, below, &numbers, Style::default().fg(Color::DarkGray));
        }
    }
}

/// Connect Four scores, one column per line, from (`left`, `top`).
fn column_scores(canvas: &mut Canvas, scores: &ColumnScores, left: u64, top: u64) {
    if scores.scores.is_none() {
        canvas.put(
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
        canvas.put(left, top + i as u64, &text, style);
    }
}

/// Every cell at its nested-grid place, each grid's header, and on a
/// narrow layout a bar between the blocks of axis 4.
fn nested(canvas: &mut Canvas, cells: &Cells, layout: &Layout, x: u64, y: u64) {
    let shape = cells.pos.rules().shape();
    if layout.is_narrow() {
        let bar = Style::default().fg(Color::DarkGray);
        for col in layout.block_gaps(4) {
            for row in 0..layout.height() {
                canvas.put(x + col, y + row, "│", bar);
            }
        }
    }
    for i in 0..shape.cell_count() {
        let cell = Cell(i);
        let coords = shape.coords(cell);
        let (c, r) = layout.place(&coords);
        cells.put(canvas, x + c, y + r, cell);
        if layout.has_headers() && coords[0] == 0 && coords[1] == 0 {
            let (hc, hr) = layout.header_place(&coords);
            let style = if coords[2..] == cells.marks.cursor[2..] {
                Style::default().add_modifier(Modifier::BOLD)
            } else {
                Style::default().fg(Color::DarkGray)
            };
            canvas.put(x + hc, y + hr, &layout.header_text(&coords), style);
        }
    }
}

/// The cells of a slice view and the line above naming the slice.
fn slice_cells(canvas: &mut Canvas, cells: &Cells, view: &BoardView) {
    let BoardView::Slice {
        fixed,
        x0,
        row0,
        cols,
        rows,
        flip,
        ny,
        x,
        y,
    } = view
    else {
        return;
    };
    let shape = cells.pos.rules().shape();
    let d = fixed.len();
    if d > 2 {
        let room = canvas.right().saturating_sub(u64::from(*x)) as usize;
        let text = slice_header(cells.pos, view, room, cells.marks.hint);
        let bold = Style::default().add_modifier(Modifier::BOLD);
        canvas.put(u64::from(*x), u64::from(*y) - 1, &text, bold);
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
            let (sx, sy) = (
                u64::from(*x) + 2 * u64::from(c),
                u64::from(*y) + u64::from(r),
            );
            cells.put(canvas, sx, sy, cell);
        }
    }
}

/// The line above a slice, at most `room` characters: which slice (`slice
/// z1 w1 v2`), whose it is (the last move's, the hint's or the cursor's), the x and y
/// shown when not all of them, and the terminal size that shows the whole
/// board: `slice z1 w1 v2 of O's last move 1,1,2,1,2; whole board at
/// 159x27`. Parts that do not fit are left out or said shorter.
pub fn slice_header(pos: &Position, view: &BoardView, room: usize, hint: Option<Cell>) -> String {
    let BoardView::Slice {
        fixed,
        x0,
        row0,
        cols,
        rows,
        ny,
        ..
    } = view
    else {
        return String::new();
    };
    let shape = pos.rules().shape();
    let here: Vec<String> = (2..fixed.len())
        .map(|a| format!("{}{}", render::axis_letter(a), fixed[a]))
        .collect();
    let mut text = format!("slice {}", here.join(" "));
    let last = pos.last_move().map(|c| (c, shape.coords(c)));
    let mut parts: Vec<[String; 2]> = Vec::new();
    match last {
        Some((cell, coords)) if coords[2..] == fixed[2..] => {
            let who = pos.get(cell).map_or('?', Player::symbol);
            let at = hypertac_core::notation::format_cell(shape, cell);
            parts.push([format!(" of {who}'s last move {at}"), " (last move)".into()]);
        }
        _ if hint.is_some_and(|h| shape.coords(h)[2..] == fixed[2..]) => {
            parts.push([" of the hint".into(), String::new()]);
        }
        _ => parts.push([" of the cursor".into(), String::new()]),
    }
    if *cols < shape.size(0) || *rows < *ny {
        let (x1, y1) = (x0 + cols - 1, row0 + rows - 1);
        parts.push([format!(" x {x0}-{x1} y {row0}-{y1}"), String::new()]);
    }
    let (w, h) = whole_board_size(pos);
    parts.push([
        format!("; whole board at {w}x{h}"),
        format!("; all at {w}x{h}"),
    ]);
    for [long, short] in parts {
        let used = text.chars().count();
        if used + long.chars().count() <= room {
            text.push_str(&long);
        } else if used + short.chars().count() <= room {
            text.push_str(&short);
        }
    }
    text
}
