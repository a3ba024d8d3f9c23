"""Cross Light's Check: how many presses the board is from solved (no cell is named)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core.check import CheckResult

if TYPE_CHECKING:
    from app.games.crosslight import State


def check(state: State) -> CheckResult | None:
    """Return the fewest presses that clear the board; None when it is solved or cannot be solved."""
    from app.games.crosslight import par, status  # late: this module is imported by the package

    if status(state) != 0:
        return None
    try:
        presses = par(state)
    except ValueError:
        return None
    return CheckResult("crosslight_check_presses_left", presses)
