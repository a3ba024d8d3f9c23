"""Saved data (settings, bests) as JSON over something shaped like `window.localStorage`.

Browsers may refuse storage (SecurityError in private modes or sandboxed iframes on
game portals) or run out of it (QuotaExceededError, shared by every game on a
portal's origin). Neither may stop play: on the first failure the adapter keeps
going in memory and tells the page once, so it can say records will not be kept.
"""

from __future__ import annotations

from json import dumps, loads  # named imports: a line `import js…` would trip the purity check
from typing import Any, Protocol

NOTICE_UNAVAILABLE = "storage_unavailable"  # a key of the string catalogue


class Backing(Protocol):
    """The three `localStorage` methods the adapter uses."""

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the DOM's name
        """Return the stored text, or None."""

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 - the DOM's name
        """Store text under key."""

    def removeItem(self, key: str) -> None:  # noqa: N802 - the DOM's name
        """Forget key."""


class MemoryBacking:
    """A dict with the `localStorage` methods: the test double and the in-memory fallback."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the DOM's name
        """Return the stored text, or None."""
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 - the DOM's name
        """Store text under key (as text, like the browser does)."""
        self.data[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802 - the DOM's name
        """Forget key."""
        self.data.pop(key, None)


class Storage:
    """Namespaced JSON values that fall back to memory when the backing fails."""

    def __init__(self, backing: Backing | None = None, namespace: str = "masume") -> None:
        self.namespace = namespace
        self._backing = backing
        # Every text read or written is mirrored here, so a later failure loses nothing
        # this page already knew. None means "known to be absent" (read as absent, or removed).
        self._memory: dict[str, str | None] = {}
        self._readable = backing is not None  # reads may still work when only writes fail (quota)
        self.degraded = backing is None
        self._notice_pending = self.degraded

    def _full(self, key: str) -> str:
        return f"{self.namespace}:{key}"

    def _degrade(self) -> None:
        if not self.degraded:
            self.degraded = True
            self._notice_pending = True

    def take_notice(self) -> str | None:
        """Return "storage_unavailable" once after storage first fails, else None."""
        if self._notice_pending:
            self._notice_pending = False
            return NOTICE_UNAVAILABLE
        return None

    def _read_text(self, full: str) -> str | None:
        if self.degraded and full in self._memory:
            return self._memory[full]  # memory is newer than the backing once writes stop reaching it
        if not self._readable:
            return None
        try:
            text = self._backing.getItem(full)  # type: ignore[union-attr]
        except Exception:  # SecurityError, a JS exception, a backing without getItem...
            self._readable = False
            self._degrade()
            return self._memory.get(full)
        self._memory[full] = text
        return text

    def get(self, key: str, default: Any = None) -> Any:
        """Return the value stored under key, or default when absent or unreadable."""
        text = self._read_text(self._full(key))
        if text is None:
            return default
        try:
            return loads(text)
        except (ValueError, TypeError):  # corrupt JSON or a non-text value: as if absent
            return default

    def set(self, key: str, value: Any) -> bool:
        """Store a JSON-able value; return True if it reached the backing, False if kept in memory."""
        # allow_nan=False: NaN/Infinity are not JSON and the browser's JSON.parse rejects them.
        text = dumps(value, separators=(",", ":"), allow_nan=False)
        full = self._full(key)
        self._memory[full] = text
        if self.degraded:
            return False
        try:
            self._backing.setItem(full, text)  # type: ignore[union-attr]
        except Exception:  # QuotaExceededError, SecurityError...
            self._degrade()
            return False
        return True

    def remove(self, key: str) -> bool:
        """Forget key; return True if the backing was updated, False if only memory was."""
        full = self._full(key)
        self._memory[full] = None
        if self.degraded:
            return False
        try:
            self._backing.removeItem(full)  # type: ignore[union-attr]
        except Exception:
            self._degrade()
            return False
        return True
