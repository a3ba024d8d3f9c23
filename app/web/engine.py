"""numpy, the puzzle engine, arrives after the page: whether it is here, and waiting for it.

static/js/interpreter.js starts Python without numpy on a normal start and installs numpy's
package once the first screen is drawn, or at once when a screen asks (`window.masumeNumpyNow`);
`window.masumeNumpy` is a promise, `window.masumeNumpyReady` true once it resolved. So home and
statistics appear without waiting for it. A start from the start-up
snapshot has numpy already imported. Screens that run a game's rules wait here first.
"""

from __future__ import annotations

from collections.abc import Callable

from pyodide.ffi import create_once_callable

from app.web.dom import guard, window


def is_ready() -> bool:
    """Return whether numpy's package is installed (always, where the page loads it up front)."""
    return not hasattr(window, "masumeNumpy") or bool(getattr(window, "masumeNumpyReady", False))


def when_ready(arrived: Callable[[], None], failed: Callable[[str], None]) -> None:
    """Call `arrived()` once numpy's package is installed, or `failed(reason)` if it cannot be."""
    if is_ready():
        arrived()
        return
    if hasattr(window, "masumeNumpyNow"):
        window.masumeNumpyNow()  # installed after the first screen unless asked for: asked now
    window.masumeNumpy.then(create_once_callable(guard(lambda _result: arrived())),
                            create_once_callable(guard(lambda error: failed(_in_words(error)[:160]))))


def _in_words(error: object) -> str:
    """A failure's cause as the loader words it (an Event or DOMException too, never "[object Event]")."""
    describe = getattr(window, "masumeDescribeFailure", None)
    return str(describe(error)) if describe is not None else str(error)
