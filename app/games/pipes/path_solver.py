"""Path mode's exact solver: the fewest clicks that let the water through, and one layout that does it.

A cleared board has a simple path of cells from the entrance to the exit, each cell open on
the side the water comes in and the side it goes out. Cells off that path may stay as they
are, so the fewest clicks is the minimum, over simple paths, of the sum of each path cell's
cheapest turn that opens its two sides. A shortest route over (cell, entry side) states is
not enough: it may pass a cell twice needing two different orientations, which one tile
cannot have. So the search is a depth-first branch and bound over simple paths, ordered and
pruned by that relaxed shortest route (an admissible bound: it ignores only simplicity),
which is usually already simple, so the first path found is mostly optimal and proved so at once.

Some boards make the search wander (zero-cost stretches where many paths tie), so it has a node
budget: past it, the best route in hand is returned with `exact=False`. The generator redraws
any board whose par was not proved within the budget, so a new game's par is always exact;
on layouts a player makes, `remaining_turns` and hints may (rarely) follow a route that is not
the cheapest, and still lead to a win.
"""

from __future__ import annotations

import heapq
import sys
from dataclasses import dataclass
from functools import cache, lru_cache

from .board import State
from .tiles import CLICKS_FOR_QUARTER_TURNS, DOWN, LEFT, OPPOSITE, RIGHT, SIDES, UP, rotate

INFINITY = 1 << 30
PAIRS = (UP | RIGHT, UP | DOWN, UP | LEFT, RIGHT | DOWN, RIGHT | LEFT, DOWN | LEFT)


@cache
def pair_turn(value: int, pair: int) -> tuple[int, int]:
    """Return (clicks, turned value) of the cheapest turn of `value` that opens both sides in `pair`.

    Clicks are INFINITY (and the value unchanged) when no orientation of the tile opens both.
    """
    best = (INFINITY, value)
    for k in range(4):
        turned = rotate(value, k)
        if turned & pair == pair and CLICKS_FOR_QUARTER_TURNS[k] < best[0]:
            best = (CLICKS_FOR_QUARTER_TURNS[k], turned)
    return best


@dataclass(frozen=True)
class Route:
    """A cheapest way through: its total cost and, per path cell in order, the value it must be turned to."""

    cost: int
    cells: tuple[tuple[int, int], ...]  # (cell, target value) from the entrance to the exit
    clicks: int  # the clicks alone, without lock penalties
    exact: bool = True  # False when the search ran out of time before proving no route is cheaper


def _cell_costs(state: State, locks: str, penalty: int) -> list[dict[int, tuple[int, int]]]:
    """Return per cell {pair: (cost, target value)} under a lock policy.

    `locks` is "respect" (a locked tile keeps its orientation), "ignore" (locks do not count),
    or "penalise" (a locked tile may turn, at `penalty` extra for each locked tile changed).
    """
    table = []
    for value, locked in zip(state.tiles, state.locked, strict=True):
        costs = {}
        for pair in PAIRS:
            clicks, target = pair_turn(value, pair)
            if locked and locks != "ignore" and clicks:
                clicks = INFINITY if locks == "respect" or clicks >= INFINITY else clicks + penalty
            costs[pair] = (clicks, target)
        table.append(costs)
    return table


def _links(width: int, height: int) -> list[dict[int, int]]:
    """Return per cell {side: neighbour cell} for a board that does not wrap."""
    out = []
    for row in range(height):
        for col in range(width):
            sides = {}
            if row > 0:
                sides[UP] = (row - 1) * width + col
            if col < width - 1:
                sides[RIGHT] = row * width + col + 1
            if row < height - 1:
                sides[DOWN] = (row + 1) * width + col
            if col > 0:
                sides[LEFT] = row * width + col - 1
            out.append(sides)
    return out


def _relaxed_bounds(
    costs: list[dict[int, tuple[int, int]]], links: list[dict[int, int]], blocked: list[bool] | None = None
) -> list[dict[int, int]]:
    """Return per cell {entry side: cheapest cost from entering there to leaving the exit}, ignoring simplicity.

    Dijkstra backwards from the exit over (cell, entry side) states, never through `blocked` cells.
    """
    exit_cell = len(costs) - 1
    bound = [dict.fromkeys(SIDES, INFINITY) for _ in costs]
    heap = []
    if blocked is not None and blocked[exit_cell]:
        return bound
    for entry in SIDES:
        if entry != RIGHT:
            cost = costs[exit_cell][entry | RIGHT][0]
            if cost < bound[exit_cell][entry]:
                bound[exit_cell][entry] = cost
                heap.append((cost, exit_cell, entry))
    heapq.heapify(heap)
    while heap:
        dist, cell, entry = heapq.heappop(heap)
        if dist > bound[cell][entry]:
            continue
        # Entering `cell` from side `entry` means leaving the neighbour there through the facing side.
        previous = links[cell].get(entry)
        if previous is None or (blocked is not None and blocked[previous]):
            continue
        leave = OPPOSITE[entry]
        for came_in in SIDES:
            if came_in == leave:
                continue
            total = dist + costs[previous][came_in | leave][0]
            if total < bound[previous][came_in]:
                bound[previous][came_in] = total
                heapq.heappush(heap, (total, previous, came_in))
    return bound


SEARCH_NODES = 1500  # paths cells tried before the search settles for the best route found so far


_GAVE_UP = "gave up"  # the search spent its budget before finding any route


def cheapest_route(state: State, locks: str = "respect", penalty: int = 0, quick_only: bool = False) -> Route | None:
    """Return a cheapest simple route from the entrance to the exit under a lock policy; None if none exists.

    See `_cell_costs` for `locks` and `penalty`. The search is exact when `Route.exact` is true.
    It stops after SEARCH_NODES path cells (bounding the time a page waits) once it holds a route;
    such a route may cost more than the cheapest. If the quick search finds no route within its
    budget, a careful one tries (unless `quick_only`); None also when that gives up too, which is
    rare on player-made layouts and never happens on a generated board's start: the generator
    keeps only boards whose par the quick search proved. Results are cached, because the view
    asks par, hints and remaining turns of the same layouts.
    """
    found = _route(state, locks, penalty, careful=False)
    if found == _GAVE_UP:
        found = None if quick_only else _route(state, locks, penalty, careful=True)
    return None if found == _GAVE_UP else found  # type: ignore[return-value]


@lru_cache(maxsize=64)
def _route(state: State, locks: str, penalty: int, careful: bool) -> Route | str | None:
    """Run one search (quick or careful) and return its route, None if no route exists, or _GAVE_UP."""
    costs = _cell_costs(state, locks, penalty)
    links = _links(state.width, state.height)
    bound = _relaxed_bounds(costs, links)
    if bound[0][LEFT] >= INFINITY:
        return None
    limit = sys.getrecursionlimit()
    if limit < len(costs) + 100:
        sys.setrecursionlimit(len(costs) + 100)  # one frame per path cell; 144 cells at most
    try:
        found = _search(costs, links, bound, careful)
    except _NoRouteYetError:
        return _GAVE_UP
    if found is None:
        return None
    best_cost, best_path, exact = found
    cells = tuple((cell, costs[cell][pair][1]) for cell, pair in best_path)
    clicks = sum(pair_turn(state.tiles[cell], pair)[0] for cell, pair in best_path)
    return Route(best_cost, cells, clicks, exact)


class _StopSearchError(Exception):
    """The node budget ran out while a route was already in hand."""


class _NoRouteYetError(Exception):
    """The quick search spent its budget without finding any route (its path walled itself in)."""


CAREFUL_SEARCH_NODES = 60  # the careful search recomputes its bound at each cell, so it gets fewer


def _search(
    costs: list[dict[int, tuple[int, int]]],
    links: list[dict[int, int]],
    root_bound: list[dict[int, int]],
    careful: bool,
) -> tuple[int, list[tuple[int, int]], bool] | None:
    """Depth-first branch and bound over simple paths; return (cost, [(cell, pair), ...], proved) or None.

    The quick search bounds with the empty board's relaxed costs and raises _NoRouteYetError if its
    budget runs out before any route is found. The careful one recomputes the bound around the cells
    the path already uses, so it never enters a pocket the path has cut off from the exit.
    """
    budget = CAREFUL_SEARCH_NODES if careful else SEARCH_NODES
    exit_cell = len(costs) - 1
    best_cost = INFINITY
    best_path: list[tuple[int, int]] = []
    visited = [False] * len(costs)
    path: list[tuple[int, int]] = []  # (cell, pair) chosen so far
    nodes = 0
    floor = root_bound[0][LEFT]

    def search(cell: int, entry: int, spent: int) -> None:
        nonlocal best_cost, best_path, nodes
        nodes += 1
        if nodes > budget:
            if best_cost < INFINITY:
                raise _StopSearchError
            raise _NoRouteYetError  # the careful search gives up too: see cheapest_route
        bound = _relaxed_bounds(costs, links, visited) if careful else root_bound
        options = []
        for leave in SIDES:
            if leave == entry:
                continue
            step = costs[cell][entry | leave][0]
            if step >= INFINITY:
                continue
            if cell == exit_cell and leave == RIGHT:
                options.append((spent + step, leave, -1))
                continue
            following = links[cell].get(leave)
            if following is None or visited[following]:
                continue
            rest = bound[following][OPPOSITE[leave]]
            if rest < INFINITY:
                options.append((spent + step + rest, leave, following))
        options.sort()
        for estimate, leave, following in options:
            if estimate >= best_cost:
                break  # options are sorted, so no later one can beat the best either
            pair = entry | leave
            if following < 0:
                best_cost = estimate
                best_path = [*path, (cell, pair)]
                continue
            visited[following] = True
            path.append((cell, pair))
            search(following, OPPOSITE[leave], spent + costs[cell][pair][0])
            path.pop()
            visited[following] = False
            if best_cost == floor:
                return  # the relaxed bound is met: nothing can be cheaper

    visited[0] = True
    proved = True
    try:
        search(0, LEFT, 0)
    except _StopSearchError:
        proved = best_cost == floor
    return None if best_cost >= INFINITY else (best_cost, best_path, proved)


def remaining_turns(state: State) -> int | None:
    """Return the fewest clicks that clear the board from here without turning a locked tile; None if none."""
    route = cheapest_route(state, "respect")
    return None if route is None else route.cost


def par(state: State) -> int:
    """Return the fewest clicks that clear the board, locks ignored (the start's par); ValueError if unsolvable."""
    route = cheapest_route(state, "ignore")
    if route is None:
        raise ValueError("no turns of these tiles let the water through")
    return route.cost


def hint_route(state: State) -> Route | None:
    """Return the route hints follow: cheapest respecting locks, else the one changing fewest locked tiles."""
    route = cheapest_route(state, "respect")
    if route is None:
        # Changing any locked tile costs more than every click the board could need, so the
        # cheapest route changes as few locked tiles as possible.
        route = cheapest_route(state, "penalise", penalty=2 * len(state.tiles) + 1)
    if route is None:
        # The penalised search can spend its budget on a layout walled in by wrong locks (a 9x9
        # path board, seed 322, found by the property test): a route with locks ignored, the
        # search the par uses, still leads to a win, changing locked tiles where it must.
        route = cheapest_route(state, "ignore")
    return route
