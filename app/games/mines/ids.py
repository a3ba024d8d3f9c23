"""Game IDs for Minesweeper.

- before the first click: `1.<params>.<seed>`, e.g. `1.9x9n10.k3b7qmwx2z`; the mines are
  laid from the seed when the first cell is opened;
- after it: `1.<params>.<layout bits>.<row>-<col>`, e.g. `1.9x9n10.AIAQ...AA.4-4`: the
  exact layout and the first click, so a shared link replays the same board.
"""

from __future__ import annotations

import re

import numpy as np

from app.core.gameid import SEPARATOR, GameIdError, compose, pack_bits, split, unpack_bits

from .board import State, start_area, unplaced_state
from .moves import first_click_state
from .params import format_params, parse_params

VERSION = 1
MAX_SEED_LENGTH = 64
_CELL = re.compile(r"^(0|[1-9][0-9]?)-(0|[1-9][0-9]?)$")  # no leading zeros: one text per cell


def encode(state: State) -> str:
    """Return the game ID of the board `state` is on (its layout once placed, else its seed)."""
    params = format_params(state.params)
    if state.mines is None or state.first_click is None:
        return compose(VERSION, params, state.seed)
    row, col = state.first_click
    return compose(VERSION, params, pack_bits(state.mines.ravel()), f"{row}-{col}")


def decode(text: str) -> State:
    """Return the board a game ID names: unplaced, or placed with only its first click opened."""
    if not isinstance(text, str):
        raise GameIdError("the game ID must be text")
    parts = text.strip().split(SEPARATOR)
    field_count = len(parts) - 1
    fields = split(text, VERSION, field_count)  # checks the version and the characters first
    if field_count not in (2, 3):
        raise GameIdError(f"a Minesweeper game ID has 2 or 3 parts after the version, not {field_count}")
    try:
        params = parse_params(fields[0])
    except ValueError as exc:
        raise GameIdError(f"the board size in the game ID is not valid: {exc}", "size") from exc
    if fields[0] != format_params(params):
        raise GameIdError("the board size in the game ID is not written the usual way", "size")
    if field_count == 2:
        seed = fields[1]
        if not seed or len(seed) > MAX_SEED_LENGTH:
            raise GameIdError(f"the seed in the game ID must be 1 to {MAX_SEED_LENGTH} characters")
        return unplaced_state(params, seed)
    bits, cell = fields[1], fields[2]
    mines = unpack_bits(bits, params.width * params.height).reshape(params.height, params.width)
    found = int(np.count_nonzero(mines))
    if found != params.mines:
        raise GameIdError(f"the game ID's board has {found} mines, but its size says {params.mines}", "board")
    match = _CELL.match(cell)
    if match is None:
        raise GameIdError("the first-click cell in the game ID must be written row-col, e.g. 4-4")
    first = (int(match[1]), int(match[2]))
    if not (0 <= first[0] < params.height and 0 <= first[1] < params.width):
        raise GameIdError("the first-click cell in the game ID is outside the board", "board")
    if mines[start_area(params.width, params.height, *first)].any():
        raise GameIdError("the game ID has a mine on or next to its first click", "board")
    return first_click_state(unplaced_state(params, ""), mines, first)
