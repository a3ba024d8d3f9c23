"""Minesweeper: open every safe cell; numbers count the mines among the 8 neighbours.

The rules behind the package's `SPEC` (an `app.core.game.GameSpec`), plus what the Minesweeper view
needs to draw a board (`visible_grid`, `Cell`, `mines_left`, `State.last_reveal`)
and to show results (`bbbv`). Mines are laid on the first click, so that cell and
its neighbours are always free; no-guess boards (the default) can then be finished
by deduction alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from app.core.game import GameSpec, Steps, Strings, Translate
from app.core.lazy import lazy_names
from app.core.rng import Rng
from app.core.settings import Setting

from . import strings as catalogue
from .board import (
    Cell,
    State,
    bbbv,
    flood_open,
    mines_left,
    neighbour_counts,
    status,
    unplaced_state,
    visible_grid,
)
from .check import check
from .params import PRESETS, Params, ParamsError, check_params, format_params, max_mines, parse_params

if TYPE_CHECKING:  # imported on first use (below): the home screen needs only the params
    from .generator import place_mines
    from .hints import hint
    from .ids import decode, encode
    from .moves import Move, apply, apply_steps, restart_state
    from .postmortem import PostMortem, post_mortem
    from .solver import solve_from_first_click, solves_without_guessing

# The rest of the backend (generator, solver, moves, hints, game IDs) is imported when a name
# from it is first read, so showing the home screen does not compile and run it.
_LAZY = {
    "new_seed": ".generator", "place_mines": ".generator", "hint": ".hints", "decode": ".ids", "encode": ".ids",
    "Move": ".moves", "apply": ".moves", "apply_steps": ".moves", "restart_state": ".moves",
    "PostMortem": ".postmortem", "post_mortem": ".postmortem",
    "solve_from_first_click": ".solver", "solves_without_guessing": ".solver",
}


__getattr__ = lazy_names(__name__, _LAZY)


ID = "mines"

SETTINGS = {
    "mines_no_guess": Setting(True, bool),  # boards solvable by logic alone
    "mines_question_marks": Setting(False, bool),
}

__all__ = [
    "ID",
    "PRESETS",
    "SETTINGS",
    "Cell",
    "Move",
    "Params",
    "ParamsError",
    "PostMortem",
    "State",
    "apply",
    "apply_steps",
    "bbbv",
    "check",
    "daily_state",
    "decode",
    "encode",
    "flood_open",
    "format_params",
    "generate",
    "hint",
    "max_mines",
    "mines_left",
    "neighbour_counts",
    "params_of",
    "parse_params",
    "place_mines",
    "post_mortem",
    "restart_state",
    "solve_from_first_click",
    "solves_without_guessing",
    "status",
    "visible_grid",
]


def generate(params: Params, rng: Rng) -> State:
    """Return a new unplaced board whose seed is drawn from `rng`; the first click lays the mines."""
    from .generator import new_seed

    return unplaced_state(check_params(params), new_seed(rng))


def daily_state(params: Params, rng: Rng) -> State:
    """Return the daily board: mines laid from `rng` around a first click at the centre, which is opened.

    Mines are laid on the first click, so a daily left unplaced would give each player
    the layout of wherever they clicked first; opening the centre makes it one board.
    """
    from .moves import apply

    start = generate(params, rng)
    rows, cols = start.opened.shape
    return apply(start, ("open", rows // 2, cols // 2))


def params_of(state: State) -> Params:
    """Return the params a state was made with."""
    return state.params


# --- the descriptor: the heavy parts (moves, hints, game IDs) are imported on first call --------------


def _apply(state: State, move: Move) -> State:
    from .moves import apply

    return apply(state, move)


def _apply_steps(state: State, move: Move) -> Steps[State] | None:
    from .moves import apply_steps

    return apply_steps(state, move)


def _restart_state(initial: State, current: State) -> State:
    from .moves import restart_state

    return restart_state(initial, current)


def _hint(state: State) -> Move | None:
    from .hints import hint

    return hint(state)


def _encode(state: State) -> str:
    from .ids import encode

    return encode(state)


def _decode(text: str) -> State:
    from .ids import decode

    return decode(text)


def preset_label(t: Translate, name: str, params: Params) -> str:
    """"Beginner 9×9, 10 mines" (the home screen, statistics and the size menu)."""
    return t(f"mines_preset_{name}", width=params.width, height=params.height, mines=params.mines)


def adjust_params(params: Params, setting: Callable[[str], object]) -> Params:
    """Apply the player's no-guess choice to a preset or custom size (bests are kept per choice)."""
    return replace(params, no_guess=bool(setting("mines_no_guess")))


SPEC: GameSpec[State, Move, Params] = GameSpec(
    preset_label=preset_label,
    adjust_params=adjust_params,
    # the daily's preset per UTC weekday, Monday (easy) to Sunday (hard)
    daily_week=("beginner",
                "beginner",
                "intermediate",
                "intermediate",
                "intermediate",
                "expert",
                "expert"),
    id=ID, name_key="mines_name", rule_key="mines_rule", icon="game-icon-mines",
    strings=Strings(catalogue.EN, catalogue.JA), settings=SETTINGS,
    presets=PRESETS, parse_params=parse_params, format_params=format_params, params_of=params_of,
    generate=generate, apply=_apply, status=status, hint=_hint, encode=_encode, decode=_decode,
    restart_state=_restart_state, apply_steps=_apply_steps, check=check, bbbv=bbbv, daily_state=daily_state,
)
