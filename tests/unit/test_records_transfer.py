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
    backing = MemoryBacking({"masume:best:a": "{", "masume:best:b": '{"moves":3}', "masume:best:c": '{"moves": 3}'})
    data = json.loads(export_records(Storage(backing, kinds=KINDS)))
    # (a record whose text is not the one its value gives back is carried as its text, byte for byte)
    assert data["records"] == {"best:b": {"v": 1, "value": {"moves": 3}}, "best:c": {"text": '{"moves": 3}'}}
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
    ({"setting:sfx": {"text": "[1]"}}, "invalid"),
    ({"best:crosslight:5x5": {"text": "{"}}, "invalid"),  # a kind this version has, but not its JSON
    ({"best:crosslight:5x5": {"text": 5}}, "invalid"),
    ({"best:crosslight:5x5": {"text": "1", "v": 1}}, "invalid"),
    ({"progress:mines": {"v": 1, "value": PROGRESS}}, "unknown"),  # saves are not imported
    ({"quarantine:best:a": {"v": 1, "value": "x"}}, "unknown"),
    ({"best:": {"v": 1, "value": {"moves": 1}}}, "unknown"),
    ({"best:a\n": {"v": 1, "value": {"moves": 1}}}, "unknown"),
    ({"best:crosslight:5x5": {"v": 2, "value": {"moves": 1}}}, "newer"),  # this device has its own best there
    ({"setting:lang": {"v": 1, "value": "fr"}}, "newer"),  # a value this version cannot use, where it has "ja"
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
    assert result.skipped_by_reason() == {"invalid": 1}
    assert result.kept == ("best:nope:1",)  # a game this version does not have: kept for the version that has it
    assert sorted(backing.data) == ["masume:best:crosslight:5x5", "masume:best:nope:1"]


def test_a_newer_versions_record_is_exported_and_imported_unchanged() -> None:
    newer = '{"$v":7,"value":{"moves":3,"deep":{"a":[1,{"b":2}]}}}'
    source = Storage(MemoryBacking({"masume:best:crosslight:5x5": newer}), kinds=KINDS)
    assert source.get("best:crosslight:5x5") is None
    text = export_records(source)
    assert json.loads(text)["records"]["best:crosslight:5x5"] == {"v": 7, "value": json.loads(newer)["value"]}
    target = MemoryBacking()
    result = import_records(Storage(target, kinds=KINDS), text)
    assert result.ok and result.count == 0 and result.kept == ("best:crosslight:5x5",)
    assert target.data["masume:best:crosslight:5x5"] == newer


# What a device may hold (#27): this version's records, a newer version's, kinds, games, settings and setting
# values this version does not have, texts not written the way this version writes them.
EVERYTHING = {
    "masume:best:crosslight:5x5": '{"moves":9,"time":41.2}',
    "masume:best:crosslight:7x7": '{"$v":99,"value":{"moves":1,"time":0.5,"replay":"1.abc"}}',
    "masume:stage:mirrors:1-02": '{"$v":2,"value":{"done":true,"best":7,"medal":"gold"}}',
    "masume:stats:crosslight:5x5": '{"$v":9,"value":{"new":[1,2,3]}}',
    "masume:achievement:first": '{"got":true}',
    "masume:achievement:odd": "not json at all",
    "masume:setting:theme": '"dark"',
    "masume:setting:palette": '"high_contrast"',
    "masume:setting:lang": '"fr"',
    "masume:setting:announce": '"verbose"',
    "masume:setting:sfx": "false",
    "masume:best:pipes:path-5x5": '{"moves": 12}',
    "masume:best:tetris:10x20": '{"lines":40}',
    "masume:draft:mirrors:Mine": '{"stage":"x"}',
}
DEVICE_ONLY = {"masume:progress:crosslight": json.dumps(PROGRESS),
               "masume:quarantine:best:x": '{"key":"best:x","reason":"not_json","chars":1,"raw":"{"}'}


def test_export_carries_every_key_byte_for_byte_and_an_import_into_an_empty_device_gives_it_all_back() -> None:
    # (Light Path's own draft kind may be registered already: it is put back afterwards, not dropped, or a
    # test run after this one in the same process would find drafts of no known kind.)
    before = next((kind for kind in records.kinds() if kind.prefix == "draft:mirrors:"), None)
    records.register_kind("draft:mirrors:", lambda value: value, records.PRIORITY_RECORD, exported=True)
    try:
        source = MemoryBacking({**EVERYTHING, **DEVICE_ONLY, "other-game:best": "1"})
        text = export_records(Storage(source, kinds=KINDS))
        carried = json.loads(text)["records"]
        assert sorted(f"masume:{key}" for key in carried) == sorted(EVERYTHING)
        assert carried["achievement:odd"] == {"text": "not json at all"}
        assert carried["best:pipes:path-5x5"] == {"text": '{"moves": 12}'}
        assert carried["setting:palette"] == {"v": 1, "value": "high_contrast"}
        target = MemoryBacking()
        store = Storage(target, kinds=KINDS)
        result = import_records(store, text)
        assert result.ok and result.skipped == ()
        assert target.data == EVERYTHING  # byte for byte
        understood = {"best:crosslight:5x5", "setting:sfx", "best:pipes:path-5x5", "draft:mirrors:Mine"}
        assert set(result.keys) == understood
        assert set(result.kept) == {key.split(":", 1)[1] for key in EVERYTHING} - understood
        assert store.take_notices() == []  # nothing was damaged, nothing set aside
        assert export_records(Storage(target, kinds=KINDS)) == text  # and out again, the same file
    finally:
        records.unregister_kind("draft:mirrors:")
        if before is not None:
            records.REGISTERED.add(before)


def test_an_import_says_what_it_kept_for_another_version_and_an_old_export_keeps_them() -> None:
    backing = MemoryBacking({"masume:setting:theme": '"dark"', "masume:achievement:first": '{"got":true}'})
    result = import_records(Storage(backing, kinds=KINDS), exported())  # an export that holds neither
    assert result.ok and result.count == 4 and result.kept == ()
    assert backing.data["masume:setting:theme"] == '"dark"'
    assert backing.data["masume:achievement:first"] == '{"got":true}'
    store = Storage(backing, kinds=KINDS)
    again = import_records(store, export_records(store))  # the same records again
    assert again.ok and set(again.kept) == {"setting:theme", "achievement:first"} and again.skipped == ()


def test_another_versions_record_where_the_device_keeps_something_else_leaves_the_devices() -> None:
    backing = MemoryBacking({"masume:achievement:first": '{"got":false}', "masume:setting:palette": '"okabe_ito"'})
    text = _file({"achievement:first": {"v": 1, "value": {"got": True}},
                  "setting:palette": {"v": 1, "value": "high_contrast"},
                  "best:crosslight:5x5": {"v": 1, "value": {"moves": 4}}})
    result = import_records(Storage(backing, kinds=KINDS), text)
    assert result.ok and result.keys == ("best:crosslight:5x5",)
    assert sorted(result.skipped) == [("achievement:first", "newer"), ("setting:palette", "newer")]
    assert backing.data["masume:achievement:first"] == '{"got":false}'
    assert backing.data["masume:setting:palette"] == '"okabe_ito"'


def test_an_import_with_one_record_where_the_device_keeps_a_newer_one_imports_the_rest_and_names_it() -> None:
    newer = '{"$v":99,"value":{"moves":1,"time":0.5}}'
    backing = MemoryBacking({"masume:best:crosslight:5x5": newer})
    store = Storage(backing, kinds=KINDS)
    result = import_records(store, exported())
    assert result.ok and result.kind is None
    assert result.skipped == (("best:crosslight:5x5", "stored_newer"),)
    assert sorted(result.keys) == ["setting:lang", "setting:sfx", "stage:pipes:3"]
    assert backing.data["masume:best:crosslight:5x5"] == newer
    assert backing.data["masume:setting:lang"] == '"ja"'
    assert store.take_notices() == []


def test_export_after_a_win_carries_the_newer_stored_best_not_this_visits() -> None:
    from app.core.bests import Bests
    from app.core.daily import DailyLog
    from app.core.play import Play, RecordStores
    from app.core.rng import Rng
    from app.core.session import Session
    from app.core.stage_progress import StageProgress
    from app.core.stats import Stats
    from app.games import crosslight

    newer = '{"$v":99,"value":{"moves":1,"time":0.5}}'
    backing = MemoryBacking({"masume:best:crosslight:5x5": newer})
    storage = Storage(backing, kinds=KINDS)
    records_ = RecordStores(Stats(storage), Bests(storage), StageProgress(storage), DailyLog(storage))
    state = crosslight.generate(crosslight.parse_params("5x5"), Rng("export-after-win"))
    play = Play(crosslight.SPEC, Session(crosslight.SPEC, state), records_)
    solution = []
    probe = state
    while crosslight.status(probe) == 0:
        move = crosslight.hint(probe)
        solution.append(move)
        probe = crosslight.apply(probe, move)
    ending = None
    for move in solution:  # played, not hinted: a clean win that records a best
        ending = play.move(move).ending
    assert ending is not None and ending.won
    assert play.preset_key == "5x5"
    assert storage.get("best:crosslight:5x5") is not None  # this visit plays on with its own best, in memory
    carried = json.loads(export_records(storage))["records"]["best:crosslight:5x5"]
    assert carried == {"v": 99, "value": {"moves": 1, "time": 0.5}}
    assert backing.data["masume:best:crosslight:5x5"] == newer


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
    for family in (*records_transfer.RECORD_FAMILIES, "other"):
        assert f"record_kind_{family}" in common.EN and f"record_kind_{family}" in common.JA
    for key in ("import_done", "import_skipped", "import_kept", "import_skip_named", "storage_quarantined",
                "storage_newer", "storage_not_removed", "export_records", "import_records"):
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
