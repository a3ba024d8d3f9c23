"""The hand-checked stages: loading `stages.toml`, checking every field, and looking stages up.

Each `[[stage]]` in the file has:
  id        "T-NN": tier T (1..4), number NN (01..99); unique, in order
  tier      1 (no colour: white sources and targets only), 2 (colour), 3 (colour, filters and glass),
            4 (splitters and pieces to place, with anything of the tiers before)
  min_turns the fewest moves from the starting layout (turns, placements, take-backs; checked
            against the solver)
  rows      one string per row of whitespace-separated cell tokens (cells.TOKENS):
            .  empty      #  wall      /  \\  turnable mirrors      L/  L\\  fixed mirrors
            FR FG FB  filter (red/green/blue)      GR GG GB  glass      TW TR TG TB  target
            S/ S\\  splitters    LS/ LS\\  fixed splitters    P/ P\\ PS/ PS\\  pieces placed at the start
  inventory (optional, tier 4) { mirrors = N, splitters = N }: pieces to place, 0..9 each
  sources   a list of { row, col, dir, colour }: a place on the border ring (row -1 or
            height, or col -1 or width, not a corner), firing into the board
            ("up"/"right"/"down"/"left"), colour "white"/"red"/"green"/"blue"

A bad file makes `load_stages` raise StageFileError, whose message names the stage and
the field and whose `stage`, `field` and `problem` (one of PROBLEMS) let the page
translate it (catalogue key "mirrors_stage_error_<problem>"). The shipped file is read
at import, and there a bad file fails soft: `STAGES` is empty (endless mode still
works, and `#mirrors` opens it) and `STAGE_ERROR` holds the error for the page to show.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from .board import MAX_INVENTORY, Inventory, Puzzle, Source, State, inward_direction
from .cells import (
    CODE_OF_TOKEN,
    COLOUR_NAMES,
    DIRECTION_NAMES,
    FILTER_CODES,
    GLASS_CODES,
    SPLITTER,
    TARGET,
    TARGET_CODES,
    TURNABLE_CODES,
    WHITE,
)
from .planner import fewest_moves
from .solver import SolverLimitError
from .trace import solved

STAGE_FILE = Path(__file__).with_name("stages.toml")
STAGE_ID = re.compile(r"[1-9]-[0-9]{2}")
MIN_SIDE, MAX_SIDE = 3, 10
TIER_NUMBERS = (1, 2, 3, 4)

PROBLEMS = (
    "syntax",  # the file is not valid TOML
    "missing",  # a required field is absent
    "bad_value",  # a field has the wrong type or an impossible value
    "duplicate_id",
    "bad_size",  # rows of different lengths, or a size outside 3..10
    "unknown_cell",
    "source_off_border",
    "source_direction",  # a source that does not fire into the board
    "duplicate_source",
    "no_target",
    "no_mirror",  # nothing to turn or place
    "tier_rules",  # colour in tier 1, filters or glass below tier 3, splitters or pieces to place below tier 4
    "starts_solved",
    "unsolvable",
    "too_complex",  # the solver's budget ran out (solver.MAX_NODES)
    "min_turns_wrong",
    "unreadable",  # the file is missing or not UTF-8 text
)


class StageFileError(ValueError):
    """A stage file that cannot be used: the message names the stage and field; `problem` is in PROBLEMS."""

    def __init__(self, stage: str, field: str, problem: str, detail: str) -> None:
        if problem not in PROBLEMS:
            raise ValueError(f"unknown stage file problem {problem!r}")
        super().__init__(f"stage {stage}, field {field!r}: {detail}")
        self.stage = stage
        self.field = field
        self.problem = problem


class Stage(NamedTuple):
    """One stage: its id ("1-01"), tier (1..4), the puzzle as it starts, and its recorded fewest moves."""

    id: str
    tier: int
    puzzle: Puzzle
    min_turns: int


def _require(record: Mapping[str, Any], stage: str, key: str, kind: type, label: str = "") -> Any:
    """Return record[key] if it is there with the right type; else raise naming the field `label` (or key)."""
    field = label or key
    if key not in record:
        raise StageFileError(stage, field, "missing", "this field is required")
    value = record[key]
    if not isinstance(value, kind) or isinstance(value, bool) != (kind is bool):
        raise StageFileError(stage, field, "bad_value", f"expected {kind.__name__}, found {value!r}")
    return value


def _read_rows(rows: list[Any], stage: str) -> tuple[int, int, tuple[int, ...]]:
    grid = []
    for number, row in enumerate(rows):
        if not isinstance(row, str):
            raise StageFileError(stage, "rows", "bad_value", f"row {number} is not a string")
        codes = []
        for col, token in enumerate(row.split()):
            if token not in CODE_OF_TOKEN:
                detail = f"unknown cell {token!r} at row {number}, col {col}"
                raise StageFileError(stage, "rows", "unknown_cell", detail)
            codes.append(CODE_OF_TOKEN[token])
        grid.append(codes)
    height = len(grid)
    width = len(grid[0]) if grid else 0
    if any(len(row) != width for row in grid):
        raise StageFileError(stage, "rows", "bad_size", "the rows are not all the same length")
    if not (MIN_SIDE <= height <= MAX_SIDE and MIN_SIDE <= width <= MAX_SIDE):
        raise StageFileError(stage, "rows", "bad_size", f"{width}x{height} is outside {MIN_SIDE}..{MAX_SIDE}")
    return height, width, tuple(code for row in grid for code in row)


def _read_sources(items: list[Any], stage: str, height: int, width: int) -> tuple[Source, ...]:
    sources: list[Source] = []
    for number, item in enumerate(items):
        field = f"sources[{number}]"
        if not isinstance(item, dict):
            raise StageFileError(stage, field, "bad_value", "a source is a table { row, col, dir, colour }")
        row = _require(item, stage, "row", int, field + ".row")
        col = _require(item, stage, "col", int, field + ".col")
        direction_name = _require(item, stage, "dir", str, field + ".dir")
        colour_name = _require(item, stage, "colour", str, field + ".colour")
        if direction_name not in DIRECTION_NAMES:
            raise StageFileError(stage, field + ".dir", "bad_value", f"dir must be one of {DIRECTION_NAMES}")
        if colour_name not in COLOUR_NAMES:
            raise StageFileError(stage, field + ".colour", "bad_value", f"colour must be one of {COLOUR_NAMES}")
        inward = inward_direction(row, col, height, width)
        if inward is None:
            raise StageFileError(stage, field, "source_off_border", f"({row}, {col}) is not on the border ring")
        if DIRECTION_NAMES.index(direction_name) != inward:
            raise StageFileError(stage, field + ".dir", "source_direction", "a source must fire into the board")
        if any((s.row, s.col) == (row, col) for s in sources):
            raise StageFileError(stage, field, "duplicate_source", f"two sources at ({row}, {col})")
        sources.append(Source(row, col, inward, COLOUR_NAMES.index(colour_name)))
    if not sources:
        raise StageFileError(stage, "sources", "missing", "a stage needs at least one source")
    return tuple(sources)


def _read_inventory(record: Mapping[str, Any], stage: str) -> Inventory:
    if "inventory" not in record:
        return (0, 0)
    table = _require(record, stage, "inventory", dict)
    unknown = set(table) - {"mirrors", "splitters"}
    if unknown:
        raise StageFileError(stage, "inventory", "bad_value", f"unknown pieces {sorted(unknown)}")
    counts = []
    for name in ("mirrors", "splitters"):
        count = _require(table, stage, name, int, f"inventory.{name}") if name in table else 0
        if not 0 <= count <= MAX_INVENTORY:
            raise StageFileError(stage, f"inventory.{name}", "bad_value", f"0 to {MAX_INVENTORY}, not {count}")
        counts.append(count)
    return (counts[0], counts[1])


def _check_tier(
    stage: str, tier: int, cells: tuple[int, ...], sources: tuple[Source, ...], inventory: Inventory = (0, 0)
) -> None:
    if tier == 1:
        colours = {s.colour for s in sources} | {code - TARGET for code in cells if code in TARGET_CODES}
        if colours != {WHITE}:
            raise StageFileError(stage, "rows", "tier_rules", "tier 1 uses white light and white targets only")
    if tier < 3 and any(code in FILTER_CODES or code in GLASS_CODES for code in cells):
        raise StageFileError(stage, "rows", "tier_rules", "filters and glass belong to tier 3")
    second_edition = inventory != (0, 0) or any(code >= SPLITTER for code in cells)
    if tier < 4 and second_edition:
        raise StageFileError(stage, "rows", "tier_rules", "splitters and pieces to place belong to tier 4")
    if tier == 4 and not second_edition:
        raise StageFileError(stage, "rows", "tier_rules", "tier 4 stages use splitters or pieces to place")


def read_stage(record: Mapping[str, Any], position: int) -> Stage:
    """Check one `[[stage]]` table and return the Stage; raise StageFileError naming the field at fault."""
    stage = str(record.get("id", f"#{position + 1}"))
    stage_id = _require(record, stage, "id", str)
    if not STAGE_ID.fullmatch(stage_id):
        raise StageFileError(stage, "id", "bad_value", "a stage id is written T-NN, e.g. 1-01")
    tier = _require(record, stage, "tier", int)
    if tier not in TIER_NUMBERS or int(stage_id[0]) != tier:
        raise StageFileError(stage, "tier", "bad_value", f"tier must be 1 to 4 and match the id, not {tier}")
    min_turns = _require(record, stage, "min_turns", int)
    if min_turns < 1:
        raise StageFileError(stage, "min_turns", "bad_value", "a stage needs at least one turn")
    height, width, cells = _read_rows(_require(record, stage, "rows", list), stage)
    sources = _read_sources(_require(record, stage, "sources", list), stage, height, width)
    inventory = _read_inventory(record, stage)
    puzzle = Puzzle(height, width, cells, sources, stage_id, "stage", inventory)
    if not any(code in TARGET_CODES for code in cells):
        raise StageFileError(stage, "rows", "no_target", "a stage needs at least one target")
    if not any(code in TURNABLE_CODES for code in cells) and not puzzle.places_pieces:
        raise StageFileError(stage, "rows", "no_mirror", "a stage needs a mirror to turn or a piece to place")
    _check_tier(stage, tier, cells, sources, inventory)
    if solved(height, width, cells, sources):
        raise StageFileError(stage, "rows", "starts_solved", "the starting layout already lights every target")
    try:
        moves = fewest_moves(height, width, cells, sources, State(puzzle).hand())
    except SolverLimitError:
        raise StageFileError(stage, "rows", "too_complex", "the solver cannot check this board in time") from None
    if moves is None:
        raise StageFileError(stage, "rows", "unsolvable", "no layout of the mirrors lights every target")
    if len(moves) != min_turns:
        detail = f"recorded {min_turns}, the solver finds {len(moves)}"
        raise StageFileError(stage, "min_turns", "min_turns_wrong", detail)
    return Stage(stage_id, tier, puzzle, min_turns)


def parse_stages(text: str) -> dict[str, Stage]:
    """Read and check a whole stage file's text; return the stages by id, in file order."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise StageFileError("(file)", "(file)", "syntax", f"not valid TOML: {exc}") from None
    records = data.get("stage")
    if not isinstance(records, list) or not records:
        raise StageFileError("(file)", "stage", "missing", "the file has no [[stage]] tables")
    stages: dict[str, Stage] = {}
    for position, record in enumerate(records):
        if not isinstance(record, dict):
            raise StageFileError(f"#{position + 1}", "stage", "bad_value", "a stage must be a table")
        found = read_stage(record, position)
        if found.id in stages:
            raise StageFileError(found.id, "id", "duplicate_id", "another stage already has this id")
        stages[found.id] = found
    return stages


def load_stages(path: Path | None = None) -> dict[str, Stage]:
    """Read and check a stage file (by default the shipped one); return the stages by id, in file order."""
    if path is None:
        # Through importlib.resources, so the file is found whether app/ is unpacked or imported from a zip.
        text = resources.files(__package__).joinpath(STAGE_FILE.name).read_text(encoding="utf-8")
    else:
        text = path.read_text(encoding="utf-8")
    return parse_stages(text)


def load_stages_soft(path: Path | None = None) -> tuple[dict[str, Stage], StageFileError | None]:
    """Like `load_stages`, but never raise: return (stages, None), or ({}, the error) for a bad file."""
    try:
        return load_stages(path), None
    except StageFileError as exc:
        return {}, exc
    except (OSError, UnicodeDecodeError) as exc:
        return {}, StageFileError("(file)", "(file)", "unreadable", f"the stage file cannot be read: {exc}")


# A damaged file must not stop the page (the string catalogue imports every game package):
# no stages then, and the error kept for the view to explain.
STAGES: dict[str, Stage]
STAGE_ERROR: StageFileError | None
STAGES, STAGE_ERROR = load_stages_soft()
TIERS: dict[int, tuple[str, ...]] = {
    tier: tuple(stage_id for stage_id, stage in STAGES.items() if stage.tier == tier) for tier in TIER_NUMBERS
}


def stage_state(stage_id: str) -> State:
    """Return the starting state of a stage; raise KeyError for an unknown id."""
    return State(STAGES[stage_id].puzzle)


def next_stage(stage_id: str) -> str | None:
    """Return the id of the stage after `stage_id` (across tiers), or None after the last or an unknown id."""
    order = list(STAGES)
    if stage_id not in STAGES:
        return None
    position = order.index(stage_id)
    return order[position + 1] if position + 1 < len(order) else None
