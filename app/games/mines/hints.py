"""Hints: the next move the solver can prove from what the player sees."""

from __future__ import annotations

from .board import FLAG_MARK, Move, State, status
from .geometry import geometry
from .solver import Deduction


def hint(state: State) -> Move | None:
    """Return a provably safe open, else a provable flag, else an unflag of a provably safe flag.

    Only opened numbers and the mine total are used; the player's flags are not
    trusted. Before the first click the hint is the centre cell. None when the game
    is over or nothing can be proved (possible only on boards that allow guessing).
    """
    if status(state) != 0:
        return None
    params = state.params
    flagged = (state.marks == FLAG_MARK).ravel().tolist()
    if state.mines is None:
        row, col = params.height // 2, params.width // 2
        return ("unflag" if flagged[row * params.width + col] else "open", row, col)
    assert state.numbers is not None
    geo = geometry(params.width, params.height)
    deduction = Deduction(geo, params.mines)
    opened = state.opened.ravel().tolist()
    numbers = state.numbers.ravel().tolist()
    openable = 0
    for index in range(geo.size):
        if opened[index]:
            deduction.learn_number(index, numbers[index])
        elif not flagged[index]:
            openable |= 1 << index
    deduction.watch_safe = openable  # a safe open is the best hint: stop at the first one
    deduction.run()
    to_flag = None
    to_unflag = None
    for index, is_mine in deduction.deduced:
        if not is_mine and not flagged[index]:
            return ("open", *geo.cell(index))
        if is_mine and not flagged[index] and to_flag is None:
            to_flag = ("flag", *geo.cell(index))
        if not is_mine and flagged[index] and to_unflag is None:
            to_unflag = ("unflag", *geo.cell(index))
    return to_flag or to_unflag
