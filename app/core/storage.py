"""Saved data (settings, bests, progress) as JSON over something shaped like `window.localStorage`.

Browsers may refuse storage (SecurityError in private modes or sandboxed iframes on
game portals) or run out of it (QuotaExceededError, shared by every game on a
portal's origin). Neither may stop play: a value that cannot be written is kept in
memory for this visit and the page is told once, while later writes still try (the
next one may fit). A record (best, setting, stage progress) that meets a full storage
first makes room by dropping in-progress saves, then tries again.

Reading never stops start-up: every text read is checked by its record kind
(`app.core.records`): size and nesting before parsing, strict JSON, then a schema. What
fails is set aside under "<namespace>:quarantine:<key>" (not deleted), reads as absent,
and the page is told once that damaged data was set aside.

A record written by a newer release (its format version is above this release's) is
kept untouched: it reads as absent here, and a write or removal under its key is
refused (this visit keeps the new value in memory) with a notice once, so an update
followed by a rollback, or an old tab, never loses what the newer release stored.

A removal the backing refuses (removeItem throwing while setItem works) is done by writing
JSON `null` instead, which every kind reads as absent; only when that fails too is the
page told, and then that something could not be deleted, not that records are not kept.
"""

from __future__ import annotations

from json import dumps  # named import: a line `import js…` would trip the purity check
from typing import Any, Protocol

from app.core import records
from app.core.records import PRIORITY_RECORD, PRIORITY_SAVE, Kind, KindTable

NOTICE_UNAVAILABLE = "storage_unavailable"  # keys of the string catalogue
NOTICE_QUARANTINED = "storage_quarantined"
NOTICE_NEWER = "storage_newer"  # a record written by a newer release is kept, not overwritten
NOTICE_FULL = "storage_full"  # a record did not fit: it lasts until the page is closed
NOTICE_SAVES_DROPPED = "storage_saves_dropped"  # unfinished games were dropped to make room for records
NOTICE_NOT_REMOVED = "storage_not_removed"  # a value could not be deleted (nor blanked): it may come back
ERASED = "null"  # what stands for a removed value where the backing refuses removeItem: read as absent


class Backing(Protocol):
    """The `localStorage` methods the adapter uses (`length` and `key` only to list keys)."""

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the DOM's name
        """Return the stored text, or None."""

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 - the DOM's name
        """Store text under key."""

    def removeItem(self, key: str) -> None:  # noqa: N802 - the DOM's name
        """Forget key."""


class QuotaExceededError(Exception):
    """What MemoryBacking raises when its quota is full, named like the browser's DOMException."""

    name = "QuotaExceededError"


class MemoryBacking:
    """A dict with the `localStorage` methods: the test double and the in-memory fallback.

    `quota` (bytes, counted like browsers: two per UTF-16 unit of keys and values) makes
    `setItem` raise QuotaExceededError when the stored data would outgrow it.
    """

    def __init__(self, data: dict[str, str] | None = None, quota: int | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})
        self.quota = quota

    @staticmethod
    def _bytes(text: str) -> int:
        return len(str(text).encode("utf-16-le", "surrogatepass"))

    def used(self) -> int:
        """Return the bytes the stored keys and values take."""
        return sum(self._bytes(k) + self._bytes(v) for k, v in self.data.items())

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the DOM's name
        """Return the stored text, or None."""
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 - the DOM's name
        """Store text under key (as text, like the browser does); raise QuotaExceededError when full."""
        text = str(value)
        if self.quota is not None:
            old = self._bytes(key) + self._bytes(self.data[key]) if key in self.data else 0
            if self.used() - old + self._bytes(key) + self._bytes(text) > self.quota:
                raise QuotaExceededError("Setting the value exceeded the quota.")
        self.data[key] = text

    def removeItem(self, key: str) -> None:  # noqa: N802 - the DOM's name
        """Forget key."""
        self.data.pop(key, None)

    @property
    def length(self) -> int:
        """Return how many keys are stored."""
        return len(self.data)

    def key(self, index: int) -> str | None:
        """Return the index-th key, or None past the end."""
        keys = list(self.data)
        return keys[index] if 0 <= index < len(keys) else None


def is_quota_error(error: BaseException) -> bool:
    """Return whether an exception from setItem means "storage full" (Chrome, Safari, Firefox, Pyodide)."""
    names = (getattr(error, "name", ""), type(error).__name__, str(error))
    return any("quota" in str(name).lower() for name in names)


class Storage:
    """Namespaced, validated JSON values that fall back to memory when the backing fails."""

    def __init__(self, backing: Backing | None = None, namespace: str = "masume", *, kinds: KindTable) -> None:
        """`kinds` reads every key: `app.core.record_kinds.KINDS`, every family's (each family's module
        imports this one, so the table is handed in rather than imported here)."""
        self.kinds = kinds
        self.namespace = namespace
        self._backing = backing
        # Every text read or written is mirrored here (None: known to be absent), and keys
        # whose latest value did not reach the backing are listed in _unsaved: for those
        # the memory is newer than the backing.
        self._memory: dict[str, str | None] = {}
        self._unsaved: set[str] = set()
        # False once reading failed (SecurityError: storage disabled) or with no backing:
        # then the backing is left alone for the rest of the visit.
        self._usable = backing is not None
        self.degraded = backing is None  # something failed: some values live only in memory
        self._pending: list[str] = [NOTICE_UNAVAILABLE] if self.degraded else []
        self._newer: set[str] = set()  # full keys holding a newer release's record (see _holds_newer)
        self._dropped: list[str] = []  # keys of saves dropped to make room, not yet told (take_dropped_saves)
        self._told: set[str] = set(self._pending)

    # ----- notices ---------------------------------------------------------------------------

    def _notify(self, notice: str) -> None:
        if notice not in self._told:  # each notice once per visit
            self._told.add(notice)
            self._pending.append(notice)

    def _degrade(self) -> None:
        self.degraded = True
        self._notify(NOTICE_UNAVAILABLE)

    def take_notice(self) -> str | None:
        """Return one pending notice ("storage_unavailable", "storage_quarantined") once, else None."""
        return self._pending.pop(0) if self._pending else None

    def take_dropped_saves(self) -> list[str]:
        """Return the keys (without namespace) of in-progress saves dropped to make room since last asked."""
        prefix = f"{self.namespace}:"
        dropped, self._dropped = self._dropped, []
        return [full[len(prefix):] for full in dropped]

    def take_notices(self) -> list[str]:
        """Return every pending notice once, oldest first."""
        pending, self._pending = self._pending, []
        return pending

    # ----- keys ------------------------------------------------------------------------------

    def _full(self, key: str) -> str:
        return f"{self.namespace}:{key}"

    def keys(self) -> list[str]:
        """Return the keys (without namespace) known to hold a value, in the backing or only in memory."""
        prefix = f"{self.namespace}:"
        found: set[str] = set()
        if self._usable:
            try:
                count = int(self._backing.length)  # type: ignore[union-attr]
                for index in range(count):
                    full = self._backing.key(index)  # type: ignore[union-attr]
                    if isinstance(full, str) and full.startswith(prefix):
                        found.add(full)
            except Exception:  # a backing that cannot list keys: what this page knows is all there is
                pass
        for full in self._unsaved:
            found.discard(full)
            if self._memory.get(full) is not None:
                found.add(full)
        found.update(full for full, text in self._memory.items() if text is not None and full.startswith(prefix))
        return sorted(full[len(prefix):] for full in found)

    # ----- reading ---------------------------------------------------------------------------

    def _read_text(self, full: str) -> Any:
        if full in self._unsaved or not self._usable:
            return self._memory.get(full)  # memory is newer, or the only copy
        try:
            text = self._backing.getItem(full)  # type: ignore[union-attr]
        except Exception:  # SecurityError, a JS exception, a backing without getItem...
            self._usable = False
            self._degrade()
            return self._memory.get(full)
        self._memory[full] = text
        return text

    def raw(self, key: str) -> Any:
        """Return the stored text under key as it is, unchecked (None when absent)."""
        return self._read_text(self._full(key))

    def get(self, key: str, default: Any = None, kind: Kind | str | None = None) -> Any:
        """Return the checked value under key, or default when absent, unreadable or set aside.

        `kind` (a Kind or a registered prefix) overrides the kind found from the key's prefix.
        """
        record_kind = self._kind(key, kind)
        text = self._read_text(self._full(key))
        if text is None or text == ERASED:
            return default
        decoded = records.decode(text, record_kind)
        if decoded.future:
            self._newer.add(self._full(key))  # a newer release's record: not ours to judge, set aside or overwrite
            return default
        if decoded.rejected is not None:
            self._quarantine(key, text, decoded.rejected)
            return default
        if decoded.salvaged is not None:
            # Keep the whole damaged text aside, then store the part that was kept.
            if self._quarantine(key, text, decoded.salvaged):
                self._store(key, records.encode(record_kind, decoded.value), record_kind.priority)
            else:
                self._memory[self._full(key)] = records.encode(record_kind, decoded.value)
                self._unsaved.add(self._full(key))
        return decoded.value

    def _kind(self, key: str, kind: Kind | str | None) -> Kind:
        if isinstance(kind, Kind):
            return kind
        if isinstance(kind, str):
            found = self.kinds.kind_for(kind)
            if found.prefix != kind:
                raise KeyError(f"no record kind registered for {kind!r}")
            return found
        return self.kinds.kind_for(key)

    # ----- quarantine ------------------------------------------------------------------------

    def _quarantine(self, key: str, text: Any, reason: str) -> bool:
        """Set a damaged text aside; return True once the backing no longer holds it under key."""
        full = self._full(key)
        # From now on this visit reads the key as absent, whatever happens below.
        self._memory[full] = None
        self._unsaved.add(full)
        if key.startswith(records.QUARANTINE_PREFIX):
            return False  # a damaged quarantine entry is not set aside again: no endless chain
        self._notify(NOTICE_QUARANTINED)
        if not self._usable:
            return False
        raw = text if isinstance(text, str) else repr(text)
        entry = dumps({"key": key, "reason": reason, "chars": len(raw), "raw": raw[: records.QUARANTINE_MAX_CHARS]},
                      separators=(",", ":"))
        for slot in range(records.QUARANTINE_SLOTS):
            quarantine_key = records.QUARANTINE_PREFIX + key + (f"#{slot + 1}" if slot else "")
            try:
                existing = self._backing.getItem(self._full(quarantine_key))  # type: ignore[union-attr]
            except Exception:
                return False
            if existing == entry:  # this very text was set aside before (its removal failed then)
                break
            if existing is None:
                if not self._try_set(self._full(quarantine_key), entry):
                    return False  # no room to keep it: leave the original where it is
                break
        # With every slot taken this is the same fault again (a loop writing bad data):
        # the original goes anyway so that start-up does not meet it on every visit.
        if not self._erase(full):
            return False
        self._unsaved.discard(full)
        return True

    def _erase(self, full: str) -> bool:
        """Remove a key from the backing, or blank it (ERASED) where removeItem is refused; True if either worked."""
        try:
            self._backing.removeItem(full)  # type: ignore[union-attr]
        except Exception:
            return self._try_set(full, ERASED)
        return True

    # ----- writing ---------------------------------------------------------------------------

    def _try_set(self, full: str, text: str) -> bool:
        try:
            self._backing.setItem(full, text)  # type: ignore[union-attr]
        except Exception:
            return False
        return True

    def _evict_saves(self, keep: str, evicted: list[tuple[str, str]] | None = None) -> bool:
        """Drop in-progress saves from the backing (memory keeps them for this visit); True if any went."""
        dropped = False
        for key in self.keys():
            full = self._full(key)
            if full == keep or self.kinds.kind_for(key).priority != PRIORITY_SAVE or self._holds_newer(key):
                continue
            try:
                text = self._backing.getItem(full)  # type: ignore[union-attr]
                if text is None:
                    continue
                self._backing.removeItem(full)  # type: ignore[union-attr]
            except Exception:
                continue
            # A save whose last write failed still has its older text in the backing: that goes
            # too, while memory keeps the newer text.
            if full not in self._unsaved:
                self._memory[full] = text
                self._unsaved.add(full)
            dropped = True
            if evicted is not None:
                evicted.append((full, text))
            else:  # (an import's evictions are undone when it fails, and said by its own result)
                self._dropped.append(full)
                self._notify(NOTICE_SAVES_DROPPED)
        return dropped

    def _holds_newer(self, key: str) -> bool:
        """Return whether the backing holds a newer release's record under key (never to be overwritten).

        The backing is asked each time (another tab may have written or removed it since); what was
        learnt is kept for when the backing can no longer be read.
        """
        full = self._full(key)
        if not self._usable:
            return full in self._newer
        try:
            text = self._backing.getItem(full)  # type: ignore[union-attr]
        except Exception:
            return full in self._newer
        # Versioned texts start {"$v": n, ...}; the bare ones are version 1, never newer.
        newer = isinstance(text, str) and '"$v"' in text[:16] and records.decode(text, self.kinds.kind_for(key)).future
        if newer:
            self._newer.add(full)
        else:
            self._newer.discard(full)
        return newer

    def newer_keys(self) -> list[str]:
        """Return the keys (without namespace) known to hold a newer release's record."""
        prefix = f"{self.namespace}:"
        return sorted(full[len(prefix):] for full in self._newer)

    def _store(self, key: str, text: str, priority: int, evicted: list[tuple[str, str]] | None = None,
               report: bool = True) -> bool:
        """Write text under key, making room by dropping saves for a record; memory keeps it either way."""
        full = self._full(key)
        self._memory[full] = text
        if not self._usable:
            self._unsaved.add(full)
            return False
        if self._holds_newer(key):
            self._unsaved.add(full)  # this visit plays on with its own value, in memory only
            self._notify(NOTICE_NEWER)
            return False
        try:
            self._backing.setItem(full, text)  # type: ignore[union-attr]
        except Exception as error:
            stored = (priority >= PRIORITY_RECORD and is_quota_error(error)
                      and self._evict_saves(full, evicted) and self._try_set(full, text))
            if not stored:
                self._unsaved.add(full)
                if report and is_quota_error(error):
                    self.degraded = True
                    self._notify(NOTICE_FULL)  # said as what it is: full, not refused
                elif report:
                    self._degrade()
                return False
        self._unsaved.discard(full)
        return True

    def set(self, key: str, value: Any, priority: int | None = None) -> bool:
        """Store a JSON-able value; return True if it reached the backing, False if kept in memory.

        Raises ValueError/TypeError for a value that is not JSON or that the key's record
        kind would reject on reading (a programming error: validate first).
        `priority` defaults to the kind's (records before saves).
        """
        kind = self.kinds.kind_for(key)
        value = records.check(kind, value)
        text = records.encode(kind, value)
        if len(text) > kind.max_chars:
            raise ValueError(f"{key!r}: {len(text)} characters, more than the {kind.max_chars} its kind allows")
        return self._store(key, text, kind.priority if priority is None else priority)

    def set_many(self, values: dict[str, Any], priority: int | None = None, *,
                 texts: dict[str, str] | None = None) -> bool:
        """Store every value or none: on the first failure, earlier writes are undone; return success.

        `texts` are stored exactly as given, unchecked (records another version wrote, carried by an import).
        """
        prepared = []
        for key, value in values.items():
            kind = self.kinds.kind_for(key)
            text = records.encode(kind, records.check(kind, value))
            prepared.append((key, text, kind.priority if priority is None else priority))
        for key, text in (texts or {}).items():
            prepared.append((key, text, self.kinds.kind_for(key).priority if priority is None else priority))
        if not self._usable:
            return False
        before: dict[str, tuple[Any, Any, bool]] = {}
        for key, _, _ in prepared:
            full = self._full(key)
            try:
                in_backing = self._backing.getItem(full)  # type: ignore[union-attr]
            except Exception:
                return False
            before[key] = (in_backing, self._memory.get(full, in_backing), full in self._unsaved)
        evicted: list[tuple[str, str]] = []
        for done, (key, text, key_priority) in enumerate(prepared):
            # report=False: a refused import is told by its own result, not as "records will not be kept".
            if not self._store(key, text, key_priority, evicted, report=False):
                self._undo([k for k, _, _ in prepared[: done + 1]], before, evicted)
                return False
        return True

    def _undo(self, keys: list[str], before: dict[str, tuple[Any, Any, bool]],
              evicted: list[tuple[str, str]]) -> None:
        # Removals and shrinking values free room, so a restore that did not fit is tried again after the rest.
        retry: list[str] = []
        for attempt in (keys, "retry"):
            for key in (retry if attempt == "retry" else keys):
                in_backing = before[key][0]
                try:
                    if in_backing is None:
                        if not self._erase(self._full(key)):
                            raise OSError("neither removed nor blanked")
                    else:
                        self._backing.setItem(self._full(key), in_backing)  # type: ignore[union-attr]
                except Exception:
                    if attempt != "retry":
                        retry.append(key)  # the memory below still holds the old value for this visit
        for key in keys:
            full = self._full(key)
            _, in_memory, was_unsaved = before[key]
            self._memory[full] = in_memory
            if was_unsaved or key in retry:
                self._unsaved.add(full)
            else:
                self._unsaved.discard(full)
        for full, text in evicted:  # the saves dropped to make room come back
            if self._try_set(full, text):
                self._unsaved.discard(full)

    def remove(self, key: str) -> bool:
        """Forget key; return True if the backing was updated, False if only memory was."""
        full = self._full(key)
        self._memory[full] = None
        if not self._usable or self._holds_newer(key):
            self._unsaved.add(full)
            return False
        if not self._erase(full):
            # Said as what it is: records were (or may still be) written; only this value stays behind.
            self._unsaved.add(full)
            self._notify(NOTICE_NOT_REMOVED)
            return False
        self._unsaved.discard(full)
        return True

    # ----- what the device holds, for export and for other tabs --------------------------------

    def stored_text(self, key: str) -> str | None:
        """Return the text the device keeps under key: the backing's, unchecked (None when absent).

        Memory's copy only where it is the newer one: the backing is out of reach, or this
        visit's value did not fit in it. Never this visit's value held back because the backing
        keeps a newer release's record there: that record is what the device holds.
        """
        full = self._full(key)
        if self._usable and (full not in self._unsaved or self._holds_newer(key)):
            try:
                text = self._backing.getItem(full)  # type: ignore[union-attr]
            except Exception:
                text = self._memory.get(full)
        else:
            text = self._memory.get(full)
        return None if text == ERASED or not isinstance(text, str) else text

    def holds_newer(self, key: str) -> bool:
        """Return whether the device keeps a newer release's record under key (never to be overwritten)."""
        return self._holds_newer(key)

    def changed_elsewhere(self, key: str | None) -> None:
        """Forget what this page knew of key (None: of every key): another tab has written it."""
        if key is None:
            self._newer.clear()
            for full in [full for full in self._memory if full not in self._unsaved]:
                del self._memory[full]
            return
        full = self._full(key)
        self._newer.discard(full)
        if full not in self._unsaved:  # (this visit's own value that did not fit stays the one it plays with)
            self._memory.pop(full, None)
