"""Board sizes for Minesweeper: the presets, their checks and their text form."""

from __future__ import annotations

import re
from dataclasses import dataclass

MIN_SIDE = 5
MAX_SIDE = 50
SAFE_START_CELLS = 9  # the first click and its 8 neighbours never hold a mine
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


def max_mines(width: int, height: int) -> int:
    """Return the most mines a width×height board can take (the first click needs 9 free cells)."""
    return width * height - SAFE_START_CELLS


def check_params(params: Params) -> Params:
    """Return `params` unchanged if they make a playable board; raise ValueError saying why not.

    Every problem is a ValueError, wrong types included: the backend protocol
    promises ValueError with a readable message for any bad setting.
    """
    width, height, mines = params.width, params.height, params.mines
    for value in (width, height, mines):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError("Width, height and mines must be whole numbers")  # noqa: TRY004
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise ValueError(f"Width and height must be between {MIN_SIDE} and {MAX_SIDE}")
    if not 1 <= mines <= max_mines(width, height):
        raise ValueError(f"A {width}×{height} board takes 1 to {max_mines(width, height)} mines")
    if not isinstance(params.no_guess, bool):
        raise ValueError("The no-guess setting must be on or off")  # noqa: TRY004
    return params


def parse_params(text: str) -> Params:
    """Read params from text such as "9x9n10", "30x16/99", "16x16n40-guess" or a preset name."""
    if not isinstance(text, str):
        raise ValueError("Board settings must be text such as 9x9n10")  # noqa: TRY004
    preset = PRESETS.get(text.strip().lower())
    if preset is not None:
        return preset
    found = _PARAMS_TEXT.match(text)
    if found is None:
        raise ValueError("Write the board as width x height and mines, for example 9x9n10 or 30x16/99")
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
