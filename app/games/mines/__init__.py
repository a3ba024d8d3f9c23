"""Minesweeper: open every safe cell; numbers count the mines among the 8 neighbours.

The rules behind the package's `SPEC` (an `app.core.game.GameSpec`), plus what the Minesweeper view
needs to draw a board (`visible_grid`, `Cell`, `mines_left`, `State.last_reveal`)
and to show results (`bbbv`). Mines are laid on the first click, so that cell and
its neighbours are always free; no-guess boards (the default) can then be finished
by deduction alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from app.core.game import ExtraFigure, ExtraFigures, GameSpec, Steps, Strings, Translate, rising_week
from app.core.rng import Rng
from app.core.settings import Setting

from . import strings as catalogue
from .board import (
    COVERED,
    Cell,
    Move,
    State,
    bbbv,
    covered,
    flood_open,
    mines_left,
    neighbour_counts,
    status,
    unplaced_state,
    visible_grid,
)
from .check import check
from .params import (
    CUSTOM_FIELDS,
    PRESETS,
    Params,
    ParamsError,
    check_params,
    custom_params,
    format_params,
    max_mines,
    parse_params,
)

if TYPE_CHECKING:  # types the functions below take or return; their modules are imported on first call
    from app.core.session import Session

    from .postmortem import PostMortem

# The rest of the backend (generator, solver, moves, hints, game IDs, the post-mortem) is imported by
# the functions below when first called, so showing the home screen does not run it; a name only
# those modules define is imported from them (e.g. `app.games.mines.solver.solves_without_guessing`).


ID = "mines"

SETTINGS = {
    "mines_no_guess": Setting(True, bool),  # boards solvable by logic alone
    "mines_question_marks": Setting(False, bool),
}

__all__ = [
    "COVERED",
    "ID",
    "PRESETS",
    "SETTINGS",
    "Cell",
    "Move",
    "Params",
    "ParamsError",
    "State",
    "apply",
    "apply_steps",
    "bbbv",
    "check",
    "covered",
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
    "post_mortem",
    "restart_state",
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
    start = generate(params, rng)
    rows, cols = start.opened.shape
    return apply(start, ("open", rows // 2, cols // 2))


def params_of(state: State) -> Params:
    """Return the params a state was made with."""
    return state.params


# --- the heavy parts (moves, hints, game IDs, the post-mortem), imported on first call -------------------


def apply(state: State, move: Move) -> State:
    """Return the state after `move` (see `moves.apply`); ValueError if illegal."""
    from .moves import apply as apply_move

    return apply_move(state, move)


def apply_steps(state: State, move: Move) -> Steps[State] | None:
    """Return a slow move (a first click laying a no-guess board) as bounded slices, else None."""
    from .moves import apply_steps as steps

    return steps(state, move)


def restart_state(initial: State, current: State) -> State:
    """Return what Restart goes back to (the laid mines are kept)."""
    from .moves import restart_state as restart

    return restart(initial, current)


def hint(state: State) -> Move | None:
    """Return a deduced move (a safe cell to open or a mine to flag), or None."""
    from .hints import hint as deduce

    return deduce(state)


def encode(state: State) -> str:
    """Return the board's game ID."""
    from .ids import encode as encode_id

    return encode_id(state)


def decode(text: str) -> State:
    """Return the board a game ID names; GameIdError if it is damaged."""
    from .ids import decode as decode_id

    return decode_id(text)


def post_mortem(before: State, move: Move) -> PostMortem:
    """Say what `before` proved, given that `move` on it lost the game (see `postmortem.post_mortem`)."""
    from .postmortem import post_mortem as explain

    return explain(before, move)


def preset_label(t: Translate, name: str, params: Params) -> str:
    """"Beginner 9×9, 10 mines" (the home screen, statistics and the size menu)."""
    return t(f"mines_preset_{name}", width=params.width, height=params.height, mines=params.mines)


def adjust_params(params: Params, setting: Callable[[str], object]) -> Params:
    """Apply the player's no-guess choice to a preset or custom size (bests are kept per choice)."""
    return replace(params, no_guess=bool(setting("mines_no_guess")))


def _measure(state: State) -> Mapping[str, int]:
    """What a won board keeps for the statistics: its 3BV."""
    return {"bbbv": bbbv(state)}


def _per_second(time: float, moves: int, measures: Mapping[str, int]) -> float | None:
    """3BV/s: the board's 3BV over the seconds the win took."""
    return measures["bbbv"] / time if time > 0 else None


def _efficiency(time: float, moves: int, measures: Mapping[str, int]) -> float | None:
    """Efficiency: the board's 3BV over the clicks it took (every counted move: opens, chords and flags)."""
    return measures["bbbv"] / moves if moves > 0 else None


# Minesweeper's own statistics. (Their names are the ones the first release's records kept them under,
# which app.core.stats reads into these.)
EXTRA_FIGURES = ExtraFigures(measure=_measure, figures=(
    ExtraFigure("bbbv_s", "mines_stats_bbbv_s", _per_second),
    ExtraFigure("efficiency", "mines_stats_efficiency", _efficiency),
))


def best_of(session: Session[State, Any]) -> Mapping[str, float]:
    """A clean win keeps "time"; a win after undoing a loss keeps "time_after_deaths" (never the clean best)."""
    field = "time_after_deaths" if session.deaths else "time"
    return {field: round(session.elapsed, 2)}


SPEC: GameSpec[State, Move, Params] = GameSpec(
    preset_label=preset_label,
    adjust_params=adjust_params,
    best_of=best_of,
    custom_fields=CUSTOM_FIELDS,
    custom_params=custom_params,
    view="app.web.views.mines:MinesView", stylesheet="static/css/games/mines.css",
    daily_week=rising_week("beginner", "intermediate", "expert"),  # the daily's preset per UTC weekday, Monday first
    id=ID, name_key="mines_name", rule_key="mines_rule", icon="game-icon-mines",
    strings=Strings(catalogue.EN, catalogue.JA, catalogue.EN_ONE), settings=SETTINGS,
    presets=PRESETS, parse_params=parse_params, format_params=format_params, params_of=params_of,
    generate=generate, apply=apply, status=status, hint=hint, encode=encode, decode=decode,
    restart_state=restart_state, apply_steps=apply_steps, check=check, daily_state=daily_state,
    extra_figures=EXTRA_FIGURES,
)
