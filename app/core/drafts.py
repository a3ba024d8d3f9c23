"""Drafts: a game's unfinished creations (Light Path's editor stages), kept as named records, at most 20 a game.

Stored one record per game and name under "draft:<game>:<name>": {"stage": text}, where the text is
the game's own (for Light Path, a format-2 game ID read leniently: a draft need not be solvable). A
record kind like bests and stars: checked on every read (a damaged draft is set aside by `Storage`
with its notice, never shown half-read), exported and imported (an imported draft replaces the one
of the same name; drafts under new names are imported only while the game has room, `left_out`),
version 1 (stored bare; a later format adds a migration, see records.py).

A game checks its own drafts' text: `register_drafts(game, check)` registers the kind of that
game's keys with `check(text) -> bool` in its schema, so a draft whose stage no longer reads is
quarantined like any damaged record. Keys of games that registered nothing are read by the generic
"draft:" kind (shape only), so nothing is lost before a game's module is loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from app.core.records import PRIORITY_RECORD, Kind, is_text, register_kind, require
from app.core.storage import Storage

PREFIX = "draft:"
MAX_DRAFTS = 20
MAX_NAME_CHARS = 40
MAX_STAGE_CHARS = 1_000
_URL_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")

# What `Drafts.save` answers (catalogue keys of the game's own words may follow these names).
SAVED, REPLACED, FULL, BAD_NAME, NOT_KEPT = "saved", "replaced", "full", "bad_name", "not_kept"


def clean_name(name: Any) -> str | None:
    """Return a draft's name as kept (spaces trimmed), or None if it cannot name one (empty, too long, control
    characters)."""
    if not isinstance(name, str):
        return None
    kept = " ".join(name.split())
    if not kept or not is_text(kept, MAX_NAME_CHARS) or any(ch < " " or ch == "\x7f" for ch in kept):
        return None
    return kept


def _shape(value: Any) -> str:
    require(isinstance(value, dict) and set(value) == {"stage"}, "wrong_type")
    stage = value["stage"]
    require(isinstance(stage, str) and 0 < len(stage) <= MAX_STAGE_CHARS, "wrong_type")
    require(set(stage) <= _URL_SAFE, "wrong_type")
    return str(stage)


def draft_schema(value: Any) -> Any:
    """Accept a draft record of any game: {"stage": URL-safe text of at most 1,000 characters}."""
    _shape(value)
    return value


def register_drafts(game: str, check: Callable[[str], bool]) -> Kind:
    """Register the kind of `game`'s drafts: the shape, then `check(stage text)` (False: set aside)."""
    def schema(value: Any) -> Any:
        require(check(_shape(value)), "bad_stage")
        return value

    return register_kind(f"{PREFIX}{game}:", schema, PRIORITY_RECORD, max_chars=MAX_STAGE_CHARS + 64, max_depth=1,
                         exported=True)


KIND = register_kind(PREFIX, draft_schema, PRIORITY_RECORD, max_chars=MAX_STAGE_CHARS + 64, max_depth=1,
                     exported=True, per_game=True)


class Drafts:
    """A game's drafts in a Storage: list, read, save (at most MAX_DRAFTS), remove."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    @staticmethod
    def key(game: str, name: str) -> str:
        """Return the storage key of one draft."""
        return f"{PREFIX}{game}:{name}"

    def names(self, game: str) -> list[str]:
        """Return the names of a game's readable drafts, sorted (damaged ones are set aside on the way)."""
        prefix = f"{PREFIX}{game}:"
        missing = object()
        return sorted((key[len(prefix):] for key in self.storage.keys()
                       if key.startswith(prefix) and self.storage.get(key, missing) is not missing),
                      key=str.casefold)

    def get(self, game: str, name: str) -> str | None:
        """Return a draft's stage text, or None (absent, or damaged and now set aside)."""
        key = self.key(game, name)
        value = self.storage.get(key, None)
        return str(value["stage"]) if isinstance(value, dict) else None

    def save(self, game: str, name: str, stage: str) -> str:
        """Keep `stage` under `name`; return SAVED, REPLACED (the name was taken), FULL (MAX_DRAFTS already, under
        other names), BAD_NAME, or NOT_KEPT (storage refused it: it lasts this visit only)."""
        cleaned = clean_name(name)
        if cleaned is None:
            return BAD_NAME
        names = self.names(game)
        if cleaned not in names and len(names) >= MAX_DRAFTS:
            return FULL
        if not self.storage.set(self.key(game, cleaned), {"stage": stage}):
            return NOT_KEPT
        return REPLACED if cleaned in names else SAVED

    def remove(self, game: str, name: str) -> bool:
        """Forget a draft; return whether the backing was updated."""
        return self.storage.remove(self.key(game, name))


def left_out(storage: Storage, keys: Iterable[str]) -> list[str]:
    """Return the draft keys among `keys` (records about to be imported, in order) that the cap leaves out.

    The cap of MAX_DRAFTS a game holds for an import as for Save: a draft under a name already kept
    replaces it and needs no room; drafts under new names are taken in order while the game has fewer
    than MAX_DRAFTS, and the rest are left out. No draft already kept is lost or pushed out.
    """
    drafts = Drafts(storage)
    held: dict[str, set[str]] = {}
    out: list[str] = []
    for key in keys:
        if not key.startswith(PREFIX):
            continue
        game, _, name = key[len(PREFIX):].partition(":")
        names = held.setdefault(game, set(drafts.names(game)))
        if name in names:
            continue
        if len(names) >= MAX_DRAFTS:
            out.append(key)
        else:
            names.add(name)
    return out
