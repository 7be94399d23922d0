//! The shipped proofs (`proofs/`) make the computer perfect where they
//! apply: on Qubic, the default level as X wins every game against any
//! defence, every move of it named "X wins (proved)" or a line completed.

use hypertac_ai::{choose, Budget, Level};
use hypertac_core::{Cell, Player, Position, Rules};
use hypertac_proof::Symmetries;
use std::collections::HashSet;

/// Plays the game on as X at `level` against `o` until it ends; returns
/// the winner and how many X moves were not proved.
fn play_out(
    mut pos: Position,
    level: Level,
    o: &mut dyn FnMut(&Position) -> Cell,
) -> Option<Player> {
    while !pos.is_over() {
        let cell = if pos.to_move() == Player::X {
            let c = choose(&pos, level, 7, &Budget::millis(60_000)).expect("a move");
            assert!(
                c.reason == "X wins (proved)" || c.reason == "wins now",
                "X's move after {:?} is not proved: {}",
                pos.moves(),
                c.reason
            );
            c.cell
        } else {
            o(&pos)
        };
        pos.play(cell);
    }
    pos.outcome().winner()
}

fn qubic() -> Rules {
    Rules::preset("qubic").unwrap()
}

#[test]
fn qubic_x_wins_against_the_computer_levels() {
    let mut games = 0;
    for o_level in [Level::Random, Level::Seed, Level::Easy, Level::Hard] {
        for seed in 0..3u64 {
            let mut o = |p: &Position| {
                choose(p, o_level, seed, &Budget::millis(60_000))
                    .unwrap()
                    .cell
            };
            let winner = play_out(Position::new(qubic()), Level::Hard, &mut o);
            assert_eq!(winner, Some(Player::X), "O at {o_level:?}, seed {seed}");
            games += 1;
        }
    }
    assert_eq!(games, 12);
}

/// The default level as X wins on `rules` against two random defences
/// and the seed level, every move of it proved.
fn x_wins_against_random_and_seed(rules: &Rules) {
    let mut games = 0;
    for (o_level, seed) in [(Level::Random, 0), (Level::Random, 1), (Level::Seed, 0)] {
        let mut o = |p: &Position| {
            choose(p, o_level, seed, &Budget::millis(60_000))
                .unwrap()
                .cell
        };
        let winner = play_out(Position::new(rules.clone()), Level::Hard, &mut o);
        assert_eq!(winner, Some(Player::X), "O at {o_level:?}, seed {seed}");
        games += 1;
    }
    assert_eq!(games, 3);
}

#[test]
fn four_d_x_wins_against_random_and_seed() {
    x_wins_against_random_and_seed(&Rules::preset("4d").unwrap());
}

/// 4^5 (the shipped certificate of the 33 units merged and shrunk, from
/// the empty board): X's corner, then the certificate's moves.
#[test]
fn four_five_x_wins_against_random_and_seed() {
    x_wins_against_random_and_seed(&Rules::cube(4, 5).unwrap());
}

#[test]
fn qubic_x_wins_after_every_first_two_replies_of_o() {
    // Every O reply to X's first two moves, up to symmetry, then O plays
    // the first legal cell (a different game for each opening).
    let rules = qubic();
    let sym = Symmetries::new(&rules);
    let mut seen = HashSet::new();
    let mut games = 0;
    let x1 = choose(
        &Position::new(rules.clone()),
        Level::Hard,
        1,
        &Budget::default(),
    )
    .unwrap();
    assert_eq!(x1.reason, "X wins (proved)");
    let mut pos = Position::new(rules.clone());
    pos.play(x1.cell);
    for o1 in pos.legal_moves().collect::<Vec<_>>() {
        pos.play(o1);
        let x2 = choose(&pos, Level::Hard, 1, &Budget::default()).unwrap();
        pos.play(x2.cell);
        for o2 in pos.legal_moves().collect::<Vec<_>>() {
            pos.play(o2);
            if seen.insert(canonical(&sym, &pos)) {
                let mut o = |p: &Position| p.legal_moves().next().unwrap();
                assert_eq!(play_out(pos.clone(), Level::Hard, &mut o), Some(Player::X));
                games += 1;
            }
            pos.undo();
        }
        pos.undo();
        pos.undo();
    }
    assert!(games >= 100, "only {games} openings");
}

fn canonical(sym: &Symmetries, pos: &Position) -> Vec<u64> {
    let words = pos.rules().shape().cell_count().div_ceil(64) as usize;
    let mut stones = vec![0u64; 2 * words];
    for (c, p) in pos.stones() {
        stones[p.index() * words + c.0 as usize / 64] |= 1 << (c.0 % 64);
    }
    let mut out = vec![0u64; 2 * words];
    sym.canonical(&stones, &mut out);
    out
}

/// The player over the whole tree: at every position of X's that the
/// checker does not settle by itself, X's move is the player's own
/// (`choose` at the default level); every reply of O the checker would
/// follow is followed. The player's moves, written as a version-2
/// certificate, must be accepted by the checker (27 s in release mode).
#[test]
fn qubic_player_is_perfect_over_the_whole_tree() {
    player_is_perfect_over_the_whole_tree(qubic());
}

/// As above on 4^4 (the shipped 16,648-entry proof): a longer run, about
/// 15 minutes in release mode:
/// `cargo test --release -p hypertac-ai --test shipped -- --ignored`.
#[test]
#[ignore]
fn four_d_player_is_perfect_over_the_whole_tree() {
    player_is_perfect_over_the_whole_tree(Rules::preset("4d").unwrap());
}

fn player_is_perfect_over_the_whole_tree(rules: Rules) {
    use hypertac_core::record::RulesSpec;
    use hypertac_proof::format::DEFAULT_LIMITS;
    use hypertac_proof::{verify, Certificate, Forced, Goal, Oracle, Section, Value};

    struct Walk {
        oracle: Oracle,
        section: Section,
        seen: HashSet<Vec<u64>>,
        sym: Symmetries,
        calls: u64,
    }
    impl Walk {
        fn x_node(&mut self, pos: &mut Position) {
            let key = canonical(&self.sym, pos);
            if !self.seen.insert(key) {
                return;
            }
            let mv = match self.oracle.forced(Player::X) {
                Forced::Win(_) => return,
                Forced::Lost => panic!("X lost after {:?}", pos.moves()),
                Forced::Block(c) => {
                    let c = Cell(c as u64);
                    let chosen = choose(pos, Level::Hard, 1, &Budget::default()).unwrap();
                    assert_eq!(
                        chosen.cell,
                        c,
                        "the player does not block after {:?}",
                        pos.moves()
                    );
                    c
                }
                Forced::Free => {
                    if self.oracle.threat_sequence(Player::X).is_some() {
                        return;
                    }
                    let chosen = choose(pos, Level::Hard, 1, &Budget::default()).unwrap();
                    self.calls += 1;
                    let s = self.oracle.stones();
                    let (x, o) = s.split_at(s.len() / 2);
                    self.section.push(x, o, chosen.cell);
                    chosen.cell
                }
            };
            pos.play(mv);
            self.oracle.play(mv.0 as usize, Player::X);
            if !pos.is_over() {
                let replies: Vec<Cell> = match self.oracle.replies_needed(Player::X) {
                    None => Vec::new(),
                    Some(Some(c)) => vec![Cell(c as u64)],
                    Some(None) => pos.legal_moves().collect(),
                };
                for r in replies {
                    pos.play(r);
                    self.oracle.play(r.0 as usize, Player::O);
                    assert!(!pos.is_over() || pos.outcome().winner() != Some(Player::O));
                    if !pos.is_over() {
                        self.x_node(pos);
                    }
                    self.oracle.undo(r.0 as usize, Player::O);
                    pos.undo();
                }
            }
            self.oracle.undo(mv.0 as usize, Player::X);
            pos.undo();
        }
    }
    let mut walk = Walk {
        oracle: Oracle::new(&rules, DEFAULT_LIMITS).unwrap(),
        section: Section::new(Player::X, Goal::Win, rules.shape().cell_count()),
        seen: HashSet::new(),
        sym: Symmetries::new(&rules),
        calls: 0,
    };
    walk.x_node(&mut Position::new(rules.clone()));
    let entries = walk.section.len();
    let cert = Certificate {
        rules: RulesSpec::of(&rules),
        moves: Vec::new(),
        value: Value::Win(Player::X),
        best: None,
        derive: Some(DEFAULT_LIMITS),
        sections: vec![walk.section],
        remembers_settled: false,
        stats: serde_json::json!({"by": "the player's own moves"}),
    };
    let report = verify(&cert, &mut |_| {}).unwrap_or_else(|e| panic!("rejected: {e}"));
    eprintln!(
        "the player's certificate: {entries} entries from {} calls, {} positions checked",
        walk.calls,
        report.positions()
    );
    assert_eq!(report.value, Value::Win(Player::X));
    assert_eq!(report.entries_used(), entries as u64);
    assert!(report.positions() > 100_000, "{}", report.positions());
}
