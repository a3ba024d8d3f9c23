"""The record store bests, stages and statistics share: keys, reads through the kind, versions, names."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from app.core import records
from app.core.record_kinds import KINDS
from app.core.record_store import RecordStore
from app.core.records import PRIORITY_RECORD, RecordError, require
from app.core.storage import MemoryBacking, Storage

PREFIX = "counter:"


def counter_schema(value: Any) -> Any:
    require(isinstance(value, dict) and type(value.get("count")) is int and value["count"] >= 0, "wrong_type")
    return value


def count_of(stored: Any) -> int:
    return stored["count"] if isinstance(stored, dict) else 0


@pytest.fixture
def kind() -> Iterator[records.Kind]:
    """A kind at version 2 whose version-1 records were {"n": int}."""

    def migrate(value: Any, version: int) -> Any:
        if "n" not in value:
            raise RecordError("wrong_type")
        return {"count": value["n"]}

    registered = records.register_kind(PREFIX, counter_schema, PRIORITY_RECORD, version=2, migrate=migrate)
    yield registered
    records.unregister_kind(PREFIX)


def store_of(kind: records.Kind, data: dict[str, str]) -> tuple[RecordStore[dict[str, int]], MemoryBacking]:
    backing = MemoryBacking(data)
    return RecordStore(Storage(backing, kinds=KINDS), kind, lambda stored: {"count": count_of(stored)}), backing


def test_an_absent_record_reads_as_what_read_makes_of_none(kind: records.Kind) -> None:
    store, _ = store_of(kind, {})
    assert store.get("crosslight", "5x5") == {"count": 0}


def test_a_record_is_kept_under_the_kind_prefix_game_and_name(kind: records.Kind) -> None:
    store, backing = store_of(kind, {})
    assert store.set("crosslight", "5x5", {"count": 3})
    assert json.loads(backing.data["masume:counter:crosslight:5x5"]) == {"$v": 2, "value": {"count": 3}}
    assert store.get("crosslight", "5x5") == {"count": 3}
    assert store.get("crosslight", "7x7") == {"count": 0}


def test_a_record_the_kind_refuses_is_not_written(kind: records.Kind) -> None:
    store, backing = store_of(kind, {})
    with pytest.raises(ValueError):
        store.set("crosslight", "5x5", {"count": -1})
    assert backing.data == {}


def test_an_older_version_is_migrated_on_read(kind: records.Kind) -> None:
    store, _ = store_of(kind, {"masume:counter:pipes:net": '{"n": 4}'})
    assert store.get("pipes", "net") == {"count": 4}


def test_a_damaged_record_is_set_aside_and_reads_as_absent(kind: records.Kind) -> None:
    store, backing = store_of(kind, {"masume:counter:pipes:net": '{"$v": 2, "value": {"count": "many"}}'})
    assert store.get("pipes", "net") == {"count": 0}
    assert "masume:quarantine:counter:pipes:net" in backing.data


def test_names_are_the_readable_records_of_one_game_sorted(kind: records.Kind) -> None:
    store, backing = store_of(kind, {
        "masume:counter:pipes:net": '{"n": 1}', "masume:counter:pipes:5x5": '{"n": 2}',
        "masume:counter:pipes:broken": "{", "masume:counter:pipesx:7x7": '{"n": 3}',
        "masume:counter:mines:9x9": '{"n": 4}'})
    assert store.names("pipes") == ["5x5", "net"]
    assert "masume:quarantine:counter:pipes:broken" in backing.data
