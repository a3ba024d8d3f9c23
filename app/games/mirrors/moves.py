"""Light Path's moves, checked: a turn, a placement or a take-back, each refused in words the page says.

`moved` is `apply` without the "already solved" check, which needs the beams (`__init__`).
"""

from __future__ import annotations

from typing import Any

from app.core.board_cells import cell_on_board
from app.core.game import RefusedMoveError

from .board import State
from .cells import EMPTY, PIECE_KINDS, is_piece, is_placed, is_turnable, placed_code


def _refuse(message: str, key: str, row: int, col: int) -> RefusedMoveError:
    # Worded for the player (the game screen says it): 1-based, like every other text.
    return RefusedMoveError(message, key, row=row + 1, col=col + 1)


def _turned(state: State, row: int, col: int) -> State:
    code = state.code(row, col)
    if not is_turnable(code):
        if is_piece(code):
            raise _refuse(f"the piece at ({row}, {col}) is fixed", "mirrors_refused_fixed", row, col)
        raise _refuse(f"there is no turnable piece at ({row}, {col})", "mirrors_refused_nothing", row, col)
    return state.turned(row, col)


def _placed(state: State, row: int, col: int, kind: Any, orientation: Any) -> State:
    if kind not in PIECE_KINDS or orientation not in (0, 1) or isinstance(orientation, bool):
        raise ValueError(f"a placement is (\"place\", row, col, \"mirror\" or \"splitter\", 0 or 1), not {kind!r}, "
                         f"{orientation!r}")
    if not state.puzzle.places_pieces:
        raise _refuse("this puzzle has no pieces to place", "mirrors_refused_no_inventory", row, col)
    if state.code(row, col) != EMPTY:
        raise _refuse(f"({row}, {col}) is not empty", "mirrors_refused_occupied", row, col)
    which = PIECE_KINDS.index(kind)
    if state.hand()[which] <= 0:
        if state.puzzle.owned[which] == 0:  # none of this kind at all: "take one back first" would mislead
            key = "mirrors_refused_none_mirror" if kind == "mirror" else "mirrors_refused_none_splitter"
            raise _refuse(f"this puzzle has no {kind} to place", key, row, col)
        key = "mirrors_refused_no_mirror" if kind == "mirror" else "mirrors_refused_no_splitter"
        raise _refuse(f"no {kind} left to place", key, row, col)
    return state.with_code(row, col, placed_code(kind, orientation))


def _taken(state: State, row: int, col: int) -> State:
    code = state.code(row, col)
    if not is_placed(code):
        if is_piece(code):
            raise _refuse(f"the piece at ({row}, {col}) belongs to the board", "mirrors_refused_take_fixed", row, col)
        raise _refuse(f"there is no placed piece at ({row}, {col})", "mirrors_refused_not_placed", row, col)
    return state.with_code(row, col, EMPTY)


_MOVE_SHAPE = 'a move is ("turn", row, col), ("place", row, col, kind, orientation) or ("take", row, col)'


def moved(state: State, move: Any) -> State:
    """Return the state after a turn, a placement or a take-back; ValueError (a RefusedMoveError) if illegal."""
    if not isinstance(move, (tuple, list)) or len(move) not in (3, 5):
        raise ValueError(f"{_MOVE_SHAPE}, not {move!r}")
    name = move[0]
    if (name, len(move)) not in (("turn", 3), ("take", 3), ("place", 5)):
        raise ValueError(f"{_MOVE_SHAPE}, not {move!r}")
    if name == "turn" and any((source.row, source.col) == (move[1], move[2]) for source in state.puzzle.sources):
        raise RefusedMoveError(f"({move[1]}, {move[2]}) is a light source, on the ring", "mirrors_refused_source")
    row, col = cell_on_board(move[1], move[2], state.height, state.width)
    if name == "turn":
        return _turned(state, row, col)
    if name == "take":
        return _taken(state, row, col)
    return _placed(state, row, col, move[3], move[4])
