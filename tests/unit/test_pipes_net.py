"""Pipe Link Net mode: the solver against an independent brute force, uniqueness of every generated board."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.rng import Rng
from app.games import pipes
from app.games.pipes import net_solver
from app.games.pipes.board import new_state
from app.games.pipes.generator import spanning_tree

SIDES = ((1, -1, 0, 4), (2, 0, 1, 8), (4, 1, 0, 1), (8, 0, -1, 2))  # bit, d_row, d_col, facing bit


def turns_of(value: int) -> list[int]:
    return sorted({((value << k) | (value >> (4 - k))) & 15 for k in range(4)})


def is_one_tree(width: int, height: int, wrap: bool, tiles: list[int]) -> bool:
    """Every open side meets an open side, and the joined edges make one tree over all cells."""
    cells = width * height
    edges = 0
    parent = list(range(cells))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for row in range(height):
        for col in range(width):
            cell = row * width + col
            for bit, d_row, d_col, facing in SIDES:
                if not tiles[cell] & bit:
                    continue
                r, c = row + d_row, col + d_col
                if wrap:
                    r, c = r % height, c % width
                elif not (0 <= r < height and 0 <= c < width):
                    return False
                other = r * width + c
                if not tiles[other] & facing:
                    return False
                if cell < other:
                    edges += 1
                    a, b = find(cell), find(other)
                    if a == b:
                        return False
                    parent[a] = b
    return edges == cells - 1 and len({find(x) for x in range(cells)}) == 1


def brute_force_solutions(width: int, height: int, wrap: bool, tiles: list[int], limit: int = 3) -> list[tuple]:
    """Place tiles in row-major order, keeping only layouts whose edges agree with the tiles already placed."""
    cells = width * height
    found: list[tuple] = []
    layout = [0] * cells

    def place(cell: int) -> None:
        if len(found) >= limit:
            return
        if cell == cells:
            if is_one_tree(width, height, wrap, layout):
                found.append(tuple(layout))
            return
        row, col = divmod(cell, width)
        for value in turns_of(tiles[cell]):
            if not wrap and ((row == 0 and value & 1) or (col == 0 and value & 8)):
                continue
            if not wrap and ((row == height - 1 and value & 4) or (col == width - 1 and value & 2)):
                continue
            if row > 0 and bool(value & 1) != bool(layout[cell - width] & 4):
                continue
            if col > 0 and bool(value & 8) != bool(layout[cell - 1] & 2):
                continue
            layout[cell] = value
            place(cell + 1)

    place(0)
    return found


SMALL = [(3, 3, False), (4, 3, False), (4, 4, False), (3, 3, True), (4, 4, True), (3, 4, True)]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SMALL), st.integers(0, 10**6), st.booleans())
def test_solver_counts_agree_with_brute_force(shape: tuple[int, int, bool], seed: int, from_tree: bool) -> None:
    width, height, wrap = shape
    params = pipes.Params("net", width, height, wrap)
    rng = Rng(f"net-{seed}")
    tree = spanning_tree(params, rng) if from_tree else None
    tiles = tree if tree is not None else [1 + rng.randbelow(14) for _ in range(width * height)]
    expected = brute_force_solutions(width, height, wrap, tiles)
    found = net_solver.solutions(params, tiles, limit=3)
    assert len(found) == len(expected)
    if len(expected) < 3:
        assert set(found) == set(expected)  # all of them: the same layouts
    assert all(is_one_tree(width, height, wrap, list(layout)) for layout in found)
    assert net_solver.is_unique(params, tiles) == (len(expected) == 1)


@pytest.mark.parametrize("name", [name for name, p in pipes.PRESETS.items() if p.mode == "net"])
@pytest.mark.parametrize("seed", range(4))
def test_every_generated_net_board_is_proved_unique(name: str, seed: int) -> None:
    params = pipes.PRESETS[name]
    state = pipes.generate(params, Rng(f"{name}-{seed}"))
    assert pipes.status(state) == 0
    assert pipes.is_unique(state)
    solution = pipes.solve(state)
    assert solution is not None
    solved = new_state(params, solution)
    assert pipes.status(solved) == 1
    assert is_one_tree(params.width, params.height, params.wrap, list(solution))
    assert all(max(turns_of(a)) == max(turns_of(b)) for a, b in zip(state.tiles, solution, strict=True))
    assert all(value.bit_count() < 4 for value in solution)  # no four-way crosses
    assert pipes.par(state) == pipes.remaining_turns(state) >= 1


@pytest.mark.parametrize("shape", SMALL)
def test_small_generated_boards_are_unique_by_brute_force(shape: tuple[int, int, bool]) -> None:
    width, height, wrap = shape
    params = pipes.Params("net", width, height, wrap)
    for seed in range(3):
        state = pipes.generate(params, Rng(f"small-{seed}"))
        solutions = brute_force_solutions(width, height, wrap, list(state.tiles))
        assert len(solutions) == 1
        assert solutions[0] == pipes.solve(state)


def test_ambiguous_tiles_are_reported() -> None:
    params = pipes.Params("net", 4, 4, True)
    for seed in range(50):
        tree = spanning_tree(params, Rng(f"ambiguous-{seed}"))
        if tree is not None and len(brute_force_solutions(4, 4, True, tree)) > 1:
            assert not net_solver.is_unique(params, tree)
            assert pipes.solve(new_state(params, tree)) is None
            return
    pytest.fail("no ambiguous tree found; the test lost its point")


def test_tiles_that_only_make_loops_have_no_solution() -> None:
    params = pipes.Params("net", 3, 3, True)
    assert net_solver.solutions(params, [5] * 9) == []  # straights on a torus always close rings
    assert pipes.solve(new_state(params, [5] * 9)) is None
