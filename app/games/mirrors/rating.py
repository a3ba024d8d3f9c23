"""How hard a Light Path board is: the measure the generator's boards, the stage lists and the stage editor share.

`rating(par, effort)` is the one formula (the moves to find plus the bits of search around them);
`difficulty` measures a board with the exact solver (`planner.plan`) and counts its solutions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from .board import Inventory, Source
from .planner import is_unique_layout, plan


class Difficulty(NamedTuple):
    """How hard a board is, for stage lists and a stage editor.

    par: the fewest moves; effort: beam segments the solver followed to prove it (how much a
    player must try); unique: one winning layout; rating: 1 (gentle) .. 5 (hard), from
    par + log2(effort), the moves to find plus the bits of search around them.
    """

    par: int
    effort: int
    unique: bool
    rating: int


RATING_STEPS = (6.0, 10.0, 14.0, 18.0)  # score below each step: rating 1, 2, 3, 4; else 5


def difficulty(
    height: int, width: int, cells: Sequence[int], sources: Sequence[Source], hand: Inventory = (0, 0)
) -> Difficulty:
    """Return how hard a board is (see Difficulty); ValueError if it cannot be solved, SolverLimitError if too big."""
    found = plan(height, width, cells, sources, hand)
    if found.moves is None:
        raise ValueError("this board cannot be solved")
    par = len(found.moves)
    return Difficulty(par, found.nodes, is_unique_layout(height, width, cells, sources, hand), rating(par, found.nodes))


def rating(par: int, effort: int) -> int:
    """Return the 1..5 rating of a board solved in `par` moves by a search of `effort` segments (see Difficulty)."""
    score = par + math.log2(max(1, effort))
    return 1 + sum(score >= step for step in RATING_STEPS)
