"""One view per game, found by convention: `app/web/views/<game id>.py` defines `View`.

Which games exist is `app.core.registry.games()`; a view module is imported only when its
game is first shown.
"""

from __future__ import annotations

import importlib
import importlib.util

from app.core import registry
from app.web.views.base import GameView


def view_class(game_id: str) -> type[GameView]:
    """Return a registered game's view class; KeyError for an unknown game."""
    if not registry.is_game(game_id):
        raise KeyError(f"unknown game {game_id!r}")
    return importlib.import_module(f"app.web.views.{game_id}").View


def editor_class(game_id: str) -> type | None:
    """Return a registered game's editor screen (`app/web/views/<game id>_editor.py`'s `Editor`), or None."""
    if not registry.is_game(game_id) or importlib.util.find_spec(f"app.web.views.{game_id}_editor") is None:
        return None
    editor: type = importlib.import_module(f"app.web.views.{game_id}_editor").Editor
    return editor
