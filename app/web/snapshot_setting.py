"""Settings' start-up snapshot row: whether one is stored, its size, and Clear.

The snapshot itself is made and restored by static/js/interpreter.js, before Python runs;
it offers `window.masumeSnapshot` (status() and clear(), both promises) to this row.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_once_callable

from app.web.dom import Listeners, by_id, document, focus_on, guard, window
from app.web.i18n import I18n


class SnapshotSetting:
    """Keeps the row under Settings true whenever the panel opens, and clears on request."""

    def __init__(self, i18n: I18n, listeners: Listeners, notify: Any, *, storage_denied: bool = False) -> None:
        self.i18n = i18n
        self.notify = notify
        # Absent where the page has no Cache Storage; where the browser keeps nothing at all (a portal's
        # frame denied storage) no snapshot is ever made, so the row would only promise one.
        self.available = hasattr(window, "masumeSnapshot") and not storage_denied
        by_id("snapshot-setting").hidden = not self.available
        if self.available:
            # Clear acts only on a stored snapshot: dim until the status says one is there, and the status
            # line (what is stored, or "None stored yet") is read with the button as the reason.
            clear = by_id("snapshot-clear")
            clear.disabled = True
            clear.setAttribute("aria-describedby", "snapshot-status")
            listeners.on(by_id("settings"), "toggle", lambda _event: self.refresh())
            listeners.on(by_id("snapshot-clear"), "click", lambda _event: self.clear())

    def refresh(self) -> None:
        """Ask the interpreter module what is stored and say it (when the panel is open)."""
        if not self.available or not by_id("settings").open:
            return
        window.masumeSnapshot.status().then(create_once_callable(guard(self._show)))

    def _show(self, status: Any) -> None:
        stored = bool(status.stored)
        text = (self.i18n.t("snapshot_stored", size=f"{int(status.size) / 1048576:.1f}") if stored
                else self.i18n.t("snapshot_none"))
        status_line, clear = by_id("snapshot-status"), by_id("snapshot-clear")
        status_line.textContent = text
        if not stored and document.activeElement is not None and str(document.activeElement.id) == "snapshot-clear":
            # Clear is about to be disabled under the player's focus: keep it here, on what is stored now.
            status_line.setAttribute("tabindex", "-1")
            focus_on(status_line)
        clear.disabled = not stored

    def clear(self) -> None:
        """Delete the stored snapshot; the next visit starts the normal way and makes a new one."""
        def done(_result: Any = None) -> None:
            self.notify(self.i18n.t("snapshot_cleared"))
            self.refresh()

        window.masumeSnapshot.clear().then(create_once_callable(guard(done)))
