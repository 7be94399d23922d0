//! Dense, sparse and the full-scan reference agree on random games; the
//! Zobrist hash is the same incrementally and from scratch; huge boards are sparse.

mod common;

use common::{random_move, Rng};
use hypertac_core::reference::NaiveGame;
use hypertac_core::{zobrist, Mode, Position, Rules, Shape, WinRule};

fn rule_sets() -> Vec<Rules> {
    let mut out = vec![
        Rules::preset("tictactoe").unwrap(),
        Rules::preset("qubic").unwrap(),
        Rules::preset("4d").unwrap(),
        Rules::preset("connect4").unwrap(),
        Rules::preset("connect4-3d").unwrap(),
        Rules::new(Shape::new(&[5, 4, 3]).unwrap(), 3).unwrap(),
        Rules::new(Shape::new(&[6, 6]).unwrap(), 4)
            .unwrap()
            .with_wrap(true)
            .unwrap(),
        Rules::new(Shape::new(&[5, 5, 5]).unwrap(), 5)
            .unwrap()
            .with_wrap(true)
            .unwrap(),
        Rules::cube(3, 5).unwrap(),
    ];
    let more: Vec<Rules> = out
        .iter()
        .flat_map(|r| {
            [
                r.clone().with_win(WinRule::MostLines),
                r.clone().with_win(WinRule::Anti),
            ]
        })
        .collect();
    out.extend(more);
    out
}

#[test]
fn dense_sparse_and_full_scan_agree_on_random_games() {
    let mut rng = Rng(7);
    for rules in rule_sets() {
        for game in 0..6 {
            let mut dense = Position::with_mode(rules.clone(), Mode::Dense).unwrap();
            let mut sparse = Position::with_mode(rules.clone(), Mode::Sparse).unwrap();
            let mut naive = NaiveGame::new(rules.clone());
            while !dense.is_over() {
                let m = random_move(&dense, &mut rng);
                assert_eq!(sparse.legal_move_count(), dense.legal_move_count());
                dense.play(m);
                sparse.play(m);
                naive.play(m);
                let ctx = format!("{rules}, game {game}, ply {}", dense.moves().len());
                assert_eq!(dense.outcome(), sparse.outcome(), "{ctx}");
                assert_eq!(dense.outcome(), &naive.outcome(), "{ctx}");
                assert_eq!(dense.line_counts(), sparse.line_counts(), "{ctx}");
                assert_eq!(dense.line_counts(), naive.line_counts(), "{ctx}");
                assert_eq!(dense.hash(), sparse.hash(), "{ctx}");
            }
            assert!(sparse.is_over());
            // Undo half the game in both and compare again.
            for _ in 0..dense.moves().len() / 2 {
                assert_eq!(dense.undo(), sparse.undo());
                assert_eq!(dense.line_counts(), sparse.line_counts());
                assert_eq!(dense.outcome(), sparse.outcome());
            }
        }
    }
}

#[test]
fn zobrist_incremental_equals_from_scratch() {
    let mut rng = Rng(11);
    let rules = Rules::preset("4d").unwrap();
    let mut pos = Position::new(rules);
    while !pos.is_over() {
        let m = random_move(&pos, &mut rng);
        pos.play(m);
        let scratch = pos.stones().fold(0, |h, (c, p)| h ^ zobrist::key(c, p));
        assert_eq!(pos.hash(), scratch);
    }
}

#[test]
fn ten_to_the_ten_is_sparse_and_plays() {
    let rules = Rules::preset("nd 10 10").unwrap();
    assert_eq!(Mode::for_rules(&rules), Mode::Sparse);
    assert!(Position::with_mode(rules.clone(), Mode::Dense).is_err());
    let mut pos = Position::new(rules.clone());
    assert_eq!(pos.legal_move_count(), 10_000_000_000);
    // X fills the main diagonal; O plays along the first axis elsewhere.
    let shape = rules.shape().clone();
    for i in 0..10u32 {
        pos.try_play(shape.cell(&[i; 10]).unwrap()).unwrap();
        if pos.is_over() {
            break;
        }
        let mut o = [9u32; 10];
        o[0] = i;
        o[1] = 0;
        pos.try_play(shape.cell(&o).unwrap()).unwrap();
    }
    let winner = pos.outcome().winner();
    assert_eq!(winner, Some(hypertac_core::Player::X));
    assert_eq!(pos.moves().len(), 19);
    assert_eq!(pos.lines_through(shape.cell(&[0; 10]).unwrap()).len(), 1023);
}

#[test]
fn sparse_random_games_on_a_large_board_find_the_same_wins_as_a_scan_of_played_lines() {
    // 20^3 with k = 4 played near the centre: sparse (forced) and dense agree.
    let rules = Rules::new(Shape::new(&[12, 12, 12]).unwrap(), 4).unwrap();
    let mut rng = Rng(3);
    for _ in 0..5 {
        let mut dense = Position::with_mode(rules.clone(), Mode::Dense).unwrap();
        let mut sparse = Position::with_mode(rules.clone(), Mode::Sparse).unwrap();
        while !dense.is_over() && dense.moves().len() < 400 {
            let coords: Vec<u32> = (0..3).map(|_| 4 + rng.below(4) as u32).collect();
            let m = rules.shape().cell(&coords).unwrap();
            if !dense.is_legal(m) {
                continue;
            }
            dense.play(m);
            sparse.play(m);
            assert_eq!(dense.outcome(), sparse.outcome());
        }
    }
}

#[test]
fn mode_limits() {
    for (name, mode) in [
        ("4d", Mode::Dense),
        ("nd 6 5", Mode::Dense),
        ("nd 5 6", Mode::Dense),
        ("gomoku", Mode::Dense),
        ("nd 7 7", Mode::Sparse),
        ("nd 3 12", Mode::Sparse),
        ("nd 10 10", Mode::Sparse),
    ] {
        assert_eq!(
            Mode::for_rules(&Rules::preset(name).unwrap()),
            mode,
            "{name}"
        );
    }
}
