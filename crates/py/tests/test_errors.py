"""Bad input raises ValueError in the core's words (never a crash), and
leaves the game as it was."""

import pytest

import hypertac


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: hypertac.Game("nope"), 'unknown game "nope"'),
        (lambda: hypertac.Game(), "no game"),
        (lambda: hypertac.Game("qubic", shape=(3, 3)), "either game or shape"),
        (lambda: hypertac.Game(shape=(3, 3), k=5), "k = 5 is longer than every axis of a 3x3 board"),
        (lambda: hypertac.Game(shape=(3, 3), k=-1), "k (cells in a row) is 2 to 255, not -1"),
        (lambda: hypertac.Game(shape=(3, 0)), "an axis has 1 to"),
        (lambda: hypertac.Game(shape="3xq"), "shape:"),
        (lambda: hypertac.Game(shape=(3, 3), gravity=2), "gravity axis 2 does not exist"),
        (lambda: hypertac.Game(shape=(3, 3), gravity="up"), 'gravity "up"'),
        (lambda: hypertac.Game(shape=(3, 3), gravity=True), "gravity=True"),
        (lambda: hypertac.Game("tictactoe", rule="best"), 'unknown rule "best"'),
        (lambda: hypertac.Game(shape=(2, 2), k=2, wrap=True), "wrap-around needs every axis"),
        (lambda: hypertac.Game("connect4", moves="4444444"), "column 4 is full"),
        (lambda: hypertac.Game("connect4", moves="48"), "expected a column from 1 to 7"),
        (lambda: hypertac.Game("tictactoe", moves=[4, 4]), "move 2 of the list: cell 1,1 is already taken by X"),
    ],
)
def test_bad_rules_and_move_lists(make, words):
    with pytest.raises(ValueError) as e:
        make()
    assert words in str(e.value)


@pytest.mark.parametrize(
    "move, words",
    [
        (0, "cell 0,0 is already taken by X"),
        (9, "cell index 9 is not on the board (0 to 8)"),
        (-1, "cell index -1 is not on the board"),
        ((3, 0), "cell 3,0 is outside a 3x3 board"),
        ((1,), "has 1 coordinates; a 3x3 board needs 2"),
        ("a,b", "a,b"),
        (1.5, "a move is a cell index"),
        (None, "a move is a cell index"),
    ],
)
def test_bad_moves(move, words):
    g = hypertac.Game("tictactoe", moves=[0])
    with pytest.raises(ValueError) as e:
        g.play(move)
    assert words in str(e.value)
    assert g.moves() == [0]


def test_gravity_and_game_over_errors():
    g = hypertac.Game("connect4")
    with pytest.raises(ValueError, match="stones fall"):
        g.play((3, 2))
    with pytest.raises(ValueError, match="action 7 does not exist: actions are 0 to 6"):
        g.play_action(7)
    won = hypertac.Game("tictactoe", moves=[0, 3, 1, 4, 2])
    with pytest.raises(ValueError, match="the game is over"):
        won.play(8)
    with pytest.raises(ValueError, match="the game is over"):
        hypertac.computer_move(won)
    with pytest.raises(ValueError, match="game is over|over"):
        hypertac.prove(won)


def test_engine_argument_errors():
    g = hypertac.Game("tictactoe")
    with pytest.raises(ValueError, match='unknown level "superb"'):
        hypertac.computer_move(g, "superb")
    with pytest.raises(ValueError, match="seed is a whole number"):
        hypertac.computer_move(g, "easy", seed=-3)
    with pytest.raises(ValueError, match="seconds is a positive number"):
        hypertac.computer_move(g, "easy", seconds=0)
    with pytest.raises(ValueError, match="count is a whole number"):
        hypertac.random_playouts(g, -1)
    with pytest.raises(ValueError, match="too large"):
        hypertac.random_playouts(hypertac.Game(shape=(2048, 2048), k=5), 1)
    with pytest.raises(ValueError, match="at most"):
        hypertac.Game(shape=(10000, 10000), k=5).board()
    with pytest.raises(ValueError, match='player "Z"'):
        g.planes("Z")


def test_solver_and_prover_errors(tmp_path):
    with pytest.raises(ValueError, match="column 8 is outside 1-7 at move 2"):
        hypertac.connect4_scores("48")
    with pytest.raises(ValueError, match="invalid position"):
        hypertac.connect4_scores("4455667")
    with pytest.raises(ValueError, match="7x6 board with gravity 1"):
        hypertac.connect4_scores(hypertac.Game("qubic"))
    with pytest.raises(ValueError, match="column string"):
        hypertac.connect4_scores(44)
    with pytest.raises(ValueError, match="8192"):
        hypertac.prove(hypertac.Game(shape=(100, 100), k=5))
    with pytest.raises(ValueError, match="memory_mb"):
        hypertac.prove("tictactoe", memory_mb=0)
    with pytest.raises(ValueError, match="rule"):
        hypertac.prove(hypertac.Game("tictactoe", rule="anti"))
    with pytest.raises(OSError):
        hypertac.verify(str(tmp_path / "missing.proof"))
    junk = tmp_path / "junk.proof"
    junk.write_text("not a proof\n")
    with pytest.raises(ValueError):
        hypertac.verify(str(junk))
