"""Check: mark what is already wrong without giving the answer away; it counts like a hint.

A game offers Check by filling `GameSpec.check` with `check(state) -> CheckResult | None`
(left None, the game has no Check button); a result of None means
there is nothing to check now (the game is over, or nothing is placed yet). What a
check may say is the game's own choice, within one rule: it tells the player about
their own claims (flags, locks) or how far they are, never where an unmarked answer
lies (Minesweeper's check never reveals an unflagged mine).

The page: `can_check(spec, state)` for the button, then `run_check(session)`, which
counts the check as a hint (so records mark the game as helped) and returns the
result: announce `t(result.string_key, count=result.count)` and mark `result.cells`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.core.game import GameSpec
    from app.core.session import Session

Cell = tuple[int, int]


@dataclass(frozen=True)
class CheckResult:
    """What a check found: the catalogue key to announce, its count, and the cells to mark as wrong."""

    string_key: str  # the game's own words ("mines_check_wrong_flags") or the shared "check_nothing_wrong"
    count: int = 0
    cells: tuple[Cell, ...] = ()  # (row, col) of the player's own marks found wrong

    @property
    def anything_wrong(self) -> bool:
        """Whether the check found a wrong mark."""
        return bool(self.cells)


NOTHING_WRONG = "check_nothing_wrong"


def check_hook(spec: GameSpec[Any, Any, Any]) -> Callable[[Any], CheckResult | None] | None:
    """Return the game's `check`, or None when it offers none."""
    return spec.check


def can_check(spec: GameSpec[Any, Any, Any], state: object) -> bool:
    """Return whether a Check button makes sense now: the game offers one and is in play."""
    return spec.check is not None and int(spec.status(state)) == 0


def check_state(spec: GameSpec[Any, Any, Any], state: object) -> CheckResult | None:
    """Return the game's check of a state (pure: nothing is counted), or None when there is none."""
    if spec.check is None or int(spec.status(state)) != 0:
        return None
    return spec.check(state)


def run_check(session: Session[Any, Any]) -> CheckResult | None:
    """Check the session's current state and count it as a hint when a result is given."""
    result = check_state(session.backend, session.state)
    if result is not None:
        session.note_hint()
    return result
