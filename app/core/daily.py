"""The daily puzzle: one board per game per UTC day, the same for everyone, offline, without a server.

The board comes from the game's own generator fed by a seed made of the game and the
date (`daily_seed`), so the daily costs exactly one normal `generate`. The preset is the
game's `GameSpec.daily_preset` if it names one, else its first (default) preset. A game
may also fill `GameSpec.daily_state(params, rng) -> State` to shape its daily further (e.g.
Minesweeper opening a fixed first cell so that everyone meets the same layout).

`#<game>/daily` opens today's (`app.core.route` reads it: `Route.screen == DAILY`).

Which dailies a player has cleared is kept per game under "daily:<game>" (a record kind
registered here: version 1, exported, merged on import) as UTC day numbers, from which
the streaks are counted: a streak runs through consecutive days and is still alive
today if yesterday was cleared. `result_card` writes the text to share: no spoilers.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from app.core import registry
from app.core.records import PRIORITY_RECORD, RecordError, Salvaged, register_kind
from app.core.rng import Rng
from app.core.route import DAILY, format_hash
from app.core.stats import par_of
from app.core.storage import Storage
from app.core.strings import records_ui, translate

if TYPE_CHECKING:
    from app.core.game import GameSpec
    from app.core.session import Session

SEED_VERSION = 2  # part of every daily seed: changing how dailies are made changes this, and so every board
# (2: the board's size and difficulty rise through the week, see GameSpec.daily_week)

# Monday easy to Sunday hard: each game names its preset per UTC weekday (GameSpec.daily_week);
# a game that names none climbs its own presets, from its daily preset to its last.
LEVELS = ("easy", "easy", "medium", "medium", "medium", "hard", "hard")  # what home calls each weekday's daily
EPOCH = dt.date(1970, 1, 1)
MAX_DAY = 200_000  # day numbers past this (year 2517) are edited data
MAX_DAYS_KEPT = 400  # cleared days kept per game: over a year of done marks and streaks
PREFIX = "daily:"


# ----- days -------------------------------------------------------------------------------------


def utc_day(timestamp: float) -> dt.date:
    """Return the UTC date of a Unix timestamp (the page passes `time.time()`)."""
    return dt.datetime.fromtimestamp(timestamp, tz=dt.UTC).date()


def day_number(day: dt.date) -> int:
    """Return the days since 1970-01-01 (the stored form of a date)."""
    return (day - EPOCH).days


def day_of(number: int) -> dt.date:
    """Return the date of a day number."""
    return EPOCH + dt.timedelta(days=number)


# ----- the board ----------------------------------------------------------------------------------


def daily_seed(game: str, day: dt.date) -> str:
    """Return the seed of a game's daily board on a date."""
    return f"daily:{SEED_VERSION}:{game}:{day.isoformat()}"


def daily_preset_on(game: str, day: dt.date) -> str:
    """Return the name of the preset a game's daily is played on that UTC date (harder as the week goes on)."""
    spec = registry.backend(game)
    week = spec.daily_week
    if week is not None and len(week) == 7 and all(name in spec.presets for name in week):
        return week[day.weekday()]
    names = list(spec.presets)
    first = names.index(spec.daily_preset) if spec.daily_preset in names else 0
    ladder = names[first:]
    return ladder[min(len(ladder) - 1, day.weekday() * len(ladder) // 7)]


def daily_level(day: dt.date) -> str:
    """Return the difficulty word's key of a date's dailies: "daily_level_easy", "…_medium" or "…_hard"."""
    return f"daily_level_{LEVELS[day.weekday()]}"


def daily_params(game: str, day: dt.date | None = None) -> Any:
    """Return the params of a game's daily on a date (see `daily_preset_on`); without a date, its daily
    preset (else its first preset): Monday's board."""
    spec = registry.backend(game)
    if day is not None:
        return spec.presets[daily_preset_on(game, day)]
    name = spec.daily_preset
    return spec.presets[name] if name is not None and name in spec.presets else next(iter(spec.presets.values()))


def daily_state(game: str, day: dt.date) -> Any:
    """Return the daily board of a game on a date: the same on every run, every device, every Python."""
    spec = registry.backend(game)
    params = daily_params(game, day)
    rng = Rng(daily_seed(game, day))
    return spec.daily_state(params, rng) if spec.daily_state is not None else spec.generate(params, rng)


def daily_id(game: str, day: dt.date) -> str:
    """Return the game ID of a game's daily board on a date (what a shared daily link opens)."""
    return registry.backend(game).encode(daily_state(game, day))


def daily_hash(game: str, day: dt.date | None = None) -> str:
    """Return the hash (with '#') that opens a game's daily: today's, or one day's board (`#<game>/daily/<date>`)."""
    return format_hash(game, day.isoformat() if day is not None else None, screen=DAILY)


def parse_day(text: str, today: dt.date) -> dt.date | None:
    """Return the date a daily link names (YYYY-MM-DD), or None when it names none or a day after `today`.

    A day to come is refused: its board is not out yet anywhere, so a link to it is a typo or a spoiler.
    """
    try:
        day = dt.date.fromisoformat(text.strip())
    except ValueError:
        return None
    if len(text.strip()) != 10 or day > today or day_number(day) < 0:
        return None
    return day


# ----- streaks ------------------------------------------------------------------------------------


def streak_at(days: Iterable[int], today: int) -> int:
    """Return the consecutive cleared days ending today, or yesterday if today is not cleared yet."""
    cleared = set(days)
    end = today if today in cleared else today - 1
    count = 0
    while end - count in cleared:
        count += 1
    return count


def longest_streak(days: Iterable[int]) -> int:
    """Return the longest run of consecutive days."""
    best = run = 0
    previous = None
    for day in sorted(set(days)):
        run = run + 1 if previous is not None and day == previous + 1 else 1
        best = max(best, run)
        previous = day
    return best


def daily_schema(value: Any) -> Any:
    """Accept {"days": [day numbers], "best": longest streak}; unbelievable days are dropped."""
    if not isinstance(value, dict):
        raise RecordError("wrong_type")
    days, best = value.get("days", []), value.get("best", 0)
    if not isinstance(days, list) or type(best) is not int or not 0 <= best <= MAX_DAY:
        raise RecordError("wrong_type")
    kept = sorted({day for day in days if type(day) is int and 0 <= day <= MAX_DAY})[-MAX_DAYS_KEPT:]
    clean = {"days": kept, "best": max(best, longest_streak(kept))}
    if kept != days or set(value) - {"days", "best"} or clean["best"] != best:
        return Salvaged(clean, "bad_field")
    return clean


def merge_daily(stored: Any, imported: Any) -> dict[str, Any]:
    """Keep every cleared day of both sides (the latest MAX_DAYS_KEPT) and the longer best streak."""
    if not isinstance(stored, dict):
        return dict(imported)
    days = sorted(set(stored.get("days", [])) | set(imported.get("days", [])))[-MAX_DAYS_KEPT:]
    best = max(stored.get("best", 0), imported.get("best", 0), longest_streak(days))
    return {"days": days, "best": best}


KIND = register_kind(PREFIX, daily_schema, PRIORITY_RECORD, 1, max_chars=8_192, max_depth=2, exported=True,
                     per_game=True,
                     merge=merge_daily)


class DailyLog:
    """Which dailies were cleared, and the streaks, kept in a Storage."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    @staticmethod
    def key(game: str) -> str:
        """Return the storage key of a game's dailies (the namespace is added by Storage)."""
        return f"{PREFIX}{game}"

    def _get(self, game: str) -> dict[str, Any]:
        stored = self.storage.get(self.key(game), kind=KIND)
        return stored if isinstance(stored, dict) else {"days": [], "best": 0}

    def days(self, game: str) -> list[int]:
        """Return the cleared day numbers of a game, oldest first."""
        return list(self._get(game)["days"])

    def is_done(self, game: str, day: dt.date) -> bool:
        """Return whether a game's daily of that date was cleared."""
        return day_number(day) in self._get(game)["days"]

    def mark_done(self, game: str, day: dt.date) -> int:
        """Record a cleared daily (call at the win; again is harmless) and return the game's streak."""
        record = self._get(game)
        number = day_number(day)
        if number not in record["days"]:
            days = sorted([*record["days"], number])[-MAX_DAYS_KEPT:]
            self.storage.set(self.key(game), {"days": days, "best": max(record["best"], longest_streak(days))})
        return self.streak(game, day)

    def streak(self, game: str, today: dt.date) -> int:
        """Return a game's current daily streak."""
        return streak_at(self._get(game)["days"], day_number(today))

    def best_streak(self, game: str) -> int:
        """Return a game's longest daily streak."""
        return int(self._get(game)["best"])

    def overall_streak(self, today: dt.date, games: Iterable[str] | None = None) -> int:
        """Return the days in a row, up to today, on which at least one daily was cleared (home's streak)."""
        days: set[int] = set()
        for game in games if games is not None else registry.games():
            days.update(self._get(game)["days"])
        return streak_at(days, day_number(today))

    def done_today(self, today: dt.date, games: Iterable[str] | None = None) -> dict[str, bool]:
        """Return {game: cleared today} for home's done marks."""
        return {game: self.is_done(game, today) for game in (games if games is not None else registry.games())}


# ----- the card to share --------------------------------------------------------------------------


def format_time(seconds: float) -> str:
    """Return a time as m:ss (h:mm:ss from an hour), rounded down to the second."""
    total = max(int(seconds), 0)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _t(lang: str, key: str, **params: Any) -> str:
    """Translate, reading records_ui's own tables while it is not yet registered with the catalogue."""
    text = translate(lang, key, **params)
    if text == key and key in records_ui.EN:
        table = records_ui.JA if lang == "ja" else records_ui.EN
        text = table[key].format(**params)
    return text


def result_card(lang: str, game: str, day: dt.date, *, won: bool, moves: int, time: float, hints: int = 0,
                par: int | None = None, url: str | None = None) -> str:
    """Return the plain-text card of a daily result in `lang`: game, date, outcome, moves vs par, time, hints.

    No spoilers: nothing of the board or the moves. `url` (the page's address of the
    daily, e.g. with `daily_hash`) is added as a last line when given. The strings are
    "daily_card_*" in app.core.strings.records_ui (registered with the catalogue).
    """
    lines = [_t(lang, "daily_card_title", site=translate(lang, "site_title"),
                       game=translate(lang, registry.backend(game).name_key), date=day.isoformat())]
    lines.append(_t(lang, "daily_card_won" if won else "daily_card_lost"))
    if par is None:
        lines.append(_t(lang, "daily_card_moves", moves=moves))
    else:
        gap = moves - par
        kind = "over" if gap > 0 else "under" if gap < 0 else "even"
        lines.append(_t(lang, "daily_card_moves_par", moves=moves, par=par,
                        gap=_t(lang, f"daily_card_gap_{kind}", n=abs(gap))))
    lines.append(_t(lang, "daily_card_time", time=format_time(time)))
    lines.append(_t(lang, "daily_card_hints", hints=hints) if hints else _t(lang, "daily_card_no_hints"))
    if url:
        lines.append(url)
    return "\n".join(lines)


def card_fields(spec: GameSpec[Any, Any, Any], session: Session[Any, Any]) -> Mapping[str, Any]:
    """Return result_card's keyword values for a finished session (par of `session.log_start`, if the game has one)."""
    return {"won": session.status == 1, "moves": session.moves, "time": session.elapsed,
            "hints": session.hints_used, "par": par_of(spec, session.log_start)}
