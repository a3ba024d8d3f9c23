"""The share box: the game ID of the puzzle in play, a field to open another, and Copy link.

What went wrong with a typed ID is said under the field (the typed text stays, to be
corrected); whether the link was copied is said beside the button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.web.clipboard import copy_text
from app.web.dom import Listeners, element, window


class ShareBox:
    """Shows the current game ID; `open_id(text)` is called with an ID the player typed."""

    def __init__(self, listeners: Listeners, *, open_id: Callable[[str], None], say: Callable[[str], None],
                 t: Callable[..., str]) -> None:
        self._open_id, self._say, self._t = open_id, say, t
        self.id_input = element("input", attrs={"id": "game-id", "type": "text", "spellcheck": "false",
                                                "autocomplete": "off"})
        copy = element("button", attrs={"type": "button", "id": "copy-link", "data-i18n": "copy_link"})
        load = element("button", attrs={"type": "submit", "id": "load-id", "data-i18n": "open_game_id"})
        self.copy_status = element("span", cls="copy-status", attrs={"id": "copy-status"})
        self.error = element("p", cls="form-error", attrs={"id": "game-id-error"})
        self.form = element("form", cls="share", children=[
            element("label", children=[element("span", attrs={"data-i18n": "game_id"}), self.id_input]),
            self.error,
            element("div", cls="share-buttons", children=[copy, load, self.copy_status])])
        listeners.on(copy, "click", self._copy_link)
        listeners.on(self.form, "submit", self._on_submit)

    def show(self, game_id: str) -> None:
        """Show the ID of the puzzle in play (unless it is already there)."""
        if str(self.id_input.value) != game_id:
            self.id_input.value = game_id
            self.show_error(None)
            self.copy_status.textContent = ""

    def show_error(self, text: str | None, *, link: tuple[str, str] | None = None) -> None:
        """Say under the field why the typed ID was not opened (None clears it); `link` = (href, text)."""
        self.error.replaceChildren()
        if text is None:
            self.id_input.removeAttribute("aria-invalid")
            self.id_input.removeAttribute("aria-describedby")
            self.error.removeAttribute("role")
            return
        self.copy_status.textContent = ""  # "Link copied." spoke of the ID before this one
        self.error.appendChild(element("span", text=text))
        if link is not None:
            href, label = link
            self.error.appendChild(element("span", text=" "))
            self.error.appendChild(element("a", text=label, attrs={"href": href, "id": "game-id-other"}))
        self.id_input.setAttribute("aria-invalid", "true")
        self.id_input.setAttribute("aria-describedby", "game-id-error")
        self.error.setAttribute("role", "alert")

    def _on_submit(self, event: Any) -> None:
        event.preventDefault()
        self._open_id(str(self.id_input.value).strip())

    def _copy_link(self, *_: Any) -> None:
        copy_text(str(window.location.href), self._copied)

    def _copied(self, ok: bool) -> None:
        if not ok:  # no clipboard (plain http) or no permission: leave the ID selected to copy by hand
            self.id_input.select()
        self._tell(self._t("link_copied" if ok else "link_copy_failed"))

    def _tell(self, text: str) -> None:
        # Seen beside the button; the live region says it to screen readers.
        self.copy_status.textContent = text
        self._say(text)
