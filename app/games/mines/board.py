"""The Minesweeper state, what a player may see of it, and the pure board functions.

A state is immutable: its numpy arrays are read-only copies, and every move makes
a new state (see `moves.py`). Before the first click the board is *unplaced*: it
carries only a seed, and the mines are laid when the first cell is opened.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

import numpy as np

from .geometry import geometry
from .params import Params

Move = tuple[Any, ...]  # ("open", r, c) | ("mark", r, c, allow_question) | ("flag" | "unflag", r, c); see moves.py

NO_MARK = 0
FLAG_MARK = 1
QUESTION_MARK = 2

Reveal = tuple[tuple[int, int, int], ...]  # (row, col, depth) per opened cell, in opening order


class Cell(IntEnum):
    """What a player sees in one cell; 0..8 are opened cells showing their mine count."""

    NUMBER_0 = 0
    NUMBER_1 = 1
    NUMBER_2 = 2
    NUMBER_3 = 3
    NUMBER_4 = 4
    NUMBER_5 = 5
    NUMBER_6 = 6
    NUMBER_7 = 7
    NUMBER_8 = 8
    HIDDEN = 9
    FLAG = 10  # also every unflagged mine once the game is won
    QUESTION = 11
    MINE = 12  # an unflagged mine, shown after a loss
    MINE_HIT = 13  # the mine that was opened
    WRONG_FLAG = 14  # a flag on a safe cell, shown after a loss


def _frozen(array: np.ndarray[Any, Any], dtype: type) -> np.ndarray[Any, Any]:
    copy: np.ndarray[Any, Any] = np.array(array, dtype=dtype, copy=True)
    copy.setflags(write=False)
    return copy


@dataclass(frozen=True, eq=False)
class State:
    """One moment of a Minesweeper game; compare and hash by content."""

    params: Params
    seed: str  # draws the layout on the first click; "" once the mines are placed
    mines: np.ndarray[Any, Any] | None  # bool (height, width), None until the first click
    opened: np.ndarray[Any, Any]  # bool (height, width)
    marks: np.ndarray[Any, Any]  # int8 (height, width): NO_MARK, FLAG_MARK or QUESTION_MARK
    first_click: tuple[int, int] | None = None
    exploded: tuple[int, int] | None = None
    last_reveal: Reveal = ()  # what the last move opened, outward by depth; a mine it hit comes last
    # True only on a no-guess board whose generator ran out of its work budget and kept
    # its closest layout, which may need a guess (see generator.no_guess_layout_steps).
    # Not part of the game ID: a decoded board always says False.
    may_need_guess: bool = False
    numbers: np.ndarray[Any, Any] | None = field(init=False, repr=False)  # int8 mine counts, from `mines`

    def __post_init__(self) -> None:
        shape = (self.params.height, self.params.width)
        object.__setattr__(self, "opened", _frozen(self.opened, np.bool_))
        object.__setattr__(self, "marks", _frozen(self.marks, np.int8))
        if self.opened.shape != shape or self.marks.shape != shape:
            raise ValueError("state arrays do not match the board size")
        if self.mines is None:
            object.__setattr__(self, "numbers", None)
        else:
            mines = _frozen(self.mines, np.bool_)
            if mines.shape != shape:
                raise ValueError("the mine layout does not match the board size")
            object.__setattr__(self, "mines", mines)
            object.__setattr__(self, "numbers", _frozen(neighbour_counts(mines), np.int8))

    def _key(self) -> tuple[object, ...]:
        mines = None if self.mines is None else self.mines.tobytes()
        return (
            self.params,
            self.seed,
            mines,
            self.opened.tobytes(),
            self.marks.tobytes(),
            self.first_click,
            self.exploded,
            self.last_reveal,
            self.may_need_guess,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


def unplaced_state(params: Params, seed: str) -> State:
    """Return a fresh board with no mines laid yet; the first click will lay them."""
    shape = (params.height, params.width)
    return State(
        params=params,
        seed=seed,
        mines=None,
        opened=np.zeros(shape, dtype=bool),
        marks=np.zeros(shape, dtype=np.int8),
    )


def neighbour_counts(mines: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Return, for every cell, how many of its 8 neighbours hold a mine."""
    height, width = mines.shape
    padded = np.pad(np.asarray(mines, dtype=np.int8), 1)
    counts = np.zeros((height, width), dtype=np.int8)
    for dr in range(3):
        for dc in range(3):
            if dr != 1 or dc != 1:
                counts += padded[dr : dr + height, dc : dc + width]
    return counts


def start_area(width: int, height: int, row: int, col: int) -> np.ndarray[Any, Any]:
    """Return the bool mask of (row, col) and its neighbours: the cells kept free of mines."""
    area = np.zeros((height, width), dtype=bool)
    area[max(row - 1, 0) : row + 2, max(col - 1, 0) : col + 2] = True
    return area


def flood_open(
    numbers: np.ndarray[Any, Any],
    opened: np.ndarray[Any, Any],
    flagged: np.ndarray[Any, Any],
    starts: Iterable[tuple[int, int]],
) -> tuple[np.ndarray[Any, Any], Reveal]:
    """Open the start cells and, breadth first, every unflagged neighbour of each opened zero.

    The start cells must be safe. Returns the new opened mask and the newly opened
    cells as (row, col, depth), depth being the number of steps from a start cell.
    Iterative, so even a 50×50 board that opens in one click needs no recursion.
    """
    height, width = numbers.shape
    around = geometry(width, height).neighbours
    counts = numbers.ravel().tolist()
    blocked = (np.asarray(opened, dtype=bool) | np.asarray(flagged, dtype=bool)).ravel().tolist()
    reveal: list[tuple[int, int, int]] = []
    frontier = []
    for row, col in starts:
        index = row * width + col
        if not blocked[index]:
            blocked[index] = True
            frontier.append(index)
    depth = 0
    while frontier:
        following = []
        for index in frontier:
            reveal.append((index // width, index % width, depth))
            if counts[index] == 0:
                for other in around[index]:
                    if not blocked[other]:
                        blocked[other] = True
                        following.append(other)
        frontier = following
        depth += 1
    flat = np.asarray(opened, dtype=bool).flatten()  # always a fresh row-major copy
    flat[[row * width + col for row, col, _ in reveal]] = True
    return flat.reshape(height, width), tuple(reveal)


def status(state: State) -> int:
    """Return +1 when every safe cell is open, -1 after a mine was opened, 0 while playing."""
    if state.exploded is not None:
        return -1
    if state.mines is None:
        return 0
    params = state.params
    safe_cells = params.width * params.height - params.mines
    return 1 if int(np.count_nonzero(state.opened)) == safe_cells else 0


def mines_left(state: State) -> int:
    """Return the mine counter: mines minus flags (negative when over-flagged; 0 once won)."""
    if status(state) == 1:
        return 0
    return state.params.mines - int(np.count_nonzero(state.marks == FLAG_MARK))


# What a cell not opened yet shows: hidden, flagged, or marked "?" (what "hidden" counts and a raised tile draws).
COVERED = (Cell.HIDDEN, Cell.FLAG, Cell.QUESTION)


def covered(grid: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Return the bool mask of a visible grid's cells not opened yet (hidden, flagged or marked "?")."""
    mask: np.ndarray[Any, Any] = np.isin(grid, COVERED)
    return mask


def visible_grid(state: State) -> np.ndarray[Any, Any]:
    """Return the (height, width) int8 grid of `Cell` codes: exactly what the player may see."""
    marks = state.marks
    grid = np.full(marks.shape, Cell.HIDDEN, dtype=np.int8)
    grid[marks == FLAG_MARK] = Cell.FLAG
    grid[marks == QUESTION_MARK] = Cell.QUESTION
    if state.mines is None:
        return grid
    opened = state.opened
    assert state.numbers is not None  # made with the mines
    grid[opened] = state.numbers[opened]
    outcome = status(state)
    if outcome == 1:
        grid[state.mines] = Cell.FLAG
    elif outcome == -1:
        flagged = marks == FLAG_MARK
        grid[state.mines & ~flagged] = Cell.MINE
        grid[flagged & ~state.mines] = Cell.WRONG_FLAG
        grid[state.exploded] = Cell.MINE_HIT
    return grid


def bbbv(state: State) -> int:
    """Return the 3BV of a placed board: the fewest clicks that open it without flags or chords.

    Each connected region of zeros (with its numbered border) takes one click, and
    each safe numbered cell that borders no zero takes one more.
    """
    if state.mines is None:
        raise ValueError("3BV needs a placed board (open a cell first)")
    height, width = state.mines.shape
    around = geometry(width, height).neighbours
    assert state.numbers is not None  # made with the mines
    mines = state.mines.ravel().tolist()
    counts = state.numbers.ravel().tolist()
    covered = [False] * (width * height)
    clicks = 0
    for start in range(width * height):
        if counts[start] != 0 or mines[start] or covered[start]:
            continue
        clicks += 1
        covered[start] = True
        stack = [start]
        while stack:
            index = stack.pop()
            for other in around[index]:
                if not covered[other]:
                    covered[other] = True  # a zero's neighbours are never mines
                    if counts[other] == 0:
                        stack.append(other)
    for index in range(width * height):
        if not covered[index] and not mines[index]:
            clicks += 1
    return clicks
