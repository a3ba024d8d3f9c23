"""Pipe Link tiles: the 4-bit encoding, turns, click distances, side names."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.games.pipes import tiles

values = st.integers(min_value=0, max_value=15)


@given(values)
def test_four_clockwise_turns_restore_a_tile(value: int) -> None:
    turned = value
    for _ in range(4):
        turned = tiles.rotate_cw(turned)
    assert turned == value


@given(values)
def test_counter_clockwise_undoes_clockwise(value: int) -> None:
    assert tiles.rotate_ccw(tiles.rotate_cw(value)) == value
    assert tiles.rotate_cw(tiles.rotate_ccw(value)) == value


@given(values, st.integers(min_value=-9, max_value=9))
def test_rotate_by_k_is_k_clockwise_turns(value: int, k: int) -> None:
    expected = value
    for _ in range(k % 4):
        expected = tiles.rotate_cw(expected)
    assert tiles.rotate(value, k) == expected


def test_clockwise_moves_each_opening_one_side_on() -> None:
    # The article's formula, and its examples: up->right, right->down, down->left, left->up.
    assert [tiles.rotate_cw(side) for side in (1, 2, 4, 8)] == [2, 4, 8, 1]
    assert tiles.rotate_cw(10) == 5  # the horizontal straight becomes the vertical one
    assert tiles.rotate_cw(3) == 6  # up-right bend -> right-down bend
    for value in range(16):
        assert tiles.rotate_cw(value) == ((value << 1) | (value >> 3)) & 15
        assert tiles.degree(tiles.rotate_cw(value)) == tiles.degree(value)


def test_click_distance_counts_either_direction() -> None:
    assert tiles.clicks_between(3, 3) == 0
    assert tiles.clicks_between(3, 6) == 1  # one clockwise
    assert tiles.clicks_between(3, 12) == 2  # a half turn
    assert tiles.clicks_between(3, 9) == 1  # three clockwise = one counter-clockwise
    assert tiles.clicks_between(5, 10) == 1
    assert tiles.clicks_between(5, 5) == 0
    assert tiles.clicks_between(3, 5) is None  # a bend never becomes a straight
    assert tiles.quarter_turns_between(3, 9) == 3


def test_orientations_are_distinct_rotations() -> None:
    assert tiles.orientations(5) == (5, 10)
    assert tiles.orientations(15) == (15,)
    assert tiles.orientations(0) == (0,)
    assert sorted(tiles.orientations(7)) == [7, 11, 13, 14]


def test_open_sides_in_view_order() -> None:
    assert tiles.open_sides(0) == ()
    assert tiles.open_sides(10) == ("right", "left")
    assert tiles.open_sides(15) == ("up", "right", "down", "left")
    assert tiles.open_sides(12) == ("down", "left")
