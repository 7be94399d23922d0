"""hypertac as a Gymnasium single-agent environment: the agent plays one
side, a computer level (``hypertac.computer_move``) the other.

>>> import gymnasium, hypertac.gym
>>> env = gymnasium.make("hypertac/KInARow-v0", game="connect4", opponent="easy")
>>> observation, info = env.reset(seed=0)
>>> action = int(info["action_mask"].nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = env.step(action)

Observation: an ``int8`` array of shape ``(*board_shape, 2)``, the agent's
stones then the opponent's (as ``hypertac.pettingzoo``). Actions: the cells,
or with gravity the columns. ``info["action_mask"]`` (and
``env.action_masks()``) marks the legal ones. Reward at the end: +1 win,
-1 loss, 0 draw; an illegal action ends the episode with ``illegal_reward``
(default -1). The opponent's moves are deterministic given ``reset``'s seed.
"""

import gymnasium
import numpy as np
from gymnasium import spaces

from . import Game, computer_move
from ._text import draw

__all__ = ["HypertacEnv", "ENV_ID"]

ENV_ID = "hypertac/KInARow-v0"


class HypertacEnv(gymnasium.Env):
    """One side of a hypertac game against a computer level.

    ``game``, ``shape``, ``k``, ``gravity``, ``rule``, ``wrap``: the rules, as
    ``hypertac.Game``. ``opponent``: random, seed, easy, medium, hard or
    perfect; ``work``: its node budget (None: the level's). ``agent``:
    ``"X"`` (moves first) or ``"O"``.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(
        self,
        game="tictactoe",
        shape=None,
        k=None,
        gravity=None,
        rule=None,
        wrap=False,
        opponent="easy",
        agent="X",
        work=None,
        illegal_reward=-1.0,
        render_mode=None,
    ):
        if shape is not None:
            game = None
        self._rules = dict(game=game, shape=shape, k=k, gravity=gravity, rule=rule, wrap=wrap)
        self.game = Game(**self._rules)
        if agent not in ("X", "O"):
            raise ValueError(f'agent {agent!r}: expected "X" or "O"')
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r}: expected one of {self.metadata['render_modes']}"
            )
        # Checks the level's name now rather than at the first move.
        computer_move(Game("tictactoe"), opponent, work=work)
        self.opponent = opponent
        self.agent = agent
        self.work = work
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            low=0, high=1, shape=tuple(self.game.shape) + (2,), dtype=np.int8
        )
        self.action_space = spaces.Discrete(self.game.num_actions)
        self._seed = 0

    def action_masks(self):
        """The legal actions as booleans (for maskable agents)."""
        return self.game.action_mask().astype(bool)

    def _observe(self):
        return self.game.planes(self.agent)[..., :2]

    def _info(self, **extra):
        return {"action_mask": self.game.action_mask(), **extra}

    def _reply(self):
        move = computer_move(self.game, self.opponent, seed=self._seed + self.game.ply, work=self.work)
        self.game.play(move)

    def _reward(self):
        winner = self.game.winner()
        if winner is None:
            return 0.0
        return 1.0 if winner == self.agent else -1.0

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self._seed = int(self.np_random.integers(0, 2**63))
        self.game = Game(**self._rules)
        if self.agent == "O":
            self._reply()
        return self._observe(), self._info()

    def step(self, action):
        if self.game.is_over():
            raise RuntimeError("the episode has ended: call reset()")
        mask = self.game.action_mask()
        a = int(action)
        if not (0 <= a < len(mask)) or not mask[a]:
            return self._observe(), self.illegal_reward, True, False, self._info(illegal=True)
        self.game.play_action(a)
        if not self.game.is_over():
            self._reply()
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._reward(), self.game.is_over(), False, self._info()

    def render(self):
        if self.render_mode is None:
            return None
        text = draw(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="hypertac.gym:HypertacEnv")
