//! The Erdős–Selfridge potential: a side that need only not lose settles
//! a position at once when the attacker's lines are too few and too empty.
//!
//! The potential against the attacker is the sum, over the lines with no
//! stone of the defender, of 2^-(cells the attacker still lacks there). A
//! completed line of the attacker counts 1. With the defender to move and
//! the potential below 1, the defender never loses: it plays the cell whose
//! lines carry the most potential (its *weight*). Its stone removes that
//! weight; the attacker's reply doubles the lines through its cell that are
//! still open, adding at most that cell's weight, which was no more than
//! the defender's. So the potential never grows from one defender turn to
//! the next and never reaches 1: no line of the attacker is ever complete.
//! Gravity breaks the argument (the heaviest cell may not be playable), so
//! boards with gravity never have it. The checker's `potential` module
//! checks the same sum on its own.
//!
//! The sum is exact: lines are counted by how many cells they lack, and the
//! counts are carried as binary digits from the smallest weight up.

use crate::board::Board;
use hypertac_core::Player;

/// Whether the potential against `attacker` on `board` is below `1 / 2^halvings`
/// (0: below 1, the defender to move never loses; 1: below 1/2, so after
/// any move of the attacker it is still below 1). Never on gravity boards.
pub(crate) fn below(board: &Board, attacker: Player, halvings: u32) -> bool {
    if board.has_gravity() {
        return false;
    }
    let k = usize::from(board.k());
    let defender = attacker.other();
    // Each line weighs at least 2^-k, and each stone of the defender
    // closes at most the lines through one cell: with too few of them the
    // open lines alone reach the bound and no line need be read (4^5 has
    // 3,376 lines of 4 cells; a stone closes at most 121).
    let stones = (board.cell_count() as u64 - board.empties()) / 2 + 1;
    let open_at_least = (board.line_total() as u64)
        .saturating_sub(stones.saturating_mul(u64::from(board.most_lines_through())));
    if k < 64 && open_at_least >= 1u64 << (k as u32).saturating_sub(halvings) {
        return false;
    }
    // lack[j]: open lines of the attacker lacking j cells (weight 2^-j).
    let mut lack = vec![0u64; k + 1];
    for l in 0..board.line_total() as u32 {
        let counts = board.counts(l);
        if counts[defender.index()] > 0 {
            continue;
        }
        let missing = k.saturating_sub(usize::from(counts[attacker.index()]));
        if missing as u32 <= halvings {
            return false;
        }
        lack[missing] += 1;
    }
    below_from_counts(&lack, halvings)
}

/// Whether the sum of `lack[j] * 2^-j` is below `2^-halvings`.
fn below_from_counts(lack: &[u64], halvings: u32) -> bool {
    // The floor of the sum times 2^halvings, carried up from the lightest
    // lines: floor((a + t) / 2) = floor((a + floor(t)) / 2) for whole a.
    let mut carry = 0u64;
    for j in (halvings as usize + 1..lack.len()).rev() {
        carry = (carry + lack[j]) / 2;
    }
    let whole = carry + lack.get(halvings as usize).copied().unwrap_or(0);
    whole == 0
}

/// The weight of `cell` against `attacker`: the potential its open lines
/// carry, times 2^k (a line holding s stones of the attacker weighs 2^s;
/// beyond 62 stones, which no board the prover takes has, the order is
/// kept roughly), saturating.
pub(crate) fn weight(board: &Board, attacker: Player, cell: u32) -> u64 {
    let defender = attacker.other();
    board
        .lines_of(cell)
        .iter()
        .map(|&l| board.counts(l))
        .filter(|counts| counts[defender.index()] == 0)
        .map(|counts| 1u64 << u32::from(counts[attacker.index()]).min(62))
        .fold(0u64, u64::saturating_add)
}

/// The cell the defender plays by the potential: the empty cell whose open
/// lines of the attacker carry the most weight (the lowest index on ties).
pub(crate) fn heaviest(board: &Board, attacker: Player) -> Option<u32> {
    (0..board.cell_count() as u32)
        .filter(|&c| board.stone(c) == 0)
        .map(|c| (weight(board, attacker, c), c))
        .fold(None, |best: Option<(u64, u32)>, (w, c)| match best {
            Some((bw, _)) if bw >= w => best,
            _ => Some((w, c)),
        })
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::{Cell, Position, Rules, Shape};
    use std::collections::HashMap;

    /// Whether `loser` can be made to lose from `pos` (plain minimax,
    /// memoized by the move set): the obviously-correct reference.
    fn can_lose(pos: &mut Position, loser: Player, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(w) = pos.outcome().winner() {
            return w != loser;
        }
        if pos.is_over() {
            return false;
        }
        let mut key: Vec<u64> = pos.moves().iter().step_by(2).map(|c| c.0).collect();
        key.sort_unstable();
        let mut theirs: Vec<u64> = pos.moves().iter().skip(1).step_by(2).map(|c| c.0).collect();
        theirs.sort_unstable();
        key.push(u64::MAX);
        key.extend(theirs);
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let moves: Vec<Cell> = pos.legal_moves().collect();
        let mine = pos.to_move() == loser;
        let mut v = mine;
        for m in moves {
            pos.play(m);
            let r = can_lose(pos, loser, memo);
            pos.undo();
            if r != mine {
                v = r;
                break;
            }
        }
        memo.insert(key, v);
        v
    }

    #[test]
    fn the_potential_never_settles_a_position_minimax_loses() {
        let mut rng = crate::test_rng::XorShift(0x9E37_79B9_7F4A_7C15);
        let mut rand = move |n: u64| rng.below(n);
        // (sizes, k, fewest stones): boards where minimax from there is quick.
        let boards: [(&[u32], u32, u64); 4] = [
            (&[4, 4], 4, 5),
            (&[4, 4], 3, 4),
            (&[5, 5], 4, 14),
            (&[3, 3, 3], 3, 16),
        ];
        let (mut settled, mut checked) = ([0u32; 2], 0u32);
        for (sizes, k, fewest) in boards {
            let rules = Rules::new(Shape::new(sizes).unwrap(), k).unwrap();
            let cells = rules.shape().cell_count();
            for _ in 0..200 {
                let mut pos = Position::new(rules.clone());
                let stones = fewest + rand(4);
                while (pos.moves().len() as u64) < stones && !pos.is_over() {
                    let c = Cell(rand(cells));
                    if pos.is_legal(c) {
                        pos.play(c);
                    }
                }
                if pos.is_over() {
                    continue;
                }
                let board = Board::new(&pos);
                let me = pos.to_move();
                let mut memo = HashMap::new();
                checked += 1;
                // The side to move, below 1; the side not to move, below 1/2.
                for (defender, halvings) in [(me, 0), (me.other(), 1)] {
                    if below(&board, defender.other(), halvings) {
                        settled[halvings as usize] += 1;
                        assert!(
                            !can_lose(&mut pos, defender, &mut memo),
                            "{rules} {:?}: the potential settles it for {defender}, minimax does not",
                            pos.moves()
                        );
                    }
                }
            }
        }
        assert!(checked >= 500, "{checked} positions");
        assert!(settled[0] >= 100 && settled[1] >= 30, "{settled:?} settled");
    }

    #[test]
    fn the_sum_is_compared_exactly() {
        // 3/8 + 1/2 = 7/8 < 1; one more eighth makes 1.
        assert!(below_from_counts(&[0, 1, 0, 3], 0));
        assert!(!below_from_counts(&[0, 1, 0, 4], 0));
        assert!(below_from_counts(&[0, 0, 3], 0));
        assert!(!below_from_counts(&[0, 0, 4], 0));
        assert!(below_from_counts(&[0, 0, 1, 1], 0));
        // Below a half: 1/4 + 1/8 yes, 1/4 + 2/8 no.
        assert!(below_from_counts(&[0, 0, 1, 1], 1));
        assert!(!below_from_counts(&[0, 0, 1, 2], 1));
        // Many light lines: 127 lines lacking 7 cells is 127/128.
        let mut lack = vec![0u64; 8];
        lack[7] = 127;
        assert!(below_from_counts(&lack, 0));
        lack[7] = 128;
        assert!(!below_from_counts(&lack, 0));
        assert!(below_from_counts(&[0], 0));
    }
}
