"""Light Path's stage editor: the rules of building a stage, pure functions over an immutable `EditorStage`.

The view (`app/web/views/mirrors_editor.py`) only maps input to these functions and draws what they return.

- A stage in the editor is a board of 4×4 to 10×10 cells (any cell code of `cells.py`), light sources on
  the ring around it (each fires into the board, so its side gives its direction; one per position) and an
  inventory of pieces to place (0..9 mirrors, 0..9 splitters). Nothing about it needs to be solvable.
- `PALETTE` lists what can be put, in the order the editor offers it: cell pieces (a code) and light
  sources (a colour). `put` puts one on a cell or a ring position, or says why not (`EditError`, a
  ValueError with a catalogue key).
- Text: `to_text` / `from_text` write a stage as a format-2 game ID (`ids.py`: the same fields), read
  leniently: an unsolvable or unfinished stage reads back as it was (drafts and the editor's address keep
  them); `from_game_id` opens any game ID or stage id as a stage to edit.
- `verdict_steps` is the editor's Test, in slices (`planner.plan_steps`): the stage's problems (no source,
  no target, nothing to move, solved at the start), else solvable or not, the minimum moves, whether the
  best solution is unique, the generator's 1..5 rating, and the ID a Share link carries, proved to open as
  any game ID does (`ids.decode`).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace
from typing import NamedTuple

from app.core.gameid import GameIdError, compose, split

from .board import MADE, MAX_INVENTORY, MAX_SIDE, Inventory, Puzzle, Source, State, inward_direction
from .cells import (
    COLOURS,
    DELTAS,
    EMPTY,
    FILTER,
    FILTER_CODES,
    FIXED_CODES,
    FIXED_MIRROR,
    FIXED_SPLITTER,
    GLASS,
    GLASS_CODES,
    MIRROR,
    REFLECT,
    REFLECTOR_CODES,
    SPLITTER,
    SPLITTER_CODES,
    TARGET,
    TARGET_CODES,
    TURNABLE_CODES,
    WALL,
)
from .ids import CELL_LETTERS, COLOUR_LETTERS, VERSION_PIECES, decode, encode
from .planner import plan_steps, shortest_layouts_steps
from .rating import rating
from .solver import SolverLimitError
from .trace import solved

MIN_EDIT_SIDE = 4
MAX_EDIT_SIDE = MAX_SIDE
DEFAULT_SIDE = 6


class PaletteItem(NamedTuple):
    """One thing the editor can put: `name` (its catalogue key is "mirrors_edit_piece_<name>"), and either
    the cell `code` it puts, or, for a light source, `colour` (then `code` is None)."""

    name: str
    code: int | None
    colour: int | None = None


_COLOUR_NAMES = ("white", "red", "green", "blue")
PALETTE: tuple[PaletteItem, ...] = (
    PaletteItem("empty", EMPTY), PaletteItem("wall", WALL),
    PaletteItem("mirror_slash", MIRROR), PaletteItem("mirror_backslash", MIRROR + 1),
    PaletteItem("fixed_slash", FIXED_MIRROR), PaletteItem("fixed_backslash", FIXED_MIRROR + 1),
    PaletteItem("splitter_slash", SPLITTER), PaletteItem("splitter_backslash", SPLITTER + 1),
    PaletteItem("fixed_splitter_slash", FIXED_SPLITTER), PaletteItem("fixed_splitter_backslash", FIXED_SPLITTER + 1),
    *(PaletteItem(f"filter_{_COLOUR_NAMES[c]}", FILTER + c) for c in COLOURS[1:]),
    *(PaletteItem(f"glass_{_COLOUR_NAMES[c]}", GLASS + c) for c in COLOURS[1:]),
    *(PaletteItem(f"target_{_COLOUR_NAMES[c]}", TARGET + c) for c in COLOURS),
    *(PaletteItem(f"source_{_COLOUR_NAMES[c]}", None, c) for c in COLOURS),
)
PALETTE_BY_NAME = {item.name: item for item in PALETTE}


class EditError(ValueError):
    """Something the editor refuses; `string_key` is the catalogue's words for it."""

    def __init__(self, message: str, string_key: str) -> None:
        super().__init__(message)
        self.string_key = string_key


@dataclass(frozen=True)
class EditorStage:
    """A stage being built: size, cell codes row-major, sources on the ring, and pieces to place."""

    height: int
    width: int
    cells: tuple[int, ...]
    sources: tuple[Source, ...] = ()
    inventory: Inventory = (0, 0)

    def code(self, row: int, col: int) -> int:
        """Return the code of cell (row, col)."""
        return self.cells[row * self.width + col]

    def source_at(self, row: int, col: int) -> Source | None:
        """Return the source at ring position (row, col), or None."""
        return next((s for s in self.sources if (s.row, s.col) == (row, col)), None)

    def puzzle(self) -> Puzzle:
        """Return the stage as a puzzle to play: difficulty word "made" (its records apart from the presets'),
        sources in ring order (so one stage has one ID)."""
        return Puzzle(self.height, self.width, self.cells, self.sources, None, MADE, self.inventory)

    def state(self) -> State:
        """Return the stage's start as a game state (what the editor draws)."""
        return State(self.puzzle())


def _check_side(height: int, width: int) -> None:
    for side in (height, width):
        if isinstance(side, bool) or not isinstance(side, int) or not MIN_EDIT_SIDE <= side <= MAX_EDIT_SIDE:
            raise EditError(f"a stage is {MIN_EDIT_SIDE} to {MAX_EDIT_SIDE} cells a side", "mirrors_edit_bad_size")


def blank(height: int = DEFAULT_SIDE, width: int = DEFAULT_SIDE) -> EditorStage:
    """Return an empty stage of this size (4..10 a side): no pieces, no sources."""
    _check_side(height, width)
    return EditorStage(height, width, (EMPTY,) * (height * width))


def _ring_order(source: Source, height: int, width: int) -> tuple[int, int]:
    """Sort key of ring positions: top, right, bottom, left, each read clockwise."""
    if source.row == -1:
        return (0, source.col)
    if source.col == width:
        return (1, source.row)
    if source.row == height:
        return (2, -source.col)
    return (3, -source.row)


def _with_sources(stage: EditorStage, sources: list[Source]) -> EditorStage:
    ordered = tuple(sorted(sources, key=lambda s: _ring_order(s, stage.height, stage.width)))
    return replace(stage, sources=ordered)


def resize(stage: EditorStage, height: int, width: int) -> EditorStage:
    """Return the stage at a new size: cells kept where they still fit, sources kept on the same side."""
    _check_side(height, width)
    cells = tuple(stage.code(r, c) if r < stage.height and c < stage.width else EMPTY
                  for r in range(height) for c in range(width))
    sources = []
    for s in stage.sources:
        row = height if s.row == stage.height else s.row  # the bottom and right sides stay bottom and right
        col = width if s.col == stage.width else s.col
        direction = inward_direction(row, col, height, width)
        if direction is not None:
            sources.append(Source(row, col, direction, s.colour))
    return _with_sources(EditorStage(height, width, cells, (), stage.inventory), sources)


_NAME_OF_CODE = {item.code: item.name for item in PALETTE if item.code is not None}


def dropped_by_resize(stage: EditorStage, height: int, width: int) -> tuple[tuple[str, int, int], ...]:
    """Return what `resize(stage, height, width)` would remove: (palette name, row, col) of each piece on a cell
    that falls outside, then each light source (at its ring position) that no longer has a place; "" names a
    piece the palette does not offer (one the player placed). Empty cells are not listed."""
    _check_side(height, width)
    pieces = [(_NAME_OF_CODE.get(stage.code(r, c), ""), r, c)
              for r in range(stage.height) for c in range(stage.width)
              if (r >= height or c >= width) and stage.code(r, c) != EMPTY]
    for s in stage.sources:  # (moved as `resize` moves them: the bottom and right sides stay bottom and right)
        row = height if s.row == stage.height else s.row
        col = width if s.col == stage.width else s.col
        if inward_direction(row, col, height, width) is None:
            pieces.append((f"source_{_COLOUR_NAMES[s.colour]}", s.row, s.col))
    return tuple(pieces)


def put(stage: EditorStage, row: int, col: int, item: PaletteItem | str) -> EditorStage:
    """Return the stage with `item` put at (row, col): a piece on a cell, a source (or, with "empty", none) on the
    ring. EditError if it does not go there."""
    if isinstance(item, str):
        if item not in PALETTE_BY_NAME:
            raise EditError(f"no piece {item!r}", "mirrors_edit_bad_piece")
        item = PALETTE_BY_NAME[item]
    on_board = 0 <= row < stage.height and 0 <= col < stage.width
    if on_board:
        if item.code is None:
            raise EditError("a light source goes on the edge, not on a cell", "mirrors_edit_source_on_cell")
        cells = list(stage.cells)
        cells[row * stage.width + col] = item.code
        return replace(stage, cells=tuple(cells))
    direction = inward_direction(row, col, stage.height, stage.width)
    if direction is None:
        raise EditError("that place is not on the board or its edge", "mirrors_edit_off_board")
    others = [s for s in stage.sources if (s.row, s.col) != (row, col)]
    if item.code == EMPTY:
        return _with_sources(stage, others)
    if item.colour is None:
        raise EditError("only light sources go on the edge", "mirrors_edit_piece_on_edge")
    return _with_sources(stage, [*others, Source(row, col, direction, item.colour)])


def with_inventory(stage: EditorStage, mirrors: int, splitters: int) -> EditorStage:
    """Return the stage with this many mirrors and splitters to place (0..9 each)."""
    for count in (mirrors, splitters):
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_INVENTORY:
            raise EditError(f"pieces to place are 0 to {MAX_INVENTORY}", "mirrors_edit_bad_inventory")
    return replace(stage, inventory=(mirrors, splitters))


# --- text: a format-2 game ID, read without asking for a solvable board ------------------------------

def to_text(stage: EditorStage) -> str:
    """Return the stage as text (a format-2 game ID's fields, whether or not the stage is playable)."""
    h, w = stage.height, stage.width
    cells = "".join(CELL_LETTERS[code] for code in stage.cells)
    sources = "".join(_source_text(s, h, w) for s in stage.sources)
    return compose(VERSION_PIECES, f"{w}x{h}-normal", cells, sources, f"{stage.inventory[0]}{stage.inventory[1]}")


def _source_text(source: Source, height: int, width: int) -> str:
    side, index = (("t", source.col) if source.row == -1 else ("b", source.col) if source.row == height
                   else ("l", source.row) if source.col == -1 else ("r", source.row))
    return f"{side}{index}{COLOUR_LETTERS[source.colour]}"


def from_text(text: str) -> EditorStage:
    """Read `to_text`'s text back (any difficulty word); GameIdError if it is not a stage of the editor's sizes."""
    if not isinstance(text, str):
        raise GameIdError("a stage is text")
    params, cells_text, sources_text, inventory_text = split(text, VERSION_PIECES, 4)
    size, _, difficulty = params.partition("-")
    width_text, _, height_text = size.partition("x")
    if not (width_text.isdigit() and height_text.isdigit() and difficulty.isalpha()):
        raise GameIdError("the stage's size is not written the usual way", "size")
    width, height = int(width_text), int(height_text)
    if not (MIN_EDIT_SIDE <= width <= MAX_EDIT_SIDE and MIN_EDIT_SIDE <= height <= MAX_EDIT_SIDE):
        raise GameIdError(f"a stage is {MIN_EDIT_SIDE} to {MAX_EDIT_SIDE} cells a side", "size")
    if len(cells_text) != height * width or any(letter not in CELL_LETTERS for letter in cells_text):
        raise GameIdError(f"the stage's board does not describe {height * width} cells", "board")
    if len(inventory_text) != 2 or not inventory_text.isdigit():
        raise GameIdError("the stage's pieces to place are damaged", "board")
    stage = EditorStage(height, width, tuple(CELL_LETTERS.index(ch) for ch in cells_text), (),
                        (int(inventory_text[0]), int(inventory_text[1])))
    if len(sources_text) % 3:
        raise GameIdError("the stage's sources are damaged", "board")
    for start in range(0, len(sources_text), 3):
        side, index, colour = sources_text[start], sources_text[start + 1], sources_text[start + 2]
        if side not in "tblr" or not index.isdigit() or colour not in COLOUR_LETTERS:
            raise GameIdError("a source of the stage is damaged", "board")
        row, col = {"t": (-1, int(index)), "b": (height, int(index)), "l": (int(index), -1),
                    "r": (int(index), width)}[side]
        if inward_direction(row, col, height, width) is None or stage.source_at(row, col) is not None:
            raise GameIdError("a source of the stage is not on the board's edge, or shares a place", "board")
        stage = put(stage, row, col, PALETTE[-len(COLOURS) + COLOUR_LETTERS.index(colour)])
    return stage


def from_game_id(game_id: str) -> EditorStage:
    """Return the stage a game ID (or a stage id such as "4-01") names, to edit; GameIdError if it is no stage."""
    puzzle = decode(game_id).puzzle
    if not (MIN_EDIT_SIDE <= puzzle.height <= MAX_EDIT_SIDE and MIN_EDIT_SIDE <= puzzle.width <= MAX_EDIT_SIDE):
        raise GameIdError(f"the editor takes boards of {MIN_EDIT_SIDE} to {MAX_EDIT_SIDE} cells a side", "size")
    stage = EditorStage(puzzle.height, puzzle.width, puzzle.cells, (), puzzle.inventory)
    return _with_sources(stage, list(puzzle.sources))


# --- Test ---------------------------------------------------------------------------------------------

OUTCOMES = ("solvable", "unsolvable", "no_source", "no_target", "nothing_to_move", "solved", "too_tangled")


class Verdict(NamedTuple):
    """What Test found: `outcome` (one of OUTCOMES; catalogue key "mirrors_edit_verdict_<outcome>"); for a
    solvable stage the minimum moves, whether the best solution is unique (None: not decided), the 1..5
    rating, the search's effort, and `game_id`, the ID a Share link carries (`ids.decode` read it)."""

    outcome: str
    par: int = 0
    unique: bool | None = False  # None: the search for a second best layout ran out of budget
    rating: int = 0
    effort: int = 0
    game_id: str = ""
    dark: tuple[tuple[int, int, int], ...] = ()  # an unsolvable stage's targets no layout can light: (row, col, colour)

    @property
    def shareable(self) -> bool:
        """Whether the stage may be played and shared."""
        return self.outcome == "solvable"


def problem(stage: EditorStage) -> str | None:
    """Return the outcome that stops a stage before any search ("no_source", "no_target", "nothing_to_move",
    "solved"), or None."""
    if not stage.sources:
        return "no_source"
    if not any(code in TARGET_CODES for code in stage.cells):
        return "no_target"
    if not any(code in TURNABLE_CODES for code in stage.cells) and stage.inventory == (0, 0):
        return "nothing_to_move"
    if solved(stage.height, stage.width, stage.cells, stage.sources):
        return "solved"
    return None


def dark_targets(stage: EditorStage) -> tuple[tuple[int, int, int], ...]:
    """The targets (row, col, colour) that no beam of their colour can reach however pieces are turned or placed.

    Every turnable piece may send a beam either way, and every empty cell may too while pieces are left to
    place; one piece is even allowed to serve two beams differently. So a target this cannot reach is truly
    dark in every layout (what an unsolvable stage's Test names); one it reaches may still be unlit.
    """
    h, w, cells = stage.height, stage.width, stage.cells
    placing = any(count > 0 for count in stage.state().hand())
    lit: set[tuple[int, int]] = set()
    seen: set[tuple[int, int, int, int]] = set()
    todo = [(source.row, source.col, source.direction, source.colour) for source in stage.sources]
    while todo:
        row, col, direction, colour = todo.pop()
        d_row, d_col = DELTAS[direction]
        row, col = row + d_row, col + d_col
        if not (0 <= row < h and 0 <= col < w) or (row, col, direction, colour) in seen:
            continue
        seen.add((row, col, direction, colour))
        code = cells[row * w + col]
        turns = {REFLECT[0][direction], REFLECT[1][direction]}
        if code == EMPTY:
            ways = {direction} | (turns if placing else set())
        elif code in REFLECTOR_CODES:
            ways = {REFLECT[code & 1][direction]} if code in FIXED_CODES else turns
        elif code in SPLITTER_CODES:
            ways = {direction} | ({REFLECT[code & 1][direction]} if code in FIXED_CODES else turns)
        elif code in GLASS_CODES:
            colour, ways = code - GLASS, {direction}
        elif code in FILTER_CODES:
            ways = {direction} if code - FILTER == colour else set()
        else:  # a target stops the beam (lit if of its colour); a wall stops it
            if code in TARGET_CODES and code - TARGET == colour:
                lit.add((row, col))
            ways = set()
        todo.extend((row, col, way, colour) for way in ways)
    return tuple((i // w, i % w, code - TARGET) for i, code in enumerate(cells)
                 if code in TARGET_CODES and (i // w, i % w) not in lit)


Verdicts = Generator["float | None", None, Verdict]


def verdict_steps(stage: EditorStage) -> Verdicts:
    """Test a stage in slices (a generator yielding between them; close it to cancel) and return its Verdict."""
    found = problem(stage)
    if found is not None:
        return Verdict(found)
    h, w, cells, sources, hand = stage.height, stage.width, stage.cells, stage.sources, stage.state().hand()
    try:
        best = yield from plan_steps(h, w, cells, sources, hand)
    except SolverLimitError:
        return Verdict("too_tangled")
    if best.moves is None:
        return Verdict("unsolvable", effort=best.nodes, dark=dark_targets(stage))
    par = len(best.moves)
    try:
        shortest = yield from shortest_layouts_steps(h, w, cells, sources, hand, par)
        unique: bool | None = len(shortest) == 1
    except SolverLimitError:
        unique = None  # the minimum is proved; how many best layouts there are is not
    grade = rating(par, best.nodes)
    game_id = encode(stage.state())
    yield None
    try:
        decode(game_id)  # what opening the link does: the same proof, within the game's own budget
    except GameIdError:
        return Verdict("too_tangled")
    return Verdict("solvable", par, unique, grade, best.nodes, game_id)
