"""A test-only game ("ringtest") for the board platform: a ring source, a dead cell, three actions.

Served only by tests/browser/test_board_platform_browser.py, which adds it to the
page's app.zip; it is never part of the product. 3×3 dials each pointing 0..3;
the centre cell is not a cell. Won when every dial points up (0).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.core.gameid import GameIdError

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
        raise ValueError("only 3")
    return text


def format_params(params: str) -> str:
    """The size's text."""
    return params


def params_of(state: State) -> str:
    """Always the one size."""
    return "3"


def generate(params: str, rng: object) -> State:
    """Every dial but the dead one points right."""
    return State(tuple(0 if (i // SIZE, i % SIZE) == DEAD else 1 for i in range(SIZE * SIZE)))


def apply(state: State, move: tuple) -> State:
    """Turn, lock or switch the source; locked and dead cells refuse turns."""
    kind, row, col = move
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


def move_cost(state: State, move: tuple) -> int:
    """Locking and the source are free; a turn is one move."""
    return 1 if move[0] in ("cw", "ccw") else 0


def status(state: State) -> int:
    """Won when every dial points up."""
    return 1 if not any(state.dials) else 0


def hint(state: State) -> tuple | None:
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
    if not text.startswith("1.") or len(text) != 2 + SIZE * SIZE or not text[2:].isdigit():
        raise GameIdError("bad ringtest id")
    return State(tuple(int(ch) % 4 for ch in text[2:]))
