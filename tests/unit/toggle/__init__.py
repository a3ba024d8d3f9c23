"""A test-only sixth game, "toggle": what a new game is, in its own files and nothing else.

A 3×3 board of lights; a press flips the light and its neighbours left and right in the same
row; every light off wins. Its package is this file (the rules and `SPEC`) and `strings.py`;
its view is `view.py`, which the SPEC names. It is never in `app/catalogue.py`: the tests
register it themselves (`tests/unit/play_host.registered`), exactly as the catalogue would,
and it then goes through the backend and view conformance suites like the real games.

Its par is the lights on, which is not the fewest presses (one press can put out three), so
the SPEC declares it an estimate (`par_exact=False`): the page says so, and rates no stars.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from app.core.game import GameSpec, ParamsError, Strings
from app.core.gameid import GameIdError
from app.core.rng import Rng

from . import strings as catalogue

ID = "toggle"
SIZE = 3
Move = tuple[int, int]  # (row, col)


@dataclass(frozen=True)
class State:
    """The lights, row-major: True is on."""

    lights: tuple[bool, ...]


def parse_params(text: str) -> str:
    """Only one size exists: "3"."""
    if text != "3":
        raise ParamsError(f"toggle boards are 3×3, not {text!r}", "params_refused")
    return text


def flipped(lights: tuple[bool, ...], row: int, col: int) -> tuple[bool, ...]:
    """The lights after a press at (row, col): it and its row neighbours flip."""
    touched = {(row, c) for c in (col - 1, col, col + 1) if 0 <= c < SIZE}
    return tuple(not lit if divmod(i, SIZE) in touched else lit for i, lit in enumerate(lights))


def status(state: State) -> int:
    """Won once every light is off."""
    return 0 if any(state.lights) else 1


def apply(state: State, move: Move) -> State:
    """Press a cell; ValueError for what is not a cell, or once the board is won."""
    try:
        row, col = (int(value) for value in move)
    except (TypeError, ValueError):
        raise ValueError(f"a toggle move is (row, col), not {move!r}") from None
    if isinstance(move[0], bool) or isinstance(move[1], bool) or not (0 <= row < SIZE and 0 <= col < SIZE):
        raise ValueError(f"({move!r}) is no cell of the board")
    if status(state) == 1:
        raise ValueError("the board is already won")
    return State(flipped(state.lights, row, col))


def solution(state: State) -> tuple[Move, ...]:
    """The fewest presses that put every light out (each row is solved alone: presses do not cross rows)."""
    presses: list[Move] = []
    for row in range(SIZE):
        lit = state.lights[row * SIZE:(row + 1) * SIZE]
        for size in range(SIZE + 1):
            found = next((cols for cols in itertools.combinations(range(SIZE), size)
                          if _presses_clear(lit, cols)), None)
            if found is not None:
                presses += [(row, col) for col in found]
                break
    return tuple(presses)


def _presses_clear(lit: tuple[bool, ...], cols: tuple[int, ...]) -> bool:
    lights = lit + (False,) * (SIZE * SIZE - SIZE)
    for col in cols:
        lights = flipped(lights, 0, col)
    return not any(lights)


def hint(state: State) -> Move | None:
    """The first press of a shortest solution; None once won."""
    presses = solution(state)
    return presses[0] if presses else None


def estimated_presses(state: State) -> int:
    """The game's par, an estimate of the presses needed: the lights on (a press may put out three).

    (Named for what it is: the view reads par from the spec, never from the game's module.)
    """
    return sum(state.lights)


def generate(params: str, rng: Rng) -> State:
    """Presses at random from the dark board (always solvable), never the dark board itself."""
    while True:
        lights = (False,) * (SIZE * SIZE)
        for _ in range(4):
            lights = flipped(lights, rng.randbelow(SIZE), rng.randbelow(SIZE))
        if any(lights):
            return State(lights)


def encode(state: State) -> str:
    """The game ID: "1." and the lights as nine 0/1 digits."""
    return "1." + "".join("1" if lit else "0" for lit in state.lights)


def decode(text: str) -> State:
    """Read a game ID back; GameIdError if it is no toggle board or already won."""
    digits = text[2:] if isinstance(text, str) and text.startswith("1.") else ""
    if len(digits) != SIZE * SIZE or set(digits) - {"0", "1"}:
        raise GameIdError("not a toggle board", "shape")
    state = State(tuple(digit == "1" for digit in digits))
    if status(state) == 1:
        raise GameIdError("this board is already solved", "solved")
    return state


SPEC: GameSpec[State, Move, str] = GameSpec(
    id=ID, name_key="toggle_name", rule_key="toggle_rule", icon="game-icon-toggle",
    strings=Strings(catalogue.EN, catalogue.JA, catalogue.EN_ONE),
    presets={"only": "3"}, parse_params=parse_params, format_params=str, params_of=lambda state: "3",
    generate=generate, apply=apply, status=status, hint=hint, encode=encode, decode=decode,
    par=estimated_presses, par_exact=False,
    view="tests.unit.toggle.view:ToggleView",
)
