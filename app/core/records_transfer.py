"""Export and import of records: every exported kind to one JSON file, and back, all or nothing.

The file is {"app": "masume", "format": 1, "records": {key: {"v": version, "value": ...}}}.
Each record carries its own kind's version, so an import migrates it like a stored one
and checks it with the kind's schema; a kind with a `merge` keeps the better of the
stored and the imported value (an old export never worsens a best). Anything wrong in
the file refuses the whole import, and nothing is changed.

The page exports with `export_records(storage)` (JSON text to download) and imports
with `import_records(storage, text)` -> ImportResult, then shows
`t(result.string_key, count=result.count)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from json import dumps  # named import: a line `import js…` would trip the purity check
from typing import Any

from app.core.records import (
    PRIORITY_RECORD,
    Kind,
    RecordError,
    check,
    encode,
    is_text,
    kind_for,
    kinds,
    parse_strict,
    upgrade,
)
from app.core.storage import Storage

APP_MARKER = "masume"
EXPORT_FORMAT = 1  # of the file around the records; each record carries its own kind's version
MAX_IMPORT_CHARS = 2_000_000
MAX_IMPORT_RECORDS = 10_000
MAX_KEY_CHARS = 256

# Why an import was refused: the page shows the string "import_failed_<kind>".
IMPORT_TOO_BIG = "too_big"
IMPORT_NOT_JSON = "not_json"
IMPORT_NOT_MASUME = "not_masume"
IMPORT_VERSION = "version"
IMPORT_SHAPE = "shape"
IMPORT_STORAGE = "storage"
IMPORT_FAILURES = (IMPORT_TOO_BIG, IMPORT_NOT_JSON, IMPORT_NOT_MASUME, IMPORT_VERSION, IMPORT_SHAPE, IMPORT_STORAGE)


@dataclass(frozen=True)
class ImportResult:
    """The outcome of an import: ok with a count, or refused with a `kind` (nothing was changed)."""

    ok: bool
    count: int = 0
    kind: str | None = None  # one of IMPORT_FAILURES when refused
    detail: str = ""  # for logs and tests, in English; the player sees `string_key`
    keys: tuple[str, ...] = field(default=())

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
        kind = kind_for(key)
        if not kind.exported:
            continue
        value = storage.get(key, missing, kind=kind)  # damaged ones are set aside here, not exported
        if value is not missing:
            records[key] = {"v": kind.version, "value": value}
    return dumps({"app": APP_MARKER, "format": EXPORT_FORMAT, "records": records},
                 ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _read_import(text: Any) -> dict[str, Any] | ImportResult:
    if not isinstance(text, str):
        return _refuse(IMPORT_NOT_JSON, "not text")
    if len(text) > MAX_IMPORT_CHARS:
        return _refuse(IMPORT_TOO_BIG, f"{len(text)} characters")
    deepest = max((kind.max_depth for kind in kinds() if kind.exported), default=0)
    try:
        data = parse_strict(text, MAX_IMPORT_CHARS, deepest + 3)  # file, records, one record's envelope
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


def _import_one(key: Any, entry: Any) -> tuple[Kind, Any] | ImportResult:
    if not is_text(key, MAX_KEY_CHARS) or not key or any(ch < " " for ch in key):
        return _refuse(IMPORT_SHAPE, f"bad key {key!r:.80}")
    kind = kind_for(key)
    if not kind.exported or key == kind.prefix:
        return _refuse(IMPORT_SHAPE, f"{key!r}: not a record this version keeps")
    if not isinstance(entry, dict) or set(entry) != {"v", "value"}:
        return _refuse(IMPORT_SHAPE, f"{key!r}: not a versioned record")
    version = entry["v"]
    if type(version) is not int or version < 1:
        return _refuse(IMPORT_VERSION, f"{key!r}: version {version!r}")
    if version > kind.version:
        return _refuse(IMPORT_VERSION, f"{key!r}: version {version} is newer than {kind.version}")
    try:
        value = check(kind, upgrade(kind, entry["value"], version))
        if len(encode(kind, value)) > kind.max_chars:
            raise RecordError("too_big")
    except (RecordError, ValueError, TypeError) as problem:
        return _refuse(IMPORT_SHAPE, f"{key!r}: {problem}")
    return kind, value


def import_records(storage: Storage, text: Any) -> ImportResult:
    """Check a whole exported file, then merge every record into storage; all or nothing."""
    records = _read_import(text)
    if isinstance(records, ImportResult):
        return records
    values: dict[str, Any] = {}
    missing = object()
    for key, entry in records.items():
        checked = _import_one(key, entry)
        if isinstance(checked, ImportResult):
            return checked
        kind, value = checked
        stored = storage.get(key, missing, kind=kind)
        if kind.merge is not None and stored is not missing:
            value = check(kind, kind.merge(stored, value))
        values[key] = value
    if not storage.set_many(values, priority=PRIORITY_RECORD):
        return _refuse(IMPORT_STORAGE, "the records could not all be written; none were kept")
    return ImportResult(ok=True, count=len(values), keys=tuple(values))
