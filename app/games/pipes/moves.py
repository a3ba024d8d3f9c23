"""Moves, what they cost on the move counter, and hints.

Moves are plain tuples so a saved game survives JSON (lists read back as tuples):

- ("cw", row, col) / ("ccw", row, col): turn an unlocked tile a quarter; 1 on the counter;
- ("lock", row, col): lock or unlock a tile; ("unlock_all",): unlock every tile; both free;
- ("set", row, col, value): the hint's move: turn the tile to `value` (one of its own
  orientations) and lock it; it may turn a locked tile, because the hint that fixes a
  wrongly locked tile is this move. It costs the clicks it saves: 1 or 2.

Once the board is cleared it locks: every move raises ValueError.

Hints. Path mode: the cheapest route from the current layout that keeps every locked
tile as it is; the hint is the first tile on it (from the entrance) that needs a turn.
If locked tiles block every route, the hint takes the route that changes the fewest
locked tiles (then fewest clicks) and fixes one of those locked tiles first. Net mode:
the puzzle has one solution; the hint is the first wrongly turned locked tile, else the
first wrongly turned tile, in row-major order. Every hint lowers a measure that is never
negative (path: the route's cost under the same rule; Net: the tiles left wrong), so
following hints from any layout ends in a win.
"""

from __future__ import annotations

from typing import Any

from app.core.board_cells import cell_on_board
from app.core.game import RefusedMoveError

from . import net_solver, path_solver
from .board import State
from .flow import is_cleared
from .params import NET
from .tiles import clicks_between, rotate_ccw, rotate_cw

Move = tuple[Any, ...]
TURNS = ("cw", "ccw")


def _cell(state: State, row: Any, col: Any) -> int:
    """Return the cell index of (row, col), or raise ValueError if they are not a cell of the board."""
    r, c = cell_on_board(row, col, state.height, state.width)
    return r * state.width + c


def _read(state: State, move: Any) -> tuple[str, int, int | None]:
    """Return (kind, cell, value) of a well-formed move, or raise ValueError."""
    if not isinstance(move, tuple | list) or not move or not isinstance(move[0], str):
        raise ValueError(f"a move is a tuple such as ('cw', row, col), not {move!r}")
    kind = move[0]
    if kind == "unlock_all" and len(move) == 1:
        return kind, -1, None
    if kind in (*TURNS, "lock") and len(move) == 3:
        return kind, _cell(state, move[1], move[2]), None
    if kind == "set" and len(move) == 4:
        cell = _cell(state, move[1], move[2])
        value = move[3]
        if isinstance(value, bool) or not isinstance(value, int) or clicks_between(state.tiles[cell], value) is None:
            raise ValueError(f"tile ({move[1]}, {move[2]}) cannot be turned to {value!r}")
        return kind, cell, value
    raise ValueError(f"unknown move {move!r}")


def apply(state: State, move: Move) -> State:
    """Return the board after `move`; raise ValueError (state untouched) if it is illegal."""
    kind, cell, value = _read(state, move)
    if is_cleared(state):
        raise ValueError("the board is cleared; no more moves")
    tiles, locked = list(state.tiles), list(state.locked)
    if kind in TURNS:
        if locked[cell]:
            row, col = divmod(cell, state.width)
            raise RefusedMoveError("a locked tile cannot turn; unlock it first", "pipes_live_locked_refused",
                              row=row + 1, col=col + 1)
        tiles[cell] = rotate_cw(tiles[cell]) if kind == "cw" else rotate_ccw(tiles[cell])
    elif kind == "lock":
        locked[cell] = not locked[cell]
    elif kind == "unlock_all":
        locked = [False] * len(locked)
    else:
        assert value is not None
        tiles[cell] = value
        locked[cell] = True
    return State(state.params, tuple(tiles), tuple(locked))


def move_cost(state: State, move: Move) -> int:
    """Return how much `move` adds to the move counter: a turn 1, lock/unlock 0, a hint's set the clicks it saves."""
    kind, cell, value = _read(state, move)
    if kind in TURNS:
        return 1
    if kind == "set":
        assert value is not None
        return clicks_between(state.tiles[cell], value) or 0
    return 0


def _set_move(state: State, cell: int, value: int) -> Move:
    """Return the ("set", row, col, value) hint move for a cell."""
    row, col = divmod(cell, state.width)
    return ("set", row, col, value)


def hint(state: State) -> Move | None:
    """Return a ("set", row, col, value) move toward a solution from this layout; None when cleared or stuck."""
    if is_cleared(state):
        return None
    if state.params.mode == NET:
        solution = net_solver.solve(state)
        if solution is None:
            return None
        wrong = [cell for cell, value in enumerate(state.tiles) if value != solution[cell]]
        wrong.sort(key=lambda cell: not state.locked[cell])  # wrongly locked tiles first; stable row-major
        return _set_move(state, wrong[0], solution[wrong[0]]) if wrong else None
    route = path_solver.hint_route(state)
    if route is None:
        return None
    needed = [(cell, value) for cell, value in route.cells if state.tiles[cell] != value]
    needed.sort(key=lambda item: not state.locked[item[0]])  # blocking locked tiles first
    return _set_move(state, *needed[0]) if needed else None


def hint_direction(state: State, move: Move) -> str:
    """Return how a hint's set turns its tile: "clockwise", "counter-clockwise" or "twice" (for the hint text)."""
    _, cell, value = _read(state, move)
    assert value is not None
    current = state.tiles[cell]
    if rotate_cw(current) == value:
        return "clockwise"
    if rotate_ccw(current) == value:
        return "counter-clockwise"
    return "twice"
