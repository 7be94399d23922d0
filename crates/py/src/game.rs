//! `hypertac.Game`: a position under any rules, with moves played and
//! undone through the core, and the board as NumPy arrays.

use crate::arrays;
use crate::errors::value_error;
use crate::moves::{self, Actions};
use crate::rules_args::{rules_from, Gravity};
use hypertac_core::{notation, Cell, Outcome, Player, Position, Rules, MAX_K};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

/// Largest board (cells) the array methods draw: 64 Mi cells, 192 MiB of planes.
const MAX_ARRAY_CELLS: u64 = 1 << 26;

/// A game in progress: rules, the moves played, whose turn, the outcome.
///
/// `Game("connect4")` or `Game(shape=(5, 5, 5), k=4, gravity=None)`, as the
/// CLI's `--game`, `--shape`, `--k`, `--gravity`, `--rule`, `--wrap`;
/// `moves` replays a list of moves (or a column string like `"4453"` on a
/// Connect Four board, or `"x,y;x,y"`). Moves are cell indices (axis 0
/// fastest), coordinate sequences or text; see `legal_moves`.
#[pyclass(module = "hypertac", skip_from_py_object)]
#[derive(Clone)]
pub struct Game {
    pub(crate) pos: Position,
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (game=None, *, shape=None, k=None, gravity=None, rule=None, wrap=false, moves=None))]
    fn new(
        game: Option<&str>,
        shape: Option<&Bound<'_, PyAny>>,
        k: Option<i64>,
        gravity: Option<&Bound<'_, PyAny>>,
        rule: Option<&str>,
        wrap: bool,
        moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let k = k
            .map(|k| {
                u32::try_from(k).map_err(|_| {
                    value_error(format!("k (cells in a row) is 2 to {MAX_K}, not {k}"))
                })
            })
            .transpose()?;
        let rules = rules_from(game, shape, k, Gravity::extract(gravity)?, rule, wrap)?;
        let mut g = Game {
            pos: Position::new(rules),
        };
        if let Some(moves) = moves.filter(|m| !m.is_none()) {
            g.play_many(moves)?;
        }
        Ok(g)
    }

    /// Plays a list of moves (or a text move list) in order.
    ///
    /// Raises ValueError at the first illegal one, naming its place in the
    /// list; the moves before it stay played.
    fn play_many(&mut self, moves: &Bound<'_, PyAny>) -> PyResult<()> {
        if moves.is_instance_of::<PyString>() {
            let text: String = moves.extract()?;
            return self.play_text(&text);
        }
        for (i, m) in moves.try_iter()?.enumerate() {
            let m = m?;
            let played =
                moves::extract_cell(&self.pos, &m).and_then(|c| moves::play(&mut self.pos, c));
            if let Err(e) = played {
                return Err(value_error(format!(
                    "move {} of the list: {}",
                    i + 1,
                    error_text(&e)
                )));
            }
        }
        Ok(())
    }

    /// The legal moves as cell indices, in cell order (with gravity: the
    /// landing cell of each open column, in column order). Empty once over.
    fn legal_moves(&self) -> Vec<u64> {
        self.pos.legal_moves().map(|c| c.0).collect()
    }

    /// Whether `move` can be played now (ValueError if it names no cell).
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let cell = moves::extract_cell(&self.pos, r#move)?;
        Ok(self.pos.is_legal(cell))
    }

    /// Plays a move: a cell index, coordinates, or text (`"1,2"`, or a
    /// column on a gravity board). ValueError with the core's words if it
    /// is illegal; the game is then unchanged.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let cell = moves::extract_cell(&self.pos, r#move)?;
        moves::play(&mut self.pos, cell)
    }

    /// Takes back the last move; returns its cell, or None at the start.
    fn undo(&mut self) -> Option<u64> {
        self.pos.undo().map(|c| c.0)
    }

    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.pos.is_over()
    }

    /// `"X"` or `"O"` once someone has won, else None.
    fn winner(&self) -> Option<&'static str> {
        self.pos.outcome().winner().map(symbol)
    }

    /// `"ongoing"`, `"X wins"`, `"O wins"` or `"draw"`.
    fn outcome(&self) -> &'static str {
        match self.pos.outcome() {
            Outcome::Ongoing => "ongoing",
            Outcome::Win {
                winner: Player::X, ..
            } => "X wins",
            Outcome::Win { .. } => "O wins",
            Outcome::Draw => "draw",
        }
    }

    /// Whose turn it is: `"X"` or `"O"` (X moves first).
    fn to_move(&self) -> &'static str {
        symbol(self.pos.to_move())
    }

    /// The moves played so far, as cell indices.
    fn moves(&self) -> Vec<u64> {
        self.pos.moves().iter().map(|c| c.0).collect()
    }

    /// The last move's cell, or None.
    fn last_move(&self) -> Option<u64> {
        self.pos.last_move().map(|c| c.0)
    }

    /// The number of moves played.
    #[getter]
    fn ply(&self) -> usize {
        self.pos.moves().len()
    }

    /// The position's Zobrist hash (equal positions reached by different
    /// move orders have equal hashes).
    fn hash(&self) -> u64 {
        self.pos.hash()
    }

    /// An independent copy.
    fn copy(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// Pickling: the rules and the moves.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let this = slf.borrow();
        let rules = this.pos.rules();
        let restore = py.get_type::<Game>().getattr("_restore")?;
        let args = (
            rules.shape().sizes().to_vec(),
            rules.k(),
            rules.gravity(),
            rules.win().name(),
            rules.wrap(),
            this.moves(),
        )
            .into_pyobject(py)?;
        Ok((restore, args))
    }

    #[staticmethod]
    fn _restore(
        shape: Vec<u32>,
        k: u32,
        gravity: Option<usize>,
        rule: &str,
        wrap: bool,
        moves: Vec<u64>,
    ) -> PyResult<Game> {
        let rules = hypertac_core::Shape::new(&shape)
            .and_then(|s| Rules::new(s, k))
            .and_then(|r| r.with_gravity(gravity))
            .and_then(|r| Ok(r.with_win(hypertac_core::WinRule::parse(rule)?)))
            .and_then(|r| r.with_wrap(wrap))
            .map_err(value_error)?;
        let cells: Vec<Cell> = moves.into_iter().map(Cell).collect();
        let pos = Position::from_moves(rules, &cells)
            .map_err(|(i, e)| value_error(format!("move {} of the list: {e}", i + 1)))?;
        Ok(Game { pos })
    }

    /// The board as an `int8` NumPy array of the board's shape, indexed by
    /// coordinates (`board[x, y, z]`): 1 for X, -1 for O, 0 for empty.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let cells = self.array_cells()?;
        let mut bytes = vec![0u8; cells];
        for (cell, player) in self.pos.stones() {
            bytes[cell.0 as usize] = match player {
                Player::X => 1,
                Player::O => (-1i8) as u8,
            };
        }
        arrays::from_bytes(py, &bytes, "int8", self.sizes(), "F")
    }

    /// Input planes for a network: an `int8` array of shape
    /// `(*shape, 3)` (channels last, `planes[x, y, ..., c]`). Without
    /// `perspective`: X's stones, O's stones, and a plane of ones when X is
    /// to move. With `perspective="X"` or `"O"`: that side's stones, the
    /// other side's, and ones when that side is to move.
    #[pyo3(signature = (perspective=None))]
    fn planes<'py>(
        &self,
        py: Python<'py>,
        perspective: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let me = match perspective {
            None => Player::X,
            Some(p) => parse_player(p)?,
        };
        let cells = self.array_cells()?;
        let mut bytes = vec![0u8; 3 * cells];
        for (cell, player) in self.pos.stones() {
            let plane = usize::from(player != me);
            bytes[plane * cells + cell.0 as usize] = 1;
        }
        if self.pos.to_move() == me {
            bytes[2 * cells..].fill(1);
        }
        let mut shape = self.sizes();
        shape.push(3);
        arrays::from_bytes(py, &bytes, "int8", shape, "F")
    }

    /// The board's axis sizes, x first.
    #[getter]
    fn shape(&self) -> Vec<u32> {
        self.pos.rules().shape().sizes().to_vec()
    }

    /// Cells in a row to win.
    #[getter]
    fn k(&self) -> u32 {
        self.pos.rules().k()
    }

    /// The axis stones fall along, or None.
    #[getter]
    fn gravity(&self) -> Option<usize> {
        self.pos.rules().gravity()
    }

    /// The win rule: `"first"`, `"most-lines"` or `"anti"`.
    #[getter]
    fn rule(&self) -> &'static str {
        self.pos.rules().win().name()
    }

    /// Whether lines wrap around the edges.
    #[getter]
    fn wrap(&self) -> bool {
        self.pos.rules().wrap()
    }

    /// The rules as text, as the CLI prints them (`7x6 k4 gravity 1`).
    #[getter]
    fn rules(&self) -> String {
        self.pos.rules().to_string()
    }

    /// The number of cells.
    #[getter]
    fn cell_count(&self) -> u64 {
        self.pos.rules().shape().cell_count()
    }

    /// The coordinates of a cell index.
    fn coords(&self, cell: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let cell = moves::extract_cell(&self.pos, cell)?;
        Ok(self.pos.rules().shape().coords(cell))
    }

    /// The index of a cell given as coordinates or text.
    fn cell(&self, r#move: &Bound<'_, PyAny>) -> PyResult<u64> {
        moves::extract_cell(&self.pos, r#move).map(|c| c.0)
    }

    /// A move as the CLI writes it (`"1,2,0"`).
    fn format_move(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let cell = moves::extract_cell(&self.pos, r#move)?;
        Ok(notation::format_move(self.pos.rules(), cell))
    }

    /// The number of actions of the environments: the cells, or with
    /// gravity the columns (7 in Connect Four).
    #[getter]
    fn num_actions(&self) -> u64 {
        Actions::new(self.pos.rules()).count()
    }

    /// The legal actions, ascending.
    fn legal_actions(&self) -> Vec<u64> {
        let actions = Actions::new(self.pos.rules());
        self.pos.legal_moves().map(|c| actions.of_cell(c)).collect()
    }

    /// A `int8` array of `num_actions` entries: 1 where the action is legal.
    fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let actions = Actions::new(self.pos.rules());
        let count = usize::try_from(actions.count())
            .ok()
            .filter(|&n| n as u64 <= MAX_ARRAY_CELLS)
            .ok_or_else(|| value_error(too_big(actions.count())))?;
        let mut mask = vec![0i8; count];
        for c in self.pos.legal_moves() {
            mask[actions.of_cell(c) as usize] = 1;
        }
        arrays::int8(py, &mask, vec![count])
    }

    /// The cell an action plays now (where the stone lands).
    fn action_cell(&self, action: i128) -> PyResult<u64> {
        Actions::new(self.pos.rules())
            .cell(&self.pos, action)
            .map(|c| c.0)
    }

    /// The action of a move (its column with gravity).
    fn action_of(&self, r#move: &Bound<'_, PyAny>) -> PyResult<u64> {
        let cell = moves::extract_cell(&self.pos, r#move)?;
        Ok(Actions::new(self.pos.rules()).of_cell(cell))
    }

    /// Plays an action (see `num_actions`); ValueError if it is illegal.
    fn play_action(&mut self, action: i128) -> PyResult<()> {
        let cell = Actions::new(self.pos.rules()).cell(&self.pos, action)?;
        moves::play(&mut self.pos, cell)
    }

    fn __repr__(&self) -> String {
        let state = match self.pos.outcome() {
            Outcome::Ongoing => format!("{} to move", self.pos.to_move()),
            _ => self.outcome().to_string(),
        };
        format!(
            "<hypertac.Game {}, {} moves, {state}>",
            self.pos.rules(),
            self.pos.moves().len()
        )
    }
}

impl Game {
    fn sizes(&self) -> Vec<usize> {
        self.pos
            .rules()
            .shape()
            .sizes()
            .iter()
            .map(|&n| n as usize)
            .collect()
    }

    fn array_cells(&self) -> PyResult<usize> {
        let cells = self.pos.rules().shape().cell_count();
        if cells > MAX_ARRAY_CELLS {
            return Err(value_error(too_big(cells)));
        }
        Ok(cells as usize)
    }

    /// A column string (`"4453"`, columns from 1) on a 2-axis gravity
    /// board of at most 9 columns, else a move list `"x,y;x,y"`.
    fn play_text(&mut self, text: &str) -> PyResult<()> {
        let trimmed = text.trim();
        let rules = self.pos.rules().clone();
        let actions = Actions::new(&rules);
        let width = actions.count();
        let columns = self.pos.rules().shape().dims() == 2
            && self.pos.rules().gravity().is_some()
            && width <= 9
            && trimmed.chars().all(|c| c.is_ascii_digit());
        if columns {
            for (i, ch) in trimmed.chars().enumerate() {
                let col = ch
                    .to_digit(10)
                    .filter(|&c| c >= 1 && u64::from(c) <= width)
                    .ok_or_else(|| {
                        value_error(format!(
                            "move {} ({ch:?}) of {trimmed:?}: expected a column from 1 to {width}",
                            i + 1
                        ))
                    })?;
                let base = actions.base_cell(i128::from(col - 1))?;
                let Some(cell) = self.pos.landing(base) else {
                    return Err(value_error(format!(
                        "move {} of {trimmed:?}: column {col} is full",
                        i + 1
                    )));
                };
                if let Err(e) = moves::play(&mut self.pos, cell) {
                    return Err(value_error(format!(
                        "move {} of {trimmed:?}: {}",
                        i + 1,
                        error_text(&e)
                    )));
                }
            }
            return Ok(());
        }
        let cells =
            notation::parse_move_list(self.pos.rules().shape(), trimmed).map_err(value_error)?;
        for (i, &cell) in cells.iter().enumerate() {
            self.pos
                .try_play(cell)
                .map_err(|e| value_error(format!("move {} of the list: {e}", i + 1)))?;
        }
        Ok(())
    }
}

/// The message of an exception raised here (a `ValueError`'s text).
fn error_text(e: &PyErr) -> String {
    Python::attach(|py| e.value(py).to_string())
}

fn symbol(p: Player) -> &'static str {
    match p {
        Player::X => "X",
        Player::O => "O",
    }
}

/// `"X"` or `"O"`.
pub fn parse_player(text: &str) -> PyResult<Player> {
    match text.trim() {
        "X" | "x" => Ok(Player::X),
        "O" | "o" => Ok(Player::O),
        other => Err(value_error(format!(
            "player {other:?}: expected \"X\" or \"O\""
        ))),
    }
}

fn too_big(cells: u64) -> String {
    format!("arrays are drawn for boards of at most {MAX_ARRAY_CELLS} cells; this one has {cells}")
}

/// The position a `game` argument names (of `analyze`, `review`, `prove`):
/// a `Game`'s position, or a preset's empty board.
pub(crate) fn root(game: &Bound<'_, PyAny>) -> PyResult<Position> {
    if let Ok(g) = game.cast::<Game>() {
        return Ok(g.borrow().pos.clone());
    }
    let name: String = game
        .extract()
        .map_err(|_| value_error("expected a preset name like \"qubic\" or a hypertac.Game"))?;
    Ok(Position::new(Rules::preset(&name).map_err(value_error)?))
}
