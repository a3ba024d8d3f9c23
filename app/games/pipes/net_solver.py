"""Net mode's solver: every layout of the tiles (each turned as it may be) that makes one tree.

As in Simon Tatham's net.c, each tile keeps the set of values it may still take (a 16-bit
mask over 0-15) and deductions narrow the sets until nothing changes:

- an edge is open from both sides or from neither, and edges facing off a board that does
  not wrap are closed;
- an edge whose two ends are already joined by open edges would close a loop, so it is closed;
- a group of joined tiles that is not the whole board must leave through one of its
  undecided edges: with none left the layout is dead, with exactly one that edge is open.

When the deductions stall, the solver branches on the tile with the fewest choices and
counts solutions up to a limit, so `is_unique` is a proof: two solutions are found if
they exist, and a single one means the deductions and search covered every other layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .board import State, neighbours
from .params import Params
from .tiles import DOWN, RIGHT, SIDES, orientations

_WITH = {side: sum(1 << v for v in range(16) if v & side) for side in SIDES}  # values open on `side`
_WITHOUT = {side: 0xFFFF & ~mask for side, mask in _WITH.items()}
_OPEN_INFO: dict[int, tuple[int, int]] = {}  # candidate mask -> (sides open in all, sides open in some)


def _open_info(mask: int) -> tuple[int, int]:
    """Return (sides every candidate opens, sides some candidate opens) for a candidate mask."""
    info = _OPEN_INFO.get(mask)
    if info is None:
        must, may = 15, 0
        for value in range(16):
            if mask >> value & 1:
                must &= value
                may |= value
        info = _OPEN_INFO[mask] = (must if mask else 0, may)
    return info


class _Board:
    """The fixed facts of one puzzle the search shares: its neighbour table and forward edges."""

    def __init__(self, params: Params) -> None:
        self.links = neighbours(params.width, params.height, params.wrap)
        self.cells = params.width * params.height
        # Each edge once, from the cell on its left or upper side (wrapping edges included).
        self.edges = [
            (cell, side, other, facing)
            for cell in range(self.cells)
            for side, other, facing in self.links[cell]
            if side in (RIGHT, DOWN)
        ]


def _propagate_local(board: _Board, cand: list[int], queue: list[int]) -> bool:
    """Make every edge agree at both ends, starting from the cells in `queue`; False on a contradiction."""
    links = board.links
    while queue:
        cell = queue.pop()
        must, may = _open_info(cand[cell])
        for side, other, facing in links[cell]:
            if must & side:
                narrowed = cand[other] & _WITH[facing]
            elif not may & side:
                narrowed = cand[other] & _WITHOUT[facing]
            else:
                continue
            if narrowed != cand[other]:
                if not narrowed:
                    return False
                cand[other] = narrowed
                queue.append(other)
    return True


def _find(parent: list[int], cell: int) -> int:
    """Return the representative of `cell`'s group, halving paths on the way."""
    while parent[cell] != cell:
        parent[cell] = parent[parent[cell]]
        cell = parent[cell]
    return cell


def _propagate_global(board: _Board, cand: list[int]) -> list[int] | None:
    """Apply the loop and closed-group rules once; return the cells narrowed, or None on a contradiction."""
    info = [_open_info(mask) for mask in cand]
    parent = list(range(board.cells))
    size = [1] * board.cells
    undecided = []
    for cell, side, other, facing in board.edges:
        if info[cell][0] & side:
            a, b = _find(parent, cell), _find(parent, other)
            if a == b:
                return None  # open edges already make a loop
            if size[a] < size[b]:
                a, b = b, a
            parent[b] = a
            size[a] += size[b]
        elif info[cell][1] & side:
            undecided.append((cell, side, other, facing))
    changed: list[int] = []
    exits = [0] * board.cells
    last_exit: dict[int, tuple[int, int, int, int]] = {}
    for edge in undecided:
        cell, side, other, facing = edge
        a, b = _find(parent, cell), _find(parent, other)
        if a == b:
            cand[cell] &= _WITHOUT[side]
            cand[other] &= _WITHOUT[facing]
            if not cand[cell] or not cand[other]:
                return None
            changed += (cell, other)
        else:
            exits[a] += 1
            exits[b] += 1
            last_exit[a] = last_exit[b] = edge
    for cell in range(board.cells):
        if parent[cell] != cell or size[cell] == board.cells:
            continue
        if exits[cell] == 0:
            return None  # a finished group that is not the whole board
        if exits[cell] == 1:
            edge_cell, side, other, facing = last_exit[cell]
            cand[edge_cell] &= _WITH[side]
            cand[other] &= _WITH[facing]
            if not cand[edge_cell] or not cand[other]:
                return None
            changed += (edge_cell, other)
    return changed


def _deduce(board: _Board, cand: list[int], queue: list[int]) -> bool:
    """Run all deductions to a fixed point; False on a contradiction."""
    while True:
        if not _propagate_local(board, cand, queue):
            return False
        changed = _propagate_global(board, cand)
        if changed is None:
            return False
        if not changed:
            return True
        queue = changed


def initial_candidates(params: Params, tiles: Sequence[int]) -> list[int]:
    """Return each tile's candidate mask: its orientations, less those opening off a board that does not wrap."""
    links = neighbours(params.width, params.height, params.wrap)
    cand = []
    for cell, value in enumerate(tiles):
        mask = sum(1 << v for v in orientations(value))
        present = 0
        for side, _, _ in links[cell]:
            present |= side
        for side in SIDES:
            if not present & side:
                mask &= _WITHOUT[side]
        cand.append(mask)
    return cand


def solutions(params: Params, tiles: Sequence[int], limit: int = 2) -> list[tuple[int, ...]]:
    """Return up to `limit` layouts (tile values, row-major) that join all tiles in one tree."""
    board = _Board(params)
    cand = initial_candidates(params, tiles)
    if any(mask == 0 for mask in cand):
        return []
    found: list[tuple[int, ...]] = []
    stack = [(cand, list(range(board.cells)))]
    while stack and len(found) < limit:
        cand, queue = stack.pop()
        if not _deduce(board, cand, queue):
            continue
        open_cells = [(mask.bit_count(), cell) for cell, mask in enumerate(cand) if mask & (mask - 1)]
        if not open_cells:
            found.append(tuple(mask.bit_length() - 1 for mask in cand))
            continue
        _, cell = min(open_cells)
        mask = cand[cell]
        while mask:
            low = mask & -mask
            mask ^= low
            branch = list(cand)
            branch[cell] = low
            stack.append((branch, [cell]))
    return found


@lru_cache(maxsize=32)
def _unique_solution(params: Params, shapes: tuple[int, ...]) -> tuple[int, ...] | None:
    """Return the one solution of tiles with these shapes, or None; cached because hints ask after every move."""
    found = solutions(params, shapes, 2)
    return found[0] if len(found) == 1 else None


def canonical_shapes(tiles: Sequence[int]) -> tuple[int, ...]:
    """Return each tile as its smallest orientation: the same for every turn of the same puzzle."""
    return tuple(min(orientations(value)) for value in tiles)


def solve(state: State) -> tuple[int, ...] | None:
    """Return the tiles of the Net puzzle's solution if it has exactly one, else None (locks ignored)."""
    return _unique_solution(state.params, canonical_shapes(state.tiles))


def is_unique(params: Params, tiles: Sequence[int]) -> bool:
    """Return whether exactly one layout of these tiles joins them all in one tree."""
    return len(solutions(params, tiles, 2)) == 1
