"""Minesweeper's view without a browser: what is said after a move."""

from __future__ import annotations

import sys
import types
from unittest import mock

# The view reaches the page through app.web.dom (js, pyodide); these tests use none of it.
sys.modules.setdefault("js", mock.MagicMock(name="js"))
_pyodide = sys.modules.setdefault("pyodide", types.ModuleType("pyodide"))
_ffi = sys.modules.setdefault("pyodide.ffi", types.ModuleType("pyodide.ffi"))
_ffi.create_proxy = lambda function: function  # type: ignore[attr-defined]
_pyodide.ffi = _ffi  # type: ignore[attr-defined]

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from app.core.strings import translate  # noqa: E402
from app.games import mines  # noqa: E402
from app.web.views.mines import MinesView  # noqa: E402

FLOOD = "1.9x9n10.floodseed"


class Host:
    """The view's words in one language; nothing else is reached."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def t(self, key: str, **params: object) -> str:
        return translate(self.lang, key, **params)


def opened_number_cell(state: mines.State) -> tuple[int, int]:
    """A hidden cell of this (already opened) board whose number is 1 or more, to open next."""
    solution = state.mines
    for row in range(solution.shape[0]):
        for col in range(solution.shape[1]):
            if solution[row, col] or mines.visible_grid(state)[row, col] != mines.Cell.HIDDEN:
                continue
            near = solution[max(row - 1, 0):row + 2, max(col - 1, 0):col + 2]
            if np.count_nonzero(near):
                return row, col
    raise AssertionError("no numbered hidden cell")


@pytest.mark.parametrize("verbosity", ["short", "full"])
def test_a_move_says_first_what_its_cell_now_shows(verbosity: str) -> None:
    view = MinesView(Host("en"), mines.SPEC)  # type: ignore[arg-type]
    start = mines.decode(FLOOD)
    flooded = mines.apply(start, ("open", 4, 4))
    said = view.move_summary(start, flooded, ("open", 4, 4), verbosity)
    assert said is not None and said.startswith("Row 5, column 5, no adjacent mines"), said
    row, col = opened_number_cell(flooded)
    after = mines.apply(flooded, ("open", row, col))
    number = int(mines.visible_grid(after)[row, col])
    said = view.move_summary(flooded, after, ("open", row, col), verbosity)
    words = "1 adjacent mine" if number == 1 else f"{number} adjacent mines"
    assert said is not None and said.startswith(f"Row {row + 1}, column {col + 1}, {words}"), said
    if verbosity == "short":
        assert said.count(".") == 0 and said.endswith("mines left"), "short: one sentence"
    else:
        assert said.split(". ")[1].startswith("1 cell opened, "), said
    flagged = mines.apply(after, ("flag", 0, 8)) if mines.visible_grid(after)[0, 8] == mines.Cell.HIDDEN else None
    if flagged is not None:
        assert view.move_summary(after, flagged, ("flag", 0, 8), verbosity).startswith("Row 1, column 9, flagged")


def test_one_mine_left_and_one_cell_opened_are_said_in_the_singular() -> None:
    assert translate("en", "mines_said_short", hidden=3, left=1) == "3 hidden, 1 mine left"
    assert translate("en", "mines_said_opened", opened=1) == "1 cell opened"
    assert translate("en", "mines_said_short", hidden=3, left=2) == "3 hidden, 2 mines left"


def test_undo_and_redo_say_only_the_counts_and_japanese_names_the_cell_too() -> None:
    view = MinesView(Host("en"), mines.SPEC)  # type: ignore[arg-type]
    start = mines.decode(FLOOD)
    flooded = mines.apply(start, ("open", 4, 4))
    assert view.move_summary(flooded, start, None, "short").startswith("81 hidden")
    japanese = MinesView(Host("ja"), mines.SPEC)  # type: ignore[arg-type]
    said = japanese.move_summary(start, flooded, ("open", 4, 4), "short")
    assert said.startswith("5行5列、周囲に地雷なし、残り ") and "。" not in said, said
