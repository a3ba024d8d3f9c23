"""The page's address: which screen the URL hash names.

`#` or nothing is the home screen, `#<game>` the game in progress (kept across
leaving it), else a new game of that game's default preset, `#<game>/new` a new
game (asked first when one is in progress), `#<game>/<game id>` exactly that
puzzle, `#<game>/daily` today's daily puzzle (`#<game>/daily/<YYYY-MM-DD>` one
day's), `#<game>/stats` the game's statistics, `#<game>/<game id>/replay/<moves>`
a replay and `#<game>/edit` (or `#<game>/edit/<stage text>`) a game's editor.
Parsing is pure so the rules are tested without a browser; app/web/shell.py only
reads and writes the hash.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from urllib.parse import unquote

PLAY, DAILY, STATS, REPLAY, EDIT, NEW = "play", "daily", "stats", "replay", "edit", "new"  # the screens a hash names
# The longest hash followed: a game ID and a replay's moves at their own caps, with room for the rest.
# A longer one is refused before it is even unquoted: reading it could block the page for a long time.
# (A number, not the sum of gameid.MAX_ID_CHARS and replay.MAX_LINK_CHARS: importing those would load
# numpy before home; tests/unit/test_route.py checks it stays above them.)
MAX_HASH_CHARS = 26_200


@dataclass(frozen=True)
class Route:
    """A parsed hash: `game` is None for home; `game_id` is None for a new game.

    `screen` says what to show of the game: PLAY (a puzzle), NEW (a new board, asked first over a game
    in progress), DAILY (a day's: `game_id` is its date as written, None for today's), STATS, EDIT
    (the game's editor; `game_id` is then the stage being built, if any), or REPLAY (then
    `game_id` is the whole "<game id>/replay/<moves>" part, read by `app.core.replay`, which
    refuses what is malformed with a message of its own).
    """

    game: str | None = None
    game_id: str | None = None
    problem: str | None = None  # a catalogue key when the hash could not be followed as written
    screen: str = PLAY


def parse_hash(fragment: str | None, games: Collection[str]) -> Route:
    """Turn `location.hash` into a Route; unknown games and over-long links fall back to home with a problem noted.

    None stands for a hash longer than MAX_HASH_CHARS that the page did not read (its length is
    checked in JavaScript, so a huge link never makes the trip into Python).
    """
    if fragment is None or len(fragment) > MAX_HASH_CHARS:
        return Route(problem="link_too_long")
    text = unquote(fragment or "").lstrip("#").strip()
    if not text:
        return Route()
    name, _, rest = text.partition("/")
    if name not in games:
        return Route(problem="unknown_game")
    rest = rest.strip().strip("/")
    if rest.lower() in (DAILY, STATS, NEW):
        return Route(game=name, screen=rest.lower())
    head, _, tail = rest.partition("/")
    if head.lower() == DAILY and "/" not in tail.strip():  # one day's daily: the date is read by the screen
        return Route(game=name, game_id=tail.strip() or None, screen=DAILY)
    if head.lower() == EDIT:  # the editor, maybe with the stage being built
        return Route(game=name, game_id=tail.strip() or None, screen=EDIT)
    if rest.endswith(f"/{REPLAY}") or f"/{REPLAY}/" in rest:
        return Route(game=name, game_id=rest, screen=REPLAY)
    return Route(game=name, game_id=rest or None)


def format_hash(game: str | None, game_id: str | None = None, screen: str = PLAY) -> str:
    """Return the hash (with '#') for a screen: home, a game, one exact puzzle, a new one, a daily or the statistics."""
    if game is None:
        return "#"
    if screen == DAILY and game_id:
        return f"#{game}/{DAILY}/{game_id}"
    if screen in (DAILY, STATS, NEW):
        return f"#{game}/{screen}"
    if screen == EDIT:
        return f"#{game}/{EDIT}/{game_id}" if game_id else f"#{game}/{EDIT}"
    return f"#{game}/{game_id}" if game_id else f"#{game}"
