"""Record kinds: strict reading, schemas, versions and migrations, and the stored-data reader under fuzzing."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core import bests, progress, records, stage_progress
from app.core.progress import validate_progress
from app.core.record_kinds import KINDS
from app.core.records import (
    MAX_SECONDS,
    PRIORITY_RECORD,
    PRIORITY_SAVE,
    RecordError,
    decode,
    kind_for,
    migrate_records,
    nesting_exceeds,
    parse_strict,
    register_kind,
    unregister_kind,
)
from app.core.settings import Settings
from app.core.storage import ERASED, NOTICE_QUARANTINED, MemoryBacking, Storage

DEEP = "[" * 8000 + "]" * 8000
GOOD_PROGRESS = {"id": "1.5x5.AAAA", "start": "1.5x5.AAAB", "moves": [[0, 1], ["cw", 2, 3], "x", True],
                 "elapsed": 12.5, "hints": 2}


def test_kinds_by_longest_prefix() -> None:
    assert kind_for("setting:sfx").prefix == "setting:sfx"  # each known setting has its own kind
    assert kind_for("setting:from_a_newer_release").prefix == "setting:"
    assert kind_for("best:mines:9x9") is bests.KIND and bests.KIND.priority == PRIORITY_RECORD
    assert kind_for("progress:mines") is progress.KIND and progress.KIND.priority == PRIORITY_SAVE
    assert kind_for("stage:pipes:1") is stage_progress.KIND
    assert stage_progress.KIND.exported and not progress.KIND.exported
    assert kind_for("whatever").prefix == ""
    special = register_kind("setting:volume", records.setting_schema, PRIORITY_RECORD)
    try:
        assert kind_for("setting:volume") is special
        assert kind_for("setting:sfx").prefix == "setting:sfx"
    finally:
        unregister_kind("setting:volume")


def test_nesting_is_measured_without_parsing() -> None:
    assert nesting_exceeds(DEEP, 16)
    assert not nesting_exceeds('{"a": "[[[[[[[[[["}', 1)  # brackets inside strings do not count
    assert not nesting_exceeds(r'["\"[[[["]', 1)
    assert nesting_exceeds('{"a": [[1]]}', 2)


@pytest.mark.parametrize(
    ("text", "reason"),
    [("[" * 2000 + "]" * 2000, "too_deep"), ("NaN", "not_finite"), ("[Infinity]", "not_finite"),
     ('{"t": -Infinity}', "not_finite"),
     ("1e999", "not_finite"), ("{", "not_json"), ("", "not_json"), ("x" * 5000, "too_big"), (42, "not_text")],
    ids=lambda v: str(v)[:20],
)
def test_parse_strict_refuses(text: object, reason: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_strict(text, 4096, 8)  # type: ignore[arg-type]
    assert caught.value.reason == reason


@pytest.mark.parametrize("text", ['"' + '\\"' * 200_000, '"\\' * 200_000, '["' * 200_000, "[" * 500_000],
                         ids=["escaped-quotes", "backslashes", "open-strings", "brackets"])
def test_nesting_scan_takes_linear_time(text: str) -> None:
    started = time.perf_counter()
    nesting_exceeds(text, 4)
    assert time.perf_counter() - started < 5  # a quadratic scan takes minutes here


def test_parse_strict_reads_plain_json() -> None:
    assert parse_strict('{"a": [1, 2.5, "x", null, true]}', 100, 2) == {"a": [1, 2.5, "x", None, True]}


@pytest.mark.parametrize("text", ["true", '"ja"', "null", "3", "-2.5"])
def test_setting_scalars_pass(text: str) -> None:
    assert decode(text, kind_for("setting:x")).rejected is None


@pytest.mark.parametrize("text", ["[true]", '{"a": 1}', json.dumps("x" * 1_001), "1e10", DEEP], ids=lambda t: t[:20])
def test_setting_non_scalars_are_rejected(text: str) -> None:
    assert decode(text, kind_for("setting:x")).rejected is not None


# ----- versions and migrations ------------------------------------------------------------------


@pytest.fixture
def versioned_kind() -> Iterator[records.Kind]:
    """A kind at version 3 whose records were {"n": int} at v1, {"count": int} at v2, {"count", "unit"} at v3."""

    def migrate(value: dict, version: int) -> dict:
        if version == 1:
            return {"count": value["n"]}
        return {**value, "unit": "turns"}

    def schema(value: object) -> object:
        if not (isinstance(value, dict) and set(value) == {"count", "unit"} and type(value["count"]) is int):
            raise RecordError("wrong_type")
        return value

    kind = register_kind("test:", schema, PRIORITY_RECORD, version=3, migrate=migrate, exported=True)
    yield kind
    unregister_kind("test:")


def test_unversioned_records_are_migrated_on_read(versioned_kind: records.Kind) -> None:
    backing = MemoryBacking({"masume:test:a": '{"n": 4}'})  # what the first release wrote: bare
    store = Storage(backing, kinds=KINDS)
    assert store.get("test:a") == {"count": 4, "unit": "turns"}
    assert backing.data["masume:test:a"] == '{"n": 4}'  # a read does not rewrite


def test_versioned_records_are_written_with_their_version(versioned_kind: records.Kind) -> None:
    backing = MemoryBacking()
    store = Storage(backing, kinds=KINDS)
    store.set("test:a", {"count": 1, "unit": "turns"})
    assert json.loads(backing.data["masume:test:a"]) == {"$v": 3, "value": {"count": 1, "unit": "turns"}}
    assert Storage(backing, kinds=KINDS).get("test:a") == {"count": 1, "unit": "turns"}


def test_migrate_records_rewrites_old_ones_once(versioned_kind: records.Kind) -> None:
    backing = MemoryBacking({
        "masume:test:a": '{"n": 4}',
        "masume:test:b": '{"$v": 2, "value": {"count": 5}}',
        "masume:test:c": '{"$v": 3, "value": {"count": 6, "unit": "turns"}}',
        "masume:test:d": '{"oops": 1}',  # the migration meets what it did not expect: set aside
        "masume:setting:sfx": "false",
    })
    store = Storage(backing, kinds=KINDS)
    assert migrate_records(store) == 2
    assert json.loads(backing.data["masume:test:a"]) == {"$v": 3, "value": {"count": 4, "unit": "turns"}}
    assert json.loads(backing.data["masume:test:b"]) == {"$v": 3, "value": {"count": 5, "unit": "turns"}}
    assert "masume:test:d" not in backing.data
    assert json.loads(backing.data["masume:quarantine:test:d"])["raw"] == '{"oops": 1}'
    assert backing.data["masume:setting:sfx"] == "false"
    assert migrate_records(Storage(backing, kinds=KINDS)) == 0


def test_records_from_a_newer_release_are_left_alone(versioned_kind: records.Kind) -> None:
    backing = MemoryBacking({"masume:test:a": '{"$v": 9, "value": {"anything": 1}}'})
    store = Storage(backing, kinds=KINDS)
    assert store.get("test:a", "absent") == "absent"
    assert backing.data == {"masume:test:a": '{"$v": 9, "value": {"anything": 1}}'}
    assert store.take_notice() is None


def test_migrate_records_costs_nothing_when_every_kind_is_at_version_1() -> None:
    class Counting(MemoryBacking):
        calls = 0

        def getItem(self, key: str) -> str | None:  # noqa: N802
            self.calls += 1
            return super().getItem(key)

    backing = Counting({"masume:best:g:p": '{"moves": 3}'})
    assert migrate_records(Storage(backing, kinds=KINDS)) == 0
    assert backing.calls == 0


def test_a_kind_above_version_1_needs_a_migration() -> None:
    with pytest.raises(ValueError):
        register_kind("test2:", records.any_json, version=2)


def test_current_release_data_is_read_as_is() -> None:
    """What the release before versions wrote (bare JSON) reads unchanged: nothing is lost by the update."""
    backing = MemoryBacking({
        "masume:setting:lang": '"ja"', "masume:setting:sfx": "false",
        "masume:best:crosslight:5x5": '{"moves":9,"time":41.2}',
        "masume:progress:crosslight": json.dumps(GOOD_PROGRESS),
    })
    store = Storage(backing, kinds=KINDS)
    assert migrate_records(store) == 0
    assert Settings(store).get("lang") == "ja" and Settings(store).get("sfx") is False
    assert store.get("best:crosslight:5x5") == {"moves": 9, "time": 41.2}
    assert store.get("progress:crosslight") == GOOD_PROGRESS
    assert store.take_notice() is None


# ----- the reader never raises and sets aside what it rejects ---------------------------------

JSON_SCALARS = st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats() | st.text(max_size=50)
JSON_VALUES = st.recursive(JSON_SCALARS, lambda inner: st.lists(inner, max_size=5)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=5), max_leaves=30)


def _as_text(value: object) -> str:
    return json.dumps(value)  # allow_nan: NaN and Infinity come out as Python's json writes them


STORED_TEXTS = st.one_of(
    JSON_VALUES.map(_as_text),
    st.integers(1, 20_000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 20_000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.integers(1, 3_000_000).map(lambda n: '"' + "x" * n + '"'),
    st.integers(1, 50_000).map(lambda n: '"' + '\\"' * n),
    st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", '{"time": 1e999}', '{"moves": 1e308}',
                     '{"elapsed": Infinity}', "[" * 8000 + "]" * 8000, "9" * 5000]),
    st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
    st.text(max_size=200),
    st.fixed_dictionaries({"id": JSON_VALUES, "start": JSON_VALUES, "moves": JSON_VALUES, "elapsed": JSON_VALUES,
                           "hints": JSON_VALUES}).map(_as_text),
)
KEYS = st.sampled_from(["setting:sfx", "setting:lang", "best:mines:9x9n10", "progress:pipes", "stage:pipes:3",
                        "unknown", "quarantine:best:x"])


@settings(max_examples=150, deadline=None)
@given(key=KEYS, text=STORED_TEXTS)
def test_reading_any_stored_text_never_raises_and_sets_aside_what_it_rejects(key: str, text: str) -> None:
    full = f"masume:{key}"
    backing = MemoryBacking({full: text, "masume:best:keep:me": '{"moves": 3}'})
    store = Storage(backing, kinds=KINDS)
    kind = kind_for(key)
    decoded = decode(text, kind)
    value = store.get(key, "default")
    assert store.get("best:keep:me") == {"moves": 3}  # nothing else is touched
    if text == ERASED:
        assert value == "default"  # a blanked removal (removeItem refused) reads as absent, and stays
        assert backing.data[full] == ERASED
    elif decoded.rejected is not None:
        assert value == "default"
        if not key.startswith("quarantine:"):
            assert full not in backing.data
            kept = json.loads(backing.data[f"masume:quarantine:{key}"])
            assert kept["key"] == key and kept["raw"] == text[: records.QUARANTINE_MAX_CHARS]
            assert store.take_notices() == [NOTICE_QUARANTINED]
            assert store.get(key, "again") == "again"  # read again: absent, nothing set aside twice
            assert store.take_notice() is None
    else:
        assert value == decoded.value
        # What is accepted can be written back and read again unchanged.
        if decoded.value is not None or kind.prefix != "":
            store.set(key, decoded.value)
            assert Storage(backing, kinds=KINDS).get(key, "default") == decoded.value
    # Whatever was read is safe to show: finite numbers within range for the kinds with limits.
    if key.startswith("best:") and isinstance(value, dict):
        assert all(0 <= v <= MAX_SECONDS for v in value.values())
    if key.startswith("progress:") and isinstance(value, dict):
        assert validate_progress(value) == value
