"""Statistics per game and preset: what a player did, counted honestly.

One record per game and preset under "stats:<game>:<preset key>" (the preset key is
`format_params`, as for bests), a record kind of `app.core.records` registered here:
version 1, exported, merged on import. It holds running counts (started, won, lost,
streaks, hints) that never shrink, the all-time bests, and the last `RECENT_KEPT`
finished games, from which the medians, the last-10 averages and the chart are drawn.

Rules (the page and the tests rely on them):
- a game counts as *started* at its first move (`note_started`), and as *won* or *lost*
  when `note_result` is called with its result, once per game; *abandoned* = started − finished;
- a win with hints or checks (or, in Minesweeper, after undoing a loss) is a win: it
  counts in won, win rate and streaks, and is marked `assisted` in the recent list;
- times, moves, par gaps, 3BV/s and efficiency (best, median, last-10 average) come from
  clean wins only (no hints, checks or deaths), like bests;
- a loss ends the current streak; the best streak stays;
- Minesweeper's wins carry their 3BV: 3BV/s = 3BV / time, efficiency = 3BV / clicks
  (every counted move: opens, chords and flags).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from app.core.record_store import RecordStore
from app.core.records import (
    MAX_COUNT,
    MAX_HINTS,
    MAX_SECONDS,
    PRIORITY_RECORD,
    RecordError,
    Salvaged,
    is_number,
    register_kind,
)
from app.core.storage import Storage

if TYPE_CHECKING:
    from app.core.game import GameSpec
    from app.core.session import Session

PREFIX = "stats:"
VERSION = 1
RECENT_KEPT = 100  # finished games kept for medians and the chart
AVERAGE_OF = 10  # "last-10 average"
MAX_CHARS = 16_384

COUNTS = ("started", "won", "lost", "streak", "best_streak", "hints", "assisted")
# Bests: lower is better, except the Minesweeper rates.
LOWER_BESTS = ("best_time", "best_moves", "best_par_gap")
HIGHER_BESTS = ("best_bbbv_s", "best_efficiency")
BESTS = LOWER_BESTS + HIGHER_BESTS
MAX_RATE = 1_000.0  # 3BV/s and efficiency beyond this are edited data


@dataclass(frozen=True)
class Result:
    """One finished game: outcome +1 won / -1 lost, seconds, moves, and what helped.

    `par` is the start's par where the game has one (the par gap is moves − par);
    `hints` counts hints and checks; `deaths` counts undone losses (Minesweeper);
    `bbbv` is the board's 3BV for Minesweeper wins, else None.
    """

    outcome: int
    time: float
    moves: int
    hints: int = 0
    par: int | None = None
    deaths: int = 0
    bbbv: int | None = None

    def __post_init__(self) -> None:
        if self.outcome not in (1, -1):
            raise ValueError("a result is a win (+1) or a loss (-1)")
        if not is_number(self.time) or self.time < 0:
            raise ValueError(f"a result's time must be a finite number >= 0, not {self.time!r}")
        for name in ("moves", "hints", "deaths"):
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise ValueError(f"a result's {name} must be a whole number >= 0, not {value!r}")
        for name in ("par", "bbbv"):
            value = getattr(self, name)
            if value is not None and (type(value) is not int or value < 0):
                raise ValueError(f"a result's {name} must be a whole number >= 0 or None, not {value!r}")

    @property
    def assisted(self) -> bool:
        """Whether hints, checks or undone losses helped."""
        return self.hints > 0 or self.deaths > 0


@dataclass(frozen=True)
class Recent:
    """One of the recent finished games, as the chart and its table show it."""

    outcome: int
    time: float
    moves: int
    par_gap: int | None
    hints: int
    bbbv: int | None
    assisted: bool

    @property
    def won(self) -> bool:
        """Whether the game was won."""
        return self.outcome == 1

    @property
    def bbbv_s(self) -> float | None:
        """3BV per second for a won Minesweeper game, else None."""
        return self.bbbv / self.time if self.won and self.bbbv is not None and self.time > 0 else None

    @property
    def efficiency(self) -> float | None:
        """3BV divided by clicks for a won Minesweeper game, else None."""
        return self.bbbv / self.moves if self.won and self.bbbv is not None and self.moves > 0 else None

    @property
    def clean(self) -> bool:
        """Whether this is a win without help (the games whose times and moves count)."""
        return self.won and not self.assisted


def par_of(spec: GameSpec[Any, Any, Any], start: object) -> int | None:
    """Return the game's par for a start state (`par(state)` where the game has an exact one), else None.

    A par that is an estimate (`par_exact` False) is no yardstick: no moves over par are kept.
    """
    hook = spec.par
    if hook is None or not spec.par_exact:
        return None
    try:
        return int(hook(start))
    except (ValueError, TypeError):  # an unsolvable or too tangled board: no par rather than no record
        return None


def result_of(spec: GameSpec[Any, Any, Any], session: Session[Any, Any]) -> Result:
    """Return the Result of a finished session: its time, moves since the last restart, hints, deaths, par, 3BV.

    The par is that of the state the moves were counted from (`session.log_start`); the
    3BV is the game's `bbbv(state)` for a won game that has one (Minesweeper).
    """
    if session.status == 0:
        raise ValueError("the game is not finished")
    bbbv = None
    hook = spec.bbbv
    if hook is not None and session.status == 1:
        try:
            bbbv = int(hook(session.state))
        except (ValueError, TypeError):
            bbbv = None
    elapsed = session.elapsed
    return Result(1 if session.status > 0 else -1, min(max(float(elapsed), 0.0), float(MAX_SECONDS)),
                  session.moves, session.hints_used, par_of(spec, session.log_start), session.deaths, bbbv)


def preset_key(spec: GameSpec[Any, Any, Any], state: object) -> str:
    """Return the key statistics of a state's game are kept under (its params' text, as for bests)."""
    return str(spec.format_params(spec.params_of(state)))


# ----- the stored record --------------------------------------------------------------------


def empty_record() -> dict[str, Any]:
    """Return the record of a game and preset never played."""
    return {**dict.fromkeys(COUNTS, 0), "recent": []}


def _count(value: Any, limit: int = MAX_COUNT) -> bool:
    return type(value) is int and 0 <= value <= limit


def _optional_count(value: Any) -> bool:
    return value is None or _count(value)


def _is_item(item: Any) -> bool:
    """Whether a stored recent entry [outcome, time, moves, par_gap, hints, bbbv, deaths] is believable."""
    if not isinstance(item, list) or len(item) != 7:
        return False
    outcome, time, moves, gap, hints, bbbv, deaths = item
    return (outcome in (1, -1) and type(outcome) is int and is_number(time) and 0 <= time <= MAX_SECONDS
            and _count(moves) and (gap is None or (type(gap) is int and abs(gap) <= MAX_COUNT))
            and _count(hints, MAX_HINTS) and _optional_count(bbbv) and _count(deaths))


def _is_best(name: str, value: Any) -> bool:
    if name == "best_par_gap":
        return type(value) is int and abs(value) <= MAX_COUNT
    if name == "best_moves":
        return _count(value)
    limit = MAX_SECONDS if name == "best_time" else MAX_RATE
    return is_number(value) and 0 <= value <= limit


def stats_schema(value: Any) -> Any:
    """Accept a statistics record; drop what is unbelievable (bad recent entries, bad bests) and say so."""
    if not isinstance(value, dict):
        raise RecordError("wrong_type")
    clean: dict[str, Any] = {}
    for name in COUNTS:
        count = value.get(name, 0)
        if not _count(count):
            raise RecordError("out_of_range")  # counts are the record: without them nothing is left
        clean[name] = count
    dropped = False
    for name in BESTS:
        if name in value:
            if _is_best(name, value[name]):
                clean[name] = value[name]
            else:
                dropped = True
    recent = value.get("recent", [])
    if not isinstance(recent, list):
        raise RecordError("wrong_type")
    kept = [item for item in recent[-RECENT_KEPT:] if _is_item(item)]
    dropped = dropped or len(kept) != len(recent)
    clean["recent"] = kept
    unknown = set(value) - set(COUNTS) - set(BESTS) - {"recent"}
    if dropped or unknown:
        return Salvaged(clean, "bad_field")
    return clean


def merge_stats(stored: Any, imported: Any) -> dict[str, Any]:
    """Merge an imported record into the stored one without double counting or losing a best.

    The same history may be imported twice (an old export of this very device), so counts
    take the larger side, not the sum; bests take the better side; the current streak and
    the recent games come from the side with more finished games (the later history).
    """
    if not isinstance(stored, dict):
        return dict(imported)

    def finished(record: dict[str, Any]) -> int:
        return int(record.get("won", 0)) + int(record.get("lost", 0))

    later = imported if finished(imported) > finished(stored) else stored
    merged: dict[str, Any] = {name: max(stored.get(name, 0), imported.get(name, 0)) for name in COUNTS}
    merged["streak"] = later.get("streak", 0)
    for name in BESTS:
        values = [side[name] for side in (stored, imported) if name in side]
        if values:
            merged[name] = min(values) if name in LOWER_BESTS else max(values)
    merged["recent"] = list(later.get("recent", []))
    return merged


KIND = register_kind(PREFIX, stats_schema, PRIORITY_RECORD, VERSION, max_chars=MAX_CHARS, max_depth=3,
                     exported=True, merge=merge_stats, per_game=True)


def add_start(record: dict[str, Any]) -> dict[str, Any]:
    """Return the record with one more game started."""
    updated = {**record, "recent": list(record.get("recent", []))}
    updated["started"] = min(updated.get("started", 0) + 1, MAX_COUNT)
    return updated


def _better(name: str, old: Any, new: float) -> bool:
    if old is None:
        return True
    return bool(new < old if name in LOWER_BESTS else new > old)


def add_result(record: dict[str, Any], result: Result) -> dict[str, Any]:
    """Return the record with one finished game added (pure: the argument is not changed)."""
    updated = {**record, "recent": list(record.get("recent", []))}
    won = result.outcome == 1
    for name in COUNTS:
        updated.setdefault(name, 0)
    updated["won" if won else "lost"] = min(updated["won" if won else "lost"] + 1, MAX_COUNT)
    finished = updated["won"] + updated["lost"]
    updated["started"] = max(updated["started"], finished)  # a game recorded without a start still started
    updated["streak"] = min(updated["streak"] + 1, MAX_COUNT) if won else 0
    updated["best_streak"] = max(updated["best_streak"], updated["streak"])
    updated["hints"] = min(updated["hints"] + result.hints, MAX_COUNT)
    time = round(min(float(result.time), MAX_SECONDS), 2)
    moves = min(result.moves, MAX_COUNT)
    gap = None if result.par is None else max(-MAX_COUNT, min(moves - result.par, MAX_COUNT))
    bbbv = None if result.bbbv is None else min(result.bbbv, MAX_COUNT)
    if won and result.assisted:
        updated["assisted"] = min(updated["assisted"] + 1, MAX_COUNT)
    item = [result.outcome, time, moves, gap, min(result.hints, MAX_HINTS), bbbv, min(result.deaths, MAX_COUNT)]
    updated["recent"] = [*updated["recent"], item][-RECENT_KEPT:]
    recent = _recent(item)
    if recent.clean:
        candidates = {"best_time": time, "best_moves": moves, "best_par_gap": gap,
                      "best_bbbv_s": recent.bbbv_s, "best_efficiency": recent.efficiency}
        for name, value in candidates.items():
            if value is not None and _is_best(name, value) and _better(name, updated.get(name), value):
                updated[name] = value
    return updated


def _recent(item: list[Any]) -> Recent:
    outcome, time, moves, gap, hints, bbbv, deaths = item
    return Recent(outcome, float(time), moves, gap, hints, bbbv, hints > 0 or deaths > 0)


# ----- what the statistics screen shows -----------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """Best, median and last-10 average of one measure over clean wins (None where there are none)."""

    best: float | None
    median: float | None
    last10: float | None


@dataclass(frozen=True)
class Summary:
    """Everything the statistics screen shows for one game and preset."""

    started: int
    won: int
    lost: int
    streak: int
    best_streak: int
    hints: int  # hints and checks used in finished games
    assisted_wins: int  # wins with hints, checks or undone losses
    time: Figure
    moves: Figure
    par_gap: Figure  # moves − par; None figures for games without par
    bbbv_s: Figure  # Minesweeper
    efficiency: Figure  # Minesweeper
    recent: tuple[Recent, ...]  # oldest first, at most RECENT_KEPT

    @property
    def finished(self) -> int:
        """Games won or lost."""
        return self.won + self.lost

    @property
    def abandoned(self) -> int:
        """Games started but neither won nor lost."""
        return max(self.started - self.finished, 0)

    @property
    def win_rate(self) -> float | None:
        """Won / finished, from 0 to 1; None before the first finished game."""
        return self.won / self.finished if self.finished else None

    def rows(self) -> list[tuple[str, Any]]:
        """Return (catalogue key, value) pairs in display order: the table form of the screen.

        Figures give three rows each ("<key>_best", "<key>_median", "<key>_last10"); rows
        whose value is None (no par, not Minesweeper, no clean win yet) are left out.
        """
        rows: list[tuple[str, Any]] = [
            ("stats_started", self.started), ("stats_finished", self.finished), ("stats_won", self.won),
            ("stats_lost", self.lost), ("stats_win_rate", self.win_rate), ("stats_streak", self.streak),
            ("stats_best_streak", self.best_streak), ("stats_hints", self.hints),
            ("stats_assisted_wins", self.assisted_wins),
        ]
        for name in ("time", "moves", "par_gap", "bbbv_s", "efficiency"):
            figure: Figure = getattr(self, name)
            rows += [(f"stats_{name}_best", figure.best), (f"stats_{name}_median", figure.median),
                     (f"stats_{name}_last10", figure.last10)]
        return [(key, value) for key, value in rows if value is not None]


def median_of(values: list[float]) -> float:
    """Return the median of a non-empty list (written out: `statistics` costs the page ~0.1 s to import)."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return float(ordered[middle]) if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _figure(values: list[float], best: Any) -> Figure:
    if not values:
        return Figure(best, None, None)
    last = values[-AVERAGE_OF:]
    return Figure(best, median_of(values), sum(last) / len(last))


def summarize(record: dict[str, Any] | None) -> Summary:
    """Return the figures of a stored (or empty) record."""
    record = record if isinstance(record, dict) else empty_record()
    recent = tuple(_recent(item) for item in record.get("recent", []))
    clean = [item for item in recent if item.clean]

    def values(name: str) -> list[float]:
        found = [getattr(item, name) for item in clean]
        return [value for value in found if value is not None and math.isfinite(value)]

    won, lost = record.get("won", 0), record.get("lost", 0)
    return Summary(
        started=max(record.get("started", 0), won + lost), won=won, lost=lost,
        streak=record.get("streak", 0), best_streak=record.get("best_streak", 0),
        hints=record.get("hints", 0), assisted_wins=record.get("assisted", 0),
        time=_figure(values("time"), record.get("best_time")),
        moves=_figure(values("moves"), record.get("best_moves")),
        par_gap=_figure(values("par_gap"), record.get("best_par_gap")),
        bbbv_s=_figure(values("bbbv_s"), record.get("best_bbbv_s")),
        efficiency=_figure(values("efficiency"), record.get("best_efficiency")),
        recent=recent,
    )


def summarize_results(results: Iterable[Result]) -> Summary:
    """Return the summary of finished games in order (each also started): for tests and previews."""
    record = empty_record()
    for result in results:
        record = add_result(add_start(record), result)
    return summarize(record)


def _record_of(stored: Any) -> dict[str, Any]:
    return stored if isinstance(stored, dict) else empty_record()


class Stats(RecordStore[dict[str, Any]]):
    """Read and update statistics kept in a Storage: `get(game, preset_key)` is the stored record."""

    def __init__(self, storage: Storage) -> None:
        super().__init__(storage, KIND, _record_of)

    def note_started(self, game: str, preset_key: str) -> None:
        """Count a game as started (call at its first move)."""
        self.set(game, preset_key, add_start(self.get(game, preset_key)))

    def note_result(self, game: str, preset_key: str, result: Result) -> Summary:
        """Add one finished game and return the new summary."""
        record = add_result(self.get(game, preset_key), result)
        self.set(game, preset_key, record)
        return summarize(record)

    def summary(self, game: str, preset_key: str) -> Summary:
        """Return the summary of one game and preset."""
        return summarize(self.get(game, preset_key))

    def preset_keys(self, game: str) -> list[str]:
        """Return the preset keys of a game that have statistics, sorted."""
        return self.names(game)
