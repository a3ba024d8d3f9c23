"""Full screen: the header's button and the F key put the whole page in full screen, where the browser allows it.

A game portal's frame allows it only when the portal grants it (`allow="fullscreen"`);
`document.fullscreenEnabled` says so, and the button is hidden where it is false. The
button's pressed state follows the browser's own changes too (Escape leaves full screen).
In full screen the page takes the compact layout and the board grows to fill the
screen (app/web/compact.py, app/web/screen/zoom.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.web.dom import Callback, Listeners, by_id, document


def fullscreen_active() -> bool:
    """Return whether the page is in full screen now."""
    return getattr(document, "fullscreenElement", None) is not None


class Fullscreen:
    """The Full screen toggle: shown where allowed, pressed while the page is in full screen."""

    def __init__(self, listeners: Listeners, t: Callable[..., str], *, changed: Callable[[], None],
                 refused: Callable[[], None]) -> None:
        self.button = by_id("fullscreen-toggle")
        self._t = t
        self.allowed = bool(getattr(document, "fullscreenEnabled", False))
        self.button.hidden = not self.allowed
        self._changed = changed
        # The browser may refuse (no user gesture, a frame without allow="fullscreen"): the promise's
        # rejection is answered here, once a refusal, never an unhandled rejection. Leaving that fails
        # (the browser left already, on its own Escape) needs no word.
        self._refused = Callback(lambda *_: refused())
        self._ignored = Callback(lambda *_: None)
        listeners.on(self.button, "click", lambda _event: self.toggle())
        listeners.on(document, "fullscreenchange", self._on_change)
        self.show()

    @property
    def active(self) -> bool:
        """Whether the page is in full screen now."""
        return fullscreen_active()

    def toggle(self) -> None:
        """Enter full screen, or leave it."""
        if not self.allowed:
            return
        if self.active:
            self.leave()
            return
        promise: Any = document.documentElement.requestFullscreen()
        if promise is not None:
            promise.catch(self._refused.proxy)

    def leave(self) -> None:
        """Leave full screen, if the page is in it (never enter it)."""
        if not self.active:
            return
        promise: Any = document.exitFullscreen()
        if promise is not None:
            promise.catch(self._ignored.proxy)

    def show(self) -> None:
        """Mark the button pressed while in full screen (its words say on or off, as the sound toggles do)."""
        self.button.setAttribute("aria-pressed", "true" if self.active else "false")
        self.button.setAttribute("data-state", self._t("toggle_on" if self.active else "toggle_off"))
        document.documentElement.toggleAttribute("data-fullscreen", self.active)

    def _on_change(self, _event: Any) -> None:
        self.show()
        self._changed()
