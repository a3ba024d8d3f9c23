"""Start-up failures: every one ends in a readable message with a retry button, never a traceback.

A missing (404) or blocked file of the runtime, the config, the game's modules or numpy is
named, with its likely cause (an incomplete upload), as soon as its download fails (no timer
is waited for); the loader (static/js/boot/) finds it from the precache list `make vendor` writes. None
of these pages gets as far as starting Python, so each costs a second or two, not a boot.
"""

from __future__ import annotations

import functools
import re
import threading
import time
import zipfile
from pathlib import Path

import pytest
import serve
import vendor

from tests.browser.conftest import LONG_WAIT_MS, NO_SNAPSHOT, page_timers_run, route_app_zip

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
MESSAGE_WAIT_MS = 60_000  # (generous: a busy machine; the message comes as soon as the failure is seen)


def critical_files() -> list[str]:
    """Every file without which the game cannot start: what the loader requests or preloads, core.js, the list."""
    entries = vendor.read_precache(ROOT)["files"]
    return [e["url"] for e in entries if e["kind"] in ("fetch", "module")] + [
        "static/vendor/pyscript/core.js", vendor.PRECACHE_URL]


def open_failing(browser, base_url: str, pattern: str, handler, locale: str = "en-US",  # noqa: ANN001
                 init_script: str | None = None, before_goto=None):  # noqa: ANN001, ANN202
    context = browser.new_context(locale=locale, service_workers="block")
    context.add_init_script(NO_SNAPSHOT)
    if init_script:
        context.add_init_script(init_script)
    context.route(pattern, handler)
    if before_goto:
        before_goto(context)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(base_url, wait_until="commit")
    return context, page, requests


def assert_readable(page) -> str:  # noqa: ANN001
    error = page.locator("#loading-error")
    error.wait_for(state="visible", timeout=MESSAGE_WAIT_MS)
    text = error.inner_text()
    body = page.locator("body").inner_text()
    assert "Traceback" not in body and 'File "' not in body and "No module named" not in body
    assert page.locator("#loading-retry").is_visible()
    assert page.evaluate("() => document.documentElement.dataset.ready") == "false"
    return text


@pytest.mark.parametrize("missing", critical_files())
def test_a_missing_file_is_named(browser, base_url, missing) -> None:  # noqa: ANN001
    context, page, requests = open_failing(browser, base_url, f"{base_url}{missing}",
                                           lambda route: route.fulfill(status=404, body="Not Found"))
    text = assert_readable(page)
    assert text.startswith("The game could not start")
    assert f"the file {missing} is missing (HTTP 404)" in text, text
    assert "upload" in text
    assert all(url.startswith((base_url, "data:", "blob:")) for url in requests), requests
    context.close()


def test_a_missing_file_is_named_in_japanese(browser, base_url) -> None:  # noqa: ANN001
    missing = "static/vendor/pyodide/pyodide-lock.json"
    context, page, _ = open_failing(browser, base_url, f"{base_url}{missing}",
                                    lambda route: route.fulfill(status=404, body=""), locale="ja-JP")
    text = assert_readable(page)
    assert text.startswith("ゲームを開始できませんでした") and missing in text and "アップロード" in text, text
    assert page.title() == "マス目"  # the tab says the site's name in the player's language before Python runs
    context.close()


def test_a_blocked_runtime_download_is_named_with_a_retry(browser, base_url) -> None:  # noqa: ANN001
    # (a first visit downloads the runtime's WebAssembly gzipped: static/js/boot/delivery.js)
    context, page, requests = open_failing(browser, base_url, "**/pyodide.asm.wasm-gz", lambda route: route.abort())
    text = assert_readable(page)
    assert text.startswith("The game could not start: the file static/vendor/pyodide/pyodide.asm.wasm-gz "
                           "could not be downloaded"), text
    assert all(url.startswith((base_url, "data:", "blob:")) for url in requests), requests
    context.close()


def test_a_stalled_download_says_so_with_a_readable_message(browser, base_url) -> None:  # noqa: ANN001
    context, page, _ = open_failing(browser, base_url, "**/python_stdlib.zip", lambda route: None,
                                    init_script="window.masumeBootStallMs = 3000;")  # never answered
    text = assert_readable(page)
    assert "The download has stopped: nothing has arrived for 3 seconds" in text, text
    context.close()


def test_a_broken_module_shows_a_readable_message_not_a_traceback(browser, base_url, tmp_path) -> None:  # noqa: ANN001
    broken = tmp_path / "app.zip"
    with zipfile.ZipFile(ROOT / "static" / "vendor" / "app.zip") as real, zipfile.ZipFile(broken, "w") as copy:
        for name in real.namelist():
            copy.writestr(name, b"def broken(:\n" if name == "app/web/shell.py" else real.read(name))
    context, page, _ = open_failing(browser, base_url, "**/nothing", lambda route: None,
                                    before_goto=lambda context: route_app_zip(context, broken.read_bytes()))
    error = page.locator("#loading-error")
    error.wait_for(state="visible", timeout=LONG_WAIT_MS)
    assert error.inner_text().startswith("The game could not start at the step “Starting”: SyntaxError"), \
        error.inner_text()
    body = page.locator("body").inner_text()
    assert "Traceback" not in body and 'File "' not in body
    context.close()


def test_file_url_explains_how_to_open_the_game(browser) -> None:  # noqa: ANN001
    context = browser.new_context()
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto((ROOT / "index.html").as_uri())
    error = page.locator("#loading-error")
    error.wait_for(state="visible", timeout=MESSAGE_WAIT_MS)
    assert "web server" in error.inner_text()
    assert page.locator("#loading-retry").is_visible()
    assert all(url.startswith(("file://", "data:", "blob:")) for url in requests), requests
    context.close()


# ----- damaged files (#20): every download is checked against its size and sha256 -------------------

def runtime_downloads() -> list[str]:
    """The files the loader downloads itself and so checks byte for byte: the runtime, config, game, numpy."""
    return [e["url"] for e in vendor.read_precache(ROOT)["files"] if e["kind"] == "fetch"]


@pytest.mark.parametrize("damaged", runtime_downloads())
def test_a_truncated_runtime_file_is_named_as_damaged_within_seconds(browser, base_url, damaged) -> None:  # noqa: ANN001
    body = (ROOT / damaged).read_bytes()
    context, page, _ = open_failing(browser, base_url, f"{base_url}{damaged}",
                                    lambda route: route.fulfill(status=200, body=body[: len(body) * 2 // 3]))
    page.wait_for_function("(f) => document.documentElement.dataset.damagedFile === f", arg=damaged,
                           timeout=MESSAGE_WAIT_MS)
    if page.evaluate("document.documentElement.dataset.ready") == "true":
        # numpy's wheel may come after the first screen: then the running game says it in a notice
        assert f"The file {damaged} is damaged or incomplete" in page.locator("#boot-notice").inner_text()
    else:
        text = assert_readable(page)
        assert f"the file {damaged} is damaged or incomplete" in text, text
    context.close()


def test_a_wasm_file_with_flipped_bytes_is_named_as_damaged(browser, base_url) -> None:  # noqa: ANN001
    damaged = "static/vendor/pyodide/pyodide.asm.wasm-gz"  # what a first visit downloads
    body = bytearray((ROOT / damaged).read_bytes())
    for index in range(1000, len(body), len(body) // 7):
        body[index] ^= 0xFF
    context, page, _ = open_failing(browser, base_url, f"{base_url}{damaged}",
                                    lambda route: route.fulfill(status=200, body=bytes(body)))
    assert f"the file {damaged} is damaged" in assert_readable(page)
    context.close()


def test_a_runtime_that_cannot_be_inflated_is_named_before_its_checksum(browser, base_url) -> None:  # noqa: ANN001
    # With the checksum unable to judge (a digest that fails counts as good), only the inflating
    # stream can name the file: it does so as soon as the gzip stream breaks.
    damaged = "static/vendor/pyodide/pyodide.asm.wasm-gz"
    body = bytearray((ROOT / damaged).read_bytes())
    body[len(body) // 3] ^= 0xFF
    no_digest = "crypto.subtle.digest = () => Promise.reject(new Error('no digest in this test'));"
    context, page, _ = open_failing(browser, base_url, f"{base_url}{damaged}",
                                    lambda route: route.fulfill(status=200, body=bytes(body)), init_script=no_digest)
    assert f"the file {damaged} is damaged" in assert_readable(page)
    context.close()


# The Cache API's write of a first visit's downloads can lag seconds behind the network (a loaded
# machine, a slow disk); here it waits 20 s. A changed byte in numpy's wheel (same size) must still be
# named as it arrives, not found by Pyodide's own check while installing and said as a failed step.
SLOW_CACHE_WRITE = """
const put = Cache.prototype.put;
Cache.prototype.put = function (...args) {
    return new Promise((resolve) => setTimeout(resolve, 20000)).then(() => put.apply(this, args));
};
"""


@pytest.mark.parametrize("fragment", ["#crosslight", ""])
def test_a_numpy_wheel_with_a_changed_byte_is_named_as_it_arrives(browser, base_url, fragment: str) -> None:  # noqa: ANN001
    damaged = next(url for url in runtime_downloads() if url.endswith(".whl"))
    body = bytearray((ROOT / damaged).read_bytes())
    body[len(body) // 2] ^= 0x01
    context, page, _ = open_failing(browser, base_url + fragment, f"{base_url}{damaged}",
                                    lambda route: route.fulfill(status=200, body=bytes(body)),
                                    init_script=SLOW_CACHE_WRITE)
    page.wait_for_function("(f) => document.documentElement.dataset.damagedFile === f", arg=damaged,
                           timeout=MESSAGE_WAIT_MS)
    if fragment:  # a game's address needs numpy before its first screen: the loader says it
        text = assert_readable(page)
        assert f"the file {damaged} is damaged or incomplete" in text, text
    else:  # home is drawn without numpy: the running page says it in a notice
        notice = page.locator("#boot-notice")
        notice.wait_for(state="visible", timeout=MESSAGE_WAIT_MS)
        assert f"The file {damaged} is damaged or incomplete" in notice.inner_text()
    context.close()


CORE = "static/vendor/pyscript/core.js"


@pytest.mark.parametrize("damage", ["truncated", "flipped"])
def test_a_damaged_pyscript_core_is_said_to_be_damaged_not_undownloadable(browser, base_url, damage: str) -> None:  # noqa: ANN001
    body = bytearray((ROOT / CORE).read_bytes())
    if damage == "truncated":
        body = body[:120]  # cut inside the import list
    else:
        body[body.index(b"core-") + 5] ^= 0x01  # one bit of the imported module's name: same size
    context, page, _ = open_failing(browser, base_url, f"{base_url}{CORE}",
                                    lambda route: route.fulfill(status=200, body=bytes(body),
                                                                content_type="text/javascript"))
    text = assert_readable(page)
    assert f"the file {CORE} is damaged or incomplete" in text, text
    assert "could not be downloaded" not in text
    context.close()


def test_a_truncated_module_is_named_from_its_size(browser, base_url) -> None:  # noqa: ANN001
    damaged = "static/vendor/pyodide/pyodide.asm.js"
    body = (ROOT / damaged).read_bytes()
    context, page, _ = open_failing(browser, base_url, f"{base_url}{damaged}",
                                    lambda route: route.fulfill(status=200, body=body[: len(body) // 2],
                                                                content_type="text/javascript"))
    assert f"the file {damaged} is damaged or incomplete" in assert_readable(page)
    context.close()


@pytest.mark.parametrize("case", ["missing", "truncated"])
def test_a_missing_or_truncated_stylesheet_is_named_in_a_notice(browser, base_url, case) -> None:  # noqa: ANN001
    sheet = "static/css/masume.css"
    body = (ROOT / sheet).read_bytes()

    def serve(route) -> None:  # noqa: ANN001
        if case == "missing":
            route.fulfill(status=404, body="Not Found")
        else:
            route.fulfill(status=200, body=body[: len(body) // 2], content_type="text/css")

    context, page, _ = open_failing(browser, base_url, f"{base_url}{sheet}", serve)
    notice = page.locator("#boot-notice")
    notice.wait_for(state="visible", timeout=MESSAGE_WAIT_MS)
    expected = f"The file {sheet} is missing (HTTP 404)" if case == "missing" else f"The file {sheet} is damaged"
    page.wait_for_function("(t) => document.querySelector('#boot-notice').textContent.includes(t)", arg=expected)
    context.close()


def test_a_missing_boot_script_is_said_once_the_game_starts(browser, base_url) -> None:  # noqa: ANN001
    context, page, _ = open_failing(browser, base_url, f"{base_url}static/js/boot.js",
                                    lambda route: route.fulfill(status=404, body="Not Found"))
    page.wait_for_selector('html[data-ready="true"]', timeout=LONG_WAIT_MS, state="attached")
    notice = page.locator("#notice")
    notice.wait_for(state="visible")
    assert "static/js/boot.js is missing" in notice.inner_text()
    context.close()


def test_a_missing_loader_module_is_named_once_the_game_starts(browser, base_url) -> None:  # noqa: ANN001
    # The loader's modules load as one graph: one missing, none runs, and static/js/boot.js finds which.
    missing = "static/js/boot/progress.js"
    context, page, requests = open_failing(browser, base_url, f"{base_url}{missing}",
                                           lambda route: route.fulfill(status=404, body="Not Found"))
    page.wait_for_selector('html[data-ready="true"]', timeout=120_000, state="attached")
    notice = page.locator("#notice")
    notice.wait_for(state="visible")
    assert f"The file {missing} is missing or did not run" in notice.inner_text()
    assert all(url.startswith((base_url, "data:", "blob:")) for url in requests), requests
    context.close()


# ----- a slow link (#20): no time-out while bytes arrive, a stall said when they stop ------------------

class TricklingHandler(serve.FolderHandler):
    """Serves the folder, but python_stdlib.zip a little at a time until `stall` is set, then nothing more.

    The last bytes never come, so the download cannot end, however long the test takes to look.
    """

    stall = threading.Event()
    closed = threading.Event()

    def do_GET(self) -> None:  # noqa: N802 - the base class's name
        if not self.path.split("?")[0].endswith("python_stdlib.zip"):
            super().do_GET()
            return
        body = (ROOT / "static/vendor/pyodide/python_stdlib.zip").read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "application/zip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        sent = 0
        try:
            while not self.stall.is_set() and sent < len(body) - 8192:
                self.wfile.write(body[sent:sent + 4096])
                self.wfile.flush()
                sent += 4096
                time.sleep(0.1)
            self.closed.wait(300)  # the stall: the rest never comes while the test looks
        except ConnectionError:
            pass


def test_a_slow_download_keeps_going_and_a_stopped_one_says_so(browser) -> None:  # noqa: ANN001
    handler = functools.partial(TricklingHandler, directory=str(ROOT))
    server = serve.FolderServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    TricklingHandler.stall.clear()
    TricklingHandler.closed.clear()
    context = browser.new_context(service_workers="block")
    context.add_init_script(NO_SNAPSHOT + "window.masumeBootStallMs = 2500; window.masumeBootTimeoutMs = 2500;")
    page = context.new_page()
    try:
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/", wait_until="commit")
        page.wait_for_function("() => (document.querySelector('#loading-progress')?.value ?? 0) > 0")
        # Bytes keep arriving for longer than both limits (the page's own clock says so): no message, and
        # the bar moves.
        started = page.evaluate("performance.now()")
        values = []
        while page.evaluate("performance.now()") - started < 6_000:
            page_timers_run(page, 500)
            assert page.locator("#loading-error").is_hidden()
            values.append(page.evaluate("document.querySelector('#loading-progress')?.value ?? 0"))
        assert values[-1] > values[0] > 0, values
        # It stops: the page says so, once nothing has arrived for the stall limit.
        TricklingHandler.stall.set()
        page.locator("#loading-error").wait_for(state="visible", timeout=MESSAGE_WAIT_MS)
        text = page.locator("#loading-error-text").inner_text()
        assert text.startswith("The download has stopped: nothing has arrived for 3 seconds"), text
        assert page.locator("#loading-retry").is_visible()
    finally:
        TricklingHandler.stall.set()
        TricklingHandler.closed.set()
        context.close()
        server.shutdown()


# What PyScript's start rejected with where a portal's frame was denied IndexedDB: the request's error event.
DENIED_EVENT = """(() => {
    const request = new EventTarget();
    request.error = new DOMException('The user denied permission to access the database.', 'UnknownError');
    let caught;
    request.addEventListener('error', (event) => { caught = event; });
    request.dispatchEvent(new Event('error'));
    return caught; })()"""


@pytest.mark.parametrize(("rejected", "said"), [
    (DENIED_EVENT, "UnknownError: The user denied permission to access the database."),
    ("new Event('error')", "“error” event"),
    ("new DOMException('', 'SecurityError')", "SecurityError"),
    ("Object.create(null)", "an unexpected value"),
])
def test_a_start_that_fails_on_an_event_or_a_dom_exception_names_the_step_and_the_cause_in_words(
        browser, base_url, rejected, said) -> None:  # noqa: ANN001
    # Once the page is parsed (before its module scripts, which DOMContentLoaded would wait for). PyScript's
    # module is held (never answered), so the start stays at its first step and nothing else can fail
    # first: this rejection is the failure said.
    script = ("document.addEventListener('readystatechange', () => { if (document.readyState === 'interactive') "
              f"Promise.reject({rejected}); }});")
    context, page, _ = open_failing(browser, base_url, f"{base_url}static/vendor/pyscript/core.js",
                                    lambda route: None, init_script=script)
    text = assert_readable(page)
    assert re.match(r"The game could not start at the step “\w[^”]*”: ", text), text  # (the step the loader was at)
    assert said in text and "[object" not in text, text
    context.close()
