//! Static bounds from Allis' strategic rules: who can be kept from ever
//! completing four when the opponent answers every move by a fixed rule
//! (*follow-up*). The search uses them to cut nodes without searching.
//!
//! Both rules look at the position from the side to move (`current`,
//! "we") and let the opponent (the *follower*) answer each of our moves:
//!
//! * right above it in the same column (claimeven): in a column with an
//!   even number of empty cells we then get exactly the cells of the rows
//!   of [`Geometry`](crate::position::Geometry)'s `claim_rows`;
//! * on the other cell of a *baseinverse* pair: the lowest empty cells of
//!   two columns with an odd number of empty cells, of which we get one,
//!   our choice.
//!
//! If no four fits in our stones plus the cells we can get, we never win.

use crate::position::Dims;

/// Claimeven bound generalised with *baseinverse* pairs, for the side to
/// move (stones `current`, all stones `mask`).
///
/// When two or four columns have an odd number of empty cells, the
/// opponent pairs up their lowest empty cells: a move on one cell of a pair
/// is answered on the other, and a move anywhere else right above it in the
/// same column (claimeven). Every column then always has an even number of
/// empty cells after the opponent's reply, so we get exactly one cell of
/// each pair (our choice) and the cells of the rows of `claim_rows` in
/// every column. If no choice of one cell per pair completes a four for us,
/// we cannot win (score <= 0); if the opponent's stones plus the cells it
/// is sure to get (its rows, without the paired cells) contain a four, we
/// lose (score <= -1). With no odd column this is plain claimeven: the
/// opponent answers every move right above it.
#[inline(always)]
pub(crate) fn claimeven_pairs_bound<D: Dims>(d: D, current: u64, mask: u64) -> Option<i32> {
    let bases = (mask + d.bottom()) & d.odd_rows();
    let odd_columns = bases.count_ones();
    if odd_columns & 1 != 0 || odd_columns > 4 {
        return None;
    }
    let empty = d.board() & !mask;
    let mine = current | (empty & d.claim_rows());
    if !pairs_refute(d, mine, bases) {
        return None;
    }
    let theirs = (current ^ mask) | (empty & !d.claim_rows() & !bases);
    if d.has_four(theirs) {
        Some(-1)
    } else {
        Some(0)
    }
}

/// The follower's threat decided by zugzwang, for the side to move
/// (stones `current`, all stones `mask`; `opp_threats` are the empty cells
/// that would complete four for the opponent): `Some(-x)` when the
/// opponent surely wins with a score of at least `x`, so our score is at
/// most `-x`.
///
/// Take an opponent threat `t` in column `c` with an odd number of empty
/// cells below it. The opponent answers our moves in column `c` right
/// above them too, so the cell right below `t` is ours, and `t` is its:
/// we never play right below `t` until nothing else is left (and then the
/// opponent completes four on `t`). Elsewhere it plays claimeven and
/// baseinverse pairs as in [`claimeven_pairs_bound`], column `c` left out.
/// Any other opponent threat on a cell it gets by claimeven ends the game
/// as soon as we play right below it, so the cells above such a threat are
/// not ours either. If no four fits in our stones, our cells below `t` in
/// column `c` and the cells we can get elsewhere, the opponent wins at the
/// latest when it plays `t`, once every cell but those above `t` is
/// filled.
/// That is the first player's *odd threat* of Connect Four theory (and the
/// second player's even threat), which plain claimeven cannot express:
/// the player who follows up does not have to be the second one.
///
/// The lowest such threat of a column gives the best bound (a higher one
/// leaves us more cells), and the best column is taken.
#[inline(always)]
pub(crate) fn zugzwang_threat_bound<D: Dims>(
    d: D,
    current: u64,
    mask: u64,
    opp_threats: u64,
) -> Option<i32> {
    let bases = (mask + d.bottom()) & d.odd_rows();
    let odd_cols = odd_columns(d, bases);
    let cand = zugzwang_cells(d, odd_cols, opp_threats);
    if cand == 0 {
        return None;
    }
    let empty = d.board() & !mask;
    // The opponent's threats on the cells it gets by claimeven: it takes
    // them, and wins, as soon as we play right below, so the cells above
    // them are never ours.
    let mut claimed = opp_threats & d.odd_rows() & !bases;
    let mut blocked = 0;
    while claimed != 0 {
        let t = claimed & claimed.wrapping_neg();
        let col_mask = d.column_mask(d.cell_of(t).0);
        blocked |= col_mask & !(t | (t - 1));
        claimed &= !col_mask;
    }
    let ours = empty & d.claim_rows() & !blocked;
    let mut best: Option<i32> = None;
    let mut rest = cand;
    while rest != 0 {
        let t = rest & rest.wrapping_neg();
        let (col, row) = d.cell_of(t);
        let col_mask = d.column_mask(col);
        rest &= !col_mask;
        let x = (d.h() as i32 + 1 - row as i32) / 2;
        if best.is_some_and(|b| b >= x) {
            continue;
        }
        // Our cells below `t`: the rows of the other parity than `t`'s.
        let parity = if odd_cols & t != 0 {
            d.odd_rows()
        } else {
            d.claim_rows()
        };
        let below = col_mask & (t - 1) & empty & parity;
        let mine = current | (ours & !col_mask) | below;
        let other_bases = bases & !col_mask;
        let pairs = other_bases.count_ones();
        if pairs & 1 == 0 && pairs <= 4 && pairs_refute(d, mine, other_bases) {
            best = Some(x);
        }
    }
    best.map(|x| -x)
}

/// The cells at and above the lowest empty cell of every column with an
/// odd number of empty cells, given `bases`, those lowest cells.
#[inline(always)]
fn odd_columns<D: Dims>(d: D, bases: u64) -> u64 {
    // Per such column, its sentinel bit minus its base (no borrow crosses
    // a column: the sentinel is above the base).
    ((d.bottom() << d.h()) - bases) & d.board()
}

/// The cells of `threats` with an odd number of empty cells below them
/// (the rows of the other parity than their column's lowest empty cell),
/// given `odd_cols` of [`odd_columns`].
#[inline(always)]
fn zugzwang_cells<D: Dims>(d: D, odd_cols: u64, threats: u64) -> u64 {
    threats & ((odd_cols & d.claim_rows()) | (!odd_cols & d.odd_rows() & d.board()))
}

/// With the cells `bases` (0, 2 or 4 bits) paired up by the opponent, can
/// it keep `mine` plus one cell of each pair (our choice) from containing
/// four, whatever we choose? It may pick the pairing.
#[inline(always)]
fn pairs_refute<D: Dims>(d: D, mine: u64, bases: u64) -> bool {
    if d.has_four(mine) {
        return false;
    }
    if bases == 0 || !d.has_four(mine | bases) {
        return true;
    }
    let b1 = bases & bases.wrapping_neg();
    let rest = bases ^ b1;
    let b2 = rest & rest.wrapping_neg();
    let rest = rest ^ b2;
    if rest == 0 {
        // One pair: the four uses both cells, so the pair refutes it
        // unless a single cell completes one.
        return !d.has_four(mine | b1) && !d.has_four(mine | b2);
    }
    let b3 = rest & rest.wrapping_neg();
    let b4 = rest ^ b3;
    let refuted = |(x1, y1): (u64, u64), (x2, y2): (u64, u64)| {
        [x1 | x2, x1 | y2, y1 | x2, y1 | y2]
            .iter()
            .all(|&pick| !d.has_four(mine | pick))
    };
    refuted((b1, b2), (b3, b4)) || refuted((b1, b3), (b2, b4)) || refuted((b1, b4), (b2, b3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{Geometry, Position};
    use std::collections::HashMap;

    /// Exact score of the side to move by plain memoized negamax on the
    /// bitboards' public moves (no pruning, no rules).
    fn exact(p: &Position, memo: &mut HashMap<[u64; 2], i32>) -> i32 {
        let size = p.geometry().size() as i32;
        let n = p.nb_moves() as i32;
        if p.is_full() {
            return 0;
        }
        if p.can_win_next() {
            return (size + 1 - n) / 2;
        }
        let [cur, mask, _, _] = p.raw();
        if let Some(&s) = memo.get(&[cur, mask]) {
            return s;
        }
        let mut best = i32::MIN;
        for c in 0..p.width() {
            if p.can_play(c) {
                let mut child = *p;
                child.play(c);
                best = best.max(-exact(&child, memo));
            }
        }
        memo.insert([cur, mask], best);
        best
    }

    fn next_rand(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Both rules against the exact scores of random positions of small
    /// boards: a bound is never wrong, and each rule fires often enough for
    /// the check to mean something.
    #[test]
    fn bounds_hold_on_small_boards() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        for (w, h, min_len) in [(5, 4, 4), (6, 4, 8), (4, 5, 4), (5, 5, 10), (4, 6, 6)] {
            let geo = Geometry::new(w, h).unwrap();
            let mut memo = HashMap::new();
            let (mut claimeven, mut zugzwang) = (0, 0);
            for _ in 0..1000 {
                let mut p = Position::empty(geo);
                let len = min_len + (next_rand(&mut rng) % (w * h - min_len) as u64) as u32;
                while p.nb_moves() < len && !p.is_full() && !p.can_win_next() {
                    let c = (next_rand(&mut rng) % w as u64) as u32;
                    if p.can_play(c) {
                        p.play(c);
                    }
                }
                if p.is_full() || p.can_win_next() {
                    continue;
                }
                let score = exact(&p, &mut memo);
                let [cur, mask, _, _] = p.raw();
                let threats = geo.winning_cells(cur ^ mask, mask);
                if let Some(b) = claimeven_pairs_bound(geo, cur, mask) {
                    assert!(score <= b, "claimeven {w}x{h} {p:?}: {score} > {b}");
                    claimeven += 1;
                }
                if let Some(b) = zugzwang_threat_bound(geo, cur, mask, threats) {
                    assert!(score <= b, "zugzwang {w}x{h} {p:?}: {score} > {b}");
                    zugzwang += 1;
                }
            }
            assert!(
                claimeven >= 10,
                "{w}x{h}: claimeven fired {claimeven} times"
            );
            assert!(zugzwang >= 8, "{w}x{h}: zugzwang fired {zugzwang} times");
        }
    }
}
