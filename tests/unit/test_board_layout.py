"""The board's declared shape, input map and pixel geometry (app/web/layout.py), under CPython."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.core.strings import translate
from app.web.layout import (
    Action,
    BoardLayout,
    Geometry,
    action_for_button,
    action_for_key,
    action_for_long_press,
    action_for_tap,
    key_help,
    keyshortcuts,
    pointer_help,
)

TURN_CW = Action("turn_cw", "action_turn_cw", keys=("Enter", " "), buttons=(0,), tap=True)
TURN_CCW = Action("turn_ccw", "action_turn_ccw", keys=("Shift+Enter",), buttons=(2,))
LOCK = Action("lock", "action_lock", keys=("l",), buttons=(1,), long_press=True)
ACTIONS = (TURN_CW, TURN_CCW, LOCK)


def test_three_actions_are_told_apart_by_key_shift_and_button() -> None:
    assert action_for_key(ACTIONS, "Enter", shift=False) is TURN_CW
    assert action_for_key(ACTIONS, "Enter", shift=True) is TURN_CCW
    assert action_for_key(ACTIONS, " ", shift=False) is TURN_CW
    assert action_for_key(ACTIONS, "L", shift=False) is LOCK
    assert action_for_key(ACTIONS, "l", shift=False) is LOCK
    assert action_for_key(ACTIONS, "x", shift=False) is None
    assert [action_for_button(ACTIONS, b) for b in (0, 1, 2)] == [TURN_CW, LOCK, TURN_CCW]
    assert action_for_tap(ACTIONS) is TURN_CW
    assert action_for_long_press(ACTIONS) is LOCK


def test_tap_falls_back_to_the_primary_button() -> None:
    primary = Action("press", "action_press", buttons=(0,))
    assert action_for_tap((primary,)) is primary


def test_keys_are_shown_to_players_and_to_assistive_technology() -> None:
    assert keyshortcuts(ACTIONS) == "Enter Space Shift+Enter L"
    help_en = key_help(ACTIONS, lambda key, **p: translate("en", key, **p))
    assert help_en == "Enter or Space: turn clockwise. Shift+Enter: turn counter-clockwise. L: lock"
    help_ja = key_help(ACTIONS, lambda key, **p: translate("ja", key, **p))
    assert "Shift+Enter：左に回す" in help_ja


RING = BoardLayout(3, 4, ring=True, dead=frozenset({(1, 1)}), edge=frozenset({(-1, 2), (1, 4), (3, 0)}))


def test_the_ring_holds_buttons_only_where_edge_elements_are() -> None:
    live = RING.live_positions()
    assert (-1, 2) in live and (1, 4) in live and (3, 0) in live
    assert (-1, -1) not in live and (-1, 0) not in live and (4, 4) not in live
    assert (1, 1) not in live, "a dead cell has no button"
    assert len(live) == 3 * 4 - 1 + 3
    assert (RING.total_rows, RING.total_cols) == (5, 6)
    assert RING.index((-1, -1)) == (0, 0) and RING.index((2, 3)) == (3, 4)


def test_edge_elements_must_sit_on_the_ring() -> None:
    with pytest.raises(ValueError):
        BoardLayout(3, 3, ring=True, edge=frozenset({(1, 1)}))
    with pytest.raises(ValueError):
        BoardLayout(3, 3, ring=False, edge=frozenset({(-1, 1)}))


def test_the_cursor_skips_dead_cells_and_empty_ring_positions() -> None:
    assert RING.step((1, 0), 0, 1) == (1, 2), "the dead cell (1, 1) is skipped"
    assert RING.step((0, 2), -1, 0) == (-1, 2), "up from the top row reaches the source above it"
    assert RING.step((-1, 2), -1, 0) == (2, 2), "past the ring it wraps to the far side, skipping empty ring"
    assert RING.step((1, 3), 0, 1) == (1, 4), "right reaches the source on the right edge"
    assert RING.step((2, 0), 1, 0) == (3, 0)
    assert RING.step((0, 0), 0, -1) == (0, 3), "left from the first column wraps, the empty ring skipped"


def test_a_board_without_a_ring_wraps_like_before() -> None:
    plain = BoardLayout(3, 3)
    assert plain.step((0, 0), -1, 0) == (2, 0)
    assert plain.step((0, 2), 0, 1) == (0, 0)
    assert plain.row_end((1, 1), last=True) == (1, 2)
    assert plain.centre() == (1, 1)


@given(st.integers(1, 8), st.integers(1, 8), st.booleans(), st.data())
def test_every_step_lands_on_a_live_position(rows: int, cols: int, ring: bool, data: st.DataObject) -> None:
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    dead = frozenset(data.draw(st.lists(st.sampled_from(cells), max_size=len(cells) - 1)))
    layout = BoardLayout(rows, cols, ring=ring, dead=dead)
    start = layout.centre()
    for d_row, d_col in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        assert layout.is_live(layout.step(start, d_row, d_col))


def test_geometry_puts_the_ring_around_the_cells() -> None:
    geometry = Geometry(RING, 40.0)
    assert (geometry.width, geometry.height) == (240.0, 200.0)
    assert geometry.rect((-1, -1)) == (0.0, 0.0, 40.0)
    assert geometry.rect((0, 0)) == (40.0, 40.0, 40.0)
    assert geometry.centre((2, 3)) == (180.0, 140.0)
    assert geometry.edge_midpoint((0, 0), 1) == (80.0, 60.0)
    assert geometry.position_at(45.0, 41.0) == (0, 0)
    assert geometry.position_at(5.0, 5.0) == (-1, -1)
    assert geometry.position_at(-1.0, 5.0) is None


@given(st.integers(-1, 3), st.integers(-1, 4), st.floats(8, 80))
def test_geometry_round_trips_between_positions_and_pixels(row: int, col: int, size: float) -> None:
    geometry = Geometry(RING, size)
    x, y = geometry.centre((row, col))
    assert geometry.position_at(x, y) == (row, col)



def test_the_first_visit_line_names_touch_gestures_before_mouse_only_actions() -> None:
    """A touch player reads what a tap and a long press do first, never "Right-click" first."""
    from functools import partial

    import app.catalogue  # noqa: F401 (the games' strings)

    tool = Action("tool", "action_tool", buttons=(0,), tap=True)
    actions = (Action("turn_cw", "action_turn_cw", keys=("Enter",)), TURN_CCW, LOCK, tool)  # Pipe Link's order
    line = pointer_help(actions, partial(translate, "en"))
    assert line.startswith("Tap or click: "), line
    assert line.index("Long press or middle-click") < line.index("Right-click"), line


def test_the_grid_rows_name_every_live_position_once_with_its_aria_indices() -> None:
    rows, live = RING.grid_rows(RING.row_numbers())
    assert live == RING.live_positions()
    assert len(rows) == RING.total_rows and all(len(cells) == RING.total_cols for _, cells in rows)
    assert rows[0][0] == 0, "the ring above row 1 holds a source but has no number of its own"
    assert rows[1][0] == 1 and rows[-1][0] == RING.rows + 1
    buttons = [cell for _, cells in rows for cell in cells if cell[0] is not None]
    assert [(r, c) for _, r, c, _ in buttons] == live
    assert ["cell", 1, 0, 1] in buttons and ["cell edge", -1, 2, 3] in buttons
    assert [None, 1, 1, 0] in rows[2][1], "the dead cell is a gap"
    assert BoardLayout(2, 2, ring=True).grid_rows([-1])[0] == [[None, [[None, -1, c, 0] for c in range(-1, 3)]]]


@given(st.integers(1, 9), st.integers(1, 9), st.booleans(), st.integers(1, 4))
def test_grid_rows_made_a_slice_at_a_time_are_the_whole_grid(rows: int, cols: int, ring: bool, per: int) -> None:
    layout = BoardLayout(rows, cols, ring=ring)
    whole = layout.grid_rows(layout.row_numbers())
    numbers = list(layout.row_numbers())
    parts = [layout.grid_rows(numbers[i:i + per]) for i in range(0, len(numbers), per)]
    assert ([row for part, _ in parts for row in part], [p for _, part in parts for p in part]) == whole
