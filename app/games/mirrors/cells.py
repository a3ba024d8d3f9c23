"""Light Path's vocabulary: directions, colours, cell codes and THE reflection table.

Every other module takes these names from here, so there is one direction
encoding and one reflection table in the whole game:

- Directions: 0 up, 1 right, 2 down, 3 left (clockwise from up). `DELTAS[d]` is
  the (row, col) step; `opposite(d) == (d + 2) % 4`.
- Colours: 0 white, 1 red, 2 green, 3 blue. Tier 1 stages are "no colour": every
  source and target there is white, and white is an ordinary colour in the rules
  (a white target wants white light; a red filter stops white light).
- Mirrors: orientation 0 is `/`, 1 is `\\`; a mirror's code keeps the orientation
  in its lowest bit, so turning one is `code ^ 1`.
- Cells: one small int code per cell (`EMPTY` ... `TARGET + colour`); stage files
  write them as the whitespace-separated tokens in `TOKENS`.
"""

from __future__ import annotations

from typing import NamedTuple

# --- directions -------------------------------------------------------------------------------------

UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3
DIRECTIONS = (UP, RIGHT, DOWN, LEFT)
DIRECTION_NAMES = ("up", "right", "down", "left")
DELTAS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # (d_row, d_col) per direction


def opposite(direction: int) -> int:
    """Return the direction pointing the other way."""
    return (direction + 2) % 4


# --- mirrors: the one reflection table ---------------------------------------------------------------

SLASH, BACKSLASH = 0, 1  # a mirror's orientation
MIRROR_CHARS = ("/", "\\")

# REFLECT[orientation][direction in] -> direction out.
# `/`: right -> up, left -> down, up -> right, down -> left.
# `\`: right -> down, left -> up, up -> left, down -> right.
REFLECT: tuple[tuple[int, int, int, int], tuple[int, int, int, int]] = (
    (RIGHT, UP, LEFT, DOWN),  # `/`, indexed by UP, RIGHT, DOWN, LEFT
    (LEFT, DOWN, RIGHT, UP),  # `\`
)


def reflect(direction: int, orientation: int) -> int:
    """Return where a beam heading `direction` goes after a mirror of `orientation` (SLASH or BACKSLASH)."""
    return REFLECT[orientation][direction]


def mirror_for_turn(direction_in: int, direction_out: int) -> int:
    """Return the orientation that turns a beam from `direction_in` to `direction_out` (a 90° turn)."""
    for orientation in (SLASH, BACKSLASH):
        if REFLECT[orientation][direction_in] == direction_out:
            return orientation
    raise ValueError(f"no mirror turns {DIRECTION_NAMES[direction_in]} into {DIRECTION_NAMES[direction_out]}")


# --- colours ----------------------------------------------------------------------------------------

WHITE, RED, GREEN, BLUE = 0, 1, 2, 3
COLOURS = (WHITE, RED, GREEN, BLUE)
COLOUR_NAMES = ("white", "red", "green", "blue")
COLOUR_LETTERS = ("W", "R", "G", "B")  # what the view draws beside colour, and what stage files write

# --- cell codes -------------------------------------------------------------------------------------

EMPTY = 0
WALL = 1
MIRROR = 2  # + orientation: 2 `/`, 3 `\` (turnable)
FIXED_MIRROR = 4  # + orientation: 4 `/`, 5 `\` (cannot be turned)
FILTER = 5  # + colour 1..3: 6 red, 7 green, 8 blue (white filters do not exist)
GLASS = 8  # + colour 1..3: 9 red, 10 green, 11 blue
TARGET = 12  # + colour 0..3: 12 white, 13 red, 14 green, 15 blue
CODE_COUNT = 16

TURNABLE_CODES = frozenset({MIRROR, MIRROR + 1})
MIRROR_CODES = frozenset({MIRROR, MIRROR + 1, FIXED_MIRROR, FIXED_MIRROR + 1})
FILTER_CODES = frozenset(FILTER + colour for colour in (RED, GREEN, BLUE))
GLASS_CODES = frozenset(GLASS + colour for colour in (RED, GREEN, BLUE))
TARGET_CODES = frozenset(TARGET + colour for colour in COLOURS)


def is_turnable(code: int) -> bool:
    """Return whether the cell is a mirror the player can turn."""
    return code in TURNABLE_CODES


def is_mirror(code: int) -> bool:
    """Return whether the cell is a mirror, turnable or fixed."""
    return code in MIRROR_CODES


def orientation_of(code: int) -> int:
    """Return a mirror code's orientation (SLASH or BACKSLASH)."""
    return code & 1  # MIRROR and FIXED_MIRROR are even, so the low bit is the orientation


def flip_code(code: int) -> int:
    """Return a turnable mirror's code after a turn (`/` <-> `\\`)."""
    if code not in TURNABLE_CODES:
        raise ValueError(f"cell code {code} is not a turnable mirror")
    return code ^ 1


def colour_of(code: int) -> int:
    """Return the colour of a filter, glass or target code."""
    if code in TARGET_CODES:
        return code - TARGET
    if code in GLASS_CODES:
        return code - GLASS
    if code in FILTER_CODES:
        return code - FILTER
    raise ValueError(f"cell code {code} has no colour")


# Stage-file tokens, one per code. `L` marks a locked (fixed) mirror; F, G and T
# are filter, glass and target followed by a colour letter.
TOKENS = (".", "#", "/", "\\", "L/", "L\\", "FR", "FG", "FB", "GR", "GG", "GB", "TW", "TR", "TG", "TB")
CODE_OF_TOKEN = {token: code for code, token in enumerate(TOKENS)}

# --- what the view draws ----------------------------------------------------------------------------


class Cell(NamedTuple):
    """One cell as the view draws and labels it.

    kind: "empty", "wall", "mirror", "filter", "glass" or "target";
    colour: "white"/"red"/"green"/"blue" for filters, glass and targets, else None;
    mirror: "/" or "\\" for mirrors, else None; turnable: whether a turn move is legal here;
    label_key: the strings key naming the contents (format it with `colour` from `mirrors_colour_*`;
      a lit target is `mirrors_aria_target_lit`).
    """

    kind: str
    colour: str | None
    mirror: str | None
    turnable: bool
    label_key: str


def describe(code: int) -> Cell:
    """Return the view's description of a cell code."""
    if code == EMPTY:
        return Cell("empty", None, None, False, "mirrors_aria_empty")
    if code == WALL:
        return Cell("wall", None, None, False, "mirrors_aria_wall")
    if code in MIRROR_CODES:
        turnable = code in TURNABLE_CODES
        orientation = orientation_of(code)
        key = ("mirrors_aria_mirror_" if turnable else "mirrors_aria_fixed_") + ("slash", "backslash")[orientation]
        return Cell("mirror", None, MIRROR_CHARS[orientation], turnable, key)
    colour = COLOUR_NAMES[colour_of(code)]
    if code in FILTER_CODES:
        return Cell("filter", colour, None, False, "mirrors_aria_filter")
    if code in GLASS_CODES:
        return Cell("glass", colour, None, False, "mirrors_aria_glass")
    if code in TARGET_CODES:
        return Cell("target", colour, None, False, "mirrors_aria_target_unlit")
    raise ValueError(f"unknown cell code {code}")
