"""Work cut into slices, so the page can give the browser a turn between them (issue #20, item 8).

The page runs such work through its slow-move machinery (`app.web.screen.slow_move`),
which drains as many slices as fit in a short budget per browser turn; the pieces
here say only how a list of items is cut and how far along the work is.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")


def batches(items: Sequence[T], size: int) -> Iterator[tuple[Sequence[T], float]]:
    """Yield consecutive runs of at most `size` items, each with the share of all items done after it.

    Every item comes exactly once, in order; the last share is 1.0. An empty list yields nothing.
    """
    if size < 1:
        raise ValueError("a batch holds at least one item")
    total = len(items)
    for start in range(0, total, size):
        end = min(start + size, total)
        yield items[start:end], end / total


def share(done: float, start: float, end: float) -> float:
    """Map a phase's own progress (0..1) onto its part [start, end] of the whole work's progress."""
    return start + (end - start) * min(max(done, 0.0), 1.0)
