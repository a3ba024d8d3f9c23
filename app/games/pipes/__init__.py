"""Pipe Link: turn 4-bit pipe tiles so water flows (path mode) or every tile joins one tree (Net).

The rules behind the package's `SPEC` (an `app.core.game.GameSpec`), plus what the view needs to draw and
label a board and to show results:

- tiles: `open_sides`, `rotate_cw`, `rotate_ccw`, `grid`, `locked_mask`, `source_cell`;
- flow: `reach` / `connected` / `flowing` (masks), `loops` (mask), `active_count`; what a turn changed:
  `water_front` (path mode: the wet tile nearest the exit) and `network_change` (tiles joined, tiles left);
- counting: `move_cost`, `par`, `remaining_turns`, `hint_direction`;
- solving: `solve`, `is_unique`.

Moves are tuples: ("cw", r, c), ("ccw", r, c), ("lock", r, c), ("unlock_all",) and the
hint's ("set", r, c, value); see `moves`.
"""

from __future__ import annotations

from app.core.game import GameSpec, Strings, moves_and_time, moves_and_time_best
from app.core.rng import Rng

from . import net_solver, path_solver  # check (below) needs them too
from . import strings as catalogue
from .board import State, grid, locked_mask, params_of, source_cell
from .check import check
from .flow import active_count, connected, flowing, loops, network_change, reach, status, water_front
from .ids import decode, encode
from .moves import Move, apply, hint, hint_direction, move_cost
from .params import (
    CUSTOM_FIELDS,
    DAILY_PRESET,
    MAX_SIDE,
    MIN_SIDE,
    NET,
    PATH,
    PRESETS,
    Params,
    custom_params,
    format_params,
    parse_params,
)
from .tiles import clicks_between, open_sides, rotate_ccw, rotate_cw

ID = "pipes"

__all__ = [
    "DAILY_PRESET",
    "ID",
    "MAX_SIDE",
    "MIN_SIDE",
    "NET",
    "PATH",
    "PRESETS",
    "Move",
    "Params",
    "State",
    "active_count",
    "custom_params",
    "apply",
    "check",
    "connected",
    "decode",
    "encode",
    "flowing",
    "format_params",
    "generate",
    "grid",
    "hint",
    "hint_direction",
    "is_unique",
    "locked_mask",
    "loops",
    "move_cost",
    "network_change",
    "open_sides",
    "par",
    "params_of",
    "parse_params",
    "reach",
    "remaining_turns",
    "rotate_ccw",
    "rotate_cw",
    "solve",
    "source_cell",
    "status",
    "water_front",
]


def generate(params: Params, rng: Rng) -> State:
    """Make a new puzzle: always solvable (Net: exactly one solution), never already solved."""
    from .generator import generate as _generate

    return _generate(params, rng)


def solve(state: State) -> tuple[int, ...] | None:
    """Return a solved layout (tile values, row-major) reachable from `state`, or None.

    Net: the puzzle's one solution (locks ignored; None if it has none or several).
    Path: the cheapest layout that keeps locked tiles as they are (None if locks block every route).
    """
    if state.params.mode == NET:
        return net_solver.solve(state)
    route = path_solver.cheapest_route(state, "respect")
    if route is None:
        return None
    tiles = list(state.tiles)
    for cell, value in route.cells:
        tiles[cell] = value
    return tuple(tiles)


def is_unique(state: State) -> bool:
    """Return whether a Net board's tiles have exactly one solution (the generator's guarantee)."""
    if state.params.mode != NET:
        raise ValueError("uniqueness is a Net property; path boards may have many routes")
    return net_solver.is_unique(state.params, state.tiles)


def _clicks_to(state: State, solution: tuple[int, ...], respect_locks: bool) -> int | None:
    """Return the clicks that turn every tile into `solution`; None if a locked tile would have to turn."""
    total = 0
    for value, target, locked in zip(state.tiles, solution, state.locked, strict=True):
        clicks = clicks_between(value, target) or 0
        if clicks and locked and respect_locks:
            return None
        total += clicks
    return total


def par(state: State) -> int:
    """Return the fewest clicks that clear the board from `state`, locks ignored (the start's par).

    Raises ValueError if the board cannot be cleared.
    """
    if state.params.mode != NET:
        return path_solver.par(state)
    solution = net_solver.solve(state)
    if solution is None:
        raise ValueError("this Net board does not have exactly one solution")
    clicks = _clicks_to(state, solution, respect_locks=False)
    assert clicks is not None
    return clicks


def remaining_turns(state: State) -> int | None:
    """Return the fewest clicks that clear the board from here without turning a locked tile; None if none."""
    if state.params.mode != NET:
        return path_solver.remaining_turns(state)
    solution = net_solver.solve(state)
    return None if solution is None else _clicks_to(state, solution, respect_locks=True)


def rule_key_of(state: State) -> str:
    """The rule of the mode in play: path boards and Net boards are won differently."""
    return "pipes_rule_net" if state.params.mode == NET else "pipes_rule_path"


SPEC: GameSpec[State, Move, Params] = GameSpec(
    best_text=moves_and_time,
    best_of=moves_and_time_best,
    custom_fields=CUSTOM_FIELDS,
    custom_params=custom_params,
    rule_key_of=rule_key_of,
    view="app.web.views.pipes:PipesView", stylesheet="static/css/games/pipes.css",
    # the daily's preset per UTC weekday, Monday (easy) to Sunday (hard)
    daily_week=("path_5x5",
                "path_5x5",
                "path_7x7",
                "path_9x9",
                "net_5x5",
                "net_7x7",
                "net_9x9"),
    id=ID, name_key="pipes_name", rule_key="pipes_rule_path", icon="game-icon-pipes",
    strings=Strings(catalogue.EN, catalogue.JA, catalogue.EN_ONE),
    presets=PRESETS, parse_params=parse_params, format_params=format_params, params_of=params_of,
    generate=generate, apply=apply, status=status, hint=hint, encode=encode, decode=decode,
    move_cost=move_cost, check=check, par=par, daily_preset=DAILY_PRESET,
)
