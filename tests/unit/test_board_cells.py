"""A move's row and column: whole numbers on the board pass as ints, anything else is a ValueError."""

from __future__ import annotations

import numpy as np
import pytest

from app.core.board_cells import cell_on_board


@pytest.mark.parametrize(("row", "col"), [(0, 0), (2, 4), (np.int64(1), np.int8(3))])
def test_a_cell_on_the_board_comes_back_as_ints(row: object, col: object) -> None:
    checked = cell_on_board(row, col, 3, 5)
    assert checked == (int(row), int(col)) and all(type(part) is int for part in checked)  # type: ignore[call-overload]


@pytest.mark.parametrize(("row", "col"), [(-1, 0), (0, -1), (3, 0), (0, 5), (99, 99)])
def test_a_cell_off_the_board_is_refused(row: int, col: int) -> None:
    with pytest.raises(ValueError, match=r"not on the 5×3 board"):
        cell_on_board(row, col, 3, 5)


@pytest.mark.parametrize(("row", "col"), [(True, 0), (0, False), (1.0, 0), ("1", 0), (None, 0), (0, [1])])
def test_what_is_not_a_whole_number_is_refused(row: object, col: object) -> None:
    with pytest.raises(ValueError, match="whole numbers"):
        cell_on_board(row, col, 3, 5)
