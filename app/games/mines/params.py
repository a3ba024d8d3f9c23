"""Board sizes for Minesweeper: the presets, their checks and their text form.

No-guess boards have a density limit: at most one mine per `NO_GUESS_CELLS_PER_MINE`
cells (a 50×50 board: 833 mines; Expert's 99 in 480 is about one in five). Past
about a third, finding a layout that needs no guess gets slow fast (on 50×50 from
the corner, CPython: 30 % mines ~0.2 s, 34 % ~0.4 s median, 38 % ~0.7 s median
and up to 4.4 s, 46 % ~3 s), while guessing boards are one random draw at any
density, so they keep the whole range up to W·H−9.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from app.core import game

MIN_SIDE = 5
MAX_SIDE = 50
SAFE_START_CELLS = 9  # the first click and its 8 neighbours never hold a mine
NO_GUESS_CELLS_PER_MINE = 3  # the no-guess density limit: mines ≤ W·H // 3
GUESS_SUFFIX = "-guess"  # marks boards that may need a guess; no-guess is the default


@dataclass(frozen=True)
class Params:
    """The size of a board, its mine count, and whether it must be solvable without guessing."""

    width: int
    height: int
    mines: int
    no_guess: bool = True


PRESETS: dict[str, Params] = {
    "beginner": Params(9, 9, 10, True),
    "intermediate": Params(16, 16, 40, True),
    "expert": Params(30, 16, 99, True),
}

_PARAMS_TEXT = re.compile(
    r"""^\s*(?P<width>\d+)\s*[x×X*]\s*(?P<height>\d+)
        \s*(?:[n/:,]\s*|\s+)(?P<mines>\d+)
        \s*(?P<mode>[-_\s]?(?:guess|g|ng|noguess|no-guess))?\s*$""",
    re.VERBOSE | re.IGNORECASE | re.ASCII,
)


class ParamsError(game.ParamsError):
    """Board settings that cannot be played; the message says why in English, `string_key` in the player's words.

    `kind` and `values` say which rule refused them:

    - "text": the settings are not text of the form 9x9n10 (no values);
    - "number": width, height or mines is not a whole number (no values);
    - "side": width or height outside `low`..`high`;
    - "mines": the mine count is outside `low`..`high` for a `width`×`height`
      board (`no_guess` says which maximum applies);
    - "no_guess_mines": more mines than the no-guess density limit allows:
      `high` for no-guess, `guess_high` with guessing allowed (also `width`, `height`,
      `low`, `cells_per_mine`);
    - "mode": the no-guess setting is not on or off (no values).
    """

    def __init__(self, message: str, kind: str, **values: int) -> None:
        super().__init__(message, _string_key(kind, values), **values)
        self.kind = kind
        self.values = values


def _string_key(kind: str, values: dict[str, int]) -> str:
    """The words for a refusal: the sizes allowed, or the mines a board of this size takes (no-guess or not)."""
    if kind == "side":
        return "mines_custom_error_size"
    if kind == "no_guess_mines" or (kind == "mines" and values.get("no_guess")):
        return "mines_custom_error_no_guess"
    if kind == "mines":
        return "mines_custom_error_mines"
    return "params_refused"  # text or values no page writes: nothing to say but that they cannot be used


def max_mines(width: int, height: int, no_guess: bool = False) -> int:
    """Return the most mines a width×height board can take.

    The first click needs 9 free cells; a no-guess board also keeps to the
    density limit, one mine per `NO_GUESS_CELLS_PER_MINE` cells.
    """
    most = width * height - SAFE_START_CELLS
    if no_guess:
        most = min(most, width * height // NO_GUESS_CELLS_PER_MINE)
    return most


def check_params(params: Params) -> Params:
    """Return `params` unchanged if they make a playable board; raise ParamsError saying why not.

    Every problem is a ValueError (ParamsError), wrong types included: the backend
    protocol promises ValueError with a readable message for any bad setting.
    """
    width, height, mines = params.width, params.height, params.mines
    for value in (width, height, mines):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ParamsError("Width, height and mines must be whole numbers", "number")
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise ParamsError(
            f"Width and height must be between {MIN_SIDE} and {MAX_SIDE}", "side", low=MIN_SIDE, high=MAX_SIDE
        )
    if not isinstance(params.no_guess, bool):
        raise ParamsError("The no-guess setting must be on or off", "mode")
    high = max_mines(width, height, params.no_guess)
    if params.no_guess and mines > high:
        guess_high = max_mines(width, height)
        raise ParamsError(
            f"A no-guess {width}×{height} board takes at most {high} mines (one per {NO_GUESS_CELLS_PER_MINE} cells);"
            f" with guessing allowed it takes up to {guess_high}",
            "no_guess_mines",
            width=width,
            height=height,
            low=1,
            high=high,
            guess_high=guess_high,
            cells_per_mine=NO_GUESS_CELLS_PER_MINE,
        )
    if not 1 <= mines <= high:
        board = "no-guess board" if params.no_guess else "board"
        raise ParamsError(
            f"A {width}×{height} {board} takes 1 to {high} mines",
            "mines",
            width=width,
            height=height,
            low=1,
            high=high,
            no_guess=int(params.no_guess),
            guess_high=max_mines(width, height),
        )
    return params


def custom_params(values: game.CustomValues, setting: Callable[[str], object]) -> Params:
    """The board the custom form's width, height and mines make, with the player's no-guess choice.

    ParamsError says why not: the sizes allowed, or the mines a board of that size takes.
    """
    params = Params(int(values["width"]), int(values["height"]), int(values["mines"]),
                    bool(setting("mines_no_guess")))
    return check_params(params)


CUSTOM_FIELDS = (
    game.CustomField("width", "width", MIN_SIDE, MAX_SIDE),
    game.CustomField("height", "height", MIN_SIDE, MAX_SIDE),
    game.CustomField("mines", "mines_mine_count", 1, max_mines(MAX_SIDE, MAX_SIDE)),
)


def parse_params(text: str) -> Params:
    """Read params from text such as "9x9n10", "30x16/99", "16x16n40-guess" or a preset name.

    Raises ParamsError (a ValueError) for text it cannot read and for boards
    `check_params` refuses, such as no-guess boards over the density limit.
    """
    if not isinstance(text, str):
        raise ParamsError("Board settings must be text such as 9x9n10", "text")
    preset = PRESETS.get(text.strip().lower())
    if preset is not None:
        return preset
    found = _PARAMS_TEXT.match(text)
    if found is None:
        raise ParamsError("Write the board as width x height and mines, for example 9x9n10 or 30x16/99", "text")
    mode = (found["mode"] or "").strip("-_ \t").lower()
    params = Params(
        width=int(found["width"]),
        height=int(found["height"]),
        mines=int(found["mines"]),
        no_guess=mode not in ("guess", "g"),
    )
    return check_params(params)


def format_params(params: Params) -> str:
    """Return the URL-safe text form of params, e.g. "9x9n10" (no-guess) or "9x9n10-guess"."""
    text = f"{params.width}x{params.height}n{params.mines}"
    return text if params.no_guess else text + GUESS_SUFFIX
