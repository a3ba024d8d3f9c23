"""The controls card beside the board: how to play a game, the first time; then what a board brings that is new.

Light Path's later stages bring actions its first ones never had (placing a piece, taking one back,
splitters): the first board that has one says, beside the board, how to do it with what the player
has: taps and long presses on a touch screen, the mouse and keys elsewhere. Each action is explained
once (the `intros_seen` setting keeps what was shown, as "<game>:<what it does>"); the Controls
dialog always lists everything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core.records import MAX_SETTING_TEXT
from app.web.dom import Listeners, coarse_pointer, element
from app.web.layout import (
    Action,
    controls_lines,
    explained_entries,
    first_explanation,
    remembered_entries,
    unexplained,
)

SEEN_SETTING = "intros_seen"


class ControlsCard:
    """`#board-intro`: a title, one line per new action (with its keys, but not on a touch screen), and Got it."""

    def __init__(self, listeners: Listeners, t: Callable[..., str], *, on_close: Callable[[], None]) -> None:
        self._t = t
        self.title = element("h2", cls="board-intro-title", attrs={"id": "board-intro-title"})
        self.lines = element("ul", cls="board-intro-lines", attrs={"id": "board-intro-lines"})
        self.more = element("p", cls="board-intro-more", attrs={"data-i18n": "intro_more"})
        self.close = element("button", cls="board-intro-close", attrs={
            "type": "button", "id": "board-intro-close", "data-i18n": "intro_close"})
        self.root = element("section", cls="board-intro", attrs={
            "id": "board-intro", "aria-labelledby": "board-intro-title", "hidden": ""},
            children=[element("div", cls="board-intro-text", children=[self.title, self.lines, self.more]),
                      self.close])
        self._board_actions: tuple[Action, ...] = ()
        self._new: list[Action] = []
        self._first = False

        def close(_event: Any) -> None:
            self.root.hidden = True
            on_close()  # the button is gone: the focus goes to the board, not to the page

        listeners.on(self.close, "click", close)

    def show_for(self, game: str, actions: tuple[Action, ...], settings: Any) -> bool:
        """Show the card if this board has actions not explained yet (and remember them); else hide it.

        Returns whether the setting changed (the caller checks that it could be stored).
        """
        seen = [entry for entry in str(settings.get(SEEN_SETTING)).split(",") if entry]
        new = unexplained(game, actions, seen)
        self.root.hidden = not new
        if not new:
            return False
        self._board_actions, self._new, self._first = actions, new, first_explanation(game, seen)
        self.word()
        # shown once (the four games' actions outgrew the 256 characters a setting had, and the write that
        # failed stopped the screen: a long record keeps its newest entries)
        settings.set(SEEN_SETTING, remembered_entries(seen, explained_entries(game, new), MAX_SETTING_TEXT))
        return True

    def word(self) -> None:
        """Word the card in the current language (while it is shown)."""
        if self.root.hidden:
            return
        t = self._t
        self.title.textContent = t("intro_title" if self._first else "intro_new_title")
        # a touch screen's player gets taps and long presses, not keyboard shortcuts
        lines = controls_lines(self._board_actions, t, touch_only=coarse_pointer(), of=self._new)
        self.lines.replaceChildren(*[element("li", text=line) for line in lines])
        self.more.textContent = t("intro_more")
        self.close.textContent = t("intro_close")
