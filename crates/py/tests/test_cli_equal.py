"""The binding gives the CLI's answers: computer moves (`hypertac bot`),
Connect Four scores (`hypertac solve connect4 --analyze`), proved values
(`hypertac prove`) and certificates (`hypertac verify`)."""

import pytest

import hypertac

# Lines of the public Connect Four benchmark sets (../shared/bench/connect4:
# Test_L3_R1, Test_L2_R1, Test_L2_R2, Test_L1_R1), with the scores of every
# column that `hypertac solve connect4 --analyze` printed for them.
CONNECT4 = {
    "2252576253462244111563365343671351441": [None] * 5 + [-1, -2],
    "3135151421347443544172316522225776773566": [None] * 5 + [0, None],
    "5554224333234511764415115": [-8, -8, -8, -8, None, 4, -8],
    "662222576343651642712157": [1, None, -8, 8, 3, 1, 7],
    "274552224131661": [-9, -11, -12, 0, -11, -11, -11],
    "6242432155656447531617622": [0, -1, 0, 0, 0, -1, 0],
    "32164625": [-4, -3, 11, 4, 0, -2, -5],
    "65444437612": [-3, 13, -2, -3, -3, 3, -3],
}

# `hypertac bot` inputs: (n, d, moves), level, seed.
BOT_CASES = [
    ((3, 2, ""), "hard", 1),
    ((3, 2, "1,1;0,0"), "medium", 3),
    ((4, 3, ""), "easy", 1),
    ((4, 3, "0,0,0;1,1,1"), "medium", 7),
    ((4, 3, "0,0,0;1,1,1;0,1,0;3,3,3"), "hard", 2),
    ((4, 4, "0,0,0,0;1,1,1,1"), "easy", 5),
    ((5, 3, "2,2,2"), "random", 11),
    ((5, 3, "2,2,2;0,0,0"), "seed", 4),
]


@pytest.mark.parametrize("moves, scores", CONNECT4.items())
def test_connect4_scores_are_the_benchmark_analysis(moves, scores):
    assert hypertac.connect4_scores(moves) == scores


def test_connect4_scores_equal_the_cli(cli):
    out = cli(["solve", "connect4", "--analyze", "--threads", "1"], "\n".join(CONNECT4) + "\n")
    for line in out.splitlines():
        moves, *scores = line.split()
        expected = [None if s == "-" else int(s) for s in scores]
        assert hypertac.connect4_scores(moves) == expected, moves


def test_connect4_score_equals_the_cli(cli):
    out = cli(["solve", "connect4"], "\n".join(CONNECT4) + "\n")
    for line in out.splitlines():
        moves, score = line.split()
        assert hypertac.connect4_score(moves) == int(score)
        assert hypertac.connect4_score(hypertac.Game("connect4", moves=moves)) == int(score)


@pytest.mark.parametrize("case, level, seed", BOT_CASES)
def test_computer_move_equals_the_bot(cli, case, level, seed):
    n, d, moves = case
    out = cli(["bot", "--level", level, "--seed", str(seed)], f"{n},{d}\n{moves}\n")
    game = hypertac.Game(shape=(n,) * d, moves=moves)
    move = hypertac.computer_move(game, level, seed=seed)
    assert game.format_move(move) == out.strip()


@pytest.mark.parametrize(
    "args, game, value",
    [
        (["--game", "tictactoe"], "tictactoe", "draw"),
        (["--shape", "4x4", "--k", "3"], hypertac.Game(shape=(4, 4), k=3), "X wins"),
        (["--game", "nd 3 3"], "nd 3 3", "X wins"),
    ],
)
def test_proved_values_equal_the_cli(cli, args, game, value):
    assert hypertac.prove(game) == value
    out = cli(["prove", "--memory", "64", *args])
    assert f"value: {value}" in out


def test_certificates_cross_check(cli, tmp_path):
    ours = tmp_path / "py.proof"
    assert hypertac.prove(hypertac.Game(shape=(4, 4), k=3), proof=str(ours)) == "X wins"
    assert "proof accepted: X wins" in cli(["verify", str(ours)])
    theirs = tmp_path / "cli.proof"
    cli(["prove", "--memory", "64", "--game", "tictactoe", "--proof", str(theirs)])
    assert hypertac.verify(str(theirs)) == "draw"


@pytest.mark.parametrize(
    "args, game, moves",
    [
        (["--game", "tictactoe", "--moves", "1,1"], "tictactoe", "1,1"),
        (["--shape", "4x4", "--k", "3", "--moves", "0,0;1,1"], hypertac.Game(shape=(4, 4), k=3), "0,0;1,1"),
        (["--game", "qubic", "--moves", "0,0,0"], "qubic", [(0, 0, 0)]),
        (["--game", "tictactoe", "--moves", "1,1;0,1"], "tictactoe", "1,1;0,1"),
    ],
)
def test_analyze_equals_the_cli(cli, args, game, moves):
    import json

    want = json.loads(cli(["analyze", "--json", *args]))
    got = hypertac.analyze(game, moves)
    assert got["value"] == want["value"] and got["complete"] and want["complete"]
    assert [(m["move"], m["value"], m["proved"], m["best"], m["why"]) for m in got["moves"]] == [
        (m["move"], m["value"], m["proved"], m["best"], m.get("why")) for m in want["moves"]
    ]
    # Draws by pairs name the same pairs (lists in Python, arrays in JSON).
    assert [(m["why_pairs"], m["why_pairs_by"]) for m in got["moves"]] == [
        (m.get("why_pairs"), m.get("why_pairs_by")) for m in want["moves"]
    ]
    # Complete: no bound anywhere (the CLI leaves the key out, Python gives None).
    assert got["bound"] is None and "bound" not in want
    assert all(m["bound"] is None for m in got["moves"])
    assert all("bound" not in m for m in want["moves"])


def test_a_bound_is_proved_where_one_side_cannot_win():
    # 4x4 k4 with a millisecond: some moves are known only in part; each
    # such bound holds (the full answer, given time, never contradicts it).
    game = hypertac.Game(shape=(4, 4), k=4)
    moves = "0,0;1,1;2,2;3,3;0,1;1,0"
    quick = hypertac.analyze(game, moves, seconds=0.002)
    full = hypertac.analyze(game, moves, seconds=60)
    assert full["complete"]
    values = {m["move"]: m["value"] for m in full["moves"]}
    for m in quick["moves"]:
        if m["bound"] is not None:
            assert m["value"] == "unknown" and not m["proved"]
            side = m["bound"].split()[0]
            assert values[m["move"]] in (f"{side} wins", "draw"), (m, values[m["move"]])


def test_review_equals_the_cli(cli):
    import json

    moves = "0,0;0,1;1,1;2,2;2,1"
    want = json.loads(cli(["analyze", "--json", "--review", "--game", "tictactoe", "--moves", moves]))["review"]
    got = hypertac.review("tictactoe", moves)
    keys = ["ply", "player", "move", "before", "after", "threw_away", "why", "why_moves", "missed"]
    assert [[s[k] for k in keys] for s in got] == [[s.get(k) for k in keys] for s in want]
    # O's 0,1 threw away the draw and loses to X's threats; X's 2,1 threw away the win.
    assert got[1]["threw_away"] == "draw" and got[1]["why"].startswith("X plays ")
    assert got[1]["why_moves"] == ["1,0", "2,0", "1,1"]
    assert got[4]["threw_away"] == "win" and got[4]["missed"].startswith("X plays 1,0")
