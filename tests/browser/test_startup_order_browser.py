"""What a normal start does first (static/js/interpreter.js, static/js/boot/): the screen, then numpy.

Home needs no numpy, so its package is installed only once home is drawn; a game route asks for
it at once and says it is loading. The game's files are unzipped from app.zip in JS while Python
starts and written for PyScript, instead of PyScript unpacking them file by file in Python.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import vendor

from tests.browser.conftest import LONG_WAIT_MS, NO_SNAPSHOT, page_timers_run, wait_until_ready
from tests.browser.test_offline_browser import play_a_move

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]

# At the moment <html data-ready> turns "true" (a MutationObserver's callback, a microtask queued
# after any microtask queued before it), whether numpy's install had begun and whether numpy was
# imported; kept in window.__atReady.
AT_READY = """(() => {
    new PerformanceObserver((list) => {
        // (the loader's body-less probe, which names a missing file at once, does not count)
        const downloaded = (entry) => entry.name.endsWith(".whl") && entry.decodedBodySize > 0;
        if (list.getEntries().some(downloaded)) window.__wheelRequested = true;
    }).observe({type: "resource", buffered: true});
    new MutationObserver((records, observer) => {
        const root = document.documentElement;
        if (!root || root.getAttribute("data-ready") !== "true") return;
        observer.disconnect();
        const py = window.masumeSnapshot && window.masumeSnapshot.python;
        window.__atReady = {
            numpyInstallBegun: performance.getEntriesByName("masume:snapshot:numpy-install").length > 0,
            wheelRequested: window.__wheelRequested === true,
            // ('numpy' itself may be app/web/deferred.py's stand-in)
            numpyImported: py ? py.runPython("import sys; 'numpy._core' in sys.modules") : null,
        };
    }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
})();"""


@pytest.fixture(scope="module")
def home(open_page):  # noqa: ANN001, ANN201
    """One page started at home, with what had happened by data-ready recorded (AT_READY), for the
    module's tests of a start at home (each reads what its start left, and changes nothing)."""
    return open_page("", init_script=AT_READY)


def test_home_is_drawn_before_numpy_is_installed_and_numpy_follows_by_itself(home) -> None:  # noqa: ANN001
    page = home
    assert page.evaluate("document.documentElement.dataset.start") == "normal"
    # (nor its wheel downloaded: it would compete with home's own files on a slow link)
    assert page.evaluate("window.__atReady") == {"numpyInstallBegun": False, "numpyImported": False,
                                                 "wheelRequested": False}
    page.wait_for_function("() => window.masumeNumpyReady === true", timeout=LONG_WAIT_MS)
    # app.web.boot imports it once installed, so the first game opened does not wait.
    page.wait_for_function("() => window.masumeSnapshot.python.runPython(\"import sys; 'numpy._core' in sys.modules\")")


def test_a_game_route_asks_for_numpy_at_once_and_plays(open_page) -> None:  # noqa: ANN001
    page = open_page("#crosslight", init_script=AT_READY)
    assert page.evaluate("window.__atReady")["numpyInstallBegun"] is True
    page.wait_for_selector("[role=grid] button.cell", timeout=LONG_WAIT_MS)
    play_a_move(page, "crosslight")


def test_the_game_files_are_written_from_js_not_unpacked_by_python(home) -> None:  # noqa: ANN001
    page = home
    assert page.evaluate("performance.getEntriesByName('masume:snapshot:game-files').length") == 1
    # Every module and data file of app.zip is where PyScript would have put it.
    page.wait_for_function("() => window.masumeSnapshot.python")
    missing = page.evaluate("""() => window.masumeSnapshot.python.runPython(`
import os
sorted(p for p in ("app/main.py", "app/web/shell.py", "app/games/mirrors/stages.toml", "app/core/__init__.py")
       if not os.path.isfile(p))
`).toJs()""")
    assert missing == []


def test_a_first_visit_downloads_the_runtime_gzipped_and_the_worker_keeps_it_inflated(browser, base_url, request_log) -> None:  # noqa: ANN001, E501
    context = browser.new_context(service_workers="allow")
    context.add_init_script(NO_SNAPSHOT)
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    page = context.new_page()
    request_log.watch(page)
    page.goto(base_url)
    wait_until_ready(page)
    runtime = [url.rsplit("/", 1)[-1] for url in requested if "/pyodide.asm.wasm" in url]
    assert runtime == ["pyodide.asm.wasm-gz"], runtime  # 3.2 MB instead of 10.1, compiled as it is inflated
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=LONG_WAIT_MS)
    plain = vendor.read_precache(ROOT)["files"]
    entry = next(e for e in plain if e["url"].endswith("/pyodide.asm.wasm"))
    # The service worker inflated the gzipped copy (it downloaded nothing again) into the plain file.
    stored = page.evaluate("""async (url) => {
        const names = (await caches.keys()).filter((name) => !name.endsWith(':snapshot'));
        const hit = await caches.match(new URL(url, document.baseURI).href, {cacheName: names[0]});
        const bytes = await hit.arrayBuffer();
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
        return [bytes.byteLength, Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')];
    }""", entry["url"])
    assert stored == [entry["size"], entry["sha256"]]
    assert [url for url in requested if "/pyodide.asm.wasm" in url] == [base_url + entry["from"]], requested
    # A returning visit compiles that inflated copy, from the worker's cache.
    again = context.new_page()
    request_log.watch(again)
    again.goto(base_url)
    wait_until_ready(again)
    assert again.evaluate("async () => (await window.masumeRuntimeWasm) instanceof WebAssembly.Module") is True
    context.close()


def test_pyscripts_own_package_is_written_but_not_imported_at_start(home) -> None:  # noqa: ANN001
    page = home  # (nothing before this test imports pyscript; this one does, last)
    page.wait_for_function("() => window.masumeSnapshot.python")
    assert page.evaluate("document.documentElement.dataset.pyscriptPackage") == "not-imported"
    state = page.evaluate("""() => window.masumeSnapshot.python.runPython(`
import sys
before = sorted(name for name in sys.modules if name == "pyscript" or name.startswith("pyscript."))
import pyscript  # written by PyScript's bootstrap all the same: importable on demand
[before, pyscript.document.title == __import__("js").document.title]
`).toJs()""")
    assert state == [[], True]


# numpy's wheel is held back until the test calls window.__releaseNumpy().
HOLD_NUMPY = """(() => {
    const real = window.fetch;
    let release;
    window.__numpyHeld = new Promise((resolve) => { release = resolve; });
    window.__releaseNumpy = () => release();
    window.fetch = (input, ...rest) => String(input && input.url || input).endsWith(".whl")
        ? window.__numpyHeld.then(() => real(input, ...rest)) : real(input, ...rest);
})();"""


def test_a_game_route_waiting_for_numpy_names_the_game_and_follows_the_language(open_page) -> None:  # noqa: ANN001
    page = open_page("", wait_ready=False, init_script=HOLD_NUMPY)
    page.evaluate("() => { location.hash = '#mirrors'; }")
    page.wait_for_selector("#engine-loading", timeout=LONG_WAIT_MS)
    note = page.locator("#engine-loading")
    assert note.locator("h1").inner_text() == "Light Path"  # the game asked for, not the site's name
    assert note.locator("[role=status]").inner_text() == "Loading the puzzle engine (numpy)…"
    # It moves while it waits (a still page looks stuck), and the motion is hidden from screen readers.
    assert page.evaluate("""() => [...document.querySelectorAll('#engine-loading .loading-grid i')]
        .filter((cell) => cell.getAnimations().some((a) => a.playState === 'running')).length""") == 9
    assert note.locator(".loading-grid").get_attribute("aria-hidden") == "true"
    running = """() => [...document.querySelectorAll('#engine-loading .loading-grid i')]
        .filter((cell) => cell.getAnimations().some((a) => a.playState === 'running')).length"""
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(running) == 0  # still for a player who asked for less motion
    page.emulate_media(reduced_motion="no-preference")
    assert page.title() == "Light Path — Masume"  # the tab names the game too
    page.select_option("#lang-select", "ja")
    page.wait_for_function("() => document.querySelector('#engine-loading h1').textContent === '光の道'")
    assert note.locator("[role=status]").inner_text() == "パズルエンジン（numpy）を読み込み中…"
    assert page.title() == "光の道 — マス目"
    # Forced colours paint every background as Canvas: the cells keep an outline of CanvasText, or the
    # grid is a blank gap (it was).
    page.emulate_media(forced_colors="active")
    edges = page.evaluate("""() => [...document.querySelectorAll('#engine-loading .loading-grid i')].map((cell) => {
        const style = getComputedStyle(cell);
        return [parseFloat(style.borderTopWidth), style.borderTopColor, style.backgroundColor]; })""")
    assert all(width >= 1 and colour != background for width, colour, background in edges), edges
    page.emulate_media(forced_colors="none")
    page.evaluate("() => window.__releaseNumpy()")
    page.wait_for_selector("[role=grid] button.cell", timeout=LONG_WAIT_MS)
    page.select_option("#lang-select", "en")


def test_a_game_opened_first_after_the_wait_for_numpy_is_said(open_page) -> None:  # noqa: ANN001
    # The page's first screen was the wait; a screen reader heard nothing of the game that replaces it,
    # so it is announced. The focus stays where it was, as on a first screen that did not wait.
    page = open_page("#mirrors", wait_ready=False, init_script=HOLD_NUMPY)
    page.wait_for_selector("#engine-loading", timeout=LONG_WAIT_MS)
    assert page.title() == "Light Path — Masume"
    page.evaluate("() => window.__releaseNumpy()")
    page.wait_for_selector("[role=grid] button.cell", timeout=LONG_WAIT_MS)
    page.wait_for_function("() => document.querySelector('#live').textContent.length > 0")
    assert page.evaluate("() => document.activeElement === document.body")


def test_numpy_arriving_after_the_player_left_the_waiting_game_moves_nothing(open_page) -> None:  # noqa: ANN001
    page = open_page("#mirrors", wait_ready=False, init_script=HOLD_NUMPY)
    page.wait_for_selector("#engine-loading", timeout=LONG_WAIT_MS)
    page.evaluate("() => { location.hash = ''; }")  # home, while numpy is still on its way
    page.wait_for_selector("#home-title")
    page.locator("a[href='#pipes']").first.focus()
    routes = page.evaluate("() => document.documentElement.dataset.routes")
    page.evaluate("() => window.__releaseNumpy()")
    page.wait_for_function("() => window.masumeNumpyReady === true", timeout=LONG_WAIT_MS)
    page_timers_run(page, 300)
    # Home is not opened again under the player: the same screen, the focus where it was.
    assert page.evaluate("() => document.documentElement.dataset.routes") == routes
    assert page.evaluate("() => document.activeElement.getAttribute('href')") == "#pipes"
