"""The board widget shared by every game: a canvas under a grid of real buttons.

The canvas shows the cells; the buttons over it take every input and carry the
ARIA a screen reader needs (role="grid", one button per cell with its label and
state). Both are drawn from the same per-cell codes the view derives from the
game state, and only cells whose code changed are repainted and relabelled.
One delegated listener per event type serves all cells, so rebuilding a board
never leaks proxies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
import numpy as np

from app.web.dom import Callback, Listeners, element

LONG_PRESS_MS = 400
LONG_PRESS_SLOP_PX = 10
ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}

Painter = Callable[[Any, int, float, float, float], None]


class BoardWidget:
    """A rows×cols board with a roving-tabindex cursor, mouse, touch and keyboard input."""

    def __init__(self, host: Any, rows: int, cols: int, *, grid_label: str, painter: Painter,
                 on_activate: Callable[[int, int], None], on_secondary: Callable[[int, int], None] | None,
                 space_is_secondary: bool) -> None:
        self.rows, self.cols = rows, cols
        self.painter = painter
        self.on_activate = on_activate
        self.on_secondary = on_secondary
        self.space_is_secondary = space_is_secondary
        self.cursor = (rows // 2, cols // 2)
        self.cell_px = 40.0
        self.codes: np.ndarray | None = None
        self.locked = False
        self._listeners = Listeners()
        self._long_press = Callback(self._fire_long_press)
        self._long_press_timer: Any = None
        self._long_press_cell: tuple[int, int] | None = None
        self._long_press_origin = (0.0, 0.0)
        self._suppress_click = False
        self._marked: dict[str, list[tuple[int, int]]] = {}

        self.canvas = element("canvas", cls="board-canvas", attrs={"aria-hidden": "true"})
        self.grid = element("div", cls="board-grid", attrs={
            "role": "grid", "aria-label": grid_label,
            "aria-rowcount": str(rows), "aria-colcount": str(cols)})
        self.buttons: list[list[Any]] = []
        for r in range(rows):
            row = element("div", cls="board-row", attrs={"role": "row", "aria-rowindex": str(r + 1)})
            buttons = []
            for c in range(cols):
                button = element("button", cls="cell", attrs={
                    "type": "button", "data-row": str(r), "data-col": str(c), "tabindex": "-1"})
                row.appendChild(element("div", cls="board-cell", attrs={
                    "role": "gridcell", "aria-colindex": str(c + 1)}, children=[button]))
                buttons.append(button)
            self.grid.appendChild(row)
            self.buttons.append(buttons)
        self.board = element("div", cls="board", children=[self.canvas, self.grid])
        self.board.style.setProperty("--cols", str(cols))
        self.board.style.setProperty("--rows", str(rows))
        self.frame = element("div", cls="board-frame", children=[self.board])
        host.appendChild(self.frame)
        self._set_cursor_tabstop()

        on = self._listeners.on
        on(self.grid, "click", self._on_click)
        on(self.grid, "keydown", self._on_keydown)
        on(self.grid, "keyup", self._on_keyup)
        on(self.grid, "contextmenu", self._on_contextmenu)
        on(self.grid, "pointerdown", self._on_pointerdown)
        on(self.grid, "pointermove", self._on_pointermove)
        on(self.grid, "pointerup", self._cancel_long_press)
        on(self.grid, "pointercancel", self._cancel_long_press)

    # ----- drawing -------------------------------------------------------------------------

    def set_cell_size(self, cell_px: float) -> None:
        """Resize the board and repaint every cell."""
        self.cell_px = cell_px
        ratio = float(js.window.devicePixelRatio or 1)
        self.board.style.setProperty("--cell", f"{cell_px}px")
        self.canvas.width = round(self.cols * cell_px * ratio)
        self.canvas.height = round(self.rows * cell_px * ratio)
        self.canvas.style.width = f"{self.cols * cell_px}px"
        self.canvas.style.height = f"{self.rows * cell_px}px"
        context = self.canvas.getContext("2d")
        context.setTransform(ratio, 0, 0, ratio, 0, 0)
        if self.codes is not None:
            codes, self.codes = self.codes, None
            self.paint(codes, force=True)

    def paint(self, codes: np.ndarray, *, force: bool = False) -> list[tuple[int, int]]:
        """Paint cells whose code changed (all when forced) and return them as (row, col)."""
        if self.codes is None or force:
            changed = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        else:
            changed = [(int(r), int(c)) for r, c in np.argwhere(codes != self.codes)]
        if changed:
            context = self.canvas.getContext("2d")
            size = self.cell_px
            for r, c in changed:
                self.painter(context, int(codes[r, c]), c * size, r * size, size)
        self.codes = codes.copy()
        return changed

    def describe(self, row: int, col: int, code: int, text: str, pressed: str | None = None) -> None:
        """Set one cell button's accessible name, its code (for styles and tests) and aria-pressed."""
        button = self.buttons[row][col]
        button.setAttribute("aria-label", text)
        button.setAttribute("data-code", str(code))
        if pressed is not None:
            button.setAttribute("aria-pressed", pressed)

    def mark(self, cells: list[tuple[int, int]], css_class: str, *, delays_ms: list[float] | None = None) -> None:
        """Restart a CSS class on some cells (press flash, reveal, hint ring); others lose it."""
        for r, c in self._marked.pop(css_class, []):
            self.buttons[r][c].classList.remove(css_class)
            self.buttons[r][c].style.animationDelay = ""
        if not cells:
            return
        self._marked[css_class] = list(cells)
        _ = self.grid.offsetWidth  # reflow, so re-adding the class restarts its animation
        for index, (r, c) in enumerate(cells):
            button = self.buttons[r][c]
            if delays_ms is not None:
                button.style.animationDelay = f"{delays_ms[index]:.0f}ms"
            button.classList.add(css_class)

    def set_locked(self, locked: bool) -> None:
        """Mark the board as finished (buttons stay focusable for review, but report disabled)."""
        self.locked = locked
        self.grid.classList.toggle("locked", locked)
        for row in self.buttons:
            for button in row:
                if locked:
                    button.setAttribute("aria-disabled", "true")
                else:
                    button.removeAttribute("aria-disabled")

    # ----- cursor --------------------------------------------------------------------------

    def move_cursor(self, row: int, col: int, *, focus: bool = True) -> None:
        """Move the cursor (the one tabbable cell) and optionally focus it."""
        old_r, old_c = self.cursor
        self.buttons[old_r][old_c].setAttribute("tabindex", "-1")
        self.buttons[old_r][old_c].classList.remove("cursor")
        self.cursor = (row % self.rows, col % self.cols)
        self._set_cursor_tabstop()
        if focus:
            self.buttons[self.cursor[0]][self.cursor[1]].focus()

    def has_focus(self) -> bool:
        """Return True when keyboard focus is on one of the cells."""
        return bool(self.grid.contains(js.document.activeElement))

    def focus(self) -> None:
        """Put keyboard focus on the cursor cell."""
        self.buttons[self.cursor[0]][self.cursor[1]].focus()

    def _set_cursor_tabstop(self) -> None:
        button = self.buttons[self.cursor[0]][self.cursor[1]]
        button.setAttribute("tabindex", "0")
        button.classList.add("cursor")

    # ----- input ---------------------------------------------------------------------------

    def _cell_of(self, event: Any) -> tuple[int, int] | None:
        target = event.target.closest("button.cell") if event.target else None
        if target is None:
            return None
        return int(target.dataset.row), int(target.dataset.col)

    def _on_click(self, event: Any) -> None:
        cell = self._cell_of(event)
        if cell is None:
            return
        if self._suppress_click:  # the click that ends a long press is not a second action
            self._suppress_click = False
            return
        self.move_cursor(*cell, focus=False)
        self.on_activate(*cell)

    def _on_contextmenu(self, event: Any) -> None:
        cell = self._cell_of(event)
        if cell is None:
            return
        event.preventDefault()
        if self._long_press_cell is None and self._suppress_click:
            return  # touch long press already acted; some browsers add a contextmenu
        if self.on_secondary is not None:
            self.move_cursor(*cell, focus=False)
            self.on_secondary(*cell)

    def _on_keydown(self, event: Any) -> None:
        cell = self._cell_of(event)
        if cell is None:
            return
        key = event.key
        if event.ctrlKey or event.altKey or event.metaKey:
            return  # Ctrl+F is the browser's Find, Ctrl+Z the page's undo: not cell actions
        if event.repeat and key in ("Enter", " ", "f", "F"):
            event.preventDefault()  # a held key acts once, not at the keyboard's repeat rate
            return
        if key in ARROWS:
            event.preventDefault()
            dr, dc = ARROWS[key]
            self.move_cursor(cell[0] + dr, cell[1] + dc)
        elif key == "Home" or key == "End":
            event.preventDefault()
            self.move_cursor(cell[0], 0 if key == "Home" else self.cols - 1)
        elif self.on_secondary is not None and (key in ("f", "F") or (key == " " and self.space_is_secondary)):
            event.preventDefault()
            self.move_cursor(*cell, focus=False)
            self.on_secondary(*cell)
        # Enter (and Space where it is not secondary) is left to the button's own
        # click, which is also what a screen reader sends when it activates a cell.

    def _on_keyup(self, event: Any) -> None:
        if event.key == " " and self.space_is_secondary and self.on_secondary is not None:
            event.preventDefault()  # Space's native click fires on keyup; it already flagged

    def _on_pointerdown(self, event: Any) -> None:
        # Some browsers send no click after a long press; a stale flag would eat the next tap.
        self._suppress_click = False
        if event.pointerType != "touch" or self.on_secondary is None:
            return
        cell = self._cell_of(event)
        if cell is None:
            return
        self._cancel_long_press()
        self._long_press_cell = cell
        self._long_press_origin = (float(event.clientX), float(event.clientY))
        self._long_press_timer = js.window.setTimeout(self._long_press.proxy, LONG_PRESS_MS)

    def _on_pointermove(self, event: Any) -> None:
        if self._long_press_cell is None:
            return
        x0, y0 = self._long_press_origin
        if abs(event.clientX - x0) > LONG_PRESS_SLOP_PX or abs(event.clientY - y0) > LONG_PRESS_SLOP_PX:
            self._cancel_long_press()  # the finger is scrolling or zooming, not pressing

    def _cancel_long_press(self, *_: Any) -> None:
        if self._long_press_timer is not None:
            js.window.clearTimeout(self._long_press_timer)
            self._long_press_timer = None
        self._long_press_cell = None

    def _fire_long_press(self, *_: Any) -> None:
        cell = self._long_press_cell
        self._long_press_timer = None
        self._long_press_cell = None
        if cell is None or self.on_secondary is None:
            return
        self._suppress_click = True
        self.move_cursor(*cell, focus=False)
        self.on_secondary(*cell)

    def close(self) -> None:
        """Remove listeners, free proxies and take the board out of the page."""
        self._cancel_long_press()
        self._listeners.close()
        self._long_press.close()
        self.frame.remove()
