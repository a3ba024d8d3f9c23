"""Game IDs for Light Path.

- A stage is named by its id alone: "1-01" ... "3-12".
- A generated puzzle: `1.<params>.<cells>.<sources>`, e.g. `1.8x8-hard.aac...p.t3rl0g`:
  `cells` is one letter per cell, row-major, `CELL_LETTERS[code]`; `sources` is three
  characters per source: the side of the ring (t top, b bottom, l left, r right),
  the index along it (column for t/b, row for l/r, one digit since sides are at most
  10) and the colour letter (w, r, g, b). A source always fires into the board.

An ID names the puzzle as it starts, whatever position a state has reached, so
`decode(encode(state))` is the start of `state`'s puzzle.
"""

from __future__ import annotations

import re

from app.core.gameid import GameIdError, compose, split

from .board import MAX_SIDE, Params, Puzzle, Source, State, format_params, inward_direction, parse_endless_params
from .cells import CODE_COUNT, TARGET_CODES, TURNABLE_CODES
from .solver import SolverLimitError, fewest_turns
from .stages import STAGE_ID, STAGES, stage_state
from .trace import solved

VERSION = 1
CELL_LETTERS = "abcdefghijklmnop"  # index = cell code (cells.py)
SIDES = "tblr"
COLOUR_LETTERS = "wrgb"
_SOURCE = re.compile(r"([tblr])([0-9])([wrgb])")

assert len(CELL_LETTERS) == CODE_COUNT


def _source_text(source: Source, height: int, width: int) -> str:
    if source.row == -1:
        side, index = "t", source.col
    elif source.row == height:
        side, index = "b", source.col
    elif source.col == -1:
        side, index = "l", source.row
    else:
        side, index = "r", source.row
    return f"{side}{index}{COLOUR_LETTERS[source.colour]}"


def _source_of(side: str, index: int, colour: str, height: int, width: int) -> Source | None:
    row, col = {"t": (-1, index), "b": (height, index), "l": (index, -1), "r": (index, width)}[side]
    direction = inward_direction(row, col, height, width)
    return None if direction is None else Source(row, col, direction, COLOUR_LETTERS.index(colour))


def encode(state: State) -> str:
    """Return the ID of the puzzle `state` belongs to: its stage id, or the generated start layout."""
    puzzle = state.puzzle
    if puzzle.stage is not None:
        return puzzle.stage
    h, w = puzzle.height, puzzle.width
    cells = "".join(CELL_LETTERS[code] for code in puzzle.cells)
    sources = "".join(_source_text(source, h, w) for source in puzzle.sources)
    return compose(VERSION, format_params(puzzle.params), cells, sources)


def decode(text: str) -> State:
    """Return the start of the puzzle an ID names (a stage id or a generated ID); raise GameIdError if bad."""
    if not isinstance(text, str):
        raise GameIdError("the game ID must be text")
    stripped = text.strip()
    if STAGE_ID.fullmatch(stripped):
        if stripped not in STAGES:
            raise GameIdError(f"there is no stage {stripped}", "board")
        return stage_state(stripped)
    params_text, cells_text, sources_text = split(stripped, VERSION, 3)
    params = _params_in(params_text)
    h, w = params.height, params.width
    if len(cells_text) != h * w or any(letter not in CELL_LETTERS for letter in cells_text):
        raise GameIdError(f"the board part of the game ID does not describe {h * w} cells", "board")
    cells = tuple(CELL_LETTERS.index(letter) for letter in cells_text)
    sources = _sources_in(sources_text, h, w)
    if not any(code in TARGET_CODES for code in cells):
        raise GameIdError("the game ID's board has no target", "board")
    if not any(code in TURNABLE_CODES for code in cells):
        raise GameIdError("the game ID's board has no mirror to turn", "board")
    if solved(h, w, cells, sources):
        raise GameIdError("this board is already solved", "solved")
    try:
        turns = fewest_turns(h, w, cells, sources)
    except SolverLimitError:
        raise GameIdError("the game ID's board is too tangled to check", "board") from None
    if turns is None:
        raise GameIdError("this board cannot be solved", "unsolvable")
    return State(Puzzle(h, w, cells, sources, None, params.difficulty))


def _params_in(text: str) -> Params:
    try:
        params = parse_endless_params(text)
    except ValueError as exc:
        raise GameIdError(f"the board settings in the game ID are not valid: {exc}", "size") from None
    if params is None or format_params(params) != text:
        raise GameIdError("the board settings in the game ID are not written the usual way", "size")
    assert params.width <= MAX_SIDE and params.height <= MAX_SIDE  # so one digit indexes a side
    return params


def _sources_in(text: str, height: int, width: int) -> tuple[Source, ...]:
    if not text or len(text) % 3:
        raise GameIdError("the sources part of the game ID is damaged", "board")
    sources: list[Source] = []
    for start in range(0, len(text), 3):
        match = _SOURCE.fullmatch(text[start : start + 3])
        source = None if match is None else _source_of(match[1], int(match[2]), match[3], height, width)
        if source is None:
            raise GameIdError("a source in the game ID is not on the board's edge", "board")
        if any((other.row, other.col) == (source.row, source.col) for other in sources):
            raise GameIdError("two sources in the game ID share a place", "board")
        sources.append(source)
    return tuple(sources)
