//! Line-based evaluation: a line holding stones of only one side is worth
//! a weight that grows steeply with its stone count; mixed lines are dead.

use hypertac_core::{Player, WinRule};

/// Scores of won and lost games; a win in fewer plies scores higher.
pub(crate) const WIN: i64 = 1 << 50;

/// Scores at least this large (in absolute value) are proven results.
pub(crate) const PROVEN: i64 = WIN - 100_000;

/// Weight of a line by its stone count.
#[derive(Clone, Debug)]
pub(crate) struct Weights {
    by_count: Vec<i64>,
}

impl Weights {
    /// Weights for lines of `k` cells: 0 for an empty line, then growing
    /// eightfold per stone (capped), with a complete line worth the most.
    pub fn new(k: u32) -> Weights {
        let by_count = (0..=k + 1)
            .map(|c| {
                if c == 0 {
                    0
                } else {
                    1i64 << (3 * (c - 1)).min(40)
                }
            })
            .collect();
        Weights { by_count }
    }

    /// The weight of a line with `count` stones of one side.
    #[inline]
    pub fn of(&self, count: u8) -> i64 {
        self.by_count[usize::from(count).min(self.by_count.len() - 1)]
    }
}

/// The static value for `p` of a line score given from X's point of view.
pub(crate) fn for_player(score_x: i64, p: Player, win: WinRule) -> i64 {
    let s = if p == Player::X { score_x } else { -score_x };
    match win {
        WinRule::Anti => -s,
        _ => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_grow() {
        let w = Weights::new(4);
        assert_eq!(w.of(0), 0);
        assert_eq!(w.of(1), 1);
        assert_eq!(w.of(3), 64);
        assert!(w.of(4) > w.of(3));
        assert_eq!(for_player(5, Player::O, WinRule::FirstToK), -5);
        assert_eq!(for_player(5, Player::X, WinRule::Anti), -5);
    }
}
