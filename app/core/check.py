"""Check: mark what is already wrong without giving the answer away; it counts like a hint.

A game offers Check by defining `check(state) -> CheckResult | None` in its backend
(found with getattr, like the other optional hooks of `app.core.game`); None means
there is nothing to check now (the game is over, or nothing is placed yet). What a
check may say is the game's own choice, within one rule: it tells the player about
their own claims (flags, locks) or how far they are, never where an unmarked answer
lies (Minesweeper's check never reveals an unflagged mine).

The page: `can_check(backend, state)` for the button, then `run_check(session)`, which
counts the check as a hint (so records mark the game as helped) and returns the
result: announce `t(result.string_key, count=result.count)` and mark `result.cells`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Cell = tuple[int, int]


@dataclass(frozen=True)
class CheckResult:
    """What a check found: the catalogue key to announce, its count, and the cells to mark as wrong."""

    string_key: str  # e.g. "check_wrong_flags", "check_presses_left", "check_nothing_wrong"
    count: int = 0
    cells: tuple[Cell, ...] = ()  # (row, col) of the player's own marks found wrong

    @property
    def anything_wrong(self) -> bool:
        """Whether the check found a wrong mark."""
        return bool(self.cells)


NOTHING_WRONG = "check_nothing_wrong"


def check_hook(backend: Any) -> Callable[[Any], CheckResult | None] | None:
    """Return the game's `check`, or None when it offers none."""
    hook = getattr(backend, "check", None)
    return hook if callable(hook) else None


def can_check(backend: Any, state: Any) -> bool:
    """Return whether a Check button makes sense now: the game offers one and is in play."""
    return check_hook(backend) is not None and int(backend.status(state)) == 0


def check_state(backend: Any, state: Any) -> CheckResult | None:
    """Return the game's check of a state (pure: nothing is counted), or None when there is none."""
    hook = check_hook(backend)
    if hook is None or int(backend.status(state)) != 0:
        return None
    return hook(state)


def run_check(session: Any) -> CheckResult | None:
    """Check the session's current state and count it as a hint when a result is given."""
    result = check_state(session.backend, session.state)
    if result is not None:
        session.note_hint()
    return result
