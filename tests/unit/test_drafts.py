"""Drafts (Light Path's editor stages) as records: at most 20, named, checked on reading (a damaged one is set aside
with a notice, never half-read), exported and imported like bests and stars."""

from __future__ import annotations

import json

import pytest

import app.catalogue  # noqa: F401 - registers the games, and with Light Path the checker of its drafts
from app.core import drafts, records
from app.core.drafts import BAD_NAME, FULL, MAX_DRAFTS, REPLACED, SAVED, Drafts, clean_name
from app.core.record_kinds import KINDS
from app.core.records_transfer import export_records, import_records
from app.core.storage import NOTICE_QUARANTINED, MemoryBacking, Storage
from app.games.mirrors import editor

STAGE = "2.4x4-normal.caamaaaaaaaaaaaa.t0w.00"


def store() -> tuple[Drafts, MemoryBacking, Storage]:
    backing = MemoryBacking()
    storage = Storage(backing, kinds=KINDS)
    return Drafts(storage), backing, storage


def test_drafts_are_kept_by_name_and_a_21st_is_refused() -> None:
    kept, _, _ = store()
    assert kept.names("mirrors") == [] and kept.get("mirrors", "x") is None
    assert kept.save("mirrors", "  My   first stage ", STAGE) == SAVED
    assert kept.names("mirrors") == ["My first stage"] and kept.get("mirrors", "My first stage") == STAGE
    assert kept.save("mirrors", "My first stage", STAGE.replace(".00", ".10")) == REPLACED
    assert kept.get("mirrors", "My first stage").endswith(".10")
    for number in range(2, MAX_DRAFTS + 1):
        assert kept.save("mirrors", f"stage {number:02}", STAGE) == SAVED
    assert len(kept.names("mirrors")) == MAX_DRAFTS
    assert kept.save("mirrors", "one too many", STAGE) == FULL  # the 21st is said, not stored
    assert "one too many" not in kept.names("mirrors")
    assert kept.save("mirrors", "stage 02", STAGE) == REPLACED  # a kept name can still be saved over
    kept.remove("mirrors", "stage 02")
    assert kept.save("mirrors", "one too many", STAGE) == SAVED


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "bell\x07", "del\x7f", None, 3])
def test_a_name_must_be_short_printable_text(name: object) -> None:
    kept, _, _ = store()
    assert clean_name(name) is None
    assert kept.save("mirrors", name, STAGE) == BAD_NAME  # type: ignore[arg-type]
    assert clean_name("ステージ１") == "ステージ１"


@pytest.mark.parametrize("value", [
    {"stage": STAGE, "extra": 1}, {"stage": ""}, {"stage": "2.4x4 <b>"}, {"stage": 5}, [STAGE], STAGE,
    {"stage": "x" * 1001}, None,
])
def test_the_schema_refuses_bad_drafts(value: object) -> None:
    with pytest.raises(records.RecordError):
        drafts.draft_schema(value)
    with pytest.raises(records.RecordError):
        records.check(records.kind_for("draft:mirrors:a"), value)


def test_a_draft_whose_stage_light_path_cannot_read_is_refused_by_its_kind() -> None:
    kind = records.kind_for("draft:mirrors:a")
    assert kind.prefix == "draft:mirrors:" and kind.exported
    records.check(kind, {"stage": STAGE})
    with pytest.raises(records.RecordError):
        records.check(kind, {"stage": "2.4x4-normal.caam.t0w.00"})  # a cell count that is not 16
    with pytest.raises(ValueError):
        Drafts(Storage(MemoryBacking(), kinds=KINDS)).save("mirrors", "bad", "2.4x4-normal.caam.t0w.00")


@pytest.mark.parametrize("stored", [
    "{not json", json.dumps({"stage": STAGE, "x": 1}), json.dumps({"stage": "2.4x4-normal.zz.t0w.00"}),
    "[" * 50, json.dumps({"stage": "2.4x4-normal.caamaaaaaaaaaaaa.t9w.00"}),
])
def test_a_corrupt_draft_is_set_aside_with_a_notice_and_the_others_are_kept(stored: str) -> None:
    kept, backing, storage = store()
    kept.save("mirrors", "good", STAGE)
    backing.setItem("masume:draft:mirrors:bad", stored)
    assert kept.names("mirrors") == ["good"]
    assert kept.get("mirrors", "bad") is None
    assert NOTICE_QUARANTINED in storage.take_notices()
    assert backing.getItem("masume:draft:mirrors:bad") is None
    assert backing.getItem("masume:quarantine:draft:mirrors:bad") is not None  # set aside, not deleted
    assert kept.get("mirrors", "good") == STAGE


def test_drafts_are_exported_and_imported() -> None:
    kept, _, storage = store()
    kept.save("mirrors", "ring", STAGE)
    exported = export_records(storage)
    assert "draft:mirrors:ring" in json.loads(exported)["records"]
    other, _, other_storage = store()
    result = import_records(other_storage, exported)
    assert result.ok and "draft:mirrors:ring" in result.keys
    assert other.get("mirrors", "ring") == STAGE
    assert editor.from_text(other.get("mirrors", "ring") or "").width == 4
    damaged = json.loads(exported)
    damaged["records"]["draft:mirrors:ring"]["value"] = {"stage": "2.4x4-normal.zz.t0w.00"}
    damaged["records"]["draft:nogame:x"] = {"v": 1, "value": {"stage": STAGE}}
    third, _, third_storage = store()
    result = import_records(third_storage, json.dumps(damaged))
    assert dict(result.skipped) == {"draft:mirrors:ring": "invalid"}
    assert result.kept == ("draft:nogame:x",)  # a game this version does not have: kept for the one that has it
    assert third.names("mirrors") == []


def drafts_file(names: list[str], stage: str = STAGE, **others: object) -> str:
    records_part = {f"draft:mirrors:{name}": {"v": 1, "value": {"stage": stage}} for name in names}
    records_part.update({key: {"v": 1, "value": value} for key, value in others.items()})
    return json.dumps({"app": "masume", "format": 1, "records": records_part})


def test_an_import_keeps_drafts_to_the_cap_and_says_how_many_were_left_out() -> None:
    kept, _, storage = store()
    for number in range(1, MAX_DRAFTS - 1):  # 18 kept: room for 2 more
        assert kept.save("mirrors", f"mine {number:02}", STAGE) == SAVED
    replaced = STAGE.replace(".00", ".10")
    names = ["mine 05", "new a", "new b", "new c", "new d", "new e"]
    result = import_records(storage, drafts_file(names, replaced, **{"best:mirrors:5x5-easy": {"moves": 4}}))
    assert result.ok
    left = sorted(key for key, reason in result.skipped if reason == "drafts_full")
    assert left == ["draft:mirrors:new c", "draft:mirrors:new d", "draft:mirrors:new e"]
    assert result.skipped_by_reason() == {"drafts_full": 3}
    assert result.drafts == 3 and result.count == 4, "mine 05 replaced, new a and new b added, and the best"
    assert len(kept.names("mirrors")) == MAX_DRAFTS
    assert all(kept.get("mirrors", f"mine {number:02}") for number in range(1, MAX_DRAFTS - 1)), "none of mine lost"
    assert kept.get("mirrors", "mine 05") == replaced, "a kept name is imported over, needing no room"
    assert kept.get("mirrors", "new a") == replaced and kept.get("mirrors", "new c") is None


def test_an_import_into_a_full_game_replaces_kept_names_and_adds_none() -> None:
    kept, _, storage = store()
    for number in range(1, MAX_DRAFTS + 1):
        kept.save("mirrors", f"mine {number:02}", STAGE)
    result = import_records(storage, drafts_file(["mine 01", "extra"], STAGE.replace(".00", ".10")))
    assert result.ok and result.keys == ("draft:mirrors:mine 01",) and result.drafts == 1
    assert dict(result.skipped) == {"draft:mirrors:extra": "drafts_full"}
    assert kept.names("mirrors") == [f"mine {number:02}" for number in range(1, MAX_DRAFTS + 1)]


def test_a_file_of_more_drafts_than_the_cap_imports_the_first_ones_into_an_empty_game() -> None:
    kept, _, storage = store()
    names = [f"stage {number:02}" for number in range(1, MAX_DRAFTS + 6)]
    result = import_records(storage, drafts_file(names))
    assert result.drafts == MAX_DRAFTS and len(result.skipped) == 5
    assert kept.names("mirrors") == names[:MAX_DRAFTS]
