"""A plain-text drawing of a board, for the environments' ``render``."""

import numpy as np

_SYMBOLS = {1: "X", -1: "O", 0: "."}


def draw(game):
    """The board as text, y as ``hypertac play`` draws it: y = 0 on the top
    row, or at the bottom when stones fall along y (Connect Four); one
    block per layer of the axes beyond the second (``z=0``, ``z=1``, ...)."""
    board = game.board()
    if board.ndim == 1:
        board = board.reshape(-1, 1)
    up = game.gravity == 1
    blocks = []
    layers = board.shape[2:]
    for layer in np.ndindex(*layers) if layers else [()]:
        plane = board[(slice(None), slice(None)) + layer]
        rows = [
            " ".join(_SYMBOLS[int(v)] for v in plane[:, y])
            for y in (reversed(range(plane.shape[1])) if up else range(plane.shape[1]))
        ]
        title = ",".join(f"{name}={i}" for name, i in zip("zwvu", layer))
        blocks.append((title + "\n" if title else "") + "\n".join(rows))
    state = game.outcome() if game.is_over() else game.to_move() + " to move"
    return "\n\n".join(blocks) + f"\n{game.rules}: {state}\n"
