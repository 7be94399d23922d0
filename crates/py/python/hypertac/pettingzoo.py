"""hypertac as a PettingZoo AEC environment: any preset or shape, k,
gravity, rule and wrap.

>>> import hypertac.pettingzoo
>>> env = hypertac.pettingzoo.env(game="qubic")
>>> env.reset(seed=0)
>>> for agent in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     if termination or truncation:
...         action = None
...     else:
...         action = env.action_space(agent).sample(observation["action_mask"])
...     env.step(action)

Conventions of PettingZoo's classic board games (``connect_four_v3``):
agents ``player_0`` (X, moves first) and ``player_1`` (O); an observation is
a dict with ``observation``, an ``int8`` array of shape ``(*board_shape, 2)``
(the observing agent's stones, then the opponent's; ``board_shape`` is x
first, so Connect Four is ``(7, 6, 2)``), and ``action_mask``, ``int8``, 1 for
the legal actions of the agent to move (all 0 for the other). Actions number
the cells, or with gravity the columns (Connect Four: 7). Rewards: +1 to the
winner, -1 to the loser, 0 for a draw. An illegal move ends the game with -1
for the player who made it (``TerminateIllegalWrapper``).
"""

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.agent_selector import AgentSelector

from . import Game
from ._text import draw

__all__ = ["env", "raw_env"]


def env(**kwargs):
    """The environment with PettingZoo's usual wrappers (illegal move: -1
    and the game ends; out-of-range actions and calls out of order raise).
    Arguments as ``raw_env``."""
    e = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv, EzPickle):
    """A hypertac game between two agents.

    ``game``: a preset (``"tictactoe"``, ``"qubic"``, ``"4d"``, ``"connect4"``,
    ``"connect4-3d"``, ``"gomoku"``, ``"nd 5 3"``); or ``shape`` (``(5, 5, 5)``)
    with ``k``; ``gravity``, ``rule``, ``wrap`` as for ``hypertac.Game``.
    ``render_mode``: ``"ansi"`` (``render()`` returns text) or ``"human"``
    (prints it).
    """

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "hypertac_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game="tictactoe",
        shape=None,
        k=None,
        gravity=None,
        rule=None,
        wrap=False,
        render_mode=None,
    ):
        EzPickle.__init__(self, game, shape, k, gravity, rule, wrap, render_mode)
        super().__init__()
        if shape is not None:
            game = None
        self._rules = dict(game=game, shape=shape, k=k, gravity=gravity, rule=rule, wrap=wrap)
        self.game = Game(**self._rules)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r}: expected one of {self.metadata['render_modes']}"
            )
        self.render_mode = render_mode
        self.agents = ["player_0", "player_1"]
        self.possible_agents = self.agents[:]
        board_shape = tuple(self.game.shape)
        n = self.game.num_actions
        self.action_spaces = {a: spaces.Discrete(n) for a in self.agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0, high=1, shape=board_shape + (2,), dtype=np.int8
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self.agents
        }

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        side = "X" if agent == self.possible_agents[0] else "O"
        observation = self.game.planes(side)[..., :2]
        if agent == self.agent_selection and not self.game.is_over():
            mask = self.game.action_mask()
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed=None, options=None):
        self.game = Game(**self._rules)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        # The wrappers have checked the action against the mask.
        self.game.play_action(int(action))
        self._cumulative_rewards[agent] = 0
        winner = self.game.winner()
        if winner is not None:
            win_agent = self.possible_agents[0 if winner == "X" else 1]
            for a in self.agents:
                self.rewards[a] = 1 if a == win_agent else -1
        if self.game.is_over():
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self._agent_selector.next()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = draw(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
