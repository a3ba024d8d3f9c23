"""Personal bests: per field, lower is better, damaged data is ignored."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.core.bests import KIND, Bests, new_best_key
from app.core.record_kinds import KINDS
from app.core.records import decode
from app.core.storage import MemoryBacking, Storage
from app.core.strings import translate


def make() -> tuple[Bests, MemoryBacking]:
    backing = MemoryBacking()
    return Bests(Storage(backing, kinds=KINDS)), backing


def test_no_record_yet() -> None:
    bests, _ = make()
    assert bests.get("crosslight", "5x5") == {}


def test_a_first_result_is_kept_but_is_no_new_best() -> None:
    bests, backing = make()
    assert bests.submit("crosslight", "5x5", {"moves": 9, "time": 41.2}) == set()  # there was no best to beat
    assert bests.get("crosslight", "5x5") == {"moves": 9, "time": 41.2}
    assert json.loads(backing.data["masume:best:crosslight:5x5"]) == {"moves": 9, "time": 41.2}


def test_fields_improve_independently() -> None:
    bests, _ = make()
    bests.submit("crosslight", "5x5", {"moves": 9, "time": 41.2})
    assert bests.submit("crosslight", "5x5", {"moves": 7, "time": 60.0}) == {"moves"}
    assert bests.submit("crosslight", "5x5", {"moves": 12, "time": 30.5}) == {"time"}
    assert bests.get("crosslight", "5x5") == {"moves": 7, "time": 30.5}


def test_ties_and_worse_results_change_nothing() -> None:
    bests, backing = make()
    bests.submit("mines", "9x9n10", {"time": 20.0})
    before = dict(backing.data)
    assert bests.submit("mines", "9x9n10", {"time": 20.0}) == set()
    assert bests.submit("mines", "9x9n10", {"time": 20.5}) == set()
    assert backing.data == before


def test_a_field_recorded_for_the_first_time_is_kept_but_is_no_new_best() -> None:
    bests, _ = make()
    bests.submit("mines", "9x9n10", {"time": 20.0})
    assert bests.submit("mines", "9x9n10", {"time": 25.0, "moves": 30}) == set()
    assert bests.get("mines", "9x9n10") == {"time": 20.0, "moves": 30}


def test_games_and_presets_are_separate() -> None:
    bests, _ = make()
    bests.submit("crosslight", "5x5", {"moves": 9})
    bests.submit("crosslight", "7x7", {"moves": 20})
    bests.submit("pipes", "5x5", {"moves": 3})
    assert bests.get("crosslight", "5x5") == {"moves": 9}
    assert bests.get("crosslight", "7x7") == {"moves": 20}
    assert bests.get("pipes", "5x5") == {"moves": 3}
    assert bests.get("mirrors", "5x5") == {}


@pytest.mark.parametrize("text", ["{broken", '"fast"', "[1, 2]", "9", "null", "true"])
def test_corrupt_record_reads_as_none(text: str) -> None:
    backing = MemoryBacking({"masume:best:mines:9x9n10": text})
    bests = Bests(Storage(backing, kinds=KINDS))
    assert bests.get("mines", "9x9n10") == {}
    assert bests.submit("mines", "9x9n10", {"time": 99.0}) == set()  # kept; a damaged record was no best
    assert bests.get("mines", "9x9n10") == {"time": 99.0}


def test_wrongly_typed_fields_are_dropped() -> None:
    record = {"moves": "9", "time": 12.5, "hints": True, "clicks": -3, "score": None, "ok": 4}
    backing = MemoryBacking({"masume:best:mines:9x9n10": json.dumps(record)})
    bests = Bests(Storage(backing, kinds=KINDS))
    assert bests.get("mines", "9x9n10") == {"time": 12.5, "ok": 4}
    assert bests.submit("mines", "9x9n10", {"moves": 50}) == set()  # "9" was no record: nothing beaten
    assert bests.submit("mines", "9x9n10", {"moves": 40}) == {"moves"}


@pytest.mark.parametrize("bad", [{"time": float("nan")}, {"time": -1}, {"moves": "3"}, {"moves": True}])
def test_invalid_results_are_refused(bad: dict) -> None:
    bests, backing = make()
    with pytest.raises(ValueError):
        bests.submit("mines", "9x9n10", bad)
    assert backing.data == {}


def test_bests_kept_in_memory_when_storage_fails_but_not_called_new() -> None:
    bests = Bests(Storage(None, kinds=KINDS))
    assert bests.submit("pipes", "5x5", {"moves": 4}) == set()  # not stored: no "New best!"
    assert bests.submit("pipes", "5x5", {"moves": 5}) == set()
    assert bests.get("pipes", "5x5") == {"moves": 4}  # yet this visit plays on with it
    assert bests.submit("pipes", "5x5", {"moves": 3}) == set()  # beats it, but still not stored


RESULT = st.fixed_dictionaries({"moves": st.integers(0, 500), "time": st.floats(0, 1e5)})


@given(st.lists(RESULT, max_size=20))
def test_best_is_the_minimum_of_each_field(results: list[dict]) -> None:
    bests, _ = make()
    for result in results:
        current = bests.get("g", "p")
        improved = bests.submit("g", "p", result)
        assert improved == {k for k, v in result.items() if k in current and v < current[k]}
    expected = {k: min(r[k] for r in results) for k in ("moves", "time")} if results else {}
    assert bests.get("g", "p") == expected


# ----- absurd values and a nearly full storage -------------------------------------------------


def test_absurd_stored_values_are_dropped_and_set_aside() -> None:
    text = '{"moves": 1000001, "time": 1e308, "clicks": 4}'
    backing = MemoryBacking({"masume:best:mines:9x9n10": text})
    bests = Bests(Storage(backing, kinds=KINDS))
    assert bests.get("mines", "9x9n10") == {"clicks": 4}
    assert json.loads(backing.data["masume:quarantine:best:mines:9x9n10"])["raw"] == text


def test_unbelievable_results_are_not_kept() -> None:
    bests, backing = make()
    assert bests.submit("crosslight", "5x5", {"moves": 9, "time": 100 * 86_400 + 1}) == set()
    assert bests.get("crosslight", "5x5") == {"moves": 9}
    assert bests.submit("crosslight", "5x5", {"moves": 8, "time": 100 * 86_400 + 1}) == {"moves"}


def test_deeply_nested_best_does_not_stop_anything() -> None:
    backing = MemoryBacking({"masume:best:mines:9x9n10": "[" * 8000 + "]" * 8000})
    bests = Bests(Storage(backing, kinds=KINDS))
    assert bests.get("mines", "9x9n10") == {}
    assert bests.submit("mines", "9x9n10", {"time": 12.0}) == set()  # kept, beating no earlier best
    assert json.loads(backing.data["masume:best:mines:9x9n10"]) == {"time": 12.0}


def test_a_best_is_kept_when_storage_is_nearly_full() -> None:
    """The issue: the progress save failed first, and every later write stayed in memory."""
    progress = {"id": "1.5x5.AAAA", "start": "1.5x5.AAAB", "moves": [[0, 1]] * 40, "elapsed": 3.0, "hints": 0}
    backing = MemoryBacking(quota=900)
    storage = Storage(backing, kinds=KINDS)
    assert storage.set("progress:crosslight", progress)
    bigger = {**progress, "moves": [[0, 1]] * 80}
    assert storage.set("progress:crosslight", bigger) is False  # the save no longer fits
    bests = Bests(storage)
    assert bests.submit("crosslight", "5x5", {"moves": 9, "time": 41.2}) == set()  # a first best: kept, not "new"
    assert json.loads(backing.data["masume:best:crosslight:5x5"]) == {"moves": 9, "time": 41.2}
    assert Bests(Storage(backing, kinds=KINDS)).get("crosslight", "5x5") == {"moves": 9, "time": 41.2}  # after a reload


def test_a_best_drops_in_progress_saves_when_that_is_the_only_room() -> None:
    progress = {"id": "1.5x5.AAAA", "start": "1.5x5.AAAB", "moves": [[0, 1]] * 40, "elapsed": 3.0, "hints": 0}
    backing = MemoryBacking(quota=760)
    storage = Storage(backing, kinds=KINDS)
    assert storage.set("progress:crosslight", progress)
    assert Bests(storage).submit("crosslight", "5x5", {"moves": 9, "time": 41.2}) == set()  # a first best
    assert "masume:best:crosslight:5x5" in backing.data
    assert "masume:progress:crosslight" not in backing.data


def test_absurd_bests_are_dropped_field_by_field() -> None:
    kind = KIND
    decoded = decode('{"time": 1e308, "moves": 4}', kind)
    assert decoded.value == {"moves": 4} and decoded.salvaged == "bad_field"
    assert decode('{"moves": 1000001}', kind).value == {}
    assert decode('{"time": 8640000, "moves": 1000000}', kind).value == {"time": 8640000, "moves": 1000000}
    assert decode('{"$moves": 1}', kind).salvaged  # "$" names are the format's own
    assert decode("[1]", kind).rejected == "wrong_type"


def test_a_best_that_could_not_be_stored_is_not_called_new() -> None:
    from app.core.storage import MemoryBacking, Storage

    bests = Bests(Storage(MemoryBacking(quota=40), kinds=KINDS))
    assert bests.submit("crosslight", "5x5", {"moves": 9, "time": 41.5}) == set()
    backing = MemoryBacking()
    kept = Bests(Storage(backing, kinds=KINDS))
    kept.submit("crosslight", "5x5", {"moves": 9})
    backing.quota = backing.used()  # full: the better record, with its time, no longer fits
    assert kept.submit("crosslight", "5x5", {"moves": 8, "time": 41.5}) == set(), "beaten, but not stored"


def test_the_result_names_the_one_best_a_win_beat() -> None:
    assert new_best_key(set()) is None
    assert translate("en", new_best_key({"time"}) or "") == "New best time!"
    assert translate("en", new_best_key({"moves"}) or "") == "Fewest moves yet!"
    assert translate("en", new_best_key({"moves", "time"}) or "") == "New best!"
    assert translate("ja", new_best_key({"time"}) or "") == "ベストタイム更新！"
