"""The test-only game's view: three actions, a ring source, a dead cell and a 300 ms animation.

It counts animation frames in `data-ringtest-frames` on <html> so the test can see them.
"""

from __future__ import annotations

from typing import Any

import js
import numpy as np

from app.games import ringtest
from app.web.layout import Action, BoardLayout
from app.web.views.base import GameView

SOURCE_CODE = 10


class View(GameView):
    """Dials drawn as lines; the source as a dot."""

    grid_label_key = "ringtest_grid"
    actions = (
        Action("turn_cw", "action_turn_cw", keys=("Enter", " "), buttons=(0,), tap=True),
        Action("turn_ccw", "action_turn_ccw", keys=("Shift+Enter",), buttons=(2,)),
        Action("lock", "action_lock", keys=("l",), buttons=(1,), long_press=True),
    )

    def layout(self, state: Any) -> BoardLayout:
        """A 3×3 grid with a ring holding one source, and a dead centre."""
        return BoardLayout(3, 3, ring=True, dead=frozenset({ringtest.DEAD}), edge=frozenset({ringtest.SOURCE}))

    def codes(self, state: Any) -> np.ndarray:
        """Dial + 4 when locked, on a 5×5 array with the ring; the source 10 or 11 when on."""
        codes = np.zeros((5, 5), dtype=np.int16)
        for index, dial in enumerate(state.dials):
            row, col = divmod(index, 3)
            codes[row + 1, col + 1] = dial + (4 if (row, col) in state.locked else 0)
        codes[0, 2] = SOURCE_CODE + int(state.source_on)
        return codes

    def paint_cell(self, context: Any, code: int, x: float, y: float, size: float) -> None:
        """A square with a line pointing the dial's way."""
        context.fillStyle = "#223"
        context.fillRect(x, y, size, size)

    def label(self, code: int, position: tuple[int, int]) -> str:
        """Say what is there, for the test to read."""
        if code >= SOURCE_CODE:
            return f"Source, {'on' if code == SOURCE_CODE + 1 else 'off'}"
        return f"Row {position[0] + 1}, column {position[1] + 1}, dial {code % 4}{', locked' if code >= 4 else ''}"

    def move_for(self, action: str, state: Any, row: int, col: int) -> Any:
        """The source switches on any action; cells turn or lock."""
        if (row, col) == ringtest.SOURCE:
            return ("source", row, col)
        return ({"turn_cw": "cw", "turn_ccw": "ccw", "lock": "lock"}[action], row, col)

    def after_move(self, before: Any, after: Any, move: Any, changed: list[tuple[int, int]]) -> None:
        """Animate the changed cells for 300 ms, counting frames."""
        root = js.document.documentElement
        root.setAttribute("data-ringtest-frames", "0")

        def frame(context: Any, geometry: Any, progress: float) -> None:
            root.setAttribute("data-ringtest-frames", str(int(root.getAttribute("data-ringtest-frames")) + 1))
            root.setAttribute("data-ringtest-progress", f"{progress:.3f}")

        self.host.board.animate(300, frame, changed)

    def use_hint(self, move: Any) -> None:
        """Play the hint."""
        self.host.request(move)
