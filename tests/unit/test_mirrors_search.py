"""search.py, the beam search solver.py and planner.py share: what it promises both of them.

The grid keeps each cell at a fixed padded index inside a ring of OUT cells; `follow` moves light
by trace.py's rules (cells decided so far as the pieces they were decided to be), stops at the
first undecided cell with its step already recorded, and counts one node of the budget per call;
`light`/`unlight` count targets and wasted beams and take them back exactly.
"""

from __future__ import annotations

import random

import pytest

from app.games.mirrors import cells as mc
from app.games.mirrors import planner, solver
from app.games.mirrors.board import Source, inward_direction
from app.games.mirrors.search import (
    BEND,
    DECIDE,
    OUT,
    PASS,
    STOP,
    TARGET_CELL,
    UNDECIDED,
    BeamSearch,
    SolverLimitError,
    cell_of,
    pad,
)
from app.games.mirrors.trace import lit_cells, trace_all

NONE: frozenset[int] = frozenset()


def random_board(rng: random.Random) -> tuple[int, int, tuple[int, ...], tuple[Source, ...]]:
    """A 2..6 x 2..6 board of any cell codes (every piece of both editions), lit from one to three ring cells."""
    height, width = rng.randint(2, 6), rng.randint(2, 6)
    cells = tuple(rng.choice([mc.EMPTY] * 6 + list(range(mc.CODE_COUNT))) for _ in range(height * width))
    ring = [(-1, c) for c in range(width)] + [(height, c) for c in range(width)]
    ring += [(r, -1) for r in range(height)] + [(r, width) for r in range(height)]
    sources = tuple(Source(r, c, inward_direction(r, c, height, width), rng.choice(mc.COLOURS))
                    for r, c in rng.sample(ring, rng.randint(1, 3)))
    return height, width, cells, sources


def follow_all(search: BeamSearch) -> set[int]:
    """Follow every source and every half its splitters send off, as both solvers do; return the ends lit."""
    ends: set[int] = set()
    for start in search.grid.starts:
        visited: set[int] = set()
        todo = [start]
        while todo:
            p, d, colour, end = search.follow(*todo.pop(), visited, [])
            assert end != UNDECIDED
            if end >= 0:
                ends.add(end)
            todo += search.pending
            search.pending.clear()
    return ends


def test_pad_puts_each_cell_at_its_padded_index_inside_a_ring_of_out_cells() -> None:
    cells = (mc.EMPTY, mc.WALL, mc.TARGET + mc.RED,
             mc.MIRROR, mc.FIXED_MIRROR + 1, mc.TARGET)
    sources = (Source(-1, 0, mc.DOWN, mc.RED), Source(1, 3, mc.LEFT, mc.WHITE))
    grid = pad(2, 3, cells, sources, {mc.MIRROR, mc.MIRROR + 1}, {mc.FIXED_MIRROR, mc.FIXED_MIRROR + 1})
    assert grid.stride == 5 and len(grid.kind) == 4 * 5
    inside = {(row + 1) * 5 + col + 1: row * 3 + col for row in range(2) for col in range(3)}
    assert all(grid.kind[p] == OUT and grid.codes[p] == mc.EMPTY for p in range(20) if p not in inside)
    for p, i in inside.items():
        assert cell_of(p, grid.stride) == divmod(i, 3)
        assert grid.codes[p] == cells[i]
    assert [grid.kind[p] for p in inside] == [PASS, STOP, TARGET_CELL, DECIDE, BEND, TARGET_CELL]
    assert grid.param[2 * 5 + 2] == 1  # the fixed `\`
    assert grid.target_count == 2 and grid.target_index[1 * 5 + 3] == 0 and grid.target_index[2 * 5 + 3] == 1
    assert grid.starts == [(1, mc.DOWN, mc.RED), (2 * 5 + 4, mc.LEFT, mc.WHITE)]


def test_pad_decides_what_it_is_told_even_an_empty_cell_and_refuses_codes_no_one_named() -> None:
    grid = pad(1, 2, (mc.EMPTY, mc.SPLITTER + 1), (), {mc.EMPTY, mc.SPLITTER + 1}, NONE)
    assert grid.kind[5:7] == [DECIDE, DECIDE] and grid.param[5:7] == [0, 1]  # stride 4: row 0 starts at 5
    with pytest.raises(ValueError, match="unknown cell code"):
        pad(1, 1, (mc.SPLITTER,), (), {mc.MIRROR}, {mc.FIXED_MIRROR})  # the first edition knows no splitter


@pytest.mark.parametrize("seed", range(150))
def test_follow_lights_what_trace_lights_with_pieces_fixed_or_decided(seed: int) -> None:
    rng = random.Random(seed)
    height, width, cells, sources = random_board(rng)
    expected = lit_cells(trace_all(height, width, cells, sources))
    beams = len(trace_all(height, width, cells, sources))
    fixed = pad(height, width, cells, sources, NONE, mc.PIECE_CODES)
    search = BeamSearch(fixed, None, None, 10_000)
    assert {cell_of(p, fixed.stride) for p in follow_all(search)} == expected
    assert search.nodes == beams  # one node per beam and per half

    # The same pieces left to decide, each decided as what it is (or, for an empty cell, left empty).
    open_cells = {code for code in cells if code in mc.PIECE_CODES or code == mc.EMPTY}
    grid = pad(height, width, cells, sources, open_cells, NONE)
    search = BeamSearch(grid, None, None, 10_000)
    for p, code in enumerate(grid.codes):
        if grid.kind[p] == DECIDE:
            search.assign[p] = code
    assert {cell_of(p, grid.stride) for p in follow_all(search)} == expected


def test_follow_stops_at_an_undecided_cell_with_its_step_recorded_then_passes_it_as_decided() -> None:
    # A red beam from the left: empty, an undecided mirror, then a red target below it.
    cells = (mc.EMPTY, mc.MIRROR, mc.EMPTY,
             mc.WALL, mc.TARGET + mc.RED, mc.WALL)
    grid = pad(2, 3, cells, (Source(0, -1, mc.RIGHT, mc.RED),), {mc.MIRROR, mc.MIRROR + 1}, NONE)
    search = BeamSearch(grid, None, None, 100)
    visited: set[int] = set()
    added: list[int] = []
    mirror = 1 * grid.stride + 2
    p, d, colour, end = search.follow(*grid.starts[0], visited, added)
    assert (p, d, colour, end) == (mirror, mc.RIGHT, mc.RED, UNDECIDED)
    assert (mirror << 4) | (mc.RIGHT << 2) | mc.RED in visited
    assert visited == set(added) and len(added) == 2

    search.assign[mirror] = mc.MIRROR + 1  # `\`: right turns down, onto the target
    target = 2 * grid.stride + 2
    assert search.follow(*grid.starts[0], set(), [])[3] == target
    search.assign[mirror] = mc.MIRROR  # `/`: right turns up, off the board
    assert search.follow(*grid.starts[0], set(), [])[3] == -1
    assert search.nodes == 3


def test_each_follow_is_one_node_and_past_the_budget_it_raises_the_error_both_solvers_raise() -> None:
    grid = pad(1, 1, (mc.EMPTY,), (Source(0, -1, mc.RIGHT, mc.WHITE),), NONE, NONE)
    search = BeamSearch(grid, None, None, 2)
    search.follow(*grid.starts[0], set(), [])
    search.follow(*grid.starts[0], set(), [])
    with pytest.raises(SolverLimitError, match="after 2 steps"):
        search.follow(*grid.starts[0], set(), [])
    assert solver.SolverLimitError is SolverLimitError and issubclass(SolverLimitError, ValueError)
    cells = tuple([mc.EMPTY] * 99 + [mc.TARGET + mc.RED])
    with pytest.raises(SolverLimitError):
        planner.plan(10, 10, cells, tuple(Source(-1, c, mc.DOWN, mc.BLUE) for c in range(10)), (9, 9))


def test_light_counts_a_target_once_and_unlight_takes_back_exactly_what_light_counted() -> None:
    cells = (mc.TARGET, mc.TARGET + mc.RED)
    sources = tuple(Source(-1, c, mc.DOWN, mc.WHITE) for c in (0, 0, 1))
    grid = pad(1, 2, cells, sources, NONE, NONE)
    search = BeamSearch(grid, None, None, 100)
    assert search.slack == 1
    first, second = grid.stride + 1, grid.stride + 2
    assert search.light(first) == 0 and (search.lit, search.lit_count, search.wasted) == ([True, False], 1, 0)
    assert search.light(first) == -1 and search.wasted == 1  # lit already: the beam is wasted
    assert search.light(-1) == -1 and search.wasted == 2
    search.unlight(-1)
    search.unlight(-1)
    assert search.light(second) == 1 and search.lit_count == 2
    search.unlight(1)
    search.unlight(0)
    assert (search.lit, search.lit_count, search.wasted) == ([False, False], 0, 0)


def test_a_solution_is_recorded_when_every_target_is_lit_and_when_counting_only_after_the_last_beam() -> None:
    grid = pad(1, 1, (mc.TARGET,), (Source(-1, 0, mc.DOWN, 0), Source(1, 0, mc.UP, 0)), NONE, NONE)
    fewest = BeamSearch(grid, None, None, 100)
    counting = BeamSearch(grid, 2, None, 100)
    assert not fewest.is_solution(0) and not counting.is_solution(1)
    for search in (fewest, counting):
        search.light(grid.stride + 1)
    assert fewest.is_solution(0) and fewest.is_solution(1)
    assert not counting.is_solution(0) and counting.is_solution(1)  # a later beam may reach more cells to decide


def test_upper_bounds_the_search_and_none_leaves_it_open() -> None:
    grid = pad(1, 1, (mc.EMPTY,), (), NONE, NONE)
    assert BeamSearch(grid, None, 3, 10).best == 4
    assert BeamSearch(grid, None, None, 10).best > 10**6


def test_both_searches_keep_under_thirty_attributes_for_fast_attribute_access() -> None:
    """Past 30, CPython 3.11 drops the shared-key instance dict: the planner's search ran about 8% slower."""
    sources = (Source(-1, 0, mc.DOWN, mc.WHITE),)
    fewest = solver._Search(1, 1, (mc.MIRROR,), sources, None, None)
    board = planner._compile(1, 1, (mc.EMPTY,), sources, (1, 1))
    sliced = planner._Search(board, None, 0, 100, 10)
    assert len(vars(fewest)) < 30 and len(vars(sliced)) < 30
