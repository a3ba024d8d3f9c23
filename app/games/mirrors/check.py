"""Light Path's Check: how many turns the layout is from solved (no mirror is named)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core.check import CheckResult

if TYPE_CHECKING:
    from app.games.mirrors import State


def check(state: State) -> CheckResult | None:
    """Return the fewest turns that win from here; None when won or too tangled to search quickly."""
    from app.games.mirrors import remaining_turns, status  # late: this module is imported by the package

    if status(state) != 0:
        return None
    try:
        turns = remaining_turns(state)
    except ValueError:  # SolverLimitError is one; never for boards reached by play
        return None
    return CheckResult("mirrors_check_turns_left", turns)
