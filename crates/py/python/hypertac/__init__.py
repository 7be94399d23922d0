"""hypertac: k-in-a-row games on boards of any number of dimensions.

The rules, the computer players, the perfect Connect Four solver, the prover
and the certificate checker of the hypertac workspace, compiled with PyO3.
Environments for PettingZoo (``hypertac.pettingzoo``), OpenSpiel
(``hypertac.openspiel``) and Gymnasium (``hypertac.gym``) are loaded on first
use, so importing ``hypertac`` needs only NumPy.

>>> import hypertac
>>> g = hypertac.Game("tictactoe")
>>> for m in [4, 0, 8, 2, 1, 7, 6, 3, 5]:
...     g.play(m)
>>> g.outcome()
'draw'
>>> hypertac.prove("tictactoe")
'draw'
"""

import importlib

from ._hypertac import (
    Game,
    ProofRejected,
    __version__,
    analyze,
    choose,
    computer_move,
    connect4_score,
    connect4_scores,
    presets,
    prove,
    random_playouts,
    review,
    verify,
)

__all__ = [
    "Game",
    "ProofRejected",
    "__version__",
    "analyze",
    "choose",
    "computer_move",
    "connect4_score",
    "connect4_scores",
    "presets",
    "prove",
    "random_playouts",
    "review",
    "verify",
    "pettingzoo",
    "openspiel",
    "gym",
]

_ENVIRONMENTS = ("pettingzoo", "openspiel", "gym")


def __getattr__(name):
    # hypertac.pettingzoo etc. import their library only when first used.
    if name in _ENVIRONMENTS:
        return importlib.import_module("." + name, __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
