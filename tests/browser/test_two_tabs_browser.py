"""Two open tabs of the game: a change in one reaches the other (the `storage` event, issue #27 item 7).

Both tabs are pages of one browser context, so they share localStorage as two tabs of one
browser do; the browser tells every other tab of the origin what was written. The second tab
follows: the settings it shows and uses, the bests on home, the stage list of Light Path.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from app.core.rng import Rng
from app.games import crosslight
from tests.browser.conftest import NO_SNAPSHOT, RequestLog, go, wait_until_ready

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def tabs(browser: Browser, base_url: str, request_log: RequestLog) -> Iterator[tuple[Page, Page]]:
    """Two booted tabs of one browser profile, both at home."""
    context: BrowserContext = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    context.add_init_script(NO_SNAPSHOT)
    pages = []
    for _ in range(2):
        page = context.new_page()
        request_log.watch(page)
        page.goto(base_url)
        wait_until_ready(page)
        pages.append(page)
    yield pages[0], pages[1]
    context.close()


def pressed(page: Page, toggle: str) -> str:
    return str(page.locator(f"#{toggle}-toggle").get_attribute("aria-pressed"))


def test_a_settings_change_in_one_tab_reaches_the_other(tabs) -> None:  # noqa: ANN001
    first, second = tabs
    go(second, "#crosslight")
    before = pressed(second, "sfx")
    first.locator("#sfx-toggle").click()
    second.wait_for_function("(b) => document.querySelector('#sfx-toggle').getAttribute('aria-pressed') !== b",
                             arg=before)
    assert pressed(second, "sfx") == pressed(first, "sfx")
    first.locator("#settings summary").click()
    first.select_option("#palette-select", "okabe_ito")
    first.locator("#shortcuts-toggle").uncheck()
    second.wait_for_function("() => document.documentElement.dataset.palette === 'okabe_ito'"
                             " && document.querySelector('#palette-select').value === 'okabe_ito'"
                             " && !document.querySelector('#shortcuts-toggle').checked")
    # The game in the second tab follows too: its shortcuts are off (its key help drops them).
    assert second.locator("#keys-button").get_attribute("aria-keyshortcuts") is None
    first.select_option("#lang-select", "ja")
    second.wait_for_function("() => document.querySelector('#lang-select').value === 'ja'"
                             " && document.querySelector('#game-title').textContent !== 'Cross Light'")
    first.select_option("#lang-select", "en")
    first.select_option("#palette-select", "standard")
    first.locator("#shortcuts-toggle").check()
    first.locator("#settings summary").click()
    second.wait_for_function("() => document.querySelector('#lang-select').value === 'en'"
                             " && document.documentElement.dataset.palette === 'standard'"
                             " && document.querySelector('#shortcuts-toggle').checked")


def test_a_best_won_in_one_tab_shows_on_the_others_home(tabs) -> None:  # noqa: ANN001
    first, second = tabs
    go(second, "#")
    best = second.locator('.game-card[data-game="crosslight"] + .game-bests .game-best[data-preset="easy"] dd')
    before = best.inner_text()
    state = crosslight.generate(crosslight.parse_params("5x5"), Rng("two-tabs"))
    go(first, f"#crosslight/{crosslight.encode(state)}")
    probe, presses = state, 0
    while crosslight.status(probe) == 0:  # the board's own solution, pressed (a hint would record no best)
        row, col = crosslight.hint(probe)
        probe = crosslight.apply(probe, (row, col))
        presses += 1
        first.locator(f'.board-grid button[data-row="{row}"][data-col="{col}"]').click()
    first.wait_for_function("() => document.querySelector('#result-dialog').open")
    second.wait_for_function("(b) => document.querySelector("
                             "'.game-card[data-game=\"crosslight\"] + .game-bests .game-best[data-preset=\"easy\"] dd')"
                             ".textContent !== b", arg=before)
    assert f"{presses} moves" in best.inner_text() or f"{presses} move" in best.inner_text()
    go(first, "#")


def test_a_stage_cleared_in_one_tab_shows_in_the_others_stage_list(tabs) -> None:  # noqa: ANN001
    first, second = tabs
    go(second, "#mirrors/1-01")
    count = second.locator("#mirrors-stage-count")
    before = count.inner_text()
    assert before.startswith("0 of ")
    link = second.locator("#mirrors-stages a").first
    link_before = link.inner_text()
    first.evaluate("() => localStorage.setItem('masume:stage:mirrors:1-02', JSON.stringify({done: true, best: 5}))")
    second.wait_for_function("() => document.querySelector('#mirrors-stage-count').textContent.startsWith('1 of ')")
    assert link.inner_text() == link_before  # the first stage's entry is unchanged; the second's now says cleared
    cleared = second.locator("#mirrors-stages a").nth(1).inner_text()
    assert "cleared" in cleared.lower() or "5" in cleared, cleared
    # The other tab's unfinished game, saved as it is played, changes nothing here.
    first.evaluate("() => localStorage.removeItem('masume:stage:mirrors:1-02')")
    second.wait_for_function("() => document.querySelector('#mirrors-stage-count').textContent.startsWith('0 of ')")
