//! The arguments that choose a game's rules, shared by `play` and `prove`:
//! a preset or a shape, with k, gravity, win rule and wrap.

use hypertac_core::{Rules, Shape, WinRule};

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
            (Some(game), None) => Rules::preset(game).map_err(|e| e.to_string())?,
            (None, Some(shape)) => {
                let shape = Shape::parse(shape).map_err(|e| format!("--shape: {e}"))?;
                let k = self.k.unwrap_or_else(|| shape.min_side().max(2));
                Rules::new(shape, k).map_err(|e| e.to_string())?
            }
            (None, None) => Rules::preset("4d").map_err(|e| e.to_string())?,
        };
        let mut rules = base.clone();
        if let Some(k) = self.k {
            rules = Rules::new(base.shape().clone(), k)
                .and_then(|r| r.with_gravity(base.gravity()))
                .map_err(|e| e.to_string())?
                .with_win(base.win());
        }
        if let Some(g) = &self.gravity {
            rules = rules
                .with_gravity(parse_axis(g)?)
                .map_err(|e| e.to_string())?;
        }
        if let Some(rule) = &self.rule {
            rules = rules.with_win(WinRule::parse(rule).map_err(|e| e.to_string())?);
        }
        if self.wrap {
            rules = rules.with_wrap(true).map_err(|e| e.to_string())?;
        }
        Ok(rules)
    }
}

fn parse_axis(text: &str) -> Result<Option<usize>, String> {
    let t = text.trim().to_ascii_lowercase();
    match t.as_str() {
        "none" | "off" | "no" => Ok(None),
        "x" => Ok(Some(0)),
        "y" => Ok(Some(1)),
        "z" => Ok(Some(2)),
        "w" => Ok(Some(3)),
        _ => t.parse::<usize>().map(Some).map_err(|_| {
            format!("--gravity {text:?}: expected an axis number from 0, x, y, z, w or none")
        }),
    }
}
