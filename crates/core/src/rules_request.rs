//! A game's rules asked for by parts, as the command line (`--game`,
//! `--shape`, `--k`, `--gravity`, `--rule`, `--wrap`) and the Python binding
//! take them: a preset or a shape, then the other settings on top of it.
//! Front ends read their own arguments into a [`RulesRequest`] and word
//! their own messages for what only they know (both a game and a shape,
//! neither); everything else is refused here, in the core's words.
//!
//! # Examples
//! ```
//! use hypertac_core::rules_request::{Base, RulesRequest};
//! let mut ask = RulesRequest::new(Base::Preset("qubic"));
//! ask.gravity = Some(Some(2));
//! assert_eq!(ask.rules().unwrap().to_string(), "4x4x4 k4 gravity 2");
//! ```

use crate::{Rules, RulesError, Shape, WinRule};

/// What the rules start from.
#[derive(Clone, Debug)]
pub enum Base<'a> {
    /// A preset name (`tictactoe`, `qubic`, `connect4`, `nd 5 3`, ...; see
    /// [`Rules::preset`]).
    Preset(&'a str),
    /// A shape; k defaults to its shortest axis (at least 2).
    Shape(Shape),
}

/// The rules asked for: a base, then settings that replace the base's.
#[derive(Clone, Debug)]
pub struct RulesRequest<'a> {
    /// The preset or shape.
    pub base: Base<'a>,
    /// Cells in a row, if not the base's.
    pub k: Option<u32>,
    /// The gravity axis (`Some(None)`: no gravity), if not the base's.
    pub gravity: Option<Option<usize>>,
    /// The win rule's name (see [`WinRule::parse`]), if not the base's.
    pub rule: Option<&'a str>,
    /// Lines wrap around the edges.
    pub wrap: bool,
}

impl<'a> RulesRequest<'a> {
    /// The base with nothing changed.
    pub fn new(base: Base<'a>) -> RulesRequest<'a> {
        RulesRequest {
            base,
            k: None,
            gravity: None,
            rule: None,
            wrap: false,
        }
    }

    /// The rules asked for.
    ///
    /// # Errors
    /// An unknown preset, or a k, gravity axis, rule name or wrap the board
    /// does not take.
    pub fn rules(self) -> Result<Rules, RulesError> {
        let base = match self.base {
            Base::Preset(name) => Rules::preset(name)?,
            Base::Shape(shape) => {
                let k = self.k.unwrap_or_else(|| shape.min_side().max(2));
                Rules::new(shape, k)?
            }
        };
        let mut rules = base.clone();
        if let Some(k) = self.k {
            rules = Rules::new(base.shape().clone(), k)
                .and_then(|r| r.with_gravity(base.gravity()))?
                .with_win(base.win());
        }
        if let Some(axis) = self.gravity {
            rules = rules.with_gravity(axis)?;
        }
        if let Some(rule) = self.rule {
            rules = rules.with_win(WinRule::parse(rule)?);
        }
        if self.wrap {
            rules = rules.with_wrap(true)?;
        }
        Ok(rules)
    }
}

/// Reads a gravity axis: a number from 0, `x`, `y`, `z`, `w`, or `none`
/// (also `off`, `no`) for no gravity. `None` if the text is none of these.
///
/// # Examples
/// ```
/// use hypertac_core::rules_request::parse_axis;
/// assert_eq!(parse_axis("Z"), Some(Some(2)));
/// assert_eq!(parse_axis("none"), Some(None));
/// assert_eq!(parse_axis("up"), None);
/// ```
pub fn parse_axis(text: &str) -> Option<Option<usize>> {
    let t = text.trim().to_ascii_lowercase();
    match t.as_str() {
        "none" | "off" | "no" => Some(None),
        "x" => Some(Some(0)),
        "y" => Some(Some(1)),
        "z" => Some(Some(2)),
        "w" => Some(Some(3)),
        _ => t.parse::<usize>().ok().map(Some),
    }
}

#[cfg(test)]
mod tests {
    use super::{Base, RulesRequest};
    use crate::{Shape, WinRule};

    #[test]
    fn settings_go_on_top_of_the_base() {
        let mut ask = RulesRequest::new(Base::Preset("connect4"));
        ask.k = Some(5);
        let r = ask.rules().unwrap();
        assert_eq!(
            (r.k(), r.gravity()),
            (5, Some(1)),
            "k keeps the preset's gravity"
        );
        let mut ask = RulesRequest::new(Base::Shape(Shape::parse("5x4").unwrap()));
        ask.rule = Some("anti");
        let r = ask.rules().unwrap();
        assert_eq!((r.k(), r.win()), (4, WinRule::Anti));
        let mut ask = RulesRequest::new(Base::Preset("tictactoe"));
        ask.k = Some(4);
        assert!(ask.rules().is_err());
        assert!(RulesRequest::new(Base::Preset("chess")).rules().is_err());
    }
}
