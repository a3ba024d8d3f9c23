"""Drawing a state on a board widget: the canvas where codes changed, and each changed position's words.

On a big board (`BoardWidget.sliced`) the drawing is done in slices (`draw_steps`) that the
screen runs through its slow-move machinery, so no task is long; a small one is drawn at once.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from app.core.game import run_to_end
from app.core.slices import batches, share
from app.web.layout import Position

DESCRIBE_SLICE_POSITIONS = 250  # positions named per call to the page on a big board
PAINTED_SHARE = 0.8  # of a drawing's progress: painting costs far more than naming


def draw_state(board: Any, view: Any, state: Any, *, force: bool = False) -> list[Position]:
    """Paint `state` through the view's codes and describe the live positions that changed; return them."""
    return run_to_end(draw_steps(board, view, state, force=force))


def draw_steps(board: Any, view: Any, state: Any, *, force: bool = False) -> Generator[float, None, list[Position]]:
    """`draw_state` in slices, yielding progress (0..1); returns the positions that changed.

    The board takes the new codes at once, so what a later draw compares against is this state.
    """
    codes = view.codes(state)
    painting = board.paint_steps(codes, force=force)
    while True:
        try:
            yield share(next(painting), 0.0, PAINTED_SHARE)
        except StopIteration as painted:
            changed: list[Position] = painted.value
            break
    layout = board.layout
    size = DESCRIBE_SLICE_POSITIONS if board.sliced else max(1, len(changed))
    for part, done in batches(changed, size):
        items = []
        for position in part:
            if layout.is_live(position):
                code = int(codes[layout.index(position)])
                items.append((position, code, view.label(code, position), view.pressed(code)))
        board.describe_many(items)  # one call to the page, not four per position
        yield share(done, PAINTED_SHARE, 1.0)
    return changed
