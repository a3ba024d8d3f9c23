"""Browser tests: the served folder in a real headless Chromium, driven by Playwright.

Each call of `open_page` boots Pyodide in a fresh context and page, which takes seconds: a
module whose tests can reset their state opens one page for them all (a module-scoped
fixture) and moves between screens through the URL hash (`go`), which does not reboot
Python, and switches colour scheme or reduced motion on that page (`page.emulate_media`).
Every page opened here records its requests, and after every test an autouse
fixture asserts that none left the page's origin.

The suite runs on shared, busy machines: no test asserts how long something took. Waits
are on conditions, with generous time-outs (`WAIT_MS`); where the page must stay
responsive during long work, `busy_turns` counts the turns it gave other tasks meanwhile;
where time must pass, Playwright's `page.clock` moves it. Task lengths are measured in
bench/ (`make bench`), not here. After a run the page loads per file are listed: each
load of the game boots Pyodide, the suite's main cost.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
import vendor
from browser import (
    BOOT_TIMEOUT_MS,
    CHROMIUM_ARGS,
    LOCAL_SCHEMES,
    ChromiumMissingError,
    chromium_path,
    go,
    wait_until_ready,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from serve import serve_in_thread

from tests.conftest import LOADS  # (counted here, listed by the top conftest, which pytest-xdist's controller loads)

__all__ = ["CHROMIUM_ARGS", "go", "wait_until_ready"]  # the test modules import these from here

ROOT = Path(__file__).resolve().parents[2]
# How long a wait on a condition may take before it fails: a busy machine (two CPU-bound processes
# beside the suite) takes several times as long as a quiet one, so this is generous; a wait that
# passes returns as soon as its condition holds.
WAIT_MS = 60_000
expect.set_options(timeout=WAIT_MS)
LONG_WAIT_MS = BOOT_TIMEOUT_MS  # a boot, or long work (a 50×50 board, a replay of 20,000 moves)


def _chromium() -> str:
    try:
        return chromium_path()
    except ChromiumMissingError as exc:
        pytest.exit(str(exc), returncode=3)
        raise


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """The project folder served on 127.0.0.1 at a free port."""
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").exists():
        pytest.exit("static/vendor is missing: run `make vendor` (make test does it for you)", returncode=3)
    server, url = serve_in_thread(0, ROOT)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the whole run."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS, headless=True)
        new_context = browser.new_context

        def patient_context(*args: object, **kwargs: object) -> BrowserContext:
            context = new_context(*args, **kwargs)  # type: ignore[arg-type]
            context.set_default_timeout(WAIT_MS)
            return context

        browser.new_context = patient_context  # type: ignore[method-assign]  # (every context, the tests' own too)
        yield browser
        browser.close()


class RequestLog:
    """Every URL requested by the pages of a test run, split into local and foreign.

    A page's frames are watched with it (Playwright reports their requests and errors on the page):
    the portal tests (test_portal_browser.py) add their two origins, the game's and the portal page's,
    with `allow` for as long as they serve them.
    """

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.origins: list[str] = [base_url]
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.local: list[str] = []  # (the page's own requests, for tests that check what was asked)

    def allow(self, *origins: str) -> None:
        """Count requests to these origins (URL prefixes) as the page's own."""
        self.origins.extend(origins)

    def disallow(self, *origins: str) -> None:
        """Stop counting these origins as the page's own."""
        for origin in origins:
            self.origins.remove(origin)

    def watch(self, page: Page) -> None:
        """Record this page's requests and uncaught page errors, its frames' included."""
        page.on("request", self._on_request)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", self._on_console)

    def _on_console(self, message) -> None:  # noqa: ANN001 - Playwright's ConsoleMessage
        if message.type == "error" and "Masume internal error" in message.text:
            self.errors.append(message.text)

    def _on_request(self, request) -> None:  # noqa: ANN001 - Playwright's Request
        url = request.url
        if url.startswith(tuple(self.origins)):
            self.local.append(url)
        elif not url.startswith(LOCAL_SCHEMES):
            self.foreign.append(url)


def _counted(method: Callable[..., object]) -> Callable[..., object]:
    def wrapper(self: Page, *args: object, **kwargs: object) -> object:
        LOADS.count()
        return method(self, *args, **kwargs)
    return wrapper


Page.goto = _counted(Page.goto)  # type: ignore[method-assign]
Page.reload = _counted(Page.reload)  # type: ignore[method-assign]


class BusyTurns:
    """Counts the turns a page gives other tasks while its screen shows work under way (`.is-busy`).

    A task of the test's own, queued with setTimeout(0) again and again, runs between the work's
    slices when the work yields to the browser, and cannot run inside one long task: the count says
    how often the page answered meanwhile, whatever the machine's speed. Use as a context manager
    around the action; `turns` holds the count after it (and `seen` how many times the mark was on).
    """

    START = """() => {
        const run = window.__busyTurns = {turns: 0, on: true, labels: []};
        const tick = () => {
            if (!run.on) return;
            if (document.querySelector('.is-busy')) {
                run.turns += 1;
                const label = document.querySelector('#busy-label');
                if (label && !run.labels.includes(label.textContent)) run.labels.push(label.textContent);
            }
            setTimeout(tick, 0);
        };
        setTimeout(tick, 0);
    }"""
    STOP = "() => { const run = window.__busyTurns; run.on = false; return [run.turns, run.labels]; }"

    def __init__(self, page: Page) -> None:
        self.page = page
        self.turns = 0
        self.labels: list[str] = []  # the progress lines (#busy-label) seen meanwhile

    def __enter__(self) -> BusyTurns:
        self.page.evaluate(self.START)
        return self

    def __exit__(self, *exc: object) -> None:
        self.turns, self.labels = self.page.evaluate(self.STOP)


def page_timers_run(page: Page, ms: int) -> None:
    """Wait until the page's own timers due within `ms` from now have run (a timer of ours, due after them).

    For checks that something did not happen: unlike a wait in the test, this waits for the page's clock
    and its queue, so a page that is slow to get to its timers is waited for, however busy the machine.
    """
    page.evaluate("(ms) => new Promise(done => setTimeout(() => requestAnimationFrame(() => done()), ms))", ms)


@contextmanager
def viewport(page: Page, width: int, height: int) -> Iterator[Page]:
    """Give a shared page another window size for a `with` block (open a route inside it, so the screen is
    laid out for that size), then its own size back."""
    before = page.viewport_size
    page.set_viewport_size({"width": width, "height": height})
    try:
        yield page
    finally:
        if before is not None:
            page.set_viewport_size(before)


def pause_clock(page: Page) -> None:
    """Stop a page's Playwright clock (open_page(clock=True)) a second ahead of its time: from then on its
    timers, frames and clocks move only with `page.clock.run_for`, until `page.clock.resume()`."""
    now = page.evaluate("Date.now()") / 1000
    page.clock.pause_at(datetime.fromtimestamp(now + 1, UTC))


def busy_turns(page: Page) -> BusyTurns:
    """Count the page's turns for other tasks while it is busy, around a `with` block (see BusyTurns)."""
    return BusyTurns(page)


@pytest.fixture(scope="session")
def request_log(base_url: str) -> RequestLog:
    """The shared log of foreign requests."""
    return RequestLog(base_url)


@pytest.fixture(autouse=True)
def no_request_leaves_origin(request_log: RequestLog) -> Iterator[None]:
    """After every browser test: nothing was fetched from outside the page's origin, nothing threw."""
    request_log.foreign.clear()
    request_log.errors.clear()
    request_log.local.clear()
    yield
    assert request_log.foreign == [], f"requests left the origin: {request_log.foreign}"
    assert request_log.errors == [], f"uncaught page errors: {request_log.errors}"


def route_app_zip(context: BrowserContext, body: bytes) -> None:
    """Serve `body` as app.zip with a precache list that names it, as `make vendor` would write.

    (The loader checks every download against the list's size and sha256: a patched app.zip
    alone is, rightly, a damaged file.)
    """
    build = vendor.read_precache(ROOT)
    for entry in build["files"]:
        if entry["url"] == "static/vendor/app.zip":
            entry.update(size=len(body), sha256=hashlib.sha256(body).hexdigest())
    listing = "self.MASUME_BUILD = " + json.dumps(build) + ";\n"
    context.route("**/static/vendor/app.zip",
                  lambda route: route.fulfill(status=200, body=body, content_type="application/zip"))
    context.route("**/static/vendor/precache.js",
                  lambda route: route.fulfill(status=200, body=listing, content_type="text/javascript"))


PageFactory = Callable[..., Page]
# Making a start-up snapshot costs seconds of CPU after each first visit; only
# tests/browser/test_snapshot_browser.py (and the delivery tests) let it happen.
NO_SNAPSHOT = "window.masumeNoSnapshot = true;"


@pytest.fixture(scope="module")
def open_page(browser: Browser, base_url: str, request_log: RequestLog) -> Iterator[PageFactory]:
    """Open a fresh context and page at a hash, optionally waiting for data-ready.

    `clock`: install Playwright's fake clock before the page loads (time flows as usual until a test
    pauses it with `page.clock.pause_at`, then moves only with `page.clock.run_for`).
    """
    contexts: list[BrowserContext] = []

    def factory(fragment: str = "", *, wait_ready: bool = True, init_script: str | None = None,
                viewport: dict | None = None, reduced_motion: str = "no-preference", locale: str = "en-US",
                has_touch: bool = False, is_mobile: bool = False, clock: bool = False) -> Page:
        for attempt in (1, 2):
            context = browser.new_context(viewport=viewport or {"width": 1280, "height": 800},
                                          reduced_motion=reduced_motion, locale=locale, has_touch=has_touch,
                                          is_mobile=is_mobile)
            contexts.append(context)
            context.add_init_script(NO_SNAPSHOT)
            if init_script:
                context.add_init_script(init_script)
            page = context.new_page()
            if clock:  # Playwright's clock, in place before the page's first script: page.clock moves time
                page.clock.install()
            request_log.watch(page)
            try:
                page.goto(base_url + fragment)
                if wait_ready:
                    wait_until_ready(page)
            except PlaywrightError as error:
                # Chromium's renderer has crashed, rarely, while a loaded machine boots Pyodide (seen in CI
                # and in benches, never reproduced on purpose): that is the browser's, not the page's, so the
                # boot is tried once more in a fresh context. Any other error fails the test as it is.
                if attempt == 2 or "crashed" not in str(error).lower():
                    raise
                continue
            return page
        raise AssertionError("unreachable")  # (the second attempt returns or raises)

    yield factory
    for context in contexts:
        context.close()
