"""Where the water goes: the path-mode flood from the entrance, Net's connection to the source, loops.

Two neighbouring tiles are joined when both open toward each other; an opening that
faces off the board (or a closed neighbour) leads nowhere. Path mode's water enters
through the left edge of the top-left tile, and only if that edge is open; the board
is cleared when the water reaches the bottom-right tile and its right edge is open.
Net is won when every tile is joined to the centre source with no loop: then the open
ends are all matched, so the tiles form one tree.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .board import State, neighbours_of, source_cell
from .params import NET
from .tiles import LEFT, RIGHT


def _flood(state: State, start: int) -> set[int]:
    """Return the cells joined to `start` through edges open on both sides."""
    tiles = state.tiles
    links = neighbours_of(state.params)
    seen = {start}
    stack = [start]
    while stack:
        cell = stack.pop()
        value = tiles[cell]
        for side, other, facing in links[cell]:
            if value & side and tiles[other] & facing and other not in seen:
                seen.add(other)
                stack.append(other)
    return seen


def reached_cells(state: State) -> set[int]:
    """Return the cells the water reaches: path mode from the entrance, Net from the source."""
    if state.params.mode == NET:
        return _flood(state, source_cell(state.params))
    if not state.tiles[0] & LEFT:
        return set()  # the entrance is closed: no water gets in at all
    return _flood(state, 0)


def _mask(state: State, cells: set[int]) -> np.ndarray[Any, Any]:
    """Return a (height, width) bool array true on `cells`."""
    flat = np.zeros(state.width * state.height, dtype=bool)
    if cells:
        flat[list(cells)] = True
    return flat.reshape(state.height, state.width)


def reach(state: State) -> np.ndarray[Any, Any]:
    """Return the (height, width) mask of tiles the water reaches (drawn gold); Net: joined to the source."""
    return _mask(state, reached_cells(state))


def connected(state: State) -> np.ndarray[Any, Any]:
    """Return the mask of tiles joined to the source (Net; in path mode the same as `reach`)."""
    return reach(state)


def flowing(state: State) -> np.ndarray[Any, Any]:
    """Return the mask of tiles to draw as flowing (the one the view labels "flowing"/"dry")."""
    return reach(state)


def active_count(state: State) -> tuple[int, int]:
    """Return (tiles joined to the source or reached by the water, all tiles) for "Active n/N"."""
    return len(reached_cells(state)), state.width * state.height


def water_front(state: State) -> tuple[int, int, int] | None:
    """Path mode: where the water has got to, as (row, col, tiles from the exit); None when none gets in.

    The front is the wet tile nearest the exit tile (bottom right) in steps along rows and
    columns (ties: the first in reading order); 0 means the water is in the exit tile.
    """
    cells = reached_cells(state)
    if not cells:
        return None
    last_row, last_col = state.height - 1, state.width - 1

    def distance(cell: int) -> int:
        row, col = divmod(cell, state.width)
        return (last_row - row) + (last_col - col)

    front = min(cells, key=lambda cell: (distance(cell), cell))
    row, col = divmod(front, state.width)
    return row, col, distance(front)


def network_change(before: State, after: State) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """Return the (row, col) of the tiles that joined the water (or Net's network) and of those that left it.

    Both row-major; what a screen reader says after a turn in Net mode ("Joined: row 2, column 3").
    """
    old, new = reached_cells(before), reached_cells(after)
    width = after.width
    return (tuple(divmod(cell, width) for cell in sorted(new - old)),
            tuple(divmod(cell, width) for cell in sorted(old - new)))


def loop_cells(state: State) -> set[int]:
    """Return the cells on a cycle of joined edges: the ends of every edge that is not a bridge (Tarjan).

    Sides are at least 3 cells, so two cells share at most one edge even on a wrapping board,
    and "do not walk back to the parent" is the same as "do not reuse the edge we came by".
    """
    tiles = state.tiles
    links = neighbours_of(state.params)
    joined = [
        [other for side, other, facing in links[cell] if tiles[cell] & side and tiles[other] & facing]
        for cell in range(len(tiles))
    ]
    order = [-1] * len(tiles)
    low_link = [0] * len(tiles)
    on_cycle: set[int] = set()
    counter = 0
    for root in range(len(tiles)):
        if order[root] != -1 or not joined[root]:
            continue
        order[root] = low_link[root] = counter
        counter += 1
        stack = [(root, -1, 0)]  # iterative DFS: (cell, its parent, next edge to look at)
        while stack:
            cell, parent, next_edge = stack[-1]
            if next_edge < len(joined[cell]):
                stack[-1] = (cell, parent, next_edge + 1)
                other = joined[cell][next_edge]
                if other == parent:
                    continue
                if order[other] == -1:
                    order[other] = low_link[other] = counter
                    counter += 1
                    stack.append((other, cell, 0))
                else:
                    low_link[cell] = min(low_link[cell], order[other])
            else:
                stack.pop()
                if parent >= 0:
                    low_link[parent] = min(low_link[parent], low_link[cell])
                    if low_link[cell] <= order[parent]:
                        on_cycle.update((cell, parent))  # the tree edge parent-cell is not a bridge
    # Every cell of a cycle has a non-bridge tree edge, so marking tree edges' ends finds them all.
    return on_cycle


def loops(state: State) -> np.ndarray[Any, Any]:
    """Return the mask of tiles on a loop (drawn red)."""
    return _mask(state, loop_cells(state))


def is_cleared(state: State) -> bool:
    """Return whether the puzzle is solved (path: water leaves at the exit; Net: one tree of all tiles)."""
    cells = reached_cells(state)
    if state.params.mode == NET:
        return len(cells) == len(state.tiles) and not loop_cells(state)
    exit_cell = len(state.tiles) - 1
    return exit_cell in cells and bool(state.tiles[exit_cell] & RIGHT)


def status(state: State) -> int:
    """Return +1 when the board is cleared, else 0 (Pipe Link cannot be lost)."""
    return 1 if is_cleared(state) else 0
