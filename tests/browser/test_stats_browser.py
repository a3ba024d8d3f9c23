"""The statistics screen (#<game>/stats): figures, the chart and its table, board kinds, languages, damage.

One page is booted for the module with statistics written into localStorage before
the page's scripts run, in the stored form `app.core.stats` writes.
"""

from __future__ import annotations

import json

import pytest

from app.core.record_kinds import KINDS
from app.core.stats import Result, Stats
from app.core.storage import MemoryBacking, Storage
from tests.browser.conftest import go


def stored_statistics() -> dict[str, str]:
    """localStorage items made by the real statistics core: two Cross Light boards and a Minesweeper one."""
    backing = MemoryBacking()
    stats = Stats(Storage(backing, kinds=KINDS))
    for result in (Result(1, 30.5, 7, par=7), Result(1, 50.0, 9, par=7), Result(1, 70.0, 12, hints=2, par=7),
                   Result(1, 40.0, 8, par=7), Result(1, 45.0, 7, par=7)):
        stats.note_started("crosslight", "5x5")
        stats.note_result("crosslight", "5x5", result)
    stats.note_started("crosslight", "5x5")  # one game left unfinished
    for result in (Result(1, 70.0, 14, par=10), Result(1, 90.0, 11, par=10)):
        stats.note_result("crosslight", "6x6", result)
    for result in (Result(1, 20.0, 30, measures={"bbbv": 25}), Result(-1, 4.0, 3),
                   Result(1, 40.0, 40, measures={"bbbv": 30})):
        stats.note_result("mines", "9x9n10", result)
    items = dict(backing.data)
    # A damaged record (a count that is no count) beside them: it is set aside, the rest shows.
    items["masume:stats:crosslight:7x7"] = json.dumps({"started": "many", "won": -1, "recent": []})
    return items


ITEMS = stored_statistics()
SEED = ("if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        + "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in ITEMS.items()) + "}")


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    """One booted page for the module, opened on Cross Light's statistics."""
    return open_page("#crosslight/stats", init_script=SEED)


def figure(page, key: str) -> str:  # noqa: ANN001
    return page.locator(f'.stats-figure[data-key="{key}"] dd').inner_text()


def test_the_figures_chart_and_table_of_the_first_board_with_records(page) -> None:  # noqa: ANN001
    assert page.locator("h1#stats-title").inner_text() == "Cross Light statistics"
    assert page.locator("#stats-board").input_value() == "5x5"
    assert figure(page, "stats_started") == "6"
    assert figure(page, "stats_won") == "5"
    assert figure(page, "stats_win_rate") == "100%"
    assert figure(page, "stats_assisted_wins") == "1"
    assert figure(page, "stats_time_median") == "0:42", "median of the clean wins 30.5, 40, 45, 50"
    assert figure(page, "stats_time_best") == "0:30"
    assert figure(page, "stats_par_gap_best") == "0"
    assert figure(page, "stats_par_gap_median") == "+0.5"
    assert page.locator(".stats-note").inner_text().startswith("Times and moves count only wins")

    time_chart = page.locator("svg.stats-chart-time")
    assert time_chart.get_attribute("role") == "img"
    assert time_chart.get_attribute("aria-label").startswith("Times of the last 5 games")
    kinds = time_chart.locator(".chart-mark").evaluate_all("(marks) => marks.map(m => m.dataset.kind)")
    assert kinds == ["clean", "clean", "assisted", "clean", "clean"]
    assert time_chart.locator("circle.chart-mark-assisted").count() == 1, "a win with help is a hollow circle"
    par_chart = page.locator("svg.stats-chart-par")
    assert par_chart.locator(".chart-mark").count() == 5 and par_chart.locator(".chart-par").count() == 1

    table = page.locator(".stats-table")
    assert not table.is_visible(), "the table waits behind its disclosure"
    page.locator(".stats-table-box summary").focus()
    page.keyboard.press("Enter")
    assert table.is_visible(), "the table opens from the keyboard"
    assert table.locator("caption").inner_text() == "The last 5 games, oldest first"
    assert table.locator("thead th[scope=col]").all_inner_texts() == [
        "Game", "Result", "Time", "Moves", "Over par", "Hints"]
    rows = table.locator("tbody tr")
    assert rows.count() == 5
    assert rows.evaluate_all("(rows) => rows.map(r => r.dataset.kind)") == kinds
    assert rows.nth(2).locator("th, td").all_inner_texts() == ["3", "Won, with help", "1:10", "12", "+5", "2"]

    links = page.locator(".stats-links a")
    assert links.evaluate_all("(links) => links.map(a => a.getAttribute('href'))") == ["#crosslight", "#"]
    assert page.locator("#notice").inner_text().startswith("Some saved data was damaged"), \
        "the damaged record was set aside and said once"
    assert page.evaluate("() => localStorage.getItem('masume:quarantine:stats:crosslight:7x7')") is not None


def test_switching_the_board_kind_and_the_language(page) -> None:  # noqa: ANN001
    page.locator("#stats-board").select_option("6x6")
    assert figure(page, "stats_won") == "2"
    assert figure(page, "stats_time_median") == "1:20"
    assert page.locator("svg.stats-chart-time .chart-mark").count() == 2
    assert page.locator(".stats-table tbody tr").count() == 2
    assert page.locator(".stats-table").is_visible(), "the table opened before stays open"

    page.locator("#lang-select").select_option("ja")
    assert page.locator("h1#stats-title").inner_text() == "クロスライトの成績"
    assert page.locator("#stats-board").input_value() == "6x6", "the chosen board stays across a language switch"
    assert page.locator('.stats-figure[data-key="stats_time_median"] dt').inner_text() == "時間の中央値"
    assert figure(page, "stats_time_median") == "1:20"
    assert page.locator("svg.stats-chart-time").get_attribute("aria-label").startswith("直近2回の時間")
    assert page.locator(".stats-table caption").inner_text() == "直近2回のゲーム（古い順）"
    assert page.title().startswith("クロスライトの成績 — ")
    page.locator("#lang-select").select_option("en")
    assert figure(page, "stats_won") == "2"


def test_minesweeper_rates_and_losses(page) -> None:  # noqa: ANN001
    go(page, "#mines/stats")
    assert page.evaluate("() => document.activeElement.id") == "stats-title", "the heading gets focus"
    assert page.locator("#stats-board").input_value() == "9x9n10"
    assert figure(page, "stats_lost") == "1"
    assert figure(page, "stats_win_rate") == "67%"
    assert figure(page, "mines_stats_bbbv_s_best") == "1.25"
    assert figure(page, "mines_stats_efficiency_median") == "0.79"
    chart = page.locator("svg.stats-chart-time")
    assert chart.locator("path.chart-mark-lost").count() == 1, "a loss is a cross, not only a colour"
    assert chart.locator(".chart-mark").count() == page.locator(".stats-table tbody tr").count() == 3
    assert page.locator("svg.stats-chart-par").count() == 0, "Minesweeper has no par"
    assert page.locator(".stats-table thead th").all_text_contents() == ["Game", "Result", "Time", "Moves", "Hints"]


def test_a_game_never_played_says_so_without_a_chart(page) -> None:  # noqa: ANN001
    go(page, "#pipes/stats")
    assert page.locator(".stats-none").inner_text() == "No games finished on this board yet."
    assert page.locator("svg.stats-chart, .stats-table, .stats-figures").count() == 0
    assert page.locator("#stats-board option").count() >= 2, "every preset can still be chosen"
    assert page.locator("h1#stats-title").inner_text() == "Pipe Link statistics"


def test_the_table_fits_a_phone(page) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        go(page, "#crosslight/stats")
        page.locator(".stats-table-box summary").click()
        page.locator(".stats-table").wait_for(state="visible")
        width = page.evaluate("() => document.querySelector('.stats-table').getBoundingClientRect().right")
        assert width <= 360, f"the table reaches {width} px on a 360 px screen"
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360, "nothing scrolls sideways"
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
