"""Pipe Link flow: the article's four checks, a reference flood, Net connection, loops, status."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from app.games import pipes
from app.games.pipes.board import State, new_state
from app.games.pipes.flow import loop_cells, reached_cells

# The article's board B: the solved layout of its 4×4 stage.
ARTICLE = [[10, 12, 5, 10], [5, 3, 12, 7], [10, 5, 3, 12], [7, 10, 5, 3]]
ARTICLE_ROUTE = {(0, 0), (0, 1), (1, 1), (1, 2), (2, 2), (2, 3), (3, 3)}
PATH4 = pipes.Params("path", 4, 4)
DIRECTIONS = ((1, -1, 0, 4), (2, 0, 1, 8), (4, 1, 0, 1), (8, 0, -1, 2))  # the article's D table


def board(rows: list[list[int]], params: pipes.Params = PATH4) -> State:
    return new_state(params, [v for row in rows for v in row])


def reference_reach(rows: list[list[int]]) -> set[tuple[int, int]]:
    """The article's reach(), transcribed: a stack flood from the left edge of the top-left tile."""
    height, width = len(rows), len(rows[0])
    seen: set[tuple[int, int]] = set()
    stack = []
    if rows[0][0] & 8:
        seen.add((0, 0))
        stack.append((0, 0))
    while stack:
        y, x = stack.pop()
        for bit, dy, dx, opposite in DIRECTIONS:
            ny, nx = y + dy, x + dx
            if rows[y][x] & bit and 0 <= ny < height and 0 <= nx < width and rows[ny][nx] & opposite:
                if (ny, nx) not in seen:
                    seen.add((ny, nx))
                    stack.append((ny, nx))
    return seen


def mask_cells(mask: np.ndarray) -> set[tuple[int, int]]:
    return {(int(r), int(c)) for r, c in zip(*np.nonzero(mask), strict=True)}


# --- the article's four checks ------------------------------------------------------------------------


def test_solved_article_board_flows_and_clears() -> None:
    state = board(ARTICLE)
    assert ARTICLE_ROUTE <= mask_cells(pipes.reach(state))
    assert pipes.status(state) == 1


def test_blocked_entrance_gives_no_flow() -> None:
    rows = [row[:] for row in ARTICLE]
    rows[0][0] = 5  # the straight turned upright: its left edge is closed
    state = board(rows)
    assert not pipes.reach(state).any()
    assert pipes.status(state) == 0
    assert pipes.active_count(state) == (0, 16)


def test_a_one_sided_opening_does_not_connect() -> None:
    rows = [row[:] for row in ARTICLE]
    rows[0][1] = 6  # right-down: (0,0) opens toward it, but it is closed on that side
    assert mask_cells(pipes.reach(board(rows))) == {(0, 0)}
    rows[0][0], rows[0][1] = 12, 9  # now (0,1) opens toward (0,0), which is closed on that side
    state = board(rows)
    assert mask_cells(pipes.reach(state)) == {(0, 0), (1, 0)}  # down into the upright straight, no further
    assert (0, 1) not in mask_cells(pipes.reach(state))
    assert pipes.status(state) == 0


def test_four_turns_restore_the_picture() -> None:
    rows = [row[:] for row in ARTICLE]
    rows[1][1] = 6  # one turn off the route, so the board is still playable (a cleared board is locked)
    start = board(rows)
    turned = start
    for _ in range(4):
        turned = pipes.apply(turned, ("cw", 0, 3))
    assert turned == start
    assert np.array_equal(pipes.reach(turned), pipes.reach(start))
    assert pipes.status(pipes.apply(turned, ("ccw", 1, 1))) == 1


def test_exit_needs_its_right_edge_open() -> None:
    rows = [row[:] for row in ARTICLE]
    rows[3][3] = 5  # reached from above, but the straight is upright: the water cannot leave right
    state = board(rows)
    assert (3, 3) in mask_cells(pipes.reach(state))
    assert pipes.status(state) == 0


# --- against a reference flood --------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_reach_matches_the_article_flood_on_random_boards(data: st.DataObject) -> None:
    width = data.draw(st.integers(3, 8))
    height = data.draw(st.integers(3, 8))
    rows = [[data.draw(st.integers(0, 15)) for _ in range(width)] for _ in range(height)]
    state = board(rows, pipes.Params("path", width, height))
    expected = reference_reach(rows)
    assert mask_cells(pipes.reach(state)) == expected
    cleared = (height - 1, width - 1) in expected and bool(rows[-1][-1] & 2)
    assert pipes.status(state) == (1 if cleared else 0)
    assert pipes.active_count(state) == (len(expected), width * height)


# --- Net: connection and loops ----------------------------------------------------------------------------


def joined_edges(state: State) -> set[frozenset[int]]:
    """Every edge open on both sides, found from coordinates (wrapping where the board wraps)."""
    width, height, wrap = state.width, state.height, state.params.wrap
    edges = set()
    for row in range(height):
        for col in range(width):
            for bit, dy, dx, opposite in DIRECTIONS:
                r, c = row + dy, col + dx
                if wrap:
                    r, c = r % height, c % width
                elif not (0 <= r < height and 0 <= c < width):
                    continue
                if state.tiles[row * width + col] & bit and state.tiles[r * width + c] & opposite:
                    edges.add(frozenset((row * width + col, r * width + c)))
    return edges


def components_without(edges: set[frozenset[int]], cells: int, skip: frozenset[int] | None) -> list[int]:
    label = list(range(cells))

    def find(x: int) -> int:
        while label[x] != x:
            x = label[x]
        return x

    for edge in edges:
        if edge != skip:
            a, b = (find(x) for x in edge)
            label[a] = b
    return [find(x) for x in range(cells)]


def reference_loop_cells(state: State) -> set[int]:
    """Ends of every edge whose removal leaves its ends joined: edges on a cycle."""
    edges = joined_edges(state)
    cells = len(state.tiles)
    out = set()
    for edge in edges:
        label = components_without(edges, cells, edge)
        a, b = tuple(edge)
        if label[a] == label[b]:
            out |= {a, b}
    return out


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_loops_and_connection_match_references(data: st.DataObject) -> None:
    size = data.draw(st.integers(3, 6))
    wrap = data.draw(st.booleans())
    params = pipes.Params("net", size, size, wrap)
    tiles = [data.draw(st.integers(0, 15)) for _ in range(size * size)]
    state = new_state(params, tiles)
    assert loop_cells(state) == reference_loop_cells(state)
    assert mask_cells(pipes.loops(state)) == {divmod(c, size) for c in reference_loop_cells(state)}
    label = components_without(joined_edges(state), size * size, None)
    source = pipes.source_cell(params)
    assert reached_cells(state) == {c for c in range(size * size) if label[c] == label[source]}


def test_net_wins_only_as_one_tree() -> None:
    params = pipes.Params("net", 3, 3)
    # A comb: the top row joined left-right, each column hanging down from it.
    tree = [6, 14, 12, 5, 5, 5, 1, 1, 1]
    assert pipes.status(new_state(params, tree)) == 1
    assert not pipes.loops(new_state(params, tree)).any()
    looped = [6, 14, 12, 7, 15, 13, 3, 11, 9]  # every edge open: loops everywhere, all connected
    assert pipes.active_count(new_state(params, looped)) == (9, 9)
    assert pipes.loops(new_state(params, looped)).all()
    assert pipes.status(new_state(params, looped)) == 0
    cut = [6, 14, 12, 5, 5, 5, 1, 1, 4]  # the last tile turned away
    assert pipes.status(new_state(params, cut)) == 0
    assert pipes.active_count(new_state(params, cut)) == (8, 9)
