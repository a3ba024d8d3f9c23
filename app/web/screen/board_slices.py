"""A big board made and redrawn in slices on the game screen (issue #20, item 8).

A 50×50 Minesweeper board has 2,500 buttons to make, paint and name: done in one task
it blocked the page for 0.2-0.5 s (more on a busy machine). On a board the widget calls
`sliced`, the game screen hands that work to its slow-move machinery (`SlowMove`),
which runs it a short budget at a time and shows the busy mark (without Cancel: a board
must not be left half drawn). Until its buttons are made the board has nothing to press;
a move asked for while it is drawn (a click or key on a cell) is kept in `screen.waiting`
and played, in order, once the drawing is done, never lost or played on another board.
Undo, redo, hints and Check wait for the end of the work; keyboard focus asked for
meanwhile goes to the board once its buttons are made. A small board is made and drawn
at once, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from app.web.layout import Position
from app.web.screen.draw import draw_steps

DRAWING = "busy_drawing"


def build_board(screen: Any) -> None:
    """Make a big board's buttons, then draw the state in play, in slices; a small board was made at once."""
    screen.waiting.clear()  # moves kept for the previous board are never played on this one
    board = screen.board
    if board is None or board.built:
        return

    def steps() -> Generator[float, None, list[Position]]:
        yield from board.build_steps()
        # The state is read once the buttons are made: a restored game may have replaced the first one.
        return (yield from draw_steps(board, screen.view, screen.session.state, force=True))

    def drawn(_changed: list[Position]) -> None:
        board.grid.removeAttribute("aria-busy")  # every position is drawn and named
        screen.render()
        play_waiting(screen)

    screen.slow.start(steps(), drawn, label_key=DRAWING, drawing=True)


def redraw(screen: Any, then: Callable[[list[Position]], None]) -> None:
    """Render after a move or a step, then call `then(changed)`: at once, or on a big board in slices.

    What fits in one short slice (a flag, a small opening) is still drawn in the same task, with
    no busy mark; a big change (a first click opening half the board, a win) goes on in slices.
    """
    board = screen.board
    if board is None or screen.session is None or not board.sliced or not board.built:
        then(screen.render())
        return

    def drawn(changed: list[Position]) -> None:
        screen.render()  # the numbers and buttons beside the board; the board itself is drawn
        then(changed)
        play_waiting(screen)

    screen.slow.start(draw_steps(board, screen.view, screen.session.state), drawn, at_once=True,
                      label_key=DRAWING, drawing=True)


def play_waiting(screen: Any) -> None:
    """Play the first move asked for while the board was being drawn (the next waits for its own drawing)."""
    if screen.waiting and not screen.slow.running:
        screen.request(screen.waiting.pop(0))


def repaint(screen: Any) -> None:
    """Paint and name the whole board again (its cells changed size): on a big board in slices.

    While other work is under way (a first click laying mines) the board is drawn at once, as
    on a small board, rather than stopping that work; a board still being built is drawn by
    its own slices, at its new size.
    """
    board = screen.board
    if board is None or screen.session is None or not board.sliced or not board.built or screen.slow.running:
        screen.render(force=True)
        return

    def drawn(_changed: list[Position]) -> None:
        screen.render()
        play_waiting(screen)

    # Not at once: the new size's layout of every button is already forced in this task (the zoom level).
    screen.slow.start(draw_steps(board, screen.view, screen.session.state, force=True), drawn,
                      label_key=DRAWING, drawing=True)
