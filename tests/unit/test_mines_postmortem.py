"""Minesweeper post-mortem: after a loss, was the fatal click a forced guess or was a safe cell proved?"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from app.core.gameid import compose, pack_bits
from app.core.rng import Rng
from app.games import mines as ms
from app.games.mines.postmortem import PostMortem


def layout(text: str) -> np.ndarray:
    """Return a bool mine grid from rows of '*' (mine) and '.' (safe)."""
    return np.array([[ch == "*" for ch in line.strip()] for line in text.strip().splitlines()], dtype=bool)


def placed(mines: np.ndarray, first: tuple[int, int]) -> ms.State:
    """The board with this layout right after its first click (built from a game ID, as a link would)."""
    height, width = mines.shape
    params = ms.Params(width, height, int(mines.sum()), False)
    return ms.decode(compose(1, ms.format_params(params), pack_bits(mines.ravel()), f"{first[0]}-{first[1]}"))


def safe_in_every_layout(state: ms.State) -> set[tuple[int, int]]:
    """Brute force: the hidden cells that hold no mine in any layout agreeing with the visible numbers."""
    height, width = state.mines.shape
    hidden = [(r, c) for r in range(height) for c in range(width) if not state.opened[r, c]]
    shown = state.opened
    consistent = []
    for combo in itertools.combinations(hidden, state.params.mines):
        mines = np.zeros((height, width), dtype=bool)
        for rc in combo:
            mines[rc] = True
        if np.array_equal(ms.neighbour_counts(mines)[shown], state.numbers[shown]):
            consistent.append(mines)
    return {rc for rc in hidden if not any(m[rc] for m in consistent)}


AVOIDABLE = """
.....
....*
...*.
.....
.....
"""

FIFTY_FIFTY = """
.....
.....
.....
..*..
..*.*
"""


def test_a_loss_where_the_board_proved_a_safe_cell_names_it():
    state = placed(layout(AVOIDABLE), (0, 0))
    assert ms.status(state) == 0
    result = ms.post_mortem(state, ("open", 1, 4))
    assert result == PostMortem(fatal=(1, 4), forced_guess=False, safe_cell=(2, 4), fatal_was_provable_mine=False)
    assert safe_in_every_layout(state) == {(2, 4)}


def test_a_fifty_fifty_loss_is_a_forced_guess():
    state = placed(layout(FIFTY_FIFTY), (0, 0))
    result = ms.post_mortem(state, ("open", 4, 4))
    assert result.forced_guess and result.safe_cell is None and not result.fatal_was_provable_mine
    assert safe_in_every_layout(state) == set()


def test_opening_a_proved_mine_says_so():
    state = placed(layout(FIFTY_FIFTY), (0, 0))
    result = ms.post_mortem(state, ("open", 3, 2))  # the 1s above prove (3, 2) is a mine
    assert result.fatal == (3, 2) and result.fatal_was_provable_mine and result.forced_guess


def test_flags_are_not_trusted_and_a_flagged_safe_cell_counts_last():
    state = placed(layout(AVOIDABLE), (0, 0))
    flagged = ms.apply(state, ("flag", 2, 4))  # a wrong flag on the one provably safe cell
    result = ms.post_mortem(flagged, ("open", 1, 4))
    assert result.safe_cell == (2, 4) and not result.forced_guess


def test_a_chord_onto_a_mine_is_judged_on_the_board_before_it():
    state = placed(layout(AVOIDABLE), (0, 0))
    # (1, 3) shows 2 (mines at (1, 4) and (2, 3)); flag the safe (2, 4) and (2, 3), then chord: (1, 4) blows.
    assert int(state.numbers[1, 3]) == 2 and state.opened[1, 3]
    wrong = ms.apply(ms.apply(state, ("flag", 2, 4)), ("flag", 2, 3))
    result = ms.post_mortem(wrong, ("open", 1, 3))
    assert result.fatal == (1, 4) and result.safe_cell == (2, 4)


def test_a_move_that_does_not_lose_is_refused():
    state = placed(layout(AVOIDABLE), (0, 0))
    with pytest.raises(ValueError, match="did not lose"):
        ms.post_mortem(state, ("open", 2, 4))


def test_the_named_cell_is_safe_in_every_layout_the_board_allows():
    """Soundness against brute force on small random boards (and forced_guess exactly when none is named)."""
    rng = random.Random(7)
    checked = 0
    for _ in range(600):
        mines = np.zeros((5, 5), dtype=bool)
        for index in rng.sample(range(25), rng.choice([2, 3, 4])):
            mines.flat[index] = True
        mines[0:2, 0:2] = False
        if not mines.any():
            continue
        state = placed(mines, (0, 0))
        hidden = ~state.opened
        if ms.status(state) != 0 or hidden.sum() > 11:
            continue
        truly_safe = safe_in_every_layout(state)
        for r, c in np.argwhere(hidden & mines):
            result = ms.post_mortem(state, ("open", int(r), int(c)))
            assert result.forced_guess == (result.safe_cell is None)
            if result.safe_cell is not None:
                assert result.safe_cell in truly_safe
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("seed", ["pm-a", "pm-b", "pm-c", "pm-d"])
def test_right_after_the_first_click_a_no_guess_board_is_never_a_forced_guess(seed):
    state = ms.apply(ms.generate(ms.PRESETS["beginner"], Rng(seed)), ("open", 4, 4))
    mine = tuple(int(v) for v in np.argwhere(state.mines & ~state.opened)[0])
    result = ms.post_mortem(state, ("open", *mine))
    assert not result.forced_guess
    r, c = result.safe_cell
    assert not state.mines[r, c] and not state.opened[r, c]
