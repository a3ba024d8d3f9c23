"""Pipe Link's Check: the locked tiles turned the wrong way (unlocked tiles are never named).

Net: the puzzle has one solution, so a locked tile is wrong when it differs from it.
Path: locks are wrong only when together they block every route; then the route that
changes the fewest locked tiles names them (the same route the hint would fix).
With no wrong lock, Check says how many turns are left (as Light Path's does), never which.
"""

from __future__ import annotations

from app.core.check import NOTHING_WRONG, CheckResult

from . import net_solver, path_solver
from .board import State
from .flow import is_cleared
from .params import NET


def _wrong_locks(state: State) -> list[int] | None:
    if state.params.mode == NET:
        solution = net_solver.solve(state)
        if solution is None:
            return None
        return [cell for cell, value in enumerate(state.tiles) if state.locked[cell] and value != solution[cell]]
    if not any(state.locked) or path_solver.cheapest_route(state, "respect") is not None:
        return []
    route = path_solver.cheapest_route(state, "penalise", penalty=2 * len(state.tiles) + 1)
    if route is None:
        return None
    return sorted(cell for cell, value in route.cells if state.locked[cell] and state.tiles[cell] != value)


def _turns_left(state: State) -> int | None:
    """The fewest clicks that clear the board without turning a locked tile (None: the locks forbid it)."""
    from . import remaining_turns  # the package's own: path or Net

    return remaining_turns(state)


def check(state: State) -> CheckResult | None:
    """Return the wrongly locked tiles as (row, col); None when cleared or the board has no solution."""
    if is_cleared(state):
        return None
    wrong = _wrong_locks(state)
    if wrong is None:
        return None
    if not wrong:
        left = _turns_left(state)
        return CheckResult("pipes_check_turns_left", left) if left else CheckResult(NOTHING_WRONG)
    cells = tuple(divmod(cell, state.width) for cell in wrong)
    return CheckResult("pipes_check_wrong_locks", len(cells), cells)
