"""Personal bests per game and preset: lower is better in every field.

Each field keeps its own best (the fewest moves and the fastest time may come
from different games), as on most puzzle sites. Only clean results are submitted:
the view does not submit a game in which hints were used.

Stored one record per game and preset under "best:<game>:<preset key>", a record kind
registered here: {field: lowest value}, exported, merged on import field by field.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import Any

from app.core.record_store import RecordStore
from app.core.records import (
    MAX_COUNT,
    MAX_SECONDS,
    PRIORITY_RECORD,
    RecordError,
    Salvaged,
    is_field_name,
    is_number,
    register_kind,
    require,
)
from app.core.storage import Storage

BEST_LIMITS: dict[str, float] = {"time": MAX_SECONDS}  # other fields: MAX_COUNT
MAX_BEST_FIELDS = 16

Best = dict[str, float]  # field -> lowest value, e.g. {"moves": 9, "time": 41.2}


def best_limit(field_name: str) -> float:
    """Return the largest believable value of a best field."""
    return BEST_LIMITS.get(field_name, MAX_COUNT)


def is_best_value(field_name: Any, value: Any) -> bool:
    """Return whether value is a believable best for this field: finite, >= 0, within its limit."""
    return is_field_name(field_name) and is_number(value) and 0 <= value <= best_limit(field_name)


def best_schema(value: Any) -> Any:
    """Keep the believable fields of a best record; one bad field is dropped, not the whole record."""
    require(isinstance(value, dict), "wrong_type")
    require(len(value) <= 4 * MAX_BEST_FIELDS, "too_many_fields")
    kept = {name: number for name, number in value.items() if is_best_value(name, number)}
    if len(kept) > MAX_BEST_FIELDS:
        raise RecordError("too_many_fields")
    if len(kept) < len(value):
        return Salvaged(kept, "bad_field")
    return kept


def merge_bests(stored: Any, imported: Any) -> dict[str, Any]:
    """Keep the lower value of each field, so importing an old file never worsens a best."""
    merged = dict(stored) if isinstance(stored, dict) else {}
    for name, number in imported.items():
        if name not in merged or number < merged[name]:
            merged[name] = number
    return merged


KIND = register_kind("best:", best_schema, PRIORITY_RECORD, max_chars=4_096, max_depth=1, exported=True, per_game=True,
                     merge=merge_bests)


def _is_record(value: object) -> bool:
    # bool is an int subclass, and True is not a move count.
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    return math.isfinite(value) and value >= 0


def _best_of(stored: Any) -> Best:
    # The kind already dropped damaged or absurd fields (setting the damaged text aside).
    return dict(stored) if isinstance(stored, dict) else {}


class Bests(RecordStore[Best]):
    """Read and update best results kept in a Storage."""

    def __init__(self, storage: Storage) -> None:
        super().__init__(storage, KIND, _best_of)

    def submit(self, game: str, preset_key: str, result: Mapping[str, float]) -> set[str]:
        """Store the fields of `result` that beat the current bests; return those that beat an earlier best.

        The returned names are what the result calls a "New best!". A field's first record
        (the first win at a size, as each board of an endless run is) is kept but is not a
        new best: there was no earlier best to beat, as a board's first stars are not "more
        stars" and a first run is not "longer than before". Nothing is returned when the
        record could not be stored. A field beyond its believable limit (e.g. a time over
        100 days) is not kept: it would be rejected when read back.
        """
        for name, value in result.items():
            if not isinstance(name, str) or not _is_record(value):
                raise ValueError(f"a result field must be a finite number >= 0, got {name!r}: {value!r}")
        best = self.get(game, preset_key)
        believable = {name: value for name, value in result.items() if is_best_value(name, value)}
        kept = {name for name, value in believable.items() if name not in best or value < best[name]}
        beaten = {name for name in kept if name in best}  # a first record beats nothing
        if kept:
            best.update({name: believable[name] for name in kept})
            if not self.set(game, preset_key, best):
                return set()  # not stored (storage full or refused): never announced as a new best
        return beaten


def new_best_key(improved: Collection[str]) -> str | None:
    """The catalogue key a result says for the bests a win beat: which one, when one alone ("New best time!"),
    so a win slower but in fewer moves is not called simply a best; None when it beat none."""
    if not improved:
        return None
    if set(improved) == {"time"}:
        return "new_best_time"
    if set(improved) == {"moves"}:
        return "new_best_moves"
    return "new_best"

