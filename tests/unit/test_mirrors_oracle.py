"""Light Path against an independent model of its rules, written from the issue text and sharing no code.

It reads boards only through the public `cell_kind` and `sources`, follows beams
with its own table of turns, and finds fewest turns by trying all 2**k
orientations of the k turnable mirrors.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from app.core.rng import Rng
from app.games import mirrors as mi
from app.games.mirrors import cells as mc
from app.games.mirrors import stages
from app.games.mirrors.board import Puzzle, inward_direction
from app.games.mirrors.solver import solutions

STEP = {"up": (-1, 0), "right": (0, 1), "down": (1, 0), "left": (0, -1)}
NAMES = ("up", "right", "down", "left")  # the order of the backend's direction numbers, documented in cells.py
# From the issue: heading right, `/` sends the beam up and `\` down; heading left, `/` -> down, `\` -> up;
# heading up, `/` -> right, `\` -> left; heading down, `/` -> left, `\` -> right.
TURN = {
    ("right", "/"): "up",
    ("right", "\\"): "down",
    ("left", "/"): "down",
    ("left", "\\"): "up",
    ("up", "/"): "right",
    ("up", "\\"): "left",
    ("down", "/"): "left",
    ("down", "\\"): "right",
}
COLOURS = ("white", "red", "green", "blue")


def read_board(state: mi.State) -> dict[tuple[int, int], tuple[str, str | None, str | None, bool]]:
    """Return {(row, col): (kind, colour, mirror, turnable)} from the public cell API."""
    return {
        (r, c): tuple(mi.cell_kind(state, r, c))[:4] for r in range(state.height) for c in range(state.width)
    }


def follow(board: dict, height: int, width: int, source: mi.Source, mirrors: dict) -> tuple:
    """Return (path, end kind, end cell, colour at the end) for one beam; `mirrors` overrides orientations."""
    row, col = source.row, source.col
    heading, colour = NAMES[source.direction], COLOURS[source.colour]
    seen = set()
    path = []
    while True:
        row, col = row + STEP[heading][0], col + STEP[heading][1]
        if not (0 <= row < height and 0 <= col < width):
            return tuple(path), "edge", (row, col), colour
        if (row, col, heading, colour) in seen:
            return tuple(path), "loop", (row, col), colour
        seen.add((row, col, heading, colour))
        kind, cell_colour, mirror, _ = board[(row, col)]
        path.append((row, col, heading, colour))
        if kind == "wall":
            return tuple(path), "wall", (row, col), colour
        if kind == "target":
            return tuple(path), "target" if cell_colour == colour else "wrong target", (row, col), colour
        if kind == "filter" and cell_colour != colour:
            return tuple(path), "filter", (row, col), colour
        if kind == "glass":
            colour = cell_colour
        if kind == "mirror":
            heading = TURN[(heading, mirrors.get((row, col), mirror))]


def lights_all(board: dict, height: int, width: int, sources: tuple, mirrors: dict) -> tuple[bool, tuple]:
    """Return (every target lit in its colour, the beams' paths) for a layout."""
    ends = [follow(board, height, width, source, mirrors) for source in sources]
    lit = {end[2] for end in ends if end[1] == "target"}
    targets = {cell for cell, (kind, *_rest) in board.items() if kind == "target"}
    return targets <= lit, tuple(end[0] for end in ends)


def brute_force(state: mi.State) -> tuple[int | None, int]:
    """Return (fewest turns from the state's layout or None, number of distinct solved beam-path sets)."""
    board = read_board(state)
    turnable = sorted(cell for cell, (kind, _, _, turnable) in board.items() if kind == "mirror" and turnable)
    best = None
    solved_paths = set()
    for choice in itertools.product("/\\", repeat=len(turnable)):
        mirrors = dict(zip(turnable, choice, strict=True))
        ok, paths = lights_all(board, state.height, state.width, mi.sources(state), mirrors)
        if ok:
            turns = sum(board[cell][2] != mirror for cell, mirror in mirrors.items())
            best = turns if best is None else min(best, turns)
            solved_paths.add(paths)
    return best, len(solved_paths)


# --- the backend against the oracle -------------------------------------------------------------------

@pytest.mark.parametrize("direction", range(4))
@pytest.mark.parametrize("orientation", [mc.SLASH, mc.BACKSLASH])
def test_reflection_table_matches_the_issue(direction: int, orientation: int) -> None:
    expected = TURN[(NAMES[direction], mc.MIRROR_CHARS[orientation])]
    assert NAMES[mc.reflect(direction, orientation)] == expected
    assert mc.REFLECT[orientation][direction] == NAMES.index(expected)
    assert mc.mirror_for_turn(direction, NAMES.index(expected)) == orientation


def test_direction_encoding_and_deltas_agree() -> None:
    assert mc.DIRECTION_NAMES == NAMES
    for direction, name in enumerate(NAMES):
        assert mc.DELTAS[direction] == STEP[name]
        assert mc.opposite(mc.opposite(direction)) == direction
        assert mc.DELTAS[mc.opposite(direction)] == tuple(-x for x in STEP[name])


def test_a_straight_turn_has_no_mirror() -> None:
    with pytest.raises(ValueError):
        mc.mirror_for_turn(mc.UP, mc.DOWN)


CODES_WEIGHTED = (
    [mc.EMPTY] * 8
    + [mc.WALL]
    + [mc.MIRROR, mc.MIRROR + 1] * 4
    + [mc.FIXED_MIRROR, mc.FIXED_MIRROR + 1]
    + sorted(mc.FILTER_CODES)
    + sorted(mc.GLASS_CODES)
)


@st.composite
def small_boards(draw: st.DrawFn, max_turnable: int = 9) -> mi.State:
    """Draw a 3..5 x 3..5 board of every kind of cell, 1..3 sources and at most as many targets."""
    height = draw(st.integers(3, 5))
    width = draw(st.integers(3, 5))
    cells = draw(st.lists(st.sampled_from(CODES_WEIGHTED), min_size=height * width, max_size=height * width))
    ring = [(-1, c) for c in range(width)] + [(height, c) for c in range(width)]
    ring += [(r, -1) for r in range(height)] + [(r, width) for r in range(height)]
    places = draw(st.lists(st.sampled_from(ring), min_size=1, max_size=3, unique=True))
    sources = tuple(
        mi.Source(r, c, inward_direction(r, c, height, width), draw(st.integers(0, 3))) for r, c in places
    )
    # Targets are drawn apart, never more than the beams: otherwise nearly every board is trivially unsolvable.
    spots = draw(st.lists(st.integers(0, height * width - 1), min_size=1, max_size=len(sources), unique=True))
    for spot in spots:
        cells[spot] = mc.TARGET + draw(st.sampled_from([s.colour for s in sources] + [mc.WHITE, mc.RED]))
    turnable = [i for i, code in enumerate(cells) if code in mc.TURNABLE_CODES]
    for i in turnable[max_turnable:]:
        cells[i] = mc.EMPTY  # keep 2**k small for the brute force
    return mi.State(Puzzle(height, width, tuple(cells), sources))


@settings(max_examples=400)
@given(small_boards())
def test_fewest_turns_equal_brute_force_on_random_boards(state: mi.State) -> None:
    best, distinct = brute_force(state)
    event("solvable" if best is not None else "unsolvable")
    found = mi.solve(state)
    if best is None:
        assert found is None
        return
    assert found is not None and len(found) == best
    # Turning exactly those mirrors wins (checked by the oracle, not the backend).
    turned = {cell: "\\" if mi.cell_kind(state, *cell).mirror == "/" else "/" for cell in found}
    assert lights_all(read_board(state), state.height, state.width, mi.sources(state), turned)[0]
    found_solutions = solutions(state.height, state.width, state.cells, mi.sources(state), limit=10_000)
    assert len(found_solutions) == distinct  # one solution per distinct set of beam paths


@settings(max_examples=200)
@given(small_boards())
def test_trace_agrees_with_the_oracle(state: mi.State) -> None:
    board = read_board(state)
    for beam in mi.trace(state):
        path, end, end_cell, colour = follow(board, state.height, state.width, beam.source, {})
        assert [(s.row, s.col, NAMES[s.direction_in]) for s in beam.steps] == [p[:3] for p in path[: len(beam.steps)]]
        assert (beam.end_row, beam.end_col) == end_cell
        assert beam.end == ("target" if end == "wrong target" else end)
        assert beam.lit == (end == "target")
        assert COLOURS[beam.end_colour] == colour
    lit = mi.lit_targets(state)
    ok, _ = lights_all(board, state.height, state.width, mi.sources(state), {})
    assert (mi.status(state) == 1) == ok
    assert lit <= {(r, c) for r, c, _ in mi.targets(state)}


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
@pytest.mark.parametrize("seed", range(6))
def test_generated_par_equals_brute_force(difficulty: str, seed: int) -> None:
    state = mi.generate(mi.Params(5, 5, difficulty), Rng(f"oracle-{difficulty}-{seed}"))
    if any(mi.cell_kind(state, r, c).kind == "splitter" for r in range(5) for c in range(5)):
        pytest.skip("splitters are the second edition's: test_mirrors_pieces.py has their oracle")
    if len(state.turnable_cells()) > 14:
        pytest.skip("too many mirrors for 2**k")
    best, distinct = brute_force(state)
    assert best == mi.par(state) >= 1
    if difficulty == "hard":
        assert distinct == 1  # hard boards are unique: one set of beam paths lights everything


@pytest.mark.parametrize("stage_id", [s for s in stages.STAGES
                                      if stages.STAGES[s].tier < 4  # tier 4: test_mirrors_pieces.py
                                      and len(mi.stage_state(s).turnable_cells()) <= 14])
def test_small_stages_minimum_equals_brute_force(stage_id: str) -> None:
    state = mi.stage_state(stage_id)
    best, distinct = brute_force(state)
    assert best == stages.STAGES[stage_id].min_turns == mi.par(state)
    assert distinct == 1
