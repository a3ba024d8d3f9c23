"""Cell indexing for one board size: flat indices, neighbour lists and bitset helpers.

Cells are numbered row by row (`index = row * width + col`). Sets of cells are
Python ints used as bitsets, with bit `index` standing for a cell; they are fast
in CPython and Pyodide alike, and a 50×50 board is only 2,500 bits.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Geometry:
    """Neighbour tables and bit masks for a width×height board."""

    width: int
    height: int
    size: int
    neighbours: tuple[tuple[int, ...], ...]  # index -> the up to 8 neighbouring indices
    neighbour_masks: tuple[int, ...]  # index -> bitset of those neighbours
    full_mask: int
    first_col_mask: int
    last_col_mask: int

    def index(self, row: int, col: int) -> int:
        """Return the flat index of (row, col)."""
        return row * self.width + col

    def cell(self, index: int) -> tuple[int, int]:
        """Return (row, col) of a flat index."""
        return divmod(index, self.width)

    def area_mask(self, index: int) -> int:
        """Return the bitset of a cell and its neighbours (the 3×3 block, clipped at the edges)."""
        return self.neighbour_masks[index] | (1 << index)

    def dilate(self, mask: int) -> int:
        """Return `mask` grown by one cell in all eight directions."""
        across = mask | ((mask & ~self.last_col_mask) << 1) | ((mask & ~self.first_col_mask) >> 1)
        return (across | (across << self.width) | (across >> self.width)) & self.full_mask


def bit_indices(mask: int) -> list[int]:
    """Return the indices of the set bits of `mask`, lowest first."""
    out: list[int] = []
    if not mask:
        return out
    # Most masks are one 3×3 block of a wide board: shift it down first so that the
    # loop below works on a small int instead of a 2,500-bit one.
    base = (mask & -mask).bit_length() - 1
    mask >>= base
    while mask:
        low = mask & -mask
        out.append(base + low.bit_length() - 1)
        mask ^= low
    return out


@lru_cache(maxsize=32)
def geometry(width: int, height: int) -> Geometry:
    """Return the (cached) neighbour tables for a width×height board."""
    neighbours = []
    masks = []
    for row in range(height):
        for col in range(width):
            around = tuple(
                r * width + c
                for r in range(row - 1, row + 2)
                for c in range(col - 1, col + 2)
                if (r, c) != (row, col) and 0 <= r < height and 0 <= c < width
            )
            neighbours.append(around)
            mask = 0
            for index in around:
                mask |= 1 << index
            masks.append(mask)
    first_col = 0
    last_col = 0
    for row in range(height):
        first_col |= 1 << (row * width)
        last_col |= 1 << (row * width + width - 1)
    return Geometry(
        width=width,
        height=height,
        size=width * height,
        neighbours=tuple(neighbours),
        neighbour_masks=tuple(masks),
        full_mask=(1 << (width * height)) - 1,
        first_col_mask=first_col,
        last_col_mask=last_col,
    )
