"""The statistics chart's geometry (app.web.chart): scales, ticks, marks, the par line, no data."""

from __future__ import annotations

import pytest

from app.core.stats import Result, summarize_results
from app.web import chart


def recent(*results: Result):  # noqa: ANN201 - a tuple of Recent
    return summarize_results(results).recent


def test_a_scale_maps_the_domain_onto_the_range_both_ways() -> None:
    y = chart.Scale(0, 100, 130, 10)  # a y axis: 0 at the bottom
    assert y(0) == 130 and y(100) == 10 and y(50) == 70
    assert y(150) == -50, "values beyond the domain extend the line"
    assert chart.Scale(5, 5, 0, 10)(5) == 5, "an empty domain maps to the middle, never divides by zero"


@pytest.mark.parametrize("span, clock, step", [
    (10, False, 5), (7, False, 2), (0.3, False, 0.1), (400, False, 100), (90, True, 30),
    (200, True, 60), (3, True, 1), (20_000, True, 7200), (0, False, 1), (float("nan"), False, 1)])
def test_tick_steps_are_round_numbers_or_clock_steps(span: float, clock: bool, step: float) -> None:
    assert chart.nice_step(span, 4, clock=clock) == pytest.approx(step)


def test_ticks_cover_the_values_from_a_round_start_to_a_round_end() -> None:
    assert chart.ticks(0, 93, clock=True) == [0, 30, 60, 90, 120]
    assert chart.ticks(-3, 7, whole=True) == [-5, 0, 5, 10]
    assert chart.ticks(0, 0.5, whole=True) == [0, 1], "moves tick in whole numbers"
    single = chart.ticks(4, 4)
    assert single[0] == 4 and single[-1] == 5 and len(single) >= 2, "a single value still gets an axis"
    assert chart.ticks(9, 1) == chart.ticks(1, 9), "the order of the bounds does not matter"


def test_every_game_gets_one_mark_oldest_left_with_its_kind() -> None:
    games = recent(Result(1, 30.0, 12), Result(-1, 10.0, 4), Result(1, 60.0, 20, hints=2), Result(1, 45.0, 15))
    figure = chart.time_chart(games)
    assert [mark.number for mark in figure.marks] == [1, 3, 4], "a loss's time is not on the scale"
    assert [mark.kind for mark in figure.marks] == [chart.CLEAN, chart.ASSISTED, chart.CLEAN]
    (loss,) = figure.apart
    assert loss.number == 2 and loss.kind == chart.LOST and loss.y < figure.top, "a loss sits in a lane above"
    xs = [mark.x for mark in (figure.marks[0], loss, *figure.marks[1:])]
    assert xs == sorted(xs) and figure.left < xs[0] and xs[-1] < figure.right
    assert xs[1] - xs[0] == pytest.approx(figure.band()) == pytest.approx((figure.right - figure.left) / 4)
    by_value = {mark.value: mark.y for mark in figure.marks}
    assert by_value[60.0] < by_value[45.0] < by_value[30.0], "longer times sit higher"
    assert figure.points().count(",") == 3, "the trend joins wins only"
    no_loss = chart.time_chart(recent(Result(1, 30.0, 12), Result(-1, 0.0, 1)))
    assert all(mark.value != 0.0 for mark in no_loss.marks), "a loss is never plotted as 0:00"
    assert figure.ticks[0].value == 0 and figure.ticks[0].y == figure.bottom
    assert figure.ticks[-1].value >= 60 and figure.ticks[-1].y == figure.top
    assert all(figure.top <= mark.y <= figure.bottom for mark in figure.marks)
    assert figure.zero is None, "the time chart has no par line"


def test_one_game_sits_in_the_middle_of_the_axis() -> None:
    figure = chart.time_chart(recent(Result(1, 42.0, 9)))
    assert figure.marks[0].x == pytest.approx((figure.left + figure.right) / 2)


def test_the_par_chart_draws_the_zero_line_and_places_gaps_around_it() -> None:
    games = recent(Result(1, 30.0, 7, par=7), Result(1, 30.0, 12, par=7), Result(-1, 5.0, 2, par=7))
    figure = chart.par_chart(games)
    assert figure is not None and figure.zero is not None
    gaps = {mark.value: mark.y for mark in figure.marks}
    assert set(gaps) == {0, 5, -5}
    assert gaps[0] == pytest.approx(figure.zero), "on par is on the line"
    assert gaps[5] < figure.zero < gaps[-5], "over par above the line, under it below"
    assert figure.ticks[0].value <= -5 and figure.ticks[-1].value >= 5
    assert all(float(tick.value).is_integer() for tick in figure.ticks)


def test_games_without_par_have_no_par_chart_or_no_par_mark() -> None:
    assert chart.par_chart(recent(Result(1, 30.0, 7), Result(-1, 3.0, 1))) is None
    mixed = recent(Result(1, 30.0, 7, par=5), Result(1, 20.0, 6))
    figure = chart.par_chart(mixed)
    assert figure is not None and figure.games == 2
    assert [mark.number for mark in figure.marks] == [1], "a game whose par is unknown keeps its place, unmarked"


def test_no_data_gives_an_empty_chart_with_an_axis() -> None:
    figure = chart.time_chart(())
    assert figure.marks == () and figure.points() == "" and figure.games == 0
    assert len(figure.ticks) >= 2 and figure.ticks[0].y == figure.bottom
    assert chart.par_chart(()) is None


def test_a_loss_is_a_cross_and_labels_thin_out_on_long_axes() -> None:
    assert chart.cross(10, 20, 2) == "M8,18L12,22M8,22L12,18"
    assert chart.coordinate(3.14159) == "3.14" and chart.coordinate(-0.001) == "0" and chart.coordinate(7.0) == "7"
    assert chart.label_every(8) == 1 and chart.label_every(30) == 5 and chart.label_every(100) == 10
