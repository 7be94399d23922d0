//! Moves that are the same up to a symmetry of the position.
//!
//! A symmetry of the board (the checker's group, `hypertac_proof::Symmetries`)
//! that sends the position onto itself (each X stone onto an X stone, each
//! O stone onto an O stone) sends a move onto one whose position after it
//! is a symmetric image of the first's, so of the same value and distance.
//! Early positions often have such symmetries (a corner and the opposite
//! corner: 12 of Qubic's 192 maps keep them), so the analysis proves one
//! move of each orbit and gives its value to the others, instead of
//! proving each twice or more over.

use hypertac_core::{Cell, Player, Position};
use hypertac_proof::Symmetries;

/// For each of `cells` (legal moves of `pos`), the index in `cells` of the
/// first move of its orbit under the symmetries of `group` that keep `pos`
/// (itself when no such symmetry moves it onto an earlier move).
pub(super) fn representatives(group: &Symmetries, pos: &Position, cells: &[Cell]) -> Vec<usize> {
    let count = pos.rules().shape().cell_count() as usize;
    let mut first: Vec<usize> = (0..cells.len()).collect();
    if group.len() <= 1 || count == 0 {
        return first;
    }
    // Who holds each cell (0 empty, 1 X, 2 O), and each move's index.
    let mut owner = vec![0u8; count];
    for (i, c) in pos.moves().iter().enumerate() {
        owner[c.0 as usize] = if Player::to_move_at(i) == Player::X {
            1
        } else {
            2
        };
    }
    let mut index = vec![usize::MAX; count];
    for (i, c) in cells.iter().enumerate() {
        index[c.0 as usize] = i;
    }
    let keeps = |s: usize| {
        pos.moves()
            .iter()
            .all(|&c| owner[group.map(s, c).0 as usize] == owner[c.0 as usize])
    };
    for s in (1..group.len()).filter(|&s| keeps(s)) {
        for (i, &c) in cells.iter().enumerate() {
            let j = index[group.map(s, c).0 as usize];
            if j != usize::MAX && first[j] < first[i] {
                first[i] = first[j];
            }
        }
    }
    // The group is closed, so one pass gives each move the least index of
    // the orbit; `first` of a first is itself.
    first
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::{Rules, Shape};

    fn orbits(rules: &Rules, moves: &str) -> usize {
        let cells = hypertac_core::notation::parse_move_list(rules.shape(), moves).expect("moves");
        let pos = Position::from_moves(rules.clone(), &cells).expect("legal moves");
        let cells: Vec<Cell> = pos.legal_moves().collect();
        let first = representatives(&Symmetries::new(rules), &pos, &cells);
        (0..cells.len()).filter(|&i| first[i] == i).count()
    }

    /// Orbits counted by hand on tic-tac-toe and Qubic.
    #[test]
    fn orbits_of_known_positions() {
        let ttt = Rules::new(Shape::parse("3x3").unwrap(), 3).unwrap();
        // Empty: corner, edge, centre.
        assert_eq!(orbits(&ttt, ""), 3);
        // X in the centre: O's corner or edge.
        assert_eq!(orbits(&ttt, "1,1"), 2);
        // X in a corner: the 8 other cells fall into 5 orbits under the
        // diagonal's reflection (the centre, the far corner, and 3 pairs).
        assert_eq!(orbits(&ttt, "0,0"), 5);
        // X corner, O far corner (diagonal kept): 7 cells, 4 orbits.
        assert_eq!(orbits(&ttt, "0,0;2,2"), 4);
        let qubic = Rules::preset("qubic").unwrap();
        // The empty board: Qubic's 64 cells are 2 orbits (the 8 corners
        // and 8 centre cells, and the 48 others).
        assert_eq!(orbits(&qubic, ""), 2);
        // X corner, O the opposite corner: the 62 moves in 11 orbits.
        assert_eq!(orbits(&qubic, "0,0,0;3,3,3"), 11);
    }

    /// A position without symmetry: every move its own.
    #[test]
    fn no_symmetry_no_merge() {
        let ttt = Rules::new(Shape::parse("3x3").unwrap(), 3).unwrap();
        assert_eq!(orbits(&ttt, "0,0;0,1"), 7);
        let moves = hypertac_core::notation::parse_move_list(ttt.shape(), "0,0;0,1").unwrap();
        let pos = Position::from_moves(ttt.clone(), &moves).unwrap();
        let cells: Vec<Cell> = pos.legal_moves().collect();
        let first = representatives(&Symmetries::identity(9), &pos, &cells);
        assert!(first.iter().enumerate().all(|(i, &f)| f == i));
    }
}
