"""The game's view and editor screen, found from its spec: `GameSpec.view` and `GameSpec.editor` name them.

Which games exist is `app.core.registry.games()`; a view's module is imported only when its
game is first shown, and named as "module:Class" so that the spec (pure, under app/games)
never imports the page's code.
"""

from __future__ import annotations

import importlib
from typing import Any

from app.core import registry
from app.web.views.base import GameView


def named(reference: str) -> Any:
    """Return what a "package.module:Name" reference names, importing its module."""
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


def view_class(game_id: str) -> type[GameView]:
    """Return a registered game's view class; KeyError for an unknown game or one that names no view."""
    reference = registry.backend(game_id).view
    if reference is None:
        raise KeyError(f"game {game_id!r} names no view")
    view: type[GameView] = named(reference)
    return view


def editor_class(game_id: str) -> Any:
    """Return a registered game's editor screen class (`GameSpec.editor`), or None."""
    if not registry.is_game(game_id):
        return None
    reference = registry.backend(game_id).editor
    return named(reference) if reference is not None else None
