"""Cross Light (Lights Out): a press flips a cell and its four neighbours; turn every light off.

Pressing is addition mod 2, so presses commute and pressing a cell twice undoes
it: a solution is a *set* of cells x with A·x = b over GF(2), where b is the
board and A the press matrix. Gaussian elimination gives one solution and a
basis of the null space (press sets that change nothing); every solution is the
first plus a combination of the basis, and the shortest is found by trying them
all. For boards from 3×3 to 12×12 the nullity is at most 8 (9×9), so that is at
most 256 candidates.

Cells are numbered row-major, `row * width + col`; a board or a press set is a
Python int with bit `cell` set for each lit (or pressed) cell.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

import numpy as np

from app.core import gameid
from app.core.board_cells import cell_on_board
from app.core.game import (
    CustomField,
    CustomValues,
    GameSpec,
    ParamsError,
    Strings,
    Translate,
    moves_and_time,
    moves_and_time_best,
    rising_week,
)
from app.core.rng import Rng

from . import strings as catalogue
from .check import check as check

ID = "crosslight"
MIN_SIDE = 3
MAX_SIDE = 12
GAME_ID_VERSION = 1

Move = tuple[int, int]  # (row, col), 0-based

_RANGE_MESSAGE = f"Board size must be between {MIN_SIDE}×{MIN_SIDE} and {MAX_SIDE}×{MAX_SIDE}"
_FORMAT_MESSAGE = "Write the size as WIDTHxHEIGHT, e.g. 6x6"
# "N" alone means N×N; "×" is accepted because it is how the size is shown to players.
_SIZE_TEXT = re.compile(r"\s*([0-9]+)\s*(?:[xX×]\s*([0-9]+)\s*)?")


@dataclass(frozen=True)
class Params:
    """The board size in cells, each side from 3 to 12 (else ParamsError, a ValueError; TypeError if not whole)."""

    width: int
    height: int

    def __post_init__(self) -> None:
        for name in ("width", "height"):
            side = getattr(self, name)
            if isinstance(side, bool):
                raise TypeError(f"Params.{name} must be a whole number, not {side!r}")
            try:
                side = operator.index(side)  # numpy integers are fine; floats and text are not
            except TypeError:
                raise TypeError(f"Params.{name} must be a whole number, not {side!r}") from None
            if not MIN_SIDE <= side <= MAX_SIDE:
                raise _range_error()
            object.__setattr__(self, name, side)


PRESETS = {
    "easy": Params(5, 5),
    "normal": Params(6, 6),
    "hard": Params(7, 7),
}


def _range_error() -> ParamsError:
    return ParamsError(_RANGE_MESSAGE, "crosslight_size_error", low=MIN_SIDE, high=MAX_SIDE)


def parse_params(text: str) -> Params:
    """Read a size written "WxH" (or "N" for N×N); raise ParamsError (a ValueError) worded for the player."""
    match = _SIZE_TEXT.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise ParamsError(_FORMAT_MESSAGE, "params_refused")
    width_text, height_text = match.group(1), match.group(2) or match.group(1)
    # A very long number is just "too big"; int() would refuse past 4300 digits with a technical message.
    if max(len(width_text.lstrip("0")), len(height_text.lstrip("0"))) > 3:
        raise _range_error()
    return Params(int(width_text), int(height_text))


# The custom-size form: a width and a height.
CUSTOM_FIELDS = (CustomField("width", "width", MIN_SIDE, MAX_SIDE), CustomField("height", "height", MIN_SIDE, MAX_SIDE))


def custom_params(values: CustomValues, setting: Callable[[str], object]) -> Params:
    """The size the custom form's width and height make; ParamsError naming the sizes allowed."""
    return Params(int(values["width"]), int(values["height"]))


def format_params(params: Params) -> str:
    """Return the size as "WxH", e.g. "5x5"; also the key bests are stored under."""
    return f"{params.width}x{params.height}"


def scramble_presses(params: Params) -> int:
    """Return how many distinct cells the generator presses to scramble a board of this size.

    The article uses 7, 12 and 18 presses for 5×5, 6×6 and 7×7. Those are exactly a
    quarter of the board's neighbour pairs (w(h-1) + h(w-1) = 40, 60, 84) less three,
    which extends to any rectangle. Small boards would get almost nothing that way,
    so at least a quarter of the cells are pressed.
    """
    width, height = params.width, params.height
    neighbour_pairs = width * (height - 1) + height * (width - 1)
    cells = width * height
    return min(cells, max(1, neighbour_pairs // 4 - 3, cells // 4))


@dataclass(frozen=True, eq=False)
class State:
    """A board: `lights[row, col]` is True where a light is on; the array is read-only."""

    params: Params
    lights: np.ndarray[Any, Any]

    def __post_init__(self) -> None:
        if not isinstance(self.params, Params):
            raise TypeError("State.params must be a crosslight.Params")
        lights = np.array(self.lights, dtype=bool)  # a private copy, so no caller can alias it
        if lights.shape != (self.params.height, self.params.width):
            expected = (self.params.height, self.params.width)
            raise ValueError(f"lights has shape {lights.shape}, expected {expected}")
        lights.flags.writeable = False
        object.__setattr__(self, "lights", lights)

    @property
    def width(self) -> int:
        """The number of columns."""
        return self.params.width

    @property
    def height(self) -> int:
        """The number of rows."""
        return self.params.height

    @property
    def lit_count(self) -> int:
        """How many lights are on."""
        return int(np.count_nonzero(self.lights))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.params == other.params and bool(np.array_equal(self.lights, other.lights))

    def __hash__(self) -> int:
        return hash((self.params, self.lights.tobytes()))


def params_of(state: State) -> Params:
    """Return the size a state was made with."""
    return state.params


# --- the board as bits ------------------------------------------------------------------------------


def _board_bits(lights: np.ndarray[Any, Any]) -> int:
    """Return the board as an int with bit `row * width + col` set where a light is on."""
    return int.from_bytes(np.packbits(lights.ravel(), bitorder="little").tobytes(), "little")


def _lights_from_bits(bits: int, params: Params) -> np.ndarray[Any, Any]:
    """Return the (height, width) bool array whose lit cells are the set bits of `bits`."""
    cells = params.width * params.height
    raw = np.frombuffer(bits.to_bytes((cells + 7) // 8, "little"), dtype=np.uint8)
    flat = np.unpackbits(raw, count=cells, bitorder="little").astype(bool)
    return flat.reshape(params.height, params.width)


@cache
def _press_masks(width: int, height: int) -> tuple[int, ...]:
    """Return, for each cell, the bits of the cells a press there flips."""
    masks = []
    for row in range(height):
        for col in range(width):
            mask = 1 << (row * width + col)
            if row > 0:
                mask |= 1 << ((row - 1) * width + col)
            if row < height - 1:
                mask |= 1 << ((row + 1) * width + col)
            if col > 0:
                mask |= 1 << (row * width + col - 1)
            if col < width - 1:
                mask |= 1 << (row * width + col + 1)
            masks.append(mask)
    return tuple(masks)


# --- the GF(2) solver -------------------------------------------------------------------------------


class _Elimination(NamedTuple):
    """What Gauss–Jordan elimination of one board size's press matrix leaves behind."""

    pivots: tuple[tuple[int, int], ...]  # (cell, board mask): press `cell` iff the lit cells in mask are odd
    checks: tuple[int, ...]  # board masks with an even lit count on every solvable board
    null_space: tuple[int, ...]  # basis of the press sets that flip nothing


@cache
def _eliminate(width: int, height: int) -> _Elimination:
    """Row-reduce the press matrix of a size, remembering how each row was combined from the originals."""
    masks = _press_masks(width, height)
    cells = len(masks)
    # Equation i reads "the presses that flip cell i add up to b_i". A is symmetric (a press at j
    # flips i exactly when a press at i flips j), so its row i is the press mask of cell i.
    # Bits cells+k record that original equation k was added in, i.e. which b_k the row sums.
    rows = [mask | (1 << (cells + i)) for i, mask in enumerate(masks)]
    pivot_cells: list[int] = []
    for col in range(cells):
        bit = 1 << col
        rank = len(pivot_cells)
        found = next((r for r in range(rank, cells) if rows[r] & bit), None)
        if found is None:
            continue  # a free cell: its press is a null-space direction
        rows[rank], rows[found] = rows[found], rows[rank]
        pivot_row = rows[rank]
        for r in range(cells):
            if r != rank and rows[r] & bit:
                rows[r] ^= pivot_row
        pivot_cells.append(col)
    rank = len(pivot_cells)
    pivots = tuple((cell, rows[r] >> cells) for r, cell in enumerate(pivot_cells))
    # Rows reduced to nothing say "0 = sum of these b_k": a board breaking one has no solution.
    checks = tuple(rows[r] >> cells for r in range(rank, cells))
    pivot_set = set(pivot_cells)
    null_space = tuple(
        (1 << free) | sum(1 << cell for r, cell in enumerate(pivot_cells) if rows[r] >> free & 1)
        for free in range(cells)
        if free not in pivot_set
    )
    return _Elimination(pivots, checks, null_space)


def _minimum_presses(width: int, height: int, board: int) -> int | None:
    """Return the fewest presses (as bits) that clear `board`, or None if nothing does.

    Ties are broken by the smallest bit pattern, so the answer is the same however the null space
    is enumerated, and pressing its first cell leaves the rest as the next board's answer.
    """
    elimination = _eliminate(width, height)
    if any((check & board).bit_count() & 1 for check in elimination.checks):
        return None
    presses = 0
    for cell, combination in elimination.pivots:
        if (combination & board).bit_count() & 1:
            presses |= 1 << cell
    best_key = (presses.bit_count(), presses)
    basis = elimination.null_space
    for step in range(1, 1 << len(basis)):
        # Gray code order: each step adds one basis vector, so every combination is visited once.
        presses ^= basis[(step & -step).bit_length() - 1]
        best_key = min(best_key, (presses.bit_count(), presses))
    return best_key[1]


def _cells_of(bits: int, width: int) -> list[Move]:
    """Return the (row, col) of each set bit, in row-major order."""
    cells = []
    while bits:
        low = bits & -bits
        cell = low.bit_length() - 1
        cells.append((cell // width, cell % width))
        bits ^= low
    return cells


# --- the rules --------------------------------------------------------------------------------------


def generate(params: Params, rng: Rng) -> State:
    """Make a new board by pressing distinct random cells of a dark board: always solvable, never solved."""
    masks = _press_masks(params.width, params.height)
    count = scramble_presses(params)
    while True:
        board = 0
        for cell in rng.sample(range(len(masks)), count):
            board ^= masks[cell]
        if board:  # the presses can cancel out (null space); then draw again
            return State(params, _lights_from_bits(board, params))


def _read_move(params: Params, move: Any) -> Move:
    """Return `move` as a (row, col) pair on the board, or raise ValueError."""
    try:
        row, col = move
    except (TypeError, ValueError):
        raise ValueError(f"a move is a (row, col) pair of whole numbers, not {move!r}") from None
    return cell_on_board(row, col, params.height, params.width)


def apply(state: State, move: Move) -> State:
    """Return the board after pressing `move` = (row, col); raise ValueError if it is illegal."""
    row, col = _read_move(state.params, move)
    if not state.lights.any():
        raise ValueError("the board is already solved")
    lights = state.lights.copy()
    lights[max(row - 1, 0) : row + 2, col] ^= True
    lights[row, max(col - 1, 0) : col + 2] ^= True
    lights[row, col] ^= True  # both strips flipped the pressed cell; flip it back once more
    return State(state.params, lights)


def status(state: State) -> int:
    """Return +1 when every light is off, else 0 (Cross Light cannot be lost)."""
    return 0 if state.lights.any() else 1


def solve(state: State) -> list[Move] | None:
    """Return a shortest set of presses that clears the board, in row-major order; None if unsolvable."""
    presses = _minimum_presses(state.width, state.height, _board_bits(state.lights))
    return None if presses is None else _cells_of(presses, state.width)


def par(state: State) -> int:
    """Return the fewest presses that clear the board (0 when solved); raise ValueError if unsolvable."""
    presses = _minimum_presses(state.width, state.height, _board_bits(state.lights))
    if presses is None:
        raise ValueError("this board cannot be solved")
    return presses.bit_count()


def hint(state: State) -> Move | None:
    """Return the first cell (row-major) of a shortest solution; None when solved or unsolvable."""
    solution = solve(state)
    return solution[0] if solution else None


# --- game IDs ---------------------------------------------------------------------------------------


def encode(state: State) -> str:
    """Return the game ID of a board, e.g. "1.5x5.<lights as base64url bits>"."""
    return gameid.compose(GAME_ID_VERSION, format_params(state.params), gameid.pack_bits(state.lights))


def decode(text: str) -> State:
    """Return the board a game ID names; raise ValueError (GameIdError) if it is malformed or unplayable."""
    size_text, lights_text = gameid.split(text, GAME_ID_VERSION, 2)
    try:
        params = parse_params(size_text)
    except ValueError as exc:
        raise gameid.GameIdError(f"the board size in the game ID is not valid: {exc}", "size") from None
    bits = gameid.unpack_bits(lights_text, params.width * params.height)
    state = State(params, bits.reshape(params.height, params.width))
    if status(state) == 1:
        raise gameid.GameIdError("this board is already solved", "solved")
    if solve(state) is None:
        raise gameid.GameIdError("this board cannot be solved", "unsolvable")
    return state


# --- the descriptor ---------------------------------------------------------------------------------

def preset_label(t: Translate, name: str, params: Params) -> str:
    """"Easy 5×5" (the home screen, statistics and the size menu)."""
    return t(f"crosslight_preset_{name}", width=params.width, height=params.height)


SPEC: GameSpec[State, Move, Params] = GameSpec(
    preset_label=preset_label,
    best_text=moves_and_time,
    best_of=moves_and_time_best,
    custom_fields=CUSTOM_FIELDS,
    custom_params=custom_params,
    daily_week=rising_week("easy", "normal", "hard"),  # the daily's preset per UTC weekday, Monday first
    id=ID, name_key="crosslight_name", rule_key="crosslight_rule", icon="game-icon-crosslight",
    view="app.web.views.crosslight:CrossLightView", stylesheet="static/css/games/crosslight.css",
    strings=Strings(catalogue.EN, catalogue.JA, catalogue.EN_ONE),
    presets=PRESETS, parse_params=parse_params, format_params=format_params, params_of=params_of,
    generate=generate, apply=apply, status=status, hint=hint, encode=encode, decode=decode,
    check=check, par=par,
)
