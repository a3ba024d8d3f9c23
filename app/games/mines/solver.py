"""Minesweeper deduction: what can be proved from the opened numbers and the mine total.

The rules are the ones a careful player uses, after Simon Tatham's `minesolve`:

- a set of hidden cells with 0 mines is safe, one with as many mines as cells is all mines;
- two overlapping sets: if the mines one holds beyond the other fill its own part, its
  part is mines and the other's part is safe; a subset splits its superset's count;
- the mine total: a disjoint union of sets whose counts leave 0 mines (or one per
  cell) for the hidden cells outside it settles all of those cells.

Every set is a fact "these hidden cells hold exactly k mines". Sets are bitsets
(Python ints), each inside one 3×3 block, so the work stays local and cheap.

Deductions never read the layout: the solver sees a number only when it opens a
cell it has proved safe (`Deduction.numbers`, just what a player would see), and
hints give it no layout at all. The generator may move mines while solving
(`perturb`); the solver then fixes the counts of the facts the move touched and
carries on.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator
from typing import Any, TypeVar

import numpy as np

from .geometry import Geometry, bit_indices, geometry

ResultT = TypeVar("ResultT")  # what a sliced computation returns when drained

UNKNOWN = -2
MINE = -1
SAFE_UNSEEN = -3  # proved safe but not opened, so its number is unknown (hint mode)
MAX_GLOBAL_SETS = 10  # the mine-total search tries every disjoint union, so keep it small
# Work units per slice of `Deduction.run_steps`. A unit is about one fact touched (a
# cell counts one plus the facts it is in, a fact one plus half the facts it overlaps);
# the mine-total search, a perturbation and setting up a solve are weighted by their
# measured cost. On a dense 50×50 board (2,500-bit masks) a unit is about 10 µs of
# CPython, so a slice is about 15 ms (Pyodide: 3-5× that); see bench/mines_generate.py.
SLICE_WORK = 1000
PERTURB_WORK_PER_CELLS = 128  # a perturbation: one work unit per this many cells of the board
SETUP_WORK_PER_CELLS = 10  # a new solve of a known layout (its numbers): one unit per this many cells

Change = tuple[int, int]  # (cell index, +1 a mine was added / -1 one was removed)
Perturb = Callable[["Deduction"], "list[Change] | None"]


class Deduction:
    """The knowledge of one solve: known cells, open facts and the work still queued."""

    def __init__(self, geo: Geometry, total_mines: int, layout: int | None = None) -> None:
        self.geo = geo
        self.total_mines = total_mines
        self.cells = [UNKNOWN] * geo.size  # UNKNOWN, MINE, SAFE_UNSEEN or the opened number
        self.unknown_mask = geo.full_mask
        self.unknown_count = geo.size
        self.known_mines = 0
        self.mines_left = total_mines
        self.sets: dict[int, int] = {}  # bitset -> mines in it; dicts keep a stable order
        self.sets_of_cell: list[dict[int, None]] = [{} for _ in range(geo.size)]
        self.todo_sets: deque[int] = deque()
        self.queued: set[int] = set()
        self.todo_cells: deque[int] = deque()
        self.deduced: list[tuple[int, bool]] = []  # (index, is_mine) in the order proved
        self.watch_safe = 0  # stop `run` as soon as one of these cells is proved safe
        self.watched_found = False
        self.work = 0  # work units done by `run_steps` (see SLICE_WORK)
        # The layout is the "opening" oracle: set only when solving a known board.
        self.mine_mask = layout
        self.numbers: list[int] | None = None
        if layout is not None:
            masks = geo.neighbour_masks
            self.numbers = [(masks[i] & layout).bit_count() for i in range(geo.size)]

    # -- learning -------------------------------------------------------------

    def learn_number(self, index: int, number: int) -> None:
        """Record an opened cell showing `number` (the start of a solve)."""
        if self.cells[index] != UNKNOWN:
            return
        self.cells[index] = number
        self.unknown_mask &= ~(1 << index)
        self.unknown_count -= 1
        self.todo_cells.append(index)

    def open_cell(self, index: int) -> None:
        """Open a cell of the known layout, as the player's first click does."""
        if self.numbers is None or self.mine_mask is None or self.mine_mask >> index & 1:
            raise ValueError("open_cell needs a layout and a safe cell")
        self.learn_number(index, self.numbers[index])

    def _mark(self, mask: int, is_mine: bool) -> None:
        mask &= self.unknown_mask
        if not mask:
            return
        self.unknown_mask ^= mask
        count = mask.bit_count()
        self.unknown_count -= count
        cells = self.cells
        todo = self.todo_cells
        deduced = self.deduced
        if is_mine:
            self.known_mines |= mask
            self.mines_left -= count
            for index in bit_indices(mask):
                cells[index] = MINE
                todo.append(index)
                deduced.append((index, True))
            return
        if mask & self.watch_safe:
            self.watched_found = True
        numbers = self.numbers
        for index in bit_indices(mask):
            cells[index] = SAFE_UNSEEN if numbers is None else numbers[index]
            todo.append(index)
            deduced.append((index, False))

    # -- the fact store -------------------------------------------------------

    def _add_set(self, mask: int, mines: int) -> None:
        if mines == 0:
            self._mark(mask, False)
            return
        if mines == mask.bit_count():
            self._mark(mask, True)
            return
        sets = self.sets
        if mask in sets:
            return
        sets[mask] = mines
        sets_of_cell = self.sets_of_cell
        for index in bit_indices(mask):
            sets_of_cell[index][mask] = None
        if mask not in self.queued:
            self.queued.add(mask)
            self.todo_sets.append(mask)

    def _remove_set(self, mask: int) -> int:
        mines = self.sets.pop(mask)
        sets_of_cell = self.sets_of_cell
        for index in bit_indices(mask):
            del sets_of_cell[index][mask]
        return mines

    # -- deduction steps ------------------------------------------------------

    def _process_cell(self, index: int) -> int:
        """Turn a newly known cell into a fact about its neighbours and drop it from other facts.

        Returns the work done, in units (one, plus one per fact the cell was in).
        """
        value = self.cells[index]
        if value >= 0:
            around = self.geo.neighbour_masks[index]
            hidden = around & self.unknown_mask
            if hidden:
                self._add_set(hidden, value - (around & self.known_mines).bit_count())
        holders = self.sets_of_cell[index]
        if holders:
            bit = 1 << index
            drop = 1 if value == MINE else 0
            touched = list(holders)
            for mask in touched:
                mines = self._remove_set(mask)
                if mask != bit:
                    self._add_set(mask ^ bit, mines - drop)
            return 1 + len(touched)
        return 1

    def _process_set(self, mask: int) -> int:
        """Compare one fact with every fact it overlaps (Tatham's wing rules); return the work units."""
        sets = self.sets
        mines = sets[mask]
        if mines == 0 or mines == mask.bit_count():  # possible after a perturbation
            self._mark(mask, mines != 0)
            return 1
        sets_of_cell = self.sets_of_cell
        overlapping: dict[int, None] = {}
        for index in bit_indices(mask):
            overlapping.update(sets_of_cell[index])
        for other in overlapping:
            other_mines = sets.get(other)
            if other_mines is None or other == mask:
                continue
            wing = mask & ~other
            other_wing = other & ~mask
            wing_size = wing.bit_count()
            other_wing_size = other_wing.bit_count()
            if wing_size == mines - other_mines:
                # The extra mines fill this wing: it is all mines, the other wing all safe.
                self._mark(wing, True)
                self._mark(other_wing, False)
            elif other_wing_size == other_mines - mines:
                self._mark(other_wing, True)
                self._mark(wing, False)
            elif not wing_size:
                self._add_set(other_wing, other_mines - mines)
            elif not other_wing_size:
                self._add_set(wing, mines - other_mines)
        return 1 + len(overlapping) // 2

    def _use_mine_total(self) -> bool:
        """Apply the global mine count; return True if it proved anything."""
        left = self.mines_left
        unknown = self.unknown_count
        if left == 0 or left == unknown:
            self._mark(self.unknown_mask, left != 0)
            return True
        if len(self.sets) > MAX_GLOBAL_SETS:
            return False
        facts = list(self.sets.items())
        # Depth-first over disjoint unions of facts; each node is one union.
        stack = [(0, 0, 0, 0)]  # (next fact, union, mines in union, cells in union)
        while stack:
            start, union, mines, size = stack.pop()
            if union:
                outside = unknown - size
                rest = left - mines
                if outside > 0 and (rest == 0 or rest == outside):
                    self._mark(self.unknown_mask & ~union, rest != 0)
                    return True
            for k in range(len(facts) - 1, start - 1, -1):
                mask, count = facts[k]
                if not mask & union:
                    stack.append((k + 1, union | mask, mines + count, size + mask.bit_count()))
        return False

    def _apply_changes(self, changes: list[Change]) -> None:
        """Move mines in the layout and restore every fact the move made untrue."""
        cells = self.cells
        numbers = self.numbers
        assert numbers is not None and self.mine_mask is not None
        for index, delta in changes:
            bit = 1 << index
            self.mine_mask ^= bit
            for other in self.geo.neighbours[index]:
                numbers[other] += delta
                if cells[other] >= 0:
                    cells[other] += delta
            value = cells[index]
            if value == UNKNOWN:
                for mask in self.sets_of_cell[index]:
                    self.sets[mask] += delta
                    if mask not in self.queued:
                        self.queued.add(mask)
                        self.todo_sets.append(mask)
            elif delta > 0:  # an opened cell became a mine: it is simply a known mine now
                cells[index] = MINE
                self.known_mines |= bit
                self.mines_left -= 1
            else:  # a known mine became safe: open it
                cells[index] = numbers[index]
                self.known_mines &= ~bit
                self.mines_left += 1
                self.todo_cells.append(index)

    # -- driver ---------------------------------------------------------------

    def run(self, perturb: Perturb | None = None, max_perturbs: int = 0) -> int:
        """Deduce until done or stuck; return perturbations used, or -1 if cells stay unknown."""
        return drain(self.run_steps(perturb, max_perturbs, slice_work=1 << 62))

    def run_steps(
        self,
        perturb: Perturb | None = None,
        max_perturbs: int = 0,
        slice_work: int = SLICE_WORK,
        work_before: int = 0,
    ) -> Generator[None, None, int]:
        """`run` in slices: yield after every `slice_work` work units, then return what `run` returns.

        The yields only pause the work, so the outcome is the same however it is
        sliced. `self.work` counts the units done so far (it is brought up to date
        at each yield and at the end); `work_before` is work already done in the
        current slice (setting up the solve), so that the first slice is shorter.
        """
        perturbs = 0
        work = work_before
        todo_cells = self.todo_cells
        todo_sets = self.todo_sets
        while True:
            while todo_cells:
                work += self._process_cell(todo_cells.popleft())
                if work >= slice_work:
                    self.work += work
                    work = 0
                    yield
            if self.watched_found:
                break
            if todo_sets:
                mask = todo_sets.popleft()
                self.queued.discard(mask)
                work += self._process_set(mask) if mask in self.sets else 1
                if work >= slice_work:
                    self.work += work
                    work = 0
                    yield
                continue
            if self.unknown_count == 0:
                break
            # The mine-total search visits up to 2**len(sets) unions when there are few sets.
            sets = len(self.sets)
            work += 1 + ((1 << sets) // 64 if sets <= MAX_GLOBAL_SETS else 0)
            if self._use_mine_total():
                continue
            if perturb is None or perturbs >= max_perturbs:
                perturbs = -1
                break
            if work >= slice_work:  # a perturbation may look at every hidden cell: start it fresh
                self.work += work
                work = 0
                yield
            changes = perturb(self)
            work += 1 + self.geo.size // PERTURB_WORK_PER_CELLS
            if not changes:
                perturbs = -1
                break
            perturbs += 1
            self._apply_changes(changes)
            work += len(changes)
        self.work += work
        return perturbs


def drain(steps: Generator[object, None, ResultT]) -> ResultT:
    """Run a sliced computation to its end and return its result (the local `run_to_end`)."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            result: ResultT = stop.value
            return result


def known_grid(deduction: Deduction) -> np.ndarray[Any, Any]:
    """Return the solver's knowledge as a (height, width) int8 grid: -2 unknown, -1 mine, else number."""
    geo = deduction.geo
    grid = np.array(deduction.cells, dtype=np.int8).reshape(geo.height, geo.width)
    grid[grid == SAFE_UNSEEN] = UNKNOWN
    return grid


def layout_mask(mines: np.ndarray[Any, Any]) -> int:
    """Return a bool (height, width) layout as a bitset."""
    flat = np.flatnonzero(np.asarray(mines, dtype=bool).ravel())
    mask = 0
    for index in flat.tolist():
        mask |= 1 << index
    return mask


def solve_from_first_click(mines: np.ndarray[Any, Any], first: tuple[int, int]) -> np.ndarray[Any, Any]:
    """Solve a known layout from its first click by deduction alone; return what was proved.

    The result is an int8 grid: -2 where the solver could not decide, -1 for a proved
    mine, the number for a proved-safe cell. The layout only answers "what number
    does this cell show" for cells the solver opens, as in play.
    """
    height, width = mines.shape
    deduction = Deduction(geometry(width, height), int(np.count_nonzero(mines)), layout_mask(mines))
    deduction.open_cell(first[0] * width + first[1])
    deduction.run()
    return known_grid(deduction)


def solves_without_guessing(mines: np.ndarray[Any, Any], first: tuple[int, int]) -> bool:
    """Return True if deduction alone finishes the layout from the first click."""
    return bool((solve_from_first_click(mines, first) != UNKNOWN).all())
