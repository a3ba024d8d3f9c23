"""The rules of play: opening, chording, marking, and what a restart goes back to.

Moves are tuples:
- `("open", row, col)`: open a hidden cell; on an opened number, chord (open its
  unflagged hidden neighbours when its flags match the number);
- `("mark", row, col, allow_question)`: cycle hidden -> flag (-> question) -> hidden;
- `("flag", row, col)` / `("unflag", row, col)`: set a flag / clear any mark.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import numpy as np

from app.core.board_cells import cell_on_board

from .board import FLAG_MARK, NO_MARK, QUESTION_MARK, Move, State, flood_open, status
from .generator import layout_array, place_mines_steps
from .params import check_params
from .solver import drain

Steps = Generator["float | None", None, State]  # as app.core.game.Steps
# A guessing board lays its mines at once, but on a board bigger than this (every preset is
# smaller; a 50×50 board has 2,500 cells) its first click is a slow move too: laying the mines
# and opening the first click are slices of their own, so the page can draw in between.
SLICED_FIRST_CLICK_CELLS = 1_000


def _cell_of(state: State, move: Move, length: int) -> tuple[int, int]:
    if len(move) != length:
        raise ValueError(f"a {move[0]!r} move has {length - 1} values after its name")
    return cell_on_board(move[1], move[2], state.params.height, state.params.width)


def _with(state: State, **changes: Any) -> State:
    fields: dict[str, Any] = {
        "params": state.params,
        "seed": state.seed,
        "mines": state.mines,
        "opened": state.opened,
        "marks": state.marks,
        "first_click": state.first_click,
        "exploded": state.exploded,
        "last_reveal": (),
        "may_need_guess": state.may_need_guess,
    }
    fields.update(changes)
    return State(**fields)


def _open_cells(state: State, starts: list[tuple[int, int]]) -> State:
    """Open safe start cells with their flood; the first mine among them loses the game."""
    assert state.mines is not None and state.numbers is not None
    safe = [cell for cell in starts if not state.mines[cell]]
    hit = [cell for cell in starts if state.mines[cell]]
    flagged = state.marks == FLAG_MARK
    opened, reveal = flood_open(state.numbers, state.opened, flagged, safe)
    marks = np.where(opened, NO_MARK, state.marks)  # question marks vanish when their cell opens
    exploded = None
    if hit:
        exploded = hit[0]
        reveal = reveal + ((exploded[0], exploded[1], 0),)
    return _with(state, opened=opened, marks=marks, exploded=exploded, last_reveal=reveal)


def first_click_state(state: State, mines: np.ndarray[Any, Any], first: tuple[int, int],
                      may_need_guess: bool = False) -> State:
    """Return `state` with `mines` laid and the first click opened; the seed is no longer needed."""
    placed = _with(state, seed="", mines=mines, first_click=first, may_need_guess=may_need_guess)
    return _open_cells(placed, [first])


def _first_click_steps(state: State, row: int, col: int) -> Steps:
    """Lay the mines in slices (see generator.no_guess_layout_steps), then open the first click."""
    layout, stats = yield from place_mines_steps(state.params, state.seed, (row, col))
    if not state.params.no_guess:
        yield 0.5  # a guessing board's mines are laid (in slices of their own); the opening is the next slice
    mines = layout_array(state.params, layout, (row, col))
    return first_click_state(state, mines, (row, col), may_need_guess=bool(stats["fallback"]))


def _open(state: State, row: int, col: int) -> State:
    if state.marks[row, col] == FLAG_MARK:
        raise ValueError("a flagged cell cannot be opened; remove the flag first")
    if state.mines is None:  # a guessing board (apply_steps takes no-guess ones): one quick draw
        return drain(_first_click_steps(state, row, col))
    if not state.opened[row, col]:
        return _open_cells(state, [(row, col)])
    return _chord(state, row, col)


def _chord(state: State, row: int, col: int) -> State:
    """Open the unflagged hidden neighbours of an opened number whose flags match it."""
    assert state.numbers is not None
    rows = slice(max(row - 1, 0), row + 2)
    cols = slice(max(col - 1, 0), col + 2)
    flags = int(np.count_nonzero(state.marks[rows, cols] == FLAG_MARK))
    if flags != int(state.numbers[row, col]):
        raise ValueError("chording needs as many flags around the number as the number shows")
    closed = ~state.opened[rows, cols] & (state.marks[rows, cols] != FLAG_MARK)
    starts = [(int(r) + rows.start, int(c) + cols.start) for r, c in np.argwhere(closed)]
    if not starts:
        raise ValueError("there is nothing left to open around this number")
    return _open_cells(state, starts)


def _mark(state: State, row: int, col: int, allow_question: Any) -> State:
    if not isinstance(allow_question, (bool, np.bool_)):
        raise ValueError("a mark move ends with True or False: are question marks on")  # noqa: TRY004
    current = int(state.marks[row, col])
    if current == NO_MARK:
        following = FLAG_MARK
    elif current == FLAG_MARK and allow_question:
        following = QUESTION_MARK
    else:
        following = NO_MARK
    return _set_mark(state, row, col, following)


def _set_mark(state: State, row: int, col: int, mark: int) -> State:
    marks = state.marks.copy()
    marks[row, col] = mark
    return _with(state, marks=marks)


def apply(state: State, move: Move) -> State:
    """Return the state after `move`; raise ValueError (state untouched) if it is illegal.

    The one slow move, the first open of a no-guess board, runs `apply_steps` to its end.
    """
    steps = apply_steps(state, move)
    if steps is not None:
        return drain(steps)
    return _apply_now(state, move)


def apply_steps(state: State, move: Move) -> Steps | None:
    """Return None when `move` is quick, else its work in slices (a generator).

    The slow move is the first open of a no-guess board, which lays the mines, and
    of a guessing board over SLICED_FIRST_CLICK_CELLS cells (two slices: lay, open).
    The generator yields a progress float in [0, 1] (the share of the work budget
    used) between slices of bounded work (~1000 solver work units, about 5-25 ms
    of CPython on a 50×50 board) and returns the new State; draining it gives
    exactly what `apply` gives. Its yield points depend only on the state and
    the move, never on the clock. Stopping it early changes nothing: `state` is
    untouched. An illegal move raises ValueError here, before any slice runs.
    If the work budget runs out (not seen within the density limit), the board
    keeps its closest layout and the new State has `may_need_guess` True.
    """
    _check_move(state, move)
    if move[0] != "open" or state.mines is not None:
        return None
    params = state.params
    if not params.no_guess and params.width * params.height <= SLICED_FIRST_CLICK_CELLS:
        return None
    row, col = int(move[1]), int(move[2])
    if state.marks[row, col] == FLAG_MARK:
        raise ValueError("a flagged cell cannot be opened; remove the flag first")
    check_params(state.params)  # e.g. a no-guess board over the density limit: refuse before any work
    return _first_click_steps(state, row, col)


def _check_move(state: State, move: Move) -> tuple[Any, int, int]:
    """Return (kind, row, col) of a well-formed move on a game in play; raise ValueError otherwise."""
    if not isinstance(move, (tuple, list)) or not move:
        raise ValueError("a move is a tuple such as ('open', row, col)")
    kind = move[0]
    if kind not in ("open", "mark", "flag", "unflag"):
        raise ValueError(f"unknown move {kind!r}")
    row, col = _cell_of(state, move, 4 if kind == "mark" else 3)
    if status(state) != 0:
        raise ValueError("the game is over")
    return kind, row, col


def _apply_now(state: State, move: Move) -> State:
    kind, row, col = _check_move(state, move)
    if kind == "open":
        return _open(state, row, col)
    if state.opened[row, col]:
        raise ValueError("an opened cell cannot be marked")
    if kind == "mark":
        return _mark(state, row, col, move[3])
    if kind == "flag":
        if state.marks[row, col] == FLAG_MARK:
            raise ValueError("this cell is already flagged")
        return _set_mark(state, row, col, FLAG_MARK)
    if state.marks[row, col] == NO_MARK:
        raise ValueError("this cell has no mark to remove")
    return _set_mark(state, row, col, NO_MARK)


def restart_state(initial: State, current: State) -> State:
    """Return where a restart goes: the same layout with only the first click opened, once placed."""
    if current.mines is None or current.first_click is None:
        return initial
    fresh = State(
        params=current.params,
        seed="",
        mines=None,
        opened=np.zeros_like(current.opened),
        marks=np.zeros_like(current.marks),
    )
    return first_click_state(fresh, current.mines, current.first_click, current.may_need_guess)
