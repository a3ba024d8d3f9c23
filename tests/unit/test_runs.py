"""Endless runs as stored records (app.core.runs): read strictly, lengthened, ended, merged on import."""

from __future__ import annotations

import pytest

from app.core.record_kinds import KINDS
from app.core.records import RecordError, kind_for
from app.core.runs import KIND, Run, Runs, merge_run, run_schema
from app.core.storage import MemoryBacking, Storage


def test_a_run_grows_by_wins_and_an_end_keeps_the_longest() -> None:
    runs = Runs(Storage(MemoryBacking(), kinds=KINDS))
    assert runs.run("mirrors") == Run(0, 0)
    assert runs.win("mirrors") == (Run(1, 1), False), "the first win is no 'longest yet': there was none before"
    assert runs.win("mirrors") == (Run(2, 2), True)
    assert runs.end("mirrors") == 2 and runs.run("mirrors") == Run(0, 2)
    assert runs.end("mirrors") == 0, "no run to end"
    assert runs.win("mirrors") == (Run(1, 2), False)
    assert runs.run("pipes") == Run(0, 0), "one run per game"


@pytest.mark.parametrize("bad", [{"run": 3, "best": 2}, {"run": -1, "best": 0}, {"run": 1}, {"run": "1", "best": 1},
                                 {"run": True, "best": 1}, [1, 2], {"run": 1, "best": 1, "extra": 0}])
def test_a_damaged_run_record_is_refused(bad: object) -> None:
    with pytest.raises(RecordError):
        run_schema(bad)


def test_import_keeps_the_longer_best_and_the_run_in_play_here() -> None:
    assert merge_run({"run": 2, "best": 3}, {"run": 5, "best": 7}) == {"run": 2, "best": 7}
    assert merge_run({"run": 4, "best": 9}, {"run": 0, "best": 1}) == {"run": 4, "best": 9}
    assert merge_run(None, {"run": 1, "best": 4}) == {"run": 1, "best": 4}
    assert kind_for("run:mirrors:endless") is KIND and KIND.exported
