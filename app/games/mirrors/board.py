"""Light Path's value types: Params, Source, Puzzle (what a game ID names) and State (a position in play).

A board is `height` rows by `width` columns of cells, (row, col) 0-based. Sources
sit in the border ring around it: row -1 or `height`, or col -1 or `width`
(corners excluded), and always fire into the board (top sources fire down, and
so on). Cells are stored row-major as the int codes of `cells.py`.

Second edition: a puzzle may come with an inventory of pieces to place, (mirrors,
splitters). A state's hand is what is left of it: the inventory, plus the pieces the
puzzle starts with already placed, minus those placed now. A state is still only its
cells: the hand follows from them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from app.core.game import ParamsError

from .cells import (
    DELTAS,
    DOWN,
    EMPTY,
    LEFT,
    PLACED_MIRROR_CODES,
    PLACED_SPLITTER_CODES,
    RIGHT,
    UP,
    flip_code,
    is_turnable,
)

Inventory = tuple[int, int]  # (mirrors, splitters) to place
NO_INVENTORY: Inventory = (0, 0)
MAX_INVENTORY = 9  # of each kind: one digit in a game ID

MIN_SIDE = 5
MAX_SIDE = 10
DIFFICULTIES = ("easy", "normal", "hard")
# The difficulty word of a stage made in the stage editor: its bests, stars and statistics are kept apart
# from the endless presets' ("6x6-made", not "6x6-easy"), and "New game" after one starts an endless board.
MADE = "made"
STAGE_PREFIX = "stage-"

_ENDLESS_TEXT = re.compile(r"\s*([0-9]{1,3})\s*(?:[xX×]\s*([0-9]{1,3})\s*)?-\s*([a-z]+)\s*")
_STAGE_TEXT = re.compile(r"\s*stage-([0-9]-[0-9]{2})\s*")
_MADE_TEXT = re.compile(r"([0-9]{1,2})x([0-9]{1,2})-made")


@dataclass(frozen=True)
class Params:
    """Endless mode: a size (5×5 to 10×10) and a difficulty; a stage: `stage` is its id ("1-01")."""

    width: int
    height: int
    difficulty: str = "normal"
    stage: str | None = None


def check_params(params: Params) -> Params:
    """Return endless-mode params unchanged if valid; raise ParamsError (a ValueError) worded for the player if not."""
    for value in (params.width, params.height):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ParamsError("Width and height must be whole numbers", "mirrors_size_error", low=MIN_SIDE,
                              high=MAX_SIDE)
    if params.stage is not None:
        return params  # stage params come from the stage file, which checks sizes itself
    if not (MIN_SIDE <= params.width <= MAX_SIDE and MIN_SIDE <= params.height <= MAX_SIDE):
        raise ParamsError(f"Width and height must be between {MIN_SIDE} and {MAX_SIDE}", "mirrors_size_error",
                          low=MIN_SIDE, high=MAX_SIDE)
    if params.difficulty not in DIFFICULTIES:
        raise ParamsError("Difficulty must be easy, normal or hard", "params_refused")
    return params


def format_params(params: Params) -> str:
    """Return the URL-safe text of params: "8x8-hard" for endless mode, "stage-1-01" for a stage."""
    if params.stage is not None:
        return STAGE_PREFIX + params.stage
    return f"{params.width}x{params.height}-{params.difficulty}"


def parse_endless_params(text: str) -> Params | None:
    """Read "WxH-difficulty" (or "N-difficulty"); None if the text is not of that shape."""
    match = _ENDLESS_TEXT.fullmatch(text.lower())
    if match is None:
        return None
    width = int(match[1])
    height = int(match[2] or match[1])
    return check_params(Params(width, height, match[3]))


def parse_made_params(text: str) -> Params | None:
    """Read "6x6-made", the params of a stage from the stage editor (sizes 3 to 10), or None."""
    match = _MADE_TEXT.fullmatch(text)
    if match is None or not all(3 <= int(side) <= MAX_SIDE for side in match.groups()):
        return None
    return Params(int(match[1]), int(match[2]), MADE)


def playable_params(params: Params, setting: Callable[[str], object] | None = None) -> Params:
    """Return params a new board can be made from: a made stage's or an odd size's become the nearest endless board.

    The spec's `adjust_params`: "New game" after a stage from the editor (4×4, or "made") starts an endless
    board of the nearest size, at normal difficulty.
    """
    if params.stage is not None:
        return params
    width, height = (min(max(side, MIN_SIDE), MAX_SIDE) for side in (params.width, params.height))
    difficulty = params.difficulty if params.difficulty in DIFFICULTIES else "normal"
    if (width, height, difficulty) == (params.width, params.height, params.difficulty):
        return params
    return Params(width, height, difficulty)


def stage_id_in(text: str) -> str | None:
    """Return the stage id in "stage-1-01", or None if the text is not of that shape."""
    match = _STAGE_TEXT.fullmatch(text.lower())
    return None if match is None else match[1]


class Source(NamedTuple):
    """A light source in the border ring: position, direction it fires (0 up .. 3 left) and colour (0..3)."""

    row: int
    col: int
    direction: int
    colour: int


def inward_direction(row: int, col: int, height: int, width: int) -> int | None:
    """Return the only direction a source at border position (row, col) may fire, or None if not on the ring."""
    on_rows = 0 <= row < height
    on_cols = 0 <= col < width
    if row == -1 and on_cols:
        return DOWN
    if row == height and on_cols:
        return UP
    if col == -1 and on_rows:
        return RIGHT
    if col == width and on_rows:
        return LEFT
    return None


def first_cell(source: Source) -> tuple[int, int]:
    """Return the (row, col) of the first board cell a source's beam enters."""
    d_row, d_col = DELTAS[source.direction]
    return source.row + d_row, source.col + d_col


@dataclass(frozen=True)
class Puzzle:
    """One puzzle as it starts: size, cell codes row-major, sources, and the stage it is (None if generated)."""

    height: int
    width: int
    cells: tuple[int, ...]
    sources: tuple[Source, ...]
    stage: str | None = None
    difficulty: str = "normal"
    inventory: Inventory = NO_INVENTORY

    @property
    def params(self) -> Params:
        """The params this puzzle belongs to (a stage's own key for stages)."""
        return Params(self.width, self.height, "stage" if self.stage else self.difficulty, self.stage)

    @property
    def owned(self) -> Inventory:
        """Every piece the player has, in hand or on the board: the inventory plus the pieces placed at the start."""
        mirrors, splitters = placed_counts(self.cells)
        return (self.inventory[0] + mirrors, self.inventory[1] + splitters)

    @property
    def places_pieces(self) -> bool:
        """Whether the player has pieces to place (in hand or placed at the start)."""
        return self.owned != NO_INVENTORY


def placed_counts(cells: tuple[int, ...]) -> Inventory:
    """Return how many placed (mirrors, splitters) the cells hold."""
    return (sum(code in PLACED_MIRROR_CODES for code in cells), sum(code in PLACED_SPLITTER_CODES for code in cells))


@dataclass(frozen=True)
class State:
    """A position in play: the puzzle and the current cell codes (only turnable mirrors ever differ).

    Everything is tuples, so equality and hashing are by value and nothing can be mutated.
    """

    puzzle: Puzzle
    cells: tuple[int, ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.cells:
            object.__setattr__(self, "cells", self.puzzle.cells)
        if len(self.cells) != self.puzzle.height * self.puzzle.width:
            raise ValueError("a state's cells do not fit its puzzle's size")

    @property
    def height(self) -> int:
        """The number of rows."""
        return self.puzzle.height

    @property
    def width(self) -> int:
        """The number of columns."""
        return self.puzzle.width

    @property
    def params(self) -> Params:
        """The params the puzzle belongs to."""
        return self.puzzle.params

    def code(self, row: int, col: int) -> int:
        """Return the current code of cell (row, col)."""
        return self.cells[row * self.puzzle.width + col]

    def turned(self, row: int, col: int) -> State:
        """Return the state with the turnable mirror at (row, col) flipped (no checks: see `apply`)."""
        return self.with_code(row, col, flip_code(self.code(row, col)))

    def with_code(self, row: int, col: int, code: int) -> State:
        """Return the state with cell (row, col) holding `code` (no checks: see `apply`)."""
        index = row * self.puzzle.width + col
        cells = list(self.cells)
        cells[index] = code
        return State(self.puzzle, tuple(cells))

    def hand(self) -> Inventory:
        """Return the (mirrors, splitters) left to place."""
        owned = self.puzzle.owned
        mirrors, splitters = placed_counts(self.cells)
        return (owned[0] - mirrors, owned[1] - splitters)

    def open_cells(self) -> list[tuple[int, int]]:
        """Return every empty cell's (row, col), row-major, where the puzzle has pieces to place (else none)."""
        if not self.puzzle.places_pieces:
            return []
        width = self.puzzle.width
        return [divmod(i, width) for i, code in enumerate(self.cells) if code == EMPTY]

    def turnable_cells(self) -> list[tuple[int, int]]:
        """Return every turnable mirror's (row, col), row-major."""
        width = self.puzzle.width
        return [divmod(i, width) for i, code in enumerate(self.cells) if is_turnable(code)]
