"""The games Masume offers, in menu order: the one list a new game is added to.

Importing this module registers each game's descriptor (`SPEC`, an
`app.core.game.GameSpec`) with `app.core.registry`, which adds its strings and
settings to core's. It sits above core and the games, so core never imports a
game; the page (`app.web.boot`) and the tests import it first.
"""

from __future__ import annotations

from typing import Any

from app.core import registry
from app.core.game import GameSpec
from app.games import crosslight, mines, mirrors, pipes

GAMES: tuple[GameSpec[Any, Any, Any], ...] = (crosslight.SPEC, mines.SPEC, pipes.SPEC, mirrors.SPEC)

for _spec in GAMES:
    if not registry.is_game(_spec.id):  # importing twice (a reload in tests) registers nothing new
        registry.register(_spec)
