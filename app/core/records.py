"""What may be stored: a record kind per key prefix, read strictly, with versions and quarantine.

Every stored text goes through `decode` before the game sees it: a size limit and a
nesting limit checked *before* parsing (deep JSON overflows the browser's stack inside
Pyodide, which no Python `except` can catch), strict JSON (no NaN, Infinity or 1e999),
then the kind's schema (types, ranges, finite numbers). Whatever fails is handed back
as `RecordError`, which `Storage` sets aside under a quarantine key instead of deleting.

Versions. A kind has a format version. Version 1 records are stored bare, exactly as
the first release wrote them (so that data is read, not lost); from version 2 on a
record is stored as {"$v": n, "value": ...}. Reading an older record runs the kind's
`migrate(value, from_version)` step by step up to the current version; a record from a
newer release (known from its first characters, whatever follows) is left alone, reads
as absent, and `Storage` never overwrites it.

Kinds are registered by key prefix (without the "masume:" namespace) in a `KindTable`;
the longest matching prefix wins, so a page can give one setting its own schema with
`register_kind("setting:volume", ...)` without touching "setting:". Each family of
records registers its kind, with its schema, in its own module (bests, stage_progress,
progress, stats, daily); `app.core.record_kinds` imports them all and hands the table
(`KINDS`) to whoever makes a `Storage`, which reads every key by it. Settings and
quarantined texts are registered here.

What the page does with this module:
- at boot: `Storage(backing, kinds=record_kinds.KINDS)`, then `migrate_records(storage)`
  (free while every kind is at version 1), then show `storage.take_notices()` like the
  "storage_unavailable" one;
- a new family of records: `register_kind("stats:", schema, PRIORITY_RECORD,
  exported=True, merge=...)` once at import time in its own module, and that module
  listed in `app.core.record_kinds`;
- export and import: `app.core.records_transfer`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Generator
from dataclasses import dataclass
from json import dumps, loads  # named imports: a line `import js…` would trip the purity check
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the adapter imports this module; a runtime import back would be a cycle
    from app.core.storage import Storage

# Write priorities: when storage runs out, lower ones make room for higher ones.
PRIORITY_SAVE = 0  # in-progress saves: dropped first when a record needs the room
PRIORITY_NORMAL = 1  # unknown keys and quarantined texts: never dropped, never drop others
PRIORITY_RECORD = 2  # bests, stage progress, settings, statistics: what a player would miss

DAY_SECONDS = 86_400
MAX_SECONDS = 100 * DAY_SECONDS  # a longer time is a broken clock or edited data, not play
MAX_COUNT = 1_000_000  # moves, turns and the like
MAX_HINTS = 10_000
MAX_ID_CHARS = 4_096  # game IDs and their start states
MAX_SHORT_TEXT = 256  # names of fields
MAX_SETTING_TEXT = 1_000  # a setting's text (the controls card's record of what it explained lists every game's)


class RecordError(ValueError):
    """A stored or imported value that fails its kind's rules; `reason` says which rule."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Salvaged:
    """A schema's answer for a record it could partly keep: the kept part, and why the rest went."""

    value: Any
    reason: str


Schema = Callable[[Any], Any]  # value -> clean value (or Salvaged); raises RecordError
Migration = Callable[[Any, int], Any]  # (value at version n, n) -> value at version n + 1
Merge = Callable[[Any, Any], Any]  # (stored value, imported value) -> value to keep


@dataclass(frozen=True)
class Kind:
    """How one family of keys is checked, versioned, prioritised, merged and exported."""

    prefix: str
    schema: Schema
    priority: int = PRIORITY_NORMAL
    version: int = 1
    migrate: Migration | None = None
    max_chars: int = 4_096  # stored text longer than this is not even parsed
    max_depth: int = 2  # JSON nesting allowed (0: a bare scalar)
    exported: bool = False
    merge: Merge | None = None  # None: an imported value replaces the stored one
    per_game: bool = False  # keys are "<prefix><game id>:…" (or "<prefix><game id>"): an unknown game's is not imported
    # Whether this version can use a value its schema keeps (None: every one). A value it cannot
    # (a setting's choice from a newer version) is kept untouched, read as the default, carried as text.
    understands: Callable[[Any], bool] | None = None


class KindTable:
    """Record kinds by key prefix: a key is read by the kind of its longest registered prefix."""

    def __init__(self) -> None:
        self._kinds: dict[str, Kind] = {}

    def add(self, kind: Kind) -> Kind:
        """Register (or replace) the kind of every key starting with its prefix, and return it."""
        self._kinds[kind.prefix] = kind
        return kind

    def remove(self, prefix: str) -> None:
        """Forget a kind (tests, and pages that replace a provisional one)."""
        self._kinds.pop(prefix, None)

    def all(self) -> list[Kind]:
        """Return every kind in the table."""
        return list(self._kinds.values())

    def kind_for(self, key: str) -> Kind:
        """Return the kind of a key (without namespace): the longest prefix in the table, else the generic kind."""
        best: Kind | None = None
        for prefix, kind in self._kinds.items():
            if key.startswith(prefix) and (best is None or len(prefix) > len(best.prefix)):
                best = kind
        return best or GENERIC


# The table each family of records registers its kind in as its module is imported
# (`app.core.record_kinds` imports them all and hands it to every Storage).
REGISTERED = KindTable()


def register_kind(
    prefix: str,
    schema: Schema,
    priority: int = PRIORITY_NORMAL,
    version: int = 1,
    migrate: Migration | None = None,
    *,
    max_chars: int = 4_096,
    max_depth: int = 2,
    exported: bool = False,
    merge: Merge | None = None,
    per_game: bool = False,
    understands: Callable[[Any], bool] | None = None,
) -> Kind:
    """Register (or replace) the kind of every key starting with `prefix` and return it."""
    if not prefix:
        raise ValueError(f"bad record prefix {prefix!r}")
    if version < 1 or (version > 1 and migrate is None):
        raise ValueError("a kind above version 1 needs a migration from the versions before it")
    return REGISTERED.add(Kind(prefix, schema, priority, version, migrate, max_chars, max_depth, exported, merge,
                               per_game, understands))


def unregister_kind(prefix: str) -> None:
    """Forget a registered kind (tests, and pages that replace a provisional one)."""
    REGISTERED.remove(prefix)


def kinds() -> list[Kind]:
    """Return every registered kind."""
    return REGISTERED.all()


def kind_for(key: str) -> Kind:
    """Return the kind of a key (without namespace): the longest registered prefix, else the generic kind."""
    return REGISTERED.kind_for(key)


# ----- reading text strictly ------------------------------------------------------------------

# A JSON string (so brackets inside it are not counted) or one bracket. An unterminated
# string runs to the end of the text: were it to fail instead, the scan would restart at
# every later quote and take quadratic time (minutes on '"' + '\\"' * 20000).
_TOKENS = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*(?:"|\\?\Z)|[\[\]{}]')


def nesting_exceeds(text: str, max_depth: int) -> bool:
    """Return whether JSON text nests deeper than max_depth, without parsing (and so without recursion)."""
    steps = nesting_steps(text, max_depth, len(text) + 1)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            exceeds: bool = done.value
            return exceeds


def nesting_steps(text: str, max_depth: int, every: int) -> Generator[None, None, bool]:
    """`nesting_exceeds` in slices: yields after every `every` strings and brackets scanned."""
    depth = 0
    for count, match in enumerate(_TOKENS.finditer(text), 1):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                return True
        elif token in "]}":
            depth -= 1
        if count % every == 0:
            yield
    return False


def _refuse_constant(name: str) -> Any:
    raise RecordError("not_finite")  # NaN, Infinity, -Infinity: Python's json takes them, JSON does not


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):  # 1e999
        raise RecordError("not_finite")
    return number


def parse_strict(text: str, max_chars: int, max_depth: int) -> Any:
    """Parse JSON text within size and nesting limits and without non-finite numbers; raise RecordError."""
    if not isinstance(text, str):
        raise RecordError("not_text")
    if len(text) > max_chars:
        raise RecordError("too_big")
    if nesting_exceeds(text, max_depth):
        raise RecordError("too_deep")
    return parse_checked(text)


def parse_checked(text: str) -> Any:
    """Parse strict JSON text whose size and nesting were already checked (see parse_strict); raise RecordError."""
    try:
        return loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except RecordError:
        raise
    except (ValueError, TypeError, RecursionError):  # RecursionError only if a limit above was set absurdly
        raise RecordError("not_json") from None


_VERSION_KEY = "$v"


def encode(kind: Kind, value: Any) -> str:
    """Return the stored text of a value of this kind at its current version."""
    if kind.version > 1:
        value = {_VERSION_KEY: kind.version, "value": value}
    # allow_nan=False: NaN/Infinity are not JSON and the browser's JSON.parse rejects them.
    return dumps(value, separators=(",", ":"), allow_nan=False)


@dataclass(frozen=True)
class Decoded:
    """What a stored text holds: `value` (clean, current version), or why it was set aside."""

    value: Any = None
    rejected: str | None = None  # a reason: the text is set aside
    salvaged: str | None = None  # a reason: part of the value was dropped, the rest is `value`
    future: bool = False  # written by a newer release: left alone, read as absent
    old_version: bool = False  # migrated on the way in: worth writing back


def _check_version(raw: Any) -> tuple[Any, int]:
    if isinstance(raw, dict) and _VERSION_KEY in raw:
        version = raw[_VERSION_KEY]
        if set(raw) != {_VERSION_KEY, "value"} or type(version) is not int or version < 1:
            raise RecordError("bad_version")
        return raw["value"], version
    return raw, 1  # bare: what the first release wrote


def upgrade(kind: Kind, value: Any, version: int) -> Any:
    """Run the kind's migrations from `version` up to its current one; raise RecordError if one fails."""
    for step in range(version, kind.version):
        try:
            value = kind.migrate(value, step)  # type: ignore[misc]  # register_kind ensures one exists
        except RecordError:
            raise
        except Exception:  # a migration meeting data it did not expect: set aside, never lost
            raise RecordError("migration_failed") from None
    return value


# The start of a versioned text: {"$v": n, ... A newer release may nest deeper or write more than
# this one allows, so its records are recognised from this alone, before any limit or parse.
_VERSIONED_START = re.compile(r'\s*\{\s*"\$v"\s*:\s*(\d{1,9})\s*,')


def decode(text: Any, kind: Kind) -> Decoded:
    """Read a stored text of this kind; never raises, whatever the text holds."""
    start = _VERSIONED_START.match(text) if isinstance(text, str) else None
    if start is not None and int(start.group(1)) > kind.version:
        return Decoded(future=True)
    try:
        value, version = _check_version(parse_strict(text, kind.max_chars, kind.max_depth + 1))
        if version > kind.version:
            return Decoded(future=True)
        value = upgrade(kind, value, version)
        checked = kind.schema(value)
    except RecordError as problem:
        return Decoded(rejected=problem.reason)
    except Exception:  # a schema's own bug must not stop start-up either
        return Decoded(rejected="schema_failed")
    old = version < kind.version
    if isinstance(checked, Salvaged):
        return Decoded(value=checked.value, salvaged=checked.reason, old_version=old)
    return Decoded(value=checked, old_version=old)


def check(kind: Kind, value: Any) -> Any:
    """Return the clean form of a value about to be written; raise ValueError if the kind would reject it."""
    checked = kind.schema(value)
    if isinstance(checked, Salvaged):
        raise RecordError(checked.reason)
    return checked


# ----- schema helpers ---------------------------------------------------------------------------


def is_number(value: Any) -> bool:
    """Return whether value is a finite int or float (bool excluded: True is not a count)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def is_text(value: Any, max_chars: int) -> bool:
    """Return whether value is a str of at most max_chars that the browser can store (no lone surrogates)."""
    if not isinstance(value, str) or len(value) > max_chars:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def is_field_name(name: Any) -> bool:
    """Return whether name can name a field of a record ("$" is kept for the format's own keys)."""
    # "__proto__" and its like would become a JavaScript object's internals once the page reads it.
    return is_text(name, 32) and bool(name) and not name.startswith(("$", "__"))


def require(condition: bool, reason: str) -> None:
    """Raise RecordError(reason) unless condition holds: the one-line check every schema is made of."""
    if not condition:
        raise RecordError(reason)


# ----- settings: one key each, a scalar ---------------------------------------------------------
#
# Any scalar is kept: a value a setting does not accept (a choice, or a setting, a newer version
# added) is left untouched and read as the setting's default (app.core.settings), not set aside
# as damage. Only what no version writes (not JSON, nested, not finite, too long) is set aside.


def setting_schema(value: Any) -> Any:
    """Accept a setting's stored value: null, a bool, a short string or a finite number."""
    if value is None or isinstance(value, bool):
        return value
    if is_number(value):
        require(abs(value) <= 1e9, "out_of_range")
        return value
    require(is_text(value, MAX_SETTING_TEXT), "wrong_type")
    return value


# ----- the generic kind and the built-in ones ---------------------------------------------------


def any_json(value: Any) -> Any:
    """Accept any JSON value (the size, nesting and finite-number limits still apply)."""
    return value


GENERIC = Kind("", any_json, PRIORITY_NORMAL, max_chars=65_536, max_depth=16)
QUARANTINE_PREFIX = "quarantine:"
QUARANTINE_MAX_CHARS = 8_192  # of the damaged text kept: quarantining must not fill the storage itself
QUARANTINE_SLOTS = 3  # per key; a fourth damaged copy of the same key is the same fault again

register_kind("setting:", setting_schema, PRIORITY_RECORD, max_chars=1_024, max_depth=0, exported=True,
              understands=lambda _value: False)  # a setting this version does not have
register_kind(QUARANTINE_PREFIX, any_json, PRIORITY_NORMAL, max_chars=QUARANTINE_MAX_CHARS * 8, max_depth=1)


# ----- every record at once ------------------------------------------------------------------


def migrate_records(storage: Storage) -> int:
    """Rewrite records stored at an older version of their kind at the current one; return how many."""
    kinds_to_upgrade = [kind for kind in storage.kinds.all() if kind.version > 1]
    if not kinds_to_upgrade:  # nothing to do: not even a key listing (start-up time counts)
        return 0
    count = 0
    missing = object()
    for key in storage.keys():
        kind = storage.kinds.kind_for(key)
        if kind.version <= 1:
            continue
        decoded = decode(storage.raw(key), kind)
        if decoded.old_version or decoded.rejected is not None:
            value = storage.get(key, missing, kind=kind)  # damaged parts are set aside, as at any read
            if decoded.old_version and value is not missing:
                count += storage.set(key, value, priority=kind.priority)
    return count

