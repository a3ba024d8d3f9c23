"""Stars: the rule, and the record kind (exported, merged keeping the most, a tampered record refused)."""

from __future__ import annotations

import pytest

from app.core import records
from app.core.record_kinds import KINDS
from app.core.stars import KIND, Stars, merge_stars, rate, star_schema
from app.core.storage import MemoryBacking, Storage


@pytest.mark.parametrize(("moves", "par", "assisted", "expected"),
                         [(5, 5, False, 3), (6, 5, False, 2), (7, 5, False, 2), (8, 5, False, 1), (5, 5, True, 2),
                          (9, 5, True, 1), (0, 0, False, 3)])
def test_stars_at_par_within_two_and_capped_when_assisted(moves: int, par: int, assisted: bool, expected: int) -> None:
    assert rate(moves, par, assisted) == expected


def test_the_kind_is_exported_per_game_and_keeps_the_most_stars() -> None:
    assert records.kind_for("stars:mirrors:stage-4-01") is KIND and KIND.exported and KIND.per_game
    assert merge_stars({"stars": 3}, {"stars": 1}) == {"stars": 3}
    assert merge_stars({"stars": 1}, {"stars": 2}) == {"stars": 2}
    for bad in ({"stars": 4}, {"stars": 0}, {"stars": True}, {"stars": 2.0}, [3], {"stars": 2, "x": 1}):
        with pytest.raises(records.RecordError):
            star_schema(bad)


def test_a_store_keeps_the_best_stars() -> None:
    store = Stars(Storage(MemoryBacking(), kinds=KINDS))
    assert store.get("mirrors", "stage-4-01") == 0
    assert not store.submit("mirrors", "stage-4-01", 2)  # kept, but the first rating is not "more than before"
    assert store.get("mirrors", "stage-4-01") == 2
    assert not store.submit("mirrors", "stage-4-01", 1)
    assert store.submit("mirrors", "stage-4-01", 3) and store.get("mirrors", "stage-4-01") == 3
    with pytest.raises(ValueError):
        store.submit("mirrors", "stage-4-01", 4)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("stars", [0, 1, 2, 3])
def test_a_star_value_splits_into_the_stars_seen_and_the_words_read(lang: str, stars: int) -> None:
    """The result's "★★☆ 2 of 3" is read without its glyphs (#30), as the stage list reads its stars."""
    from app.core.stars import MAX_STARS, drawn_and_words
    from app.core.strings import translate

    words = translate(lang, "stars_value", stars=stars)
    drawn = "★" * stars + "☆" * (MAX_STARS - stars)
    assert drawn_and_words(f"{drawn} {words}") == (drawn, words)
    assert not any(glyph in words for glyph in "★☆")
    assert drawn_and_words("Moves: 7") == ("", "Moves: 7")  # a value with no stars is left whole
