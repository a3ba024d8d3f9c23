"""A game's legend beside the board: a disclosure ("Pieces") of lines, each a small drawing and the words for it.

Shared by Light Path (CSS-drawn keys) and Pipe Link (keys drawn by the board's own painter); the look is
`.game-legend` in static/css/masume.css. Open beside the board on a wide screen; on a phone, where the panel
sits under the board, one closed line, so it never pushes the board down.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import js

from app.web.dom import element

WIDE_SCREEN = "(min-width: 641px)"  # the panel stands beside the board (static/css/masume.css's breakpoint)


def beside_the_board() -> bool:
    """Whether the panel stands beside the board (a wide screen), where disclosures start open."""
    return bool(js.window.matchMedia(WIDE_SCREEN).matches)


class Legend:
    """`<details id=…>` titled by `title_key`, one `<li data-piece=…>` per line: (name, drawing, words key).

    The drawings are aria-hidden; the words say everything (they carry `data-i18n`, so a language switch
    rewords them)."""

    def __init__(self, root_id: str, title_key: str, lines: Iterable[tuple[str, Any, str]], *, open_: bool) -> None:
        self.items: dict[str, Any] = {}  # name -> its line
        for name, drawing, words_key in lines:
            drawing.setAttribute("aria-hidden", "true")
            words = element("span", cls="game-legend-text", attrs={"data-i18n": words_key})
            self.items[name] = element("li", cls="game-legend-item", attrs={"data-piece": name},
                                       children=[drawing, words])
        self.root = element("details", cls=f"game-legend {root_id}", attrs={"id": root_id}, children=[
            element("summary", attrs={"data-i18n": title_key}),
            element("ul", cls="game-legend-list", children=list(self.items.values()))])
        self.root.open = open_

    def show(self, shown: Iterable[str]) -> None:
        """Show only the named lines."""
        names = set(shown)
        for name, item in self.items.items():
            item.hidden = name not in names
