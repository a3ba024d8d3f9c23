"""Player settings with typed defaults, stored one key each so one bad value spoils nothing else.

`SETTINGS` holds the site's own; a game's own (names prefixed with the game id) are
registered with it (`app.core.registry.register`, from the game's `GameSpec.settings`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.core.languages import LANGUAGES
from app.core.records import PRIORITY_RECORD, register_kind, setting_schema
from app.core.storage import Storage


@dataclass(frozen=True)
class Setting:
    """One setting: its default and the values it accepts."""

    default: Any
    kind: type  # stored values of another type are ignored
    choices: tuple[Any, ...] | None = None  # when set, the only values allowed besides None
    nullable: bool = False  # None is allowed (for lang: follow the browser)

    def accepts(self, value: Any) -> bool:
        """Return whether `value` is a valid value for this setting."""
        if value is None:
            return self.nullable
        # type() rather than isinstance(): bool is an int subclass, so an int setting must not take True.
        if type(value) is not self.kind:
            return False
        return self.choices is None or value in self.choices


ANNOUNCE_LEVELS = ("off", "short", "full")
# The board colours every game draws with: its own, or Okabe and Ito's colour-blind-safe set.
PALETTES = ("standard", "okabe_ito")

SETTINGS: dict[str, Setting] = {
    "lang": Setting(None, str, choices=LANGUAGES, nullable=True),  # None: follow the browser
    "bgm": Setting(False, bool),  # music stays off until asked for: autoplay surprises players
    "sfx": Setting(False, bool),  # sound effects too wait for the player's Sound button (issue 26: no surprise)
    # WCAG 2.1.4: single-character shortcuts (N, H, C, ?) can be turned off.
    "shortcuts": Setting(True, bool),
    # What the live region says after a move, undo, redo, restart or new game.
    "announce": Setting("short", str, choices=ANNOUNCE_LEVELS),
    "palette": Setting("standard", str, choices=PALETTES),
    "persist_asked": Setting(False, bool),  # persistent storage was requested once (after the first best)
    # The games whose first-visit "how to play" line was shown (comma-separated ids): it shows once.
    "intros_seen": Setting("", str),
}


_GAME_SETTINGS: dict[str, Setting] = {}


def _register_kinds(settings: Mapping[str, Setting]) -> None:
    """Give each setting its own record kind: any scalar is kept, and only the values it accepts are used.

    A value it does not accept (`palette = "high_contrast"` from a newer version) is left untouched,
    read as the default here, exported byte for byte and carried by an import as another version's.
    """
    for name, spec in settings.items():
        register_kind(f"setting:{name}", setting_schema, PRIORITY_RECORD, max_chars=1_024, max_depth=0,
                      exported=True, understands=spec.accepts)


def register(game_settings: Mapping[str, Setting]) -> None:
    """Add a registered game's own settings (called by `app.core.registry.register`)."""
    _GAME_SETTINGS.update(game_settings)
    _register_kinds(game_settings)


_register_kinds(SETTINGS)


def known_settings() -> dict[str, Setting]:
    """Return the site's settings and every registered game's, by name."""
    return {**SETTINGS, **_GAME_SETTINGS}


class Settings:
    """Typed settings over a Storage; unknown names raise KeyError."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    @staticmethod
    def key(name: str) -> str:
        """Return the storage key of a setting (the namespace is added by Storage)."""
        return f"setting:{name}"

    @staticmethod
    def _spec(name: str) -> Setting:
        try:
            return known_settings()[name]
        except KeyError:
            raise KeyError(f"unknown setting {name!r}") from None

    def get(self, name: str) -> Any:
        """Return the stored value of a setting, or its default when unset or not one it accepts (kept as it is)."""
        spec = self._spec(name)
        stored = self.storage.get(self.key(name))
        # An absent key reads as None; for a nullable setting that is also the default.
        if stored is None or not spec.accepts(stored):
            return spec.default
        return stored

    def set(self, name: str, value: Any) -> bool:
        """Store a setting (None resets a nullable one); raise ValueError for a bad value."""
        spec = self._spec(name)
        if not spec.accepts(value):
            raise ValueError(f"setting {name!r} does not accept {value!r}")
        if value is None:
            return self.storage.remove(self.key(name))
        return self.storage.set(self.key(name), value)

    def all(self) -> dict[str, Any]:
        """Return every setting's current value."""
        return {name: self.get(name) for name in known_settings()}
