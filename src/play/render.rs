//! Board layout as text, shared by plain mode and the terminal UI.
//!
//! Axes 0 (x) and 1 (y) make a 2D grid: x left to right, y top to bottom
//! (with gravity on y, bottom to top so stones fall down). Further axes nest
//! grids: even axes (z, then axis 4, ...) place grids side by side, odd axes
//! (w, axis 5, ...) stack them, with wider gaps at each level. A 4D board is a
//! 4x4 grid of 4x4 grids: z picks the column of grids, w the row. Each grid of
//! a 3D or wider board has a header naming its further coordinates (`z1 w2`).

use hypertac_core::notation;
use hypertac_core::{Cell, DrawReason, Outcome, Player, Position, WinRule};

/// Axis letters used in grid headers and key help.
const AXIS_LETTERS: &[char] = &[
    'x', 'y', 'z', 'w', 'v', 'u', 't', 's', 'r', 'q', 'p', 'o', 'n', 'm', 'l', 'k',
];

/// The letter of an axis in headers.
pub fn axis_letter(axis: usize) -> char {
    AXIS_LETTERS.get(axis).copied().unwrap_or('?')
}

/// Where each cell of a board goes on a character grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    dims: usize,
    sizes: Vec<u32>,
    flip: Option<usize>,
    col_stride: Vec<u64>,
    row_stride: Vec<u64>,
    header: u64,
    width: u64,
    height: u64,
    narrow: bool,
}

impl Layout {
    /// The nested-grid layout of a board with these axis sizes; `flip` is an
    /// axis drawn in reverse (the gravity axis when it is y).
    pub fn new(sizes: &[u32], flip: Option<usize>) -> Layout {
        Layout::build(sizes, flip, sizes.len() > 2, false)
    }

    /// As [`Layout::new`] without grid headers, for tight screens.
    pub fn compact(sizes: &[u32], flip: Option<usize>) -> Layout {
        Layout::build(sizes, flip, false, false)
    }

    /// As [`Layout::new`] (with grid headers) but with the same 3-column
    /// gap between side-by-side grids at every level, where [`Layout::new`]
    /// widens the gap by 2 per level: a 4^5 board is 157 columns wide
    /// instead of 163, so it fits a 160-column terminal. The levels are told
    /// apart by the grid headers (and the terminal UI's bars between them).
    pub fn narrow(sizes: &[u32], flip: Option<usize>) -> Layout {
        Layout::build(sizes, flip, sizes.len() > 2, true)
    }

    fn build(sizes: &[u32], flip: Option<usize>, headers: bool, narrow: bool) -> Layout {
        let dims = sizes.len();
        let mut sizes = sizes.to_vec();
        if sizes.len() == 1 {
            sizes.push(1);
        }
        let d = sizes.len();
        let header = u64::from(headers && d > 2);
        let mut col_stride = vec![0u64; d];
        let mut row_stride = vec![0u64; d];
        col_stride[0] = 2;
        row_stride[1] = 1;
        let mut width = (2 * u64::from(sizes[0])).saturating_sub(1);
        let mut height = u64::from(sizes[1]) + header;
        for axis in 2..d {
            let level = (axis / 2) as u64;
            let n = u64::from(sizes[axis]);
            if axis % 2 == 0 {
                let gap = if narrow { 3 } else { 1 + 2 * level };
                let stride = width.saturating_add(gap);
                col_stride[axis] = stride;
                width = stride.saturating_mul(n - 1).saturating_add(width);
            } else {
                let stride = height.saturating_add(level);
                row_stride[axis] = stride;
                height = stride.saturating_mul(n - 1).saturating_add(height);
            }
        }
        Layout {
            dims,
            sizes,
            flip,
            col_stride,
            row_stride,
            header,
            width,
            height,
            narrow,
        }
    }

    /// Whether this is a [`Layout::narrow`] layout.
    pub fn is_narrow(&self) -> bool {
        self.narrow
    }

    /// The screen columns between the side-by-side blocks of `axis` (an
    /// even axis from 4 on), one per gap: where a bar may separate them.
    pub fn block_gaps(&self, axis: usize) -> Vec<u64> {
        if axis < 4 || axis % 2 == 1 || axis >= self.sizes.len() {
            return Vec::new();
        }
        (1..self.sizes[axis])
            .map(|c| u64::from(c) * self.col_stride[axis] - 2)
            .collect()
    }

    /// The layout for a position's board (y flipped under gravity on y).
    pub fn of(pos: &Position) -> Layout {
        Layout::new(pos.rules().shape().sizes(), flip_axis(pos))
    }

    /// Width in characters.
    pub fn width(&self) -> u64 {
        self.width
    }

    /// Height in lines.
    pub fn height(&self) -> u64 {
        self.height
    }

    /// Whether grids have header lines (3 or more axes).
    pub fn has_headers(&self) -> bool {
        self.header > 0
    }

    fn shown(&self, axis: usize, c: u32) -> u64 {
        if self.flip == Some(axis) {
            u64::from(self.sizes[axis] - 1 - c)
        } else {
            u64::from(c)
        }
    }

    /// Column and line of the cell with these coordinates.
    pub fn place(&self, coords: &[u32]) -> (u64, u64) {
        let mut col = 0u64;
        let mut row = self.header;
        for (axis, &c) in coords.iter().enumerate() {
            let c = self.shown(axis, c);
            col = col.saturating_add(c.saturating_mul(self.col_stride[axis]));
            row = row.saturating_add(c.saturating_mul(self.row_stride[axis]));
        }
        (col, row)
    }

    /// Column and line of the header of the grid holding these coordinates.
    pub fn header_place(&self, coords: &[u32]) -> (u64, u64) {
        let (col, row) = self.place(coords);
        let x = self.shown(0, coords[0]) * 2;
        let y = coords.get(1).map_or(0, |&c| self.shown(1, c));
        (col - x, row - y - self.header)
    }

    /// The header text of the grid holding these coordinates (`z1 w2`, or
    /// compact `z1w2v0` when the spaced text does not fit), cut to the
    /// grid's width plus two.
    pub fn header_text(&self, coords: &[u32]) -> String {
        let parts: Vec<String> = coords
            .iter()
            .enumerate()
            .skip(2)
            .map(|(a, c)| format!("{}{c}", axis_letter(a)))
            .collect();
        // A header may run into the 3-column gap after its grid, less one space.
        let room = 2 * self.sizes[0] as usize + 1;
        let spaced = parts.join(" ");
        let text = if spaced.chars().count() <= room {
            spaced
        } else {
            parts.concat()
        };
        text.chars().take(room).collect()
    }

    /// The cell shown at a character position, if any (for mouse clicks).
    pub fn cell_at(&self, col: u64, row: u64) -> Option<Vec<u32>> {
        let mut coords = vec![0u32; self.sizes.len()];
        let mut col = col;
        let mut row = row.checked_sub(self.header)?;
        for axis in (0..self.sizes.len()).rev() {
            let n = u64::from(self.sizes[axis]);
            let (stride, rest) = if axis % 2 == 0 {
                (self.col_stride[axis], &mut col)
            } else {
                (self.row_stride[axis], &mut row)
            };
            let shown = (*rest / stride).min(n - 1);
            *rest -= shown * stride;
            coords[axis] = if self.flip == Some(axis) {
                (n - 1 - shown) as u32
            } else {
                shown as u32
            };
        }
        // What is left must be the cell itself, not a gap or header.
        if col != 0 || row != 0 {
            return None;
        }
        coords.truncate(self.dims);
        Some(coords)
    }
}

/// The axis drawn reversed: gravity on y puts y = 0 at the bottom.
pub fn flip_axis(pos: &Position) -> Option<usize> {
    pos.rules().gravity().filter(|&g| g == 1)
}

/// The most characters [`board_text`] draws before listing stones instead.
const MAX_TEXT_CHARS: u64 = 200_000;

/// The whole board as text: `.` empty, `X`, `O`; or, for boards too large to
/// draw, a line saying so and the stones.
pub fn board_text(pos: &Position) -> String {
    let shape = pos.rules().shape();
    let layout = Layout::of(pos);
    let (w, h) = (layout.width(), layout.height());
    if w.saturating_mul(h) > MAX_TEXT_CHARS || shape.cell_count() > MAX_TEXT_CHARS {
        let stones = |p: Player| {
            pos.stones()
                .filter(|&(_, q)| q == p)
                .map(|(c, _)| notation::format_cell(shape, c))
                .collect::<Vec<_>>()
                .join(" ")
        };
        return format!(
            "the {shape} board is too large to draw\nX: {}\nO: {}\n",
            stones(Player::X),
            stones(Player::O)
        );
    }
    let mut grid = vec![vec![' '; w as usize]; h as usize];
    for i in 0..shape.cell_count() {
        let coords = shape.coords(Cell(i));
        let (col, row) = layout.place(&coords);
        grid[row as usize][col as usize] = match pos.get(Cell(i)) {
            Some(p) => p.symbol(),
            None => '.',
        };
        if layout.has_headers() && coords[0] == 0 && coords[1] == 0 {
            let (hc, hr) = layout.header_place(&coords);
            for (j, ch) in layout.header_text(&coords).chars().enumerate() {
                if let Some(slot) = grid[hr as usize].get_mut(hc as usize + j) {
                    *slot = ch;
                }
            }
        }
    }
    let mut out = legend(pos);
    out.push('\n');
    for line in grid {
        let line: String = line.into_iter().collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if let Some(numbers) = column_numbers(pos) {
        out.push_str(&numbers);
        out.push('\n');
    }
    out
}

/// The column numbers to type under a Connect Four-like board (2D, stones
/// falling along y, at most 9 columns): `1 2 3 4 5 6 7`, one under each
/// column. `None` for other boards.
pub fn column_numbers(pos: &Position) -> Option<String> {
    let rules = pos.rules();
    let sizes = rules.shape().sizes();
    if sizes.len() != 2 || rules.gravity() != Some(1) || sizes[0] > 9 {
        return None;
    }
    let layout = Layout::of(pos);
    let mut line = vec![' '; layout.width() as usize];
    for x in 0..sizes[0] {
        let (col, _) = layout.place(&[x, 0]);
        if let Some(slot) = line.get_mut(col as usize) {
            *slot = char::from_digit(x + 1, 10)?;
        }
    }
    Some(line.into_iter().collect::<String>().trim_end().to_string())
}

/// One line explaining the layout's axes.
pub fn legend(pos: &Position) -> String {
    let rules = pos.rules();
    let d = rules.shape().dims();
    let mut parts = vec!["x left to right".to_string()];
    if d >= 2 {
        parts.push(if rules.gravity() == Some(1) {
            "y bottom to top".into()
        } else {
            "y top to bottom".into()
        });
    }
    for axis in 2..d {
        let dir = if axis % 2 == 0 {
            "grids left to right"
        } else {
            "grids top to bottom"
        };
        parts.push(format!("{} {dir}", axis_letter(axis)));
    }
    let mut text = format!("{}: {}", rules, parts.join(", "));
    if let Some(g) = rules.gravity() {
        text.push_str(&format!("; stones fall along {}", notation::axis_name(g)));
    }
    text
}

/// The end of a game in words, one line each: `X wins: 0,0 1,1 2,2`, `draw`,
/// or for most-lines `X 7 lines, O 5 lines` then the winner. Empty while the
/// game goes on.
pub fn outcome_lines(pos: &Position) -> Vec<String> {
    let shape = pos.rules().shape();
    let columns = pos.rules().gravity() == Some(1) && shape.dims() == 2;
    let cells = |cells: &[Cell]| {
        if columns {
            return column_line_words(pos, cells);
        }
        cells
            .iter()
            .map(|&c| notation::format_cell(shape, c))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let outcome = pos.outcome();
    if !outcome.is_over() {
        return Vec::new();
    }
    if pos.rules().win() == WinRule::MostLines {
        let [x, o] = pos.line_counts();
        let who = match outcome.winner() {
            Some(p) => format!("{p} wins"),
            None => "draw".into(),
        };
        let lines = |n: u64| format!("{n} line{}", if n == 1 { "" } else { "s" });
        return vec![format!("X {}, O {}", lines(x), lines(o)), who];
    }
    match outcome {
        Outcome::Win { winner, lines } => {
            let lines = lines
                .iter()
                .map(|l| cells(l.cells()))
                .collect::<Vec<_>>()
                .join(" / ");
            if pos.rules().win() == WinRule::Anti {
                vec![format!(
                    "{winner} wins: {} completed {lines}",
                    winner.other()
                )]
            } else {
                vec![format!("{winner} wins: {lines}")]
            }
        }
        _ => match pos.draw_reason() {
            Some(reason @ DrawReason::Dead) => vec![format!("draw: {reason}")],
            _ => vec!["draw".into()],
        },
    }
}

/// A line of a 2-axis board with gravity on y in columns and rows counted
/// from 1 (row 1 at the bottom): `column 4, rows 1-4`, `columns 1-4, row 2`,
/// `columns 2-5, rows 4-1`.
pub fn column_line_words(pos: &Position, cells: &[Cell]) -> String {
    let shape = pos.rules().shape();
    let (Some(&first), Some(&last)) = (cells.first(), cells.last()) else {
        return String::new();
    };
    let (a, b) = (shape.coords(first), shape.coords(last));
    let span = |word: &str, from: u32, to: u32| {
        if from == to {
            format!("{word} {}", from + 1)
        } else {
            format!("{word}s {}-{}", from + 1, to + 1)
        }
    };
    // Columns left to right; the rows follow the same cells.
    let (a, b) = if a[0] <= b[0] { (a, b) } else { (b, a) };
    format!(
        "{}, {}",
        span("column", a[0], b[0]),
        span("row", a[1], b[1])
    )
}

/// On a 2-axis gravity board of at most 9 columns, the highest column
/// number key (columns are counted from 1).
pub fn number_keys(rules: &hypertac_core::Rules) -> Option<u32> {
    let sizes = rules.shape().sizes();
    (sizes.len() == 2 && rules.gravity() == Some(1) && sizes[0] <= 9).then(|| sizes[0])
}

/// The goal and what a line is, in words, with a line of the board as an
/// example: `0,0,0 1,1,1 2,2,2 3,3,3` runs through all four layers.
pub fn how_to_win(rules: &hypertac_core::Rules) -> String {
    let k = rules.k();
    let d = rules.shape().dims();
    let goal = match rules.win() {
        WinRule::FirstToK => format!("The first to get {k} in a row wins."),
        WinRule::Anti => format!("Whoever completes {k} in a row loses."),
        WinRule::MostLines => {
            format!("When the board is full, whoever has more rows of {k} wins.")
        }
    };
    let mut text = goal;
    if d == 2 {
        text.push_str(&format!(
            " A row is {k} cells in a straight line: across, up and down, or diagonally."
        ));
    } else {
        text.push_str(&format!(
            " A row is {k} cells in a straight line along any axis or any diagonal, across the grids as well as inside one"
        ));
        let sizes = rules.shape().sizes();
        if sizes.iter().all(|&n| n >= k) {
            let example: Vec<String> = (0..k).map(|i| vec![i.to_string(); d].join(",")).collect();
            let grids = if d == 3 { "layers" } else { "grids" };
            text.push_str(&format!(
                ": {} is one, through {} {grids}",
                example.join(" "),
                number(k)
            ));
        }
        text.push('.');
    }
    if rules.gravity().is_some() {
        text.push_str(" Stones drop to the lowest free cell of their column.");
    }
    if rules.wrap() {
        text.push_str(" Rows wrap around the edges.");
    }
    text
}

fn number(n: u32) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        5 => "five".into(),
        _ => n.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::Rules;

    #[test]
    fn layout_4d_places_and_inverts() {
        let l = Layout::new(&[4, 4, 4, 4], None);
        assert_eq!((l.width(), l.height()), (4 * 7 + 3 * 3, 4 * 5 + 3));
        for coords in [[0, 0, 0, 0], [3, 2, 1, 0], [1, 3, 3, 2], [3, 3, 3, 3]] {
            let (c, r) = l.place(&coords);
            assert_eq!(l.cell_at(c, r), Some(coords.to_vec()));
        }
        assert_eq!(l.cell_at(1, 1), None);
        assert_eq!(l.cell_at(0, 0), None);
    }

    #[test]
    fn layout_5d_narrow_fits_160_columns() {
        let wide = Layout::new(&[4; 5], None);
        assert_eq!((wide.width(), wide.height()), (163, 23));
        let l = Layout::narrow(&[4; 5], None);
        assert_eq!((l.width(), l.height()), (157, 23));
        assert_eq!(l.header_text(&[0, 0, 1, 2, 3]), "z1 w2 v3");
        assert_eq!(l.block_gaps(4), [38, 78, 118]);
        for coords in [[0, 0, 0, 0, 0], [3, 2, 1, 0, 3], [1, 3, 3, 2, 1]] {
            let (c, r) = l.place(&coords);
            assert_eq!(l.cell_at(c, r), Some(coords.to_vec()));
        }
        for col in l.block_gaps(4) {
            assert!((0..l.height()).all(|row| l.cell_at(col, row).is_none()));
        }
    }

    #[test]
    fn connect4_text_has_y_upwards() {
        let pos = hypertac_core::notation::play_columns(Rules::preset("connect4").unwrap(), "44")
            .unwrap();
        let text = board_text(&pos);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 8);
        assert_eq!(lines[6], ". . . X . . .");
        assert_eq!(lines[5], ". . . O . . .");
        assert_eq!(lines[7], "1 2 3 4 5 6 7");
    }

    #[test]
    fn connect4_lines_in_columns_and_rows() {
        let rules = Rules::preset("connect4").unwrap();
        let words = |moves: &str| {
            let pos = hypertac_core::notation::play_columns(rules.clone(), moves).unwrap();
            outcome_lines(&pos)
        };
        assert_eq!(words("4545454"), ["X wins: column 4, rows 1-4"]);
        assert_eq!(words("1122334"), ["X wins: columns 1-4, row 1"]);
        assert_eq!(words("3413241435224"), ["X wins: columns 1-4, rows 1-4"]);
        assert_eq!(words("65544343363"), ["X wins: columns 3-6, rows 4-1"]);
    }
}
