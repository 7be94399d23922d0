"""Searches release the GIL: another Python thread keeps running meanwhile."""

import threading
import time

import hypertac


def longest_pause_while(work):
    """Runs `work` in a thread; returns (its duration, the longest stretch
    during it in which this thread could not run)."""
    done = threading.Event()
    took = []

    def run():
        start = time.perf_counter()
        work()
        took.append(time.perf_counter() - start)
        done.set()

    thread = threading.Thread(target=run)
    last = time.perf_counter()
    longest = 0.0
    thread.start()
    while not done.is_set():
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
        time.sleep(0.001)
    thread.join()
    return took[0], longest


def test_the_prover_releases_the_gil():
    # After one move no shipped proof answers: the prover searches.
    one = hypertac.Game("qubic", moves=[0])
    took, pause = longest_pause_while(lambda: hypertac.prove(one, seconds=0.6))
    assert took > 0.5
    assert pause < took / 2


def test_computer_moves_release_the_gil():
    game = hypertac.Game("gomoku", moves=[112, 113])
    took, pause = longest_pause_while(lambda: hypertac.computer_move(game, "hard"))
    assert took > 0.2
    assert pause < took / 2, (took, pause)
