"""Game IDs for Pipe Link: `1.<params>.<tiles>` or `1.<params>.<tiles>.<locks>`.

- params as `format_params` writes them: "path-5x5", "net-11x11", "net-9x9-wrap";
- tiles: one lower-case hex digit per tile, row-major (the 4-bit value itself);
- locks (only when some tile is locked): the lock bits, as `gameid.pack_bits` writes them.

Decoding refuses boards that are already cleared, path boards no turns can clear, and Net
boards without exactly one solution (a Net hint needs the one solution).
"""

from __future__ import annotations

from app.core.gameid import SEPARATOR, GameIdError, compose, pack_bits, split, unpack_bits

from . import net_solver, path_solver
from .board import State
from .flow import is_cleared
from .params import NET, format_params, parse_params

VERSION = 1
_HEX = "0123456789abcdef"


def encode(state: State) -> str:
    """Return the game ID of a board, e.g. "1.path-4x4.a5c3...", with a locks part when any tile is locked."""
    fields = [format_params(state.params), "".join(_HEX[value] for value in state.tiles)]
    if any(state.locked):
        fields.append(pack_bits(state.locked))
    return compose(VERSION, *fields)


def decode(text: str) -> State:
    """Return the board a game ID names; raise GameIdError (a ValueError) with a `kind` if it is malformed."""
    if not isinstance(text, str):
        raise GameIdError("the game ID must be text")
    field_count = len(text.strip().split(SEPARATOR)) - 1
    if field_count not in (2, 3):
        raise GameIdError(f"a Pipe Link game ID has 2 or 3 parts after the version, not {max(field_count, 0)}")
    fields = split(text, VERSION, field_count)
    try:
        params = parse_params(fields[0])
    except ValueError as exc:
        raise GameIdError(f"the board settings in the game ID are not valid: {exc}", "size") from None
    if fields[0] != format_params(params):
        raise GameIdError("the board settings in the game ID are not written the usual way", "size")
    cells = params.width * params.height
    tile_text = fields[1]
    if len(tile_text) != cells or any(ch not in _HEX for ch in tile_text):
        raise GameIdError(f"the tiles part must be {cells} hex digits (0-9, a-f)", "board")
    tiles = tuple(_HEX.index(ch) for ch in tile_text)
    if field_count == 3:
        locked = tuple(bool(bit) for bit in unpack_bits(fields[2], cells))
        if not any(locked):
            raise GameIdError("the locks part is present but locks nothing", "board")
    else:
        locked = (False,) * cells
    state = State(params, tiles, locked)
    if is_cleared(state):
        raise GameIdError("this board is already solved", "solved")
    if params.mode == NET:
        if any(value == 0 for value in tiles):
            raise GameIdError("every Net tile needs at least one opening", "board")
        found = net_solver.solutions(params, tiles, 2)
        if not found:
            raise GameIdError("no turns of these tiles join them all in one tree", "unsolvable")
        if len(found) > 1:
            raise GameIdError("these tiles can be joined in more than one way; a Net puzzle needs one", "board")
    elif path_solver.cheapest_route(state, "ignore") is None:
        raise GameIdError("no turns of these tiles let the water through", "unsolvable")
    return state
