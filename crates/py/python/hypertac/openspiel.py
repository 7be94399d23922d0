"""hypertac as an OpenSpiel game, registered from Python.

>>> import pyspiel, hypertac.openspiel
>>> hypertac.openspiel.register()
>>> game = pyspiel.load_game("hypertac", {"game": "qubic"})
>>> state = game.new_initial_state()
>>> state.apply_action(state.legal_actions()[0])

Parameters (all optional): ``game`` (a preset, default ``"tictactoe"``),
``shape`` (``"5x5x5"``; replaces ``game``), ``k``, ``gravity`` (``"z"``,
``"2"``, ``"none"``), ``rule`` (``first``, ``most-lines``, ``anti``),
``wrap``: the same settings as ``hypertac.Game`` and the CLI. A
deterministic, perfect-information, zero-sum game of two players with
terminal rewards +1/-1/0. Actions number the cells, or with gravity the
columns (see ``hypertac.Game.num_actions``). The observation tensor has
shape ``(3, *board_shape)``: empty cells, X's stones, O's stones.
"""

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from . import Game
from ._text import draw

__all__ = ["register", "HypertacGame", "HypertacState"]

_DEFAULTS = {
    "game": "tictactoe",
    "shape": "",
    "k": 0,
    "gravity": "",
    "rule": "first",
    "wrap": False,
}


def _game_type(name):
    return pyspiel.GameType(
        short_name=name,
        long_name="hypertac k-in-a-row",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )


def register(name="hypertac"):
    """Registers the game with OpenSpiel under ``name`` (once; calling again
    does nothing), so that ``pyspiel.load_game(name, {...})`` works."""
    if name in pyspiel.registered_names():
        return
    game_type = _game_type(name)
    named = type("HypertacGame", (HypertacGame,), {"game_type": game_type})
    pyspiel.register_game(game_type, named)


def _rules(params):
    p = dict(_DEFAULTS)
    p.update(params or {})
    rules = {"rule": p["rule"] or None, "wrap": bool(p["wrap"])}
    if p["shape"]:
        rules["shape"] = p["shape"]
    else:
        rules["game"] = p["game"]
    if p["k"]:
        rules["k"] = int(p["k"])
    if p["gravity"]:
        rules["gravity"] = p["gravity"]
    return rules


class HypertacGame(pyspiel.Game):
    """A k-in-a-row game under the rules of its parameters."""

    # The type registered (each registered name has its subclass).
    game_type = None

    def __init__(self, params=None):
        self.rules = _rules(params)
        self._start = Game(**self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=self._start.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self._start.cell_count,
        )
        super().__init__(self.game_type or _game_type("hypertac"), info, params or {})

    def new_initial_state(self):
        return HypertacState(self, self._start.copy())

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (
            iig_obs_type.public_info and not iig_obs_type.perfect_recall
        ):
            return BoardObserver(self._start.shape, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class HypertacState(pyspiel.State):
    """A position: a ``hypertac.Game`` in ``self.game``."""

    def __init__(self, game, position):
        super().__init__(game)
        self.game = position

    def current_player(self):
        if self.game.is_over():
            return pyspiel.PlayerId.TERMINAL
        return 0 if self.game.to_move() == "X" else 1

    def _legal_actions(self, player):
        return self.game.legal_actions()

    def _apply_action(self, action):
        self.game.play_action(action)

    def _action_to_string(self, player, action):
        side = "X" if player == 0 else "O"
        if self.game.gravity is not None:
            return f"{side} column {action}"
        return f"{side}({self.game.format_move(action)})"

    def is_terminal(self):
        return self.game.is_over()

    def returns(self):
        winner = self.game.winner()
        if winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == "X" else [-1.0, 1.0]

    def __str__(self):
        return draw(self.game)


class BoardObserver:
    """The whole board (perfect information), as OpenSpiel's PyObserver."""

    def __init__(self, board_shape, params):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        shape = (3,) + tuple(board_shape)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state, player):
        board = state.game.board()
        obs = self.dict["observation"]
        obs[0] = board == 0
        obs[1] = board == 1
        obs[2] = board == -1

    def string_from(self, state, player):
        return draw(state.game)
