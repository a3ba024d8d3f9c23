"""Endless runs: the board a run asks for next, bigger and harder as the run grows.

A run is the number of endless boards won in a row (kept by `app.core.runs`); each board
of the run is made from `run_params(run)`. The first is a small easy board, and every
`WINS_PER_STEP` wins the next step of `STEPS` makes it bigger or harder, up to the largest
hard board; the size never shrinks and the difficulty never falls as the run goes on.
"""

from __future__ import annotations

from .board import Params

# (side, difficulty) in the order a run meets them: the size or the difficulty rises at each step.
STEPS: tuple[tuple[int, str], ...] = (
    (5, "easy"),
    (6, "easy"),
    (6, "normal"),
    (7, "normal"),
    (8, "normal"),
    (8, "hard"),
    (9, "hard"),
    (10, "hard"),
)
WINS_PER_STEP = 2


def run_params(run: int) -> Params:
    """Return the params of the board an endless run asks for after `run` wins in a row (run >= 0)."""
    if isinstance(run, bool) or not isinstance(run, int) or run < 0:
        raise ValueError(f"a run is a count of wins, not {run!r}")
    side, difficulty = STEPS[min(run // WINS_PER_STEP, len(STEPS) - 1)]
    return Params(side, side, difficulty)
