"""What a game declares about its board, and the pixel geometry, in pure Python.

A view describes its board with a `BoardLayout` (cells, an optional border ring
of edge positions, which positions hold a button) and its input with `Action`s
(which keys, mouse buttons and touch gestures do what). The board widget reads
both; nothing here touches the browser, so the rules of the cursor, the key map
and the cell <-> pixel conversion are tested under CPython.

Positions are (row, col) in cell coordinates: cells are 0 <= row < rows and
0 <= col < cols; with a ring, the ring positions are row -1 or rows and col -1
or cols (the four corners are never live).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

Position = tuple[int, int]

MOUSE_PRIMARY, MOUSE_MIDDLE, MOUSE_SECONDARY = 0, 1, 2

# How a key is written for players ("Space", not " ") and for aria-keyshortcuts.
_KEY_NAMES = {" ": "Space"}


@dataclass(frozen=True)
class Action:
    """One named thing a player can do to a board position, and every way to trigger it.

    `keys` are KeyboardEvent.key values, with "Shift+" in front where Shift must be held
    (letters match either case). `buttons` are mouse buttons (0 primary, 1 middle,
    2 secondary). `tap` and `long_press` are touch gestures. An action that is not `listed`
    still answers its keys (and so can say why it does nothing on this board) but no help
    names it: Light Path's splitter keys on a board with no splitter to place.
    """

    name: str
    label_key: str  # catalogue key of what the help text calls it ("Flag")
    keys: tuple[str, ...] = ()
    buttons: tuple[int, ...] = ()
    tap: bool = False
    long_press: bool = False
    listed: bool = True

    def matches_key(self, key: str, shift: bool) -> bool:
        """Return whether a key press (KeyboardEvent.key and shiftKey) triggers this action."""
        for binding in self.keys:
            needs_shift = binding.startswith("Shift+")
            name = binding[len("Shift+"):] if needs_shift else binding
            same = name.lower() == key.lower() if len(name) == 1 else name == key
            if same and needs_shift == shift:
                return True
        return False


def action_for_key(actions: Sequence[Action], key: str, shift: bool) -> Action | None:
    """Return the action a key press triggers, or None."""
    return next((action for action in actions if action.matches_key(key, shift)), None)


def action_for_button(actions: Sequence[Action], button: int) -> Action | None:
    """Return the action a mouse button triggers, or None."""
    return next((action for action in actions if button in action.buttons), None)


def action_for_tap(actions: Sequence[Action]) -> Action | None:
    """Return the action a touch tap triggers (the primary button's when none says tap)."""
    return next((a for a in actions if a.tap), None) or action_for_button(actions, MOUSE_PRIMARY)


def action_for_long_press(actions: Sequence[Action]) -> Action | None:
    """Return the action a touch long press triggers, or None."""
    return next((action for action in actions if action.long_press), None)


def key_label(binding: str) -> str:
    """Return how a key binding is shown to players: "Shift+Enter", "Space", "F"."""
    shift = binding.startswith("Shift+")
    name = binding[len("Shift+"):] if shift else binding
    name = _KEY_NAMES.get(name, name.upper() if len(name) == 1 else name)
    return f"Shift+{name}" if shift else name


def listed(actions: Iterable[Action]) -> list[Action]:
    """The actions a help names (see `Action.listed`)."""
    return [action for action in actions if action.listed]


def keyshortcuts(actions: Iterable[Action]) -> str:
    """Return the aria-keyshortcuts value naming every listed action's keys (letters once, upper case)."""
    seen: list[str] = []
    for action in listed(actions):
        for binding in action.keys:
            label = key_label(binding)
            if label not in seen:
                seen.append(label)
    return " ".join(seen)


def key_rows(actions: Iterable[Action], t: Callable[..., str]) -> list[tuple[str, str]]:
    """Return (keys, what they do) for every action bound to keys: [("Enter or Space", "open"), ...]."""
    rows = []
    for action in listed(actions):
        if action.keys:
            rows.append((t("keys_or").join(key_label(binding) for binding in action.keys), t(action.label_key)))
    return rows


# How the Controls help names mouse buttons and touch gestures (catalogue keys).
_BUTTON_NAMES = {MOUSE_PRIMARY: "mouse_primary", MOUSE_MIDDLE: "mouse_middle", MOUSE_SECONDARY: "mouse_secondary"}


def mouse_rows(actions: Iterable[Action], t: Callable[..., str]) -> list[tuple[str, str]]:
    """Return (mouse buttons, what they do) for every action bound to a button: [("Click", "open"), ...]."""
    return [(t("keys_or").join(t(_BUTTON_NAMES[button]) for button in action.buttons), t(action.label_key))
            for action in listed(actions) if action.buttons]


def touch_rows(actions: Sequence[Action], t: Callable[..., str]) -> list[tuple[str, str]]:
    """Return (gesture, what it does) as the board reads touch: the tap's action, then the long press's."""
    rows = []
    tap, long_press = action_for_tap(actions), action_for_long_press(actions)
    if tap is not None and tap.listed:
        rows.append((t("touch_tap"), t(tap.label_key)))
    if long_press is not None and long_press.listed:
        rows.append((t("touch_long_press"), t(long_press.label_key)))
    return rows


def _pointer_order(actions: Sequence[Action]) -> list[Action]:
    """The board's actions as a touch player meets them: the tap's, the long press's, then the rest in order."""
    first = [action for action in (action_for_tap(actions), action_for_long_press(actions)) if action is not None]
    return first + [action for action in actions if action not in first]


def _pointer_ways(actions: Sequence[Action], action: Action, t: Callable[..., str], *, touch_only: bool) -> str:
    """How a pointer does `action` on this board: "Tap or click", "Long press or middle-click", "" for none."""
    ways = [t("touch_tap")] if action is action_for_tap(actions) else []
    ways += [t("touch_long_press")] if action is action_for_long_press(actions) else []
    if not touch_only:
        ways += [t(_BUTTON_NAMES[button]) for button in action.buttons]
    # "Tap or click", "Long press or middle-click": capitals only where the item starts
    return t("keys_or").join(ways[:1] + [way[:1].lower() + way[1:] for way in ways[1:]])


def controls_lines(actions: Sequence[Action], t: Callable[..., str], *, touch_only: bool,
                   of: Iterable[Action] | None = None) -> list[str]:
    """One line per action, for the controls card: its gestures and buttons, then its keys in brackets.

    "Long press or right-click (Delete, Backspace, T): take a placed piece back"; on a touch screen
    (`touch_only`) no keys: "Long press: take a placed piece back". An action with keys alone reads
    "M: place a mirror / (rising)". `of`: only these of the board's actions (the ones new to the
    player), read as the board reads them all; in the order `pointer_help` gives.
    """
    wanted = listed(actions if of is None else of)
    lines = []
    for action in _pointer_order(actions):
        if action not in wanted:
            continue
        what = t(action.label_key)
        ways = _pointer_ways(actions, action, t, touch_only=touch_only)
        keys = [] if touch_only else [key_label(binding) for binding in action.keys]
        if ways and keys:
            lines.append(t("intro_item_keys", ways=ways, keys=t("keys_list_separator").join(keys), action=what))
        elif ways or keys:  # "Tap or click: open", "Enter or Space: turn clockwise"
            lines.append(t("keys_item", keys=ways or t("keys_or").join(keys), action=what))
    return lines


def pointer_help(actions: Sequence[Action], t: Callable[..., str], *, touch_only: bool = False) -> str:
    """Return the pointer's help as one line: "Tap or click: turn. Right-click: turn counter-clockwise".

    Every action reachable by touch or mouse is named once, with its gestures then its buttons; the
    tap's action comes first, then the long press's, then what only a mouse does (so a touch player
    does not read "Right-click" first). `touch_only`: a touch screen's, taps and long presses alone.
    """
    items = []
    for action in _pointer_order(actions):
        ways = _pointer_ways(actions, action, t, touch_only=touch_only) if action.listed else ""
        if ways:
            items.append(t("keys_item", keys=ways, action=t(action.label_key)))
    return t("keys_separator").join(items)


def explained_entries(game: str, actions: Iterable[Action]) -> list[str]:
    """What the controls card records once it has explained these actions: "<game>:<what they do>".

    An action is known by what it does (its words), so a board where a press "turns, or places the
    chosen piece" brings something new to a player who was only shown "turn".
    """
    return [f"{game}:{action.label_key}" for action in listed(actions)]


def remembered_entries(seen: Sequence[str], new: Sequence[str], limit: int) -> str:
    """The controls card's record after it explained `new`: every entry, comma-separated, within `limit` characters
    (a setting's most): where they do not all fit the oldest go first (their game may explain itself once more),
    rather than a record too long to store stopping the screen that opens."""
    entries = [*seen, *new]
    while entries and len(",".join(entries)) > limit:
        entries.pop(0)
    return ",".join(entries)


def unexplained(game: str, actions: Iterable[Action], seen: Iterable[str]) -> list[Action]:
    """The board's listed actions whose controls the player has not been shown yet (`explained_entries`)."""
    known = set(seen)
    reachable = [action for action in listed(actions) if action.keys or action.buttons or action.tap
                 or action.long_press]
    return [action for action in reachable if f"{game}:{action.label_key}" not in known]


def first_explanation(game: str, seen: Iterable[str]) -> bool:
    """Whether nothing of this game has been explained yet (the card says "How to play", not "New")."""
    return not any(entry.startswith(f"{game}:") for entry in seen)


# The page's own keys, beside the board's: (keys, catalogue key of what they do, single-key shortcut?).
GLOBAL_KEYS: tuple[tuple[str, str, bool], ...] = (
    ("Control+Z", "keys_global_undo", False),
    ("Control+Y / Control+Shift+Z", "keys_global_redo", False),
    ("H", "keys_global_hint", True),
    ("C", "keys_global_check", True),
    ("N", "keys_global_new", True),
    ("?", "keys_global_help", True),
)


FULLSCREEN_KEY = "f"  # full screen on or off (app/web/shell.py), where the browser allows it


def global_key_rows(t: Callable[..., str], *, single_keys: bool, fullscreen: bool = False,
                    board_actions: Iterable[Action] = ()) -> list[tuple[str, str]]:
    """Return (keys, what they do) for the page's keys; single-key shortcuts only when they are on.

    `fullscreen`: the browser allows full screen here, so F toggles it; where the board binds F
    itself (Minesweeper's flag), the row says F works away from the board.
    """
    rows = [("↑ ↓ ← →", t("keys_global_move")), ("Home / End", t("keys_global_row_ends"))]
    rows += [(keys, t(what)) for keys, what, single in GLOBAL_KEYS if single_keys or not single]
    if fullscreen and single_keys:
        key = key_label(FULLSCREEN_KEY)
        taken = any(action.matches_key(FULLSCREEN_KEY, False) for action in board_actions)
        rows.append((t("keys_off_board", keys=key) if taken else key, t("keys_global_fullscreen")))
    return rows


def key_help(actions: Iterable[Action], t: Callable[..., str]) -> str:
    """Return the help line "Enter or Space: open. F: flag." in the page's language.

    `t(key, **params)` is the catalogue lookup; the joining words come from it too.
    """
    parts = [t("keys_item", keys=keys, action=what) for keys, what in key_rows(actions, t)]
    return t("keys_separator").join(parts)


@dataclass(frozen=True)
class BoardLayout:
    """The positions of a board: a rows×cols cell grid, an optional ring, and which hold a button.

    `dead` lists cell positions that are not cells (no button, skipped by the cursor);
    `edge` lists the ring positions that hold an element (everything else on the ring
    is empty). Without `ring`, `edge` must be empty.
    """

    rows: int
    cols: int
    ring: bool = False
    dead: frozenset[Position] = field(default_factory=frozenset)
    edge: frozenset[Position] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise ValueError("a board needs at least one row and one column")
        for position in self.edge:
            if not self.on_ring(position):
                raise ValueError(f"edge position {position} is not on the ring")
        if self.edge and not self.ring:
            raise ValueError("edge elements need a ring")

    @property
    def margin(self) -> int:
        """Positions the ring adds on each side: 1 with a ring, else 0."""
        return 1 if self.ring else 0

    @property
    def total_rows(self) -> int:
        """Rows of positions, ring included."""
        return self.rows + 2 * self.margin

    @property
    def total_cols(self) -> int:
        """Columns of positions, ring included."""
        return self.cols + 2 * self.margin

    def is_cell(self, position: Position) -> bool:
        """Return whether a position is inside the cell grid (dead or not)."""
        row, col = position
        return 0 <= row < self.rows and 0 <= col < self.cols

    def on_ring(self, position: Position) -> bool:
        """Return whether a position is on the ring (corners included)."""
        row, col = position
        in_rows = -1 <= row <= self.rows
        in_cols = -1 <= col <= self.cols
        return in_rows and in_cols and not self.is_cell(position)

    def is_live(self, position: Position) -> bool:
        """Return whether a position holds a button: a cell that is not dead, or an edge element."""
        if self.is_cell(position):
            return position not in self.dead
        return position in self.edge

    def positions(self) -> list[Position]:
        """Every position of the drawn area in row-major order, ring included."""
        m = self.margin
        return [(r, c) for r in range(-m, self.rows + m) for c in range(-m, self.cols + m)]

    def live_positions(self) -> list[Position]:
        """Every position that holds a button, in row-major order."""
        return [p for p in self.positions() if self.is_live(p)]

    def row_numbers(self) -> range:
        """The row numbers of the drawn area, top to bottom, ring included (the ring above row 0 is negative)."""
        return range(-self.margin, self.rows + self.margin)

    def grid_rows(self, row_numbers: Iterable[int]) -> tuple[list[list[Any]], list[Position]]:
        """Describe some rows of the ARIA grid for static/js/board-grid.js; also return their live positions in order.

        A row is [aria-rowindex or None (a ring row with nothing on it: role none), cells]; a cell is
        [class or None (a gap, no button), row, col, aria-colindex or 0]. Indices agree with the labels
        ("Row 1, column 1" is aria-rowindex 1): cells count from 1 and the ring after them goes on from
        there; the ring before row 1 has no number of its own (0: none).
        """
        m = self.margin
        rows: list[list[Any]] = []
        live: list[Position] = []
        for r in row_numbers:
            row_index = r + 1 if any(self.is_live((r, c)) for c in range(-m, self.cols + m)) else None
            cells: list[list[Any]] = []
            for c in range(-m, self.cols + m):
                if self.is_live((r, c)):
                    live.append((r, c))
                    cells.append(["cell" if self.is_cell((r, c)) else "cell edge", r, c, max(c + 1, 0)])
                else:  # an empty slot keeps the grid's columns, with no button to land on
                    cells.append([None, r, c, 0])
            rows.append([None if row_index is None else max(row_index, 0), cells])
        return rows, live

    def index(self, position: Position) -> tuple[int, int]:
        """Return the array index of a position in a (total_rows, total_cols) code array."""
        return position[0] + self.margin, position[1] + self.margin

    def step(self, start: Position, d_row: int, d_col: int) -> Position:
        """Return the next live position from `start` in a direction, wrapping; `start` if none.

        Dead cells and empty ring positions are skipped, so the cursor never rests
        where there is nothing to press.
        """
        m = self.margin
        row, col = start
        for _ in range(max(self.total_rows, self.total_cols)):
            row = (row + d_row + m) % self.total_rows - m
            col = (col + d_col + m) % self.total_cols - m
            if self.is_live((row, col)):
                return row, col
        return start

    def row_end(self, start: Position, last: bool) -> Position:
        """Return the first (or last) live position on the start's row (Home / End)."""
        live = [p for p in self.live_positions() if p[0] == start[0]]
        if not live:
            return start
        return live[-1] if last else live[0]

    def centre(self) -> Position:
        """Return a live position near the middle: where the cursor starts."""
        middle = (self.rows // 2, self.cols // 2)
        if self.is_live(middle):
            return middle
        live = self.live_positions()
        if not live:
            raise ValueError("a board needs at least one live position")
        return min(live, key=lambda p: (abs(p[0] - middle[0]) + abs(p[1] - middle[1]), p))


@dataclass(frozen=True)
class Geometry:
    """Cell <-> pixel conversion for one board at one cell size: the only place it is done.

    Ring positions are as large as cells, so a position's square is `cell_px` wide
    and (row, col) = (-1, -1) is the top-left corner of the drawn area.
    """

    layout: BoardLayout
    cell_px: float

    @property
    def width(self) -> float:
        """The drawn area's width in CSS pixels, ring included."""
        return self.layout.total_cols * self.cell_px

    @property
    def height(self) -> float:
        """The drawn area's height in CSS pixels, ring included."""
        return self.layout.total_rows * self.cell_px

    def origin(self, position: Position) -> tuple[float, float]:
        """Return the top-left pixel (x, y) of a position's square."""
        m = self.layout.margin
        return (position[1] + m) * self.cell_px, (position[0] + m) * self.cell_px

    def rect(self, position: Position) -> tuple[float, float, float]:
        """Return (x, y, size) of a position's square."""
        x, y = self.origin(position)
        return x, y, self.cell_px

    def centre(self, position: Position) -> tuple[float, float]:
        """Return the pixel (x, y) of a position's centre."""
        x, y = self.origin(position)
        half = self.cell_px / 2
        return x + half, y + half

    def edge_midpoint(self, position: Position, side: int) -> tuple[float, float]:
        """Return the middle of one side of a position's square (0 up, 1 right, 2 down, 3 left)."""
        cx, cy = self.centre(position)
        half = self.cell_px / 2
        dx, dy = ((0, -half), (half, 0), (0, half), (-half, 0))[side]
        return cx + dx, cy + dy

    def position_at(self, x: float, y: float) -> Position | None:
        """Return the position under a pixel of the drawn area, or None outside it."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        m = self.layout.margin
        return int(y // self.cell_px) - m, int(x // self.cell_px) - m

    def bounds(self, positions: Iterable[Position]) -> list[tuple[float, float, float, float]]:
        """Return (x, y, width, height) rectangles covering positions: what a repaint clips to."""
        return [(*self.origin(p), self.cell_px, self.cell_px) for p in positions]
