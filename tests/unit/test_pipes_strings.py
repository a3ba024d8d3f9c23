"""Pipe Link's words: English counts read right at 1 and at more, Japanese names read naturally."""

from __future__ import annotations

import re

import pytest

from app.core.strings import placeholders, translate
from app.games.pipes import strings

# Fields that are no count of anything: positions, the size limits, the names filled in.
NOT_COUNTS = {"row", "col", "low", "high", "sides", "flow", "mode", "width", "height", "par",
              "text", "clause", "tiles", "change"}
COUNT_KEYS = sorted(key for key, text in strings.EN.items() if placeholders(text) - NOT_COUNTS)
WRONG_PLURAL = re.compile(r"(?<![\d.,+−-])\b1 (tiles|are)\b")
WRONG_SINGULAR = re.compile(r"(?<![\d.,+−-])\b(0|[2-9]|\d\d+) tile\b(?! is)|\b(0|[2-9]|\d\d+) tile is\b")


def test_the_count_strings_are_the_ones_this_test_knows() -> None:
    """A new count string must be looked at here (and given a singular if it counts tiles)."""
    assert COUNT_KEYS == sorted([
        "pipes_active", "pipes_check_turns_left", "pipes_check_wrong_locks",
        "pipes_live_active_less", "pipes_live_active_more", "pipes_live_active_same",
        "pipes_live_loop", "pipes_live_reach_less", "pipes_live_reach_more", "pipes_live_reach_same",
        "pipes_live_unlocked_all", "pipes_live_front", "pipes_live_loop_clause", "pipes_tiles_more"])


@pytest.mark.parametrize("key", COUNT_KEYS)
def test_every_count_reads_right_at_one_and_at_more(key: str) -> None:
    fields = placeholders(strings.EN[key])
    for one in sorted(fields - NOT_COUNTS):
        for others in (0, 2, 25):
            params = {name: (1 if name == one else others) for name in fields}
            text = translate("en", key, **params)
            assert not WRONG_PLURAL.search(text), text
            assert not WRONG_SINGULAR.search(text), text
        for many in (0, 2, 25):
            text = translate("en", key, **{name: many for name in fields})
            assert not WRONG_SINGULAR.search(text), text


@pytest.mark.parametrize(("key", "params", "expected"), [
    ("pipes_live_reach_more", {"n": 1, "d": 1}, "Water reaches 1 tile (+1)"),
    ("pipes_live_reach_more", {"n": 3, "d": 1}, "Water reaches 3 tiles (+1)"),
    ("pipes_live_reach_less", {"n": 1, "d": 2}, "Water reaches 1 tile (−2)"),
    ("pipes_live_reach_same", {"n": 1}, "Water reaches 1 tile"),
    ("pipes_live_active_more", {"n": 1, "total": 25, "d": 1}, "1 of 25 tiles connected (+1)"),
    ("pipes_live_loop", {"n": 4}, "A loop: 4 tiles are in a loop"),
    ("pipes_live_unlocked_all", {"n": 1}, "Unlocked 1 tile"),
    ("pipes_live_unlocked_all", {"n": 3}, "Unlocked 3 tiles"),
    ("pipes_live_front", {"row": 2, "col": 3, "n": 1}, "the water front is at row 2, column 3, 1 tile from the exit"),
    ("pipes_live_front", {"row": 2, "col": 3, "n": 4}, "the water front is at row 2, column 3, 4 tiles from the exit"),
])
def test_the_reported_sentences(key: str, params: dict[str, int], expected: str) -> None:
    assert translate("en", key, **params) == expected


def test_japanese_names_the_path_mode_one_road_and_labels_read_with_no_opening() -> None:
    ja = strings.JA
    assert ja["pipes_mode_path"] == "一本道"
    assert ja["pipes_preset_path_5x5"] == "一本道 5×5"
    for key, text in ja.items():
        if key.startswith("pipes_preset_path_"):
            assert text.startswith("一本道 "), key
    # A tile with no opening said "なしが開口" ("nothing is an opening"); the sides now follow a label.
    label = translate("ja", "pipes_cell", row=1, col=2, sides=ja["pipes_sides_none"], flow=ja["pipes_dry"])
    assert label == "1行2列、開口：なし、水が来ていない"
    assert "輪はできません" not in ja["pipes_rule_net"]


def test_every_string_has_both_languages_and_the_same_fields() -> None:
    assert strings.EN.keys() == strings.JA.keys()
    for key, text in strings.EN.items():
        assert placeholders(strings.JA[key]) == placeholders(text), key
    for key, (param, singular) in strings.EN_ONE.items():
        assert param in placeholders(strings.EN[key]), key
        assert placeholders(singular) == placeholders(strings.EN[key]), key


@pytest.mark.parametrize("catalogue", [strings.EN, strings.JA])
def test_the_tool_radios_are_named_in_words_that_differ_beyond_a_glyph(catalogue: dict[str, str]) -> None:
    """The radios' names (read by screen readers and voice control) are words: "Turn ↻" and "Turn ↺" differed by
    their glyph alone (#30). app/web/views/pipes.py names each tool "pipes_tool_<tool>_name"."""
    names = [catalogue[f"pipes_tool_{tool}_name"] for tool in ("turn_cw", "turn_ccw", "lock")]
    assert len(set(names)) == 3
    for name in names:
        assert not re.search(r"[↻↺✓]", name), name
    cw, ccw = names[0], names[1]
    assert cw.replace(" ", "") != ccw.replace(" ", "")
    if catalogue is strings.EN:
        assert (cw, ccw) == ("Turn clockwise", "Turn counter-clockwise")
