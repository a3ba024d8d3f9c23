"""Check: what each game marks, that it counts like a hint, and that it never reveals an unflagged mine."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core import registry
from app.core.check import NOTHING_WRONG, CheckResult, can_check, check_state, run_check
from app.core.rng import Rng
from app.core.session import Session
from app.core.strings import records_ui
from app.games import (
    crosslight,  # noqa: E402
    mines,  # noqa: E402
    mirrors,  # noqa: E402
    pipes,  # noqa: E402
)

# ----- Minesweeper ----------------------------------------------------------------------------------


def _placed(seed: str, no_guess: bool = False) -> object:
    params = mines.Params(9, 9, 15, no_guess)
    state = mines.generate(params, Rng(seed))
    return mines.apply(state, ("open", 4, 4))


@settings(max_examples=120, deadline=None)
@given(seed=st.text(min_size=1, max_size=8), picks=st.lists(st.integers(0, 80), max_size=30))
def test_check_never_reveals_an_unflagged_mine(seed: str, picks: list[int]) -> None:
    state = _placed(seed)
    for cell in picks:
        row, col = divmod(cell, 9)
        if mines.status(state) != 0 or state.opened[row, col]:
            continue
        move = ("unflag", row, col) if state.marks[row, col] else ("flag", row, col)
        state = mines.apply(state, move)
    result = mines.check(state)
    flagged = {(int(r), int(c)) for r, c in np.argwhere(state.marks == 1)}
    if mines.status(state) != 0 or not flagged:
        assert result is None  # over, or no flag to check: nothing said, nothing counted
        return
    assert isinstance(result, CheckResult)
    for row, col in result.cells:
        assert (row, col) in flagged, "only the player's own flags may be named"
        assert not state.mines[row, col], "a flag on a mine is never called wrong"
    wrong = {(r, c) for r, c in flagged if not state.mines[r, c]}
    assert set(result.cells) == wrong and result.count == len(wrong)
    assert result.string_key == ("mines_check_wrong_flags" if wrong else NOTHING_WRONG)
    # What the check says depends only on the flags: moving an unflagged mine to another
    # unflagged hidden cell changes nothing in its answer.
    hidden_unflagged = ~state.opened & (state.marks != 1)
    mine_cells = np.argwhere(hidden_unflagged & state.mines)
    safe_cells = np.argwhere(hidden_unflagged & ~state.mines)
    if len(mine_cells) and len(safe_cells):
        moved = state.mines.copy()
        moved[tuple(mine_cells[0])], moved[tuple(safe_cells[-1])] = False, True
        assert mines.check(dataclasses.replace(state, mines=moved)) == result


def test_mines_check_before_the_first_click_and_after_the_end() -> None:
    state = mines.generate(mines.PRESETS["beginner"], Rng("before"))
    assert mines.check(mines.apply(state, ("flag", 0, 0))) is None
    lost = _placed("lost")
    mine = tuple(int(v) for v in np.argwhere(lost.mines & ~lost.opened)[0])
    lost = mines.apply(lost, ("open", *mine))
    assert mines.status(lost) == -1 and mines.check(lost) is None
    assert not can_check(mines.SPEC, lost)


def test_a_check_counts_like_a_hint() -> None:
    session = Session(mines.SPEC, _placed("counted"))
    safe = tuple(int(v) for v in np.argwhere(~session.state.mines & ~session.state.opened)[0])
    session.play(("flag", *safe))
    result = run_check(session)
    assert result is not None and result.cells == (safe,) and result.count == 1
    assert session.hints_used == 1
    assert run_check(Session(crosslight.SPEC, crosslight.generate(crosslight.PRESETS["easy"], Rng("c")))) is not None


# ----- the games that say how far ----------------------------------------------------------------------


def test_crosslight_check_is_the_presses_left() -> None:
    state = crosslight.generate(crosslight.PRESETS["normal"], Rng("cl-check"))
    result = check_state(crosslight.SPEC, state)
    assert result == CheckResult("crosslight_check_presses_left", crosslight.par(state))
    solved = state
    for move in crosslight.solve(state):
        solved = crosslight.apply(solved, move)
    assert check_state(crosslight.SPEC, solved) is None


def test_mirrors_check_is_the_turns_left() -> None:
    state = mirrors.generate(mirrors.PRESETS["easy"], Rng("mi-check"))
    result = mirrors.check(state)
    assert result is not None and result.string_key == "mirrors_check_turns_left"
    assert result.count == mirrors.remaining_turns(state) and result.cells == ()


# ----- Pipe Link: wrongly locked tiles ----------------------------------------------------------------


def test_pipes_net_check_names_wrong_locks_only() -> None:
    state = pipes.generate(pipes.Params(pipes.NET, 5, 5), Rng("net-check"))
    solution = pipes.solve(state)
    wrong = next(cell for cell, value in enumerate(state.tiles) if value != solution[cell])
    right = next(cell for cell, value in enumerate(state.tiles) if value == solution[cell])
    for cell in (wrong, right):
        state = pipes.apply(state, ("lock", *divmod(cell, state.width)))
    result = pipes.check(state)
    assert result == CheckResult("pipes_check_wrong_locks", 1, (divmod(wrong, state.width),))
    unlocked = pipes.apply(state, ("unlock_all",))
    assert pipes.check(unlocked) == CheckResult("pipes_check_turns_left", pipes.remaining_turns(unlocked)), \
        "with no wrong lock, Check says how far the board is, never which tile"


def test_pipes_path_check_names_locks_only_when_they_block_every_route() -> None:
    state = pipes.generate(pipes.Params(pipes.PATH, 4, 4), Rng("path-check"))
    assert pipes.check(state) == CheckResult("pipes_check_turns_left", pipes.remaining_turns(state))
    blocked = None
    for cell in range(len(state.tiles)):  # lock tiles in their start orientation until no route is left
        state = pipes.apply(state, ("lock", *divmod(cell, state.width)))
        if pipes.remaining_turns(state) is None:
            blocked = state
            break
    assert blocked is not None
    result = pipes.check(blocked)
    assert result is not None and result.string_key == "pipes_check_wrong_locks" and result.count >= 1
    assert all(blocked.is_locked(row, col) for row, col in result.cells)
    fixed = blocked
    for row, col in result.cells:
        fixed = pipes.apply(fixed, ("lock", row, col))
    assert pipes.remaining_turns(fixed) is not None, "unlocking the named tiles opens a route again"


@pytest.mark.parametrize("game, key", [
    ("mines", "mines_check_wrong_flags"), ("crosslight", "crosslight_check_presses_left"),
    ("mirrors", "mirrors_check_turns_left"), ("pipes", "pipes_check_turns_left"), ("pipes", "pipes_check_wrong_locks")])
def test_each_games_check_words_are_its_own(game: str, key: str) -> None:
    """What a game's Check finds is worded in that game's strings, in both languages; core keeps only the shared."""
    words = registry.backend(game).strings
    assert key in words.en and key in words.ja
    assert key.removeprefix(f"{game}_") not in records_ui.EN, "core no longer words one game's check"


def test_the_shared_check_words_are_in_the_catalogue() -> None:
    assert NOTHING_WRONG in records_ui.EN and NOTHING_WRONG in records_ui.JA


def test_mines_check_with_no_flag_says_nothing_and_counts_nothing() -> None:
    session = Session(mines.SPEC, _placed("no-flags"))
    assert run_check(session) is None and session.hints_used == 0
