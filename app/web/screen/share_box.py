"""The share box: the game ID of the puzzle in play, a field to open another, and Copy link."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

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
        self.form = element("form", cls="share", children=[
            element("label", children=[element("span", attrs={"data-i18n": "game_id"}), self.id_input]),
            element("div", cls="share-buttons", children=[copy, load])])
        listeners.on(copy, "click", self._copy_link)
        listeners.on(self.form, "submit", self._on_submit)

    def show(self, game_id: str) -> None:
        """Show the ID of the puzzle in play (unless it is already there)."""
        if str(self.id_input.value) != game_id:
            self.id_input.value = game_id

    def _on_submit(self, event: Any) -> None:
        event.preventDefault()
        self._open_id(str(self.id_input.value).strip())

    def _copy_link(self, *_: Any) -> None:
        asyncio.ensure_future(self._copy_to_clipboard(str(window.location.href)))

    async def _copy_to_clipboard(self, url: str) -> None:
        try:
            await window.navigator.clipboard.writeText(url)
        except Exception:  # no clipboard (plain http) or no permission: leave the ID selected to copy
            self.id_input.select()
            self._say(self._t("link_copy_failed"))
            return
        self._say(self._t("link_copied"))
