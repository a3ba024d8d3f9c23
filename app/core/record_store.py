"""Records of one kind kept one per game and name: the typed get and set that bests, stages and stats share.

A record lives under "<kind prefix><game>:<name>" (e.g. "best:crosslight:5x5"). Reading
goes through `Storage.get` with the kind, so the kind's schema, versions, migrations
and the quarantine of damaged text apply exactly as for any other read; the store only
turns what that reader returns (None when absent, unreadable or set aside) into the
family's own record with its `read` function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from app.core.records import Kind
from app.core.storage import Storage

RecordT = TypeVar("RecordT")

_MISSING = object()


class RecordStore(Generic[RecordT]):
    """Read and write the records of one kind in a Storage, one per game and name."""

    def __init__(self, storage: Storage, kind: Kind, read: Callable[[Any], RecordT]) -> None:
        self.storage = storage
        self.kind = kind
        self._read = read

    def key(self, game: str, name: str) -> str:
        """Return the storage key of one record (the namespace is added by Storage)."""
        return f"{self.kind.prefix}{game}:{name}"

    def get(self, game: str, name: str) -> RecordT:
        """Return one record as `read` makes it from the checked stored value (None when there is none)."""
        return self._read(self.storage.get(self.key(game, name), kind=self.kind))

    def set(self, game: str, name: str, record: RecordT) -> bool:
        """Store one record (the kind checks it first); return whether it reached the backing."""
        return self.storage.set(self.key(game, name), record)

    def names(self, game: str) -> list[str]:
        """Return the names of a game's readable records, sorted (damaged ones are set aside on the way)."""
        prefix = f"{self.kind.prefix}{game}:"
        return [key[len(prefix):] for key in sorted(self.storage.keys())
                if key.startswith(prefix) and self.storage.get(key, _MISSING) is not _MISSING]
