"""A slow move done in slices: the page stays responsive, shows progress and offers Cancel.

The backend's `apply_steps` yields between bounded slices of work; this runs as
many slices as fit in a short budget, gives the browser a turn (a timeout), and
goes on, so no main-thread task is long. Cancel drops the work: the board in
play is untouched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js

from app.core.game import Steps
from app.web.dom import Callback, Listeners, element

SLICE_BUDGET_MS = 25.0  # work per browser turn: well under a frame budget plus the 250 ms long-task line
# What runs when the work is over (`done`: drawing the rest of the screen, saying the move, 20-60 ms on a
# 50×50 board) gets a turn of its own unless the last slice left it at least this much of the budget.
DONE_AFTER_MS = SLICE_BUDGET_MS / 2


class SlowMove:
    """Runs one sliced move at a time with a busy mark (class `is-busy` on the screen) and Cancel."""

    def __init__(self, root: Any, mark_host: Any, listeners: Listeners, *, t: Callable[..., str],
                 on_cancel: Callable[[], None], label_key: str = "busy_generating",
                 focus_after: Callable[[], None] | None = None) -> None:
        self.root = root
        self._focus_after = focus_after  # where focus goes when the busy mark hides under it (Cancel)
        self._label_key = label_key  # the progress line: "{percent}%" in the catalogue's words
        self._label = label_key  # the one the work under way shows
        self._t = t
        self._on_cancel = on_cancel
        self._steps: Steps[Any] | None = None
        self.drawing = False  # whether the work under way is drawing a board (see start)
        self._finishing = False  # whether the last work's `done` is running (in the same task as its slice)
        self._done: Callable[[Any], None] | None = None
        self._timer: Any = None
        self._callback = Callback(self._run_slice)
        self.label = element("span", cls="busy-label", attrs={"id": "busy-label", "role": "status"})
        self.cancel_button = element("button", cls="busy-cancel", attrs={"type": "button", "id": "busy-cancel",
                                                                          "data-i18n": "action_cancel"})
        spinner = element("span", cls="busy-spinner", attrs={"aria-hidden": "true"})
        self.mark = element("div", cls="busy", children=[spinner, self.label, self.cancel_button])
        mark_host.appendChild(self.mark)
        listeners.on(self.cancel_button, "click", lambda _event: self.cancel(announce=True))

    @property
    def running(self) -> bool:
        """Whether a slow move is under way."""
        return self._steps is not None

    def start(self, steps: Steps[Any], done: Callable[[Any], None], *, at_once: bool = False,
              label_key: str | None = None, drawing: bool = False) -> None:
        """Run `steps` in slices, then call `done(result)`; the busy mark shows meanwhile.

        `at_once`: the first slice runs now, in the caller's task, and work that fits in it
        finishes there (done is called before this returns) with no busy mark at all.
        `label_key` words the progress (default: the one given at construction). `drawing`: work
        that must not stop half-way (drawing a board): the mark has no Cancel, and lets clicks through
        to the board, whose screen keeps the moves until the drawing is done (class `is-drawing`).
        """
        self.cancel()
        self._steps, self._done = steps, done
        self._label = label_key or self._label_key
        self.drawing = drawing
        self.cancel_button.hidden = drawing
        self.root.classList.toggle("is-drawing", drawing)
        at_once = at_once and not self._finishing  # work started as the last ended: that task had its slice
        if at_once and self._run_slice(first=True) is None:
            return
        self.root.classList.add("is-busy")
        if not at_once:
            self._show_progress(0.0)
            # A timeout, not a frame: the busy mark paints first, and hidden tabs keep working.
            self._timer = js.window.setTimeout(self._callback.proxy, 0)

    def _run_slice(self, *_: Any, first: bool = False) -> float | None:
        """Run one budget's worth of slices; return the progress, or None once the work is over.

        `first`: the slice an at-once start runs in its caller's task, whose end is never put off.
        """
        self._timer = None
        steps = self._steps
        if steps is None:
            return None
        started = float(js.performance.now())
        progress: float | None = None
        try:
            while float(js.performance.now()) - started < SLICE_BUDGET_MS:
                progress = next(steps)
        except StopIteration as finished:
            if not first and float(js.performance.now()) - started > DONE_AFTER_MS:
                self._steps = _ended(finished.value)  # the end in the next turn, still running until then
                self._timer = js.window.setTimeout(self._callback.proxy, 0)
                return progress or 0.0
            done = self._done
            self._keep_focus()
            self._stop()
            if done is not None:
                self._finishing = True
                try:
                    done(finished.value)
                finally:
                    self._finishing = False
            return None
        except Exception:
            self._stop()
            raise
        self._show_progress(progress)
        self._timer = js.window.setTimeout(self._callback.proxy, 0)
        return progress or 0.0

    def _show_progress(self, progress: float | None) -> None:
        percent = 0 if progress is None else max(0, min(99, int(progress * 100)))
        self.label.textContent = self._t(self._label, percent=percent)

    def cancel(self, *, announce: bool = False) -> None:
        """Drop the move under way (if any); the board in play stays as it was."""
        if self._steps is None:
            return
        self._keep_focus()
        self._stop()
        if announce:
            self._on_cancel()

    def _keep_focus(self) -> None:
        """Cancel is about to hide with the busy mark: if it has the focus, hand it on instead of losing it."""
        active = js.document.activeElement
        if self._focus_after is not None and active is not None and str(active.id) == "busy-cancel":
            self._focus_after()

    def _stop(self) -> None:
        if self._timer is not None:
            js.window.clearTimeout(self._timer)
            self._timer = None
        if self._steps is not None:
            self._steps.close()
        self._steps, self._done = None, None
        self.root.classList.remove("is-busy", "is-drawing")

    def close(self) -> None:
        """Stop and free the timer's proxy."""
        self._stop()
        self._callback.close()


def _ended(result: Any) -> Steps[Any]:
    """Work already done: its first step returns `result`."""
    yield from ()  # (a generator whose first step ends it at once)
    return result
