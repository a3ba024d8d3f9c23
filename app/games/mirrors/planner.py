"""The exact solver of the second edition: splitters, and pieces to place, turn and take back.

A move is `("turn", row, col)`, `("place", row, col, kind, orientation)` or `("take", row, col)`,
each costing one; par is the fewest of them. Boards of the first edition (no splitter, nothing
to place) go to `solver.py` unchanged, so their minimum, hints and budget are exactly as before.

The search is `solver.py`'s, generalised, on the grid and beam stepping of `search.py` that both
share. It follows the beams in `trace.py`'s order (a source's
beam, then the halves its splitters send off, then the next source) and decides a cell the first
time light reaches it, trying the options cheapest first, the current layout first:

- a turnable piece the board gives: as it is (0), turned (1);
- an empty cell, when the player owns pieces: left empty (0), or a mirror or a splitter placed
  in either orientation (1 each; only kinds the player owns);
- a placed piece: as it is (0), turned (1), taken back (1), the other kind instead (2: take, place).

Cells light never reaches are left as they are and cost nothing, with one exception: the pieces
placed on them may have to be taken back, to free pieces for the cells light does reach. At a
leaf, for each kind, `max(0, drawn - hand)` of those are taken (row-major), and a leaf that needs
more than there are is no solution. A solution is the final code of every cell light reaches, so
"unique" means what it means in `solver.py`: every winning layout sends light along the same paths.

Pruning: the fewest moves are found by iterative deepening, a search allowing 0 moves, then 1,
then 2..., each cutting any branch over its allowance, so the first solution found is a shortest
one (a search that cut nothing and found nothing proves there is none). Each empty cell light
reaches may take any owned piece, so an unbounded search would try every placement on every
path; the allowance keeps it to the placements a short solution can afford. On boards with no
splitter anywhere (neither on the board nor owned) the first edition's count of wasted beams
prunes too (each beam lights at most one target); with splitters one beam's halves may light
several targets, so there the allowance alone prunes. Counting solutions (uniqueness) has no
allowance: it is for boards with few cells to decide, such as the generator's.

Budget: every search stops after MAX_PLAN_NODES beam segments with SolverLimitError. The shipped
stages need at most a few hundred, and the generator keeps a splitter board only if its proof
needs at most a quarter of the budget (positions reached by play cost about the same); it gives
up on boards with long open stretches and many pieces to place (each reached empty cell may take
any piece), or many splitters with no target in reach; editors and game IDs refuse those.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from typing import Any, NamedTuple

from .board import Inventory, Source, placed_counts
from .cells import (
    EMPTY,
    FIXED_CODES,
    PIECE_KINDS,
    PLACED_CODES,
    SPLITTER,
    SPLITTER_CODES,
    TURNABLE_CODES,
    placed_code,
    placed_kind,
)
from .search import UNDECIDED, BeamSearch, Grid, cell_of, pad
from .solver import fewest_turns, solutions

SLICE_NODES = 100  # beam segments between two pauses of a sliced search (a few ms in the browser)
MAX_PLAN_NODES = 8_000  # at most about 0.2 s under CPython (segments cost 3 to 25 µs), inside the browser's 250 ms

Move = tuple[Any, ...]  # ("turn", r, c) | ("place", r, c, kind, orientation) | ("take", r, c)

_Steps = Generator[None, None, None]  # a search's recursion: yields between slices of work

def is_first_edition(cells: Sequence[int], hand: Inventory) -> bool:
    """Return whether a board has no splitter and nothing placed or to place (the first edition's solver fits)."""
    return hand == (0, 0) and all(code < SPLITTER for code in cells)


def _options(code: int, owned: Inventory) -> tuple[tuple[int, int], ...]:
    """Return the (final code, moves) a decidable cell may end as, cheapest first, or () if it is not one."""
    if code in TURNABLE_CODES and code not in PLACED_CODES:
        return ((code, 0), (code ^ 1, 1))
    places = [(placed_code(kind, o), 1) for k, kind in enumerate(PIECE_KINDS) if owned[k] > 0 for o in (0, 1)]
    if code == EMPTY:
        return ((EMPTY, 0), *places) if places else ()
    if code in PLACED_CODES:
        kind = placed_kind(code)
        swaps = [(final, 2) for final, _ in places if placed_kind(final) != kind]
        return ((code, 0), (code ^ 1, 1), (EMPTY, 1), *swaps)
    return ()


class _Board(NamedTuple):
    """The padded grid and what deciding its cells needs."""

    grid: Grid
    options: list[tuple[tuple[int, int], ...]]  # per padded cell, () unless it is one to decide
    hand: Inventory
    splitters: bool  # a splitter on the board or owned: the wasted-beam bound does not hold


def _compile(height: int, width: int, cells: Sequence[int], sources: Sequence[Source], hand: Inventory) -> _Board:
    placed = placed_counts(tuple(cells))
    owned = (hand[0] + placed[0], hand[1] + placed[1])
    options_of = {code: _options(code, owned) for code in set(cells)}
    decidable = {code for code, options in options_of.items() if options}
    grid = pad(height, width, cells, sources, decidable, FIXED_CODES)
    options = [options_of[code] if code in decidable else () for code in grid.codes]
    splitters = owned[1] > 0 or any(code in SPLITTER_CODES for code in cells)
    return _Board(grid, options, hand, splitters)


class _Search(BeamSearch):
    """One depth-first search over the final codes of the cells light reaches."""

    def __init__(self, board: _Board, count_limit: int | None, upper: int | None, max_nodes: int,
                 pause_every: float = math.inf) -> None:
        super().__init__(board.grid, count_limit, upper, max_nodes)
        self.board = board
        self.drawn = [0, 0]  # pieces of each kind the decided cells take from the hand (less those they free)
        self.spare = list(placed_counts(tuple(board.grid.codes)))  # placed pieces not decided yet (takes may free them)
        self.visited: set[int] = set()
        self.best_layout: dict[int, int] | None = None
        self.best_takes: list[int] = []
        self.cut = False  # whether the allowance cut a branch (else the search saw every layout)
        self.pause_every = pause_every
        self.pause_at = pause_every

    def steps(self) -> _Steps:
        """Run the search as a generator that yields about every `pause_every` beam segments (see `plan_steps`)."""
        if not self.grid.starts or (not self.board.splitters and self.slack < 0):
            return  # more targets than beams, and no splitter to make more
        yield from self._source(0, 0)

    def _source(self, number: int, cost: int) -> _Steps:
        """Follow source `number`'s light with a fresh visited set (as `trace.trace_source` does)."""
        outer = self.visited
        self.visited = set()
        yield from self._run(number, *self.grid.starts[number], cost)
        self.visited = outer

    def _run(self, source: int, p: int, d: int, colour: int, cost: int) -> _Steps:
        """Follow a beam from padded cell p heading d; branch at undecided cells."""
        visited = self.visited
        added: list[int] = []
        halves = len(self.pending)  # the halves this beam sends off go above
        p, d, colour, end = self.follow(p, d, colour, visited, added)
        if self.nodes >= self.pause_at:
            self.pause_at += self.pause_every
            yield None
        if end == UNDECIDED:
            yield from self._branch(source, p, d, colour, cost)
        else:
            yield from self._finish(source, end, cost)
        del self.pending[halves:]
        for key in added:
            visited.discard(key)

    def _branch(self, source: int, p: int, d: int, colour: int, cost: int) -> _Steps:
        """Decide cell p (light reaches it heading d) each way it may end, and carry on."""
        current = self.grid.codes[p]
        freed = PIECE_KINDS.index(placed_kind(current)) if current in PLACED_CODES else -1
        self.spare[freed] -= freed >= 0
        for code, price in self.board.options[p]:
            self._draw(current, code, 1)  # the hand and the placed pieces not decided yet must cover the drawn ones
            fits = all(self.drawn[k] - self.board.hand[k] <= self.spare[k] for k in (0, 1))
            if not fits or cost + price >= self.best:
                self.cut |= fits  # over the allowance (a layout the pieces cannot make wins at none)
                self._draw(current, code, -1)
                continue
            self.assign[p] = code
            self.decided.append(p)
            self.visited.discard((p << 4) | (d << 2) | colour)  # entered again by the step below
            yield from self._run(source, p - self.deltas[d], d, colour, cost + price)
            self.visited.add((p << 4) | (d << 2) | colour)
            self.decided.pop()
            self.assign[p] = -1
            self._draw(current, code, -1)
            if self.done:
                break
        self.spare[freed] += freed >= 0

    def _draw(self, current: int, final: int, sign: int) -> None:
        """Count the pieces turning `current` into `final` draws from the hand (sign -1 undoes it)."""
        if final in PLACED_CODES:
            self.drawn[PIECE_KINDS.index(placed_kind(final))] += sign
        if current in PLACED_CODES:
            self.drawn[PIECE_KINDS.index(placed_kind(current))] -= sign

    def _finish(self, source: int, end: int, cost: int) -> _Steps:
        """Count what a beam lit, prune, and go on to the next half, the next source, or a leaf."""
        target = self.light(end)
        if self.board.splitters or self.wasted <= self.slack:
            yield from self._next(source, cost)
        self.unlight(target)

    def _next(self, source: int, cost: int) -> _Steps:
        if self.pending:
            half = self.pending.pop()
            yield from self._run(source, *half, cost)
            self.pending.append(half)
            return
        if self.is_solution(source):
            self._record(cost)
        elif source + 1 < len(self.grid.starts):
            yield from self._source(source + 1, cost)

    def _takes(self) -> list[int] | None:
        """Return the pieces off the lit paths to take back so the hand covers the decided cells; None if short."""
        board = self.board
        takes: list[int] = []
        for k, kind in enumerate(PIECE_KINDS):
            over = self.drawn[k] - board.hand[k]
            if over <= 0:
                continue
            spare = [p for p, code in enumerate(self.grid.codes)
                     if code in PLACED_CODES and placed_kind(code) == kind and self.assign[p] < 0]
            if len(spare) < over:
                return None
            takes.extend(spare[:over])
        return takes

    def _record(self, cost: int) -> None:
        takes = self._takes()
        if takes is None:
            return
        if self.count_limit is None:
            self.cut = self.cut or cost + len(takes) >= self.best
            if cost + len(takes) < self.best:
                self.best = cost + len(takes)
                self.best_layout = {p: self.assign[p] for p in self.decided}
                self.best_takes = takes
                self.done = self.best == 0
            return
        if cost + len(takes) >= self.best:
            return  # counting the shortest solutions only (`upper` given): this one is longer
        self.solutions.append({p: self.assign[p] for p in self.decided})
        self.done = len(self.solutions) >= self.count_limit


def _moves(board: _Board, layout: dict[int, int], takes: list[int]) -> tuple[Move, ...]:
    """Return the moves from the current layout to `layout`: takes first, then turns, then placements.

    In that order each move is legal when it is played (a placement finds its piece in hand)
    and each lowers the fewest moves left by one, so a hint can always be the first of them.
    """
    take_cells, turn_cells, place_cells = [*takes], [], []
    for p, final in layout.items():
        current = board.grid.codes[p]
        if final == current:
            continue
        if final == current ^ 1 and current != EMPTY:
            turn_cells.append(p)
        elif current == EMPTY:
            place_cells.append(p)
        else:
            take_cells.append(p)
            if final != EMPTY:
                place_cells.append(p)
    stride = board.grid.stride
    moves: list[Move] = [("take", *cell_of(p, stride)) for p in sorted(take_cells)]
    moves += [("turn", *cell_of(p, stride)) for p in sorted(turn_cells)]
    moves += [("place", *cell_of(p, stride), placed_kind(layout[p]), layout[p] & 1) for p in sorted(place_cells)]
    return tuple(moves)


class Plan(NamedTuple):
    """A shortest solution's moves (None if there is none) and the beam segments the search followed."""

    moves: tuple[Move, ...] | None
    nodes: int


def plan(
    height: int, width: int, cells: Sequence[int], sources: Sequence[Source], hand: Inventory = (0, 0),
    upper: int | None = None, max_nodes: int = MAX_PLAN_NODES,
) -> Plan:
    """Return a shortest list of moves lighting every target and the search's effort; see the module docstring.

    `upper`, if given, is a known solution length. Raises SolverLimitError past `max_nodes` segments.
    """
    found: Plan = _drain(plan_steps(height, width, cells, sources, hand, upper, max_nodes, math.inf))
    return found


def plan_steps(
    height: int, width: int, cells: Sequence[int], sources: Sequence[Source], hand: Inventory = (0, 0),
    upper: int | None = None, max_nodes: int = MAX_PLAN_NODES, pause_every: float = SLICE_NODES,
) -> Generator[None, None, Plan]:
    """`plan` in slices, yielding about every `pause_every` segments: the same search, minimum, moves and effort.

    A page runs it a slice per browser turn and closes the generator to cancel."""
    board = _compile(height, width, cells, sources, hand)
    nodes = 0
    allowance = 0
    while upper is None or allowance <= upper:
        search = _Search(board, None, allowance, max_nodes - nodes, pause_every)
        yield from search.steps()
        nodes += search.nodes
        if search.best_layout is not None:
            return Plan(_moves(board, search.best_layout, search.best_takes), nodes)
        if not search.cut:
            break  # every layout was seen: none wins
        allowance += 1
    return Plan(None, nodes)


def shortest_layouts_steps(
    height: int, width: int, cells: Sequence[int], sources: Sequence[Source], hand: Inventory, par: int,
    limit: int = 2, max_nodes: int = MAX_PLAN_NODES, pause_every: float = SLICE_NODES,
) -> Generator[None, None, list[dict[tuple[int, int], int]]]:
    """Return (in slices, as `plan_steps`) up to `limit` layouts winning in `par` moves, the known minimum.

    Exactly one means the best solution is unique. `par` bounds the search (counting every
    solution, shortest or not, may not end within the budget)."""
    board = _compile(height, width, cells, sources, hand)
    search = _Search(board, limit, par, max_nodes, pause_every)
    yield from search.steps()
    return [{cell_of(p, board.grid.stride): code for p, code in found.items()} for found in search.solutions]


def _drain(steps: Generator[None, None, Any]) -> Any:
    """Run a sliced search to its end at once and return its result."""
    try:
        while True:
            next(steps)
    except StopIteration as finished:
        return finished.value


def fewest_moves(
    height: int, width: int, cells: Sequence[int], sources: Sequence[Source], hand: Inventory = (0, 0),
    upper: int | None = None,
) -> tuple[Move, ...] | None:
    """Return a shortest list of moves that lights every target, or None; first-edition boards go to `solver`."""
    if is_first_edition(cells, hand):
        turns = fewest_turns(height, width, cells, sources, upper)
        return None if turns is None else tuple(("turn", row, col) for row, col in turns)
    return plan(height, width, cells, sources, hand, upper).moves


def layouts(
    height: int, width: int, cells: Sequence[int], sources: Sequence[Source], hand: Inventory = (0, 0),
    limit: int = 2,
) -> list[dict[tuple[int, int], int]]:
    """Return up to `limit` solutions, each the final code of every decidable cell light reaches.

    First-edition boards go to `solver.solutions` (whose solutions give orientations, not codes).
    """
    if is_first_edition(cells, hand):
        return solutions(height, width, cells, sources, limit)
    board = _compile(height, width, cells, sources, hand)
    search = _Search(board, limit, None, MAX_PLAN_NODES)
    _drain(search.steps())
    return [{cell_of(p, board.grid.stride): code for p, code in found.items()} for found in search.solutions]


def is_unique_layout(
    height: int, width: int, cells: Sequence[int], sources: Sequence[Source], hand: Inventory = (0, 0)
) -> bool:
    """Return whether exactly one layout of the cells light reaches lights every target."""
    return len(layouts(height, width, cells, sources, hand, 2)) == 1
