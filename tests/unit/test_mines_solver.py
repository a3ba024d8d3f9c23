"""Minesweeper deduction: no-guess generation, the solver's soundness, and hints."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from app.core.gameid import compose, pack_bits
from app.core.rng import Rng
from app.games import mines as ms
from app.games.mines import solver
from app.games.mines.geometry import geometry
from app.games.mines.solver import Deduction

# --- an independent, exhaustive oracle for small boards ------------------------------------------------


def neighbours(r: int, c: int, height: int, width: int) -> list[tuple[int, int]]:
    return [
        (rr, cc)
        for rr in range(r - 1, r + 2)
        for cc in range(c - 1, c + 2)
        if (rr, cc) != (r, c) and 0 <= rr < height and 0 <= cc < width
    ]


def forced_by_enumeration(numbers: np.ndarray, opened: np.ndarray, total: int) -> dict[tuple[int, int], bool]:
    """Return every hidden cell whose content is the same in all layouts that fit what is visible."""
    height, width = opened.shape
    hidden = [tuple(cell) for cell in np.argwhere(~opened).tolist()]
    where = {cell: i for i, cell in enumerate(hidden)}
    chosen = np.array(list(itertools.combinations(range(len(hidden)), total)), dtype=np.intp)
    combos = np.zeros((len(chosen), len(hidden)), dtype=np.int8)
    combos[np.arange(len(chosen))[:, None], chosen] = 1
    fits = np.ones(len(chosen), dtype=bool)
    for r, c in np.argwhere(opened).tolist():
        columns = [where[cell] for cell in neighbours(r, c, height, width) if cell in where]
        if columns:
            fits &= combos[:, columns].sum(axis=1) == numbers[r, c]
    fitting = combos[fits]
    assert len(fitting) > 0, "the visible board has no layout at all"
    always = fitting.all(axis=0)
    never = ~fitting.any(axis=0)
    return {cell: bool(always[i]) for i, cell in enumerate(hidden) if always[i] or never[i]}


def truth_grid(state: ms.State) -> np.ndarray:
    return np.where(state.mines, -1, state.numbers)


# --- no-guess generation ---------------------------------------------------------------------------------


def first_cells(params: ms.Params, seed: int) -> tuple[int, int]:
    rng = Rng(f"click{seed}")
    return rng.randbelow(params.height), rng.randbelow(params.width)


@pytest.mark.parametrize(
    ("params", "seeds"),
    [
        (ms.PRESETS["beginner"], 300),
        (ms.PRESETS["intermediate"], 100),
        (ms.PRESETS["expert"], 40),
        (ms.Params(5, 5, 8, True), 12),  # the no-guess density limit, W·H // 3
        (ms.Params(9, 9, 27, True), 8),
        (ms.Params(16, 16, 85, True), 4),
        (ms.Params(30, 16, 160, True), 3),
        (ms.Params(12, 40, 60, True), 4),
    ],
)
def test_every_no_guess_board_is_solved_to_the_end_from_the_first_click(params, seeds):
    for seed in range(seeds):
        cell = first_cells(params, seed)
        state = ms.apply(ms.generate(params, Rng(f"ng{seed}")), ("open", *cell))
        proved = solver.solve_from_first_click(state.mines, cell)
        assert np.array_equal(proved, truth_grid(state)), (params, seed, cell)
        assert solver.solves_without_guessing(state.mines, cell)


def test_no_guess_boards_need_no_guess_by_exhaustive_check():
    # An oracle that knows every layout fitting the board opens only forced cells;
    # on a no-guess board it must always find one until the game is won.
    for seed in range(40):
        params = ms.Params(5, 5, 3 + seed % 4, True)
        cell = first_cells(params, seed)
        state = ms.apply(ms.generate(params, Rng(f"exhaustive{seed}")), ("open", *cell))
        while ms.status(state) == 0:
            forced = forced_by_enumeration(state.numbers, state.opened, params.mines)
            safe = [cell for cell, is_mine in forced.items() if not is_mine]
            assert safe, f"seed {seed}: a guess would be needed"
            for cell in safe:
                if not state.opened[cell]:
                    state = ms.apply(state, ("open", *cell))
        assert ms.status(state) == 1


def test_guessing_boards_are_plain_random_and_some_need_a_guess():
    params = ms.Params(9, 9, 10, False)
    unsolved = 0
    for seed in range(60):
        state = ms.apply(ms.generate(params, Rng(f"g{seed}")), ("open", 4, 4))
        unsolved += not solver.solves_without_guessing(state.mines, (4, 4))
    assert unsolved > 0


# --- soundness -------------------------------------------------------------------------------------------


def test_every_deduction_from_a_visible_board_is_forced():
    rng = np.random.default_rng(2024)
    checked = 0
    for seed in range(200):
        params = ms.Params(5, 5, int(rng.integers(3, 7)), False)
        cell = (int(rng.integers(5)), int(rng.integers(5)))
        state = ms.apply(ms.generate(params, Rng(f"sound{seed}")), ("open", *cell))
        # Open a few more safe cells at random, as a player might have.
        for _ in range(int(rng.integers(0, 3))):
            closed = np.argwhere(~state.opened & ~state.mines)
            if ms.status(state) != 0 or len(closed) == 0:
                break
            state = ms.apply(state, ("open", *closed[rng.integers(len(closed))].tolist()))
        if ms.status(state) != 0:
            continue
        deduction = Deduction(geometry(5, 5), params.mines)
        for index in np.flatnonzero(state.opened.ravel()).tolist():
            deduction.learn_number(index, int(state.numbers.ravel()[index]))
        deduction.run()
        forced = forced_by_enumeration(state.numbers, state.opened, params.mines)
        for index, is_mine in deduction.deduced:
            assert forced.get(divmod(index, 5)) == is_mine, (seed, divmod(index, 5))
            checked += 1
    assert checked > 200


# --- hints -----------------------------------------------------------------------------------------------


def play_hints(state: ms.State, limit: int = 2000) -> tuple[ms.State, list[tuple]]:
    """Follow hints only; check that none would open a mine or flag a safe cell."""
    used = []
    while ms.status(state) == 0 and len(used) < limit:
        move = ms.hint(state)
        assert move is not None, "a no-guess board ran out of hints"
        kind, row, col = move
        if state.mines is not None:
            if kind == "open":
                assert not state.mines[row, col], "the hint opened a mine"
            elif kind == "flag":
                assert state.mines[row, col], "the hint flagged a safe cell"
            else:
                assert not state.mines[row, col] and state.marks[row, col] == 1
        state = ms.apply(state, move)
        used.append(move)
    return state, used


@pytest.mark.parametrize(
    ("params", "seeds"), [(ms.PRESETS["beginner"], 100), (ms.PRESETS["intermediate"], 20)]
)
def test_hints_alone_win_a_no_guess_board_from_the_start(params, seeds):
    for seed in range(seeds):
        state, used = play_hints(ms.generate(params, Rng(f"hint{seed}")))
        assert ms.status(state) == 1, seed
        assert used[0] == ("open", params.height // 2, params.width // 2)
        assert all(kind != "unflag" for kind, _, _ in used)


@pytest.mark.parametrize("seed", ["hint-expert", "second", "third"])
def test_hints_alone_win_an_expert_board(seed):
    state, used = play_hints(ms.generate(ms.PRESETS["expert"], Rng(seed)))
    assert ms.status(state) == 1 and used[0] == ("open", 8, 15)


def test_hints_do_not_trust_wrong_flags_and_ask_to_remove_them():
    params = ms.PRESETS["beginner"]
    for seed in range(6):
        state = ms.apply(ms.generate(params, Rng(f"wrong{seed}")), ("open", 4, 4))
        safe_hidden = np.argwhere(~state.opened & ~state.mines).tolist()
        wrong = [tuple(cell) for cell in safe_hidden[:2]]
        for cell in wrong:
            state = ms.apply(state, ("flag", *cell))
        state, used = play_hints(state)
        assert ms.status(state) == 1
        assert {(r, c) for kind, r, c in used if kind == "unflag"} == set(wrong)


def test_hint_prefers_a_safe_open_then_flags_then_unflags():
    board = np.zeros((5, 5), dtype=bool)
    board[3, 0] = board[3, 1] = True
    state = ms.decode(compose(1, "5x5n2-guess", pack_bits(board.ravel()), "0-4"))
    assert {tuple(c) for c in np.argwhere(~state.opened).tolist()} == {(3, 0), (3, 1), (4, 0), (4, 1)}
    first = ms.hint(state)
    assert first[0] == "open" and first[1:] in {(4, 0), (4, 1)}
    state = ms.apply(ms.apply(state, ("open", 4, 1)), ("flag", 4, 0))  # a wrong flag on the last safe cell
    assert ms.hint(state) in {("flag", 3, 0), ("flag", 3, 1)}
    state = ms.apply(ms.apply(state, ("flag", 3, 0)), ("flag", 3, 1))
    assert ms.hint(state) == ("unflag", 4, 0)


def test_hint_before_the_first_click_is_the_centre_and_none_once_over():
    unplaced = ms.generate(ms.PRESETS["expert"], Rng("c"))
    assert ms.hint(unplaced) == ("open", 8, 15)
    assert ms.hint(ms.apply(unplaced, ("flag", 8, 15))) == ("unflag", 8, 15)
    state = ms.apply(unplaced, ("open", 8, 15))
    mine = tuple(np.argwhere(state.mines)[0].tolist())
    assert ms.hint(ms.apply(state, ("open", *mine))) is None
    won, _ = play_hints(state)
    assert ms.hint(won) is None


def test_hint_may_find_nothing_on_a_guessing_board():
    params = ms.Params(9, 9, 10, False)
    for seed in range(300):
        state = ms.apply(ms.generate(params, Rng(f"stuck{seed}")), ("open", 4, 4))
        if ms.status(state) == 0 and ms.hint(state) is None:
            assert not has_single_number_deduction(state)
            return
    pytest.fail("no guessing board without a deduction in 300 seeds")


def has_single_number_deduction(state: ms.State) -> bool:
    """Return True if some opened number alone settles its hidden neighbours (0, or one mine per cell)."""
    height, width = state.opened.shape
    for r, c in np.argwhere(state.opened).tolist():
        hidden = [cell for cell in neighbours(r, c, height, width) if not state.opened[cell]]
        if hidden and state.numbers[r, c] in (0, len(hidden)):
            return True
    return False


def test_hints_are_deterministic():
    state = ms.apply(ms.generate(ms.PRESETS["intermediate"], Rng("det")), ("open", 3, 3))
    assert ms.hint(state) == ms.hint(ms.decode(ms.encode(state)))


# --- the individual rules, on boards where nothing simpler works ----------------------------------------


def visible_board(text: str) -> ms.State:
    """Return a state from rows of '.' (opened), '#' (hidden, safe) and '*' (hidden mine)."""
    rows = [line.split() for line in text.strip().splitlines()]
    grid = np.array(rows)
    mines = grid == "*"
    height, width = mines.shape
    return ms.State(
        params=ms.Params(width, height, int(mines.sum()), False),
        seed="",
        mines=mines,
        opened=grid == ".",
        marks=np.zeros(mines.shape, dtype=np.int8),
        first_click=(0, 0),
    )


def test_overlapping_facts_prove_a_cell_no_single_number_can():
    # (0,1)=1 over {(0,2),(1,2)} and (1,0)=1 over {(2,0),(2,1)} leave none of
    # (1,1)=2's mines for (2,2).
    state = visible_board(
        """
        . . # # * #
        . . * # # #
        * # # # # #
        * # # # # #
        * # # # # #
        """
    )
    assert state.numbers[1, 1] == 2
    assert ms.hint(state) == ("open", 2, 2)


def test_the_mine_total_proves_cells_no_number_can(monkeypatch):
    state = visible_board(
        """
        . . . # #
        . . . * #
        . . * * .
        . . . . #
        . . . . *
        """
    )
    assert ms.hint(state) in {("open", 0, 4), ("open", 1, 4)}
    monkeypatch.setattr(solver, "MAX_GLOBAL_SETS", -1)  # without the disjoint-union search...
    assert ms.hint(state)[0] == "flag"  # ...only mines can be proved here
