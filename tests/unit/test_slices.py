"""Work cut into slices for the page (app.core.slices): every item once, in order, with honest progress."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.core.slices import batches, share


@given(st.lists(st.integers(), max_size=300), st.integers(min_value=1, max_value=50))
def test_batches_give_every_item_once_in_order_with_rising_progress(items: list[int], size: int) -> None:
    runs = list(batches(items, size))
    assert [item for run, _ in runs for item in run] == items
    assert all(1 <= len(run) <= size for run, _ in runs)
    progress = [done for _, done in runs]
    assert progress == sorted(progress) and len(set(progress)) == len(progress)
    assert progress[-1:] == ([1.0] if items else [])
    assert len(runs) == -(-len(items) // size)


def test_batches_of_a_range_are_ranges_and_need_a_positive_size() -> None:
    assert [(list(run), done) for run, done in batches(range(5), 2)] == [([0, 1], 0.4), ([2, 3], 0.8), ([4], 1.0)]
    with pytest.raises(ValueError):
        list(batches([1], 0))


def test_share_maps_a_phase_onto_its_part_of_the_whole() -> None:
    assert share(0.0, 0.0, 0.8) == 0.0
    assert share(1.0, 0.0, 0.8) == 0.8
    assert share(0.5, 0.8, 1.0) == pytest.approx(0.9)
    assert share(2.0, 0.2, 0.4) == 0.4 and share(-1.0, 0.2, 0.4) == 0.2  # clamped
