//! Seeded randomness and the `random` level: a uniformly random legal move.

use hypertac_core::{zobrist, Cell, Position};

/// A small deterministic generator (splitmix64 stream).
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator for this seed.
    pub fn new(seed: u64) -> Rng {
        Rng(zobrist::splitmix64(seed ^ 0x5EED_5EED_5EED_5EED))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        zobrist::splitmix64(self.0)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// A uniformly random legal move, or `None` when the game is over. On a
/// huge sparse board, random cells are drawn until an empty one turns up
/// (the board is almost all empty), so no cell list is ever built.
pub(crate) fn random_move(pos: &Position, rng: &mut Rng) -> Option<Cell> {
    if pos.is_over() {
        return None;
    }
    let count = pos.legal_move_count();
    if count == 0 {
        return None;
    }
    let shape = pos.rules().shape();
    if pos.mode() == hypertac_core::Mode::Sparse {
        for _ in 0..10_000 {
            let cell = Cell(rng.below(shape.cell_count()));
            let cell = match pos.rules().gravity() {
                Some(_) => match pos.landing(cell) {
                    Some(c) => c,
                    None => continue,
                },
                None => cell,
            };
            if pos.is_legal(cell) {
                return Some(cell);
            }
        }
    }
    pos.legal_moves().nth(rng.below(count) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::Rules;

    #[test]
    fn random_moves_are_legal_and_repeatable() {
        let pos = Position::new(Rules::preset("qubic").unwrap());
        let a = random_move(&pos, &mut Rng::new(7)).unwrap();
        assert_eq!(Some(a), random_move(&pos, &mut Rng::new(7)));
        assert!(pos.is_legal(a));
        let huge = Position::new(Rules::cube(10, 10).unwrap());
        let c = random_move(&huge, &mut Rng::new(1)).unwrap();
        assert!(huge.is_legal(c));
        let c4 = Position::new(Rules::preset("connect4").unwrap());
        for seed in 0..20 {
            assert!(c4.is_legal(random_move(&c4, &mut Rng::new(seed)).unwrap()));
        }
    }
}
