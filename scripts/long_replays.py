"""Replay links at the length limits, for the checks that long work is done in slices.

The browser tests (tests/browser/test_long_tasks_browser.py) count the turns the page gives
other tasks while it opens them; the bench (bench/longtasks.py) measures their longest task.
"""

from __future__ import annotations

import app.catalogue  # noqa: F401 - registers every game (a replay link is built from its backend)
from app.core.replay import replay_link
from app.core.rng import Rng
from app.games import mines, pipes


def mines_replay(seed: str) -> str:
    """A 50×50 Minesweeper replay of 5,001 moves: the first open, then a flag put on and taken off 2,500 times."""
    start = mines.generate(mines.parse_params("50x50n400"), Rng(seed))
    first = ("open", 25, 25)
    opened = mines.apply(start, first)
    row, col = next((r, c) for r in range(50) for c in range(50) if not opened.opened[r, c])
    moves = [first] + [(kind, row, col) for _ in range(2_500) for kind in ("flag", "unflag")]
    return replay_link(mines.SPEC, start, moves)


def pipes_replay(seed: str) -> str:
    """A 12×12 Pipe Link replay of 19,999 quarter turns, none of which clears the board."""
    state = start = pipes.generate(pipes.parse_params("path-12x12"), Rng(seed))
    cells = [(r, c) for r in range(12) for c in range(12)]
    moves: list[tuple[str, int, int]] = []
    index = 0
    while len(moves) < 19_999:
        move = ("cw", *cells[index % len(cells)])
        after = pipes.apply(state, move)
        if pipes.status(after) != 0:  # that turn would clear the board: turn another tile
            index += 1
            continue
        state = after
        moves.append(move)
        if len(moves) % 7 == 0:
            index += 1
    return replay_link(pipes.SPEC, start, moves)
