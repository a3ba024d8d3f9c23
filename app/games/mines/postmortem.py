"""After a loss: was the fatal click a forced guess, or did the board prove a safe cell?

The question is asked of what the player could see before the fatal move: the
opened numbers and the mine total (flags are not trusted, as in hints). The
deduction solver (`solver.Deduction`) runs to its end on that; a hidden cell it
proves safe means the loss was avoidable, and the one nearest the fatal cell is
shown. No other web Minesweeper says this; it is what a player wants to know.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import FLAG_MARK, Move, State, status
from .geometry import geometry
from .moves import apply
from .solver import Deduction


@dataclass(frozen=True)
class PostMortem:
    """What the visible board proved before the fatal move."""

    fatal: tuple[int, int]  # the mine that was opened
    forced_guess: bool  # True when no hidden cell was provably safe
    safe_cell: tuple[int, int] | None  # a provably safe hidden cell (the nearest to `fatal`), else None
    fatal_was_provable_mine: bool  # the opened cell was itself provably a mine


def deduce(state: State) -> Deduction:
    """Run the solver on what a player sees of `state` (opened numbers and the mine total)."""
    params = state.params
    geo = geometry(params.width, params.height)
    deduction = Deduction(geo, params.mines)
    if state.mines is None:
        return deduction
    assert state.numbers is not None
    opened = state.opened.ravel().tolist()
    numbers = state.numbers.ravel().tolist()
    for index in range(geo.size):
        if opened[index]:
            deduction.learn_number(index, numbers[index])
    deduction.run()
    return deduction


def post_mortem(before: State, move: Move) -> PostMortem:
    """Say what `before` proved, given that `move` on it lost the game; raise ValueError if it did not."""
    after = apply(before, move)
    if status(after) >= 0 or after.exploded is None:
        raise ValueError("that move did not lose the game")
    fatal = (int(after.exploded[0]), int(after.exploded[1]))
    deduction = deduce(before)
    geo = deduction.geo
    flagged = (before.marks == FLAG_MARK).ravel().tolist()
    opened = before.opened.ravel().tolist()
    proved_safe = [index for index, is_mine in deduction.deduced if not is_mine and not opened[index]]

    def preference(index: int) -> tuple[int, int, int]:
        row, col = geo.cell(index)
        # An unflagged cell first (it could be opened at once), then the nearest, then reading order.
        return (int(flagged[index]), max(abs(row - fatal[0]), abs(col - fatal[1])), index)

    safe_cell = None
    if proved_safe:
        row, col = geo.cell(min(proved_safe, key=preference))
        safe_cell = (int(row), int(col))
    fatal_index = fatal[0] * before.params.width + fatal[1]
    return PostMortem(
        fatal=fatal,
        forced_guess=safe_cell is None,
        safe_cell=safe_cell,
        fatal_was_provable_mine=any(index == fatal_index and is_mine for index, is_mine in deduction.deduced),
    )
