"""Light Path: turn `/` and `\\` mirrors so the beams from the edge light every target in its colour.

The rules behind the package's `SPEC` (an `app.core.game.GameSpec`), plus what the view needs:

- Coordinates: cells are (row, col), 0-based, in a height×width board. Sources sit
  in the border ring: row -1 or height, or col -1 or width (corners excluded).
- Directions (one encoding, `cells.py`): 0 up, 1 right, 2 down, 3 left.
  Colours: 0 white, 1 red, 2 green, 3 blue (`COLOUR_NAMES`, `COLOUR_LETTERS`).
- Moves: `("turn", row, col)` flips the turnable mirror or splitter there; second edition:
  `("place", row, col, kind, orientation)` puts a "mirror" or "splitter" from the hand on an
  empty cell (orientation 0 `/`, 1 `\\`), `("take", row, col)` takes a placed piece back into
  the hand. Moves are plain tuples, so they survive JSON (lists read back as tuples). Each
  costs 1 move. A refused move raises `RefusedMoveError` (a ValueError) with a catalogue key
  the page says: `mirrors_refused_fixed`, `mirrors_refused_nothing`, `mirrors_refused_source` (turns),
  `mirrors_refused_occupied`, `mirrors_refused_no_mirror` / `_no_splitter` (none left), `mirrors_refused_none_mirror` /
  `_none_splitter` (none on this board), `mirrors_refused_no_inventory`
  (placements), `mirrors_refused_not_placed`, `mirrors_refused_take_fixed` (takes).
- Input: `press(state, row, col, chosen)`, what a click, a tap or Enter does there (place the chosen
  piece on an empty cell of a puzzle with pieces to place, else turn).
- View API: `sources`, `first_cell`, `trace` (Beam/Step, see `trace.py`), `beam_ends` and
  `beam_changes` (BeamEnd: where each beam stops, and which stops a move changed), `beam_colours`,
  `lit_targets`, `targets`, `cell_kind` (a `Cell`), `remaining_turns`, `par`, `hint`,
  `hand` and `hand_words` (pieces left to place), `difficulty` (`rating.Difficulty`), `stars`.
- Stages: `STAGES` (id -> Stage, in order), `TIERS` (tier -> ids), `stage_state`,
  `next_stage`, `stage_of`; a stage's params format to "stage-<id>" so each stage keeps its
  own bests. A damaged stage file leaves `STAGES` empty and says why in `STAGE_ERROR`.
- Endless mode: `PRESETS` and "WxH-difficulty" params (5..10, easy/normal/hard); a run of
  endless wins asks for bigger and harder boards (`run_params`, endless.py);
  `generate` lays a forward-generated board (`generator.py`) whose par comes from the
  exact solver (`solver.py`, which also defines what "unique" means; hard boards are).
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from typing import Any

from app.core.board_cells import cell_on_board
from app.core.drafts import register_drafts
from app.core.game import (  # noqa: F401 (RefusedMoveError: importable here as before)
    GameSpec,
    ParamsError,
    RefusedMoveError,
    Stages,
    Strings,
    Translate,
    moves_and_time,
    moves_and_time_best,
    rising_week,
)
from app.core.rng import Rng
from app.core.stars import rate

from . import strings as catalogue
from .board import (
    DIFFICULTIES,
    Params,
    Puzzle,
    Source,
    State,
    check_params,
    format_params,
    parse_endless_params,
    parse_made_params,
    playable_params,
    stage_id_in,
)
from .board import first_cell as _first_cell
from .cells import (  # noqa: F401 (the view reads some; importable here as before)
    COLOUR_LETTERS,
    COLOUR_NAMES,
    DIRECTION_NAMES,
    EMPTY,
    PIECE_KINDS,
    REFLECT,
    Cell,
    describe,
    is_piece,
    is_placed,
    is_turnable,
    placed_code,
)
from .check import check
from .endless import run_params
from .moves import moved
from .planner import fewest_moves, is_unique_layout
from .rating import Difficulty
from .rating import difficulty as measure_difficulty
from .solver import SolverLimitError
from .trace import Beam, BeamEnd, Step, beam_end, cell_colours, changed_ends, lit_cells, target_cells, trace_all

# Game IDs and the stages (read from stages.toml, each checked by the planner as the module is
# imported) are imported by the functions below when first called, so showing the home screen
# does not run them; the stage table itself is `app.games.mirrors.stages.STAGES` (and TIERS).


ID = "mirrors"

PRESETS: OrderedDict[str, Params] = OrderedDict(
    [
        ("easy", Params(6, 6, "easy")),
        ("normal", Params(8, 8, "normal")),
        ("hard", Params(10, 10, "hard")),
    ]
)

# ("turn", row, col) | ("place", row, col, kind, orientation) | ("take", row, col)
Move = tuple[Any, ...]

__all__ = [
    "COLOUR_LETTERS",
    "COLOUR_NAMES",
    "DIFFICULTIES",
    "DIRECTION_NAMES",
    "EMPTY",
    "ID",
    "PIECE_KINDS",
    "PRESETS",
    "REFLECT",
    "Beam",
    "BeamEnd",
    "Cell",
    "Difficulty",
    "Move",
    "Params",
    "Puzzle",
    "SolverLimitError",
    "Source",
    "State",
    "Step",
    "apply",
    "beam_colours",
    "beam_ends",
    "beam_changes",
    "cell_kind",
    "check",
    "decode",
    "difficulty",
    "encode",
    "first_cell",
    "format_params",
    "generate",
    "hand",
    "hand_words",
    "hint",
    "is_unique_puzzle",
    "lit_targets",
    "move_cost",
    "next_stage",
    "par",
    "params_of",
    "parse_params",
    "piece_to_place",
    "press",
    "remaining_turns",
    "run_params",
    "solve",
    "solve_moves",
    "sources",
    "stage_of",
    "stage_state",
    "stars",
    "status",
    "targets",
    "trace",
]

_PARAMS_MESSAGE = "Write the settings as WIDTHxHEIGHT-difficulty (e.g. 8x8-hard) or a stage such as stage-1-01"


# --- params -----------------------------------------------------------------------------------------


def parse_params(text: str) -> Params:
    """Read "8x8-hard", "8-hard", a preset name ("easy") or a stage key ("stage-1-01"); ValueError if bad."""
    if not isinstance(text, str):
        raise ParamsError(_PARAMS_MESSAGE, "params_refused")
    key = text.strip().lower()
    if key in PRESETS:
        return PRESETS[key]
    stage_id = stage_id_in(key)
    if stage_id is not None:
        from .stages import STAGES

        if stage_id not in STAGES:
            raise ParamsError(f"There is no stage {stage_id}", "params_refused")
        return STAGES[stage_id].puzzle.params
    made = parse_made_params(key)  # a stage from the stage editor (its records' key)
    if made is not None:
        return made
    params = parse_endless_params(key)
    if params is None:
        raise ParamsError(_PARAMS_MESSAGE, "params_refused")
    return params


def params_of(state: State) -> Params:
    """Return the params a state was made with (a stage's own params for stages)."""
    return state.params


def stage_of(state: State) -> str | None:
    """Return the id of the stage a state is playing, or None in endless mode."""
    return state.params.stage


# --- playing ----------------------------------------------------------------------------------------

_PARS: OrderedDict[Puzzle, int] = OrderedDict()  # par of recently generated puzzles, known from the generator
_PAR_MEMORY = 32


def generate(params: Params, rng: Rng) -> State:
    """Return a new puzzle's start: forward-generated for endless params, the stage itself for stage params."""
    from .generator import generate_puzzle
    from .stages import stage_state

    if params.stage is not None:
        return stage_state(params.stage)
    puzzle, turns = generate_puzzle(check_params(params), rng)
    _PARS[puzzle] = turns
    while len(_PARS) > _PAR_MEMORY:
        _PARS.popitem(last=False)
    return State(puzzle)


def apply(state: State, move: Move) -> State:
    """Return the state after a turn, a placement or a take-back; ValueError if illegal or already won."""
    after = moved(state, move)
    if status(state) == 1:
        raise ValueError("the puzzle is already solved")
    return after


def press(state: State, row: int, col: int, chosen: tuple[str, int] = ("mirror", 0)) -> Move | None:
    """The move a press (a click, a tap, Enter) on a board position makes; None for nothing.

    On an empty cell of a puzzle with pieces to place it places the `chosen` piece (kind and
    orientation), or the only kind left in hand; on any other cell, or on a light source, it
    turns (`apply` refuses in words what cannot turn, a source too). Nothing once solved.
    """
    if status(state) == 1:
        return None
    if 0 <= row < state.height and 0 <= col < state.width:
        if state.puzzle.places_pieces and state.code(row, col) == EMPTY:
            kind, orientation = chosen
            return ("place", row, col, piece_to_place(state.hand(), kind), orientation)
        return ("turn", row, col)
    if any((source.row, source.col) == (row, col) for source in state.puzzle.sources):
        return ("turn", row, col)
    return None


def piece_to_place(hand: tuple[int, int], chosen: str) -> str:
    """The piece a press on an empty cell places: the chosen one while any is left, else the other kind
    if one of it is left; the chosen one otherwise (`apply` then says none is left)."""
    left = dict(zip(PIECE_KINDS, hand, strict=True))
    if left.get(chosen, 0) > 0:
        return chosen
    return next((kind for kind in PIECE_KINDS if left[kind] > 0), chosen)


def move_cost(state: State, move: Move) -> int:
    """Return how many moves `move` adds to the counter: 1 per turn, placement or take-back."""
    return 1


def status(state: State) -> int:
    """Return +1 when every target is lit by light of its colour, else 0 (Light Path cannot be lost)."""
    lit = lit_targets(state)
    return int(all((row, col) in lit for row, col, _ in targets(state)))


@lru_cache(maxsize=256)
def _fewest(puzzle: Puzzle, cells: tuple[int, ...]) -> tuple[Move, ...] | None:
    # Cached: the view asks for the hint and the moves left after every move, often of the same layout.
    return fewest_moves(puzzle.height, puzzle.width, cells, puzzle.sources, State(puzzle, cells).hand())


def solve_moves(state: State) -> tuple[Move, ...] | None:
    """Return a shortest list of moves that wins from here (take-backs, then turns, then placements); None if none.

    Raises SolverLimitError (a ValueError) on a board too tangled to search quickly; never for
    generated boards, stages, or positions reached from them by play (see planner.MAX_PLAN_NODES).
    """
    return _fewest(state.puzzle, state.cells)


def solve(state: State) -> tuple[tuple[int, int], ...] | None:
    """Return the cells a shortest solution changes, row-major (on first-edition boards: the mirrors to turn)."""
    moves = solve_moves(state)
    if moves is None:
        return None
    return tuple(sorted({(move[1], move[2]) for move in moves}))


def remaining_turns(state: State) -> int:
    """Return the fewest moves that win from the current layout (0 when won)."""
    moves = solve_moves(state)
    if moves is None:
        raise ValueError("this layout cannot be solved")  # never for states reached by play
    return len(moves)


def par(state: State) -> int:
    """Return the fewest moves that win from the puzzle's start (a stage's recorded minimum)."""
    from .stages import STAGES

    puzzle = state.puzzle
    if puzzle.stage is not None:
        return STAGES[puzzle.stage].min_turns
    if puzzle in _PARS:
        return _PARS[puzzle]
    return remaining_turns(State(puzzle))


def hint(state: State) -> Move | None:
    """Return the first move of a shortest solution from here (take-backs first); None when won.

    Deterministic. Each hinted move lowers `remaining_turns` by exactly one, so following
    hints wins in `remaining_turns(state)` moves.
    """
    try:
        moves = solve_moves(state)
    except SolverLimitError:
        return None  # no hint rather than a frozen page on a crafted, too tangled board
    if not moves:
        return None
    return moves[0]


def difficulty(state: State) -> Difficulty:
    """Return how hard the puzzle is from its start (par, search effort, uniqueness, a 1..5 rating)."""
    puzzle = state.puzzle
    return measure_difficulty(puzzle.height, puzzle.width, puzzle.cells, puzzle.sources, puzzle.inventory)


def stars(state: State, moves: int, assisted: bool = False) -> int:
    """Return the stars a win in `moves` earns against the puzzle's par (`app.core.stars.rate`)."""
    return rate(moves, par(state), assisted)


def hand(state: State) -> tuple[int, int]:
    """Return the (mirrors, splitters) left to place."""
    return state.hand()


def hand_words(state: State) -> tuple[tuple[str, int], ...]:
    """Return the catalogue keys and counts that say what is left to place, one per kind the puzzle gives."""
    mirrors, splitters = state.hand()
    owned = state.puzzle.owned
    words = []
    if owned[0]:
        words.append(("mirrors_hand_mirrors", mirrors))
    if owned[1]:
        words.append(("mirrors_hand_splitters", splitters))
    return tuple(words)


def is_unique_puzzle(state: State) -> bool:
    """Return whether the puzzle has exactly one solution in the solver's sense (every hard board has)."""
    puzzle = state.puzzle
    return is_unique_layout(puzzle.height, puzzle.width, puzzle.cells, puzzle.sources, puzzle.inventory)


# --- what the view draws ----------------------------------------------------------------------------


def sources(state: State) -> tuple[Source, ...]:
    """Return the light sources: (row, col) in border coordinates, direction 0..3, colour 0..3."""
    return state.puzzle.sources


def first_cell(source: Source) -> tuple[int, int]:
    """Return the (row, col) of the first board cell a source's beam enters."""
    return _first_cell(source)


def trace(state: State) -> tuple[Beam, ...]:
    """Trace every source's beam in the current layout (source order); see `trace.Beam`."""
    return _trace(state.puzzle, state.cells)


@lru_cache(maxsize=64)
def _trace(puzzle: Puzzle, cells: tuple[int, ...]) -> tuple[Beam, ...]:
    # Cached: status, lit_targets and the view all trace the same layout after a move.
    return trace_all(puzzle.height, puzzle.width, cells, puzzle.sources)


def beam_ends(state: State) -> tuple[BeamEnd, ...]:
    """Return where every beam stops now, in source order (`trace.BeamEnd`)."""
    return tuple(beam_end(index, beam) for index, beam in enumerate(trace(state)))


def beam_changes(before: State, after: State) -> tuple[BeamEnd, ...]:
    """Return where each beam now stops whose stop changed between two states of one puzzle.

    What a screen reader says after a turn, an undo or a restart ("The red beam now ends
    at the wall at row 4, column 6"). Different puzzles compare as nothing changed.
    """
    if before.puzzle != after.puzzle:
        return ()
    return changed_ends(trace(before), trace(after))


def beam_colours(state: State) -> dict[tuple[int, int], frozenset[int]]:
    """Return, for every cell light reaches, the colours of the light in it (glass: the colours in and out)."""
    return cell_colours(trace(state))


def lit_targets(state: State) -> frozenset[tuple[int, int]]:
    """Return the (row, col) of every target lit by light of its colour."""
    return lit_cells(trace(state))


def targets(state: State) -> tuple[tuple[int, int, int], ...]:
    """Return every target as (row, col, colour), row-major."""
    return target_cells(state.height, state.width, state.cells)


def cell_kind(state: State, row: int, col: int) -> Cell:
    """Return what cell (row, col) holds now (kind, colour name, mirror char, turnable, label key, placed).

    An empty cell of a puzzle with pieces to place is labelled `mirrors_aria_empty_open`.
    """
    row, col = cell_on_board(row, col, state.height, state.width)
    cell = describe(state.code(row, col))
    if cell.kind == "empty" and state.puzzle.places_pieces:
        return cell._replace(label_key="mirrors_aria_empty_open")
    return cell


# --- game IDs and the stage file, read on first call -------------------------------------------------


def _draft_reads(text: str) -> bool:
    """Whether a stored draft's text is a stage the editor can open (the editor is imported on first call)."""
    from app.core.gameid import GameIdError

    from .editor import from_text

    try:
        from_text(text)
    except GameIdError:
        return False
    return True


register_drafts(ID, _draft_reads)  # drafts of the stage editor: records checked by the editor's own reader


def encode(state: State) -> str:
    """Return the game ID of a state (a stage's ID carries the whole stage)."""
    from .ids import encode as encode_id

    return encode_id(state)


def decode(text: str) -> State:
    """Return the state a game ID names; GameIdError if it is damaged."""
    from .ids import decode as decode_id

    return decode_id(text)


def _stage_ids() -> tuple[str, ...]:
    from .stages import STAGES

    return tuple(STAGES)


def _tiers() -> dict[str, tuple[str, ...]]:
    from .stages import TIERS

    return {str(tier): tuple(ids) for tier, ids in TIERS.items()}


def next_stage(stage_id: str) -> str | None:
    """Return the stage after `stage_id` (across tiers), or None after the last or an unknown id."""
    from .stages import next_stage as after

    return after(stage_id)


def stage_state(stage_id: str) -> State:
    """Return a stage's starting state; KeyError for an unknown id."""
    from .stages import stage_state as start

    return start(stage_id)


def preset_label(t: Translate, name: str, params: Params) -> str:
    """"Easy 6×6" (the home screen, statistics and the size menu)."""
    return t(f"mirrors_preset_{name}", width=params.width, height=params.height)


def params_label(t: Translate, params: Params) -> str:
    """"Stage 1-01 · First Light" for a stage, else "Hard 7×9" (the size menu, statistics)."""
    if params.stage is not None:
        name = t(f"mirrors_stage_{params.stage.replace('-', '_')}")
        return t("mirrors_stage_option", stage=t("mirrors_stage_title", stage=params.stage), name=name)
    return t(f"mirrors_preset_{params.difficulty}", width=params.width, height=params.height)


SPEC: GameSpec[State, Move, Params] = GameSpec(
    preset_label=preset_label,
    params_label=params_label,
    best_text=moves_and_time,
    best_of=moves_and_time_best,
    view="app.web.views.mirrors:MirrorsView", editor="app.web.views.mirrors_editor:EditorScreen",
    stylesheet="static/css/games/mirrors.css",
    daily_week=rising_week("easy", "normal", "hard"),  # the daily's preset per UTC weekday, Monday first
    id=ID, name_key="mirrors_name", rule_key="mirrors_rule", icon="game-icon-mirrors",
    strings=Strings(catalogue.EN, catalogue.JA, catalogue.EN_ONE),
    presets=PRESETS, parse_params=parse_params, format_params=format_params, params_of=params_of,
    generate=generate, apply=apply, status=status, hint=hint, encode=encode, decode=decode,
    move_cost=move_cost, check=check, par=par, adjust_params=playable_params,
    run_params=run_params,
    stages=Stages(ids=_stage_ids, tiers=_tiers, stage_of=stage_of, next_stage=next_stage, stage_state=stage_state),
)
