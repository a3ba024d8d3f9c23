"""Pipe Link's legend: water, a dry pipe, a loop tile, a lock, the source (Net) or the entrance and exit (Path).

Each line's drawing is a small canvas painted by the board's own painter (`PipesView.paint_cell`), so it
looks exactly like the board, follows the palette setting (repainted when the board's colours change) and,
being a canvas, keeps its colours in forced-colours mode as the board does; the words carry the meaning.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js

from app.games import pipes
from app.web.dom import element
from app.web.legend import Legend

SWATCH_CSS_PX = 28  # .pipes-key's size in static/css/masume.css
MODE_LINES = {pipes.NET: "source", pipes.PATH: "entrance exit"}  # the lines one mode has and the other lacks


class PipesLegend:
    """The legend of the board's marks; `lines` are (name, cell code) as the board would draw them."""

    def __init__(self, lines: tuple[tuple[str, int], ...], paint_cell: Callable[[Any, int, float, float, float], None],
                 *, open_: bool) -> None:
        self._paint_cell = paint_cell
        self._keys = {name: (code, element("canvas", cls="pipes-key")) for name, code in lines}
        self._legend = Legend("pipes-legend", "pipes_legend_title",
                              [(name, canvas, f"pipes_legend_{name}") for name, (_, canvas) in self._keys.items()],
                              open_=open_)
        self.root = self._legend.root
        self._colours: dict[str, str] | None = None
        self._mode: str | None = None

    def repaint(self, colours: dict[str, str]) -> None:
        """Draw every key in the board's colours (nothing to do when they have not changed)."""
        if colours is self._colours:
            return
        self._colours = colours
        size = round(SWATCH_CSS_PX * float(js.window.devicePixelRatio or 1))
        for code, canvas in self._keys.values():
            canvas.width = canvas.height = size
            self._paint_cell(canvas.getContext("2d"), code, 0.0, 0.0, float(size))

    def sync(self, mode: str) -> None:
        """Show the lines of the mode in play: Net's source, or Path's entrance and exit."""
        if mode == self._mode:
            return
        self._mode = mode
        hidden = {name for other, names in MODE_LINES.items() if other != mode for name in names.split()}
        self._legend.show(name for name in self._keys if name not in hidden)
