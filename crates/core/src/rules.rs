//! The rules of one game: board shape, k, gravity, win condition, wrap-around.

use crate::text::quote;
use crate::RulesError;
use crate::Shape;
use std::fmt;

/// Largest k (cells in a row) supported; line counters are bytes.
pub const MAX_K: u32 = 255;

/// How a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinRule {
    /// The first to complete k in a row wins (the default).
    FirstToK,
    /// Play until the board is full; more completed lines wins.
    MostLines,
    /// Misère: completing k in a row loses.
    Anti,
}

impl WinRule {
    /// The rule's name in text: `first`, `most-lines` or `anti`.
    pub const fn name(self) -> &'static str {
        match self {
            WinRule::FirstToK => "first",
            WinRule::MostLines => "most-lines",
            WinRule::Anti => "anti",
        }
    }

    /// Parses `first`, `most-lines` or `anti` (a few aliases too).
    ///
    /// # Errors
    /// Any other word.
    pub fn parse(text: &str) -> Result<WinRule, RulesError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "first" | "first-to-k" | "normal" => Ok(WinRule::FirstToK),
            "most-lines" | "most" | "lines" => Ok(WinRule::MostLines),
            "anti" | "misere" | "misère" => Ok(WinRule::Anti),
            other => Err(RulesError::new(format!(
                "unknown rule {}: expected first, most-lines or anti",
                quote(other)
            ))),
        }
    }
}

/// The named presets, for help texts: name and description.
pub const PRESETS: &[(&str, &str)] = &[
    ("tictactoe", "3x3, 3 in a row"),
    ("qubic", "4x4x4, 4 in a row"),
    ("4d", "4x4x4x4, 4 in a row (the default game)"),
    ("connect4", "7 wide, 6 high, 4 in a row, stones drop"),
    (
        "connect4-3d",
        "4x4x4, 4 in a row, stones drop to the bottom layer",
    ),
    ("gomoku", "15x15, 5 in a row"),
    ("nd N D", "N^D cube, N in a row (e.g. `nd 5 3`; also `5^3`)"),
];

/// Everything that defines a game apart from its moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    shape: Shape,
    k: u32,
    gravity: Option<usize>,
    win: WinRule,
    wrap: bool,
}

impl Rules {
    /// Rules on `shape` with `k` in a row, first-to-k, no gravity, no wrap.
    ///
    /// # Errors
    /// k below 2 or above [`MAX_K`], or longer than every axis.
    ///
    /// # Examples
    /// ```
    /// use hypertac_core::{Rules, Shape};
    /// let r = Rules::new(Shape::new(&[3, 3]).unwrap(), 3).unwrap();
    /// assert_eq!(r.to_string(), "3x3 k3");
    /// ```
    pub fn new(shape: Shape, k: u32) -> Result<Rules, RulesError> {
        if !(2..=MAX_K).contains(&k) {
            return Err(RulesError::new(format!(
                "k (cells in a row) is 2 to {MAX_K}, not {k}"
            )));
        }
        if k > shape.max_side() {
            return Err(RulesError::new(format!(
                "k = {k} is longer than every axis of a {shape} board"
            )));
        }
        Ok(Rules {
            shape,
            k,
            gravity: None,
            win: WinRule::FirstToK,
            wrap: false,
        })
    }

    /// The n^d cube with k = n.
    ///
    /// # Errors
    /// As [`Shape::cube`] and [`Rules::new`].
    pub fn cube(n: u32, d: usize) -> Result<Rules, RulesError> {
        Rules::new(Shape::cube(n, d)?, n)
    }

    /// The same rules with stones falling along `axis` towards coordinate 0.
    ///
    /// # Errors
    /// An axis the board does not have.
    pub fn with_gravity(mut self, axis: Option<usize>) -> Result<Rules, RulesError> {
        if let Some(a) = axis {
            if a >= self.shape.dims() {
                return Err(RulesError::new(format!(
                    "gravity axis {a} does not exist on a {}-axis board (axes 0 to {})",
                    self.shape.dims(),
                    self.shape.dims() - 1
                )));
            }
        }
        self.gravity = axis;
        Ok(self)
    }

    /// The same rules with another win condition.
    pub fn with_win(mut self, win: WinRule) -> Rules {
        self.win = win;
        self
    }

    /// The same rules on a torus (lines wrap around every axis).
    ///
    /// # Errors
    /// An axis shorter than 3 or shorter than k: wrapped lines would repeat cells.
    pub fn with_wrap(mut self, wrap: bool) -> Result<Rules, RulesError> {
        if wrap {
            if let Some(&n) = self.shape.sizes().iter().find(|&&n| n < 3 || n < self.k) {
                return Err(RulesError::new(format!(
                    "wrap-around needs every axis at least 3 and at least k = {} long; one has {n}",
                    self.k
                )));
            }
        }
        self.wrap = wrap;
        Ok(self)
    }

    /// A named preset (see [`PRESETS`]): `tictactoe`, `qubic`, `4d`, `connect4`,
    /// `connect4-3d`, `gomoku`, `nd N D` (also `nd:N:D`, `N^D`).
    ///
    /// # Errors
    /// An unknown name or bad N, D.
    ///
    /// # Examples
    /// ```
    /// let r = hypertac_core::Rules::preset("connect4").unwrap();
    /// assert_eq!(r.to_string(), "7x6 k4 gravity 1");
    /// ```
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        let name = name.trim().to_ascii_lowercase();
        let shape = |s: &[u32]| Shape::new(s);
        match name.as_str() {
            "tictactoe" | "tic-tac-toe" | "ttt" => Rules::new(shape(&[3, 3])?, 3),
            "qubic" => Rules::new(shape(&[4, 4, 4])?, 4),
            "4d" | "seed" => Rules::new(shape(&[4, 4, 4, 4])?, 4),
            "connect4" | "connect-four" | "c4" => Rules::new(shape(&[7, 6])?, 4)?.with_gravity(Some(1)),
            "connect4-3d" | "c4-3d" => Rules::new(shape(&[4, 4, 4])?, 4)?.with_gravity(Some(2)),
            "gomoku" => Rules::new(shape(&[15, 15])?, 5),
            _ => Rules::parse_nd(&name).unwrap_or_else(|| {
                Err(RulesError::new(format!(
                    "unknown game {}: expected one of tictactoe, qubic, 4d, connect4, connect4-3d, gomoku, nd N D",
                    quote(&name)
                )))
            }),
        }
    }

    fn parse_nd(name: &str) -> Option<Result<Rules, RulesError>> {
        let numbers: Vec<&str> = if let Some(rest) = name.strip_prefix("nd") {
            rest.split([' ', ':', ',', '-'])
                .filter(|t| !t.is_empty())
                .collect()
        } else if name.contains('^') {
            name.split('^').collect()
        } else {
            return None;
        };
        if numbers.len() != 2 {
            return Some(Err(RulesError::new(format!(
                "bad preset {}: expected `nd N D` with two numbers",
                quote(name)
            ))));
        }
        let n = numbers[0].trim().parse::<u32>();
        let d = numbers[1].trim().parse::<usize>();
        Some(match (n, d) {
            (Ok(n), Ok(d)) if n >= 2 => Rules::cube(n, d),
            _ => Err(RulesError::new(format!(
                "bad preset {}: N must be a whole number >= 2 and D a whole number >= 1",
                quote(name)
            ))),
        })
    }

    /// The board shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Cells in a row needed to complete a line.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// The axis stones fall along (towards coordinate 0), if any.
    pub fn gravity(&self) -> Option<usize> {
        self.gravity
    }

    /// The win condition.
    pub fn win(&self) -> WinRule {
        self.win
    }

    /// Whether lines wrap around the board edges.
    pub fn wrap(&self) -> bool {
        self.wrap
    }

    /// Whether the rules are this preset's shape: 7x6, k 4, gravity on axis 1, first-to-k, no wrap.
    pub fn is_connect4(&self) -> bool {
        self.shape.sizes() == [7, 6]
            && self.k == 4
            && self.gravity == Some(1)
            && self.win == WinRule::FirstToK
            && !self.wrap
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} k{}", self.shape, self.k)?;
        if let Some(g) = self.gravity {
            write!(f, " gravity {g}")?;
        }
        if self.win != WinRule::FirstToK {
            write!(f, " {}", self.win.name())?;
        }
        if self.wrap {
            f.write_str(" wrap")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets() {
        assert_eq!(Rules::preset("tictactoe").unwrap().to_string(), "3x3 k3");
        assert_eq!(Rules::preset("qubic").unwrap().to_string(), "4x4x4 k4");
        assert_eq!(Rules::preset("4d").unwrap().to_string(), "4x4x4x4 k4");
        assert_eq!(
            Rules::preset("connect4-3d").unwrap().to_string(),
            "4x4x4 k4 gravity 2"
        );
        assert_eq!(Rules::preset("gomoku").unwrap().to_string(), "15x15 k5");
        assert_eq!(Rules::preset("nd 5 3").unwrap().to_string(), "5x5x5 k5");
        assert_eq!(
            Rules::preset("nd:10:10").unwrap().shape().cell_count(),
            10_000_000_000
        );
        assert_eq!(Rules::preset("6^5").unwrap().to_string(), "6x6x6x6x6 k6");
        assert!(Rules::preset("chess").is_err());
        assert!(Rules::preset("nd 5").is_err());
        assert!(Rules::preset("nd x 3").is_err());
    }

    #[test]
    fn refuses_bad_rules() {
        let s = Shape::new(&[3, 3]).unwrap();
        assert!(Rules::new(s.clone(), 4).is_err());
        assert!(Rules::new(s.clone(), 1).is_err());
        assert!(Rules::new(s.clone(), 3)
            .unwrap()
            .with_gravity(Some(2))
            .is_err());
        assert!(Rules::new(Shape::new(&[2, 5]).unwrap(), 2)
            .unwrap()
            .with_wrap(true)
            .is_err());
        assert_eq!(WinRule::parse("most-lines").unwrap(), WinRule::MostLines);
        assert!(WinRule::parse("best").is_err());
    }
}
