"""Which hand-made stages a player has cleared, and in how few moves.

A game with stages declares them in its backend (`STAGES`, `stage_of(state)`,
`next_stage(id)`, `stage_state(id)`); progress is kept one record per stage under
"stage:<game>:<id>", a record kind registered here (exported, merged on import), so one
damaged record spoils nothing else and an export carries them all.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app.core.record_store import RecordStore
from app.core.records import (
    MAX_COUNT,
    MAX_SHORT_TEXT,
    PRIORITY_RECORD,
    is_field_name,
    is_number,
    is_text,
    register_kind,
    require,
)
from app.core.storage import Storage

StageRecord = dict[str, Any]  # as read: {"done": bool, "best": moves or None}


def stage_schema(value: Any) -> Any:
    """Accept stage progress: a dict with optional "done" (bool) and "best" (turns), other short fields."""
    require(isinstance(value, dict) and len(value) <= 32, "wrong_type")
    for name, item in value.items():
        require(is_field_name(name), "bad_field")
        ok = isinstance(item, bool) or (is_number(item) and 0 <= item <= 1e9) or is_text(item, MAX_SHORT_TEXT)
        require(ok, "bad_field")
    require(isinstance(value.get("done", False), bool), "bad_field")
    if "best" in value:
        best = value["best"]
        require(type(best) is int and 0 <= best <= MAX_COUNT, "out_of_range")
    return value


def merge_stage(stored: Any, imported: Any) -> dict[str, Any]:
    """Keep a stage done if either side finished it, and the fewer turns."""
    merged = {**stored, **imported} if isinstance(stored, dict) else dict(imported)
    if isinstance(stored, dict):
        merged["done"] = bool(stored.get("done")) or bool(imported.get("done"))
        bests = [side["best"] for side in (stored, imported) if "best" in side]
        if bests:
            merged["best"] = min(bests)
    return merged


KIND = register_kind("stage:", stage_schema, PRIORITY_RECORD, max_chars=4_096, max_depth=1, exported=True,
                     per_game=True,
                     merge=merge_stage)


def _stage_of(stored: Any) -> StageRecord:
    if not isinstance(stored, dict):
        return {"done": False, "best": None}
    best = stored.get("best")
    return {"done": stored.get("done") is True, "best": best if type(best) is int else None}


class StageProgress(RecordStore[StageRecord]):
    """Read and update stage records kept in a Storage: `get(game, stage_id)` is {"done", "best"}."""

    def __init__(self, storage: Storage) -> None:
        super().__init__(storage, KIND, _stage_of)

    def record_clear(self, game: str, stage_id: str, moves: int, *, counts_for_best: bool) -> bool:
        """Mark a stage done, keeping the fewer moves when `counts_for_best`; return whether the best improved."""
        current = self.get(game, stage_id)
        improved = counts_for_best and (current["best"] is None or moves < current["best"])
        if current["done"] and not improved:
            return False  # nothing new to write
        best = moves if improved else current["best"]
        # No "best" until there is one: the kind takes only a whole number there.
        self.set(game, stage_id, {"done": True, **({"best": best} if best is not None else {})})
        return improved

    def first_unfinished(self, game: str, stage_ids: Iterable[str]) -> str | None:
        """Return the first stage not yet cleared, in the given order; None when all are done."""
        return next((stage for stage in stage_ids if not self.get(game, stage)["done"]), None)
