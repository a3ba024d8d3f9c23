"""The beam search both exact solvers share: the padded grid, following a beam, and counting what it lit.

`solver.py` (first edition: turn mirrors) and `planner.py` (second edition: splitters, pieces
to place) search the same way. Beams are followed in `trace.py`'s order through a flat copy of
the board with a one-cell border ring, and a search branches where light first reaches a cell
whose final code is not decided yet. What they share lives here, so that light travels by one
set of rules in both:

- `pad` flattens a board; the caller says which codes are still to be decided.
- `BeamSearch.follow` steps a beam (one node of the budget) to its end or to an undecided cell,
  passing the cells decided so far (`assign`) as the pieces they were decided to be.
- `BeamSearch.light` / `unlight` count the target a finished beam lit, or one more wasted beam.

How to branch (costs, allowances, the hand of pieces) and what to do at a leaf stay with each solver.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple

from .board import Source
from .cells import (
    CODE_COUNT,
    EMPTY,
    FILTER_CODES,
    GLASS,
    GLASS_CODES,
    REFLECT,
    REFLECTOR_CODES,
    SPLITTER_CODES,
    TARGET,
    TARGET_CODES,
    WALL,
    colour_of,
)

# Kinds of padded cells.
OUT, PASS, STOP, BEND, SPLIT, DECIDE, FILTER_CELL, GLASS_CELL, TARGET_CELL = range(9)

UNDECIDED = -2  # what `follow` returns as its end when it stopped at a cell not decided yet

# How a decided cell passes light, indexed by its final code: a tuple, since `follow` asks on every pass.
_DECIDED_KIND = tuple(
    SPLIT if code in SPLITTER_CODES else BEND if code in REFLECTOR_CODES else PASS for code in range(CODE_COUNT)
)


class SolverLimitError(ValueError):
    """The search needed more than its budget of steps: the board is too tangled to solve here."""


class Grid(NamedTuple):
    """A board flattened with a one-cell border ring, so stepping needs no bounds checks."""

    stride: int
    kind: list[int]
    param: list[int]  # piece orientation (also of cells to decide: their current one), filter/glass/target colour
    codes: list[int]  # the code each cell holds now (EMPTY on the ring)
    target_index: list[int]  # which target a target cell is, -1 elsewhere
    target_count: int
    starts: list[tuple[int, int, int]]  # (padded index, direction, colour) per source


def pad(
    height: int, width: int, cells: Sequence[int], sources: Sequence[Source],
    decidable: Collection[int], fixed: Collection[int],
) -> Grid:
    """Return the padded grid of a board whose `decidable` codes are still to be decided and `fixed` ones are not.

    Raises ValueError on a code that is neither and no other known cell (each solver names the pieces it knows).
    """
    stride = width + 2
    size = (height + 2) * stride
    kind = [OUT] * size
    param = [0] * size
    codes = [EMPTY] * size
    target_index = [-1] * size
    targets = 0
    for i, code in enumerate(cells):
        p = (i // width + 1) * stride + i % width + 1
        codes[p] = code
        if code in decidable:  # before EMPTY: an empty cell is decidable when the player owns pieces
            kind[p], param[p] = DECIDE, code & 1
        elif code == EMPTY:
            kind[p] = PASS
        elif code == WALL:
            kind[p] = STOP
        elif code in fixed:
            kind[p], param[p] = (SPLIT if code in SPLITTER_CODES else BEND), code & 1
        elif code in FILTER_CODES:
            kind[p], param[p] = FILTER_CELL, colour_of(code)
        elif code in GLASS_CODES:
            kind[p], param[p] = GLASS_CELL, code - GLASS
        elif code in TARGET_CODES:
            kind[p], param[p] = TARGET_CELL, code - TARGET
            target_index[p] = targets
            targets += 1
        else:
            raise ValueError(f"unknown cell code {code}")
    starts = [((s.row + 1) * stride + s.col + 1, s.direction, s.colour) for s in sources]
    return Grid(stride, kind, param, codes, target_index, targets, starts)


def cell_of(p: int, stride: int) -> tuple[int, int]:
    """Return the (row, col) on the board of padded index p."""
    row, col = divmod(p, stride)
    return row - 1, col - 1


class BeamSearch:
    """The state of one depth-first search over a grid: decisions so far, targets lit, budget and findings.

    `count_limit` None asks for the fewest moves, else for up to that many solutions; `upper` is a
    known solution length (only shorter or equal ones are looked for). Subclasses branch and record.
    """

    def __init__(self, grid: Grid, count_limit: int | None, upper: int | None, max_nodes: int) -> None:
        # With a subclass's own, keep under 30 attributes: past that CPython 3.11 gives up the shared-key
        # instance dict and its fast attribute access, and the planner's search ran about 8% slower.
        self.grid = grid
        self.kind, self.param = grid.kind, grid.param  # read on every node: one cheap lookup away
        self.deltas = (-grid.stride, 1, grid.stride, -1)
        # The final code decided for each cell to decide (-1: not yet), and those cells in the order decided;
        # the subclasses set and unset both inline, as branching is most of what a search does.
        self.assign = [-1] * len(grid.kind)
        self.decided: list[int] = []
        self.pending: list[tuple[int, int, int]] = []  # halves splitters sent off, still to follow
        self.lit = [False] * grid.target_count
        self.lit_count = 0
        self.wasted = 0
        self.slack = len(grid.starts) - grid.target_count  # beams that may end on no new target
        self.count_limit = count_limit
        self.best = (upper + 1) if upper is not None else 1 << 30
        self.solutions: list[dict[int, int]] = []
        self.done = False
        self.nodes = 0
        self.max_nodes = max_nodes

    def follow(self, p: int, d: int, colour: int, visited: set[int], added: list[int]) -> tuple[int, int, int, int]:
        """Follow a beam from padded cell p heading d; return (cell, direction, colour, end) where it stopped.

        `end` is the cell of a target of the beam's colour it lit, -1 if it ended otherwise, or
        UNDECIDED if it entered the undecided cell returned, heading `direction` (its step is
        recorded; the caller decides the cell and carries the beam on).
        Each step's key goes into `visited` and `added` (the caller takes them out again when it
        backtracks); a splitter's other half goes on `pending`. Raises SolverLimitError past the budget.
        """
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SolverLimitError(f"the solver gave up after {self.max_nodes} steps")
        kind, param, deltas, assign = self.kind, self.param, self.deltas, self.assign
        while True:
            p += deltas[d]
            k = kind[p]
            if k == OUT:
                return p, d, colour, -1
            key = (p << 4) | (d << 2) | colour
            if key in visited:
                return p, d, colour, -1  # this light already went this way: a loop
            visited.add(key)
            added.append(key)
            if k == DECIDE:  # first: the planner decides every empty cell when pieces are in hand
                code = assign[p]
                if code < 0:
                    return p, d, colour, UNDECIDED
                k = _DECIDED_KIND[code]
                if k == BEND:
                    d = REFLECT[code & 1][d]
                elif k == SPLIT:
                    self.pending.append((p, REFLECT[code & 1][d], colour))
                continue
            if k == PASS:
                continue
            if k == BEND:
                d = REFLECT[param[p]][d]
                continue
            if k == SPLIT:
                self.pending.append((p, REFLECT[param[p]][d], colour))
                continue
            if k == GLASS_CELL:
                colour = param[p]
                continue
            if k == FILTER_CELL:
                if param[p] == colour:
                    continue
                return p, d, colour, -1
            if k == TARGET_CELL and param[p] == colour:
                return p, d, colour, p
            return p, d, colour, -1  # a wall, a target of another colour

    def light(self, end: int) -> int:
        """Count what a finished beam lit: return the target it newly lit, or -1 after counting it wasted."""
        target = self.grid.target_index[end] if end >= 0 else -1
        if target >= 0 and not self.lit[target]:
            self.lit[target] = True
            self.lit_count += 1
            return target
        self.wasted += 1
        return -1

    def unlight(self, target: int) -> None:
        """Take back what `light` counted (given what it returned)."""
        if target >= 0:
            self.lit[target] = False
            self.lit_count -= 1
        else:
            self.wasted -= 1

    def is_solution(self, beam: int) -> bool:
        """Return whether, after beam `beam` and its halves, every target is lit and the layout is one to record.

        Counting solutions follows every beam first, since a later one may reach more cells to decide.
        """
        more = beam + 1 < len(self.grid.starts)
        return self.lit_count == self.grid.target_count and (self.count_limit is None or not more)
