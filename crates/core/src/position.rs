//! A game in progress: stones, side to move, outcome, hash; play and undo.

use crate::dense::Dense;
use crate::gravity::Columns;
use crate::lines::{line_count, lines_through, Line, LineTable};
use crate::sparse::Sparse;
use crate::{zobrist, Cell, Player, Rules, RulesError, WinRule};
use std::fmt;
use std::sync::Arc;

/// Boards with more cells than this are stored sparsely.
pub const DENSE_MAX_CELLS: u64 = 1 << 22;
/// Boards whose line table would hold more cell entries than this are stored
/// sparsely (2^23 entries: 64 MiB of table at most, so 6^6 with k = 4 at 5.9
/// million entries is dense, 2048x2048 with k = 2 at 33 million is sparse).
pub const DENSE_MAX_LINE_CELLS: u64 = 1 << 23;
/// Boards where building the line table means walking more (cell, direction)
/// pairs than this are stored sparsely (7^7: 900 million pairs, seconds to build).
pub const DENSE_MAX_CELL_DIRECTIONS: u64 = 1 << 25;

/// How a position stores its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Flat cell array, precomputed line table, per-line counters.
    Dense,
    /// Map of occupied cells; lines walked on the fly.
    Sparse,
}

impl Mode {
    /// The mode [`Position::new`] picks for these rules.
    pub fn for_rules(rules: &Rules) -> Mode {
        let cells = rules.shape().cell_count();
        let line_cells = line_count(rules).saturating_mul(u64::from(rules.k()));
        let directions = (3u64.pow(rules.shape().dims() as u32) - 1) / 2;
        if cells <= DENSE_MAX_CELLS
            && line_cells <= DENSE_MAX_LINE_CELLS
            && cells.saturating_mul(directions) <= DENSE_MAX_CELL_DIRECTIONS
        {
            Mode::Dense
        } else {
            Mode::Sparse
        }
    }
}

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// Someone won; `lines` are the deciding lines (the line(s) the last move
    /// completed, or with most-lines the winner's completed lines).
    Win {
        /// The winner.
        winner: Player,
        /// The lines that decided the game.
        lines: Vec<Line>,
    },
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Player> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            _ => None,
        }
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }
}

/// Why a game ended in a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// Every cell holds a stone.
    Full,
    /// Every line holds stones of both sides: no line can be completed
    /// (see [`Position::set_dead_draw`]).
    Dead,
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Full => "the board is full",
            DrawReason::Dead => "no line can be completed",
        })
    }
}

/// Why a move cannot be played. The position is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The cell index is not on the board.
    OffBoard {
        /// The offending index.
        index: u64,
    },
    /// The cell already holds a stone.
    Occupied {
        /// Coordinates of the cell.
        coords: Vec<u32>,
        /// Whose stone is there.
        by: Player,
    },
    /// With gravity, only the lowest empty cell of a column can be played.
    Floating {
        /// Coordinates of the cell asked for.
        coords: Vec<u32>,
        /// Coordinates of the cell a stone in that column would land on.
        landing: Vec<u32>,
    },
    /// The column is full (gravity boards).
    ColumnFull {
        /// Coordinates of the top cell of the column.
        coords: Vec<u32>,
    },
    /// The game has ended.
    GameOver,
}

pub(crate) fn join(coords: &[u32]) -> String {
    coords
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::OffBoard { index } => write!(f, "cell index {index} is not on the board"),
            PlayError::Occupied { coords, by } => {
                write!(f, "cell {} is already taken by {by}", join(coords))
            }
            PlayError::Floating { coords, landing } => write!(
                f,
                "cell {} is not playable: stones fall, so that column's next cell is {}",
                join(coords),
                join(landing)
            ),
            PlayError::ColumnFull { coords } => {
                write!(f, "the column of cell {} is full", join(coords))
            }
            PlayError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for PlayError {}

#[derive(Clone, Debug)]
enum Board {
    Dense(Dense),
    Sparse(Sparse),
}

/// A position: the rules, the stones played so far, and what follows from them.
///
/// # Examples
/// ```
/// use hypertac_core::{Outcome, Player, Position, Rules};
/// let rules = Rules::preset("tictactoe").unwrap();
/// let mut pos = Position::new(rules.clone());
/// for xy in [[0, 0], [0, 1], [1, 1], [0, 2], [2, 2]] {
///     let cell = rules.shape().cell(&xy).unwrap();
///     pos.try_play(cell).unwrap();
/// }
/// assert_eq!(pos.outcome().winner(), Some(Player::X));
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    rules: Arc<Rules>,
    board: Board,
    columns: Option<Columns>,
    moves: Vec<Cell>,
    /// Lines completed by each move, for undo.
    completed: Vec<u32>,
    scores: [u64; 2],
    outcome: Outcome,
    hash: u64,
    /// Whether a dead position ends the game (see [`Position::set_dead_draw`]).
    dead_draw: bool,
}

impl Position {
    /// The empty board, dense or sparse as [`Mode::for_rules`] picks.
    pub fn new(rules: Rules) -> Position {
        let mode = Mode::for_rules(&rules);
        Position::build(rules, mode)
    }

    /// The empty board in a chosen mode.
    ///
    /// # Errors
    /// Dense mode for a board over the dense limits.
    pub fn with_mode(rules: Rules, mode: Mode) -> Result<Position, RulesError> {
        if mode == Mode::Dense && Mode::for_rules(&rules) == Mode::Sparse {
            return Err(RulesError::new(format!(
                "a {} board is too large to store densely",
                rules.shape()
            )));
        }
        Ok(Position::build(rules, mode))
    }

    fn build(rules: Rules, mode: Mode) -> Position {
        let board = match mode {
            Mode::Dense => Board::Dense(Dense::new(&rules)),
            Mode::Sparse => Board::Sparse(Sparse::new(&rules)),
        };
        let columns = rules
            .gravity()
            .map(|axis| Columns::new(rules.shape(), axis));
        Position {
            rules: Arc::new(rules),
            board,
            columns,
            moves: Vec::new(),
            completed: Vec::new(),
            scores: [0, 0],
            outcome: Outcome::Ongoing,
            hash: 0,
            dead_draw: false,
        }
    }

    /// Whether a dead position (see [`Position::is_dead`]) ends the game as
    /// a draw. Off by default, so that games played to a full board (the
    /// tournament's rule) and their records replay unchanged; first-to-k and
    /// misère games only (with most-lines the completed lines still count).
    ///
    /// Turning it on in a dead position ends the game there, so a record of
    /// a game that went on past that point can be replayed first and the
    /// rule turned on after.
    ///
    /// # Examples
    /// ```
    /// use hypertac_core::{DrawReason, Position, Rules};
    /// let rules = Rules::preset("tictactoe").unwrap();
    /// let mut pos = Position::new(rules.clone());
    /// pos.set_dead_draw(true);
    /// // X O X / X O O / O X . : the last cell completes nothing.
    /// for xy in [[0, 0], [1, 0], [2, 0], [1, 1], [0, 1], [2, 1], [1, 2], [0, 2]] {
    ///     pos.try_play(rules.shape().cell(&xy).unwrap()).unwrap();
    /// }
    /// assert!(pos.is_dead());
    /// assert_eq!(pos.draw_reason(), Some(DrawReason::Dead));
    /// ```
    pub fn set_dead_draw(&mut self, on: bool) {
        self.dead_draw = on;
        if !matches!(self.outcome, Outcome::Win { .. }) {
            self.outcome = self.settled_outcome();
        }
    }

    /// Whether dead positions end the game (see [`Position::set_dead_draw`]).
    pub fn dead_draw(&self) -> bool {
        self.dead_draw
    }

    /// Whether every line holds stones of both sides, so that no line can be
    /// completed by either side whatever is played: the result can no longer
    /// change (a draw in first-to-k and misère games). Dense boards keep a
    /// count of the open lines, so this costs nothing; sparse boards answer
    /// at once while they hold too few stones and otherwise walk the lines.
    pub fn is_dead(&self) -> bool {
        if self.scores != [0, 0] {
            return false;
        }
        match &self.board {
            Board::Dense(b) => b.live_lines() == 0,
            Board::Sparse(b) => b.all_lines_dead(&self.rules),
        }
    }

    /// Why the game was drawn, or `None` if it was not (yet).
    pub fn draw_reason(&self) -> Option<DrawReason> {
        match self.outcome {
            Outcome::Draw if self.is_full() => Some(DrawReason::Full),
            Outcome::Draw => Some(DrawReason::Dead),
            _ => None,
        }
    }

    /// The outcome of a position no move of which completed a line: a draw
    /// when the board is full, or dead with [`Position::set_dead_draw`] on.
    fn settled_outcome(&self) -> Outcome {
        if self.is_full() {
            return match self.rules.win() {
                WinRule::MostLines => self.most_lines_outcome(),
                _ => Outcome::Draw,
            };
        }
        let dead_ends = self.dead_draw && self.rules.win() != WinRule::MostLines;
        if dead_ends && self.is_dead() {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }

    fn most_lines_outcome(&self) -> Outcome {
        let [x, o] = self.scores;
        match x.cmp(&o) {
            std::cmp::Ordering::Equal => Outcome::Draw,
            order => {
                let winner = if order.is_gt() { Player::X } else { Player::O };
                Outcome::Win {
                    winner,
                    lines: self.completed_lines(winner),
                }
            }
        }
    }

    /// Replays `moves` from the empty board.
    ///
    /// # Errors
    /// The 0-based index of the first illegal move and why it is illegal.
    pub fn from_moves(rules: Rules, moves: &[Cell]) -> Result<Position, (usize, PlayError)> {
        let mut pos = Position::new(rules);
        for (i, &m) in moves.iter().enumerate() {
            pos.try_play(m).map_err(|e| (i, e))?;
        }
        Ok(pos)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// How the board is stored.
    pub fn mode(&self) -> Mode {
        match self.board {
            Board::Dense(_) => Mode::Dense,
            Board::Sparse(_) => Mode::Sparse,
        }
    }

    /// Whose turn it is (also after the game has ended).
    pub fn to_move(&self) -> Player {
        Player::to_move_at(self.moves.len())
    }

    /// The moves played so far, in order.
    pub fn moves(&self) -> &[Cell] {
        &self.moves
    }

    /// The last move, if any.
    pub fn last_move(&self) -> Option<Cell> {
        self.moves.last().copied()
    }

    /// The stone on a cell, if any. Cells off the board read as empty.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Player> {
        if !self.rules.shape().contains(cell) {
            return None;
        }
        match &self.board {
            Board::Dense(b) => b.get(cell),
            Board::Sparse(b) => b.get(cell),
        }
    }

    /// Where the game stands.
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_over()
    }

    /// Completed lines of X and of O (what most-lines counts).
    pub fn line_counts(&self) -> [u64; 2] {
        self.scores
    }

    /// The Zobrist hash of the stones (see [`crate::zobrist`]).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether every cell holds a stone.
    pub fn is_full(&self) -> bool {
        self.moves.len() as u64 == self.rules.shape().cell_count()
    }

    /// Checks a move without playing it.
    ///
    /// # Errors
    /// See [`PlayError`].
    pub fn check(&self, cell: Cell) -> Result<(), PlayError> {
        let shape = self.rules.shape();
        if !shape.contains(cell) {
            return Err(PlayError::OffBoard { index: cell.0 });
        }
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        if let Some(by) = self.get(cell) {
            return Err(PlayError::Occupied {
                coords: shape.coords(cell),
                by,
            });
        }
        if let Some(cols) = &self.columns {
            let landing = cols
                .landing(cols.column_of(cell))
                .expect("an empty cell's column has room");
            if landing != cell {
                return Err(PlayError::Floating {
                    coords: shape.coords(cell),
                    landing: shape.coords(landing),
                });
            }
        }
        Ok(())
    }

    /// Whether a move is legal.
    pub fn is_legal(&self, cell: Cell) -> bool {
        self.check(cell).is_ok()
    }

    /// Plays a move after checking it.
    ///
    /// # Errors
    /// See [`PlayError`]; the position is unchanged.
    pub fn try_play(&mut self, cell: Cell) -> Result<&Outcome, PlayError> {
        self.check(cell)?;
        self.play_unchecked(cell);
        Ok(&self.outcome)
    }

    /// Plays a move that must be legal.
    ///
    /// # Panics
    /// On an illegal move.
    pub fn play(&mut self, cell: Cell) -> &Outcome {
        if let Err(e) = self.check(cell) {
            panic!("illegal move: {e}");
        }
        self.play_unchecked(cell);
        &self.outcome
    }

    /// Plays a move without checking it, for search loops. An illegal move
    /// leaves the position inconsistent (never undefined behaviour; may panic).
    pub fn play_unchecked(&mut self, cell: Cell) {
        let player = self.to_move();
        let completed = match &mut self.board {
            Board::Dense(b) => b.place(cell, player),
            Board::Sparse(b) => b.place(&self.rules, cell, player),
        };
        if let Some(cols) = &mut self.columns {
            cols.push(cols.column_of(cell));
        }
        self.moves.push(cell);
        self.completed.push(completed);
        self.scores[player.index()] += u64::from(completed);
        self.hash ^= zobrist::key(cell, player);
        self.outcome = self.outcome_after(cell, player, completed);
    }

    fn outcome_after(&self, cell: Cell, player: Player, completed: u32) -> Outcome {
        match self.rules.win() {
            WinRule::FirstToK | WinRule::Anti if completed > 0 => {
                let winner = if self.rules.win() == WinRule::Anti {
                    player.other()
                } else {
                    player
                };
                let mut lines = self.completed_through(cell, player);
                lines.sort();
                Outcome::Win { winner, lines }
            }
            _ => self.settled_outcome(),
        }
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Cell> {
        let cell = self.moves.pop()?;
        let completed = self.completed.pop().unwrap_or(0);
        let player = self.to_move();
        match &mut self.board {
            Board::Dense(b) => b.remove(cell, player),
            Board::Sparse(b) => b.remove(cell),
        }
        if let Some(cols) = &mut self.columns {
            cols.pop(cols.column_of(cell));
        }
        self.scores[player.index()] -= u64::from(completed);
        self.hash ^= zobrist::key(cell, player);
        // The position before a move was ongoing, unless the dead-position
        // rule was turned on after it (a replayed record).
        self.outcome = if self.dead_draw {
            self.settled_outcome()
        } else {
            Outcome::Ongoing
        };
        Some(cell)
    }

    /// Lines of `player` through `cell` that are complete, sorted.
    pub fn completed_through(&self, cell: Cell, player: Player) -> Vec<Line> {
        let mut lines = match &self.board {
            Board::Dense(b) => b.completed_through(cell, player),
            Board::Sparse(b) => b.completed_through(&self.rules, cell, player),
        };
        lines.sort();
        lines
    }

    /// Every completed line of `player`, sorted. Costs a scan of all lines (dense) or stones (sparse).
    pub fn completed_lines(&self, player: Player) -> Vec<Line> {
        let mut lines = match &self.board {
            Board::Dense(b) => b.completed_lines(player),
            Board::Sparse(b) => b.completed_lines(&self.rules, player),
        };
        lines.sort();
        lines
    }

    /// Every line through `cell` (stones or not), walked from the rules.
    pub fn lines_through(&self, cell: Cell) -> Vec<Line> {
        lines_through(&self.rules, cell)
    }

    /// Number of lines of the game.
    pub fn line_count(&self) -> u64 {
        line_count(&self.rules)
    }

    /// The per-line counters of a dense board, for evaluation code.
    pub fn line_view(&self) -> Option<LineView<'_>> {
        match &self.board {
            Board::Dense(b) => Some(LineView {
                table: b.table(),
                counts: b.counts(),
            }),
            Board::Sparse(_) => None,
        }
    }

    /// With gravity: the cell a stone dropped into the column holding `cell` lands on,
    /// or `None` when that column is full. Without gravity: `cell` if empty.
    pub fn landing(&self, cell: Cell) -> Option<Cell> {
        match &self.columns {
            Some(cols) => cols.landing(cols.column_of(cell)),
            None => self.get(cell).is_none().then_some(cell),
        }
    }

    /// Number of legal moves.
    pub fn legal_move_count(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        match &self.columns {
            Some(cols) => cols.open_count(),
            None => self.rules.shape().cell_count() - self.moves.len() as u64,
        }
    }

    /// The legal moves, lazily, in cell order (with gravity: in column order).
    /// On a huge sparse board this walks every cell: prefer [`Position::is_legal`] there.
    pub fn legal_moves(&self) -> LegalMoves<'_> {
        LegalMoves { pos: self, next: 0 }
    }

    /// The stones on the board with their owners, in play order.
    pub fn stones(&self) -> impl Iterator<Item = (Cell, Player)> + '_ {
        self.moves
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, Player::to_move_at(i)))
    }

    /// The gravity axis' column heights: number of columns.
    pub fn column_count(&self) -> Option<u64> {
        self.columns.as_ref().map(Columns::count)
    }
}

/// Iterator over legal moves; see [`Position::legal_moves`].
pub struct LegalMoves<'a> {
    pos: &'a Position,
    next: u64,
}

impl Iterator for LegalMoves<'_> {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        if self.pos.is_over() {
            return None;
        }
        match &self.pos.columns {
            Some(cols) => {
                while self.next < cols.count() {
                    let col = self.next;
                    self.next += 1;
                    if let Some(cell) = cols.landing(col) {
                        return Some(cell);
                    }
                }
                None
            }
            None => {
                let cells = self.pos.rules.shape().cell_count();
                while self.next < cells {
                    let cell = Cell(self.next);
                    self.next += 1;
                    if self.pos.get(cell).is_none() {
                        return Some(cell);
                    }
                }
                None
            }
        }
    }
}

/// Read access to a dense board's lines and their stone counters.
#[derive(Clone, Copy)]
pub struct LineView<'a> {
    table: &'a LineTable,
    counts: &'a [[u8; 2]],
}

impl LineView<'_> {
    /// Number of lines.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether there are no lines.
    pub fn is_empty(&self) -> bool {
        self.table.len() == 0
    }

    /// Ids of the lines through a cell.
    #[inline]
    pub fn through(&self, cell: Cell) -> &[u32] {
        self.table.through(cell.0 as usize)
    }

    /// Cell indices on a line.
    #[inline]
    pub fn cells(&self, line: u32) -> &[u32] {
        self.table.cells(line)
    }

    /// Stones of X and of O on a line.
    #[inline]
    pub fn counts(&self, line: u32) -> [u8; 2] {
        self.counts[line as usize]
    }
}
