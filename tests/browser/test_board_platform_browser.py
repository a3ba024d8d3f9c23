"""The board platform in a real browser, through a test-only game added to the page's app.zip.

`tests/browser/ringtest/` is a tiny game with a light-source-like element on the
board's ring, a dead centre cell, three named actions (turn clockwise, turn
counter-clockwise, lock: mouse buttons and keys) and a 300 ms canvas animation.
It is registered only here, by serving app.zip with it added and its SPEC added to
`app.catalogue.GAMES`, and its stylesheet beside the others: exactly what a new game does
(its package, its view, its CSS, the one list).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import ROOT, pause_clock, route_app_zip, wait_until_ready

HERE = Path(__file__).resolve().parent / "ringtest"


def patched_app_zip() -> bytes:
    """The built app.zip plus the test game, with its SPEC added to the one list (app/catalogue.py)."""
    source = (ROOT / "static" / "vendor" / "app.zip").read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(source)) as original, zipfile.ZipFile(out, "w") as patched:
        for item in original.infolist():
            data = original.read(item)
            if item.filename == "app/catalogue.py":
                listed = b"mirrors.SPEC)"
                assert data.count(listed) == 1, "the catalogue's list changed shape: update this patch"
                data = data.replace(b"from app.games import crosslight, mines, mirrors, pipes",
                                    b"from app.games import crosslight, mines, mirrors, pipes, ringtest")
                data = data.replace(listed, b"mirrors.SPEC, ringtest.SPEC)")
            patched.writestr(item, data)
        patched.writestr("app/games/ringtest/__init__.py", (HERE / "backend.py").read_bytes())
        patched.writestr("app/games/ringtest/strings.py", (HERE / "strings.py").read_bytes())
        patched.writestr("app/web/views/ringtest.py", (HERE / "view.py").read_bytes())
    return out.getvalue()


@pytest.fixture(scope="module")
def ring_page(browser, base_url: str, request_log) -> Iterator[Page]:  # noqa: ANN001
    """One booted page whose app.zip includes the test game."""
    body = patched_app_zip()
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")

    route_app_zip(context, body)
    context.route("**/static/css/games/ringtest.css", lambda route: route.fulfill(
        status=200, body=(HERE / "ringtest.css").read_bytes(), content_type="text/css"))
    page = context.new_page()
    page.clock.install()  # (the animation tests pause it: the page's frames then come only as they say)
    request_log.watch(page)
    page.goto(base_url + "#ringtest")
    wait_until_ready(page)
    yield page
    context.close()


def open_fresh(page: Page) -> None:
    page.evaluate("location.hash = '#'")
    page.wait_for_function("() => document.documentElement.dataset.screen === 'home'")
    page.evaluate("localStorage.removeItem('masume:progress:ringtest')")  # else the last test's game comes back
    page.evaluate("location.hash = '#ringtest/1.111101111'")
    page.wait_for_function("() => document.querySelector('[data-row=\"0\"][data-col=\"0\"]')"
                           "?.getAttribute('aria-label')?.endsWith('dial 1')")


def cell(page: Page, row: int, col: int):  # noqa: ANN201 - a Playwright Locator
    return page.locator(f'.board-grid button[data-row="{row}"][data-col="{col}"]')


def label(page: Page, row: int, col: int) -> str:
    return str(cell(page, row, col).get_attribute("aria-label"))


def test_each_games_own_stylesheet_draws_its_icon_on_home(ring_page: Page) -> None:
    """Home links every game's stylesheet, so a game's icon is drawn by its own CSS (the test game's too)."""
    ring_page.evaluate("location.hash = '#'")
    ring_page.wait_for_selector(".game-card[data-game='ringtest'] .game-icon")
    # Each game's stylesheet arrives on its own: wait until every card's has (a loaded machine takes its time).
    ring_page.wait_for_function("""() => getComputedStyle(document.querySelector(
        ".game-card[data-game='ringtest'] .game-icon")).backgroundImage.includes('rgb(1, 2, 3)')
        && [...document.querySelectorAll('link[rel=stylesheet]')].every(link => link.sheet)""")
    icons = ring_page.evaluate("""() => [...document.querySelectorAll('.game-card')].map(card => [
        card.dataset.game, getComputedStyle(card.querySelector('.game-icon')).backgroundImage])""")
    assert len(icons) == 5 and all(image.startswith(("linear-gradient", "radial-gradient")) for _, image in icons), \
        icons


def test_the_ring_holds_its_element_and_the_dead_cell_has_no_button(ring_page: Page) -> None:
    open_fresh(ring_page)
    grid = ring_page.locator(".board-grid")
    assert grid.get_attribute("aria-rowcount") == "5" and grid.get_attribute("aria-colcount") == "5"
    assert label(ring_page, -1, 1) == "Source, off"
    assert cell(ring_page, 1, 1).count() == 0, "a dead cell has no button"
    assert cell(ring_page, -1, 0).count() == 0, "an empty ring position has no button"
    assert ring_page.locator(".board-grid button").count() == 8 + 1
    cell(ring_page, -1, 1).click()
    ring_page.wait_for_function("() => document.querySelector('[data-row=\"-1\"]').getAttribute('aria-label')"
                                " === 'Source, on'")


def test_three_actions_by_mouse_button(ring_page: Page) -> None:
    open_fresh(ring_page)
    moves = ring_page.locator("#stat-moves")
    cell(ring_page, 0, 0).click()
    assert label(ring_page, 0, 0).endswith("dial 2") and moves.inner_text() == "1"
    cell(ring_page, 0, 0).click(button="right")
    assert label(ring_page, 0, 0).endswith("dial 1") and moves.inner_text() == "2"
    cell(ring_page, 0, 0).click(button="middle")
    assert label(ring_page, 0, 0).endswith("dial 1, locked")
    assert moves.inner_text() == "2", "the game says a lock costs no move"
    cell(ring_page, 0, 0).click()
    assert label(ring_page, 0, 0).endswith("dial 1, locked"), "a locked cell refuses a turn"
    assert moves.inner_text() == "2"


def test_three_actions_by_key_and_the_cursor_skips_what_is_not_there(ring_page: Page) -> None:
    open_fresh(ring_page)
    cell(ring_page, 1, 0).focus()
    ring_page.keyboard.press("ArrowRight")
    assert ring_page.evaluate("document.activeElement.dataset.col") == "2", "the dead centre is skipped"
    ring_page.keyboard.press("Enter")
    assert label(ring_page, 1, 2).endswith("dial 2")
    ring_page.keyboard.press("Shift+Enter")
    ring_page.keyboard.press("Shift+Enter")
    assert label(ring_page, 1, 2).endswith("dial 0")
    ring_page.keyboard.press("l")
    assert label(ring_page, 1, 2).endswith("dial 0, locked")
    cell(ring_page, 0, 1).focus()
    ring_page.keyboard.press("ArrowUp")
    assert ring_page.evaluate("[document.activeElement.dataset.row, document.activeElement.dataset.col]") \
        == ["-1", "1"], "the cursor reaches the element on the ring"
    ring_page.keyboard.press("ArrowUp")
    assert ring_page.evaluate("document.activeElement.dataset.row") == "2", "past the ring it wraps"


def test_the_key_help_names_every_action(ring_page: Page) -> None:
    grid = ring_page.locator(".board-grid")
    assert grid.get_attribute("aria-keyshortcuts") == "Enter Space Shift+Enter L"
    help_text = ring_page.locator("#board-keys").inner_text()
    assert "Shift+Enter: turn counter-clockwise" in help_text and "L: lock" in help_text
    assert grid.get_attribute("aria-describedby") == "board-keys"


def test_the_animation_runs_frames_and_input_finishes_it(ring_page: Page) -> None:
    open_fresh(ring_page)
    frames = "() => +document.documentElement.dataset.ringtestFrames"
    pause_clock(ring_page)  # the page's time and frames now move only with run_for: 300 ms is 300 ms
    try:
        cell(ring_page, 0, 0).click()
        ring_page.clock.run_for(100)  # a third of the way through
        assert ring_page.evaluate(frames) >= 2
        progress = float(ring_page.evaluate("document.documentElement.dataset.ringtestProgress"))
        assert 0 < progress < 1
        # A second input at once: the first animation ends (its frames stop), the new one starts from 0.
        cell(ring_page, 0, 2).click()
        assert label(ring_page, 0, 2).endswith("dial 2")
        ring_page.clock.run_for(450)
        frames_after = ring_page.evaluate(frames)
        ring_page.clock.run_for(200)
        assert ring_page.evaluate(frames) == frames_after, "frames stop when the animation's time is up"
    finally:
        ring_page.clock.resume()


def test_no_frames_at_all_under_reduced_motion(ring_page: Page) -> None:
    open_fresh(ring_page)
    ring_page.emulate_media(reduced_motion="reduce")
    pause_clock(ring_page)
    try:
        cell(ring_page, 0, 0).click()
        ring_page.clock.run_for(400)
        assert ring_page.evaluate("document.documentElement.dataset.ringtestFrames") == "0"
        assert label(ring_page, 0, 0).endswith("dial 2"), "the move itself still happens"
    finally:
        ring_page.clock.resume()
        ring_page.emulate_media(reduced_motion="no-preference")
