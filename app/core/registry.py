"""Finding a registered game's parts by its id: backend, strings, settings.

The list itself is `app.games.GAMES`; the parts are found by convention
(`app.games.<id>` and `app.games.<id>.strings`), so nothing shared names a game.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from app.games import GAMES


def is_game(game_id: str) -> bool:
    """Return whether `game_id` names a registered game."""
    return game_id in GAMES


def backend(game_id: str) -> ModuleType:
    """Return a registered game's backend module; KeyError for an unknown id."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}")
    return importlib.import_module(f"app.games.{game_id}")


def strings(game_id: str) -> ModuleType:
    """Return a registered game's string catalogue module (with `EN` and `JA`)."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}")
    return importlib.import_module(f"app.games.{game_id}.strings")


def settings(game_id: str) -> Mapping[str, Any]:
    """Return the settings a game declares (`SETTINGS` in its backend, name -> Setting), or none."""
    return getattr(backend(game_id), "SETTINGS", {})
