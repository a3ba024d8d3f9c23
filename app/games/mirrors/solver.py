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
bounded (about 5 ms under CPython here); past it, SolverLimitError is raised. Generated
boards and stages, and every position reached from them by play, need a few
hundred at most; only crafted boards (e.g. a 10×10 board of nothing but mirrors)
reach the budget, and game IDs and stage files naming those are refused.

Everything is deterministic: the branches are always tried in the same order,
and the first minimum found is the one reported.

The grid, the stepping of a beam and the count of what it lit are `search.py`'s,
shared with `planner.py`; this module decides how to branch and what a leaf is worth.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Source
from .cells import MIRROR_CODES, REFLECT, TURNABLE_CODES
from .search import UNDECIDED, BeamSearch, SolverLimitError, cell_of, pad

__all__ = ["MAX_NODES", "SolverLimitError", "fewest_turns", "is_unique", "solutions"]

MAX_NODES = 5_000  # about 5 ms under CPython here, so well inside the browser's 250 ms

# The first edition knows plain mirrors only: a splitter or a placed piece is an unknown code here.
_TURNABLE = MIRROR_CODES & TURNABLE_CODES
_FIXED = MIRROR_CODES - TURNABLE_CODES


class _Search(BeamSearch):
    """One depth-first search over the orientations of the mirrors the beams reach."""

    def __init__(self, height: int, width: int, cells: Sequence[int], sources: Sequence[Source],
                 count_limit: int | None, upper: int | None) -> None:
        super().__init__(pad(height, width, cells, sources, _TURNABLE, _FIXED), count_limit, upper, MAX_NODES)
        self.best_turns: list[int] | None = None

    def start(self) -> None:
        if self.slack < 0 or not self.grid.starts:
            return  # more targets than beams: each beam lights at most one
        self._run(0, *self.grid.starts[0], 0, set())

    def _run(self, beam: int, p: int, d: int, colour: int, cost: int, visited: set[int]) -> None:
        """Follow beam `beam` from padded cell p heading d; at an undecided mirror try it as it is, then turned."""
        added: list[int] = []
        p, d, colour, end = self.follow(p, d, colour, visited, added)
        if end != UNDECIDED:
            self._finish(beam, end, cost)
        else:  # branching here, not in a method of its own: this runs for most nodes
            current = self.grid.codes[p]
            for code in (current, current ^ 1):
                turns = cost if code == current else cost + 1
                if turns >= self.best:
                    continue
                self.assign[p] = code
                self.decided.append(p)
                self._run(beam, p, REFLECT[code & 1][d], colour, turns, visited)
                self.decided.pop()
                self.assign[p] = -1
                if self.done:
                    break
        for key in added:
            visited.discard(key)

    def _finish(self, beam: int, end: int, cost: int) -> None:
        """Count what beam `beam` lit, prune, and go on to the next beam or record a solution."""
        target = self.light(end)
        if self.wasted <= self.slack:
            if self.is_solution(beam):
                self._record(cost)
            elif beam + 1 < len(self.grid.starts):
                self._run(beam + 1, *self.grid.starts[beam + 1], cost, set())
        self.unlight(target)

    def _record(self, cost: int) -> None:
        if self.count_limit is None:
            if cost < self.best:  # later beams decide mirrors for free, so re-check the bound here
                self.best = cost
                self.best_turns = [p for p in self.decided if self.assign[p] != self.grid.codes[p]]
                self.done = cost == 0
            return
        self.solutions.append({p: self.assign[p] & 1 for p in self.decided})
        self.done = len(self.solutions) >= self.count_limit


def fewest_turns(
    height: int, width: int, cells: Sequence[int], sources: Sequence[Source], upper: int | None = None
) -> tuple[tuple[int, int], ...] | None:
    """Return a shortest set of mirrors to turn, row-major, to light every target; None if impossible.

    `upper`, if given, is a known solution length (the search then only looks for one at most that long).
    Raises SolverLimitError if the board is too tangled to search within MAX_NODES steps.
    """
    search = _Search(height, width, cells, sources, None, upper)
    search.start()
    if search.best_turns is None:
        return None
    return tuple(sorted(cell_of(p, search.grid.stride) for p in search.best_turns))


def solutions(
    height: int, width: int, cells: Sequence[int], sources: Sequence[Source], limit: int = 2
) -> list[dict[tuple[int, int], int]]:
    """Return up to `limit` solutions, each the orientation of every turnable mirror its beams reach.

    Raises SolverLimitError if the board is too tangled to search within MAX_NODES steps.
    """
    search = _Search(height, width, cells, sources, limit, None)
    search.start()
    return [{cell_of(p, search.grid.stride): o for p, o in found.items()} for found in search.solutions]


def is_unique(height: int, width: int, cells: Sequence[int], sources: Sequence[Source]) -> bool:
    """Return whether exactly one layout of the reached mirrors lights every target (see module docstring)."""
    return len(solutions(height, width, cells, sources, 2)) == 1
