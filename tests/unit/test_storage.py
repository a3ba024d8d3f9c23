"""The storage adapter over absent, corrupt, refusing and full backings."""

from __future__ import annotations

import json

import pytest

from app.core.storage import NOTICE_UNAVAILABLE, MemoryBacking, Storage


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
    store = Storage(backing)
    assert store.set("best:mines:9x9", {"moves": 3, "time": 4.5})
    assert backing.data == {"masume:best:mines:9x9": '{"moves":3,"time":4.5}'}
    assert store.get("best:mines:9x9") == {"moves": 3, "time": 4.5}
    assert not store.degraded and store.take_notice() is None


def test_custom_namespace_and_values() -> None:
    backing = MemoryBacking()
    store = Storage(backing, namespace="test")
    for value in (True, 0, 1.5, "ja", [1, 2], None, {"a": [None]}):
        store.set("k", value)
        assert store.get("k", "default") == value
    assert list(backing.data) == ["test:k"]


def test_missing_key_gives_default() -> None:
    store = Storage(MemoryBacking())
    assert store.get("nothing") is None
    assert store.get("nothing", 7) == 7


def test_reads_what_is_already_stored() -> None:
    store = Storage(MemoryBacking({"masume:setting:lang": '"ja"'}))
    assert store.get("setting:lang") == "ja"


@pytest.mark.parametrize("text", ["{", "undefined", "", "[object Object]", "NaN]", '{"a":'])
def test_corrupt_json_gives_default(text: str) -> None:
    store = Storage(MemoryBacking({"masume:k": text}))
    assert store.get("k", "fallback") == "fallback"
    assert not store.degraded  # corrupt data is not a storage failure


def test_non_text_from_backing_gives_default() -> None:
    backing = MemoryBacking()
    backing.data["masume:k"] = 42  # type: ignore[assignment]  # what an odd shim might return
    assert Storage(backing).get("k", "d") == "d"


def test_remove() -> None:
    backing = MemoryBacking({"masume:k": "1", "other": "2"})
    store = Storage(backing)
    assert store.remove("k")
    assert store.get("k") is None
    assert backing.data == {"other": "2"}


def test_unserialisable_value_is_a_programming_error() -> None:
    store = Storage(MemoryBacking())
    with pytest.raises(ValueError):
        store.set("k", float("nan"))  # JSON.parse in the browser would reject NaN
    with pytest.raises(TypeError):
        store.set("k", object())


def test_absent_backing_plays_on_in_memory() -> None:
    store = Storage(None)
    assert store.degraded
    assert store.get("k", 1) == 1
    assert store.set("k", 2) is False  # not persisted
    assert store.get("k") == 2
    assert store.remove("k") is False
    assert store.get("k", "gone") == "gone"


def test_notice_given_exactly_once() -> None:
    store = Storage(None)
    assert store.take_notice() == NOTICE_UNAVAILABLE == "storage_unavailable"
    assert store.take_notice() is None
    store.set("k", 1)
    assert store.take_notice() is None


def test_refusing_backing_degrades_and_keeps_values() -> None:
    backing = RefusingBacking()
    store = Storage(backing)
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
    store = Storage(RefusingBacking())
    assert store.set("k", {"x": 1}) is False
    assert store.degraded
    assert store.get("k") == {"x": 1}
    assert store.take_notice() == "storage_unavailable"
    assert store.take_notice() is None


def test_backing_without_methods_degrades() -> None:
    store = Storage(object())  # type: ignore[arg-type]
    assert store.get("k", 3) == 3
    assert store.set("k", 4) is False
    assert store.get("k") == 4
    assert store.take_notice() == "storage_unavailable"


def test_full_backing_degrades_on_write_but_still_reads() -> None:
    backing = FullBacking({"masume:old": "5", "masume:k": "1"})
    store = Storage(backing)
    assert store.get("k") == 1
    assert store.set("k", 2) is False
    assert store.degraded and store.take_notice() == "storage_unavailable"
    assert store.get("k") == 2  # the newer value in memory wins over the stored one
    assert store.get("old") == 5  # records written earlier are still readable
    assert backing.data == {"masume:old": "5", "masume:k": "1"}
    assert store.take_notice() is None


def test_full_backing_remove_hides_stale_value() -> None:
    backing = FullBacking({"masume:k": "1"})
    store = Storage(backing)
    store.set("x", 0)  # fills up: degraded
    assert store.remove("k") is False
    assert store.get("k", "gone") == "gone"


def test_failure_after_success_keeps_what_was_known() -> None:
    backing = FlakyBacking()
    store = Storage(backing)
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
