"""A test-only game ("ringtest") for the board platform: a ring source, a dead cell, three actions.

It is the smallest whole game: one package (this file and `strings.py`), one view
(`view.py`) and its `SPEC`. tests/unit/test_backends.py plays it through the
conformance suite; tests/browser/test_board_platform_browser.py serves it as
`app/games/ringtest/` with its SPEC added to `app.catalogue.GAMES`, the one shared
line a new game touches. It is never part of the product. 3×3 dials each pointing
0..3; the centre cell is not a cell. Won when every dial points up (0).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, replace

from app.core.game import GameSpec, ParamsError, Strings
from app.core.gameid import GameIdError
from app.core.rng import Rng

from . import strings as catalogue

ID = "ringtest"
SIZE = 3
DEAD = (1, 1)
SOURCE = (-1, 1)  # on the ring above the middle column
PRESETS = {"only": "3"}


@dataclass(frozen=True)
class State:
    """Dial directions row-major (the dead cell stays 0), locked cells, and whether the source is on."""

    dials: tuple[int, ...]
    locked: frozenset[tuple[int, int]] = frozenset()
    source_on: bool = False


def parse_params(text: str) -> str:
    """Only one size exists."""
    if text != "3":
        raise ParamsError("only 3", "params_refused")
    return text


def format_params(params: str) -> str:
    """The size's text."""
    return params


def params_of(state: State) -> str:
    """Always the one size."""
    return "3"


def generate(params: str, rng: Rng) -> State:
    """Dials pointing anywhere but all up (the dead one stays 0)."""
    while True:
        dials = tuple(0 if (i // SIZE, i % SIZE) == DEAD else rng.randbelow(4) for i in range(SIZE * SIZE))
        if any(dials):
            return State(dials)


Move = tuple[str, int, int]


def _read(move: object) -> Move:
    """Return a well-formed move, or raise ValueError (the protocol's refusal for anything malformed)."""
    try:
        kind, row, col = move  # type: ignore[misc]
        if kind not in ("cw", "ccw", "lock", "source") or isinstance(row, bool) or isinstance(col, bool):
            raise TypeError
        return kind, operator.index(row), operator.index(col)
    except (TypeError, ValueError):
        raise ValueError(f"not a ringtest move: {move!r}") from None


def apply(state: State, move: Move) -> State:
    """Turn, lock or switch the source; locked and dead cells refuse turns."""
    kind, row, col = _read(move)
    if status(state) == 1:
        raise ValueError("already solved")
    if kind == "source":
        if (row, col) != SOURCE:
            raise ValueError("no source there")
        return replace(state, source_on=not state.source_on)
    if (row, col) == DEAD or not (0 <= row < SIZE and 0 <= col < SIZE):
        raise ValueError("not a cell")
    if kind == "lock":
        return replace(state, locked=state.locked ^ {(row, col)})
    if (row, col) in state.locked:
        raise ValueError("locked")
    step = {"cw": 1, "ccw": -1}[kind]
    dials = list(state.dials)
    dials[row * SIZE + col] = (dials[row * SIZE + col] + step) % 4
    return replace(state, dials=tuple(dials))


def move_cost(state: State, move: Move) -> int:
    """Locking and the source are free; a turn is one move."""
    return 1 if move[0] in ("cw", "ccw") else 0


def status(state: State) -> int:
    """Won when every dial points up."""
    return 1 if not any(state.dials) else 0


def hint(state: State) -> Move | None:
    """Turn the first dial that is not up, the short way round."""
    for index, dial in enumerate(state.dials):
        if dial:
            return ("ccw" if dial == 1 else "cw", index // SIZE, index % SIZE)
    return None


def encode(state: State) -> str:
    """The dials as digits."""
    return "1." + "".join(str(d) for d in state.dials)


def decode(text: str) -> State:
    """Read the digits back."""
    if not text.startswith("1.") or len(text) != 2 + SIZE * SIZE or not text[2:].isascii() or not text[2:].isdigit():
        raise GameIdError("bad ringtest id")
    return State(tuple(0 if (i // SIZE, i % SIZE) == DEAD else int(ch) % 4 for i, ch in enumerate(text[2:])))


SPEC: GameSpec[State, Move, str] = GameSpec(
    id=ID, name_key="ringtest_name", rule_key="ringtest_rule", icon="game-icon-ringtest",
    # where tests/browser/test_board_platform_browser.py serves view.py and ringtest.css
    view="app.web.views.ringtest:View", stylesheet="static/css/games/ringtest.css",
    strings=Strings(catalogue.EN, catalogue.JA),
    presets=PRESETS, parse_params=parse_params, format_params=format_params, params_of=params_of,
    generate=generate, apply=apply, status=status, hint=hint, encode=encode, decode=decode, move_cost=move_cost,
)
