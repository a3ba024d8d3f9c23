"""Every text link looks the same on every screen (home, a game, its result, statistics, a replay), in both themes.

Before, the panel's links were the browser's default blue (unreadable on the dark theme), Home was grey and
plain, and statistics' "Play Cross Light" was body-coloured: three looks for one kind of thing.
"""

from __future__ import annotations

import pytest

from app.games import mirrors
from tests.browser.conftest import go, page_timers_run

pytestmark = pytest.mark.browser

# Widgets that happen to be links (the brand, home's game cards, Light Path's stage rows) are not text links.
TEXT_LINKS = """() => [...document.querySelectorAll('a:not(.brand):not(.game-card):not(.mirrors-stage)')]
    .filter(a => a.offsetParent !== null && a.textContent.trim())
    .map(a => { const s = getComputedStyle(a); const r = a.getBoundingClientRect();
                return [a.id || a.className || a.getAttribute('href'), s.color, s.textDecorationLine, s.fontWeight,
                        Math.round(r.height)]; })"""


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    """One page for the module; each test gives it its colour scheme."""
    return open_page("#")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_text_link_has_one_look_on_every_screen(page, scheme: str) -> None:  # noqa: ANN001
    page.emulate_media(color_scheme=scheme)
    seen = []
    for where in ("#", "#crosslight", "#crosslight/stats", "#mirrors/1-01"):
        go(page, where)
        page_timers_run(page, 100)
        seen += page.evaluate(TEXT_LINKS)
    # the result under a won board, then its replay
    state = mirrors.stage_state("1-01")
    (row, col), = [divmod(i, state.width) for i, code in enumerate(state.cells) if code == 2]
    page.locator(f'.board-grid button[data-row="{row}"][data-col="{col}"]').click()
    page.locator("#result-dialog").wait_for(state="visible")
    seen += page.evaluate(TEXT_LINKS)
    page.locator("#result-replay").click()
    page.wait_for_selector("#replay-play-this")
    seen += page.evaluate(TEXT_LINKS)
    names = {name for name, *_ in seen}
    assert {"back-home", "stats-link", "daily-link", "stats-to-game", "result-stats", "replay-play-this"} <= names
    looks = {(colour, line, weight) for _, colour, line, weight, _ in seen}
    assert len(looks) == 1, f"links look different: {sorted(set((n, *look) for n, *look, _ in seen))}"
    (colour, line, weight), = looks
    assert colour not in ("rgb(0, 0, 238)", "rgb(158, 158, 255)"), "the browser's default link colour"
    assert line == "underline" and int(weight) >= 600
    short = [(name, height) for name, *_, height in seen if height < 44]
    assert not short, f"links smaller than a 44 px target: {short}"
