//! The arguments that choose a game's rules, shared by `play` and `prove`:
//! a preset or a shape, with k, gravity, win rule and wrap (read into the
//! core's `rules_request`, which the Python binding uses too).

use hypertac_core::rules_request::{parse_axis, Base, RulesRequest};
use hypertac_core::{Rules, Shape};

/// Rules from the command line.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct RulesArgs {
    /// A preset: tictactoe, qubic, 4d, connect4, connect4-3d, gomoku, "nd N D" (default 4d).
    #[arg(long)]
    pub game: Option<String>,
    /// Board shape instead of a preset, e.g. 5x5x5.
    #[arg(long)]
    pub shape: Option<String>,
    /// Cells in a row to win (default: the preset's, or the shortest axis of --shape).
    #[arg(long)]
    pub k: Option<u32>,
    /// Stones fall along this axis (0.. or x, y, z, w; `none` for no gravity).
    #[arg(long)]
    pub gravity: Option<String>,
    /// How to win: first (to k in a row), most-lines (when the board is full), anti (k in a row loses).
    #[arg(long)]
    pub rule: Option<String>,
    /// Lines wrap around the edges.
    #[arg(long)]
    pub wrap: bool,
}

impl RulesArgs {
    /// Whether any rule was given.
    pub fn given(&self) -> bool {
        self.game.is_some()
            || self.shape.is_some()
            || self.k.is_some()
            || self.gravity.is_some()
            || self.rule.is_some()
            || self.wrap
    }

    /// The rules the arguments ask for (4d when none are given).
    ///
    /// # Errors
    /// A message naming the bad argument.
    pub fn rules(&self) -> Result<Rules, String> {
        let base = match (&self.game, &self.shape) {
            (Some(_), Some(_)) => return Err("give either --game or --shape, not both".into()),
            (Some(game), None) => Base::Preset(game),
            (None, Some(shape)) => {
                Base::Shape(Shape::parse(shape).map_err(|e| format!("--shape: {e}"))?)
            }
            (None, None) => Base::Preset("4d"),
        };
        let gravity = match &self.gravity {
            Some(text) => Some(parse_axis(text).ok_or_else(|| {
                format!("--gravity {text:?}: expected an axis number from 0, x, y, z, w or none")
            })?),
            None => None,
        };
        RulesRequest {
            base,
            k: self.k,
            gravity,
            rule: self.rule.as_deref(),
            wrap: self.wrap,
        }
        .rules()
        .map_err(|e| e.to_string())
    }
}
