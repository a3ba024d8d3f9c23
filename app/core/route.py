"""The page's address: which screen the URL hash names.

`#` or nothing is the home screen, `#<game>` a new game of that game's default
preset, `#<game>/<game id>` exactly that puzzle. Parsing is pure so the rules
are tested without a browser; app/web/shell.py only reads and writes the hash.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from urllib.parse import unquote


@dataclass(frozen=True)
class Route:
    """A parsed hash: `game` is None for home; `game_id` is None for a new game."""

    game: str | None = None
    game_id: str | None = None
    problem: str | None = None  # a catalogue key when the hash could not be followed as written


def parse_hash(fragment: str, games: Collection[str]) -> Route:
    """Turn `location.hash` into a Route; unknown games fall back to home with a problem noted."""
    text = unquote(fragment or "").lstrip("#").strip()
    if not text:
        return Route()
    name, _, rest = text.partition("/")
    if name not in games:
        return Route(problem="unknown_game")
    rest = rest.strip().strip("/")
    return Route(game=name, game_id=rest or None)


def format_hash(game: str | None, game_id: str | None = None) -> str:
    """Return the hash (with '#') for a screen: home, a game, or one exact puzzle."""
    if game is None:
        return "#"
    return f"#{game}/{game_id}" if game_id else f"#{game}"
