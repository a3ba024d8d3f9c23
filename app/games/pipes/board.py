"""The board: tiles and locks as flat row-major tuples, and the neighbour table of a size.

Cells are numbered `row * width + col`. Tuples make the state immutable, hashable and
comparable for free; `grid` and `locked_mask` give numpy views for drawing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from .params import NET, Params, check_params
from .tiles import OPPOSITE, SIDES, STEP


@dataclass(frozen=True)
class State:
    """A board: `tiles[cell]` is the tile value (0-15) now, `locked[cell]` whether it is locked."""

    params: Params
    tiles: tuple[int, ...]
    locked: tuple[bool, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.params, Params):
            raise TypeError("State.params must be a pipes.Params")
        check_params(self.params)
        cells = self.params.width * self.params.height
        tiles = tuple(int(v) for v in self.tiles)
        locked = tuple(bool(v) for v in self.locked)
        if len(tiles) != cells or len(locked) != cells:
            raise ValueError(f"a {self.params.width}×{self.params.height} board needs {cells} tiles and locks")
        if any(not 0 <= v <= 15 for v in tiles):
            raise ValueError("tile values are 0 to 15")
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "locked", locked)

    @property
    def width(self) -> int:
        """The number of columns."""
        return self.params.width

    @property
    def height(self) -> int:
        """The number of rows."""
        return self.params.height

    def tile(self, row: int, col: int) -> int:
        """Return the tile value at (row, col)."""
        return self.tiles[row * self.params.width + col]

    def is_locked(self, row: int, col: int) -> bool:
        """Return whether the tile at (row, col) is locked."""
        return self.locked[row * self.params.width + col]


def new_state(params: Params, tiles: list[int] | tuple[int, ...]) -> State:
    """Return an unlocked board with these tiles."""
    return State(params, tuple(tiles), (False,) * len(tiles))


def params_of(state: State) -> Params:
    """Return the params a state was made with."""
    return state.params


def grid(state: State) -> np.ndarray[Any, Any]:
    """Return the tiles as a read-only (height, width) uint8 array."""
    out = np.array(state.tiles, dtype=np.uint8).reshape(state.height, state.width)
    out.flags.writeable = False
    return out


def locked_mask(state: State) -> np.ndarray[Any, Any]:
    """Return the locks as a read-only (height, width) bool array."""
    out = np.array(state.locked, dtype=bool).reshape(state.height, state.width)
    out.flags.writeable = False
    return out


def source_cell(params: Params) -> int:
    """Return the cell Net's water comes from: the centre (rounded down and right); path mode uses 0."""
    if params.mode != NET:
        return 0
    return (params.height // 2) * params.width + params.width // 2


@cache
def neighbours(width: int, height: int, wrap: bool) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Return, per cell, its (side, neighbour cell, neighbour's facing side) triples; wrapping joins opposite edges."""
    table = []
    for row in range(height):
        for col in range(width):
            links = []
            for side in SIDES:
                d_row, d_col = STEP[side]
                r, c = row + d_row, col + d_col
                if wrap:
                    r, c = r % height, c % width
                elif not (0 <= r < height and 0 <= c < width):
                    continue  # no neighbour: that side faces off the board
                links.append((side, r * width + c, OPPOSITE[side]))
            table.append(tuple(links))
    return tuple(table)


def neighbours_of(params: Params) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Return the neighbour table for a board's size and wrapping."""
    return neighbours(params.width, params.height, params.wrap)
