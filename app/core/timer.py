"""The play clock: counts only the time a game is started, unfinished and visible.

The clock function is injected so tests can step time exactly; the browser uses
`time.monotonic`, which does not jump when the system clock is changed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable


class Timer:
    """A stopwatch with start (once), stop (for good) and pause/resume (hidden tab)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._total = 0.0  # time banked from finished running spells
        self._since: float | None = None  # clock reading when the current running spell began
        self._started = False
        self._stopped = False
        self._paused = False

    @property
    def started(self) -> bool:
        """Whether `start()` has been called."""
        return self._started

    @property
    def running(self) -> bool:
        """Whether time is being counted right now."""
        return self._since is not None

    @property
    def stopped(self) -> bool:
        """Whether `stop()` has frozen the timer."""
        return self._stopped

    @property
    def paused(self) -> bool:
        """Whether the timer is paused (started, not stopped, waiting for `resume()`)."""
        return self._paused

    def _bank(self) -> None:
        if self._since is not None:
            # max(): a clock that steps backwards must not make the total shrink.
            self._total += max(0.0, self._clock() - self._since)
            self._since = None

    def start(self) -> None:
        """Start counting; later calls (even after stop) change nothing."""
        if self._started:
            return
        self._started = True
        self._since = self._clock()

    def carry(self, seconds: float) -> None:
        """Count `seconds` already played elsewhere (a game restored after a reload)."""
        if seconds > 0 and not self._stopped:
            self._total += seconds

    def stop(self) -> None:
        """Freeze the elapsed time for good (the game is over)."""
        self._bank()
        self._stopped = True
        self._paused = False

    def pause(self) -> None:
        """Stop counting until `resume()`; harmless when not running."""
        if self.running:
            self._bank()
            self._paused = True

    def resume(self) -> None:
        """Count again after `pause()`; harmless when not paused."""
        if self._paused and not self._stopped:
            self._paused = False
            self._since = self._clock()

    def elapsed(self) -> float:
        """Return the seconds counted so far."""
        if self._since is None:
            return self._total
        return self._total + max(0.0, self._clock() - self._since)


TENTHS_BELOW_S = 10  # a finished time under this shows its tenths: two different bests never look equal


def format_clock(seconds: float, *, tenths: bool = False) -> str:
    """Format seconds as "m:ss", rounding down, with minutes unbounded; with `tenths`, "0:07.2" below 10 s.

    Tenths are for times that are compared (bests, results): a running clock ticks in whole seconds.
    """
    if not math.isfinite(seconds) or seconds <= 0:
        return "0:00.0" if tenths else "0:00"
    if tenths and seconds < TENTHS_BELOW_S:
        tenth = math.floor(round(seconds * 10, 6))  # (round first: 7.3 * 10 is 72.99999 in binary)
        return f"0:{tenth // 10:02d}.{tenth % 10}"
    whole = math.floor(seconds)
    return f"{whole // 60}:{whole % 60:02d}"
