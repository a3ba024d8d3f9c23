"""Export and import of records: a round trip, merging, and every refusal changing nothing."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core import records, records_transfer
from app.core.record_kinds import KINDS
from app.core.records_transfer import IMPORT_FAILURES, export_records, import_records
from app.core.storage import MemoryBacking, Storage
from app.core.strings import common

PROGRESS = {"id": "1.5x5.AAAA", "start": "1.5x5.AAAB", "moves": [[0, 1]], "elapsed": 1.0, "hints": 0}
STORED = {
    "masume:setting:lang": '"ja"',
    "masume:setting:sfx": "false",
    "masume:best:crosslight:5x5": '{"moves":9,"time":41.2}',
    "masume:stage:pipes:3": '{"done":true,"best":12}',
    "masume:progress:crosslight": json.dumps(PROGRESS),
    "masume:quarantine:best:x": '{"key":"best:x","reason":"not_json","chars":1,"raw":"{"}',
    "other-game:best": "1",
}


def exported() -> str:
    return export_records(Storage(MemoryBacking(STORED), kinds=KINDS))


def test_export_holds_records_not_saves() -> None:
    data = json.loads(exported())
    assert data["app"] == "masume" and data["format"] == 1
    assert data["records"] == {
        "best:crosslight:5x5": {"v": 1, "value": {"moves": 9, "time": 41.2}},
        "setting:lang": {"v": 1, "value": "ja"},
        "setting:sfx": {"v": 1, "value": False},
        "stage:pipes:3": {"v": 1, "value": {"done": True, "best": 12}},
    }


def test_export_leaves_damaged_records_out() -> None:
    backing = MemoryBacking({"masume:best:a": "{", "masume:best:b": '{"moves": 3}'})
    data = json.loads(export_records(Storage(backing, kinds=KINDS)))
    assert data["records"] == {"best:b": {"v": 1, "value": {"moves": 3}}}
    assert "masume:quarantine:best:a" in backing.data


def test_round_trip_into_an_empty_storage() -> None:
    backing = MemoryBacking()
    result = import_records(Storage(backing, kinds=KINDS), exported())
    assert result.ok and result.count == 4 and result.kind is None and result.string_key == "import_done"
    assert json.loads(backing.data["masume:best:crosslight:5x5"]) == {"moves": 9, "time": 41.2}
    assert backing.data["masume:setting:lang"] == '"ja"'
    assert "masume:progress:crosslight" not in backing.data
    assert export_records(Storage(backing, kinds=KINDS)) == exported()


def test_import_merges_bests_and_stages_and_replaces_settings() -> None:
    backing = MemoryBacking({
        "masume:best:crosslight:5x5": '{"moves":7,"time":50}',
        "masume:stage:pipes:3": '{"done":false,"best":10}',
        "masume:setting:lang": '"en"',
        "masume:best:mines:9x9n10": '{"time":30}',
    })
    assert import_records(Storage(backing, kinds=KINDS), exported()).ok
    assert json.loads(backing.data["masume:best:crosslight:5x5"]) == {"moves": 7, "time": 41.2}
    assert json.loads(backing.data["masume:stage:pipes:3"]) == {"done": True, "best": 10}
    assert backing.data["masume:setting:lang"] == '"ja"'
    assert backing.data["masume:best:mines:9x9n10"] == '{"time":30}'  # records not in the file stay


def _file(records_part: object, **top: object) -> str:
    return json.dumps({"app": "masume", "format": 1, "records": records_part, **top})


REFUSALS = [
    ("not json at all", "not_json"),
    ("", "not_json"),
    (b"\x00\xff".decode("latin-1"), "not_json"),
    ("[" * 5000 + "]" * 5000, "shape"),
    ("x" * (records_transfer.MAX_IMPORT_CHARS + 1), "too_big"),
    ('{"app": "masume", "format": 1, "records": {"best:a": {"v": 1, "value": {"time": NaN}}}}', "not_json"),
    ("[]", "not_masume"),
    ('{"app": "other", "format": 1, "records": {}}', "not_masume"),
    ('{"format": 1, "records": {}}', "not_masume"),
    ('{"app": "masume", "format": 2, "records": {}}', "version"),
    ('{"app": "masume", "format": "1", "records": {}}', "version"),
    ('{"app": "masume", "format": true, "records": {}}', "version"),
    ('{"app": "masume", "records": {}}', "version"),
    (_file([]), "shape"),
    (_file({}), "empty"),
    (_file({f"best:{i}": {"v": 1, "value": {}} for i in range(records_transfer.MAX_IMPORT_RECORDS + 1)}), "too_big"),
]


@pytest.mark.parametrize(("text", "kind"), REFUSALS, ids=lambda v: str(v)[:40])
def test_bad_files_are_refused_and_change_nothing(text: str, kind: str) -> None:
    backing = MemoryBacking(STORED)
    store = Storage(backing, kinds=KINDS)
    result = import_records(store, text)
    assert not result.ok and result.kind == kind and result.count == 0
    assert result.kind in IMPORT_FAILURES
    assert backing.data == STORED


# Records a file may hold that this version does not take: each is skipped with its reason (#20).
SKIPS = [
    ({"best:crosslight:5x5": {"v": 0, "value": {"moves": 1}}}, "invalid"),
    ({"best:crosslight:5x5": {"value": {"moves": 1}}}, "invalid"),
    ({"best:crosslight:5x5": {"moves": 1}}, "invalid"),
    ({"best:crosslight:5x5": {"v": 1, "value": {"moves": -1}}}, "invalid"),
    ({"best:crosslight:5x5": {"v": 1, "value": {"time": 1e300}}}, "invalid"),
    ({"best:crosslight:5x5": {"v": 1, "value": [1]}}, "invalid"),
    ({"best:crosslight:5x5": {"v": 1, "value": {"__proto__": 1, "moves": 2}}}, "invalid"),
    ({"setting:sfx": {"v": 1, "value": {"a": 1}}}, "invalid"),
    ({"setting:sfx": {"v": 1, "value": "hello"}}, "invalid"),
    ({"setting:lang": {"v": 1, "value": "xx"}}, "invalid"),
    ({"setting:from_the_future": {"v": 1, "value": 1}}, "unknown"),
    ({"progress:mines": {"v": 1, "value": PROGRESS}}, "unknown"),  # saves are not imported
    ({"quarantine:best:a": {"v": 1, "value": "x"}}, "unknown"),
    ({"unknown:key": {"v": 1, "value": 1}}, "unknown"),
    ({"best:": {"v": 1, "value": {"moves": 1}}}, "unknown"),
    ({"best:a\n": {"v": 1, "value": {"moves": 1}}}, "unknown"),
    ({"best:no_such_game:5x5": {"v": 1, "value": {"moves": 1}}}, "game"),
    ({"best:crosslight:5x5": {"v": 2, "value": {"moves": 1}}}, "newer"),  # this device has its own best there
]


@pytest.mark.parametrize(("records_part", "reason"), SKIPS, ids=lambda v: str(v)[:50])
def test_a_record_this_version_does_not_take_is_skipped_with_its_reason(records_part: dict, reason: str) -> None:
    backing = MemoryBacking(STORED)
    result = import_records(Storage(backing, kinds=KINDS), _file(records_part))
    assert result.ok and result.count == 0
    assert [why for _key, why in result.skipped] == [reason]
    assert backing.data == STORED


def test_good_records_are_imported_beside_skipped_ones_and_the_report_counts_both() -> None:
    backing = MemoryBacking()
    text = _file({"best:crosslight:5x5": {"v": 1, "value": {"moves": 1}},
                  "best:crosslight:6x6": {"v": 1, "value": {"moves": "x"}},
                  "best:nope:1": {"v": 1, "value": {"moves": 1}}})
    result = import_records(Storage(backing, kinds=KINDS), text)
    assert result.ok and result.count == 1 and result.keys == ("best:crosslight:5x5",)
    assert result.skipped_by_reason() == {"game": 1, "invalid": 1}
    assert list(backing.data) == ["masume:best:crosslight:5x5"]


def test_a_newer_versions_record_is_exported_and_imported_unchanged() -> None:
    newer = '{"$v":7,"value":{"moves":3,"deep":{"a":[1,{"b":2}]}}}'
    source = Storage(MemoryBacking({"masume:best:crosslight:5x5": newer}), kinds=KINDS)
    assert source.get("best:crosslight:5x5") is None
    text = export_records(source)
    assert json.loads(text)["records"]["best:crosslight:5x5"] == {"v": 7, "value": json.loads(newer)["value"]}
    target = MemoryBacking()
    result = import_records(Storage(target, kinds=KINDS), text)
    assert result.ok and result.count == 1
    assert target.data["masume:best:crosslight:5x5"] == newer


def test_an_import_that_does_not_fit_changes_nothing() -> None:
    before = {"masume:best:old": '{"moves":3}', "masume:progress:g": json.dumps(PROGRESS)}
    backing = MemoryBacking(dict(before), quota=1000)
    store = Storage(backing, kinds=KINDS)
    many = {f"best:crosslight:{i}": {"v": 1, "value": {"moves": i, "time": i + 0.5}} for i in range(40)}
    result = import_records(store, _file(many))
    assert result.kind == "storage" and result.string_key == "import_failed_storage"
    assert backing.data == before  # even the in-progress save dropped to make room is back
    assert store.get("best:crosslight:0") is None
    assert store.get("best:old") == {"moves": 3}
    assert store.take_notice() is None  # the refusal is the import's own message


def test_import_into_no_storage_is_refused() -> None:
    store = Storage(None, kinds=KINDS)
    assert import_records(store, exported()).kind == "storage"
    assert store.keys() == []


def test_old_record_versions_in_a_file_are_migrated() -> None:
    def migrate(value: dict, version: int) -> dict:
        return {"count": value["n"]}

    records.register_kind("test:", lambda v: v, records.PRIORITY_RECORD, version=2, migrate=migrate, exported=True)
    try:
        backing = MemoryBacking()
        assert import_records(Storage(backing, kinds=KINDS), _file({"test:a": {"v": 1, "value": {"n": 3}}})).ok
        assert json.loads(backing.data["masume:test:a"]) == {"$v": 2, "value": {"count": 3}}
    finally:
        records.unregister_kind("test:")


def test_every_refusal_has_a_string_in_both_languages() -> None:
    for kind in IMPORT_FAILURES:
        assert f"import_failed_{kind}" in common.EN and f"import_failed_{kind}" in common.JA
    for reason in records_transfer.SKIP_REASONS:
        assert f"import_skip_{reason}" in common.EN and f"import_skip_{reason}" in common.JA
    for key in ("import_done", "import_skipped", "storage_quarantined", "storage_newer", "export_records",
                "import_records"):
        assert key in common.EN and key in common.JA


@settings(max_examples=100, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300).map(lambda b: b.decode("latin-1")),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
                              lambda inner: st.lists(inner, max_size=4)
                              | st.dictionaries(st.text(max_size=12), inner, max_size=4), max_leaves=25)
                 .map(lambda v: json.dumps({"app": "masume", "format": 1, "records": v}))))
def test_import_of_anything_never_raises_and_refuses_all_or_nothing(text: str) -> None:
    backing = MemoryBacking(STORED)
    result = import_records(Storage(backing, kinds=KINDS), text)
    if not result.ok:
        assert result.kind in IMPORT_FAILURES
        assert backing.data == STORED
