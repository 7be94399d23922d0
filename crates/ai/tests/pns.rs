//! Proof-number search finds known game values.

use hypertac_ai::pns::{solve, GameValue};
use hypertac_ai::Budget;
use hypertac_core::{notation, Player, Position, Rules, Shape};

fn value(rules: Rules) -> GameValue {
    solve(&Position::new(rules), 5_000_000, &Budget::default()).value
}

#[test]
fn tictactoe_is_a_draw() {
    assert_eq!(value(Rules::preset("tictactoe").unwrap()), GameValue::Draw);
}

#[test]
fn three_in_a_row_on_4x4_is_a_first_player_win() {
    assert_eq!(
        value(Rules::new(Shape::new(&[4, 4]).unwrap(), 3).unwrap()),
        GameValue::Win(Player::X)
    );
}

#[test]
fn tictactoe_after_a_blunder_is_won_with_the_winning_move() {
    // X centre, O edge: X wins.
    let rules = Rules::preset("tictactoe").unwrap();
    let mut pos = Position::new(rules.clone());
    for text in ["1,1", "1,0"] {
        pos.play(notation::parse_cell(rules.shape(), text).unwrap());
    }
    let s = solve(&pos, 1_000_000, &Budget::default());
    assert_eq!(s.value, GameValue::Win(Player::X));
    let mut after = pos.clone();
    after.play(s.best.unwrap());
    assert_eq!(
        solve(&after, 1_000_000, &Budget::default()).value,
        GameValue::Win(Player::X)
    );
}

#[test]
fn four_in_a_row_with_gravity_on_4x4_is_a_draw() {
    let rules = Rules::new(Shape::new(&[4, 4]).unwrap(), 4)
        .unwrap()
        .with_gravity(Some(1))
        .unwrap();
    assert_eq!(value(rules), GameValue::Draw);
}

#[test]
fn node_limit_gives_unknown() {
    let s = solve(
        &Position::new(Rules::preset("qubic").unwrap()),
        1000,
        &Budget::default(),
    );
    assert_eq!(s.value, GameValue::Unknown);
}
