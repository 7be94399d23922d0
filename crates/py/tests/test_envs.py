"""The environments pass their libraries' own checks: PettingZoo's
api_test, OpenSpiel's random simulation test, Gymnasium's env checker."""

import numpy as np
import pytest

import hypertac

pettingzoo = pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")
gymnasium = pytest.importorskip("gymnasium")

import hypertac.gym  # noqa: E402
import hypertac.openspiel  # noqa: E402
import hypertac.pettingzoo  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

GAMES = [
    dict(game="tictactoe"),
    dict(game="qubic"),
    dict(game="4d"),
    dict(game="connect4"),
    dict(game="connect4-3d"),
    dict(shape=(5, 5, 5), k=4, gravity=None),
    dict(shape=(6, 5), k=4, gravity="y", rule="anti"),
    dict(shape=(5, 5), k=4, wrap=True, rule="most-lines"),
]


@pytest.mark.parametrize("rules", GAMES)
def test_pettingzoo_api_test(rules):
    api_test(hypertac.pettingzoo.env(**rules), num_cycles=300)


def test_pettingzoo_observations_and_rewards():
    env = hypertac.pettingzoo.env(game="connect4", render_mode="ansi")
    env.reset(seed=0)
    assert env.observation_space("player_0")["observation"].shape == (7, 6, 2)
    for column in [3, 4, 3, 4, 3, 4]:
        env.step(column)
    obs, _, _, _, _ = env.last()
    assert obs["observation"][3, :3, 0].tolist() == [1, 1, 1]  # player_0's own stones
    assert obs["action_mask"].tolist() == [1] * 7
    env.step(3)
    assert env.rewards == {"player_0": 1, "player_1": -1}
    assert all(env.terminations.values())
    assert "X wins" in env.render()


def test_pettingzoo_illegal_move_ends_the_game_with_minus_one():
    env = hypertac.pettingzoo.env(game="connect4")
    env.reset()
    for _ in range(6):
        env.step(0)
    env.step(0)  # a full column
    assert env.rewards["player_0"] == -1 and all(env.terminations.values())


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"game": "qubic"},
        {"game": "connect4"},
        {"game": "4d"},
        {"shape": "5x5x5", "k": 4},
        {"shape": "6x5", "k": 4, "gravity": "y"},
        {"game": "tictactoe", "rule": "anti"},
    ],
)
def test_openspiel_random_simulation(params):
    hypertac.openspiel.register()
    game = pyspiel.load_game("hypertac", params)
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


def test_openspiel_state():
    hypertac.openspiel.register()
    game = pyspiel.load_game("hypertac", {"game": "qubic"})
    assert game.num_distinct_actions() == 64 and game.max_game_length() == 64
    state = game.new_initial_state()
    for a in [0, 16, 1, 17, 2, 18]:
        state.apply_action(a)
    clone = state.clone()
    state.apply_action(3)
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert not clone.is_terminal() and clone.current_player() == 0
    tensor = np.array(clone.observation_tensor(0)).reshape(3, 4, 4, 4)
    assert tensor[1, 0, 0, 0] == 1 and tensor[2, 0, 0, 1] == 1 and tensor[0].sum() == 58


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(game="connect4", opponent="easy"),
        dict(game="tictactoe", opponent="hard", agent="O"),
        dict(game="qubic", opponent="random"),
    ],
)
def test_gymnasium_env_checker(kwargs):
    check_env(hypertac.gym.HypertacEnv(**kwargs), skip_render_check=True)


def test_gymnasium_episode_against_perfect_tictactoe():
    env = gymnasium.make("hypertac/KInARow-v0", game="tictactoe", opponent="hard")
    obs, info = env.reset(seed=1)
    assert obs.shape == (3, 3, 2)
    done, reward = False, 0.0
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, done, _, info = env.step(action)
    assert reward in (-1.0, 0.0)  # nobody beats the prover's tic-tac-toe
    env.reset(seed=2)
    _, r, done, _, info = env.unwrapped.step(9)  # no such cell
    assert done and r == -1.0 and info["illegal"]
