"""The storage adapter over absent, corrupt, refusing and full backings."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.record_kinds import KINDS
from app.core.storage import (
    ERASED,
    NOTICE_NOT_REMOVED,
    NOTICE_QUARANTINED,
    NOTICE_UNAVAILABLE,
    MemoryBacking,
    Storage,
)
from app.core.storage import QuotaExceededError as MemoryQuotaError


class SecurityError(Exception):
    """What a browser raises when storage is disabled (private mode, sandboxed iframe)."""


class QuotaExceededError(Exception):
    """What a browser raises when the origin's storage is full."""


class RefusingBacking:
    """Storage that is present but refuses every call."""

    def __init__(self) -> None:
        self.calls = 0

    def getItem(self, key: str) -> str | None:  # noqa: N802
        self.calls += 1
        raise SecurityError("The operation is insecure.")

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.calls += 1
        raise SecurityError("The operation is insecure.")

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.calls += 1
        raise SecurityError("The operation is insecure.")


class FullBacking(MemoryBacking):
    """Storage that can be read but has no room for writes."""

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        raise QuotaExceededError("Setting the value exceeded the quota.")


class FlakyBacking(MemoryBacking):
    """Storage that works until `broken` is set."""

    broken = False

    def getItem(self, key: str) -> str | None:  # noqa: N802
        if self.broken:
            raise SecurityError("gone")
        return super().getItem(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.broken:
            raise SecurityError("gone")
        super().setItem(key, value)


def test_round_trip_and_namespace() -> None:
    backing = MemoryBacking()
    store = Storage(backing, kinds=KINDS)
    assert store.set("best:mines:9x9", {"moves": 3, "time": 4.5})
    assert backing.data == {"masume:best:mines:9x9": '{"moves":3,"time":4.5}'}
    assert store.get("best:mines:9x9") == {"moves": 3, "time": 4.5}
    assert not store.degraded and store.take_notice() is None


def test_custom_namespace_and_values() -> None:
    backing = MemoryBacking()
    store = Storage(backing, namespace="test", kinds=KINDS)
    for value in (True, 0, 1.5, "ja", [1, 2], {"a": [None]}):
        store.set("k", value)
        assert store.get("k", "default") == value
    assert list(backing.data) == ["test:k"]
    store.set("k", None)  # a stored JSON null is what a refused removal leaves: it reads as absent
    assert store.get("k", "default") == "default"


def test_missing_key_gives_default() -> None:
    store = Storage(MemoryBacking(), kinds=KINDS)
    assert store.get("nothing") is None
    assert store.get("nothing", 7) == 7


def test_reads_what_is_already_stored() -> None:
    store = Storage(MemoryBacking({"masume:setting:lang": '"ja"'}), kinds=KINDS)
    assert store.get("setting:lang") == "ja"


@pytest.mark.parametrize("text", ["{", "undefined", "", "[object Object]", "NaN]", '{"a":'])
def test_corrupt_json_gives_default(text: str) -> None:
    store = Storage(MemoryBacking({"masume:k": text}), kinds=KINDS)
    assert store.get("k", "fallback") == "fallback"
    assert not store.degraded  # corrupt data is not a storage failure


def test_non_text_from_backing_gives_default() -> None:
    backing = MemoryBacking()
    backing.data["masume:k"] = 42  # type: ignore[assignment]  # what an odd shim might return
    assert Storage(backing, kinds=KINDS).get("k", "d") == "d"


def test_remove() -> None:
    backing = MemoryBacking({"masume:k": "1", "other": "2"})
    store = Storage(backing, kinds=KINDS)
    assert store.remove("k")
    assert store.get("k") is None
    assert backing.data == {"other": "2"}


def test_unserialisable_value_is_a_programming_error() -> None:
    store = Storage(MemoryBacking(), kinds=KINDS)
    with pytest.raises(ValueError):
        store.set("k", float("nan"))  # JSON.parse in the browser would reject NaN
    with pytest.raises(TypeError):
        store.set("k", object())


def test_absent_backing_plays_on_in_memory() -> None:
    store = Storage(None, kinds=KINDS)
    assert store.degraded
    assert store.get("k", 1) == 1
    assert store.set("k", 2) is False  # not persisted
    assert store.get("k") == 2
    assert store.remove("k") is False
    assert store.get("k", "gone") == "gone"


def test_notice_given_exactly_once() -> None:
    store = Storage(None, kinds=KINDS)
    assert store.take_notice() == NOTICE_UNAVAILABLE == "storage_unavailable"
    assert store.take_notice() is None
    store.set("k", 1)
    assert store.take_notice() is None


def test_refusing_backing_degrades_and_keeps_values() -> None:
    backing = RefusingBacking()
    store = Storage(backing, kinds=KINDS)
    assert store.take_notice() is None  # nothing has failed yet
    assert store.get("k", "d") == "d"
    assert store.degraded
    assert store.take_notice() == "storage_unavailable"
    assert store.set("k", [1]) is False
    assert store.get("k") == [1]
    assert store.take_notice() is None
    calls = backing.calls
    store.get("other")
    store.set("k", 2)
    store.remove("k")
    assert backing.calls == calls  # once refused, the backing is left alone


def test_refusing_backing_on_first_write() -> None:
    store = Storage(RefusingBacking(), kinds=KINDS)
    assert store.set("k", {"x": 1}) is False
    assert store.degraded
    assert store.get("k") == {"x": 1}
    assert store.take_notice() == "storage_unavailable"
    assert store.take_notice() is None


def test_backing_without_methods_degrades() -> None:
    store = Storage(object(), kinds=KINDS)  # type: ignore[arg-type]
    assert store.get("k", 3) == 3
    assert store.set("k", 4) is False
    assert store.get("k") == 4
    assert store.take_notice() == "storage_unavailable"


def test_full_backing_degrades_on_write_but_still_reads() -> None:
    backing = FullBacking({"masume:old": "5", "masume:k": "1"})
    store = Storage(backing, kinds=KINDS)
    assert store.get("k") == 1
    assert store.set("k", 2) is False
    assert store.degraded and store.take_notice() == "storage_full"
    assert store.get("k") == 2  # the newer value in memory wins over the stored one
    assert store.get("old") == 5  # records written earlier are still readable
    assert backing.data == {"masume:old": "5", "masume:k": "1"}
    assert store.take_notice() is None


def test_full_backing_still_removes_after_a_failed_write() -> None:
    backing = FullBacking({"masume:k": "1"})
    store = Storage(backing, kinds=KINDS)
    assert store.set("x", 0) is False  # full: degraded, kept in memory
    assert store.remove("k")  # later operations still reach the backing
    assert store.get("k", "gone") == "gone"
    assert backing.data == {}
    assert store.get("x") == 0


def test_failure_after_success_keeps_what_was_known() -> None:
    backing = FlakyBacking()
    store = Storage(backing, kinds=KINDS)
    assert store.set("a", 1)
    backing.data["masume:b"] = json.dumps("read before the failure")
    assert store.get("b") == "read before the failure"
    backing.broken = True
    assert store.get("a") == 1
    assert store.degraded
    assert store.get("b") == "read before the failure"
    assert store.get("c", "unknown") == "unknown"
    assert store.take_notice() == "storage_unavailable"
    assert store.take_notice() is None


def test_memory_backing_stores_text() -> None:
    backing = MemoryBacking()
    backing.setItem("k", 5)  # type: ignore[arg-type]
    assert backing.getItem("k") == "5"
    backing.removeItem("k")
    backing.removeItem("k")
    assert backing.getItem("k") is None


# ----- hardening: damaged data is set aside, writes by priority --------------------------------

DEEP = "[" * 8000 + "]" * 8000
PROGRESS = {"id": "1.5x5.AAAA", "start": "1.5x5.AAAB", "moves": [[0, 1]], "elapsed": 1.0, "hints": 0}


@pytest.mark.parametrize("key", ["setting:sfx", "best:mines:9x9n10", "progress:mines"])
def test_deep_nesting_is_set_aside_and_start_up_goes_on(key: str) -> None:
    backing = MemoryBacking({f"masume:{key}": DEEP, "masume:setting:bgm": "true"})
    store = Storage(backing, kinds=KINDS)
    assert store.get(key, "default") == "default"
    assert f"masume:{key}" not in backing.data
    kept = json.loads(backing.data[f"masume:quarantine:{key}"])
    assert kept["key"] == key and kept["chars"] == len(DEEP) and kept["reason"] in ("too_big", "too_deep")
    assert len(kept["raw"]) == 8192  # truncated: quarantine cannot fill the storage itself
    assert store.get("setting:bgm") is True
    assert store.take_notice() == NOTICE_QUARANTINED == "storage_quarantined"
    assert store.take_notice() is None
    assert not store.degraded  # damaged data is not a storage failure


@pytest.mark.parametrize(
    "change",
    [{"hints": "Infinity"}, {"elapsed": "Infinity"}, {"elapsed": "1e999"}, {"elapsed": "NaN"}, {"hints": "-3"},
     {"elapsed": "1e308"}],
)
def test_non_finite_or_absurd_progress_is_set_aside(change: dict) -> None:
    text = json.dumps(PROGRESS)
    for field_name, raw in change.items():
        text = text.replace(f'"{field_name}": {json.dumps(PROGRESS[field_name])}', f'"{field_name}": {raw}')
    assert text != json.dumps(PROGRESS)
    backing = MemoryBacking({"masume:progress:mines": text})
    store = Storage(backing, kinds=KINDS)
    assert store.get("progress:mines") is None
    assert json.loads(backing.data["masume:quarantine:progress:mines"])["raw"] == text


def test_a_second_damaged_copy_takes_the_next_slot_and_others_are_never_overwritten() -> None:
    backing = MemoryBacking({"masume:best:a": "{", "masume:quarantine:best:b": "earlier"})
    Storage(backing, kinds=KINDS).get("best:a")
    for n in range(2, 5):
        backing.data["masume:best:a"] = "{" * n
        Storage(backing, kinds=KINDS).get("best:a")
    assert json.loads(backing.data["masume:quarantine:best:a"])["raw"] == "{"
    assert json.loads(backing.data["masume:quarantine:best:a#2"])["raw"] == "{{"
    assert json.loads(backing.data["masume:quarantine:best:a#3"])["raw"] == "{{{"
    assert "masume:quarantine:best:a#4" not in backing.data  # the same fault again: bounded
    assert "masume:best:a" not in backing.data  # ...and start-up does not meet it again
    assert backing.data["masume:quarantine:best:b"] == "earlier"


def test_damaged_quarantine_entries_are_not_set_aside_again() -> None:
    backing = MemoryBacking({"masume:quarantine:best:a": DEEP})
    store = Storage(backing, kinds=KINDS)
    assert store.get("quarantine:best:a", "d") == "d"
    assert list(backing.data) == ["masume:quarantine:best:a"]
    assert store.take_notice() is None


def test_set_aside_on_a_full_storage_keeps_the_original() -> None:
    backing = FullBacking({"masume:best:a": "{"})
    store = Storage(backing, kinds=KINDS)
    assert store.get("best:a", "d") == "d"
    assert backing.data == {"masume:best:a": "{"}  # no room for the quarantine: nothing deleted
    assert store.get("best:a", "d") == "d"
    assert store.take_notices() == [NOTICE_QUARANTINED]


def test_a_partly_damaged_best_keeps_its_good_fields_and_the_whole_text() -> None:
    text = '{"moves": 9, "time": 1e308, "hints": -3}'
    backing = MemoryBacking({"masume:best:g:p": text})
    store = Storage(backing, kinds=KINDS)
    assert store.get("best:g:p") == {"moves": 9}
    assert json.loads(backing.data["masume:best:g:p"]) == {"moves": 9}
    assert json.loads(backing.data["masume:quarantine:best:g:p"])["raw"] == text


def test_values_the_kind_would_reject_are_not_written() -> None:
    store = Storage(MemoryBacking(), kinds=KINDS)
    with pytest.raises(ValueError):
        store.set("progress:g", {**PROGRESS, "hints": -3})
    with pytest.raises(ValueError):
        store.set("best:g:p", {"time": 1e308})
    with pytest.raises(ValueError):
        store.set("setting:sfx", [True])


def test_a_failed_write_does_not_stop_later_ones() -> None:
    backing = MemoryBacking(quota=200)
    store = Storage(backing, kinds=KINDS)
    assert store.set("setting:x", "y" * 150) is False  # too big for the quota
    assert store.degraded and store.take_notice() == "storage_full"
    assert store.set("setting:sfx", False) is True  # the next one fits, and is tried
    assert backing.data == {"masume:setting:sfx": "false"}
    assert store.get("setting:x") == "y" * 150  # kept in memory for this visit
    store.set("setting:bgm", True)
    assert store.take_notice() is None  # told once


def test_a_best_makes_room_by_dropping_in_progress_saves() -> None:
    backing = MemoryBacking(quota=1200)
    store = Storage(backing, kinds=KINDS)
    progress = {**PROGRESS, "moves": [[1, 2]] * 60}
    assert store.set("progress:mines", progress)
    assert store.set("progress:pipes", PROGRESS)
    big_best = {f"f{i}": i for i in range(16)}
    assert store.set("best:pipes:7x7", big_best) is True  # did not fit: the saves went
    assert "masume:best:pipes:7x7" in backing.data
    assert not any(key.startswith("masume:progress:") for key in backing.data)
    assert store.get("progress:mines") == progress  # this visit still has them
    assert store.get("best:pipes:7x7") == big_best


def test_an_in_progress_save_never_drops_anything() -> None:
    backing = MemoryBacking(quota=400)
    store = Storage(backing, kinds=KINDS)
    assert store.set("best:a", {"moves": 1})
    assert store.set("progress:mines", {**PROGRESS, "moves": [[1, 2]] * 60}) is False
    assert json.loads(backing.data["masume:best:a"]) == {"moves": 1}


def test_quota_errors_are_recognised_by_name_or_message() -> None:
    from app.core.storage import is_quota_error

    class JsException(Exception):  # noqa: N818 - Pyodide's name
        name = "QuotaExceededError"

    assert is_quota_error(JsException("x"))
    assert is_quota_error(Exception("NS_ERROR_DOM_QUOTA_REACHED"))
    assert is_quota_error(QuotaExceededError("full"))
    assert not is_quota_error(SecurityError("The operation is insecure."))


def test_keys_lists_stored_and_memory_only_values() -> None:
    backing = MemoryBacking({"masume:best:a": "{}", "other:app": "1"})
    store = Storage(backing, kinds=KINDS)
    store.set("setting:sfx", True)
    assert store.keys() == ["best:a", "setting:sfx"]
    assert Storage(None, kinds=KINDS).keys() == []
    memory_only = Storage(None, kinds=KINDS)
    memory_only.set("best:b", {"moves": 1})
    assert memory_only.keys() == ["best:b"]


def test_memory_backing_quota_counts_utf16_bytes() -> None:
    backing = MemoryBacking(quota=20)
    backing.setItem("k", "abcd")  # (1 + 4) * 2 = 10 bytes
    backing.setItem("k", "abcdefgh0")  # replacing: (1 + 9) * 2 = 20
    with pytest.raises(MemoryQuotaError):
        backing.setItem("j", "")
    assert backing.length == 1 and backing.key(0) == "k" and backing.key(1) is None


RECORD_OPS = st.lists(
    st.tuples(st.sampled_from(["best", "stage", "setting", "progress"]), st.integers(0, 5), st.integers(0, 40)),
    max_size=40,
)


@settings(max_examples=80, deadline=None)
@given(ops=RECORD_OPS, quota=st.integers(100, 3000))
def test_write_priority_under_a_storage_that_fills_up(ops: list[tuple[str, int, int]], quota: int) -> None:
    """A record is lost only if it cannot fit even with every in-progress save gone; saves never push records out."""
    backing = MemoryBacking(quota=quota)
    store = Storage(backing, kinds=KINDS)
    expected: dict[str, object] = {}
    for family, slot, size in ops:
        if family == "best":
            key, value = f"best:g:{slot}", {f"f{i}": i for i in range(min(size, 16))}
        elif family == "stage":
            key, value = f"stage:g:{slot}", {"done": True, "best": size}
        elif family == "setting":
            key, value = f"setting:s{slot}", "v" * size
        else:
            key, value = f"progress:g{slot}", {**PROGRESS, "moves": [[1, 2]] * size}
        records_before = {k: v for k, v in backing.data.items() if not k.startswith("masume:progress:")}
        stored = store.set(key, value)
        expected[key] = value
        assert store.get(key) == value  # stored or kept in memory, this visit sees it
        if family == "progress":
            # A save never removes or changes any record.
            assert {k: v for k, v in backing.data.items() if not k.startswith("masume:progress:")} == records_before
        elif not stored:
            # A record failed only because it did not fit with no saves left.
            assert not any(k.startswith("masume:progress:") for k in backing.data)
            full = f"masume:{key}"
            others = backing.used() - ((len(full) + len(backing.data[full])) * 2 if full in backing.data else 0)
            assert others + (len(full) + len(json.dumps(value, separators=(",", ":")))) * 2 > quota
        assert backing.used() <= quota
    for key, value in expected.items():
        assert store.get(key) == value


def test_a_stale_save_left_by_a_failed_rewrite_makes_room_for_a_record() -> None:
    """Found by the property test above: a save too big to rewrite left its older text behind,
    which eviction skipped, so a best could not be stored."""
    backing = MemoryBacking(quota=186)
    store = Storage(backing, kinds=KINDS)
    assert store.set("progress:g0", {**PROGRESS, "moves": []})
    assert not store.set("progress:g0", {**PROGRESS, "moves": [[1, 2]]})  # too big: memory keeps it
    assert store.set("best:g:0", {})
    assert list(backing.data) == ["masume:best:g:0"]
    assert store.get("progress:g0") == {**PROGRESS, "moves": [[1, 2]]}, "this visit still has the newer save"


def test_every_family_is_read_by_its_own_kind_from_the_kinds_a_storage_is_given() -> None:
    """Kinds register in their own modules; Storage imports none of them: it reads, sets aside and evicts by
    the table it is handed (app.core.record_kinds.KINDS, every family's)."""
    code = (
        "import sys; from app.core.storage import MemoryBacking, Storage; "
        "assert not {'app.core.bests', 'app.core.record_kinds'} & set(sys.modules), 'Storage imported a family'; "
        "from app.core.record_kinds import KINDS; "
        "backing = MemoryBacking({'masume:best:mines:9x9n10': '{\"moves\": -1, \"time\": 3}'}); "
        "assert Storage(backing, kinds=KINDS).get('best:mines:9x9n10') == {'time': 3}; "
        "assert 'masume:quarantine:best:mines:9x9n10' in backing.data; "
        "from app.core.records import PRIORITY_SAVE; "
        "assert KINDS.kind_for('progress:pipes').priority == PRIORITY_SAVE"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])


# ----- records from a newer release (#20): kept untouched, never overwritten ---------------------

def _newer_storage() -> tuple[MemoryBacking, Storage, str]:
    from app.core.bests import KIND as BEST_KIND

    newer = f'{{"$v":{BEST_KIND.version + 1},"value":{{"moves":3,"future_field":[1,2]}}}}'
    backing = MemoryBacking({"masume:best:crosslight:5x5": newer})
    return backing, Storage(backing, kinds=KINDS), newer


def test_a_newer_releases_record_reads_as_absent_and_survives_a_write_byte_for_byte() -> None:
    backing, storage, newer = _newer_storage()
    assert storage.get("best:crosslight:5x5") is None
    assert storage.set("best:crosslight:5x5", {"moves": 9}) is False  # refused: kept in memory for this visit
    assert backing.data["masume:best:crosslight:5x5"] == newer
    assert storage.get("best:crosslight:5x5") == {"moves": 9}
    assert "storage_newer" in storage.take_notices()
    assert storage.newer_keys() == ["best:crosslight:5x5"]


def test_a_newer_releases_record_is_refused_even_when_not_read_first_and_never_removed() -> None:
    backing, storage, newer = _newer_storage()
    storage.set("best:crosslight:5x5", {"moves": 9})  # no get() before: found by looking
    storage.remove("best:crosslight:5x5")
    assert backing.data["masume:best:crosslight:5x5"] == newer


def test_a_newer_releases_save_is_never_evicted_to_make_room() -> None:
    from app.core.progress import KIND as SAVE_KIND

    newer_save = f'{{"$v":{SAVE_KIND.version + 1},"value":{{"x":1}}}}'
    backing = MemoryBacking({"masume:progress:mines": newer_save}, quota=MemoryBacking._bytes("masume:progress:mines")
                            + MemoryBacking._bytes(newer_save) + 40)
    storage = Storage(backing, kinds=KINDS)
    storage.set("setting:sfx", False)  # a record: would drop saves to make room, but not this one
    assert backing.data["masume:progress:mines"] == newer_save


# ----- what a full storage says (#20): exactly what was kept and what was dropped -----------------

def test_a_record_that_does_not_fit_says_storage_is_full_not_refused() -> None:
    backing = MemoryBacking(quota=60)
    store = Storage(backing, kinds=KINDS)
    assert store.set("best:crosslight:5x5", {"moves": 9, "time": 41.5}) is False
    assert store.take_notices() == ["storage_full"]
    assert store.get("best:crosslight:5x5") == {"moves": 9, "time": 41.5}  # kept for this visit


def test_a_save_dropped_to_make_room_is_named_once() -> None:
    save = json.dumps({"id": "1.5x5.AAAA", "start": "1.5x5.AAAB", "moves": [[0, 1]], "elapsed": 1.0, "hints": 0})
    backing = MemoryBacking({"masume:progress:mines": save})
    backing.quota = backing.used() + 40
    store = Storage(backing, kinds=KINDS)
    assert store.set("best:crosslight:5x5", {"moves": 9, "time": 41.5}) is True
    assert "masume:progress:mines" not in backing.data
    assert store.take_notices() == ["storage_saves_dropped"]
    assert store.take_dropped_saves() == ["progress:mines"]
    assert store.take_dropped_saves() == []


# ----- a backing whose removeItem throws (#27) -----------------------------------------------------------


class NoRemovalBacking(MemoryBacking):
    """Storage that writes and reads but refuses removeItem (and, for keys in `stuck`, any write too)."""

    def __init__(self, data: dict[str, str] | None = None, stuck: tuple[str, ...] = ()) -> None:
        super().__init__(data)
        self.stuck = stuck

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if key in self.stuck:
            raise SecurityError("refused")
        super().setItem(key, value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        raise SecurityError("removeItem refused")


def _win_and_forget(storage: Storage) -> None:
    """A Cross Light win as the game screen records it, then its in-progress save forgotten."""
    from app import catalogue  # noqa: F401 - registers the games
    from app.core.bests import Bests
    from app.core.daily import DailyLog
    from app.core.play import Play, RecordStores
    from app.core.rng import Rng
    from app.core.session import Session
    from app.core.stage_progress import StageProgress
    from app.core.stars import Stars
    from app.core.stats import Stats
    from app.games import crosslight

    state = crosslight.generate(crosslight.parse_params("5x5"), Rng("no-removal"))
    play = Play(crosslight.SPEC, Session(crosslight.SPEC, state),
                RecordStores(Stats(storage), Bests(storage), StageProgress(storage), DailyLog(storage), Stars(storage)))
    probe, ending = state, None
    while crosslight.status(probe) == 0:
        move = crosslight.hint(probe)
        probe = crosslight.apply(probe, move)
        ending = play.move(move).ending
    assert ending is not None and ending.won
    storage.remove("progress:crosslight")


def test_a_win_where_remove_item_throws_stores_its_records_and_says_nothing_untrue() -> None:
    backing = NoRemovalBacking({"masume:progress:crosslight": '{"id":"x"}'})
    storage = Storage(backing, kinds=KINDS)
    _win_and_forget(storage)
    assert storage.take_notices() == []  # not "Records will not be kept": they were
    assert not storage.degraded
    assert "masume:best:crosslight:5x5" in backing.data and any(k.startswith("masume:stats:") for k in backing.data)
    assert backing.data["masume:progress:crosslight"] == ERASED  # blanked instead, and read as absent
    assert storage.get("progress:crosslight") is None
    # after a reload too, with nothing set aside
    assert Storage(backing, kinds=KINDS).get("progress:crosslight") is None
    assert "masume:quarantine:progress:crosslight" not in backing.data


def test_a_value_that_can_be_neither_removed_nor_blanked_is_said_as_such() -> None:
    backing = NoRemovalBacking({"masume:progress:crosslight": '{"id":"x"}'}, stuck=("masume:progress:crosslight",))
    storage = Storage(backing, kinds=KINDS)
    _win_and_forget(storage)
    assert storage.take_notices() == [NOTICE_NOT_REMOVED]
    assert storage.get("progress:crosslight") is None  # this visit goes on without it
    assert "masume:best:crosslight:5x5" in backing.data
