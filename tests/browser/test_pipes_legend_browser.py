"""Pipe Link's legend: water, a dry pipe, a loop tile, a lock, the source (Net) or the entrance and exit (Path),
each drawn by the board's own painter beside its words, in EN and JA; the drawings follow the palette setting;
axe finds nothing; on a 360×640 phone it is one closed line under the board."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from app.core.rng import Rng
from app.games import pipes
from tests.browser.conftest import go, viewport
from tests.browser.test_a11y_browser import AXE, assert_clean
from tests.browser.test_a11y_round3_more_browser import set_palette

pytestmark = pytest.mark.browser

# app/web/views/pipes.py COLOURS["water"] and OKABE_ITO["water"] (the views import the browser's `js`).
WATER = {"standard": (0xF5, 0xB8, 0x2E), "okabe_ito": (0x56, 0xB4, 0xE9)}
NET = "#pipes/" + pipes.encode(pipes.generate(pipes.PRESETS["net_5x5"], Rng("legend-net")))
PATH = "#pipes/" + pipes.encode(pipes.generate(pipes.PRESETS["path_4x4"], Rng("legend-path")))


def key_pixels(page, piece: str, colour: tuple[int, int, int]) -> int:  # noqa: ANN001
    """How many pixels of `colour` the legend's drawing of `piece` holds."""
    return page.evaluate("""([piece, colour]) => {
        const c = document.querySelector(`#pipes-legend [data-piece="${piece}"] canvas`);
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) {
            if ([0, 1, 2].every(k => Math.abs(d[i + k] - colour[k]) <= 30)) n++;
        }
        return n;
    }""", [piece, list(colour)])


@pytest.fixture(scope="module")
def page(browser, base_url, request_log):  # noqa: ANN001, ANN201
    """One booted Pipe Link page, in a context where axe's script may be added despite the CSP."""
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `make vendor`")
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True, locale="en-US")
    page = context.new_page()
    request_log.watch(page)
    page.goto(base_url + PATH)
    page.wait_for_selector("html[data-ready='true']")
    yield page
    context.close()


def test_the_legend_explains_each_mark_of_the_mode_in_play(page) -> None:  # noqa: ANN001
    go(page, PATH)
    legend = page.locator("#pipes-legend")
    assert legend.get_attribute("open") is not None, "open beside the board on a wide screen"
    text = legend.inner_text()
    for words in ("What the marks mean", "dark channel", "Dry pipe", "turning arrow", "padlock", "Entrance", "Exit"):
        assert words in text, words
    assert "Source" not in text, "Path mode has no source"
    assert all(canvas.get_attribute("aria-hidden") == "true" for canvas in legend.locator("canvas").all())
    go(page, NET)
    text = legend.inner_text()
    assert "Source" in text and "Entrance" not in text and "Exit" not in text
    assert_clean(page, "on Pipe Link with its legend open")


def test_the_legends_drawings_follow_the_palette(page) -> None:  # noqa: ANN001
    go(page, NET)
    assert key_pixels(page, "water", WATER["standard"]) > 20
    assert key_pixels(page, "water", WATER["okabe_ito"]) == 0
    set_palette(page, "okabe_ito")
    try:
        page.wait_for_function("() => document.documentElement.dataset.palette === 'okabe_ito'")
        assert key_pixels(page, "water", WATER["okabe_ito"]) > 20, "repainted in the colour-blind palette"
        assert key_pixels(page, "water", WATER["standard"]) == 0
        assert key_pixels(page, "dry", WATER["okabe_ito"]) == 0, "a dry pipe has no water"
    finally:
        set_palette(page, "standard")


def test_the_legend_reads_in_japanese(page) -> None:  # noqa: ANN001
    go(page, NET)
    page.select_option("#lang-select", "ja")
    try:
        legend = page.locator("#pipes-legend")
        expect(legend.locator("summary")).to_have_text("印の意味")
        text = legend.inner_text()
        assert "暗い溝" in text and "回転の矢印" in text and "水源" in text
    finally:
        page.select_option("#lang-select", "en")


def test_on_a_phone_the_legend_is_one_closed_line_under_the_board(page) -> None:  # noqa: ANN001
    with viewport(page, 360, 640):
        go(page, "#")
        go(page, PATH)
        legend_on_a_phone(page)


def legend_on_a_phone(page) -> None:  # noqa: ANN001
    legend = page.locator("#pipes-legend")
    assert legend.get_attribute("open") is None
    board = page.locator(".board-canvas").bounding_box()
    box = legend.bounding_box()
    assert board is not None and box is not None
    assert box["y"] >= board["y"] + board["height"], "the legend does not push the board down"
