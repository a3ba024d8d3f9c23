"""The row and column of a move, checked: the one bounds check every grid game's moves go through."""

from __future__ import annotations

import operator
from typing import Any


def cell_on_board(row: Any, col: Any, height: int, width: int) -> tuple[int, int]:
    """Return (row, col) as ints if both are whole numbers naming a cell of a height × width board; else ValueError."""
    # bool is an int subclass, and True is not a row; numpy integers pass (operator.index takes them).
    if isinstance(row, bool) or isinstance(col, bool):
        raise ValueError(f"row and column must be whole numbers, not {row!r}, {col!r}")
    try:
        checked_row, checked_col = operator.index(row), operator.index(col)
    except TypeError:
        raise ValueError(f"row and column must be whole numbers, not {row!r}, {col!r}") from None
    if not (0 <= checked_row < height and 0 <= checked_col < width):
        raise ValueError(f"cell ({checked_row}, {checked_col}) is not on the {width}×{height} board")
    return checked_row, checked_col
