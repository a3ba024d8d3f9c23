"""The exact solver: fewest turns to light every target, and counting solutions.

The search follows the beams themselves. Beams are traced in source order
exactly as `trace.py` does (the same table, the same stopping rules); when a
beam reaches a turnable mirror no earlier step has decided, the search branches
on its two orientations (the current one first, costing 0, then the other,
costing 1 turn) and carries on from there. A leaf is a layout of every mirror
some beam reached; mirrors no beam reaches are left as they are and cost
nothing, since they cannot change any beam. Two leaves always differ at a
mirror both of their beams reach, so they light the board along different paths.

Pruning: each beam stops at most once, so it lights at most one target; with
`slack` = beams - targets, a branch dies as soon as more than `slack` beams have
stopped without lighting a new target. Generated boards have as many beams as
targets, so every beam must end on a target of its colour and wrong turns die
within a few cells. The fewest-turns search is also a branch and bound on the
turn count.

"Unique" (what hard boards promise): exactly one solution in this sense, i.e.
every layout that lights all targets sends every beam along the same path. The
mirrors off those paths are free; with a unique board the fewest turns are
exactly the path mirrors that are wrong, so the hint sequence is forced.

Every search has a budget of `MAX_NODES` beam segments, so a call's worst case is
bounded (about 15 ms under CPython); past it, SolverLimitError is raised. Generated
boards and stages, and every position reached from them by play, need a few
hundred at most; only crafted boards (e.g. a 10×10 board of nothing but mirrors)
reach the budget, and game IDs and stage files naming those are refused.

Everything is deterministic: the branches are always tried in the same order,
and the first minimum found is the one reported.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .board import Source
from .cells import (
    EMPTY,
    FILTER_CODES,
    GLASS,
    GLASS_CODES,
    MIRROR_CODES,
    REFLECT,
    TARGET,
    TARGET_CODES,
    TURNABLE_CODES,
    WALL,
    colour_of,
)

MAX_NODES = 5_000  # about 15 ms under CPython, so well inside the browser's 250 ms


class SolverLimitError(ValueError):
    """The search needed more than MAX_NODES steps: the board is too tangled to solve here."""


# Kinds of padded cells in the search's private flat board.
_OUT, _EMPTY, _STOP, _FIXED, _TURN, _FILTER, _GLASS, _TARGET = range(8)


class _Board(NamedTuple):
    """A board flattened with a one-cell border ring, so stepping needs no bounds checks."""

    stride: int
    kind: list[int]
    param: list[int]  # mirror orientation, filter/glass colour, or target colour
    target_index: list[int]
    target_count: int
    starts: list[tuple[int, int, int]]  # (padded index, direction, colour) per source
    turnable: list[int]  # padded indices of turnable mirrors


def _compile(height: int, width: int, cells: Sequence[int], sources: Sequence[Source]) -> _Board:
    stride = width + 2
    size = (height + 2) * stride
    kind = [_OUT] * size
    param = [0] * size
    target_index = [-1] * size
    turnable = []
    targets = 0
    for i, code in enumerate(cells):
        p = (i // width + 1) * stride + i % width + 1
        if code == EMPTY:
            kind[p] = _EMPTY
        elif code == WALL:
            kind[p] = _STOP
        elif code in MIRROR_CODES:
            kind[p] = _TURN if code in TURNABLE_CODES else _FIXED
            param[p] = code & 1
            if code in TURNABLE_CODES:
                turnable.append(p)
        elif code in FILTER_CODES:
            kind[p], param[p] = _FILTER, colour_of(code)
        elif code in GLASS_CODES:
            kind[p], param[p] = _GLASS, code - GLASS
        elif code in TARGET_CODES:
            kind[p], param[p] = _TARGET, code - TARGET
            target_index[p] = targets
            targets += 1
        else:
            raise ValueError(f"unknown cell code {code}")
    starts = [((s.row + 1) * stride + s.col + 1, s.direction, s.colour) for s in sources]
    return _Board(stride, kind, param, target_index, targets, starts, turnable)


class _Search:
    """One depth-first search over the orientations of the mirrors the beams reach."""

    def __init__(self, board: _Board, count_limit: int | None, upper: int | None) -> None:
        self.board = board
        self.deltas = (-board.stride, 1, board.stride, -1)
        self.assign = [-1] * len(board.kind)  # decided orientation of each turnable mirror, -1 if not yet
        self.decided: list[int] = []
        self.lit = [False] * board.target_count
        self.lit_count = 0
        self.wasted = 0
        self.slack = len(board.starts) - board.target_count
        self.count_limit = count_limit  # None: fewest turns; else: collect up to this many solutions
        self.best = (upper + 1) if upper is not None else 1 << 30
        self.best_turns: list[int] | None = None
        self.solutions: list[dict[int, int]] = []
        self.done = False
        self.nodes = 0
        self.max_nodes = MAX_NODES

    def start(self) -> None:
        if self.slack < 0 or not self.board.starts:
            return  # more targets than beams: each beam lights at most one
        self._run(0, *self.board.starts[0], 0, set())

    def _run(self, beam: int, p: int, d: int, colour: int, cost: int, visited: set[int]) -> None:
        """Follow beam `beam` from padded cell p heading d; branch at undecided mirrors."""
        board, assign, deltas = self.board, self.assign, self.deltas
        kind, param = board.kind, board.param
        added = []
        end = -1  # the target cell lit by this beam, or -1
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SolverLimitError(f"the solver gave up after {self.max_nodes} steps")
        while True:
            p += deltas[d]
            k = kind[p]
            if k == _OUT:
                break
            key = (p << 4) | (d << 2) | colour
            if key in visited:
                break  # a loop: this beam would repeat forever
            visited.add(key)
            added.append(key)
            if k == _EMPTY:
                continue
            if k == _FIXED:
                d = REFLECT[param[p]][d]
                continue
            if k == _TURN:
                o = assign[p]
                if o >= 0:
                    d = REFLECT[o][d]
                    continue
                current = param[p]
                for o in (current, 1 - current):
                    turns = cost if o == current else cost + 1
                    if turns >= self.best:
                        continue
                    assign[p] = o
                    self.decided.append(p)
                    self._run(beam, p, REFLECT[o][d], colour, turns, visited)
                    self.decided.pop()
                    assign[p] = -1
                    if self.done:
                        break
                for key in added:
                    visited.discard(key)
                return
            if k == _GLASS:
                colour = param[p]
                continue
            if k == _FILTER:
                if param[p] == colour:
                    continue
                break
            if k == _TARGET and param[p] == colour:
                end = p
            break  # a wall, a target, or a filter of another colour
        self._finish(beam, end, cost)
        for key in added:
            visited.discard(key)

    def _finish(self, beam: int, end: int, cost: int) -> None:
        """Count what beam `beam` lit, prune, and go on to the next beam or record a solution."""
        target = self.board.target_index[end] if end >= 0 else -1
        new = target >= 0 and not self.lit[target]
        if new:
            self.lit[target] = True
            self.lit_count += 1
        else:
            self.wasted += 1
        if self.wasted <= self.slack:
            all_lit = self.lit_count == self.board.target_count
            more = beam + 1 < len(self.board.starts)
            if all_lit and (self.count_limit is None or not more):
                self._record(cost)
            elif more:
                self._run(beam + 1, *self.board.starts[beam + 1], cost, set())
        if new:
            self.lit[target] = False
            self.lit_count -= 1
        else:
            self.wasted -= 1

    def _record(self, cost: int) -> None:
        if self.count_limit is None:
            if cost < self.best:  # later beams decide mirrors for free, so re-check the bound here
                self.best = cost
                self.best_turns = [p for p in self.decided if self.assign[p] != self.board.param[p]]
                self.done = cost == 0
            return
        self.solutions.append({p: self.assign[p] for p in self.decided})
        self.done = len(self.solutions) >= self.count_limit


def _cell_of(p: int, stride: int) -> tuple[int, int]:
    row, col = divmod(p, stride)
    return row - 1, col - 1


def fewest_turns(
    height: int, width: int, cells: Sequence[int], sources: Sequence[Source], upper: int | None = None
) -> tuple[tuple[int, int], ...] | None:
    """Return a shortest set of mirrors to turn, row-major, to light every target; None if impossible.

    `upper`, if given, is a known solution length (the search then only looks for one at most that long).
    Raises SolverLimitError if the board is too tangled to search within MAX_NODES steps.
    """
    board = _compile(height, width, cells, sources)
    search = _Search(board, None, upper)
    search.start()
    if search.best_turns is None:
        return None
    return tuple(sorted(_cell_of(p, board.stride) for p in search.best_turns))


def solutions(
    height: int, width: int, cells: Sequence[int], sources: Sequence[Source], limit: int = 2
) -> list[dict[tuple[int, int], int]]:
    """Return up to `limit` solutions, each the orientation of every turnable mirror its beams reach.

    Raises SolverLimitError if the board is too tangled to search within MAX_NODES steps.
    """
    board = _compile(height, width, cells, sources)
    search = _Search(board, limit, None)
    search.start()
    return [{_cell_of(p, board.stride): o for p, o in found.items()} for found in search.solutions]


def is_unique(height: int, width: int, cells: Sequence[int], sources: Sequence[Source]) -> bool:
    """Return whether exactly one layout of the reached mirrors lights every target (see module docstring)."""
    return len(solutions(height, width, cells, sources, 2)) == 1
