"""Making puzzles: a winding path with decoys for path mode, a unique spanning tree for Net.

Path mode follows the article: lay the route first, fill the rest with decoys, then turn
every tile at random, so a solution always exists. The route is a loop-erased random walk
from the entrance to the exit (a uniformly random spanning tree's path between them), which
winds without filling the board, leaving room for decoys.

Net follows net.c: grow a random spanning tree from the centre without four-way crosses,
prove it is the only solution with the solver, and where a second solution exists, change
the tree where the two differ (add an edge there, drop another from the loop it closes) and
try again; after too many changes a new tree is grown.
"""

from __future__ import annotations

from collections import deque

from app.core.rng import Rng

from . import net_solver, path_solver
from .board import State, neighbours_of, new_state, source_cell
from .flow import is_cleared
from .params import NET, Params, check_params
from .tiles import BEND, DEAD_END, LEFT, OPPOSITE, RIGHT, STEP, STRAIGHT, TEE, rotate

# Decoys, by weight: mostly pieces that could carry water (T-pieces and bends tempt wrong
# routes), some straights, a few dead ends so that not every branch looks promising.
DECOY_WEIGHTS = ((TEE, 4), (BEND, 3), (STRAIGHT, 2), (DEAD_END, 1))
MAX_PERTURBATIONS = 40  # tree changes tried before growing a fresh tree
MAX_TREES = 50  # fresh trees before giving up (never reached in tests; see bench/pipes_generate.py)
MAX_SCRAMBLES = 100
MAX_PATH_BOARDS = 12  # boards drawn until one's par is proved within the solver's budget


def _random_route(params: Params, rng: Rng) -> list[int]:
    """Return the cells of a loop-erased random walk from the top-left cell to the bottom-right one."""
    width, height = params.width, params.height
    target = width * height - 1
    route = [0]
    position = {0: 0}  # cell -> its index in `route`, to erase loops in one step
    cell = 0
    while cell != target:
        row, col = divmod(cell, width)
        steps = [(row + dr, col + dc) for dr, dc in STEP.values()]
        steps = [(r, c) for r, c in steps if 0 <= r < height and 0 <= c < width]
        r, c = steps[rng.randbelow(len(steps))]
        cell = r * width + c
        if cell in position:
            for erased in route[position[cell] + 1 :]:
                del position[erased]
            del route[position[cell] + 1 :]
        else:
            position[cell] = len(route)
            route.append(cell)
    return route


def _side_towards(params: Params, cell: int, other: int) -> int:
    """Return the side of `cell` that faces the neighbouring `other` (no wrapping)."""
    for side, neighbour, _ in neighbours_of(params)[cell]:
        if neighbour == other:
            return side
    raise ValueError("cells are not neighbours")


def path_solution(params: Params, rng: Rng) -> list[int]:
    """Return a solved path-mode board: the route's straights and bends, decoys everywhere else."""
    route = _random_route(params, rng)
    cells = params.width * params.height
    total_weight = sum(weight for _, weight in DECOY_WEIGHTS)
    tiles = []
    for _ in range(cells):
        draw = rng.randbelow(total_weight)
        for shape, weight in DECOY_WEIGHTS:
            if draw < weight:
                tiles.append(rotate(shape, rng.randbelow(4)))
                break
            draw -= weight
    for index, cell in enumerate(route):
        entry = LEFT if index == 0 else _side_towards(params, cell, route[index - 1])
        leave = RIGHT if index == len(route) - 1 else _side_towards(params, cell, route[index + 1])
        tiles[cell] = entry | leave
    return tiles


def spanning_tree(params: Params, rng: Rng) -> list[int] | None:
    """Return a random spanning tree grown from the source, as tile values; None if a tile was cut off.

    A tile never gets a fourth branch (no crosses), which on rare layouts leaves a tile unreachable.
    """
    links = neighbours_of(params)
    cells = params.width * params.height
    tiles = [0] * cells
    start = source_cell(params)
    in_tree = [False] * cells
    in_tree[start] = True
    frontier = [(start, side, other, facing) for side, other, facing in links[start]]
    joined = 1
    while frontier:
        index = rng.randbelow(len(frontier))
        frontier[index], frontier[-1] = frontier[-1], frontier[index]
        cell, side, other, facing = frontier.pop()
        if in_tree[other] or tiles[cell].bit_count() >= 3:
            continue
        tiles[cell] |= side
        tiles[other] |= facing
        in_tree[other] = True
        joined += 1
        frontier.extend((other, s, o, f) for s, o, f in links[other] if not in_tree[o])
    return tiles if joined == cells else None


def _tree_path(params: Params, tiles: list[int], start: int, goal: int) -> list[tuple[int, int, int, int]]:
    """Return the tree's edges (cell, side, other, facing) on the way from `start` to `goal`."""
    links = neighbours_of(params)
    came_from: dict[int, tuple[int, int, int, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            break
        for side, other, facing in links[cell]:
            if tiles[cell] & side and other not in came_from:
                came_from[other] = (cell, side, other, facing)
                queue.append(other)
    edges = []
    cell = goal
    while came_from[cell] is not None:
        edge = came_from[cell]
        assert edge is not None
        edges.append(edge)
        cell = edge[0]
    return edges


def _perturb(params: Params, tiles: list[int], other_solution: tuple[int, ...], rng: Rng) -> bool:
    """Change the tree where another solution differs: add an edge there, drop one from its loop.

    Returns False when no tile in the ambiguous region can take a new edge without becoming a cross.
    """
    links = neighbours_of(params)
    differing = [cell for cell in range(len(tiles)) if tiles[cell] != other_solution[cell]]
    rng.shuffle(differing)
    for cell in differing:
        if tiles[cell].bit_count() >= 3:
            continue
        choices = [
            (side, other, facing)
            for side, other, facing in links[cell]
            if not tiles[cell] & side and tiles[other].bit_count() < 3
        ]
        if not choices:
            continue
        side, other, facing = choices[rng.randbelow(len(choices))]
        loop = _tree_path(params, tiles, cell, other)
        drop_cell, drop_side, drop_other, drop_facing = loop[rng.randbelow(len(loop))]
        tiles[drop_cell] &= ~drop_side
        tiles[drop_other] &= ~drop_facing
        tiles[cell] |= side
        tiles[other] |= facing
        return True
    return False


def net_solution(params: Params, rng: Rng) -> tuple[list[int], dict[str, int]]:
    """Return a spanning tree that is its tiles' only solution, and counters of the work it took."""
    stats = {"trees": 0, "perturbations": 0, "solves": 0}
    for _ in range(MAX_TREES):
        tiles = spanning_tree(params, rng)
        stats["trees"] += 1
        if tiles is None:
            continue
        for _ in range(MAX_PERTURBATIONS + 1):
            found = net_solver.solutions(params, tiles, 2)
            stats["solves"] += 1
            others = [layout for layout in found if list(layout) != tiles]
            if not others:
                return tiles, stats
            stats["perturbations"] += 1
            if not _perturb(params, tiles, others[0], rng):
                break
    raise RuntimeError(f"no unique {params} Net puzzle after {MAX_TREES} trees")


def scramble(params: Params, solution: list[int], rng: Rng) -> State:
    """Return the solution with every tile turned at random, drawn again until it is not already solved."""
    for _ in range(MAX_SCRAMBLES):
        state = new_state(params, [rotate(value, rng.randbelow(4)) for value in solution])
        if not is_cleared(state):
            return state
    # Vanishingly rare (tiny boards only): turn the first tile that changes under a quarter turn.
    tiles = list(solution)
    cell = next(i for i, value in enumerate(tiles) if rotate(value, 1) != value)
    tiles[cell] = rotate(tiles[cell], 1)
    state = new_state(params, tiles)
    if is_cleared(state):
        raise RuntimeError("could not scramble the board")
    return state


def generate(params: Params, rng: Rng) -> State:
    """Make a new puzzle: always solvable (Net: exactly one solution), never already solved.

    Path boards whose par the solver cannot prove within its node budget (about one 12×12 board
    in twenty; rarer on smaller ones) are drawn again, so a new game's par is exact and quick.
    """
    check_params(params)
    if params.mode == NET:
        solution, _ = net_solution(params, rng.child("tree"))
        return scramble(params, solution, rng.child("turns"))
    for attempt in range(MAX_PATH_BOARDS):
        suffix = "" if attempt == 0 else str(attempt)
        solution = path_solution(params, rng.child("route" + suffix))
        state = scramble(params, solution, rng.child("turns" + suffix))
        route = path_solver.cheapest_route(state, "ignore", quick_only=True)  # cached: par() reuses it
        if route is not None and route.exact:
            break
    return state


__all__ = ["OPPOSITE", "generate", "net_solution", "path_solution", "scramble", "spanning_tree"]
