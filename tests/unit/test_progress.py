"""In-progress saves: the record kind's schema accepts a clean save and refuses every bad field."""

from __future__ import annotations

import pytest

from app.core.progress import MAX_MOVES, validate_progress
from app.core.records import MAX_SECONDS

GOOD_PROGRESS = {"id": "1.5x5.AAAA", "start": "1.5x5.AAAB", "moves": [[0, 1], ["cw", 2, 3], "x", True],
                 "elapsed": 12.5, "hints": 2}


@pytest.mark.parametrize(
    "value",
    [None, "x" * 300, 1.5, "a" * 1, [1], {"moves": "9"}, 7],
)
def test_progress_rejects_wrong_shapes(value: object) -> None:
    assert validate_progress(value) is None


@pytest.mark.parametrize(
    "change",
    [{"elapsed": float("inf")}, {"elapsed": MAX_SECONDS + 1}, {"elapsed": -1}, {"elapsed": True}, {"elapsed": "3"},
     {"hints": -3}, {"hints": 10_001}, {"hints": 1.0}, {"hints": True}, {"id": 5}, {"start": None},
     {"id": "x" * 5000}, {"moves": "abc"}, {"moves": [[[[[1]]]]]}, {"moves": [None]}, {"moves": [1.5]},
     {"moves": [{"a": 1}]}, {"moves": [list(range(17))]}, {"moves": [0] * (MAX_MOVES + 1)},
     {"id": "\ud800"}],
)
def test_progress_rejects_bad_fields(change: dict) -> None:
    assert validate_progress({**GOOD_PROGRESS, **change}) is None


def test_progress_too_long_to_store_is_refused() -> None:
    long_moves = [["x" * 60] * 16] * 2000  # within the move count, far beyond the stored size
    assert validate_progress({**GOOD_PROGRESS, "moves": long_moves}) is None


def test_progress_is_normalised() -> None:
    clean = validate_progress({**GOOD_PROGRESS, "elapsed": 3, "extra": 1})
    assert clean == {**GOOD_PROGRESS, "elapsed": 3.0}
    assert isinstance(clean["elapsed"], float)
    assert validate_progress({k: v for k, v in GOOD_PROGRESS.items() if k not in ("elapsed", "hints")}) == {
        **GOOD_PROGRESS, "elapsed": 0.0, "hints": 0}
