"""The game in play kept across reloads and screens (`app.core.progress` records, under `progress:<game>`;
the daily under `progress:<game>:daily`, so it never replaces the game in progress)."""

from __future__ import annotations

from typing import Any

from app.core import progress


class SavedProgress:
    """One game's saved board: written at the clock's next tick after a move (`dirty`), or when the page hides."""

    def __init__(self, storage: Any, game: str, *, daily: bool = False, past: bool = False) -> None:
        self._storage = storage
        self.key = progress.slot_key(game, daily=daily, past=past)
        self.dirty = False  # a change not yet written: writing the move log on every move would delay its frame

    def read(self) -> Any:
        """Read the stored save now (a damaged one is set aside here, not overwritten by the next move)."""
        return self._storage.get(self.key)

    def restore(self, backend: Any, game_id: str, record: Any) -> Any:
        """Return the saved session of the board `game_id` names from `record` (see read), or None."""
        return progress.restore(backend, record, game_id)

    def save(self, backend: Any, session: Any, game_id: str, *, day: str | None = None) -> bool:
        """Keep the game in play for a reload (`day`: the daily's date); return False when there is nothing to keep."""
        self.dirty = False
        record = progress.save_record(backend, session, game_id, day=day)
        if record is not None:
            self._storage.set(self.key, record)
        return record is not None

    def forget(self) -> None:
        """Drop the saved board (finished, replaced, or undone back to its start)."""
        self.dirty = False
        self._storage.remove(self.key)
