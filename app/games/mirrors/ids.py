"""Game IDs for Light Path.

- A stage is named by its id alone: "1-01" ... "3-12".
- A generated puzzle: `1.<params>.<cells>.<sources>`, e.g. `1.8x8-hard.aac...p.t3rl0g`:
  `cells` is one letter per cell, row-major, `CELL_LETTERS[code]`; `sources` is three
  characters per source: the side of the ring (t top, b bottom, l left, r right),
  the index along it (column for t/b, row for l/r, one digit since sides are at most
  10) and the colour letter (w, r, g, b). A source always fires into the board.

- Second edition (format 2), for a board with splitters, placed pieces or an inventory, and
  for a stage made in an editor: `2.<params>.<cells>.<sources>.<inventory>`: the same fields,
  cells lettered up to `x` (all 24 codes), sizes 3 to 10 (as in stage files), and `inventory`
  two digits, the mirrors and the splitters to place (e.g. `21`). Boards of the first edition
  are still written in format 1, so every ID ever shared reads, and writes, the same.

An ID names the puzzle as it starts, whatever position a state has reached, so
`decode(encode(state))` is the start of `state`'s puzzle. A tampered ID is refused with the
`GameIdError` kinds of `app.core.gameid`: the shape, the version, the size ("size"), a cell,
source or inventory that cannot be ("board"), a stage's name that names none ("stage": "9-99",
"stage-1-01"), a board solved at the start ("solved") or that
no moves solve ("unsolvable"); a board too tangled for the solver's budget is refused as "board".
"""

from __future__ import annotations

import re

from app.core.gameid import GameIdError, compose, split

from .board import (
    DIFFICULTIES,
    MADE,
    MAX_INVENTORY,
    MAX_SIDE,
    Inventory,
    Params,
    Puzzle,
    Source,
    State,
    format_params,
    inward_direction,
    parse_endless_params,
)
from .cells import CODE_COUNT, TARGET_CODES, TURNABLE_CODES
from .planner import fewest_moves
from .solver import SolverLimitError
from .stages import STAGE_ID, STAGES, stage_state
from .trace import solved

VERSION = 1  # first-edition boards
VERSION_PIECES = 2  # splitters, placed pieces, inventories, editor stages
FIRST_EDITION_CODES = 16
CELL_LETTERS = "abcdefghijklmnopqrstuvwx"  # index = cell code (cells.py)
MIN_SIDE_PIECES = 3  # format 2 takes any stage-file size
_PIECES_PARAMS = re.compile(r"([0-9]{1,2})x([0-9]{1,2})-([a-z]+)")
_INVENTORY = re.compile(r"[0-9]{2}")
SIDES = "tblr"
COLOUR_LETTERS = "wrgb"
_SOURCE = re.compile(r"([tblr])([0-9])([wrgb])")
# What a player may write for a stage that is not one: "9-99", "1-1", or the records' key "stage-1-01".
_STAGE_LIKE = re.compile(r"(?:stage[-_ ]?)?[0-9]{1,3}-[0-9]{1,3}", re.IGNORECASE)

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


def is_first_edition(puzzle: Puzzle) -> bool:
    """Return whether format 1 can name a puzzle: no second-edition cell, no inventory, an endless size."""
    if puzzle.inventory != (0, 0) or any(code >= FIRST_EDITION_CODES for code in puzzle.cells):
        return False
    try:
        return parse_endless_params(format_params(puzzle.params)) is not None
    except ValueError:  # a size format 1 never held (an editor's 4×4): format 2
        return False


def encode(state: State) -> str:
    """Return the ID of the puzzle `state` belongs to: its stage id, or its start layout (format 1 or 2)."""
    puzzle = state.puzzle
    if puzzle.stage is not None:
        return puzzle.stage
    h, w = puzzle.height, puzzle.width
    cells = "".join(CELL_LETTERS[code] for code in puzzle.cells)
    sources = "".join(_source_text(source, h, w) for source in puzzle.sources)
    if is_first_edition(puzzle):
        return compose(VERSION, format_params(puzzle.params), cells, sources)
    inventory = "".join(str(count) for count in puzzle.inventory)
    return compose(VERSION_PIECES, f"{w}x{h}-{puzzle.difficulty}", cells, sources, inventory)


def decode(text: str) -> State:
    """Return the start of the puzzle an ID names (a stage id or a board's ID); raise GameIdError if bad."""
    if not isinstance(text, str):
        raise GameIdError("the game ID must be text")
    stripped = text.strip()
    if STAGE_ID.fullmatch(stripped):
        if stripped not in STAGES:
            raise GameIdError(f"there is no stage {stripped}", "stage")
        return stage_state(stripped)
    if _STAGE_LIKE.fullmatch(stripped):  # a stage's name written some other way, or out of range
        raise GameIdError(f"{stripped!r} names no stage (a stage is written like 1-01)", "stage")
    if stripped.startswith(f"{VERSION_PIECES}."):
        params_text, cells_text, sources_text, inventory_text = split(stripped, VERSION_PIECES, 4)
        width, height, difficulty = _pieces_params_in(params_text)
        inventory = _inventory_in(inventory_text)
        letters = CELL_LETTERS
    else:
        params_text, cells_text, sources_text = split(stripped, VERSION, 3)
        params = _params_in(params_text)
        width, height, difficulty, inventory = params.width, params.height, params.difficulty, (0, 0)
        letters = CELL_LETTERS[:FIRST_EDITION_CODES]  # format 1 never held a second-edition cell
    cells = _cells_in(cells_text, letters, height, width)
    puzzle = Puzzle(height, width, cells, _sources_in(sources_text, height, width), None, difficulty, inventory)
    _check_playable(puzzle)
    if stripped.startswith(f"{VERSION_PIECES}.") and is_first_edition(puzzle):
        raise GameIdError("a first-edition board is written in format 1", "shape")  # one ID per board
    return State(puzzle)


def _cells_in(text: str, letters: str, height: int, width: int) -> tuple[int, ...]:
    if len(text) != height * width or any(letter not in letters for letter in text):
        raise GameIdError(f"the board part of the game ID does not describe {height * width} cells", "board")
    return tuple(letters.index(letter) for letter in text)


def _check_playable(puzzle: Puzzle) -> None:
    """Refuse a board with no target, nothing to do, solved at the start, unsolvable or too tangled."""
    h, w, cells, sources = puzzle.height, puzzle.width, puzzle.cells, puzzle.sources
    if not any(code in TARGET_CODES for code in cells):
        raise GameIdError("the game ID's board has no target", "board")
    if not any(code in TURNABLE_CODES for code in cells) and not puzzle.places_pieces:
        raise GameIdError("the game ID's board has no mirror to turn", "board")
    if solved(h, w, cells, sources):
        raise GameIdError("this board is already solved", "solved")
    try:
        moves = fewest_moves(h, w, cells, sources, State(puzzle).hand())
    except SolverLimitError:
        raise GameIdError("the game ID's board is too tangled to check", "board") from None
    if moves is None:
        raise GameIdError("this board cannot be solved", "unsolvable")


def _pieces_params_in(text: str) -> tuple[int, int, str]:
    match = _PIECES_PARAMS.fullmatch(text)
    if match is None or f"{int(match[1])}x{int(match[2])}-{match[3]}" != text:
        raise GameIdError("the board settings in the game ID are not written the usual way", "size")
    width, height = int(match[1]), int(match[2])
    if not (MIN_SIDE_PIECES <= width <= MAX_SIDE and MIN_SIDE_PIECES <= height <= MAX_SIDE):
        raise GameIdError(f"a board is {MIN_SIDE_PIECES} to {MAX_SIDE} cells a side", "size")
    if match[3] not in (*DIFFICULTIES, MADE):
        raise GameIdError("the difficulty in the game ID is not known", "size")
    return width, height, match[3]


def _inventory_in(text: str) -> Inventory:
    if not _INVENTORY.fullmatch(text):
        raise GameIdError("the pieces part of the game ID is damaged", "board")
    mirrors, splitters = int(text[0]), int(text[1])
    assert max(mirrors, splitters) <= MAX_INVENTORY  # one digit each
    return (mirrors, splitters)


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
