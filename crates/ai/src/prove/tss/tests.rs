//! [`Threes`] against plain minimax on boards small enough for it.

use super::Threes;
use crate::board::Board;
use hypertac_core::{reference, zobrist, Cell, Position, Rules};
use std::collections::HashMap;

/// Plain minimax over the stones as two bit sets: can `attacker` force a
/// win? Lines by brute force; every move of both sides is tried.
struct Minimax {
    lines: Vec<u64>,
    cells: u32,
    memo: HashMap<(u64, u64, bool), bool>,
}

impl Minimax {
    fn new(rules: &Rules) -> Minimax {
        let shape = rules.shape();
        let lines = reference::brute_force_lines(rules)
            .iter()
            .map(|l| l.cells().iter().fold(0u64, |m, c| m | 1 << c.0))
            .collect();
        Minimax {
            lines,
            cells: shape.cell_count() as u32,
            memo: HashMap::new(),
        }
    }

    fn completes(&self, stones: u64) -> bool {
        !self.lines.iter().all(|&l| stones & l != l)
    }

    /// Whether the attacker (stones `a`) wins against the defender (`d`),
    /// with the attacker to move when `attacker_to_move`.
    fn wins(&mut self, a: u64, d: u64, attacker_to_move: bool) -> bool {
        if let Some(&w) = self.memo.get(&(a, d, attacker_to_move)) {
            return w;
        }
        let empty: Vec<u32> = (0..self.cells).filter(|&c| (a | d) >> c & 1 == 0).collect();
        let w = if attacker_to_move {
            empty.iter().any(|&c| {
                let a2 = a | 1 << c;
                self.completes(a2) || self.wins(a2, d, false)
            })
        } else {
            !empty.is_empty()
                && empty.iter().all(|&c| {
                    let d2 = d | 1 << c;
                    !self.completes(d2) && self.wins(a, d2, true)
                })
        };
        self.memo.insert((a, d, attacker_to_move), w);
        w
    }
}

/// Random positions of `stones` stones that no side has won, as their
/// moves.
fn positions(rules: &Rules, stones: usize, count: usize, seed: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut rng = seed;
    let cells = rules.shape().cell_count();
    while out.len() < count {
        let mut pos = Position::new(rules.clone());
        let mut moves = Vec::new();
        while moves.len() < stones && !pos.is_over() {
            rng = zobrist::splitmix64(rng);
            let c = rng % cells;
            if moves.contains(&c) {
                continue;
            }
            pos.play(Cell(c));
            moves.push(c);
        }
        if !pos.is_over() {
            out.push(moves);
        }
    }
    out
}

/// Whenever the search claims a win, minimax agrees that its move wins;
/// the board is left as it was. On 4x4 and 5x5 with k = 4, from random
/// positions with either side to move.
#[test]
fn claimed_wins_are_wins() {
    let mut claims = 0;
    let mut without_fours = 0;
    for (rules, stones) in [
        (
            Rules::new(hypertac_core::Shape::parse("5x5").unwrap(), 4).unwrap(),
            vec![9, 10, 11, 12],
        ),
        (
            Rules::new(hypertac_core::Shape::parse("4x4").unwrap(), 4).unwrap(),
            vec![4, 5, 6, 7, 8],
        ),
    ] {
        let mut minimax = Minimax::new(&rules);
        for s in stones {
            for moves in positions(&rules, s, 80, 11 + s as u64) {
                let mut pos = Position::new(rules.clone());
                for &c in &moves {
                    pos.play(Cell(c));
                }
                let mut b = Board::new(&pos);
                let hash = b.hash();
                let mut threes = Threes::new(b.cell_count());
                let found = threes.find(&mut b, 3, 200_000);
                assert_eq!(b.hash(), hash);
                let Some(m) = found else { continue };
                claims += 1;
                let me = b.to_move();
                let (mut a, mut d) = (0u64, 0u64);
                for c in 0..b.cell_count() as u32 {
                    match b.stone(c) {
                        0 => {}
                        s if s == me.index() as u8 + 1 => a |= 1 << c,
                        _ => d |= 1 << c,
                    }
                }
                let a2 = a | 1 << m;
                assert!(
                    minimax.completes(a2) || minimax.wins(a2, d, false),
                    "{rules}: {moves:?} claimed won by {m}"
                );
                if super::super::vcf::Vcf::new(b.cell_count())
                    .find(&mut b, 32, 200_000)
                    .is_none()
                {
                    without_fours += 1;
                }
            }
        }
    }
    assert!(claims >= 30, "only {claims} claims");
    assert!(without_fours >= 4, "only {without_fours} wins beyond fours");
}
