"""The game controls (undo, redo, restart, hint, check, new game) and the numbers beside the board."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core.timer import format_clock
from app.web.dom import Listeners, calling, element

# (id, catalogue key, keyboard shortcut)
BUTTONS = (
    ("undo", "undo", "Control+Z"),
    ("redo", "redo", "Control+Y"),
    ("restart", "restart", ""),
    ("hint", "hint", "H"),
    ("check", "check", "C"),
    ("new-game", "new_game", "N"),
)


class Controls:
    """The control buttons and the stats list; the screen says what each button does."""

    def __init__(self, listeners: Listeners, actions: dict[str, Callable[[], None]]) -> None:
        self.stats = element("dl", cls="stats", attrs={"id": "stats"})
        self.buttons: dict[str, Any] = {}
        for control_id, key, shortcut in BUTTONS:
            node = element("button", cls="control", attrs={"type": "button", "id": control_id, "data-i18n": key})
            if shortcut:
                node.setAttribute("aria-keyshortcuts", shortcut)
            listeners.on(node, "click", calling(actions[control_id]))
            self.buttons[control_id] = node
        self.group = element("div", cls="controls", attrs={"role": "group", "data-i18n-label": "game_controls"},
                             children=list(self.buttons.values()))

    def set_shortcuts(self, single_keys: bool) -> None:
        """Name the keyboard shortcuts that act: H and N only while single-key shortcuts are on."""
        for control_id, _key, shortcut in BUTTONS:
            if not shortcut:
                continue
            if single_keys or "+" in shortcut:
                self.buttons[control_id].setAttribute("aria-keyshortcuts", shortcut)
            else:
                self.buttons[control_id].removeAttribute("aria-keyshortcuts")

    def show(self, session: Any, rows: list[tuple[str, str, str]]) -> None:
        """Show the stats rows and enable the buttons that can act on the session."""
        self.stats.replaceChildren()
        for stat_id, label, value in rows:
            self.stats.appendChild(element("div", cls=f"stat stat-{stat_id}", children=[
                element("dt", text=label), element("dd", text=value, attrs={"id": f"stat-{stat_id}"})]))
        self.buttons["undo"].disabled = not session.can_undo
        self.buttons["redo"].disabled = not session.can_redo
        self.buttons["restart"].disabled = not session.can_restart  # a loss may be restarted, a win not
        self.buttons["hint"].disabled = session.over
        self.buttons["check"].disabled = session.over

    def tick(self, elapsed: float, *, over: bool = False) -> None:
        """Update the clock between moves (a finished board's with tenths below 10 s, as its best is shown)."""
        node = self.stats.querySelector("#stat-time")
        if node is not None:
            node.textContent = format_clock(elapsed, tenths=over)
