"""The dialog at the end of a game: the result rows, a new best or hints used, and what to do next.

A win offers New game (and a next step where there is one: Next stage, Next board, Play endless); a loss offers Undo the
last move, Retry this board and New game, as Tatham's Mines does after a death.
Below them: Copy result (a daily's card), Watch the replay, Copy replay link and the
game's statistics. What could not be copied is shown selected, to copy by hand.

It opens as a panel beside the board, in the place of the play bar, where the bar
stands beside it (a wide window, the compact layout), else right under the board (a
non-modal dialog moved into the page), never over it: the finished board stays in
sight, and Minesweeper's loss keeps the mine and the cell it points to visible. The
page scrolls, if it must, only so far that the whole panel is in the window, and a
panel taller than the window scrolls inside itself. Escape or Close puts it away.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core.stars import drawn_and_words
from app.web.clipboard import copy_text
from app.web.compact import is_compact
from app.web.dom import Listeners, by_id, element, focus_in_place, focus_on, open_dialog, window

SIDE_BY_SIDE = "(min-width: 1024px)"  # the play bar stands beside the board (static/css/masume.css)
MARGIN_PX = 8  # room kept between the panel and the window's edge (its shadow and the focus ring)


def _nothing() -> None:
    return None


class ResultDialog:
    """The page's one result dialog (in index.html), filled for the game that ended."""

    def __init__(self, listeners: Listeners, *, on_new_game: Callable[[], None], on_close: Callable[[], None],
                 beside: tuple[Any, Any] | None = None, under: tuple[Any, Any] | None = None) -> None:
        self.dialog = by_id("result-dialog")
        self._home = self.dialog.parentNode  # where index.html keeps it; it returns there when the screen closes
        # Where it opens: (parent, the child it goes before) beside the board, and under it; None: over the page
        self._beside, self._under = beside, under
        self._on_new_game, self._on_close = on_new_game, on_close
        self._on_next: Callable[[], None] = _nothing
        self._on_undo: Callable[[], None] = _nothing
        self._on_retry: Callable[[], None] = _nothing
        listeners.on(by_id("result-new"), "click", lambda _event: self._choose(self._on_new_game))
        listeners.on(by_id("result-next"), "click", lambda _event: self._choose(self._on_next))
        listeners.on(by_id("result-undo"), "click", lambda _event: self._choose(self._on_undo))
        listeners.on(by_id("result-retry"), "click", lambda _event: self._choose(self._on_retry))
        listeners.on(by_id("result-close"), "click", lambda _event: self._choose(self._on_close))
        listeners.on(by_id("result-card"), "click", lambda _event: self._copy(self._card, "daily_card_copied"))
        listeners.on(by_id("result-replay-copy"), "click",
                     lambda _event: self._copy(self._replay_url, "replay_link_copied"))
        listeners.on(by_id("result-replay"), "click", lambda _event: self._watch())
        listeners.on(self.dialog, "keydown", self._on_key)
        self._t: Callable[..., str] = lambda key, **_params: key
        self._say: Callable[[str], None] = lambda _text: None
        self._card: str | None = None
        self._replay_hash: str | None = None
        self._replay_url: str | None = None

    def set_extras(self, *, stats_hash: str, card: str | None, replay_hash: str | None, replay_url: str | None,
                   t: Callable[..., str], say: Callable[[str], None]) -> None:
        """Say what the next show offers below the main buttons: a daily's card, the replay, the statistics."""
        self._t, self._say = t, say
        self._card, self._replay_hash, self._replay_url = card, replay_hash, replay_url
        by_id("result-card").hidden = card is None
        by_id("result-replay").hidden = replay_hash is None
        by_id("result-replay-copy").hidden = replay_url is None
        by_id("result-stats").setAttribute("href", stats_hash)
        by_id("result-copy-status").textContent = ""
        by_id("result-copy-text").hidden = True

    def _watch(self) -> None:
        if self._replay_hash is not None:
            self.close()
            window.location.hash = self._replay_hash

    def _copy(self, text: str | None, said_key: str) -> None:
        if text is None:
            return
        field = by_id("result-copy-text")

        def done(ok: bool) -> None:
            status = self._t(said_key) if ok else self._t("copy_by_hand")
            by_id("result-copy-status").textContent = status
            self._say(status)
            field.hidden = ok
            if not ok:  # the text, selected, to copy by hand
                field.value = text
                focus_on(field)
                field.select()

        copy_text(text, done)

    @property
    def is_open(self) -> bool:
        """Whether the dialog is showing."""
        return bool(self.dialog.open)

    def show(self, title: str, rows: list[tuple[str, str]], note: str, *, is_best: bool,
             next_step: tuple[str, Callable[[], None]] | None = None) -> None:
        """Fill and open the dialog for a win, focusing the next step where there is one (its catalogue key
        and action: Next stage, Next board, Play endless), else New game."""
        self._fill(title, rows, note, is_best=is_best)
        by_id("result-undo").hidden = True
        by_id("result-retry").hidden = True
        next_button = by_id("result-next")
        next_button.hidden = next_step is None
        if next_step is not None:
            key, self._on_next = next_step
            next_button.setAttribute("data-i18n", key)  # relabelled with the page's language
            next_button.textContent = self._t(key)
        self._open(next_button if next_step is not None else by_id("result-new"))

    def show_loss(self, title: str, rows: list[tuple[str, str]], *, on_undo: Callable[[], None] | None,
                  on_retry: Callable[[], None]) -> None:
        """Fill and open the dialog for a loss: Undo the last move (when given), Retry this board, New game."""
        self._fill(title, rows, "", is_best=False)
        self._on_undo = on_undo or _nothing
        self._on_retry = on_retry
        undo_button, retry_button = by_id("result-undo"), by_id("result-retry")
        undo_button.hidden = on_undo is None
        retry_button.hidden = False
        by_id("result-next").hidden = True
        self._open(retry_button if on_undo is None else undo_button)

    def _fill(self, title: str, rows: list[tuple[str, str]], note: str, *, is_best: bool) -> None:
        details = by_id("result-details")
        details.replaceChildren()
        for label, value in rows:
            drawn, words = drawn_and_words(value)  # "★★☆ 2 of 3": the stars are seen, the words are read
            shown = element("dd", text=value) if not drawn else element("dd", children=[
                element("span", text=f"{drawn} ", attrs={"aria-hidden": "true"}), element("span", text=words)])
            details.appendChild(element("div", children=[element("dt", text=label), shown]))
        note_line = by_id("result-best")
        note_line.textContent = note
        note_line.hidden = not note
        note_line.classList.toggle("is-best", is_best)
        by_id("result-title").textContent = title

    def _open(self, focus: Any) -> None:
        # The suggested next step is the focused button, and looks it (Next stage over New game).
        for button in self.dialog.querySelectorAll(".dialog-actions button"):
            button.classList.toggle("primary", str(button.id) == str(focus.id))
        place = self._place()
        if not self.dialog.open:
            if place is not None:
                parent, before = place
                parent.insertBefore(self.dialog, before)
                self.dialog.classList.add("in-page")
                self.dialog.classList.toggle("beside-board", place is self._beside)
                open_dialog(self.dialog, modal=False)  # not modal: the board beside it stays visible and readable
            else:
                open_dialog(self.dialog)
        if place is not None:
            focus_in_place(focus)
            self._bring_into_view()
        else:
            focus_on(focus)

    def _place(self) -> tuple[Any, Any] | None:
        """Beside the board where the play bar stands beside it, else under it (None: over the page)."""
        if self._beside is not None and (is_compact() or bool(window.matchMedia(SIDE_BY_SIDE).matches)):
            return self._beside
        return self._under

    def _bring_into_view(self) -> None:
        """Scroll the page by the least that puts the whole panel in the window (its top first, if it cannot).

        Under the board on a phone that leaves as much of the finished board above it as fits; beside
        the board it is already in view. A panel taller than the window scrolls inside itself (CSS).
        """
        box = self.dialog.getBoundingClientRect()
        top, bottom, room = float(box.top), float(box.bottom), float(window.innerHeight)
        if bottom > room - MARGIN_PX:
            window.scrollBy(0, min(bottom - room + MARGIN_PX, top - MARGIN_PX))
        elif top < MARGIN_PX:
            window.scrollBy(0, top - MARGIN_PX)

    def _on_key(self, event: Any) -> None:
        if str(event.key) == "Escape" and self.dialog.open and not self.dialog.matches(":modal"):
            event.preventDefault()
            self._choose(self._on_close)  # as a modal dialog's Escape would, and the focus goes back to the board

    def close(self) -> None:
        """Close the dialog if it is open."""
        if self.dialog.open:
            self.dialog.close()

    def detach(self) -> None:
        """Close it and put it back where the page keeps it (the screen that placed it is closing)."""
        self.close()
        self.dialog.classList.remove("in-page", "beside-board")
        if self._home is not None and self.dialog.parentNode != self._home:
            self._home.appendChild(self.dialog)

    def _choose(self, then: Callable[[], None]) -> None:
        self.close()
        then()
