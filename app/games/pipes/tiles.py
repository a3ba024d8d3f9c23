"""Tiles: one 4-bit number of open edges (up 1, right 2, down 4, left 8) and how they turn.

A clockwise quarter turn moves every opening one side on (up→right→down→left→up),
which is a one-bit left rotation of the 4-bit number. A player turns a tile by
clicks in either direction, so reaching a layout three quarter turns away costs
one counter-clockwise click: the click distance of k quarter turns is (0, 1, 2, 1)[k].
"""

from __future__ import annotations

from functools import cache

UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8
SIDES = (UP, RIGHT, DOWN, LEFT)  # the order the view names them in
SIDE_NAMES = {UP: "up", RIGHT: "right", DOWN: "down", LEFT: "left"}
OPPOSITE = {UP: DOWN, RIGHT: LEFT, DOWN: UP, LEFT: RIGHT}
STEP = {UP: (-1, 0), RIGHT: (0, 1), DOWN: (1, 0), LEFT: (0, -1)}  # (row, col) offset of the neighbour
CLICKS_FOR_QUARTER_TURNS = (0, 1, 2, 1)  # clockwise quarter turns -> clicks in the cheaper direction

# Tile families by their shape (in one orientation); the generator mixes them.
DEAD_END = UP
STRAIGHT = UP | DOWN
BEND = UP | RIGHT
TEE = UP | RIGHT | DOWN
CROSS = UP | RIGHT | DOWN | LEFT


def rotate_cw(value: int) -> int:
    """Return the tile turned a quarter clockwise."""
    return ((value << 1) | (value >> 3)) & 15


def rotate_ccw(value: int) -> int:
    """Return the tile turned a quarter counter-clockwise (undoes `rotate_cw`)."""
    return ((value >> 1) | (value << 3)) & 15


def rotate(value: int, quarter_turns: int) -> int:
    """Return the tile turned `quarter_turns` quarters clockwise (negative: counter-clockwise)."""
    k = quarter_turns % 4
    return ((value << k) | (value >> (4 - k))) & 15


@cache
def orientations(value: int) -> tuple[int, ...]:
    """Return the distinct values a tile can be turned to, starting with itself (1, 2 or 4 of them)."""
    seen: list[int] = []
    for k in range(4):
        turned = rotate(value, k)
        if turned not in seen:
            seen.append(turned)
    return tuple(seen)


@cache
def clicks_between(current: int, target: int) -> int | None:
    """Return the fewest clicks (either direction) that turn `current` into `target`; None if impossible."""
    best = None
    for k in range(4):
        if rotate(current, k) == target:
            clicks = CLICKS_FOR_QUARTER_TURNS[k]
            best = clicks if best is None else min(best, clicks)
    return best


def quarter_turns_between(current: int, target: int) -> int | None:
    """Return the clockwise quarter turns (0-3) of the cheapest way to `target`; None if impossible."""
    cost = clicks_between(current, target)
    if cost is None:
        return None
    return next(k for k in range(4) if rotate(current, k) == target and CLICKS_FOR_QUARTER_TURNS[k] == cost)


def open_sides(value: int) -> tuple[str, ...]:
    """Return the names of the open sides in the order up, right, down, left, e.g. ("up", "down")."""
    return tuple(SIDE_NAMES[side] for side in SIDES if value & side)


def degree(value: int) -> int:
    """Return how many sides of the tile are open."""
    return (value & 15).bit_count()
