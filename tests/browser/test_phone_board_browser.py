"""A phone's player sees the board as a game opens: its first row shows without scrolling, on every game.

Sizes are browser viewports of small phones (a 390×844 iPhone's Safari leaves 390×664; a 360-wide
Android, 360×640). The site header may scroll out of view; the game's title stays at the top.
"""

from __future__ import annotations

import pytest

from app.core import registry
from tests.browser.conftest import go

pytestmark = pytest.mark.browser

GAMES = registry.games()  # every registered game (tests/conftest.py imports app.catalogue)
FIRST_ROW = """() => {
    const cells = [...document.querySelectorAll('.board-grid [data-row="0"]')].map(c => c.getBoundingClientRect());
    const bar = document.querySelector('.play-bar').getBoundingClientRect();
    const title = document.querySelector('.game-title').getBoundingClientRect();
    return {top: Math.min(...cells.map(r => r.top)), bottom: Math.max(...cells.map(r => r.bottom)),
            barBottom: bar.bottom, barTop: bar.top, titleTop: title.top, height: innerHeight};
}"""


@pytest.fixture(scope="module")
def phone(open_page):  # noqa: ANN001, ANN201
    """One touch phone's page for the module; each test gives it its own window size."""
    return open_page("#", viewport={"width": 390, "height": 664}, has_touch=True, is_mobile=True)


@pytest.mark.parametrize("size", [{"width": 390, "height": 664}, {"width": 360, "height": 640}],
                         ids=["390x664", "360x640"])
def test_every_game_opens_with_its_first_row_in_view_on_a_phone(phone, size: dict) -> None:  # noqa: ANN001
    page = phone
    page.set_viewport_size(size)
    for game in GAMES:
        for where in (f"#{game}", f"#{game}/daily"):
            go(page, "#")
            go(page, where)
            page.wait_for_selector(".board-grid button.cell")
            seen = page.evaluate(FIRST_ROW)
            assert seen["bottom"] <= seen["height"], f"{where}: the first row ends below the screen: {seen}"
            assert seen["top"] >= seen["barBottom"], f"{where}: the play bar covers the first row: {seen}"
            assert seen["titleTop"] >= 0, f"{where}: the game's title was scrolled away: {seen}"
