"""The first click of a no-guess board in slices (`apply_steps`), its work budget and the density limit."""

from __future__ import annotations

import time

import numpy as np
import pytest

from app.core.gameid import GameIdError, compose, pack_bits
from app.core.rng import Rng
from app.games import mines as ms
from app.games.mines import generator
from app.games.mines.board import unplaced_state
from app.games.mines.moves import apply_steps
from app.games.mines.params import NO_GUESS_CELLS_PER_MINE, ParamsError, max_mines
from app.games.mines.solver import SLICE_WORK, drain, solves_without_guessing

TARGET_SLICE_S = 0.040  # the CPython budget of one slice (Pyodide is 3-5x slower; the page allows 250 ms)


def run_slices(steps) -> tuple[ms.State, list[float], list[float]]:
    """Drain `steps`; return the state, the progress values yielded and the time of every slice.

    Times are this thread's CPU time: wall time on a shared test machine mostly
    measures the other processes.
    """
    progress: list[float] = []
    times: list[float] = []
    started = time.thread_time()
    while True:
        try:
            value = next(steps)
        except StopIteration as stop:
            times.append(time.thread_time() - started)
            return stop.value, progress, times
        now = time.thread_time()
        times.append(now - started)
        started = now
        progress.append(value)


def slice_work(progress: list[float]) -> list[float]:
    """The work units of each slice, read back from the progress (the share of MAX_WORK used)."""
    marks = [0.0, *progress]
    return [(b - a) * generator.MAX_WORK for a, b in zip(marks, marks[1:], strict=False)]


# --- apply_steps ----------------------------------------------------------------------------------------


def test_apply_steps_is_none_for_quick_moves():
    guess = ms.generate(ms.Params(9, 9, 10, False), Rng("q"))
    assert apply_steps(guess, ("open", 4, 4)) is None  # a guessing board lays its mines at once
    unplaced = ms.generate(ms.PRESETS["beginner"], Rng("q"))
    assert apply_steps(unplaced, ("flag", 0, 0)) is None
    assert apply_steps(unplaced, ("mark", 0, 0, False)) is None
    placed = ms.apply(unplaced, ("open", 4, 4))
    hidden = tuple(int(v) for v in np.argwhere(~placed.opened)[0])
    assert apply_steps(placed, ("open", *hidden)) is None
    assert apply_steps(placed, ("flag", *hidden)) is None


def test_a_big_guessing_board_lays_its_mines_in_slices_then_opens(monkeypatch: pytest.MonkeyPatch):
    """Over SLICED_FIRST_CLICK_CELLS cells a guessing board's first click is slow too: lay (in slices), then open.

    The slices are counted, not timed: no slice draws more than LAY_SLICE_MINES mines (#27: 2,491 mines
    on 50×50 were one task of 0.3-0.5 s under load).
    """
    from app.games.mines.moves import SLICED_FIRST_CLICK_CELLS

    assert max(p.width * p.height for p in ms.PRESETS.values()) <= SLICED_FIRST_CLICK_CELLS  # presets: at once
    draws = [0]
    randbelow = Rng.randbelow

    def counted(self: Rng, n: int) -> int:
        draws[0] += 1
        return randbelow(self, n)

    for params, cell in [(ms.Params(50, 50, 2491, False), (25, 25)), (ms.Params(50, 50, 400, False), (0, 49))]:
        unplaced = ms.generate(params, Rng("big-guess"))
        expected = ms.apply(unplaced, ("open", *cell))
        steps = apply_steps(unplaced, ("open", *cell))
        assert steps is not None
        monkeypatch.setattr(Rng, "randbelow", counted)
        per_slice, progress = [], []
        while True:
            draws[0] = 0
            try:
                progress.append(next(steps))
            except StopIteration as stop:
                state = stop.value
                break
            finally:
                per_slice.append(draws[0])
        monkeypatch.setattr(Rng, "randbelow", randbelow)
        assert max(per_slice) <= generator.LAY_SLICE_MINES, per_slice
        assert sum(per_slice) >= params.mines and len(progress) >= -(-params.mines // generator.LAY_SLICE_MINES) + 1
        assert progress[-1] == 0.5  # the opening is a slice of its own
        assert state == expected  # the same board as at once
        assert state.first_click == cell and int(state.mines.sum()) == params.mines
        assert ms.decode(ms.encode(unplaced)) == unplaced  # the seed still names the same board
    dense = ms.generate(ms.Params(50, 50, 2491, False), Rng("big-guess"))
    assert ms.status(ms.apply(dense, ("open", 25, 25))) == 1, "9 safe cells, all opened by the first click"


def test_illegal_first_clicks_raise_before_any_slice():
    unplaced = ms.generate(ms.PRESETS["expert"], Rng("bad"))
    flagged = ms.apply(unplaced, ("flag", 3, 3))
    for state, move in [
        (unplaced, ("open", 16, 0)),
        (unplaced, ("open", 1)),
        (unplaced, ("dig", 1, 1)),
        (flagged, ("open", 3, 3)),
    ]:
        with pytest.raises(ValueError):
            apply_steps(state, move)
    # A state made around the checks (as an old saved game could be) is refused up front too.
    too_dense = unplaced_state(ms.Params(50, 50, 950, True), "w7")
    with pytest.raises(ParamsError, match="at most 833 mines"):
        apply_steps(too_dense, ("open", 0, 0))
    with pytest.raises(ValueError):
        ms.apply(too_dense, ("open", 0, 0))


@pytest.mark.parametrize(
    ("params", "cell", "seed"),
    [
        (ms.PRESETS["beginner"], (4, 4), "a"),
        (ms.PRESETS["intermediate"], (0, 0), "b"),
        (ms.PRESETS["expert"], (15, 29), "c"),
        (ms.Params(30, 16, 160, True), (0, 0), "d"),  # the density limit
        (ms.Params(50, 50, 833, True), (0, 0), "w7"),  # the densest 50×50 no-guess board
    ],
)
def test_apply_steps_gives_what_apply_gives_with_progress_in_order(params, cell, seed):
    unplaced = ms.generate(params, Rng(seed))
    steps = apply_steps(unplaced, ("open", *cell))
    assert steps is not None
    state, progress, _ = run_slices(steps)
    assert state == ms.apply(unplaced, ("open", *cell))
    assert not state.may_need_guess
    assert solves_without_guessing(state.mines, cell)
    assert all(isinstance(p, float) and 0.0 <= p <= 1.0 for p in progress)
    assert progress == sorted(progress)


def test_the_slices_depend_on_the_board_and_the_click_only():
    unplaced = ms.generate(ms.Params(30, 16, 160, True), Rng("again"))
    first, progress, _ = run_slices(apply_steps(unplaced, ("open", 8, 8)))
    again, progress_again, _ = run_slices(apply_steps(unplaced, ("open", 8, 8)))
    assert first == again and progress == progress_again and len(progress) > 1


def test_stopping_the_slices_leaves_the_board_as_it_was():
    unplaced = ms.generate(ms.Params(30, 16, 160, True), Rng("cancel"))
    before = ms.encode(unplaced)
    steps = apply_steps(unplaced, ("open", 0, 0))
    assert steps is not None
    next(steps)
    next(steps)
    steps.close()  # Cancel
    assert ms.encode(unplaced) == before and unplaced.mines is None
    assert ms.apply(unplaced, ("open", 0, 0)) == drain(apply_steps(unplaced, ("open", 0, 0)))


# --- bounded slices ---------------------------------------------------------------------------------------

DENSEST = [
    (ms.Params(50, 50, 833, True), (0, 0), "w7"),
    (ms.Params(50, 50, 833, True), (25, 25), "slice1"),
    (ms.Params(50, 50, 833, True), (49, 0), "slice2"),
    (ms.Params(50, 5, 83, True), (0, 0), "slice3"),
]


@pytest.mark.parametrize(("params", "cell", "seed"), DENSEST)
def test_every_slice_of_the_densest_boards_is_bounded(params, cell, seed):
    unplaced = ms.generate(params, Rng(seed))
    state, progress, times = run_slices(apply_steps(unplaced, ("open", *cell)))
    assert ms.status(state) == 0 and not state.may_need_guess
    # Work units are exact: a slice ends once it reaches SLICE_WORK, so it overshoots
    # by at most one step (a cell or fact, a mine-total search or a perturbation).
    work = slice_work(progress)
    assert max(work) <= 1.5 * SLICE_WORK, max(work)
    assert sum(work) <= 0.5 * generator.MAX_WORK  # far inside the budget
    # Time is only a soft check (noisy machines): 10x the 40 ms target, in CPU time.
    assert max(times) < 10 * TARGET_SLICE_S, max(times)


# --- the work budget --------------------------------------------------------------------------------------


def test_out_of_budget_keeps_the_closest_layout_and_says_it_may_need_a_guess(monkeypatch):
    params = ms.Params(30, 16, 160, True)
    unplaced = ms.generate(params, Rng("budget"))
    monkeypatch.setattr(generator, "MAX_WORK", 2 * SLICE_WORK)
    state, progress, _ = run_slices(apply_steps(unplaced, ("open", 0, 0)))
    assert state.may_need_guess
    assert progress and max(progress) <= 1.0
    assert int(state.mines.sum()) == params.mines and ms.status(state) == 0
    assert all(state.opened[r, c] for r in range(2) for c in range(2))  # the start area is free
    assert ms.apply(unplaced, ("open", 0, 0)) == state  # apply agrees, flag included
    # The flag survives moves and restarts; the game ID does not carry it.
    hidden = tuple(int(v) for v in np.argwhere(~state.opened)[0])
    assert ms.apply(state, ("flag", *hidden)).may_need_guess
    assert ms.restart_state(unplaced, state).may_need_guess
    assert not ms.decode(ms.encode(state)).may_need_guess
    _, stats = generator.place_mines_bits(params, unplaced.seed, (0, 0))
    assert stats["fallback"] == 1 and stats["work"] >= generator.MAX_WORK


# --- the density limit ------------------------------------------------------------------------------------


def test_max_mines_keeps_guessing_boards_and_limits_no_guess_ones():
    assert NO_GUESS_CELLS_PER_MINE == 3
    assert max_mines(50, 50) == max_mines(50, 50, False) == 2491
    assert max_mines(50, 50, True) == 833
    assert max_mines(30, 16, True) == 160 and max_mines(9, 9, True) == 27 and max_mines(5, 5, True) == 8
    for preset in ms.PRESETS.values():
        assert preset.mines <= max_mines(preset.width, preset.height, True)


def test_parse_params_refuses_dense_no_guess_boards_with_the_numbers():
    with pytest.raises(ParamsError) as caught:
        ms.parse_params("50x50n950")
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.kind == "no_guess_mines"
    assert error.values == {
        "width": 50,
        "height": 50,
        "low": 1,
        "high": 833,
        "guess_high": 2491,
        "cells_per_mine": 3,
    }
    assert str(error) == (
        "A no-guess 50×50 board takes at most 833 mines (one per 3 cells); with guessing allowed it takes up to 2491"
    )
    assert ms.parse_params("50x50n833") == ms.Params(50, 50, 833, True)
    assert ms.parse_params("50x50n950-guess") == ms.Params(50, 50, 950, False)
    assert ms.parse_params("50x50n2491-guess") == ms.Params(50, 50, 2491, False)


@pytest.mark.parametrize(
    ("text", "kind", "values", "key"),
    [
        ("nine", "text", {}, "params_refused"),
        ("4x9n10", "side", {"low": 5, "high": 50}, "mines_custom_error_size"),
        ("9x9n0", "mines", {"width": 9, "height": 9, "low": 1, "high": 27, "no_guess": 1, "guess_high": 72},
         "mines_custom_error_no_guess"),
        ("9x9n73-guess", "mines", {"width": 9, "height": 9, "low": 1, "high": 72, "no_guess": 0, "guess_high": 72},
         "mines_custom_error_mines"),
        (
            "9x9n73",
            "no_guess_mines",
            {"width": 9, "height": 9, "low": 1, "high": 27, "guess_high": 72, "cells_per_mine": 3},
            "mines_custom_error_no_guess",
        ),
    ],
)
def test_params_errors_carry_a_kind_and_the_words_for_the_page(text, kind, values, key):
    with pytest.raises(ParamsError) as caught:
        ms.parse_params(text)
    assert caught.value.kind == kind and caught.value.values == values
    assert caught.value.string_key == key and caught.value.params == values


def test_params_over_the_limit_cannot_start_a_game():
    with pytest.raises(ParamsError, match="at most 833"):
        ms.check_params(ms.Params(50, 50, 834, True))
    with pytest.raises(ParamsError, match="at most 833"):
        ms.generate(ms.Params(50, 50, 950, True), Rng("x"))
    assert ms.generate(ms.Params(50, 50, 950, False), Rng("x")).params.mines == 950


def test_game_ids_over_the_limit_are_refused_without_generating():
    started = time.perf_counter()
    with pytest.raises(GameIdError, match="at most 833 mines") as caught:
        ms.decode("1.50x50n950.w7")  # the link from the fault probe
    assert caught.value.kind == "size"
    assert isinstance(caught.value.__cause__, ParamsError)
    assert caught.value.__cause__.kind == "no_guess_mines"
    # A placed ID needs no generation, but it names the same refused board: refused alike.
    layout = np.zeros(2500, dtype=bool)
    layout[np.arange(2500 - 950, 2500)] = True
    with pytest.raises(GameIdError) as caught:
        ms.decode(compose(1, "50x50n950", pack_bits(layout), "0-0"))
    assert caught.value.kind == "size"
    assert time.perf_counter() - started < 1.0
    # The same board with guessing allowed is fine.
    assert ms.decode("1.50x50n950-guess.w7").params == ms.Params(50, 50, 950, False)
