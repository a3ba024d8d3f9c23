"""The dialog at the end of a game: the result rows, a new best or hints used, New game and Close."""

from __future__ import annotations

from collections.abc import Callable

from app.web.dom import Listeners, by_id, element


class ResultDialog:
    """The page's one result dialog (in index.html), filled for the game that ended."""

    def __init__(self, listeners: Listeners, *, on_new_game: Callable[[], None],
                 on_close: Callable[[], None], on_next: Callable[[], None]) -> None:
        self.dialog = by_id("result-dialog")
        self._on_new_game, self._on_close, self._on_next = on_new_game, on_close, on_next
        listeners.on(by_id("result-new"), "click", lambda _event: self._choose(self._on_new_game))
        listeners.on(by_id("result-next"), "click", lambda _event: self._choose(self._on_next))
        listeners.on(by_id("result-close"), "click", lambda _event: self._choose(self._on_close))

    @property
    def is_open(self) -> bool:
        """Whether the dialog is showing."""
        return bool(self.dialog.open)

    def show(self, title: str, rows: list[tuple[str, str]], note: str, *, is_best: bool,
             offer_next: bool = False) -> None:
        """Fill and open the dialog, focusing Next stage where there is one, else New game."""
        details = by_id("result-details")
        details.replaceChildren()
        for label, value in rows:
            details.appendChild(element("div", children=[element("dt", text=label), element("dd", text=value)]))
        note_line = by_id("result-best")
        note_line.textContent = note
        note_line.hidden = not note
        note_line.classList.toggle("is-best", is_best)
        by_id("result-title").textContent = title
        next_button = by_id("result-next")
        next_button.hidden = not offer_next
        if not self.dialog.open:
            self.dialog.showModal()
        (next_button if offer_next else by_id("result-new")).focus()

    def close(self) -> None:
        """Close the dialog if it is open."""
        if self.dialog.open:
            self.dialog.close()

    def _choose(self, then: Callable[[], None]) -> None:
        self.close()
        then()
