"""Start-up from a memory snapshot (static/js/interpreter.js): used when sound, refused otherwise.

One context makes the snapshot on its first visit (the page does it in a Worker once it is
ready and the service worker holds every file); later pages of that context start from it.
Each test that damages what is stored uses a context of its own, so the others keep a good
snapshot. Every test also checks that no request left the origin (conftest).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from app.core import registry
from tests.browser.conftest import LONG_WAIT_MS, RequestLog, go, wait_until_ready
from tests.browser.test_offline_browser import play_a_move

pytestmark = pytest.mark.browser
SNAPSHOT_TIMEOUT_MS = 180_000
STORED = "() => document.documentElement.dataset.snapshot === 'stored'"

# Rewrites the stored bundle with the page's own format module: `change(header, payload)`.
REWRITE = """async ([kind]) => {
  const format = await import(new URL("static/js/snapshot-bundle.js", document.baseURI).href);
  const names = (await caches.keys()).filter((name) => name.endsWith(":snapshot"));
  const cache = await caches.open(names[0]);
  const key = (await cache.keys())[0];
  let bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
  if (kind === "flip") {
    bytes[bytes.length - 1000] ^= 0x5a;
  } else {
    const decoded = format.openBundle(bytes);
    if (kind === "table") decoded.header.table = "1:0";
    if (kind === "build") decoded.header.build = "an-older-build";
    const {memory, files, runs, payload, ...info} = decoded.header;
    bytes = await format.encodeBundle({memory: decoded.memory, files: decoded.files, info});
  }
  await cache.put(key, new Response(bytes));
  return names.length;
}"""


def first_visit(browser: Browser, base_url: str, log: RequestLog) -> tuple[BrowserContext, Page]:
    """A fresh context's first visit, left open until its snapshot is stored."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US", service_workers="allow")
    context.on("request", log._on_request)  # the worker's requests too
    page = context.new_page()
    log.watch(page)
    page.goto(base_url)
    wait_until_ready(page)
    assert page.evaluate("document.documentElement.dataset.start") == "normal"
    page.wait_for_function(STORED, timeout=SNAPSHOT_TIMEOUT_MS)
    return context, page


def visit(context: BrowserContext, url: str, log: RequestLog) -> Page:
    page = context.new_page()
    log.watch(page)
    page.goto(url)
    wait_until_ready(page)
    return page


def python(page: Page, code: str) -> object:
    return page.evaluate("(code) => window.masumeSnapshot.python.runPython(code)", code)


@pytest.fixture(scope="module")
def made(browser: Browser, base_url: str, request_log: RequestLog) -> Iterator[BrowserContext]:
    context, page = first_visit(browser, base_url, request_log)
    page.close()
    yield context
    context.close()


def test_a_second_visit_starts_from_the_snapshot_and_every_game_plays(made, base_url, request_log) -> None:  # noqa: ANN001
    page = visit(made, base_url, request_log)
    assert page.evaluate("document.documentElement.dataset.start") == "snapshot"
    assert python(page, "import sys; 'numpy' in sys.modules and 'app.core.session' in sys.modules") is True
    for game in registry.games():
        go(page, f"#{game}")
        play_a_move(page, game)
    page.close()


def test_numpy_works_after_a_restore(made, base_url, request_log) -> None:  # noqa: ANN001
    page = visit(made, base_url + "#crosslight", request_log)
    assert page.evaluate("document.documentElement.dataset.start") == "snapshot"
    # Par comes from the GF(2) solver (numpy); the no-guess Minesweeper board from the first click.
    page.wait_for_function("() => /^\\d+$/.test(document.querySelector('#stat-par')?.textContent.trim() || '')")
    assert python(page, "import numpy; int(numpy.eye(3, dtype=numpy.int64).sum())") == 3
    go(page, "#mines")
    play_a_move(page, "mines")
    page.close()


def test_two_restored_visits_are_reseeded(made, base_url, request_log) -> None:  # noqa: ANN001
    first = visit(made, base_url, request_log)
    second = visit(made, base_url, request_log)
    draws = []
    for page in (first, second):
        assert page.evaluate("document.documentElement.dataset.start") == "snapshot"
        draws.append(python(page, "import random; repr([random.random() for _ in range(3)])"))
        page.close()
    assert draws[0] != draws[1]


def test_the_snapshot_starts_offline(made, base_url, request_log) -> None:  # noqa: ANN001
    made.set_offline(True)
    try:
        page = visit(made, base_url + "#pipes", request_log)
        assert page.evaluate("document.documentElement.dataset.start") == "snapshot"
        play_a_move(page, "pipes")
        page.close()
    finally:
        made.set_offline(False)


def test_settings_show_the_stored_snapshot_and_clear_it(made, base_url, request_log) -> None:  # noqa: ANN001
    page = visit(made, base_url, request_log)
    page.locator("#settings summary").click()
    page.wait_for_function("() => /MB/.test(document.querySelector('#snapshot-status').textContent)")
    page.locator("#snapshot-clear").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#snapshot-clear').disabled")
    assert "None stored" in page.locator("#snapshot-status").inner_text()
    # The button went dim under the keyboard's focus: focus stays in the row, on what it says now.
    assert page.evaluate("() => document.activeElement.id") == "snapshot-status"
    page.close()
    # The next visit starts the normal way and makes a new one.
    page = visit(made, base_url, request_log)
    assert page.evaluate("document.documentElement.dataset.start") == "normal"
    page.wait_for_function(STORED, timeout=SNAPSHOT_TIMEOUT_MS)
    page.close()


@pytest.fixture(scope="module")
def damaged(browser: Browser, base_url: str, request_log: RequestLog) -> Iterator[BrowserContext]:
    """A second site visited once, whose snapshot the damage tests break in turn: each test ends with a
    sound snapshot stored again (what it checks), which the next one starts from."""
    context, page = first_visit(browser, base_url, request_log)
    page.close()
    yield context
    context.close()


def restored_visit(context: BrowserContext, base_url: str, log: RequestLog) -> Page:
    """A visit that starts from the context's stored snapshot (the damage tests break it through this page)."""
    page = visit(context, base_url, log)
    assert page.evaluate("document.documentElement.dataset.start") == "snapshot"
    return page


@pytest.mark.parametrize("damage", ["flip", "table", "build"])
def test_a_damaged_or_foreign_snapshot_is_refused_and_replaced(damaged, base_url, request_log, damage) -> None:  # noqa: ANN001
    context = damaged
    page = restored_visit(context, base_url, request_log)
    assert page.evaluate(REWRITE, [damage]) == 1
    if damage == "build":  # and a snapshot left by an older build, under that build's name
        page.evaluate("""async () => {
          const name = (await caches.keys()).find((n) => n.endsWith(":snapshot"));
          await caches.open(name.replace(/:[^:]+:snapshot$/, ":0123456789abcdef:snapshot"));
        }""")
    page.close()
    page = visit(context, base_url + "#crosslight", request_log)
    root = page.evaluate("JSON.stringify(document.documentElement.dataset)")
    assert page.evaluate("document.documentElement.dataset.start") == "normal", root
    refused = page.evaluate("document.documentElement.dataset.snapshotRefused")
    expected = {"flip": "checksum", "table": "function table", "build": "made for build"}[damage]
    assert expected in refused
    play_a_move(page, "crosslight")
    older = page.evaluate("async () => (await caches.keys()).filter((n) => n.includes(':0123456789abcdef:'))")
    assert older == []
    # The bad one was deleted and a new one made for the next visit.
    page.wait_for_function(STORED, timeout=SNAPSHOT_TIMEOUT_MS)
    page.close()
    page = visit(context, base_url, request_log)
    assert page.evaluate("document.documentElement.dataset.start") == "snapshot"
    page.close()


def test_a_restored_visit_takes_numpy_the_game_and_bytecode_from_the_snapshot(made, base_url, request_log) -> None:  # noqa: ANN001
    requested: list[str] = []
    page = made.new_page()
    page.on("request", lambda request: requested.append(request.url))
    request_log.watch(page)
    page.goto(base_url)
    wait_until_ready(page)
    assert page.evaluate("document.documentElement.dataset.start") == "snapshot"
    # numpy's wheel is not fetched: the snapshot holds numpy (the loader leaves it out of the second wave).
    assert not [url for url in requested if url.endswith(".whl")], requested
    # The runtime was compiled while the page loaded, from its one request (Pyodide's own is answered
    # without reading the file again).
    assert page.evaluate("async () => (await window.masumeRuntimeWasm) instanceof WebAssembly.Module") is True
    assert len([url for url in requested if url.endswith("/pyodide.asm.wasm")]) == 1, requested
    # The game's files were written from the bundle before Python started (PyScript's unpacking was
    # skipped), and PyScript's own package was not imported (the game never uses it).
    written_ms = python(page, "import os; os.stat('app/web/shell.py').st_mtime * 1000")
    restored_ms = page.evaluate(
        "performance.timeOrigin + performance.getEntriesByName('masume:snapshot:restored')[0].startTime")
    assert written_ms < restored_ms, (written_ms, restored_ms)
    assert python(page, "import sys; 'pyscript' in sys.modules") is False
    assert page.evaluate("document.documentElement.dataset.pyscriptPackage") == "not-imported"
    page.close()


# Moves one of the stored bundle's header numbers by its lowest bit, in place (the same length, as
# 40533564 -> 40533565): a file's offset or length. Returns the number before and after.
EDIT_HEADER = """async ([path, field]) => {
  const names = (await caches.keys()).filter((name) => name.endsWith(":snapshot"));
  const cache = await caches.open(names[0]);
  const key = (await cache.keys())[0];
  const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
  const length = new DataView(bytes.buffer).getUint32(24, true);
  const text = new TextDecoder().decode(bytes.subarray(28, 28 + length));
  const pattern = '"path":"[^"]*/' + path.replaceAll(".", "[.]") + '","offset":([0-9]+),"length":([0-9]+)';
  const entry = new RegExp(pattern).exec(text);
  const at = 28 + entry.index + (field === "offset" ? entry[0].indexOf(',"length"') : entry[0].length) - 1;
  const before = field === "offset" ? entry[1] : entry[2];
  bytes[at] ^= 1;
  await cache.put(key, new Response(bytes));
  return [before, new TextDecoder().decode(bytes.subarray(at - before.length + 1, at + 1))];
}"""

# Rewrites the stored bundle, soundly (a new checksum), with one of the game's files replaced by `source`.
POISON = """async ([path, source]) => {
  const format = await import(new URL("static/js/snapshot-bundle.js", document.baseURI).href);
  const names = (await caches.keys()).filter((name) => name.endsWith(":snapshot"));
  const cache = await caches.open(names[0]);
  const key = (await cache.keys())[0];
  const decoded = format.openBundle(new Uint8Array(await (await cache.match(key)).arrayBuffer()));
  const files = decoded.files.map((file) => file.path.endsWith("/" + path)
    ? {path: file.path, data: new TextEncoder().encode(source)} : file);
  const {memory, files: placed, payload, ...info} = decoded.header;
  await cache.put(key, new Response(await format.encodeBundle({memory: decoded.memory, files, info})));
  return files.filter((file) => file.path.endsWith("/" + path)).length;
}"""

SCREEN_OPEN = {
    "#mirrors/edit": "() => document.documentElement.dataset.view === 'edit' && !!document.querySelector('#view h1')",
    "#pipes": "() => document.querySelectorAll('.board-grid button.cell').length > 0",
}


def test_a_snapshot_whose_header_has_one_changed_byte_is_refused_and_replaced(damaged, base_url, request_log) -> None:  # noqa: ANN001
    context = damaged
    page = restored_visit(context, base_url, request_log)
    for path, field, route in (("app/web/views/mirrors_editor.py", "offset", "#mirrors/edit"),
                               ("app/web/views/pipes_legend.py", "length", "#pipes")):
        before, after = page.evaluate(EDIT_HEADER, [path, field])
        assert len(before) == len(after) and int(after) in (int(before) - 1, int(before) + 1)
        page.close()
        page = visit(context, base_url + route, request_log)
        root = page.evaluate("JSON.stringify(document.documentElement.dataset)")
        assert page.evaluate("document.documentElement.dataset.start") == "normal", (path, field, root)
        assert "checksum" in page.evaluate("document.documentElement.dataset.snapshotRefused"), root
        page.wait_for_function(SCREEN_OPEN[route])  # the screen works (no internal error: conftest)
        page.wait_for_function(STORED, timeout=SNAPSHOT_TIMEOUT_MS)  # and a sound snapshot replaces it
    page.close()
    page = visit(context, base_url + "#mirrors/edit", request_log)
    assert page.evaluate("document.documentElement.dataset.start") == "snapshot"
    page.wait_for_function(SCREEN_OPEN["#mirrors/edit"])
    page.close()


def test_a_restored_page_whose_view_fails_to_import_drops_the_snapshot(browser, base_url, request_log) -> None:  # noqa: ANN001
    context, page = first_visit(browser, base_url, request_log)
    broken = 'raise RuntimeError("a view that cannot be imported")\n'
    dropped = "() => document.documentElement.dataset.snapshot === 'dropped'"
    no_snapshot = "async () => (await caches.keys()).every((name) => !name.endsWith(':snapshot'))"
    try:
        # Opened from home: the route fails while importing the editor's view.
        assert page.evaluate(POISON, ["app/web/views/mirrors_editor.py", broken]) == 1
        page.close()
        page = visit(context, base_url, request_log)
        assert page.evaluate("document.documentElement.dataset.start") == "snapshot"
        page.evaluate("() => { window.location.hash = '#mirrors/edit'; }")
        page.wait_for_function(dropped)
        assert "a view that cannot be imported" in page.evaluate("document.documentElement.dataset.snapshotDropped")
        page.wait_for_function(no_snapshot)
        assert "Something went wrong" in page.locator("#notice").inner_text()
        assert any("a view that cannot be imported" in error for error in request_log.errors)
        request_log.errors.clear()  # (the error this test caused on purpose)
        page.close()
        # The next visit starts the normal way, opens the editor, and makes a sound snapshot again.
        page = visit(context, base_url + "#mirrors/edit", request_log)
        assert page.evaluate("document.documentElement.dataset.start") == "normal"
        page.wait_for_function(SCREEN_OPEN["#mirrors/edit"])
        page.wait_for_function(STORED, timeout=SNAPSHOT_TIMEOUT_MS)
        # The editor's address opened directly: the first screen fails, the loader says so, the snapshot goes.
        assert page.evaluate(POISON, ["app/web/views/mirrors_editor.py", broken]) == 1
        page.close()
        page = context.new_page()
        request_log.watch(page)
        page.goto(base_url + "#mirrors/edit")
        page.locator("#loading-error").wait_for(state="visible", timeout=LONG_WAIT_MS)
        assert page.evaluate("document.documentElement.dataset.start") == "snapshot"
        page.wait_for_function(dropped)
        page.wait_for_function(no_snapshot)
        page.close()
        page = visit(context, base_url + "#mirrors/edit", request_log)
        assert page.evaluate("document.documentElement.dataset.start") == "normal"
        page.wait_for_function(SCREEN_OPEN["#mirrors/edit"])
    finally:
        context.close()
