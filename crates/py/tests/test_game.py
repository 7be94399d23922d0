"""Game: rules as the CLI, moves, undo, outcome, copies, arrays, actions."""

import copy
import pickle

import numpy as np
import pytest

import hypertac


def test_presets_and_shapes_match_the_cli_rules():
    assert hypertac.Game("connect4").rules == "7x6 k4 gravity 1"
    assert hypertac.Game("qubic").rules == "4x4x4 k4"
    assert hypertac.Game("nd 5 3").rules == "5x5x5 k5"
    assert hypertac.Game(shape=(5, 5, 5), k=4, gravity=None).rules == "5x5x5 k4"
    assert hypertac.Game(shape="5x4", gravity="y").rules == "5x4 k4 gravity 1"
    assert hypertac.Game("connect4", gravity="none").gravity is None
    assert hypertac.Game("qubic", k=3).k == 3
    g = hypertac.Game("tictactoe", rule="anti")
    assert g.rule == "anti"
    assert hypertac.Game(shape=(5, 5), k=4, wrap=True).wrap
    assert ("qubic", "4x4x4, 4 in a row") in hypertac.presets()


def test_a_game_of_tictactoe():
    g = hypertac.Game("tictactoe")
    assert g.to_move() == "X" and not g.is_over() and g.winner() is None
    assert g.legal_moves() == list(range(9))
    for m in [(0, 0), "0,1", 4, (0, 2)]:
        g.play(m)
    assert g.moves() == [0, 3, 4, 6]
    assert g.to_move() == "X"
    g.play(8)
    assert g.is_over() and g.winner() == "X" and g.outcome() == "X wins"
    assert g.legal_moves() == []
    assert g.undo() == 8
    assert not g.is_over() and g.to_move() == "X"


def test_gravity_moves_land_and_actions_are_columns():
    g = hypertac.Game("connect4")
    assert g.num_actions == 7
    g.play("4")  # a column, as the CLI reads it
    g.play_action(3)
    assert g.moves() == [3, 10]
    assert g.coords(10) == [3, 1]
    assert g.action_of(10) == 3
    assert g.action_cell(3) == 17
    assert g.legal_actions() == list(range(7))
    assert g.legal_moves() == [0, 1, 2, 17, 4, 5, 6]
    g3 = hypertac.Game("connect4-3d")
    assert g3.num_actions == 16
    g3.play_action(5)
    assert g3.moves() == [5]
    g3.play_action(5)
    assert g3.coords(g3.last_move()) == [1, 1, 1]


def test_full_column_leaves_the_action_out_of_the_mask():
    g = hypertac.Game("connect4", moves="444444")
    assert g.legal_actions() == [0, 1, 2, 4, 5, 6]
    assert list(g.action_mask()) == [1, 1, 1, 0, 1, 1, 1]


def test_hash_depends_on_the_position_not_the_order():
    a = hypertac.Game("qubic", moves=[0, 5, 10])
    b = hypertac.Game("qubic", moves=[10, 5, 0])
    assert a.hash() == b.hash()
    assert a.hash() != hypertac.Game("qubic", moves=[0, 5, 11]).hash()


def test_copies_are_independent():
    g = hypertac.Game("qubic", moves=[0, 1])
    for c in (g.copy(), copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert c.moves() == [0, 1] and c.rules == g.rules
        c.play(2)
        assert g.moves() == [0, 1]


def test_pickle_keeps_every_rule():
    g = hypertac.Game(shape=(5, 4), k=3, gravity=1, rule="anti", wrap=False, moves="34")
    h = pickle.loads(pickle.dumps(g))
    assert (h.rules, h.rule, h.moves()) == (g.rules, g.rule, g.moves())


def test_board_and_planes_are_numpy_arrays_indexed_by_coordinates():
    g = hypertac.Game("connect4", moves="4453")
    b = g.board()
    assert b.shape == (7, 6) and b.dtype == np.int8
    assert b[3, 0] == 1 and b[3, 1] == -1 and b[4, 0] == 1 and b[2, 0] == -1
    assert int(np.abs(b).sum()) == 4
    p = g.planes()
    assert p.shape == (7, 6, 3)
    assert (p[..., 0] == (b == 1)).all() and (p[..., 1] == (b == -1)).all()
    assert (p[..., 2] == 1).all()  # X to move
    mine = g.planes("O")
    assert (mine[..., 0] == (b == -1)).all() and (mine[..., 2] == 0).all()
    b[0, 0] = 7  # writable, and a copy
    assert g.board()[0, 0] == 0


def test_board_of_4d():
    g = hypertac.Game("4d", moves=[1 + 4 * 2 + 16 * 3 + 64 * 0])
    assert g.board()[1, 2, 3, 0] == 1


def test_random_playouts_replay_to_the_same_outcomes():
    start = hypertac.Game("connect4", moves="44")
    batch = hypertac.random_playouts(start, 50, seed=3, record=True)
    assert batch["winner"].shape == (50,) and batch["length"].dtype == np.int32
    again = hypertac.random_playouts(start, 50, seed=3)
    assert (again["winner"] == batch["winner"]).all()
    for winner, length, moves in zip(batch["winner"], batch["length"], batch["moves"]):
        g = start.copy()
        g.play_many([int(m) for m in moves[:length]])
        assert g.is_over()
        assert {"X": 1, "O": -1, None: 0}[g.winner()] == winner
        assert (moves[length:] == -1).all()


def test_random_playouts_on_4d_end_when_someone_wins():
    batch = hypertac.random_playouts(hypertac.Game("4d"), 200, seed=1)
    lengths, winners = batch["length"], batch["winner"]
    assert ((lengths >= 7) & (lengths <= 256)).all()
    assert (winners[lengths % 2 == 1] != -1).all()  # X moves on odd plies
    assert (winners[lengths % 2 == 0] != 1).all()


def test_computer_moves_are_deterministic_and_legal():
    g = hypertac.Game("qubic", moves=[0, 21])
    a = hypertac.computer_move(g, "medium", seed=4, work=20000)
    assert a == hypertac.computer_move(g, "medium", seed=4, work=20000)
    move, reason = hypertac.choose(g, "easy")
    assert g.is_legal(move) and isinstance(reason, str)


def test_perfect_connect4_takes_a_winning_move():
    g = hypertac.Game("connect4", moves="445566")
    assert g.coords(hypertac.computer_move(g, "perfect")) in ([2, 0], [6, 0])


def test_prove_with_budgets_and_from_a_position():
    # Qubic after one move of X's: no shipped proof covers it (O to move).
    one = hypertac.Game("qubic", moves=[0])
    assert hypertac.prove(one, positions=10) == "unknown"
    assert hypertac.prove(one, seconds=0.05) in ("unknown", "X wins")
    after = hypertac.Game("tictactoe", moves=[4, 1])
    assert hypertac.prove(after) == "X wins"


def test_verify_rejects_a_tampered_certificate(tmp_path):
    path = tmp_path / "t.proof"
    hypertac.prove(hypertac.Game(shape=(4, 4), k=3), proof=str(path))
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError):
        hypertac.verify(str(path))


def test_shipped_proofs_answer_at_once():
    import time

    start = time.monotonic()
    assert hypertac.prove("qubic") == "X wins"
    assert hypertac.prove("qubic", positions=10) == "X wins"
    assert hypertac.prove("tictactoe", seconds=0.01) == "draw"
    assert hypertac.prove("4d") == "X wins"
    assert hypertac.prove("nd 4 5") == "X wins"
    assert time.monotonic() - start < 5


def test_connect_four_text_moves_are_columns_as_the_cli_reads_them():
    g = hypertac.Game("connect4")
    with pytest.raises(ValueError, match="a move is a column, not a cell"):
        g.play("4,0")
    with pytest.raises(ValueError, match="column 8 does not exist"):
        g.play("8")
    assert g.ply == 0
    g.play("4")
    assert g.coords(g.last_move()) == [3, 0]
    # Coordinates as a sequence are still cells, counted from 0.
    g.play((4, 0))
    assert g.coords(g.last_move()) == [4, 0]


def test_boards_are_drawn_with_y_as_the_terminal_draws_it():
    from hypertac._text import draw

    t = hypertac.Game("tictactoe", moves=[0])
    assert draw(t).splitlines()[0] == "X . ."  # y = 0 on top, as hypertac play
    c = hypertac.Game("connect4")
    c.play("4")
    rows = draw(c).splitlines()
    assert rows[5] == ". . . X . . ."  # stones fall: y = 0 at the bottom
    assert rows[0] == ". . . . . . ."
