"""Drawing a state on a board widget: the canvas where codes changed, and each changed position's words."""

from __future__ import annotations

from typing import Any

from app.web.layout import Position


def draw_state(board: Any, view: Any, state: Any, *, force: bool = False) -> list[Position]:
    """Paint `state` through the view's codes and describe the live positions that changed; return them."""
    codes = view.codes(state)
    changed = board.paint(codes, force=force)
    layout = board.layout
    items = []
    for position in changed:
        if layout.is_live(position):
            code = int(codes[layout.index(position)])
            items.append((position, code, view.label(code, position), view.pressed(code)))
    board.describe_many(items)  # one call to the page, not four per position
    return changed
