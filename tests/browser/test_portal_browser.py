"""Masume in a game portal: `make dist`'s folder in a frame of another site (scripts/portal.py).

A portal serves the uploaded folder from its own host and shows it in an iframe on a page of
another site, so the game is a cross-site ("third-party") frame. Here the built folder is served
on 127.0.0.1 and a portal's page on localhost, which are different sites; one page (one Pyodide
boot) per scenario:

- storage denied, this Chromium's default for a third-party frame: the game starts, Cross Light is
  won by clicks with its records kept in memory, the page says once that records are not kept here
  with a link to the game's own address; arrows, Space and the dialogs they open never scroll the
  portal's page; every game's default board and its controls fit 960×640, 800×600 and 640×480
  frames and a phone on its side; full screen.
- storage allowed (partitioned storage, as most browsers give frames): a win is kept across a
  reload of the portal's page, and the service worker and the start-up snapshot work in the frame.
- Cross-Origin-Opener-Policy + Cross-Origin-Embedder-Policy: as a top-level page, and in a
  sandboxed frame of a cross-origin-isolated portal page.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import dist
import pytest
from browser import chromium_path
from playwright.sync_api import Browser, Frame, Page
from portal import Portal

from app.core import registry
from app.core.rng import Rng
from app.games import crosslight
from tests.browser.conftest import CHROMIUM_ARGS, NO_SNAPSHOT, RequestLog, go, wait_until_ready

pytestmark = pytest.mark.browser

# What gives a third-party frame storage (partitioned by the site around it) in this Chromium.
STORAGE_ALLOWED_ARGS = ["--disable-features=ThirdPartyCookieDeprecationTrial,TrackingProtection3pcd,"
                        "BlockThirdPartyCookies"]
PORTAL_VIEWPORT = {"width": 1100, "height": 560}  # shorter than the frame's bottom: the portal page can scroll
FRAME_SIZES = [(960, 640), (800, 600), (640, 480), (740, 360)]  # the last: a phone on its side
SNAPSHOT_TIMEOUT_MS = 300_000  # the snapshot is made in a worker at an idle moment: CPU seconds on a busy box


def puzzle(seed: str) -> crosslight.State:
    """A 5×5 Cross Light board made by the real generator from a fixed seed."""
    return crosslight.generate(crosslight.parse_params("5x5"), Rng(seed))


def game_frame(page: Page) -> Frame:
    """The portal page's game frame (it exists once the portal's page has loaded)."""
    frame = page.locator("#game").element_handle().content_frame()
    assert frame is not None
    return frame


def root_attr(frame: Frame, name: str) -> str | None:
    """An attribute of the frame's <html>."""
    return frame.evaluate("(n) => document.documentElement.getAttribute(n)", name)


def win_by_clicks(page: Page, frame: Frame, state: crosslight.State) -> int:
    """Click the cells of a minimum solution inside the frame; return how many presses it took.

    The result that opens under the board (and takes the focus) does not scroll the portal's page.
    """
    presses = crosslight.solve(state)
    assert presses
    for index, (row, col) in enumerate(presses):
        cell = frame.locator(f'.board-grid button.cell[data-row="{row}"][data-col="{col}"]')
        if index == len(presses) - 1:
            cell.scroll_into_view_if_needed()  # (Playwright scrolls the portal's page to click; the game must not)
            before = page.evaluate("() => window.scrollY")
        cell.click()
    frame.locator("#result-dialog[open]").wait_for(state="visible")
    assert frame.evaluate("() => document.getElementById('result-dialog').contains(document.activeElement)")
    assert page.evaluate("() => window.scrollY") == before, "the result moved the portal's page"
    return len(presses)


CELL_WIDTH = "() => document.querySelector('.board-grid button.cell').getBoundingClientRect().width"


def lights_on(frame: Frame) -> int:
    """How many cells the frame's board says are on (aria-pressed, as a screen reader hears it)."""
    return frame.locator('.board-grid button.cell[aria-pressed="true"]').count()


def home_best(frame: Frame) -> str:
    """Home's best for Cross Light's Easy 5×5, as shown."""
    go(frame, "#")
    return frame.locator(".game-entry:has([data-game=crosslight]) .game-best[data-preset=easy] .value").inner_text()


class FrameLog:
    """What the game's frame asked for and what went wrong, from the first request of its boot on."""

    def __init__(self, page: Page, game_url: str) -> None:
        self.game_url = game_url
        self.requests: list[str] = []
        self.errors: list[str] = []
        page.on("request", self._on_request)
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _on_request(self, request) -> None:  # noqa: ANN001 - Playwright's Request
        try:
            frame_url = request.frame.url
        except Exception:  # a service worker's own request has no frame: it is the game's
            frame_url = self.game_url
        if frame_url.startswith(self.game_url):
            self.requests.append(request.url)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`make dist`'s folder (the files the precache list names, checked current), built once."""
    out = tmp_path_factory.mktemp("dist") / "masume"
    dist.build(out)
    return out


@pytest.fixture(scope="module")
def portal(built: Path, request_log: RequestLog) -> Iterator[Portal]:
    """The built folder on 127.0.0.1 and a portal's page on localhost: two sites, both the test's own."""
    served = Portal(built).start()
    request_log.allow(served.game_url, served.page_url)
    yield served
    request_log.disallow(served.game_url, served.page_url)
    served.close()


@pytest.fixture(scope="module")
def allowed_browser(browser: Browser) -> Iterator[Browser]:
    """A second Chromium, with the project's flags, that gives third-party frames (partitioned) storage."""
    second = browser.browser_type.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS + STORAGE_ALLOWED_ARGS,
                                         headless=True)
    yield second
    second.close()


# ----- storage denied: this Chromium's default for a third-party frame ----------------------------

DENIED_STATE = puzzle("portal-denied")


@pytest.fixture(scope="module")
def denied(browser: Browser, portal: Portal, request_log: RequestLog) -> Iterator[tuple[Page, FrameLog]]:
    """The portal's page in the project's Chromium, the game framed at a Cross Light board."""
    context = browser.new_context(viewport=PORTAL_VIEWPORT)
    context.add_init_script(NO_SNAPSHOT)
    page = context.new_page()
    request_log.watch(page)
    log = FrameLog(page, portal.game_url)
    page.goto(portal.page_for(hash=f"#crosslight/{crosslight.encode(DENIED_STATE)}"))
    wait_until_ready(game_frame(page))
    yield page, log
    context.close()


def test_a_denied_frame_starts_says_once_that_records_are_not_kept_and_links_to_its_own_tab(
        denied: tuple[Page, FrameLog], portal: Portal, request_log: RequestLog) -> None:
    page, log = denied
    frame = game_frame(page)
    # This Chromium denies a third-party frame every storage by default (the project's flags change nothing).
    refused = frame.evaluate("""async () => {
        const out = [];
        try { localStorage.getItem('x'); } catch (e) { out.push('localStorage ' + e.name); }
        try { await caches.open('x'); } catch (e) { out.push('caches ' + e.name); }
        try { await navigator.serviceWorker.register('sw.js'); } catch (e) { out.push('serviceWorker ' + e.name); }
        return out; }""")
    assert refused == ["localStorage SecurityError", "caches SecurityError", "serviceWorker NotSupportedError"]
    assert root_attr(frame, "data-indexeddb") == "memory", "PyScript's store was answered from memory"
    assert root_attr(frame, "data-embedded") == "frame" and root_attr(frame, "data-boot") is None
    notice = frame.locator("#notice")
    assert notice.is_visible()
    assert "Records are not kept here" in notice.inner_text()
    link = notice.locator("a")
    own = frame.url.split("#", 1)[0]
    assert own == portal.game_url
    # The link opens the board in play, not only home: its address, hash included.
    assert (link.get_attribute("href"), link.get_attribute("target"), link.get_attribute("rel")) == (
        frame.url, "_blank", "noopener")
    assert "#" in frame.url
    assert "new tab" in link.inner_text()
    assert "[object" not in frame.locator("body").inner_text()
    assert not frame.locator("#boot-notice").inner_text(), "no second notice about offline play in a frame"
    # The boot's requests (watched from the frame's first one): all to the game's own origin, none failed.
    assert any(url.endswith("static/vendor/app.zip") for url in log.requests), "the frame's requests are watched"
    assert all(url.startswith((portal.game_url, "data:", "blob:")) for url in log.requests), log.requests
    assert log.errors == []
    # The suite's request log (every test's "nothing left the origin") sees the frame's requests too.
    frame.evaluate("() => fetch('static/vendor/precache.js', {cache: 'no-store'}).then((r) => r.text())")
    assert portal.game_url + "static/vendor/precache.js" in request_log.local


def test_a_denied_frame_plays_a_whole_game_by_clicks_with_records_in_memory(denied: tuple[Page, FrameLog]) -> None:
    page, _log = denied
    frame = game_frame(page)
    assert lights_on(frame) == int(DENIED_STATE.lights.sum())
    moves = win_by_clicks(page, frame, DENIED_STATE)
    assert lights_on(frame) == 0
    assert frame.locator("#stat-moves").inner_text() == str(moves)
    assert home_best(frame).startswith(f"{moves} moves"), "the win is a record for the visit"
    # Said once: the notice went with the screen it was on; Settings keeps the words and the link.
    assert frame.locator("#notice").is_hidden()
    frame.locator("#settings summary").click()
    line = frame.locator("#embedded-storage")
    assert line.is_visible() and "not kept in this frame" in line.inner_text()
    assert frame.locator("#snapshot-setting").is_hidden(), "no start-up snapshot is promised where none is kept"
    frame.locator("#settings summary").click()
    # Reached (focused, pressed), the link names the screen in play at that moment, its hash included.
    board = f"#crosslight/{crosslight.encode(puzzle('portal-own-link'))}"
    go(frame, board)
    frame.locator("#settings summary").click()
    frame.locator("#embedded-open").focus()
    assert frame.locator("#embedded-open").get_attribute("href") == frame.url and frame.url.endswith(board)
    frame.locator("#settings summary").click()


def test_keys_on_the_board_and_the_dialogs_they_open_never_scroll_the_portal_page(
        denied: tuple[Page, FrameLog]) -> None:
    page, _log = denied
    frame = game_frame(page)
    state = puzzle("portal-keys")
    go(frame, f"#crosslight/{crosslight.encode(state)}")
    frame.locator('.board-grid button.cell[data-row="0"][data-col="0"]').click()
    page.evaluate("() => window.scrollTo(0, 0)")
    bottom = frame.locator('.board-grid button.cell[data-row="4"][data-col="4"]').bounding_box()
    assert bottom is not None and bottom["y"] + bottom["height"] > PORTAL_VIEWPORT["height"], \
        "the board's last row is below the portal's window, where a focus() would scroll it"
    for key in ["ArrowDown"] * 4 + ["Space", "ArrowRight"] * 2 + ["ArrowUp", "ArrowLeft", "Space", "ArrowDown"]:
        page.keyboard.press(key)
        assert page.evaluate("() => window.scrollY") == 0, f"{key} scrolled the portal's page"
    assert frame.evaluate("() => [document.activeElement.dataset.row, document.activeElement.dataset.col]") == [
        "4", "1"]
    assert frame.locator("#stat-moves").inner_text() == "4"  # the click, then three Spaces
    # The dialogs keys open (Controls, the new-game question) and close never scroll it either: opening
    # one focuses its button, whose scroll reached the portal's page.
    for key, dialog in (("?", "#keys-dialog"), ("n", "#confirm-dialog")):
        page.keyboard.press(key)
        frame.locator(f"{dialog}[open]").wait_for()
        assert frame.evaluate("(d) => document.querySelector(d).contains(document.activeElement)", dialog)
        assert page.evaluate("() => window.scrollY") == 0, f"{key}'s dialog scrolled the portal's page"
        page.keyboard.press("Escape")
        frame.wait_for_function("(d) => !document.querySelector(d).open", arg=dialog)
        assert page.evaluate("() => window.scrollY") == 0, f"closing {key}'s dialog scrolled the portal's page"
    assert frame.evaluate("() => document.activeElement.matches('button.cell')"), "the focus went back to the board"


# What of the board (its first and last cells, or with `frame` its frame) and of its controls lies outside
# the window.
OUTSIDE = """(frame) => {
    const cells = document.querySelectorAll('.board-grid button.cell');
    const board = frame ? [document.querySelector('.board-frame')] : [cells[0], cells[cells.length - 1]];
    const wanted = [...board, ...document.querySelectorAll('.play-bar .controls button:not([hidden])'),
                    ...document.querySelectorAll('.play-bar .tool-choice')];
    return wanted.filter((node) => { const r = node.getBoundingClientRect();
        return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth; })
      .map((node) => node.id || node.className || node.getAttribute('aria-label') || node.textContent); }"""


def test_every_games_default_board_and_its_controls_fit_a_short_frame(denied: tuple[Page, FrameLog]) -> None:
    page, _log = denied
    frame = game_frame(page)
    games = registry.games()
    assert {"crosslight", "mines", "mirrors", "pipes"} <= set(games)
    misses = []
    for width, height in FRAME_SIZES:
        page.evaluate("([w, h]) => { const f = document.getElementById('game'); f.width = w; f.height = h; }",
                      [width, height])
        frame.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
        for game in games:
            go(frame, f"#{game}")
            frame.locator(".board-grid button.cell").first.wait_for()
            assert root_attr(frame, "data-compact") is not None, (width, height)
            outside = frame.evaluate(OUTSIDE, False)
            if outside or frame.evaluate("() => scrollY") != 0:
                misses.append((width, height, game, outside))
            if frame.locator(".board-tools").is_visible():
                misses.append((width, height, game, "zoom tools shown for a board that fits"))
            # The rule is folded behind a button there. Shown, the board is fitted to the room left: where
            # even its smallest cells need more (Minesweeper on a phone on its side), it scrolls in its frame.
            rule, toggle = frame.locator("#game-rule"), frame.locator("#rule-toggle")
            assert rule.is_hidden() and toggle.get_attribute("aria-expanded") == "false"
            toggle.click()
            assert rule.is_visible() and toggle.get_attribute("aria-expanded") == "true"
            outside = frame.evaluate(OUTSIDE, True)
            if outside or frame.evaluate("() => scrollY") != 0:
                misses.append((width, height, game, "rule shown", outside))
            toggle.click()
            assert rule.is_hidden()
    assert misses == []
    # A board larger than the room (Expert Minesweeper, 30×16, in 800×600): the zoom tools show, and the
    # board scrolls inside its own frame, which stays in the window.
    page.evaluate("() => { const f = document.getElementById('game'); f.width = 800; f.height = 600; }")
    frame.wait_for_function("() => innerWidth === 800 && innerHeight === 600")
    go(frame, "#mines/1.30x16n99.layoutseed")
    frame.locator(".board-grid button.cell").first.wait_for()
    assert frame.locator(".board-tools").is_visible()
    assert frame.evaluate(OUTSIDE, True) == [] and frame.evaluate("() => scrollY") == 0
    assert frame.evaluate("() => { const f = document.querySelector('.board-frame');"
                          " return f.scrollHeight > f.clientHeight || f.scrollWidth > f.clientWidth; }")


def test_full_screen_where_the_portal_allows_it(denied: tuple[Page, FrameLog]) -> None:
    page, _log = denied
    frame = game_frame(page)
    page.evaluate("() => { const f = document.getElementById('game'); f.width = 960; f.height = 640; }")
    go(frame, f"#crosslight/{crosslight.encode(puzzle('portal-full'))}")
    button = frame.locator("#fullscreen-toggle")
    assert button.is_visible() and button.get_attribute("aria-pressed") == "false"

    def cell_px() -> float:
        box = frame.locator(".board-grid button.cell").first.bounding_box()
        assert box is not None
        return box["width"]

    pressed = "(p) => document.getElementById('fullscreen-toggle').getAttribute('aria-pressed') === p"
    before = cell_px()
    button.click()
    frame.wait_for_function("() => document.fullscreenElement !== null")
    frame.wait_for_function(pressed, arg="true")  # (it follows fullscreenchange, a moment after)
    frame.wait_for_function(f"(w) => ({CELL_WIDTH})() > w", arg=before)
    page.keyboard.press("Escape")
    frame.wait_for_function("() => document.fullscreenElement === null")
    frame.wait_for_function(pressed, arg="false")
    frame.wait_for_function(f"(w) => ({CELL_WIDTH})() === w", arg=before)
    # F, from the board: on, then off; the Controls dialog names it.
    frame.locator(".board-grid button.cell").first.click()
    page.keyboard.press("f")
    frame.wait_for_function("() => document.fullscreenElement !== null")
    page.keyboard.press("f")
    frame.wait_for_function("() => document.fullscreenElement === null")
    assert frame.locator("#stat-moves").inner_text() == "1", "F played no move"
    frame.locator("#keys-button").click()
    assert "full screen, on or off" in frame.locator("#keys-list").inner_text()
    frame.locator("#keys-close").click()
    # Where the board binds F itself (Minesweeper's flag), F on the board flags, and Controls says so.
    go(frame, "#mines")
    frame.locator('.board-grid button.cell[data-row="0"][data-col="0"]').focus()
    page.keyboard.press("f")
    frame.wait_for_function("() => document.activeElement.getAttribute('aria-label').includes('flag')")
    assert frame.evaluate("() => document.fullscreenElement") is None
    frame.locator("#keys-button").click()
    assert "F (away from the board): full screen, on or off" in frame.locator("#keys-list").inner_text().replace(
        "\n", ": ").replace("\t", ": ")
    frame.locator("#keys-close").click()


# ----- storage allowed: partitioned storage, as most browsers give a frame ------------------------

def test_with_storage_allowed_a_win_is_kept_across_a_reload_and_the_frame_works_offline(
        allowed_browser: Browser, portal: Portal, request_log: RequestLog) -> None:
    context = allowed_browser.new_context(viewport=PORTAL_VIEWPORT)  # (the snapshot is the point: made here)
    try:
        page = context.new_page()
        request_log.watch(page)
        state = puzzle("portal-allowed")
        page.goto(portal.page_for(hash=f"#crosslight/{crosslight.encode(state)}"))
        frame = game_frame(page)
        wait_until_ready(frame)
        assert frame.evaluate("() => localStorage.getItem('masume:probe') === null")
        assert root_attr(frame, "data-indexeddb") is None, "the browser's own IndexedDB was used"
        assert frame.locator("#notice").is_hidden()
        moves = win_by_clicks(page, frame, state)
        # The service worker installs in the frame, then the start-up snapshot is made and stored.
        frame.wait_for_selector('html[data-offline="ready"]', state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
        frame.wait_for_selector('html[data-snapshot="stored"]', state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
        page.reload()
        frame = game_frame(page)
        wait_until_ready(frame)
        assert root_attr(frame, "data-start") == "snapshot"
        assert frame.evaluate("() => navigator.serviceWorker.controller !== null"), "served by the worker"
        assert home_best(frame).startswith(f"{moves} moves")
    finally:
        context.close()


# ----- Cross-Origin-Opener-Policy: same-origin + Cross-Origin-Embedder-Policy: require-corp --------

def play_two_moves(frame: Frame) -> None:
    """Two presses on the board, counted."""
    cells = frame.locator(".board-grid button.cell")
    cells.nth(3).click()
    cells.nth(7).click()
    frame.wait_for_function("() => document.querySelector('#stat-moves').textContent === '2'")


def test_isolated_headers_as_a_top_level_page(browser: Browser, portal: Portal, request_log: RequestLog) -> None:
    context = browser.new_context()
    context.add_init_script(NO_SNAPSHOT)
    try:
        page = context.new_page()
        request_log.watch(page)
        page.goto(f"{portal.game_url}isolated/#crosslight/{crosslight.encode(puzzle('portal-iso'))}")
        wait_until_ready(page)
        assert page.evaluate("() => self.crossOriginIsolated")
        play_two_moves(page.main_frame)
        page.wait_for_selector('html[data-offline="ready"]', state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
    finally:
        context.close()


def test_isolated_headers_in_a_sandboxed_frame_with_storage(allowed_browser: Browser, portal: Portal,
                                                            request_log: RequestLog) -> None:
    context = allowed_browser.new_context(viewport=PORTAL_VIEWPORT)
    try:
        page = context.new_page()
        request_log.watch(page)
        page.goto(portal.page_for(path="/isolated/", hash=f"#crosslight/{crosslight.encode(puzzle('portal-box'))}",
                                  sandbox="allow-scripts allow-same-origin", allow="", isolated=True))
        frame = game_frame(page)
        wait_until_ready(frame)
        assert frame.evaluate("() => self.crossOriginIsolated")
        play_two_moves(frame)
        # The portal grants no full screen here: no button for it.
        assert frame.evaluate("() => document.fullscreenEnabled") is False
        assert frame.locator("#fullscreen-toggle").is_hidden()
        frame.wait_for_selector('html[data-offline="ready"]', state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
        frame.wait_for_selector('html[data-snapshot="stored"]', state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
    finally:
        context.close()


def test_a_frame_sandboxed_without_same_origin_says_why_the_game_cannot_start(browser: Browser, portal: Portal,
                                                                            request_log: RequestLog) -> None:
    # Its origin is opaque: the browser refuses the page its own module scripts (and reading window.caches
    # throws), so nothing can start; the loader says why, in words, with the game's own address.
    context = browser.new_context(viewport=PORTAL_VIEWPORT)
    try:
        page = context.new_page()
        request_log.watch(page)
        page.goto(portal.page_for(hash="#crosslight", sandbox="allow-scripts", allow=""))
        frame = game_frame(page)
        error = frame.locator("#loading-error-text")
        error.wait_for(state="visible", timeout=30_000)
        text = error.inner_text()
        assert text.startswith("The game cannot start in this frame") and "allow-same-origin" in text, text
        assert text.endswith(portal.game_url), text
        assert frame.locator("#loading-retry").is_visible()
    finally:
        context.close()
