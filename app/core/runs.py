"""Endless runs: how many boards off the campaign a player has won in a row, and the longest run.

A game whose spec has `run_params` plays its endless boards as a run: the run's length
decides the next board (bigger and harder as it grows: the game's pure function), a win of
the board the run asked for lengthens it, and leaving that board unwon once it has moves
ends it (`app.core.play` applies both rules).

Stored one record per game under "run:<game>:endless", a record kind registered here:
{"run": wins in a row now, "best": the longest run}, exported, merged on import by keeping
the longer best, version 1 (stored bare; a later format adds a migration, see records.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.core.record_store import RecordStore
from app.core.records import MAX_COUNT, PRIORITY_RECORD, register_kind, require
from app.core.storage import Storage

NAME = "endless"  # the one run a game keeps


@dataclass(frozen=True)
class Run:
    """A game's run as read: wins in a row now, and the longest run so far."""

    run: int = 0
    best: int = 0


def run_schema(value: Any) -> Any:
    """Accept a run record: {"run": n, "best": m} with 0 <= n <= m."""
    require(isinstance(value, dict) and set(value) == {"run", "best"}, "wrong_type")
    run, best = value["run"], value["best"]
    require(type(run) is int and type(best) is int, "wrong_type")
    require(0 <= run <= best <= MAX_COUNT, "out_of_range")
    return value


def merge_run(stored: Any, imported: Any) -> dict[str, Any]:
    """Keep the longer best run, and the run in play on this device (an import never ends it)."""
    if not isinstance(stored, dict):
        return dict(imported)
    return {"run": stored["run"], "best": max(stored["best"], imported["best"], stored["run"])}


KIND = register_kind("run:", run_schema, PRIORITY_RECORD, max_chars=256, max_depth=1, exported=True,
                     per_game=True, merge=merge_run)


def _run_of(stored: Any) -> Run:
    return Run(stored["run"], stored["best"]) if isinstance(stored, dict) else Run()


class Runs(RecordStore[Run]):
    """Read and update the endless run kept in a Storage: `run(game)` is a `Run`."""

    def __init__(self, storage: Storage) -> None:
        super().__init__(storage, KIND, _run_of)

    def run(self, game: str) -> Run:
        """Return a game's run (0 and 0 before the first win)."""
        return self.get(game, NAME)

    def store(self, game: str, record: Run) -> bool:
        """Store a game's run; return whether it reached the backing."""
        return self.storage.set(self.key(game, NAME), {"run": record.run, "best": record.best})

    def win(self, game: str) -> tuple[Run, bool]:
        """Lengthen the run by a win; return the run now and whether it is longer than any before."""
        before = self.run(game)
        after = Run(before.run + 1, max(before.best, before.run + 1))
        self.store(game, after)
        return after, after.run > before.best and before.best > 0

    def end(self, game: str) -> int:
        """End the run (its best stays); return how long it was (0: there was none)."""
        before = self.run(game)
        if before.run:
            self.store(game, Run(0, before.best))
        return before.run
