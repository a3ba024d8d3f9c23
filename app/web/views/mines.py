"""Minesweeper on the page: tiles, numbers, flags, chording, reveal animation, 3BV."""

from __future__ import annotations

from typing import Any

import numpy as np

from app.core.timer import TENTHS_BELOW_S, format_clock
from app.games import mines
from app.games.mines import Cell
from app.web.dom import element
from app.web.layout import MOUSE_PRIMARY, MOUSE_SECONDARY, Action, Geometry, Position
from app.web.views.base import GameView
from app.web.views.mines_palette import NUMBER_COLOURS, PALETTES, TILE

REVEAL_STEP_MS = 22  # delay per step of flood depth: the opening spreads outward
REVEAL_MAX_MS = 600


class MinesView(GameView):
    """How Minesweeper looks, reads and responds."""

    grid_label_key = "mines_grid"
    actions = (
        Action("open", "action_open", keys=("Enter",), buttons=(MOUSE_PRIMARY,), tap=True),
        Action("flag", "action_flag", keys=(" ", "f"), buttons=(MOUSE_SECONDARY,), long_press=True),
    )
    sounds = {"flag": ((880.0, 0.0, 0.05, "square", 0.07), (1175.0, 0.05, 0.06, "square", 0.06)),
              "open": ((520.0, 0.0, 0.05, "triangle", 0.16),)}
    min_cell_px = 26.0
    max_cell_px = 48.0

    numbers, tile = NUMBER_COLOURS, TILE  # the player's palette, read as each repaint starts

    def codes(self, state: mines.State) -> np.ndarray[Any, Any]:
        """The backend's visible grid: exactly what the player may see."""
        return mines.visible_grid(state)

    # ----- drawing ---------------------------------------------------------------------------

    def paint(self, context: Any, geometry: Geometry, codes: np.ndarray[Any, Any], area: list[Position]) -> None:
        """Cell by cell, in the colours of the player's palette (the "palette" setting)."""
        self.numbers, self.tile = PALETTES.get(str(self.host.setting("palette")), PALETTES["standard"])
        super().paint(context, geometry, codes, area)

    def paint_cell(self, context: Any, code: int, x: float, y: float, size: float) -> None:
        """Draw a raised tile (hidden, flag, ?) or a flat opened cell (number, mine)."""
        if code in mines.COVERED:
            self._raised(context, x, y, size)
            if code == Cell.FLAG:
                self._flag(context, x, y, size)
            elif code == Cell.QUESTION:
                self._text(context, "?", self.tile["pole"], x, y, size)
            return
        context.fillStyle = self.tile["hit"] if code == Cell.MINE_HIT else self.tile["open"]
        context.fillRect(x, y, size, size)
        context.strokeStyle = self.tile["open_line"]
        context.lineWidth = 1
        context.strokeRect(x + 0.5, y + 0.5, size - 1, size - 1)
        if Cell.NUMBER_1 <= code <= Cell.NUMBER_8:
            self._text(context, str(int(code)), self.numbers[int(code)], x, y, size)
        elif code in (Cell.MINE, Cell.MINE_HIT):
            self._mine(context, x, y, size)
        elif code == Cell.WRONG_FLAG:
            self._mine(context, x, y, size)
            context.strokeStyle = self.tile["wrong"]
            context.lineWidth = max(2.0, size * 0.09)
            context.beginPath()
            context.moveTo(x + size * 0.2, y + size * 0.2)
            context.lineTo(x + size * 0.8, y + size * 0.8)
            context.moveTo(x + size * 0.8, y + size * 0.2)
            context.lineTo(x + size * 0.2, y + size * 0.8)
            context.stroke()

    def _raised(self, context: Any, x: float, y: float, size: float) -> None:
        edge = max(2.0, size * 0.1)
        context.fillStyle = self.tile["shadow"]
        context.fillRect(x, y, size, size)
        context.fillStyle = self.tile["light"]
        context.beginPath()
        context.moveTo(x, y)
        context.lineTo(x + size, y)
        context.lineTo(x, y + size)
        context.fill()
        context.fillStyle = self.tile["face"]
        context.fillRect(x + edge, y + edge, size - 2 * edge, size - 2 * edge)

    def _flag(self, context: Any, x: float, y: float, size: float) -> None:
        context.fillStyle = self.tile["pole"]
        context.fillRect(x + size * 0.5, y + size * 0.2, size * 0.05, size * 0.5)
        context.fillRect(x + size * 0.36, y + size * 0.66, size * 0.34, size * 0.06)  # a stepped base,
        context.fillRect(x + size * 0.26, y + size * 0.72, size * 0.52, size * 0.08)  # so it never reads as "1"
        context.fillStyle = self.tile["flag"]
        context.beginPath()
        context.moveTo(x + size * 0.55, y + size * 0.2)
        context.lineTo(x + size * 0.25, y + size * 0.34)
        context.lineTo(x + size * 0.55, y + size * 0.48)
        context.fill()

    def _mine(self, context: Any, x: float, y: float, size: float) -> None:
        cx, cy, radius = x + size / 2, y + size / 2, size * 0.24
        context.strokeStyle = self.tile["mine"]
        context.lineWidth = max(1.5, size * 0.07)
        context.beginPath()
        for dx, dy in ((1, 0), (0, 1), (0.7, 0.7), (0.7, -0.7)):
            context.moveTo(cx - dx * radius * 1.45, cy - dy * radius * 1.45)
            context.lineTo(cx + dx * radius * 1.45, cy + dy * radius * 1.45)
        context.stroke()
        context.fillStyle = self.tile["mine"]
        context.beginPath()
        context.arc(cx, cy, radius, 0, 6.2832)
        context.fill()
        context.fillStyle = "#ffffff"
        context.beginPath()
        context.arc(cx - radius * 0.35, cy - radius * 0.35, radius * 0.22, 0, 6.2832)
        context.fill()

    def _text(self, context: Any, text: str, colour: str, x: float, y: float, size: float) -> None:
        context.fillStyle = colour
        context.font = f"700 {size * 0.62:.0f}px system-ui, sans-serif"
        context.textAlign = "center"
        context.textBaseline = "middle"
        context.fillText(text, x + size / 2, y + size * 0.54)

    # ----- words -----------------------------------------------------------------------------

    def label(self, code: int, position: tuple[int, int]) -> str:
        """"Row R, column C, <state>" with the state in the page's language."""
        row, col = position
        return self.t("mines_cell", row=row + 1, col=col + 1, state=self.state_text(code))

    def state_text(self, code: int) -> str:
        """What a cell shows, in words (hidden, flagged, 3 adjacent mines, mine...)."""
        if code == Cell.HIDDEN:
            return self.t("mines_state_hidden")
        if code == Cell.FLAG:
            return self.t("mines_state_flagged")
        if code == Cell.WRONG_FLAG:
            return self.t("mines_state_wrong_flag")
        if code == Cell.QUESTION:
            return self.t("mines_state_question")
        if code == Cell.MINE:
            return self.t("mines_state_mine")
        if code == Cell.MINE_HIT:
            return self.t("mines_state_mine_hit")
        if code == Cell.NUMBER_0:
            return self.t("mines_state_zero")
        if code == Cell.NUMBER_1:
            return self.t("mines_state_one")
        return self.t("mines_state_many", count=int(code))

    def lost_text(self) -> str:
        """Where the mine was hit."""
        row, col = self.host.state.exploded
        return self.t("mines_lost", row=row + 1, col=col + 1)

    def loss_report(self, session: Any) -> tuple[str, list[tuple[str, str]], list[tuple[int, int]]]:
        """The loss dialog: its title, rows (the mine, the post-mortem, deaths) and the cells to ring.

        The post-mortem asks the deduction solver about the board as it was before
        the fatal move: a cell it proves safe is named and ringed; otherwise the
        fatal click was a forced guess.
        """
        t = self.t
        row, col = session.state.exploded
        rows = [(t("mines_lost_where"), t("mines_lost_cell", row=row + 1, col=col + 1))]
        ring: list[tuple[int, int]] = []
        before, move = session.previous_state, session.last_move
        try:
            result = mines.post_mortem(before, move) if before is not None and move is not None else None
        except ValueError:
            result = None  # not reached by a losing move (never in play): say no more than what happened
        if result is not None:
            if result.safe_cell is not None:
                safe_row, safe_col = result.safe_cell
                verdict = t("mines_pm_safe", row=safe_row + 1, col=safe_col + 1)
                ring = [result.safe_cell]
            else:
                verdict = t("mines_pm_guess")
            if result.fatal_was_provable_mine:
                verdict = f"{verdict} {t('mines_pm_was_mine')}"
            rows.append((t("mines_post_mortem"), verdict))
        rows.append((t("deaths"), str(session.deaths)))
        return t("mines_lost_title"), rows, ring

    # ----- input -----------------------------------------------------------------------------

    flag_mode = False  # the play bar's Flag mode: a tap (click, Enter) flags and a long press opens

    def move_for(self, action: str, state: mines.State, row: int, col: int) -> Any:
        """Open a cell or chord on an opened number (the backend tells which); or cycle a hidden cell's mark.

        Marks go flag, then ? when that setting is on; the backend refuses marks on opened cells.
        In Flag mode the two actions trade places (minesweeper.online's touch toggle).
        """
        if self.flag_mode:
            action = "open" if action == "flag" else "flag"
        if action == "flag":
            return ("mark", row, col, bool(self.host.setting("mines_question_marks")))
        return ("open", row, col)

    def after_move(self, before: Any, after: mines.State, move: Any, changed: list[tuple[int, int]]) -> None:
        """Sound, and uncover newly opened cells outward from where the opening began."""
        if move[0] in ("mark", "flag", "unflag"):
            self.host.play_sound("flag")
            return
        if mines.status(after) < 0:
            return  # the loss has its own sound
        self.host.play_sound("open")
        reveal = [(r, c, d) for r, c, d in after.last_reveal]
        if len(reveal) > 1:
            cells = [(r, c) for r, c, _ in reveal]
            delays = [float(min(d * REVEAL_STEP_MS, REVEAL_MAX_MS)) for _, _, d in reveal]
            self.board.mark(cells, "reveal", delays_ms=delays)

    def move_summary(self, before: Any, after: mines.State, move: Any, verbosity: str) -> str | None:
        """"Row 3, column 4, 2 adjacent mines; 33 hidden, 8 mines left" after the player's own move (full: and
        how many cells opened); undo, redo and restart say only the counts.

        The cell's new words come first: they are what the move found, and a screen reader
        does not reliably read a focused button's changed name again.
        """
        grid = mines.visible_grid(after)
        hidden = int(np.count_nonzero(mines.covered(grid)))
        left = mines.mines_left(after)
        opened = 0  # (counted for full words only)
        if verbosity == "full" and before is not None:
            was_hidden = mines.covered(mines.visible_grid(before))
            opened = int(np.count_nonzero(was_hidden & (grid <= Cell.NUMBER_8)))
        counts = self.t("mines_said_short", hidden=hidden, left=left)
        opened_text = self.t("mines_said_opened", opened=opened)
        if move is not None:
            row, col = int(move[1]), int(move[2])
            cell = self.label(int(grid[row, col]), (row, col))
            if verbosity == "full":
                return self.t("mines_said_move_full", cell=cell, opened=opened_text, counts=counts)
            return self.t("mines_said_move_short", cell=cell, counts=counts)
        if verbosity == "full" and before is not None:
            return self.t("mines_said_full", opened=opened_text, counts=counts)
        return counts

    def hint_words(self, state: Any, move: Any) -> str | None:
        """"Hint: opened row 3, column 4": the proved move the hint plays."""
        kind, row, col = move[0], move[1], move[2]
        key = {"open": "mines_hint_open", "flag": "mines_hint_flag", "unflag": "mines_hint_unflag"}[kind]
        return self.t(key, row=row + 1, col=col + 1)

    def use_hint(self, move: Any) -> None:
        """Put the cursor on the proved move's cell, play it, and ring it (the screen clears rings on a move)."""
        board = self.board
        board.move_cursor(move[1], move[2], focus=board.has_focus())
        self.host.request(move)
        board.mark([(int(move[1]), int(move[2]))], "hinted")

    # ----- numbers ---------------------------------------------------------------------------

    def stats(self, session: Any, best: dict[str, float]) -> list[tuple[str, str, str]]:
        """Mines left, time and best time for this board size."""
        t = self.t
        return [
            ("mines-left", t("mines_left_label"), str(mines.mines_left(session.state))),
            ("time", t("time"), format_clock(session.elapsed, tenths=session.over)),
            ("best-time", t("best_time"), format_clock(best["time"], tenths=True) if "time" in best else "—"),
        ]

    def result_rows(self, session: Any) -> list[tuple[str, str]]:
        """Time, 3BV and 3BV per second; and the deaths, when a loss was undone on the way."""
        elapsed = session.elapsed
        board_value = mines.bbbv(session.state)
        rate = board_value / elapsed if elapsed > 0 else 0.0
        shown = format_clock(elapsed, tenths=True)  # "0:03.6" below 10 s, as the clock and the best show it
        if elapsed >= TENTHS_BELOW_S:  # (Minesweeper players compare tenths at every length)
            shown += f" ({self.t('seconds_precise', seconds=f'{elapsed:.1f}')})"
        rows = [(self.t("time"), shown),
                (self.t("mines_bbbv"), str(board_value)), (self.t("mines_bbbv_rate"), f"{rate:.2f}")]
        if session.deaths:
            rows.append((self.t("deaths"), str(session.deaths)))
        return rows

    def play_tools(self, listen: Any) -> Any:
        """Flag mode, beside the board: a toggle for touch players (a tap flags; a long press opens)."""
        self.flag_mode = False
        button = element("button", cls="control flag-mode", attrs={
            "type": "button", "id": "mines-flag-mode", "aria-pressed": "false", "data-i18n": "mines_flag_mode",
            "aria-describedby": "mines-flag-mode-note"})
        note = element("span", cls="visually-hidden", attrs={"id": "mines-flag-mode-note",
                                                              "data-i18n": "mines_flag_mode_note"})

        def toggle(_event: Any) -> None:
            self.flag_mode = not self.flag_mode
            button.setAttribute("aria-pressed", "true" if self.flag_mode else "false")
            self.host.announce(self.t("mines_flag_mode_on" if self.flag_mode else "mines_flag_mode_off"))

        listen(button, "click", toggle)
        return element("div", cls="play-tools mines-tools", children=[button, note])

    def extra_controls(self, host: Any) -> None:
        """Switches for no-guess boards and question marks."""
        for setting, key in (("mines_no_guess", "mines_no_guess"), ("mines_question_marks", "mines_question_marks")):
            box = element("input", attrs={"type": "checkbox", "id": f"setting-{setting}"})
            box.checked = bool(self.host.setting(setting))
            host.appendChild(element("label", children=[box, element("span", attrs={"data-i18n": key})]))
            self.host.listen(box, "change",
                               lambda event, name=setting: self._toggle(name, bool(event.target.checked)))

    def _toggle(self, name: str, value: bool) -> None:
        self.host.set_setting(name, value)
        if name == "mines_no_guess" and self.host.state.mines is None:
            self.host.new_game(focus_board=False)  # nothing played yet: the choice applies at once

