"""Export and import of records: every record the device keeps, to one JSON file and back.

The file is {"app": "masume", "format": 1, "records": {key: entry}}. An entry is
{"v": version, "value": ...}, the record as its kind's version wrote it, or {"text": "..."},
the stored text exactly, where the first form would not give it back byte for byte.

Export carries every key of the namespace byte for byte, read from the device's storage (never
this visit's value over a newer version's record): this version's records (checked first: a
damaged one is set aside, not exported), a newer version's, and keys of kinds, games or
settings this version does not have. Only in-progress saves and set-aside damaged texts stay.

Import refuses a file that is not a Masume records file whole, and changes nothing. Within one,
each record this version understands is checked by its kind (migrated from an older version)
and merged: a kind with a `merge` keeps the better of the stored and the imported value (an old
export never worsens a best); one its schema refuses is skipped with its reason. A record this
version does not understand (a newer version's, a kind, game, setting or setting value it does
not have) is written back exactly as the file carries it and reported as kept for another
version; where the device keeps something else under that key, the device's stays and the
record is skipped with its reason, as is one of this version's where the device keeps a newer
version's. What is written is written all or none.

The page exports with `export_records(storage)` (JSON text to download) and imports
with `import_records(storage, text)` -> ImportResult, then shows
`t(result.string_key, count=result.count)` and what `kept` and `skipped` hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from json import dumps  # named import: a line `import js…` would trip the purity check
from typing import Any

from app.core import drafts, registry
from app.core.records import (
    GENERIC,
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
NEWER_MAX_DEPTH = 12  # how deep another version's record may nest and still be read as {"v", "value"}

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
    kept: tuple[str, ...] = field(default=())  # records of another version, kept on the device as the file has them

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


def _device_only(kind: Kind) -> bool:
    """Whether a kind's records stay on the device (in-progress saves, set-aside damaged texts)."""
    return not kind.exported and kind is not GENERIC


def _text_of(version: int, value: Any) -> str:
    """Return the stored text of a record at `version` (bare at version 1); TypeError/ValueError if not JSON."""
    return dumps(value if version == 1 else {"$v": version, "value": value}, separators=(",", ":"), allow_nan=False)


def _versioned(text: str) -> tuple[int, Any] | None:
    """Return (version, value) of a stored text, or None where it is not a record's JSON."""
    try:
        raw = parse_strict(text, MAX_IMPORT_CHARS, NEWER_MAX_DEPTH + 1)
    except RecordError:
        return None
    if isinstance(raw, dict) and "$v" in raw:
        if set(raw) == {"$v", "value"} and type(raw["$v"]) is int and raw["$v"] >= 1:
            return raw["$v"], raw["value"]
        return None
    return 1, raw


def _entry(text: str) -> dict[str, Any]:
    """Return a stored text's entry in a file: {"v", "value"} when that gives it back byte for byte, else {"text"}."""
    read = _versioned(text)
    if read is not None and _text_of(*read) == text:
        return {"v": read[0], "value": read[1]}
    return {"text": text}


def export_records(storage: Storage) -> str:
    """Return JSON text of every record the device keeps (bests, settings, stages, other versions'...; not saves)."""
    records: dict[str, Any] = {}
    for key in sorted(storage.keys()):
        kind = storage.kinds.kind_for(key)
        if _device_only(kind):
            continue
        if kind is not GENERIC:
            storage.get(key, None, kind=kind)  # a damaged record is set aside here, not exported
        text = storage.stored_text(key)  # the device's, never this visit's over a newer version's
        if text is not None:
            records[key] = _entry(text)
    return dumps({"app": APP_MARKER, "format": EXPORT_FORMAT, "records": records},
                 ensure_ascii=False, separators=(",", ":"), allow_nan=False)


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
SKIP_UNKNOWN = "unknown"  # a kind this version keeps on the device only (in-progress saves), or no key at all
SKIP_INVALID = "invalid"  # a record of this version's that its schema does not accept (damaged)
SKIP_NEWER = "newer"  # of another version, and this device keeps something else under that key
SKIP_STORED_NEWER = "stored_newer"  # this version's, where this device keeps a newer version's record
SKIP_DRAFTS_FULL = "drafts_full"  # a draft under a new name, beyond the drafts a game keeps (app.core.drafts)
SKIP_REASONS = (SKIP_UNKNOWN, SKIP_INVALID, SKIP_NEWER, SKIP_STORED_NEWER, SKIP_DRAFTS_FULL)


@dataclass(frozen=True)
class _Understood:
    """A record this version understands: its clean value at the kind's current version, and its text."""

    kind: Kind
    value: Any
    text: str | None  # as the file has it, when already at the kind's current version (else None)


@dataclass(frozen=True)
class _Carried:
    """A record of another version (or a kind this version does not know): its text, to store untouched."""

    text: str


def _entry_text(entry: Any) -> tuple[str, tuple[int, Any] | None] | None:
    """Return an entry's stored text and its (version, value) if it reads as one; None for a malformed entry."""
    if isinstance(entry, dict) and set(entry) == {"text"}:
        text = entry["text"]
        return (text, _versioned(text)) if isinstance(text, str) else None
    if not isinstance(entry, dict) or set(entry) != {"v", "value"}:
        return None
    version = entry["v"]
    if type(version) is not int or version < 1:
        return None
    try:
        return _text_of(version, entry["value"]), (version, entry["value"])
    except (TypeError, ValueError):
        return None


def _import_one(key: Any, entry: Any, games: frozenset[str], kinds: KindTable) -> _Understood | _Carried | str:
    """Return what one record of a file is to this version, or why it is skipped."""
    if not is_text(key, MAX_KEY_CHARS) or not key or any(ch < " " for ch in key):
        return SKIP_UNKNOWN
    kind = kinds.kind_for(key)
    if _device_only(kind) or key == kind.prefix and kind.prefix.endswith(":"):
        return SKIP_UNKNOWN
    read = _entry_text(entry)
    if read is None or not is_text(read[0], max(kind.max_chars * 4, 1)):
        return SKIP_INVALID
    text, versioned = read
    if kind is GENERIC:
        return _Carried(text)  # a kind this version does not know at all
    if versioned is None:
        return SKIP_INVALID  # a kind this version has, but not a record's JSON: damaged
    version, raw = versioned
    if version > kind.version or kind.per_game and key[len(kind.prefix):].split(":")[0] not in games:
        return _Carried(text)  # a newer version's record, or one of a game this version does not have
    try:
        value = check(kind, upgrade(kind, raw, version))
        if len(encode(kind, value)) > kind.max_chars:
            raise RecordError("too_big")
    except (RecordError, ValueError, TypeError):
        return SKIP_INVALID
    if kind.understands is not None and not kind.understands(value):
        return _Carried(text)  # a setting, or a setting's value, this version does not have
    return _Understood(kind, value, text if version == kind.version else None)


# The families a skipped record is named by (the page says "record_kind_<family>").
RECORD_FAMILIES = ("best", "stage", "stats", "daily", "run", "stars", "draft", "setting")


def record_parts(key: str, games: frozenset[str] | None = None) -> tuple[str, str | None, str]:
    """Return how a record is named to the player: (family, game id or None, the rest of its key).

    "best:crosslight:5x5" -> ("best", "crosslight", "5x5"); "setting:palette" -> ("setting", None,
    "palette"); a key of a family this version does not know -> ("other", None, the whole key).
    """
    family, _, rest = key.partition(":")
    if family not in RECORD_FAMILIES or not rest:
        return "other", None, key
    game, _, detail = rest.partition(":")
    if family != "setting" and game in (registry.games() if games is None else games):
        return family, game, detail
    return family, None, rest


def import_records(storage: Storage, text: Any) -> ImportResult:
    """Check an exported file, then merge what this version understands and keep the rest untouched; report both.

    A file that is not a Masume records file is refused whole. Within one, each record this
    version's schemas refuse is skipped with its reason; the others are written all or none.
    Drafts under new names beyond a game's MAX_DRAFTS are skipped (SKIP_DRAFTS_FULL); the
    drafts already kept stay.
    """
    records = _read_import(text, storage.kinds)
    if isinstance(records, ImportResult):
        return records
    if not records:
        return _refuse(IMPORT_EMPTY, "no records")
    games = frozenset(registry.games())
    values: dict[str, Any] = {}
    exact: dict[str, str] = {}  # records of this version's, stored as the file has them (nothing to merge)
    carried: dict[str, str] = {}
    already: list[str] = []  # another version's records the device keeps already, byte for byte
    skipped: list[tuple[str, str]] = []
    missing = object()
    for key, entry in records.items():
        read = _import_one(key, entry, games, storage.kinds)
        if isinstance(read, str):
            skipped.append((str(key)[:MAX_KEY_CHARS], read))
            continue
        kind = storage.kinds.kind_for(key)
        stored = storage.get(key, missing, kind=kind) if kind is not GENERIC else missing  # (damage set aside)
        if isinstance(read, _Understood):
            if storage.holds_newer(key):
                skipped.append((key, SKIP_STORED_NEWER))  # the newer version's record stays
                continue
            if stored is missing and read.text is not None:
                exact[key] = read.text  # byte for byte
            elif kind.merge is not None and stored is not missing:
                values[key] = check(kind, kind.merge(stored, read.value))
            else:
                values[key] = read.value
            continue
        held = storage.stored_text(key)
        if held is None:
            carried[key] = read.text
        elif held == read.text:
            already.append(key)
        else:
            skipped.append((key, SKIP_NEWER))  # the device's own stays
    for key in drafts.left_out(storage, [*values, *exact, *carried]):  # at most MAX_DRAFTS a game, as Save keeps
        for taken in (values, exact, carried):
            taken.pop(key, None)
        skipped.append((key, SKIP_DRAFTS_FULL))
    if not storage.set_many(values, priority=PRIORITY_RECORD, texts={**exact, **carried}):
        return _refuse(IMPORT_STORAGE, "the records could not all be written; none were kept")
    imported = (*values, *exact)
    return ImportResult(ok=True, count=len(imported), keys=imported, skipped=tuple(skipped),
                        kept=(*carried, *already))
