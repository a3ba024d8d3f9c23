"""The test-only toggle game's view: lit and dark squares, a press per cell, par beside the moves."""

from __future__ import annotations

from typing import Any

import numpy as np

from app.web.views.par import ParView
from tests.unit.toggle import State


class ToggleView(ParView):
    """How the toggle game looks, reads and responds (its par is the spec's, shown as an estimate)."""

    grid_label_key = "toggle_grid"

    def codes(self, state: State) -> np.ndarray[Any, Any]:
        """One code per cell: 1 lit, 0 dark."""
        return np.array(state.lights, dtype=np.int8).reshape(3, 3)

    def paint_cell(self, context: Any, code: int, x: float, y: float, size: float) -> None:
        """A gold square when lit, a dark one when not."""
        context.fillStyle = "#ffd35a" if code else "#2a3347"
        context.fillRect(x, y, size, size)

    def label(self, code: int, position: tuple[int, int]) -> str:
        """"Row R, column C, on/off"."""
        row, col = position
        return self.t("toggle_cell_on" if code else "toggle_cell_off", row=row + 1, col=col + 1)

    def move_for(self, action: str, state: State, row: int, col: int) -> Any:
        """A press on a cell."""
        return (row, col)

    def move_summary(self, before: Any, after: State, move: Any, verbosity: str) -> str | None:
        """How many lights are on."""
        return self.t("toggle_said", count=sum(after.lights))

    def use_hint(self, move: Any) -> None:
        """Press the hinted cell, and ring it."""
        self.host.request(move)
        self.board.mark([tuple(move)], "hinted")
