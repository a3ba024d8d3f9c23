"""Cross Light on the page: lit and dark cells, par, and hints that point at a cell."""

from __future__ import annotations

from typing import Any

import numpy as np

from app.games import crosslight
from app.web.views.par import ParView

OFF, ON = 0, 1
GAP = 0.06  # of a cell: the dark seam between tiles
COLOURS = {
    "seam": "#151a26",
    "off": "#2a3347",
    "off_edge": "#35405a",
    "on_core": "#fff4c2",
    "on_mid": "#ffd35a",
    "on_edge": "#e89a1c",
}


class CrossLightView(ParView):
    """How Cross Light looks, reads and responds."""

    grid_label_key = "crosslight_grid"
    max_cell_px = 72.0
    min_cell_px = 24.0

    def codes(self, state: crosslight.State) -> np.ndarray[Any, Any]:
        """One code per cell: 1 lit, 0 dark."""
        return state.lights.astype(np.int8)

    def paint_cell(self, context: Any, code: int, x: float, y: float, size: float) -> None:
        """Draw a dark tile or a glowing lit one."""
        gap = max(1.0, size * GAP)
        context.fillStyle = COLOURS["seam"]
        context.fillRect(x, y, size, size)
        inner = size - 2 * gap
        if code == ON:
            centre_x, centre_y = x + size / 2, y + size / 2
            glow = context.createRadialGradient(centre_x, centre_y, inner * 0.05, centre_x, centre_y, inner * 0.75)
            glow.addColorStop(0, COLOURS["on_core"])
            glow.addColorStop(0.55, COLOURS["on_mid"])
            glow.addColorStop(1, COLOURS["on_edge"])
            context.fillStyle = glow
        else:
            context.fillStyle = COLOURS["off"]
        context.beginPath()
        context.roundRect(x + gap, y + gap, inner, inner, inner * 0.14)
        context.fill()
        if code != ON:
            context.strokeStyle = COLOURS["off_edge"]
            context.lineWidth = max(1.0, size * 0.03)
            context.stroke()

    def label(self, code: int, position: tuple[int, int]) -> str:
        """"Row R, column C, on/off" (1-based), in the page's language."""
        row, col = position
        return self.t("crosslight_cell_on" if code == ON else "crosslight_cell_off", row=row + 1, col=col + 1)

    def pressed(self, code: int) -> str:
        """Lit cells are pressed toggles."""
        return "true" if code == ON else "false"

    def move_for(self, action: str, state: crosslight.State, row: int, col: int) -> Any:
        """A press on a cell."""
        return (row, col)

    def after_move(self, before: Any, after: Any, move: Any, changed: list[tuple[int, int]]) -> None:
        """Click, and flash the flipped cells."""
        self.host.play_sound("press")
        self.board.mark(changed, "flash")

    def move_summary(self, before: Any, after: crosslight.State, move: Any, verbosity: str) -> str | None:
        """"Row 2, column 3 pressed, 9 lights on" (full) or "Pressed row 2, column 3; 9 lights on" (short): a press
        names its cell; undo, redo and restart say the lights on (full: and how many cells flipped)."""
        count = after.lit_count
        if move is not None:
            row, col = move
            key = "crosslight_said_press" if verbosity == "full" else "crosslight_said_press_short"
            return self.t(key, row=row + 1, col=col + 1, count=count)
        if verbosity == "full" and before is not None:
            flipped = int(np.count_nonzero(before.lights != after.lights))
            return self.t("crosslight_said_flipped", flipped=flipped, count=count)
        return self.t("crosslight_said_lights", count=count)

    def hint_words(self, state: Any, move: Any) -> str | None:
        """"Hint: pressed row 2, column 3": the cell of a minimum solution the hint pressed."""
        row, col = move
        return self.t("hint_cell", row=row + 1, col=col + 1)

    def use_hint(self, move: Any) -> None:
        """Put the cursor on the cell, press it, and ring it (as every game's hint does: it plays one move)."""
        row, col = move
        board = self.board
        board.move_cursor(row, col, focus=board.has_focus())
        self.host.request(move)
        board.mark([(row, col)], "hinted")

    def extra_stats(self, session: Any) -> list[tuple[str, str, str]]:
        """How many lights are still on."""
        return [("lights-on", self.t("crosslight_lights_on"), str(session.state.lit_count))]
