"""A page restored from the start-up snapshot that then fails while importing or routing drops it.

static/js/interpreter.js checks the stored snapshot end to end before it restores Python (a
checksum over every byte, the build, the runtime, the function table); what it cannot check is
that the restored Python then works. An internal error while a module is imported or a screen
is opened is taken as the snapshot's fault: `window.masumeSnapshot.dropAfterError` deletes it
(only on a page that did start from it), so the next visit starts the normal way and makes a new
one. A wrong guess costs one slower start, never a screen broken on every visit.
"""

from __future__ import annotations

import js


def raised_while_importing(error: BaseException) -> bool:
    """Return whether an error came out of an import (its own, or a module's code run by one)."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, (ImportError, SyntaxError)):
            return True
        trace = current.__traceback__
        while trace is not None:
            if trace.tb_frame.f_code.co_filename.startswith("<frozen importlib"):
                return True
            trace = trace.tb_next
        current = current.__cause__ or current.__context__
    return False


def drop_after_error(error: BaseException) -> None:
    """Ask the page to delete the start-up snapshot it started from (nothing happens on a normal start)."""
    snapshot = getattr(js.window, "masumeSnapshot", None)
    drop = getattr(snapshot, "dropAfterError", None) if snapshot is not None else None
    if drop is None:
        return
    try:
        drop(f"{type(error).__name__}: {error}"[:200])
    except Exception:  # reporting must never add a failure of its own
        js.console.warn("Masume: the start-up snapshot could not be dropped")
