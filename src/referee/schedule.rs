//! The deterministic list of games: for each round, each board, each pair of
//! bots (in name order), two games with the colours swapped. The two games of
//! a pair on one board in one round form a *match* (for the drawn-match point).

use hypertac_core::Rules;

/// A board the tournament is played on, with the header line bots receive.
#[derive(Clone, Debug)]
pub struct Board {
    /// The rules of the game.
    pub rules: Rules,
    /// The first stdin line: `n,d` for an n^d cube (k = n, no gravity, no
    /// wrap, first to k), otherwise the sizes joined by `x` (`7x6`).
    pub header: String,
    /// `n` and `d` when the board is a plain n^d cube.
    pub cube: Option<(u32, usize)>,
}

impl Board {
    /// The board for `rules`, choosing its protocol header.
    pub fn new(rules: Rules) -> Board {
        Board {
            header: crate::protocol::header(&rules),
            cube: crate::protocol::cube_of(&rules),
            rules,
        }
    }

    /// A short label: `n=3 d=2` for cubes, else the rules (`7x6 k4 gravity 1`).
    pub fn label(&self) -> String {
        match self.cube {
            Some((n, d)) => format!("n={n} d={d}"),
            None => self.rules.to_string(),
        }
    }
}

/// One scheduled game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// Position in the schedule, from 0.
    pub index: usize,
    /// Round, from 0.
    pub round: usize,
    /// Index into the board list.
    pub board: usize,
    /// The match (pair, board, round) this game belongs to.
    pub match_id: usize,
    /// Bot playing X (index into the sorted bot list).
    pub x: usize,
    /// Bot playing O.
    pub o: usize,
}

/// The match of the game at schedule `index`: a match is two consecutive
/// games, so a log line's game number is enough to pair it.
pub fn match_of(index: usize) -> usize {
    index / 2
}

/// Every game for `bots` bots (already sorted by name) on `boards` boards over
/// `rounds` rounds, in a fixed order.
pub fn schedule(bots: usize, boards: usize, rounds: usize) -> Vec<GameSpec> {
    let mut games = Vec::new();
    let mut match_id = 0;
    for round in 0..rounds {
        for board in 0..boards {
            for a in 0..bots {
                for b in a + 1..bots {
                    for (x, o) in [(a, b), (b, a)] {
                        games.push(GameSpec {
                            index: games.len(),
                            round,
                            board,
                            match_id,
                            x,
                            o,
                        });
                    }
                    match_id += 1;
                }
            }
        }
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_colours() {
        let games = schedule(3, 16, 1);
        assert_eq!(games.len(), 3 * 16 * 2);
        assert_eq!((games[0].x, games[0].o), (0, 1));
        assert_eq!((games[1].x, games[1].o), (1, 0));
        assert_eq!(games[0].match_id, games[1].match_id);
        assert_ne!(games[1].match_id, games[2].match_id);
        assert_eq!((games[4].x, games[4].o), (1, 2));
        assert_eq!(games[6].board, 1);
        assert!(games.iter().enumerate().all(|(i, g)| g.index == i));
        assert!(schedule(4, 3, 2)
            .iter()
            .all(|g| g.match_id == match_of(g.index)));
        assert_eq!(schedule(2, 1, 3).len(), 6);
        assert_eq!(schedule(2, 1, 3)[5].round, 2);
    }
}
