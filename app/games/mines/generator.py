"""Laying the mines on the first click, with or without the no-guess guarantee.

No-guess boards follow Simon Tatham's `mineperturb`: lay the mines at random, let
the solver work from the first click, and whenever it is stuck move a few mines so
that one of the facts it is stuck on becomes all mines or all safe; the solver
fixes its facts and carries on, so a board is never re-solved from scratch after a
move. Moving mines can make earlier deductions unprovable, so the finished layout
is solved again from scratch; a layout is accepted only when that solve needs no
move at all, exactly as Tatham does. If the moves stop helping, start over.

Dense boards can take thousands of solver steps, so the work runs in slices
(`place_mines_steps`, a generator; see `moves.apply_steps`): it yields after every
`solver.SLICE_WORK` work units and after every solve, the yields depending only on
the board, the seed and the first click, so slicing never changes the layout. The
work has a budget, `MAX_WORK`; boards within the no-guess density limit
(`params.max_mines`) stay far inside it.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import numpy as np

from app.core.rng import SEED_ALPHABET, Rng

from .board import start_area
from .geometry import Geometry, bit_indices, geometry
from .params import Params, check_params
from .solver import SETUP_WORK_PER_CELLS, Change, Deduction, drain

SEED_LENGTH = 10
# Moving mines across all hidden cells at once (when no fact is left to work on)
# always finds a board, but packs mines into the far corners; Tatham allows it only
# after 100 failed layouts. Presets almost never get past their first layout, while
# dense custom boards (30-45% mines) can fail dozens, so 3 keeps them quick.
WHOLE_BOARD_MOVES_AFTER = 3
# The work budget of one no-guess layout, in solver work units (see solver.SLICE_WORK;
# a unit is about 4 µs of CPython, so the budget is about 3 s, 10-15 s in Pyodide).
# At the density limit 50×50 boards used 67k units (median) and at most 167k over 60
# seeds; 30×30 at most 31k. Past the budget the closest candidate is kept and the
# board is marked as possibly needing a guess (State.may_need_guess).
MAX_WORK = 800_000
LAYOUT_WORK_PER_CELLS = 5  # drawing a random layout: one work unit per this many cells
LAY_SLICE_MINES = 500  # mines drawn per slice of a guessing board's layout (2,491 on 50×50: five slices)


def new_seed(rng: Rng) -> str:
    """Draw a board seed from `rng`."""
    return "".join(rng.choice(SEED_ALPHABET) for _ in range(SEED_LENGTH))


def _random_layout(geo: Geometry, mines: int, start_mask: int, rng: Rng) -> int:
    return drain(random_layout_steps(geo, mines, start_mask, rng))


def random_layout_steps(geo: Geometry, mines: int, start_mask: int, rng: Rng) -> Generator[float, None, int]:
    """A random layout of `mines` outside `start_mask`, drawn in slices of LAY_SLICE_MINES (the same layout at once)."""
    allowed = [i for i in range(geo.size) if not start_mask >> i & 1]
    yield 0.0
    picked = yield from rng.sample_steps(allowed, mines, LAY_SLICE_MINES)
    layout = 0
    for index in picked:
        layout |= 1 << index
    return layout


def _pick(pool: list[int], taken: int, rng: Rng) -> int:
    """Fisher–Yates one step at a time, so a class is only shuffled as far as it is used."""
    other = taken + rng.randbelow(len(pool) - taken)
    pool[taken], pool[other] = pool[other], pool[taken]
    return pool[taken]


class _Perturber:
    """Moves mines so that the solver can make progress, like Tatham's `mineperturb`."""

    def __init__(self, start_mask: int, rng: Rng, whole_board: bool) -> None:
        self.start_mask = start_mask
        self.rng = rng
        self.whole_board = whole_board

    def __call__(self, deduction: Deduction) -> list[Change] | None:
        geo = deduction.geo
        rng = self.rng
        if deduction.sets:
            facts = list(deduction.sets)
            target = facts[rng.randbelow(len(facts))]
        elif self.whole_board:
            target = deduction.unknown_mask  # no fact to work on: all hidden cells are the target
        else:
            return None
        layout = deduction.mine_mask
        assert layout is not None
        unknown = deduction.unknown_mask
        known = geo.full_mask & ~unknown
        usable = geo.full_mask & ~self.start_mask & ~target
        frontier = unknown & usable & geo.dilate(known)
        # Preference order as in Tatham: hidden cells on the edge of the known area,
        # then other hidden cells, and known cells only as the very last resort.
        classes = (frontier, unknown & usable & ~frontier, known & usable)
        target_mines = target & layout
        mines_in_target = target_mines.bit_count()
        empty_in_target = target.bit_count() - mines_in_target
        to_fill: list[int] = []  # empty cells outside that could take the target's mines
        to_empty: list[int] = []  # mines outside that could fill the target's empty cells
        done = False
        for cells in classes:
            pool = bit_indices(cells)
            for taken in range(len(pool)):
                index = _pick(pool, taken, rng)
                (to_empty if layout >> index & 1 else to_fill).append(index)
                if len(to_fill) == mines_in_target or len(to_empty) == empty_in_target:
                    done = True
                    break
            if done:
                break
        if len(to_fill) == mines_in_target:
            changes = [(i, +1) for i in to_fill]
            changes += [(i, -1) for i in bit_indices(target_mines)]
        elif len(to_empty) == empty_in_target:
            changes = [(i, -1) for i in to_empty]
            changes += [(i, +1) for i in bit_indices(target & ~layout)]
        else:
            # Too few cells either way (a very dense board): fill the target as far as
            # possible, since dense boards are solved by packing mines together.
            if not to_empty:
                return None
            empties = bit_indices(target & ~layout)
            changes = [(i, -1) for i in to_empty]
            changes += [(i, +1) for i in rng.sample(empties, len(to_empty))]
        return changes


def _solve_steps(
    geo: Geometry, mines: int, layout: int, first: int, perturber: _Perturber, work: list[int]
) -> Generator[None, None, tuple[int, int]]:
    """Solve `layout` from the first click in slices, moving mines when stuck.

    Yields after every slice of solver work (adding it to `work[0]`); returns
    (moves used or -1, the layout after the moves).
    """
    deduction = Deduction(geo, mines, layout)
    deduction.open_cell(first)
    setup = geo.size // SETUP_WORK_PER_CELLS + work[1]  # counted in deduction.work
    work[1] = 0
    steps = deduction.run_steps(perturber, max_perturbs=geo.size, work_before=setup)
    done = 0
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            moves = stop.value
            break
        work[0] += deduction.work - done
        done = deduction.work
        yield
    work[0] += deduction.work - done
    assert deduction.mine_mask is not None
    return moves, deduction.mine_mask


def no_guess_layout_steps(
    geo: Geometry, mines: int, first: int, rng: Rng
) -> Generator[float, None, tuple[int, dict[str, int]]]:
    """Find a layout that deduction alone finishes from `first`, in slices.

    Yields the share of the work budget (`MAX_WORK`) used so far, after every
    slice of solver work and after every solve; returns (layout,
    stats). The yields only pause the work, so the layout does not depend on
    how the slices are run. If the budget runs out first, the result is the
    candidate that needed the fewest mine moves (else the last one tried) and
    `stats["fallback"]` is 1: that board may need a guess. Boards within the
    no-guess density limit (`params.max_mines`) practically never get there.
    """
    start_mask = geo.area_mask(first)
    stats = {"layouts": 0, "solves": 0, "moves": 0, "work": 0, "fallback": 0}
    work = [0, 0]  # [work units so far, work of this slice not yet counted by a solve]
    best: tuple[int, int] | None = None  # (moves, layout) of the closest candidate so far
    while True:
        stats["layouts"] += 1
        layout = _random_layout(geo, mines, start_mask, rng)
        work[1] = geo.size // LAYOUT_WORK_PER_CELLS  # counted by the first solve, in its first slice
        perturber = _Perturber(start_mask, rng, whole_board=stats["layouts"] > WHOLE_BOARD_MOVES_AFTER)
        previous = -1
        while True:
            stats["solves"] += 1
            solve = _solve_steps(geo, mines, layout, first, perturber, work)
            while True:
                if work[0] >= MAX_WORK:
                    stats["work"] = work[0]
                    stats["fallback"] = 1
                    return (layout if best is None else best[1]), stats
                try:
                    next(solve)
                except StopIteration as stop:
                    moves, moved = stop.value
                    break
                yield min(work[0] / MAX_WORK, 1.0)
            if moves == 0:
                stats["work"] = work[0]
                return moved, stats
            yield min(work[0] / MAX_WORK, 1.0)  # each solve starts a slice of its own
            if moves > 0 and (best is None or moves < best[0]):
                best = (moves, moved)
            layout = moved
            stats["moves"] += max(moves, 0)
            if moves < 0 or (previous >= 0 and moves >= previous):
                break  # the moves stopped converging: start from a fresh random layout
            previous = moves


def place_mines_steps(
    params: Params, seed: str, first: tuple[int, int]
) -> Generator[float, None, tuple[int, dict[str, int]]]:
    """`place_mines_bits` in slices (see `no_guess_layout_steps`); a guessing board's in slices of LAY_SLICE_MINES."""
    check_params(params)
    geo = geometry(params.width, params.height)
    first_index = geo.index(*first)
    rng = Rng(seed).child("layout")
    if params.no_guess:
        return (yield from no_guess_layout_steps(geo, params.mines, first_index, rng))
    layout = yield from random_layout_steps(geo, params.mines, geo.area_mask(first_index), rng)
    return layout, {"layouts": 1, "solves": 0, "moves": 0, "work": 0, "fallback": 0}


def place_mines_bits(params: Params, seed: str, first: tuple[int, int]) -> tuple[int, dict[str, int]]:
    """Return the layout bitset for `params`, `seed` and the first click, with generation stats."""
    return drain(place_mines_steps(params, seed, first))


def layout_array(params: Params, layout: int, first: tuple[int, int]) -> np.ndarray[Any, Any]:
    """Return a layout bitset as the bool (height, width) array a State holds."""
    flat = np.zeros(params.width * params.height, dtype=bool)
    flat[bit_indices(layout)] = True
    mines = flat.reshape(params.height, params.width)
    assert not mines[start_area(params.width, params.height, *first)].any(), "mine next to the first click"
    return mines
