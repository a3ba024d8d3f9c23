"""Minesweeper's Check: the flags standing on safe cells. It never says anything of an unflagged cell."""

from __future__ import annotations

import numpy as np

from app.core.check import NOTHING_WRONG, CheckResult

from .board import FLAG_MARK, State, status


def check(state: State) -> CheckResult | None:
    """Return the flagged safe cells (row-major); None before the mines are laid, with no flag, or once over."""
    if state.mines is None or status(state) != 0:
        return None
    flags = state.marks == FLAG_MARK
    if not flags.any():
        return None  # no claim to check yet: nothing is said, and nothing is counted
    wrong = flags & ~state.mines  # only flagged cells can ever be named
    cells = tuple((int(row), int(col)) for row, col in np.argwhere(wrong))
    if not cells:
        return CheckResult(NOTHING_WRONG)
    return CheckResult("mines_check_wrong_flags", len(cells), cells)
