"""The board widget shared by every game: a canvas under a grid of real buttons.

The canvas shows the board; the buttons over it take every input and carry the
ARIA a screen reader needs (role="grid", one button per live position with its
label and state). The game declares the board's shape (`BoardLayout`: cells, an
optional ring of edge positions, dead cells) and its input (`Action`s); this
widget turns clicks, taps, long presses, mouse buttons and keys into
`on_action(name, row, col)` and moves a roving-tabindex cursor over live
positions only.

Painting goes through the view: positions whose code changed become a dirty
region (which the view may widen, e.g. to whole beams), the canvas is clipped to
it and the view repaints everything that touches it. `animate()` runs a
time-based animation on the canvas; under prefers-reduced-motion it shows no
frames at all, and any input finishes a running animation at once.

One delegated listener per event type serves all positions, so rebuilding a
board never leaks proxies.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import Any

import js
import numpy as np
from pyodide.ffi import to_js

from app.core.game import run_to_end
from app.core.slices import batches
from app.web.dom import Callback, Listeners, element, focus_on
from app.web.layout import (
    MOUSE_MIDDLE,
    MOUSE_SECONDARY,
    Action,
    BoardLayout,
    Geometry,
    Position,
    action_for_button,
    action_for_key,
    action_for_long_press,
    action_for_tap,
    keyshortcuts,
)

LONG_PRESS_MS = 400
LONG_PRESS_SLOP_PX = 10
ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
# A board with more positions (a 50×50 Minesweeper board: 2,500; every preset has fewer) is built and
# repainted in slices that yield to the browser: done at once, it took 0.2-0.5 s in one task.
SLICED_POSITIONS = 1_000
BUILD_SLICE_POSITIONS = 150  # buttons made per slice (one call to static/js/board-grid.js)
PAINT_SLICE_POSITIONS = 50  # positions painted per slice (each costs a dozen canvas calls)

# paint(context, geometry, codes, dirty positions): the view repaints what touches them.
Painter = Callable[[Any, Geometry, np.ndarray[Any, Any], list[Position]], None]
# frame(context, geometry, progress 0..1): one animation frame, drawn over the painted board.
Frame = Callable[[Any, Geometry, float], None]


def reduced_motion() -> bool:
    """Return whether the player asked the system for less motion."""
    try:
        return bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:  # no matchMedia: animate
        return False


class BoardWidget:
    """A board of live positions with a cursor, named actions, dirty-region painting and animation."""

    def __init__(self, host: Any, layout: BoardLayout, actions: Sequence[Action], *, grid_label: str,
                 painter: Painter, widen: Callable[[list[Position]], list[Position]] | None,
                 on_action: Callable[[str, int, int], None], describedby: str | None = None) -> None:
        self.layout = layout
        self.actions = tuple(actions)
        self.painter = painter
        self.widen = widen
        self.on_action = on_action
        self.cursor = layout.centre()
        self.geometry = Geometry(layout, 40.0)
        self.codes: np.ndarray[Any, Any] | None = None
        self.locked = False
        # A big board's buttons are made in slices by its screen (build_steps); until then it takes no input.
        self.sliced = layout.total_rows * layout.total_cols > SLICED_POSITIONS
        self.built, self._focus_when_built = False, False
        self._listeners = Listeners()
        self._long_press = Callback(self._fire_long_press)
        self._long_press_timer: Any = None
        self._long_press_cell: Position | None = None
        self._long_press_origin = (0.0, 0.0)
        self._suppress_click = False
        self._pointer_type = ""
        self._marked: dict[str, list[Position]] = {}
        self._frame_callback = Callback(self._on_frame)
        self._animation: tuple[float, float, Frame, list[Position]] | None = None  # start, duration, frame, area
        self._animation_request: Any = None

        self.canvas = element("canvas", cls="board-canvas", attrs={"aria-hidden": "true"})
        # A ring with nothing on it (a wrapping board's, drawn only) adds no rows or columns to the grid.
        counted = layout.ring and not layout.edge
        attrs = {"role": "grid", "aria-label": grid_label,
                 "aria-rowcount": str(layout.rows if counted else layout.total_rows),
                 "aria-colcount": str(layout.cols if counted else layout.total_cols)}
        shortcuts = keyshortcuts(self.actions)
        if shortcuts:
            attrs["aria-keyshortcuts"] = shortcuts
        if describedby:
            attrs["aria-describedby"] = describedby
        self.grid = element("div", cls="board-grid", attrs=attrs)
        self.buttons: dict[Position, Any] = {}
        self.board = element("div", cls="board" + (" has-ring" if layout.ring else ""),
                             children=[self.canvas, self.grid])
        self.board.style.setProperty("--cols", str(layout.total_cols))
        self.board.style.setProperty("--rows", str(layout.total_rows))
        self.frame = element("div", cls="board-frame", children=[self.board])
        # The wrap carries the edge shadows that say "more board this way" when the frame scrolls.
        self.wrap = element("div", cls="board-wrap", children=[self.frame])
        host.appendChild(self.wrap)
        if not self.sliced:
            run_to_end(self.build_steps())
        else:
            self.grid.setAttribute("aria-busy", "true")  # screen readers wait for the whole grid

        on = self._listeners.on
        on(self.grid, "click", self._on_click)
        on(self.grid, "auxclick", self._on_auxclick)
        on(self.grid, "mousedown", self._on_mousedown)
        on(self.grid, "keydown", self._on_keydown)
        on(self.grid, "keyup", self._on_keyup)
        on(self.grid, "contextmenu", self._on_contextmenu)
        on(self.grid, "pointerdown", self._on_pointerdown)
        on(self.grid, "pointermove", self._on_pointermove)
        on(self.grid, "pointerup", self._cancel_long_press)
        on(self.grid, "pointercancel", self._cancel_long_press)
        on(self.frame, "scroll", lambda _event: self.update_scroll_cue())
        # The cursor ring is for keyboard players: shown after a key, hidden again by a pointer.
        on(js.document, "keydown", self._on_any_key, capture=True)
        on(js.document, "pointerdown", lambda _event: self.grid.classList.remove("kbd"), capture=True)

    # ----- drawing -------------------------------------------------------------------------

    @property
    def rows(self) -> int:
        """Rows of cells (the ring not counted)."""
        return self.layout.rows

    @property
    def cols(self) -> int:
        """Columns of cells (the ring not counted)."""
        return self.layout.cols

    @property
    def cell_px(self) -> float:
        """The current size of one position in CSS pixels."""
        return self.geometry.cell_px

    def set_cell_size(self, cell_px: float) -> None:
        """Resize the board and repaint all of it."""
        self.finish_animation()
        self.geometry = Geometry(self.layout, cell_px)
        ratio = float(js.window.devicePixelRatio or 1)
        self.board.style.setProperty("--cell", f"{cell_px}px")
        self.canvas.width = round(self.geometry.width * ratio)
        self.canvas.height = round(self.geometry.height * ratio)
        self.canvas.style.width = f"{self.geometry.width}px"
        self.canvas.style.height = f"{self.geometry.height}px"
        self.canvas.getContext("2d").setTransform(ratio, 0, 0, ratio, 0, 0)
        if self.codes is not None and not self.sliced:  # (a big board is repainted by its screen, in slices)
            codes, self.codes = self.codes, None
            self.paint(codes, force=True)

    def update_scroll_cue(self) -> bool:
        """Mark which edges have more board beyond them; return whether the board scrolls at all."""
        frame = self.frame
        left, top = float(frame.scrollLeft), float(frame.scrollTop)
        more_x = float(frame.scrollWidth) - float(frame.clientWidth)
        more_y = float(frame.scrollHeight) - float(frame.clientHeight)
        edges = {"more-left": left > 1, "more-right": left < more_x - 1,
                 "more-up": top > 1, "more-down": top < more_y - 1}
        for name, on in edges.items():
            self.wrap.classList.toggle(name, on)
        scrolls = more_x > 1 or more_y > 1
        self.wrap.classList.toggle("scrolls", scrolls)
        return scrolls

    def paint(self, codes: np.ndarray[Any, Any], *, force: bool = False) -> list[Position]:
        """Repaint where codes changed (everything when forced); return the changed positions.

        `codes` has one entry per position of the drawn area, ring included
        (shape total_rows × total_cols); the returned positions are in cell coordinates.
        """
        return run_to_end(self.paint_steps(codes, force=force))

    def paint_steps(self, codes: np.ndarray[Any, Any], *,
                    force: bool = False) -> Generator[float, None, list[Position]]:
        """`paint` in slices (on a big board), yielding the share painted; the new codes are taken at once."""
        m = self.layout.margin
        if self.codes is None or force or self.codes.shape != codes.shape:
            changed = self.layout.positions()
        else:
            changed = [(int(r) - m, int(c) - m) for r, c in np.argwhere(codes != self.codes)]
        self.codes = codes.copy()
        if changed:
            self.finish_animation()
            # A small board is painted in one go (a view may widen a region to whole beams).
            size = PAINT_SLICE_POSITIONS if self.sliced else len(changed)
            for part, done in batches(changed, size):
                self.repaint(list(part))
                yield done
        return changed

    def repaint(self, positions: list[Position]) -> None:
        """Repaint a region: the positions (as the view widens them), clipped so nothing else is touched."""
        if self.codes is None or not positions:
            return
        area = self.widen(positions) if self.widen is not None else positions
        context = self.canvas.getContext("2d")
        context.save()
        self._clip(context, area)
        self.painter(context, self.geometry, self.codes, area)
        context.restore()

    def _clip(self, context: Any, area: list[Position]) -> None:
        context.beginPath()
        for x, y, width, height in self.geometry.bounds(area):
            context.rect(x, y, width, height)
        context.clip()

    def animate(self, duration_ms: float, frame: Frame, area: list[Position]) -> None:
        """Draw `frame(context, geometry, progress)` over `area` for duration_ms, then repaint it.

        Under prefers-reduced-motion nothing is drawn: the board already shows the end state.
        A new animation or any input first finishes the running one.
        """
        self.finish_animation()
        if duration_ms <= 0 or reduced_motion() or self.codes is None:
            return
        self._animation = (float(js.performance.now()), float(duration_ms), frame, list(area))
        self._animation_request = js.window.requestAnimationFrame(self._frame_callback.proxy)

    def finish_animation(self) -> None:
        """End a running animation at once and show the board's true state."""
        if self._animation is None:
            return
        area = self._animation[3]
        self._animation = None
        if self._animation_request is not None:
            js.window.cancelAnimationFrame(self._animation_request)
            self._animation_request = None
        self.repaint(area)

    def _on_frame(self, now: float) -> None:
        self._animation_request = None
        if self._animation is None:
            return
        start, duration, frame, area = self._animation
        progress = min(1.0, max(0.0, (float(now) - start) / duration))
        if progress >= 1.0:
            self.finish_animation()
            return
        self.repaint(area)
        context = self.canvas.getContext("2d")
        context.save()
        self._clip(context, area)
        frame(context, self.geometry, progress)
        context.restore()
        self._animation_request = js.window.requestAnimationFrame(self._frame_callback.proxy)

    def describe_many(self, items: list[tuple[Position, int, str, str | None]]) -> None:
        """Describe many positions at once (position, code, text, pressed), in one call to the page."""
        batch = [[self.buttons[position], code, text, pressed] for position, code, text, pressed in items
                 if position in self.buttons]
        if batch:
            js.window.masumeDescribe(to_js(batch))

    def mark(self, cells: list[Position], css_class: str, *, delays_ms: list[float] | None = None,
             note: str | None = None) -> None:
        """Restart a CSS class on some positions (press flash, reveal, hint ring); others lose it.

        `note` is added to each marked position's name ("Row 1, column 3, flagged, Wrong" after a
        Check) until the mark goes.
        """
        previous = self._marked.pop(css_class, [])
        for position in previous:
            button = self.buttons.get(position)
            if button is not None:
                button.classList.remove(css_class)
                button.style.animationDelay = ""
                if button.getAttribute("data-note") == css_class:
                    button.removeAttribute("data-note")
                    button.removeAttribute("data-note-text")
                    button.setAttribute("aria-label", button.getAttribute("data-label") or "")
        cells = [p for p in cells if p in self.buttons]
        if not cells:  # the cleared ones are kept aside: marked again, maybe in this same task, they restart
            self._marked["~" + css_class] = previous or self._marked.get("~" + css_class, [])
            return
        self._marked[css_class] = list(cells)
        if not set(previous + self._marked.pop("~" + css_class, [])).isdisjoint(cells):  # (only when needed)
            _ = self.grid.offsetWidth  # reflow, so re-adding the class restarts its animation
        delays = None if delays_ms is None else [f"{delay:.0f}ms" for delay in delays_ms]
        js.window.masumeAddClass(to_js([self.buttons[p] for p in cells]), css_class, to_js(delays))
        for position in cells if note is not None else ():  # words added to each position's name
            button = self.buttons[position]
            button.setAttribute("data-note", css_class)
            button.setAttribute("data-note-text", note)
            button.setAttribute("aria-label", f"{button.getAttribute('data-label') or ''}, {note}")

    def set_locked(self, locked: bool) -> None:
        """Mark the board as finished (buttons stay focusable for review, but report disabled)."""
        if locked == self.locked and self.codes is not None:
            return
        self.locked = locked
        self.grid.classList.toggle("locked", locked)
        js.window.masumeSetDisabled(self.grid, locked)  # every button in one call (2,500 on a 50×50 board)

    # ----- cursor --------------------------------------------------------------------------

    def move_cursor(self, row: int, col: int, *, focus: bool = True) -> None:
        """Move the cursor (the one tabbable position) and optionally focus it; dead positions are refused."""
        if not self.layout.is_live((row, col)):
            return
        if not self.built:  # the buttons are still being made: the cursor goes there once they are
            self.cursor = (row, col)
            self._focus_when_built = self._focus_when_built or focus
            return
        old = self.buttons[self.cursor]
        old.setAttribute("tabindex", "-1")
        old.classList.remove("cursor")
        self.cursor = (row, col)
        self._set_cursor_tabstop()
        if focus:
            focus_on(self.buttons[self.cursor])

    def has_focus(self) -> bool:
        """Return True when keyboard focus is on one of the positions."""
        return bool(self.grid.contains(js.document.activeElement))

    def focus(self) -> None:
        """Put keyboard focus on the cursor position (once the buttons are made, on a big board still being built)."""
        if not self.built:
            self._focus_when_built = True
            return
        focus_on(self.buttons[self.cursor])

    def build_steps(self) -> Generator[float, None, None]:
        """Make the grid's rows and buttons (static/js/board-grid.js), yielding the share made after each slice.

        A small board is built by the constructor, a big one (`sliced`) by its screen, which shows it
        busy meanwhile: until the last slice the board takes no input and its cursor waits (`built`)."""
        layout = self.layout
        per_slice = max(1, BUILD_SLICE_POSITIONS // max(1, layout.total_cols)) if self.sliced else layout.total_rows
        for row_numbers, done in batches(layout.row_numbers(), per_slice):
            rows, live = layout.grid_rows(row_numbers)
            buttons = js.window.masumeBuildGrid(self.grid, to_js(rows)).to_py()
            self.buttons.update(zip(live, buttons, strict=True))
            yield done
        self.built = True  # (aria-busy stays until its screen has drawn and named every position)
        self._set_cursor_tabstop()
        if self.locked:
            js.window.masumeSetDisabled(self.grid, True)
        if self._focus_when_built:
            self._focus_when_built = False
            self.focus()

    def _set_cursor_tabstop(self) -> None:
        button = self.buttons[self.cursor]
        button.setAttribute("tabindex", "0")
        button.classList.add("cursor")

    # ----- input ---------------------------------------------------------------------------

    def _position_of(self, event: Any) -> Position | None:
        target = event.target.closest("button.cell") if event.target else None
        if target is None:
            return None
        return int(target.dataset.row), int(target.dataset.col)

    def _act(self, action: Action | None, position: Position) -> None:
        self.finish_animation()  # input during an animation ends it rather than queueing behind it
        if action is None:
            return
        self.move_cursor(*position, focus=False)
        self.on_action(action.name, *position)

    def _on_click(self, event: Any) -> None:
        position = self._position_of(event)
        if position is None:
            return
        if self._suppress_click:  # the click that ends a long press is not a second action
            self._suppress_click = False
            return
        # A tap is a touch click; a keyboard or screen-reader click counts as the primary button.
        touch = self._pointer_type == "touch" and int(event.detail or 0) > 0
        self._act(action_for_tap(self.actions) if touch else action_for_button(self.actions, 0), position)

    def _on_mousedown(self, event: Any) -> None:
        if int(event.button) == MOUSE_MIDDLE and self._position_of(event) is not None:
            event.preventDefault()  # no autoscroll: the middle button is a game action here

    def _on_auxclick(self, event: Any) -> None:
        position = self._position_of(event)
        if position is None or int(event.button) != MOUSE_MIDDLE:
            return
        event.preventDefault()
        self._act(action_for_button(self.actions, MOUSE_MIDDLE), position)

    def _on_contextmenu(self, event: Any) -> None:
        position = self._position_of(event)
        if position is None:
            return
        event.preventDefault()
        if self._long_press_cell is None and self._suppress_click:
            return  # touch long press already acted; some browsers add a contextmenu
        if self._pointer_type == "touch":
            return  # a touch long press is handled by its own timer
        self._act(action_for_button(self.actions, MOUSE_SECONDARY), position)

    def _on_any_key(self, event: Any) -> None:
        if str(event.key) not in ("Shift", "Control", "Alt", "Meta"):
            self.grid.classList.add("kbd")

    def _on_keydown(self, event: Any) -> None:
        position = self._position_of(event)
        if position is None:
            return
        key = str(event.key)
        if event.ctrlKey or event.altKey or event.metaKey:
            return  # Ctrl+F is the browser's Find, Ctrl+Z the page's undo: not board actions
        action = action_for_key(self.actions, key, bool(event.shiftKey))
        if action is not None:
            event.preventDefault()  # the key is the action: no native click on Enter or Space as well
            if not event.repeat:  # a held key acts once, not at the keyboard's repeat rate
                self._act(action, position)
            return
        if key in ARROWS:
            event.preventDefault()
            self.finish_animation()
            self.move_cursor(*self.layout.step(position, *ARROWS[key]))
        elif key in ("Home", "End"):
            event.preventDefault()
            self.move_cursor(*self.layout.row_end(position, last=key == "End"))

    def _on_keyup(self, event: Any) -> None:
        if self._position_of(event) is None:
            return
        if action_for_key(self.actions, str(event.key), bool(event.shiftKey)) is not None:
            event.preventDefault()  # Space's native click fires on keyup; keydown already acted

    def _on_pointerdown(self, event: Any) -> None:
        self._pointer_type = str(event.pointerType or "")
        # Some browsers send no click after a long press; a stale flag would eat the next tap.
        self._suppress_click = False
        if self._pointer_type != "touch" or action_for_long_press(self.actions) is None:
            return
        position = self._position_of(event)
        if position is None:
            return
        self._cancel_long_press()
        self._long_press_cell = position
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
        position = self._long_press_cell
        self._long_press_timer = None
        self._long_press_cell = None
        if position is None:
            return
        self._suppress_click = True
        self._act(action_for_long_press(self.actions), position)

    def close(self) -> None:
        """Remove listeners, free proxies and take the board out of the page."""
        self._cancel_long_press()
        if self._animation_request is not None:
            js.window.cancelAnimationFrame(self._animation_request)
        self._animation = None
        self._listeners.close()
        self._long_press.close()
        self._frame_callback.close()
        self.wrap.remove()
