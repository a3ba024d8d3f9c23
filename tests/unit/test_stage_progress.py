"""Stage progress: done marks and best moves per stage, kept across visits and damage."""

from __future__ import annotations

from app.core.record_kinds import KINDS
from app.core.records import decode
from app.core.stage_progress import KIND, StageProgress, merge_stage
from app.core.storage import MemoryBacking, Storage


def progress() -> tuple[StageProgress, MemoryBacking]:
    backing = MemoryBacking()
    return StageProgress(Storage(backing, kinds=KINDS)), backing


def test_an_unplayed_stage_is_not_done() -> None:
    stages, _ = progress()
    assert stages.get("mirrors", "1-01") == {"done": False, "best": None}


def test_a_clear_marks_done_and_keeps_the_fewest_moves() -> None:
    stages, backing = progress()
    assert stages.record_clear("mirrors", "1-01", 5, counts_for_best=True)
    assert not stages.record_clear("mirrors", "1-01", 7, counts_for_best=True)
    assert stages.record_clear("mirrors", "1-01", 3, counts_for_best=True)
    assert stages.get("mirrors", "1-01") == {"done": True, "best": 3}
    again = StageProgress(Storage(backing, kinds=KINDS))
    assert again.get("mirrors", "1-01") == {"done": True, "best": 3}, "kept for the next visit"


def test_a_clear_with_hints_is_done_but_sets_no_best() -> None:
    stages, _ = progress()
    assert not stages.record_clear("mirrors", "2-03", 4, counts_for_best=False)
    assert stages.get("mirrors", "2-03") == {"done": True, "best": None}


def test_first_unfinished_follows_the_stage_order() -> None:
    stages, _ = progress()
    order = ["1-01", "1-02", "1-03"]
    assert stages.first_unfinished("mirrors", order) == "1-01"
    stages.record_clear("mirrors", "1-01", 2, counts_for_best=True)
    stages.record_clear("mirrors", "1-03", 2, counts_for_best=True)
    assert stages.first_unfinished("mirrors", order) == "1-02"
    stages.record_clear("mirrors", "1-02", 2, counts_for_best=True)
    assert stages.first_unfinished("mirrors", order) is None


def test_a_damaged_stage_record_reads_as_not_done() -> None:
    stages, backing = progress()
    backing.setItem("masume:stage:mirrors:1-01", "[" * 5000 + "]" * 5000)
    backing.setItem("masume:stage:mirrors:1-02", '{"done": "yes", "best": Infinity}')
    assert stages.get("mirrors", "1-01") == {"done": False, "best": None}
    assert stages.get("mirrors", "1-02") == {"done": False, "best": None}


def test_stage_schema() -> None:
    kind = KIND
    assert decode('{"done": true, "best": 12, "stars": 3}', kind).value == {"done": True, "best": 12, "stars": 3}
    for bad in ('{"done": 1}', '{"best": -1}', '{"best": 1.5}', '{"best": 1e7}', '{"x": [1]}', "[]"):
        assert decode(bad, kind).rejected is not None, bad
    assert merge_stage({"done": True, "best": 9}, {"done": False, "best": 12}) == {"done": True, "best": 9}
