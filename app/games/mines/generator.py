"""Laying the mines on the first click, with or without the no-guess guarantee.

No-guess boards follow Simon Tatham's `mineperturb`: lay the mines at random, let
the solver work from the first click, and whenever it is stuck move a few mines so
that one of the facts it is stuck on becomes all mines or all safe; the solver
fixes its facts and carries on, so a board is never re-solved from scratch after a
move. Moving mines can make earlier deductions unprovable, so the finished layout
is solved again from scratch; a layout is accepted only when that solve needs no
move at all, exactly as Tatham does. If the moves stop helping, start over.
"""

from __future__ import annotations

import numpy as np

from app.core.rng import SEED_ALPHABET, Rng

from .board import start_area
from .geometry import Geometry, bit_indices, geometry
from .params import Params
from .solver import Change, Deduction

SEED_LENGTH = 10
# Moving mines across all hidden cells at once (when no fact is left to work on)
# always finds a board, but packs mines into the far corners; Tatham allows it only
# after 100 failed layouts. Presets almost never get past their first layout, while
# dense custom boards (30-45% mines) can fail dozens, so 3 keeps them quick.
WHOLE_BOARD_MOVES_AFTER = 3


def new_seed(rng: Rng) -> str:
    """Draw a board seed from `rng`."""
    return "".join(rng.choice(SEED_ALPHABET) for _ in range(SEED_LENGTH))


def _random_layout(geo: Geometry, mines: int, start_mask: int, rng: Rng) -> int:
    allowed = [i for i in range(geo.size) if not start_mask >> i & 1]
    layout = 0
    for index in rng.sample(allowed, mines):
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


def _solve_with_moves(
    geo: Geometry, mines: int, layout: int, first: int, perturber: _Perturber
) -> tuple[int, int]:
    """Solve `layout` from the first click, moving mines when stuck; return (moves or -1, layout)."""
    deduction = Deduction(geo, mines, layout)
    deduction.open_cell(first)
    moves = deduction.run(perturber, max_perturbs=geo.size)
    assert deduction.mine_mask is not None
    return moves, deduction.mine_mask


def no_guess_layout(geo: Geometry, mines: int, first: int, rng: Rng) -> tuple[int, dict[str, int]]:
    """Return a layout (bitset) that deduction alone finishes from `first`, and generation stats."""
    start_mask = geo.area_mask(first)
    stats = {"layouts": 0, "solves": 0, "moves": 0}
    while True:
        stats["layouts"] += 1
        layout = _random_layout(geo, mines, start_mask, rng)
        perturber = _Perturber(start_mask, rng, whole_board=stats["layouts"] > WHOLE_BOARD_MOVES_AFTER)
        previous = -1
        while True:
            stats["solves"] += 1
            moves, layout = _solve_with_moves(geo, mines, layout, first, perturber)
            if moves == 0:
                return layout, stats
            stats["moves"] += max(moves, 0)
            if moves < 0 or (previous >= 0 and moves >= previous):
                break  # the moves stopped converging: start from a fresh random layout
            previous = moves


def place_mines_bits(params: Params, seed: str, first: tuple[int, int]) -> tuple[int, dict[str, int]]:
    """Return the layout bitset for `params`, `seed` and the first click, with generation stats."""
    geo = geometry(params.width, params.height)
    first_index = geo.index(*first)
    rng = Rng(seed).child("layout")
    if params.no_guess:
        return no_guess_layout(geo, params.mines, first_index, rng)
    layout = _random_layout(geo, params.mines, geo.area_mask(first_index), rng)
    return layout, {"layouts": 1, "solves": 0, "moves": 0}


def place_mines(params: Params, seed: str, first: tuple[int, int]) -> np.ndarray:
    """Return the bool (height, width) mine layout; a pure function of params, seed and first click.

    The first click and its neighbours never hold a mine; with `params.no_guess` the
    board can be finished from that click by deduction alone.
    """
    layout, _ = place_mines_bits(params, seed, first)
    flat = np.zeros(params.width * params.height, dtype=bool)
    flat[bit_indices(layout)] = True
    mines = flat.reshape(params.height, params.width)
    assert not mines[start_area(params.width, params.height, *first)].any(), "mine next to the first click"
    return mines
