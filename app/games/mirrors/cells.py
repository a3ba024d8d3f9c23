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
- Splitters (half-silvered mirrors, second edition): a beam passes straight on *and*
  is reflected as by a mirror of the same orientation, so two beams leave the cell.
- Pieces: every mirror or splitter is one of three sorts: given by the board and
  turnable, fixed (locked), or placed by the player from the stage's inventory
  (turnable, and can be taken back). Placed codes exist only in play and in editor
  stages that start with a piece already placed.
- Cells: one small int code per cell (`EMPTY` ... `PLACED_SPLITTER + 1`); stage files
  write them as the whitespace-separated tokens in `TOKENS`. Every piece code keeps its
  orientation in its lowest bit, so turning one is `code ^ 1`.
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
# Second edition: new codes go after the first sixteen, so every old board keeps its codes (and its IDs).
SPLITTER = 16  # + orientation: 16 `/`, 17 `\` (turnable)
FIXED_SPLITTER = 18  # + orientation: 18 `/`, 19 `\`
PLACED_MIRROR = 20  # + orientation: a mirror the player placed from the inventory
PLACED_SPLITTER = 22  # + orientation: a splitter the player placed
CODE_COUNT = 24

PLACED_MIRROR_CODES = frozenset({PLACED_MIRROR, PLACED_MIRROR + 1})
PLACED_SPLITTER_CODES = frozenset({PLACED_SPLITTER, PLACED_SPLITTER + 1})
PLACED_CODES = PLACED_MIRROR_CODES | PLACED_SPLITTER_CODES
TURNABLE_CODES = frozenset({MIRROR, MIRROR + 1, SPLITTER, SPLITTER + 1}) | PLACED_CODES
# Plain mirrors of every sort (they turn a beam); MIRROR_CODES keeps its first-edition meaning.
MIRROR_CODES = frozenset({MIRROR, MIRROR + 1, FIXED_MIRROR, FIXED_MIRROR + 1})
REFLECTOR_CODES = MIRROR_CODES | PLACED_MIRROR_CODES
SPLITTER_CODES = frozenset({SPLITTER, SPLITTER + 1, FIXED_SPLITTER, FIXED_SPLITTER + 1}) | PLACED_SPLITTER_CODES
PIECE_CODES = REFLECTOR_CODES | SPLITTER_CODES
FIXED_CODES = frozenset({FIXED_MIRROR, FIXED_MIRROR + 1, FIXED_SPLITTER, FIXED_SPLITTER + 1})
# The pieces an inventory holds, by name: the name is what a "place" move says.
PIECE_KINDS = ("mirror", "splitter")
PLACED_BASE = {"mirror": PLACED_MIRROR, "splitter": PLACED_SPLITTER}
FILTER_CODES = frozenset(FILTER + colour for colour in (RED, GREEN, BLUE))
GLASS_CODES = frozenset(GLASS + colour for colour in (RED, GREEN, BLUE))
TARGET_CODES = frozenset(TARGET + colour for colour in COLOURS)


def is_turnable(code: int) -> bool:
    """Return whether the cell is a mirror the player can turn."""
    return code in TURNABLE_CODES


def is_piece(code: int) -> bool:
    """Return whether the cell holds a mirror or a splitter of any sort (given, fixed or placed)."""
    return code in PIECE_CODES


def is_placed(code: int) -> bool:
    """Return whether the cell holds a piece the player placed (it can be taken back)."""
    return code in PLACED_CODES


def placed_kind(code: int) -> str:
    """Return "mirror" or "splitter" for a placed piece's code."""
    if code not in PLACED_CODES:
        raise ValueError(f"cell code {code} is not a placed piece")
    return "mirror" if code in PLACED_MIRROR_CODES else "splitter"


def placed_code(kind: str, orientation: int) -> int:
    """Return the code of a placed piece of `kind` ("mirror" or "splitter") and orientation."""
    return PLACED_BASE[kind] + orientation


def orientation_of(code: int) -> int:
    """Return a mirror code's orientation (SLASH or BACKSLASH)."""
    return code & 1  # MIRROR and FIXED_MIRROR are even, so the low bit is the orientation


def flip_code(code: int) -> int:
    """Return a turnable piece's code after a turn (`/` <-> `\\`)."""
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
# Second edition: S/ S\\ splitters, LS/ LS\\ fixed splitters, P/ P\\ PS/ PS\\ pieces already placed.
TOKENS = (".", "#", "/", "\\", "L/", "L\\", "FR", "FG", "FB", "GR", "GG", "GB", "TW", "TR", "TG", "TB",
          "S/", "S\\", "LS/", "LS\\", "P/", "P\\", "PS/", "PS\\")
CODE_OF_TOKEN = {token: code for code, token in enumerate(TOKENS)}

# --- what the view draws ----------------------------------------------------------------------------


class Cell(NamedTuple):
    """One cell as the view draws and labels it.

    kind: "empty", "wall", "mirror", "splitter", "filter", "glass" or "target";
    colour: "white"/"red"/"green"/"blue" for filters, glass and targets, else None;
    mirror: "/" or "\\" for mirrors, else None; turnable: whether a turn move is legal here;
    label_key: the strings key naming the contents (format it with `colour` from `mirrors_colour_*`;
      a lit target is `mirrors_aria_target_lit`; an empty cell of a stage with an inventory is
      `mirrors_aria_empty_open`, which `cell_kind` knows and this table does not);
    placed: whether the player placed the piece (a "take" move is legal there).
    """

    kind: str
    colour: str | None
    mirror: str | None
    turnable: bool
    label_key: str
    placed: bool = False


# The label of every piece code, written out so each key can be found by name.
PIECE_LABELS = {
    MIRROR: "mirrors_aria_mirror_slash", MIRROR + 1: "mirrors_aria_mirror_backslash",
    FIXED_MIRROR: "mirrors_aria_fixed_slash", FIXED_MIRROR + 1: "mirrors_aria_fixed_backslash",
    SPLITTER: "mirrors_aria_splitter_slash", SPLITTER + 1: "mirrors_aria_splitter_backslash",
    FIXED_SPLITTER: "mirrors_aria_fixed_splitter_slash", FIXED_SPLITTER + 1: "mirrors_aria_fixed_splitter_backslash",
    PLACED_MIRROR: "mirrors_aria_placed_mirror_slash", PLACED_MIRROR + 1: "mirrors_aria_placed_mirror_backslash",
    PLACED_SPLITTER: "mirrors_aria_placed_splitter_slash",
    PLACED_SPLITTER + 1: "mirrors_aria_placed_splitter_backslash",
}


def describe(code: int) -> Cell:
    """Return the view's description of a cell code."""
    if code == EMPTY:
        return Cell("empty", None, None, False, "mirrors_aria_empty")
    if code == WALL:
        return Cell("wall", None, None, False, "mirrors_aria_wall")
    if code in PIECE_CODES:
        kind = "splitter" if code in SPLITTER_CODES else "mirror"
        char = MIRROR_CHARS[orientation_of(code)]
        return Cell(kind, None, char, code in TURNABLE_CODES, PIECE_LABELS[code], code in PLACED_CODES)
    colour = COLOUR_NAMES[colour_of(code)]
    if code in FILTER_CODES:
        return Cell("filter", colour, None, False, "mirrors_aria_filter")
    if code in GLASS_CODES:
        return Cell("glass", colour, None, False, "mirrors_aria_glass")
    if code in TARGET_CODES:
        return Cell("target", colour, None, False, "mirrors_aria_target_unlit")
    raise ValueError(f"unknown cell code {code}")
