"""Stars: how well a win went against par, and the best stars kept per game and board.

A win rates 3 stars at par (or under it), 2 within par + 2, and 1 otherwise; a game in which
hints or checks were used rates at most 2, so 3 stars always mean "found it alone".

Stored one record per game and board under "stars:<game>:<name>" (a stage's or preset's params
key, as bests use), a record kind registered here: {"stars": 1..3}, exported, merged on import by
keeping the more stars, version 1 (stored bare; a later format adds a migration, see records.py).
"""

from __future__ import annotations

from typing import Any

from app.core.record_store import RecordStore
from app.core.records import PRIORITY_RECORD, RecordError, register_kind, require
from app.core.storage import Storage

MAX_STARS = 3
ASSISTED_CAP = 2  # hints and checks: at most this many
PAR_MARGIN = 2  # moves over par still worth 2 stars


def rate(moves: int, par: int, assisted: bool = False) -> int:
    """Return the stars a win earns: 3 at par, 2 within par + 2, else 1; at most 2 when assisted."""
    if isinstance(moves, bool) or isinstance(par, bool) or moves < 0 or par < 0:
        raise ValueError(f"moves and par must be counts, not {moves!r} and {par!r}")
    earned = MAX_STARS if moves <= par else 2 if moves <= par + PAR_MARGIN else 1
    return min(earned, ASSISTED_CAP) if assisted else earned


STAR_GLYPHS = "★☆"


def drawn_and_words(text: str) -> tuple[str, str]:
    """Split a value that starts with drawn stars ("★★☆ 2 of 3") into the stars and the words after them: the
    stars are for the eye, and a screen reader reads the words alone ("", text when no star starts it)."""
    drawn = text[:len(text) - len(text.lstrip(STAR_GLYPHS))]
    if not drawn:
        return "", text
    return drawn, text[len(drawn):].lstrip()


def star_schema(value: Any) -> Any:
    """Accept a star record: {"stars": 1..3}."""
    require(isinstance(value, dict) and set(value) == {"stars"}, "wrong_type")
    count = value["stars"]
    require(type(count) is int, "wrong_type")
    if not 1 <= count <= MAX_STARS:
        raise RecordError("out_of_range")
    return value


def merge_stars(stored: Any, imported: Any) -> dict[str, Any]:
    """Keep the more stars, so importing an old file never loses one."""
    if isinstance(stored, dict) and stored.get("stars", 0) >= imported["stars"]:
        return dict(stored)
    return dict(imported)


KIND = register_kind("stars:", star_schema, PRIORITY_RECORD, max_chars=256, max_depth=1, exported=True,
                     per_game=True, merge=merge_stars)


def _stars_of(stored: Any) -> int:
    return stored["stars"] if isinstance(stored, dict) else 0


class Stars(RecordStore[int]):
    """Read and update the best stars kept in a Storage: `get(game, name)` is 0..3 (0: none yet)."""

    def __init__(self, storage: Storage) -> None:
        super().__init__(storage, KIND, _stars_of)

    def set(self, game: str, name: str, record: int) -> bool:
        """Store a star count (1..3) for one board; return whether it reached the backing."""
        return self.storage.set(self.key(game, name), {"stars": record})

    def submit(self, game: str, name: str, earned: int) -> bool:
        """Keep `earned` stars if they beat the stored ones; return whether they beat an earlier rating.

        The first rating of a board is kept but is not "more than before" (there was no before),
        and a rating that could not be stored is not claimed either.
        """
        if type(earned) is not int or not 1 <= earned <= MAX_STARS:
            raise ValueError(f"stars are 1..{MAX_STARS}, not {earned!r}")
        before = self.get(game, name)
        if earned <= before:
            return False
        return self.set(game, name, earned) and before > 0
