"""The games on offer, registered once at start-up by `app.catalogue`: core reads them here, imports none.

`register(spec)` adds a game's descriptor (`app.core.game.GameSpec`) with its strings
and settings; everything else asks by id. Menu order is registration order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.core import settings as settings_module
from app.core import strings as strings_module
from app.core.game import GameSpec

_SPECS: dict[str, GameSpec[Any, Any, Any]] = {}


def register(spec: GameSpec[Any, Any, Any]) -> None:
    """Offer a game: its descriptor, its strings and its settings (registering one id twice is an error)."""
    if spec.id in _SPECS:
        raise ValueError(f"game {spec.id!r} is registered twice")
    _SPECS[spec.id] = spec
    strings_module.register(spec.strings.en, spec.strings.ja, spec.strings.en_one)
    settings_module.register(spec.settings)


def games() -> tuple[str, ...]:
    """Return the registered games' ids in menu order."""
    return tuple(_SPECS)


def is_game(game_id: str) -> bool:
    """Return whether `game_id` names a registered game."""
    return game_id in _SPECS


def backend(game_id: str) -> GameSpec[Any, Any, Any]:
    """Return a registered game's descriptor (its rules and hooks); KeyError for an unknown id."""
    try:
        return _SPECS[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}") from None


def settings(game_id: str) -> Mapping[str, Any]:
    """Return the settings a game declares (name -> Setting), or none."""
    return backend(game_id).settings
