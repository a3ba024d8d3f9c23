"""Geometry of the statistics screen's small charts: scales, ticks and marks, as plain numbers.

Pure Python (no browser): `app.web.stats_screen` turns a `Chart` into inline SVG, and
the unit tests check the geometry here. A chart shows games in order, oldest on the
left, one mark per game in a band of equal width; the y axis starts at zero (or below
it, when a value is negative) and ends on a round tick above the largest value.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

WIDTH = 360.0  # the SVG's viewBox: it scales with the page, the text with it
HEIGHT = 150.0
LEFT, RIGHT, TOP, BOTTOM = 46.0, 10.0, 10.0, 22.0  # room for tick labels on the left and game numbers below
TICKS = 4  # about this many ticks on the y axis
MARK_RADIUS = 4.5
LOSS_LANE = 16.0  # the time chart's lane for losses, above the plot

CLEAN, ASSISTED, LOST = "clean", "assisted", "lost"  # the three kinds of mark

NUMBER_STEPS = (1.0, 2.0, 5.0)  # times a power of ten
CLOCK_STEPS = (1.0, 2.0, 5.0, 10.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0, 900.0, 1800.0, 3600.0)  # seconds


@dataclass(frozen=True)
class Scale:
    """A linear map from values [lo, hi] to pixels [start, end] (end may be above start, as on a y axis)."""

    lo: float
    hi: float
    start: float
    end: float

    def __call__(self, value: float) -> float:
        """Return the pixel position of a value (values outside the domain extend the line)."""
        span = self.hi - self.lo
        if span == 0:
            return (self.start + self.end) / 2
        return self.start + (value - self.lo) * (self.end - self.start) / span


def nice_step(span: float, count: int = TICKS, *, clock: bool = False) -> float:
    """Return a round tick step so that about `count` steps cover `span` (seconds on a clock: 15, 30, 60...)."""
    if not math.isfinite(span) or span <= 0:
        return 1.0
    raw = span / max(count, 1)
    if clock and raw <= CLOCK_STEPS[-1]:
        return next(step for step in CLOCK_STEPS if step >= raw)
    if clock:  # beyond an hour: whole hours
        return 3600.0 * nice_step(raw / 3600.0, 1)
    power = 10.0 ** math.floor(math.log10(raw))
    for step in NUMBER_STEPS:
        if step * power >= raw - 1e-12:
            return step * power
    return 10.0 * power


def ticks(lo: float, hi: float, count: int = TICKS, *, clock: bool = False, whole: bool = False) -> list[float]:
    """Return round tick values from a multiple of the step at or below lo to one at or above hi.

    `whole` keeps steps at 1 or more (moves are whole numbers); `clock` uses clock steps.
    """
    if not (math.isfinite(lo) and math.isfinite(hi)):
        lo, hi = 0.0, 1.0
    if hi < lo:
        lo, hi = hi, lo
    if hi == lo:
        hi = lo + 1.0
    step = nice_step(hi - lo, count, clock=clock)
    if whole:
        step = max(step, 1.0)
    first = math.floor(lo / step + 1e-9) * step
    last = math.ceil(hi / step - 1e-9) * step
    values = []
    value = first
    while value <= last + step * 1e-9:
        values.append(round(value, 9) + 0.0)  # + 0.0: no "-0.0"
        value += step
    return values


@dataclass(frozen=True)
class Tick:
    """One y-axis tick: its value and its pixel row."""

    value: float
    y: float


@dataclass(frozen=True)
class Mark:
    """One game on a chart: its number among the games shown (1 = oldest), position, kind and value."""

    number: int
    x: float
    y: float
    kind: str  # CLEAN, ASSISTED or LOST
    value: float


@dataclass(frozen=True)
class Chart:
    """A chart's geometry: the plot area, the y ticks, the marks and, for par, the zero line's row."""

    width: float
    height: float
    left: float
    top: float
    right: float
    bottom: float
    games: int  # how many games the x axis spans (marks may be fewer: games without a value)
    ticks: tuple[Tick, ...]
    marks: tuple[Mark, ...]
    zero: float | None = None  # the row of value 0 (the par line), where the chart draws one
    apart: tuple[Mark, ...] = ()  # games drawn in a lane of their own above the plot, off the scale (losses)

    def band(self) -> float:
        """Return the width of one game's band on the x axis."""
        return (self.right - self.left) / max(self.games, 1)

    def points(self) -> str:
        """Return the marks as an SVG polyline's points ("x,y x,y ..."), oldest first."""
        return " ".join(f"{_num(mark.x)},{_num(mark.y)}" for mark in self.marks)


def _num(value: float) -> str:
    """Return a coordinate as short SVG text (two decimals at most)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def coordinate(value: float) -> str:
    """Return a coordinate as it is written into SVG attributes."""
    return _num(value)


def kind_of(game: Any) -> str:
    """Return the mark kind of a recent game: CLEAN (won unaided), ASSISTED (won with help) or LOST."""
    if not game.won:
        return LOST
    return ASSISTED if game.assisted else CLEAN


def x_position(number: int, games: int, left: float = LEFT, right: float = WIDTH - RIGHT) -> float:
    """Return the x of game `number` (1-based) in the middle of its band among `games` equal bands."""
    band = (right - left) / max(games, 1)
    return left + (number - 0.5) * band


def build(games: Sequence[Any], value: Callable[[Any], float | None], *, clock: bool = False,
          whole: bool = False, zero_line: bool = False, width: float = WIDTH, height: float = HEIGHT,
          lane: float = 0.0) -> Chart:
    """Return the chart of `value(game)` for each game in order (games whose value is None get no mark).

    The y axis spans zero (always) to the largest value, rounded out to ticks; `zero_line`
    records the row of value 0 (the par line).
    """
    left, right, top, bottom = LEFT, width - RIGHT, TOP + lane, height - BOTTOM
    numbered = [(number, value(game), game) for number, game in enumerate(games, start=1)]
    present = [(number, float(v), game) for number, v, game in numbered if v is not None and math.isfinite(v)]
    values = [v for _, v, _ in present]
    lo = min([0.0, *values])
    hi = max([0.0, *values])
    if hi == lo:
        hi = lo + (60.0 if clock else 1.0)
    tick_values = ticks(lo, hi, clock=clock, whole=whole)
    scale = Scale(tick_values[0], tick_values[-1], bottom, top)
    marks = tuple(Mark(number, x_position(number, len(games), left, right), scale(v), kind_of(game), v)
                  for number, v, game in present)
    return Chart(width, height, left, top, right, bottom, len(games),
                 tuple(Tick(t, scale(t)) for t in tick_values), marks, scale(0.0) if zero_line else None)


def time_chart(games: Sequence[Any], *, width: float = WIDTH, height: float = HEIGHT) -> Chart:
    """Return the chart of time per game (seconds, clock ticks), oldest first; every game has a mark.

    A win's time is on the scale; a loss's time is not a result (a loss on the first
    click would read as the fastest game, 0:00), so a loss is a cross in a lane of its
    own above the plot, in its game's column, and the trend line joins wins only."""
    lane = LOSS_LANE if any(not game.won for game in games) else 0.0
    figure = build(games, lambda game: game.time if game.won else None, clock=True, width=width, height=height,
                   lane=lane)
    apart = tuple(Mark(number, x_position(number, len(games), figure.left, figure.right), TOP + lane / 2 - 2,
                       LOST, float(game.time))
                  for number, game in enumerate(games, start=1) if not game.won)
    return Chart(figure.width, figure.height, figure.left, figure.top, figure.right, figure.bottom, figure.games,
                 figure.ticks, figure.marks, figure.zero, apart)


def par_chart(games: Sequence[Any], *, width: float = WIDTH, height: float = HEIGHT) -> Chart | None:
    """Return the chart of moves over par per game with the par (zero) line; None when no game has a par."""
    if not any(game.par_gap is not None for game in games):
        return None
    return build(games, lambda game: game.par_gap, whole=True, zero_line=True, width=width, height=height)


def cross(x: float, y: float, r: float = MARK_RADIUS) -> str:
    """Return the SVG path data of an ✕ centred on (x, y): the mark of a lost game."""
    return (f"M{_num(x - r)},{_num(y - r)}L{_num(x + r)},{_num(y + r)}"
            f"M{_num(x - r)},{_num(y + r)}L{_num(x + r)},{_num(y - r)}")


def label_every(games: int, room: int = 12) -> int:
    """Return n so that labelling every n-th game number keeps at most about `room` labels under the axis."""
    if games <= room:
        return 1
    for step in (2, 5, 10, 20, 25, 50):
        if games / step <= room:
            return step
    return 100
