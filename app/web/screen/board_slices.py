"""The board in play on the game screen: its widget, made and drawn at once or, when big, in slices.

A 50×50 Minesweeper board has 2,500 buttons to make, paint and name: done in one task
it blocked the page for 0.2-0.5 s (more on a busy machine). On a board the widget calls
`sliced`, the drawing hands that work to the screen's slow-move machinery (`SlowMove`),
which runs it a short budget at a time and shows the busy mark (without Cancel: a board
must not be left half drawn). Until its buttons are made the board has nothing to press;
a move asked for while it is drawn (a click or key on a cell) is kept in `waiting` and
played, in order, once the drawing is done, never lost or played on another board.
Undo, redo, hints and Check wait for the end of the work; keyboard focus asked for
meanwhile goes to the board once its buttons are made. A small board is made and drawn
at once.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from app.web.board import BoardWidget
from app.web.layout import Position
from app.web.screen.draw import draw_steps
from app.web.screen.interface import BoardInPlay
from app.web.screen.slow_move import SlowMove

DRAWING = "busy_drawing"


class BoardDrawing:
    """The screen's board widget, and its drawing at once or in slices with the moves kept meanwhile."""

    def __init__(self, area: Any, screen: BoardInPlay, slow: SlowMove) -> None:
        self._area = area
        self._screen = screen
        self._slow = slow
        self.board: BoardWidget | None = None
        self.waiting: list[Any] = []  # moves asked for while a big board is drawn, played once it is

    def open(self, state: Any, on_action: Callable[[str, int, int], None], grid_label: str) -> BoardWidget:
        """Replace the board with a new one for `state` (its buttons made later, in slices, if it is big)."""
        self.close()
        view = self._screen.view
        self.board = BoardWidget(self._area, view.layout(state), view.actions, grid_label=grid_label,
                                 painter=view.paint, widen=view.widen, on_action=on_action, describedby="board-keys")
        return self.board

    def keep(self, move: Any) -> bool:
        """Keep a move asked for while the board is being drawn (played once it is); False when nothing is drawn."""
        if self._slow.running and self._slow.drawing:
            self.waiting.append(move)
            return True
        return False

    def build(self) -> None:
        """Make a big board's buttons, then draw the state in play, in slices; a small board was made at once."""
        self.waiting.clear()  # moves kept for the previous board are never played on this one
        board = self.board
        if board is None or board.built:
            return
        screen = self._screen

        def steps() -> Generator[float, None, list[Position]]:
            yield from board.build_steps()
            # The state is read once the buttons are made: a restored game may have replaced the first one.
            session = screen.session
            state = session.state if session is not None else None
            return (yield from draw_steps(board, screen.view, state, force=True))

        def drawn(_changed: list[Position]) -> None:
            board.grid.removeAttribute("aria-busy")  # every position is drawn and named
            screen.render()
            self.play_waiting()

        self._slow.start(steps(), drawn, label_key=DRAWING, drawing=True)

    def redraw(self, then: Callable[[list[Position]], None]) -> None:
        """Render after a move or a step, then call `then(changed)`: at once, or on a big board in slices.

        What fits in one short slice (a flag, a small opening) is still drawn in the same task, with
        no busy mark; a big change (a first click opening half the board, a win) goes on in slices.
        """
        board, screen = self.board, self._screen
        session = screen.session
        if board is None or session is None or not board.sliced or not board.built:
            then(screen.render())
            return

        def drawn(changed: list[Position]) -> None:
            screen.render()  # the numbers and buttons beside the board; the board itself is drawn
            then(changed)
            self.play_waiting()

        self._slow.start(draw_steps(board, screen.view, session.state), drawn, at_once=True,
                         label_key=DRAWING, drawing=True)

    def play_waiting(self) -> None:
        """Play the first move asked for while the board was being drawn (the next waits for its own drawing)."""
        if self.waiting and not self._slow.running:
            self._screen.request(self.waiting.pop(0))

    def repaint(self) -> None:
        """Paint and name the whole board again (its cells changed size): on a big board in slices.

        While other work is under way (a first click laying mines) the board is drawn at once, as
        on a small board, rather than stopping that work; a board still being built is drawn by
        its own slices, at its new size.
        """
        board, screen = self.board, self._screen
        session = screen.session
        if board is None or session is None or not board.sliced or not board.built or self._slow.running:
            screen.render(force=True)
            return

        def drawn(_changed: list[Position]) -> None:
            screen.render()
            self.play_waiting()

        # Not at once: the new size's layout of every button is already forced in this task (the zoom level).
        self._slow.start(draw_steps(board, screen.view, session.state, force=True), drawn,
                         label_key=DRAWING, drawing=True)

    def close(self) -> None:
        """Take the board off the page and free what it holds."""
        if self.board is not None:
            self.board.close()
            self.board = None
