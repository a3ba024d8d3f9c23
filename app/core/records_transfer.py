"""Export and import of records: every exported kind to one JSON file, and back, all or nothing.

The file is {"app": "masume", "format": 1, "records": {key: {"v": version, "value": ...}}}.
Each record carries its own kind's version, so an import migrates it like a stored one
and checks it with the kind's schema; a kind with a `merge` keeps the better of the
stored and the imported value (an old export never worsens a best). Anything wrong in
the file's own shape refuses the whole import, and nothing is changed; a record this
version does not take (a kind, game or setting it does not have, a value its schema
refuses) is skipped and reported with its reason. A newer version's records are carried
unchanged: exported as they were written, imported as they are.

The page exports with `export_records(storage)` (JSON text to download) and imports
with `import_records(storage, text)` -> ImportResult, then shows
`t(result.string_key, count=result.count)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from json import dumps  # named import: a line `import js…` would trip the purity check
from typing import Any

from app.core import drafts, registry
from app.core.records import (
    PRIORITY_RECORD,
    Kind,
    KindTable,
    RecordError,
    check,
    encode,
    is_text,
    parse_strict,
    upgrade,
)
from app.core.storage import Storage

APP_MARKER = "masume"
EXPORT_FORMAT = 1  # of the file around the records; each record carries its own kind's version
MAX_IMPORT_CHARS = 2_000_000
MAX_IMPORT_RECORDS = 10_000
MAX_KEY_CHARS = 256
NEWER_MAX_DEPTH = 12  # how deep a newer version's record may nest and still be carried

# Why an import was refused: the page shows the string "import_failed_<kind>".
IMPORT_TOO_BIG = "too_big"
IMPORT_NOT_JSON = "not_json"
IMPORT_NOT_MASUME = "not_masume"
IMPORT_VERSION = "version"
IMPORT_SHAPE = "shape"
IMPORT_STORAGE = "storage"
IMPORT_EMPTY = "empty"
IMPORT_FAILURES = (IMPORT_TOO_BIG, IMPORT_NOT_JSON, IMPORT_NOT_MASUME, IMPORT_VERSION, IMPORT_SHAPE, IMPORT_STORAGE,
                   IMPORT_EMPTY)


@dataclass(frozen=True)
class ImportResult:
    """The outcome of an import: ok with a count, or refused with a `kind` (nothing was changed)."""

    ok: bool
    count: int = 0
    kind: str | None = None  # one of IMPORT_FAILURES when refused
    detail: str = ""  # for logs and tests, in English; the player sees `string_key`
    keys: tuple[str, ...] = field(default=())
    skipped: tuple[tuple[str, str], ...] = field(default=())  # (key, one of SKIP_REASONS)

    @property
    def drafts(self) -> int:
        """Return how many drafts were imported (counted in `count` too)."""
        return sum(key.startswith(drafts.PREFIX) for key in self.keys)

    def skipped_by_reason(self) -> dict[str, int]:
        """Return how many records were skipped for each reason, in SKIP_REASONS order."""
        counts = {reason: 0 for reason in SKIP_REASONS}
        for _key, reason in self.skipped:
            counts[reason] += 1
        return {reason: count for reason, count in counts.items() if count}

    @property
    def string_key(self) -> str:
        """Return the catalogue key the page shows: "import_done" or "import_failed_<kind>"."""
        return "import_done" if self.ok else f"import_failed_{self.kind}"


def _refuse(kind: str, detail: str) -> ImportResult:
    return ImportResult(ok=False, kind=kind, detail=detail)


def export_records(storage: Storage) -> str:
    """Return JSON text of every exported record (bests, settings, stage progress...; not in-progress saves)."""
    records: dict[str, Any] = {}
    missing = object()
    for key in sorted(storage.keys()):
        kind = storage.kinds.kind_for(key)
        if not kind.exported:
            continue
        value = storage.get(key, missing, kind=kind)  # damaged ones are set aside here, not exported
        if value is not missing:
            records[key] = {"v": kind.version, "value": value}
        elif key in storage.newer_keys():  # a newer version's record goes out exactly as it was written
            carried = _newer_entry(storage.raw(key))
            if carried is not None:
                records[key] = carried
    return dumps({"app": APP_MARKER, "format": EXPORT_FORMAT, "records": records},
                 ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _newer_entry(text: Any) -> dict[str, Any] | None:
    """Return {"v", "value"} of a newer version's stored record (None if it cannot be read safely)."""
    try:
        raw = parse_strict(text, MAX_IMPORT_CHARS, NEWER_MAX_DEPTH + 1)
    except RecordError:
        return None
    if isinstance(raw, dict) and set(raw) == {"$v", "value"} and type(raw["$v"]) is int:
        return {"v": raw["$v"], "value": raw["value"]}
    return None


def _read_import(text: Any, kinds: KindTable) -> dict[str, Any] | ImportResult:
    if not isinstance(text, str):
        return _refuse(IMPORT_NOT_JSON, "not text")
    if len(text) > MAX_IMPORT_CHARS:
        return _refuse(IMPORT_TOO_BIG, f"{len(text)} characters")
    deepest = max((kind.max_depth for kind in kinds.all() if kind.exported), default=0)
    try:
        # file, records, one record's envelope; room for a newer version's deeper records (carried unchanged)
        data = parse_strict(text, MAX_IMPORT_CHARS, max(deepest, NEWER_MAX_DEPTH) + 3)
    except RecordError as problem:
        kind = IMPORT_SHAPE if problem.reason == "too_deep" else IMPORT_NOT_JSON
        return _refuse(kind, problem.reason)
    if not isinstance(data, dict) or data.get("app") != APP_MARKER:
        return _refuse(IMPORT_NOT_MASUME, "no Masume marker")
    version = data.get("format")
    if type(version) is not int or not 1 <= version <= EXPORT_FORMAT:
        return _refuse(IMPORT_VERSION, f"file format {version!r}")
    records = data.get("records")
    if not isinstance(records, dict):
        return _refuse(IMPORT_SHAPE, "records is not an object")
    if len(records) > MAX_IMPORT_RECORDS:
        return _refuse(IMPORT_TOO_BIG, f"{len(records)} records")
    return records


# Why one record of a file was skipped (the page says "import_skip_<reason>").
SKIP_UNKNOWN = "unknown"  # not a kind of record this version keeps (or a setting it does not have)
SKIP_GAME = "game"  # a record of a game this version does not have
SKIP_INVALID = "invalid"  # a value this version's schema does not accept
SKIP_NEWER = "newer"  # from a newer version, and this device holds this version's own record there
SKIP_DRAFTS_FULL = "drafts_full"  # a draft under a new name, beyond the drafts a game keeps (app.core.drafts)
SKIP_REASONS = (SKIP_UNKNOWN, SKIP_GAME, SKIP_INVALID, SKIP_NEWER, SKIP_DRAFTS_FULL)


@dataclass(frozen=True)
class _Newer:
    """A record from a newer version: stored as that version wrote it, untouched."""

    text: str


def _import_one(key: Any, entry: Any, games: frozenset[str], kinds: KindTable) -> tuple[Kind, Any | _Newer] | str:
    """Return (kind, clean value) for one record of a file, or why this version skips it."""
    if not is_text(key, MAX_KEY_CHARS) or not key or any(ch < " " for ch in key):
        return SKIP_UNKNOWN
    kind = kinds.kind_for(key)
    if not kind.exported or key == kind.prefix and kind.prefix.endswith(":") or kind.prefix == "setting:":
        return SKIP_UNKNOWN  # ("setting:" alone: a setting this version does not have)
    if kind.per_game and key[len(kind.prefix):].split(":")[0] not in games:
        return SKIP_GAME
    if not isinstance(entry, dict) or set(entry) != {"v", "value"}:
        return SKIP_INVALID
    version = entry["v"]
    if type(version) is not int or version < 1:
        return SKIP_INVALID
    if version > kind.version:
        try:
            text = dumps({"$v": version, "value": entry["value"]}, separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError):
            return SKIP_INVALID
        return (kind, _Newer(text)) if len(text) <= kind.max_chars * 4 else SKIP_INVALID
    try:
        value = check(kind, upgrade(kind, entry["value"], version))
        if len(encode(kind, value)) > kind.max_chars:
            raise RecordError("too_big")
    except (RecordError, ValueError, TypeError):
        return SKIP_INVALID
    return kind, value


def import_records(storage: Storage, text: Any) -> ImportResult:
    """Check an exported file, then merge every record this version takes into storage; report the rest.

    A file that is not a Masume records file is refused whole. Within one, each record
    this version's schemas refuse is skipped with its reason; the others are written all
    or none. A record from a newer version is kept as it was written where nothing of this
    version's is stored under its key. Drafts under new names beyond a game's MAX_DRAFTS are
    skipped (SKIP_DRAFTS_FULL); the drafts already kept stay.
    """
    records = _read_import(text, storage.kinds)
    if isinstance(records, ImportResult):
        return records
    if not records:
        return _refuse(IMPORT_EMPTY, "no records")
    games = frozenset(registry.games())
    values: dict[str, Any] = {}
    newer: dict[str, str] = {}
    skipped: list[tuple[str, str]] = []
    missing = object()
    for key, entry in records.items():
        checked = _import_one(key, entry, games, storage.kinds)
        if isinstance(checked, str):
            skipped.append((str(key)[:MAX_KEY_CHARS], checked))
            continue
        kind, value = checked
        stored = storage.get(key, missing, kind=kind)
        if isinstance(value, _Newer):
            if stored is missing:
                newer[key] = value.text
            else:
                skipped.append((key, SKIP_NEWER))
            continue
        if kind.merge is not None and stored is not missing:
            value = check(kind, kind.merge(stored, value))
        values[key] = value
    for key in drafts.left_out(storage, [*values, *newer]):  # at most MAX_DRAFTS a game, as Save keeps
        values.pop(key, None)
        newer.pop(key, None)
        skipped.append((key, SKIP_DRAFTS_FULL))
    if not storage.set_many(values, priority=PRIORITY_RECORD):
        return _refuse(IMPORT_STORAGE, "the records could not all be written; none were kept")
    kept = [key for key, raw in newer.items() if storage.set_raw(key, raw)]
    keys = (*values, *kept)
    return ImportResult(ok=True, count=len(keys), keys=tuple(keys), skipped=tuple(skipped))
