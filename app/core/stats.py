"""Statistics per game and preset: what a player did, counted honestly.

One record per game and preset under "stats:<game>:<preset key>" (the preset key is
`format_params`, as for bests), a record kind of `app.core.records` registered here:
version 2, exported, merged on import. It holds running counts (started, won, lost,
streaks, hints) that never shrink, the all-time bests, and the last `RECENT_KEPT`
finished games, from which the medians, the last-10 averages and the chart are drawn.

A game may keep figures of its own (`GameSpec.extra_figures`, Minesweeper's 3BV/s and
efficiency): each win keeps what the game measured of its board under the game's own
names ({"bbbv": 42}), and the bests of its figures are kept under their own names in
"own_highest" (higher is better) or "own_lowest". Core names no game's figure. Version 1
records (the first release's, which knew Minesweeper's 3BV itself) are read by `migrate`.

Rules (the page and the tests rely on them):
- a game counts as *started* at its first move (`note_started`), and as *won* or *lost*
  when `note_result` is called with its result, once per game; *abandoned* = started − finished;
- a win with hints or checks (or, in Minesweeper, after undoing a loss) is a win: it
  counts in won, win rate and streaks, and is marked `assisted` in the recent list;
- times, moves, par gaps and a game's own figures (best, median, last-10 average) come from
  clean wins only (no hints, checks or deaths), like bests;
- a loss ends the current streak; the best streak stays.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from app.core import registry
from app.core.record_store import RecordStore
from app.core.records import (
    MAX_COUNT,
    MAX_HINTS,
    MAX_SECONDS,
    PRIORITY_RECORD,
    RecordError,
    Salvaged,
    is_field_name,
    is_number,
    register_kind,
)
from app.core.storage import Storage

if TYPE_CHECKING:
    from app.core.game import ExtraFigure, GameSpec
    from app.core.session import Session

PREFIX = "stats:"
VERSION = 2  # 2: a game's own measures and figures under its own names (1 held Minesweeper's 3BV as core's)
RECENT_KEPT = 100  # finished games kept for medians and the chart
AVERAGE_OF = 10  # "last-10 average"
MAX_CHARS = 24_576  # a hundred recent games with a few measures of the game's own each
MAX_OWN = 8  # the most measures, and the most figures' bests, a record keeps of a game's own

COUNTS = ("started", "won", "lost", "streak", "best_streak", "hints", "assisted")
BESTS = ("best_time", "best_moves", "best_par_gap")  # lower is better
OWN_BESTS = ("own_highest", "own_lowest")  # a game's own figures' bests, by name: where higher, or lower, is better


@dataclass(frozen=True)
class Result:
    """One finished game: outcome +1 won / -1 lost, seconds, moves, and what helped.

    `par` is the start's par where the game has one (the par gap is moves − par);
    `hints` counts hints and checks; `deaths` counts undone losses (Minesweeper);
    `measures` is what the game measured of a won board, by its own names (Minesweeper: its 3BV).
    """

    outcome: int
    time: float
    moves: int
    hints: int = 0
    par: int | None = None
    deaths: int = 0
    measures: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.outcome not in (1, -1):
            raise ValueError("a result is a win (+1) or a loss (-1)")
        if not is_number(self.time) or self.time < 0:
            raise ValueError(f"a result's time must be a finite number >= 0, not {self.time!r}")
        for name in ("moves", "hints", "deaths"):
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise ValueError(f"a result's {name} must be a whole number >= 0, not {value!r}")
        if self.par is not None and (type(self.par) is not int or self.par < 0):
            raise ValueError(f"a result's par must be a whole number >= 0 or None, not {self.par!r}")
        if not _is_measures(self.measures):
            raise ValueError(f"a result's measures must be up to {MAX_OWN} named whole numbers, not {self.measures!r}")

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
    measures: Mapping[str, int]  # what the game measured of a won board, by its own names
    assisted: bool

    @property
    def won(self) -> bool:
        """Whether the game was won."""
        return self.outcome == 1

    def figure(self, extra: ExtraFigure) -> float | None:
        """One of the game's own figures for this game (a win's, from its measures), else None."""
        if not self.won:
            return None
        try:
            value = extra.value(self.time, self.moves, self.measures)
        except (KeyError, ValueError, TypeError, ZeroDivisionError):  # a measure this win did not keep
            return None
        return float(value) if value is not None and is_number(value) else None

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
    """Return the Result of a finished session: its time, moves since the last restart, hints, deaths, par and
    the game's own measures.

    The par is that of the state the moves were counted from (`session.log_start`); the
    measures are the game's `extra_figures.measure(state)` of a won board (Minesweeper: its 3BV).
    """
    if session.status == 0:
        raise ValueError("the game is not finished")
    measures: dict[str, int] = {}
    extra = spec.extra_figures
    if extra is not None and session.status == 1:
        try:
            measures = {str(name): int(value) for name, value in extra.measure(session.state).items()}
        except (ValueError, TypeError):
            measures = {}
        if not _is_measures(measures):
            measures = {}  # (a game measuring more than a record keeps: its result is kept without them)
    elapsed = session.elapsed
    return Result(1 if session.status > 0 else -1, min(max(float(elapsed), 0.0), float(MAX_SECONDS)),
                  session.moves, session.hints_used, par_of(spec, session.log_start), session.deaths, measures)


def own_figures(game: str) -> tuple[ExtraFigure, ...]:
    """The figures of a registered game's own (`GameSpec.extra_figures`); none for a game it does not know."""
    extra = registry.backend(game).extra_figures if registry.is_game(game) else None
    return extra.figures if extra is not None else ()


def preset_key(spec: GameSpec[Any, Any, Any], state: object) -> str:
    """Return the key statistics of a state's game are kept under (its params' text, as for bests)."""
    return str(spec.format_params(spec.params_of(state)))


# ----- the stored record --------------------------------------------------------------------


def empty_record() -> dict[str, Any]:
    """Return the record of a game and preset never played."""
    return {**dict.fromkeys(COUNTS, 0), "recent": []}


def _count(value: Any, limit: int = MAX_COUNT) -> bool:
    return type(value) is int and 0 <= value <= limit


def _is_measures(value: Any) -> bool:
    """Whether a game's own measures are believable: at most MAX_OWN names, each a whole number."""
    return (isinstance(value, Mapping) and len(value) <= MAX_OWN
            and all(is_field_name(name) and _count(count) for name, count in value.items()))


def _is_item(item: Any) -> bool:
    """Whether a stored recent entry [outcome, time, moves, par_gap, hints, measures, deaths] is believable."""
    if not isinstance(item, list) or len(item) != 7:
        return False
    outcome, time, moves, gap, hints, measures, deaths = item
    return (outcome in (1, -1) and type(outcome) is int and is_number(time) and 0 <= time <= MAX_SECONDS
            and _count(moves) and (gap is None or (type(gap) is int and abs(gap) <= MAX_COUNT))
            and _count(hints, MAX_HINTS) and isinstance(measures, dict) and _is_measures(measures)
            and _count(deaths))


def _is_best(name: str, value: Any) -> bool:
    if name == "best_par_gap":
        return type(value) is int and abs(value) <= MAX_COUNT
    if name == "best_moves":
        return _count(value)
    return is_number(value) and 0 <= value <= MAX_SECONDS


def _own_bests(value: Any) -> dict[str, float] | None:
    """The kept part of a record's own figures' bests (name -> a finite number), or None if none is believable."""
    if not isinstance(value, dict):
        return None
    kept = {name: best for name, best in value.items()
            if is_field_name(name) and is_number(best) and abs(best) <= MAX_COUNT}
    return kept if len(kept) <= MAX_OWN else None


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
    for name in OWN_BESTS:
        if name in value:
            own = _own_bests(value[name])
            if own is not None:
                clean[name] = own
            dropped = dropped or own is None or len(own) != len(value[name])
    recent = value.get("recent", [])
    if not isinstance(recent, list):
        raise RecordError("wrong_type")
    kept = [item for item in recent[-RECENT_KEPT:] if _is_item(item)]
    dropped = dropped or len(kept) != len(recent)
    clean["recent"] = kept
    unknown = set(value) - set(COUNTS) - set(BESTS) - set(OWN_BESTS) - {"recent"}
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
            merged[name] = min(values)
    for name, better in (("own_highest", max), ("own_lowest", min)):
        own: dict[str, float] = {}
        for side in (stored, imported):
            for figure, value in side.get(name, {}).items():
                own[figure] = better(own[figure], value) if figure in own else value
        if own:
            merged[name] = own
    merged["recent"] = list(later.get("recent", []))
    return merged


# The first release's names for Minesweeper's figures, read into version 2 by `migrate` (the game keeps them).
_V1_MEASURE = "bbbv"
_V1_FIGURES = ("bbbv_s", "efficiency")  # both higher is better


def migrate(value: Any, version: int) -> Any:
    """Read a version 1 record into version 2: its 3BV (each recent game's, and the two rates' bests) becomes
    a game's own measure and figures under the same names; nothing else changes. Never drops a record."""
    if version != 1 or not isinstance(value, dict):
        return value  # (the schema judges what is not a record)
    record = {name: entry for name, entry in value.items() if name not in [f"best_{f}" for f in _V1_FIGURES]}
    highest = {figure: value[f"best_{figure}"] for figure in _V1_FIGURES if f"best_{figure}" in value}
    if highest:
        record["own_highest"] = highest
    recent = value.get("recent")
    if isinstance(recent, list):
        record["recent"] = [
            [*item[:5], {} if item[5] is None else {_V1_MEASURE: item[5]}, item[6]]
            if isinstance(item, list) and len(item) == 7 else item for item in recent]
    return record


KIND = register_kind(PREFIX, stats_schema, PRIORITY_RECORD, VERSION, migrate, max_chars=MAX_CHARS, max_depth=4,
                     exported=True, merge=merge_stats, per_game=True)


def add_start(record: dict[str, Any]) -> dict[str, Any]:
    """Return the record with one more game started."""
    updated = {**record, "recent": list(record.get("recent", []))}
    updated["started"] = min(updated.get("started", 0) + 1, MAX_COUNT)
    return updated


def add_result(record: dict[str, Any], result: Result, figures: tuple[ExtraFigure, ...] = ()) -> dict[str, Any]:
    """Return the record with one finished game added (pure: the argument is not changed).

    `figures` are the game's own (`own_figures`): a clean win may better their bests.
    """
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
    measures = {name: min(count, MAX_COUNT) for name, count in result.measures.items()}
    if won and result.assisted:
        updated["assisted"] = min(updated["assisted"] + 1, MAX_COUNT)
    item = [result.outcome, time, moves, gap, min(result.hints, MAX_HINTS), measures, min(result.deaths, MAX_COUNT)]
    updated["recent"] = [*updated["recent"], item][-RECENT_KEPT:]
    recent = _recent(item)
    if recent.clean:
        for name, value in {"best_time": time, "best_moves": moves, "best_par_gap": gap}.items():
            if value is not None and _is_best(name, value) and (name not in updated or value < updated[name]):
                updated[name] = value
        for extra in figures:
            value = recent.figure(extra)
            if value is None or abs(value) > MAX_COUNT:
                continue
            name = "own_highest" if extra.higher_is_better else "own_lowest"
            own = dict(updated.get(name, {}))
            kept = own.get(extra.name)
            if kept is None or (value > kept if extra.higher_is_better else value < kept):
                own[extra.name] = value
                updated[name] = own
    return updated


def _recent(item: list[Any]) -> Recent:
    outcome, time, moves, gap, hints, measures, deaths = item
    return Recent(outcome, float(time), moves, gap, hints, dict(measures), hints > 0 or deaths > 0)


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
    recent: tuple[Recent, ...]  # oldest first, at most RECENT_KEPT
    own: tuple[tuple[ExtraFigure, Figure], ...] = ()  # the game's own figures, in its order

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

        Figures give three rows each ("<key>_best", "<key>_median", "<key>_last10"; a game's own
        figure "<its words>_best" …); rows whose value is None (no par, no clean win yet) are left out.
        """
        rows: list[tuple[str, Any]] = [
            ("stats_started", self.started), ("stats_finished", self.finished), ("stats_won", self.won),
            ("stats_lost", self.lost), ("stats_win_rate", self.win_rate), ("stats_streak", self.streak),
            ("stats_best_streak", self.best_streak), ("stats_hints", self.hints),
            ("stats_assisted_wins", self.assisted_wins),
        ]
        named = [(f"stats_{name}", getattr(self, name)) for name in ("time", "moves", "par_gap")]
        for words, figure in [*named, *((extra.words, figure) for extra, figure in self.own)]:
            rows += [(f"{words}_best", figure.best), (f"{words}_median", figure.median),
                     (f"{words}_last10", figure.last10)]
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


def summarize(record: dict[str, Any] | None, figures: tuple[ExtraFigure, ...] = ()) -> Summary:
    """Return the figures of a stored (or empty) record; `figures` are the game's own (`own_figures`)."""
    record = record if isinstance(record, dict) else empty_record()
    recent = tuple(_recent(item) for item in record.get("recent", []))
    clean = [item for item in recent if item.clean]

    def values(name: str) -> list[float]:
        return _finite(getattr(item, name) for item in clean)

    won, lost = record.get("won", 0), record.get("lost", 0)
    return Summary(
        started=max(record.get("started", 0), won + lost), won=won, lost=lost,
        streak=record.get("streak", 0), best_streak=record.get("best_streak", 0),
        hints=record.get("hints", 0), assisted_wins=record.get("assisted", 0),
        time=_figure(values("time"), record.get("best_time")),
        moves=_figure(values("moves"), record.get("best_moves")),
        par_gap=_figure(values("par_gap"), record.get("best_par_gap")),
        recent=recent,
        own=tuple((extra, _figure(_finite(item.figure(extra) for item in clean),
                                  record.get("own_highest" if extra.higher_is_better else "own_lowest", {})
                                  .get(extra.name)))
                  for extra in figures),
    )


def _finite(values: Iterable[float | None]) -> list[float]:
    return [value for value in values if value is not None and math.isfinite(value)]


def summarize_results(results: Iterable[Result], figures: tuple[ExtraFigure, ...] = ()) -> Summary:
    """Return the summary of finished games in order (each also started): for tests and previews."""
    record = empty_record()
    for result in results:
        record = add_result(add_start(record), result, figures)
    return summarize(record, figures)


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
        figures = own_figures(game)
        record = add_result(self.get(game, preset_key), result, figures)
        self.set(game, preset_key, record)
        return summarize(record, figures)

    def summary(self, game: str, preset_key: str) -> Summary:
        """Return the summary of one game and preset (with the game's own figures)."""
        return summarize(self.get(game, preset_key), own_figures(game))

    def preset_keys(self, game: str) -> list[str]:
        """Return the preset keys of a game that have statistics, sorted."""
        return self.names(game)

    def per_board(self, game: str) -> list[tuple[str, Summary]]:
        """Return (board kind, summary) for every board kind of a game with games started, in key order."""
        return [(key, summary) for key in self.preset_keys(game)
                if (summary := self.summary(game, key)).started > 0]


@dataclass(frozen=True)
class GameTotals:
    """One game's statistics over every board kind: what the statistics screen sums up first."""

    started: int
    won: int
    lost: int
    boards: int  # board kinds played

    @property
    def win_rate(self) -> float | None:
        """Won / finished, from 0 to 1; None before the first finished game."""
        finished = self.won + self.lost
        return self.won / finished if finished else None


def game_totals(per_board: Iterable[tuple[str, Summary]]) -> GameTotals:
    """Sum the summaries of a game's board kinds (`Stats.per_board`)."""
    started = won = lost = boards = 0
    for _key, summary in per_board:
        started, won, lost, boards = started + summary.started, won + summary.won, lost + summary.lost, boards + 1
    return GameTotals(started, won, lost, boards)
