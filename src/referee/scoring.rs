//! Points and ranking. A won game is worth 3 points. A *match* (the two
//! games of a pair on one board in one round, colours swapped) that ends with
//! one win each, or with both games drawn, gives each side 1 more point.
//! Ranking: most points, then fewest games lost, then name.

use super::game::End;
use super::schedule::GameSpec;
use hypertac_core::Player;
use std::collections::BTreeMap;

/// Points for a won game.
pub const WIN_POINTS: u32 = 3;
/// Points to each side for a drawn match.
pub const DRAWN_MATCH_POINTS: u32 = 1;

/// The loss reason of a game lost on the board (not by a protocol fault).
pub const LOST_ON_BOARD: &str = "board";

/// One bot's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Index into the bot list.
    pub bot: usize,
    /// Total points.
    pub points: u32,
    /// Games won.
    pub won: u32,
    /// Games drawn.
    pub drawn: u32,
    /// Games lost.
    pub lost: u32,
    /// Games lost, by reason ([`LOST_ON_BOARD`] or a fault key).
    pub losses: BTreeMap<String, u32>,
}

/// The games of one match counted so far.
#[derive(Default)]
struct Tally {
    /// The two bots; `wins` is indexed in this order.
    pair: (usize, usize),
    played: u32,
    draws: u32,
    wins: [u32; 2],
}

/// One counted game, as scoring sees it: from a game just played or from a
/// line of a `--log`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored<'a> {
    /// The match (pair, board, round) the game belongs to.
    pub match_id: usize,
    /// Bot playing X (index into the names).
    pub x: usize,
    /// Bot playing O.
    pub o: usize,
    /// The winning side; `None` for a draw.
    pub winner: Option<Player>,
    /// Why the loser lost ([`LOST_ON_BOARD`] or a fault key); unused for a draw.
    pub reason: &'a str,
}

/// The standings after the finished games: `ends[i]` is the end of game
/// `games[i]`, `None` if it was not played. Interrupted games do not count.
/// Sorted by rank; `names` break the last ties.
pub fn standings(names: &[String], games: &[GameSpec], ends: &[Option<End>]) -> Vec<Standing> {
    let scored = games.iter().zip(ends).filter_map(|(spec, end)| {
        let end = end.as_ref().filter(|e| **e != End::Interrupted)?;
        Some(Scored {
            match_id: spec.match_id,
            x: spec.x,
            o: spec.o,
            winner: end.winner(),
            reason: match end {
                End::Forfeit { fault, .. } => fault.key(),
                _ => LOST_ON_BOARD,
            },
        })
    });
    tally(names, scored)
}

/// The standings after the `games` counted, each once, in any order.
/// Sorted by rank; `names` break the last ties.
pub fn tally<'a>(names: &[String], games: impl IntoIterator<Item = Scored<'a>>) -> Vec<Standing> {
    let mut table: Vec<Standing> = (0..names.len())
        .map(|bot| Standing {
            bot,
            points: 0,
            won: 0,
            drawn: 0,
            lost: 0,
            losses: BTreeMap::new(),
        })
        .collect();
    let mut matches: BTreeMap<usize, Tally> = BTreeMap::new();
    for game in games {
        let tally = matches.entry(game.match_id).or_insert(Tally {
            pair: (game.x, game.o),
            ..Tally::default()
        });
        tally.played += 1;
        match game.winner {
            None => {
                tally.draws += 1;
                table[game.x].drawn += 1;
                table[game.o].drawn += 1;
            }
            Some(side) => {
                let (winner, loser) = if side == Player::X {
                    (game.x, game.o)
                } else {
                    (game.o, game.x)
                };
                tally.wins[usize::from(winner != tally.pair.0)] += 1;
                table[winner].won += 1;
                table[winner].points += WIN_POINTS;
                table[loser].lost += 1;
                *table[loser]
                    .losses
                    .entry(game.reason.to_owned())
                    .or_default() += 1;
            }
        }
    }
    for tally in matches.values() {
        if tally.played == 2 && (tally.draws == 2 || tally.wins == [1, 1]) {
            table[tally.pair.0].points += DRAWN_MATCH_POINTS;
            table[tally.pair.1].points += DRAWN_MATCH_POINTS;
        }
    }
    table.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(a.lost.cmp(&b.lost))
            .then(names[a.bot].cmp(&names[b.bot]))
    });
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::fault::Fault;
    use crate::referee::schedule::schedule;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn forfeit(loser: Player, fault: Fault) -> Option<End> {
        Some(End::Forfeit {
            loser,
            fault,
            stderr: String::new(),
        })
    }

    /// Three bots a, b, c on one board: games (a X, b O), (b X, a O),
    /// (a, c), (c, a), (b, c), (c, b).
    #[test]
    fn hand_computed_example() {
        let bots = names(&["a", "b", "c"]);
        let games = schedule(3, 1, 1);
        let ends = vec![
            Some(End::Won(Player::X)),          // a beats b
            Some(End::Won(Player::X)),          // b beats a: split match, +1 each
            Some(End::Drawn),                   // a - c draw
            Some(End::Drawn),                   // c - a draw: drawn match, +1 each
            Some(End::Won(Player::O)),          // c beats b
            forfeit(Player::X, Fault::Timeout), // c times out: b wins
        ];
        let table = standings(&bots, &games, &ends);
        let row = |name: &str| table.iter().find(|s| bots[s.bot] == name).cloned().unwrap();
        // a: 3 (win) + 1 (split) + 1 (drawn match) = 5, W1 D2 L1.
        assert_eq!(
            (row("a").points, row("a").won, row("a").drawn, row("a").lost),
            (5, 1, 2, 1)
        );
        // b: 3 + 3 + 1 (split with a) + 1 (split with c) = 8, W2 D0 L2.
        assert_eq!((row("b").points, row("b").won, row("b").lost), (8, 2, 2));
        // c: 3 + 1 (drawn match) + 1 (split with b) = 5, W1 D2 L1.
        assert_eq!((row("c").points, row("c").lost), (5, 1));
        assert_eq!(row("c").losses.get("timeout"), Some(&1));
        assert_eq!(row("b").losses.get(LOST_ON_BOARD), Some(&2));
        // a and c tie on points and losses: name decides.
        let order: Vec<&str> = table.iter().map(|s| bots[s.bot].as_str()).collect();
        assert_eq!(order, ["b", "a", "c"]);
    }

    #[test]
    fn fewer_losses_break_a_points_tie() {
        let bots = names(&["a", "b", "c"]);
        let games = schedule(3, 1, 1);
        let ends = vec![
            Some(End::Won(Player::X)), // a beats b
            Some(End::Won(Player::O)), // a beats b: a 6, no bonus
            Some(End::Won(Player::O)), // c beats a
            Some(End::Won(Player::X)), // c beats a: c 6
            Some(End::Drawn),          // b - c
            Some(End::Won(Player::O)), // b beats c: b 3
        ];
        let table = standings(&bots, &games, &ends);
        let got: Vec<(&str, u32, u32)> = table
            .iter()
            .map(|s| (bots[s.bot].as_str(), s.points, s.lost))
            .collect();
        // c: 6 points, 1 lost; a: 6 points, 2 lost; b: 3 points, 2 lost.
        assert_eq!(got, [("c", 6, 1), ("a", 6, 2), ("b", 3, 2)]);
    }

    #[test]
    fn unfinished_matches_get_no_bonus() {
        let bots = names(&["a", "b"]);
        let games = schedule(2, 1, 2);
        let ends = vec![
            Some(End::Drawn),
            Some(End::Drawn),
            Some(End::Drawn),
            Some(End::Interrupted),
        ];
        let table = standings(&bots, &games, &ends);
        assert_eq!(table[0].points, 1);
        assert_eq!(table[1].points, 1);
        assert_eq!(table[0].drawn, 3);
        assert_eq!(
            standings(&bots, &games, &[None, None, None, None])[0].points,
            0
        );
    }
}
