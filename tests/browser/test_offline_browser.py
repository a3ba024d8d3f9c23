"""Delivery: offline play after one visit, the deployable folder under a sub-path, updates, the CSP.

Each test serves its own folder on its own port (so its service worker and caches start
empty and the server's log of requests is its own) and checks, like every browser test,
that no request left the page's origin. Offline means the browser context is switched
offline: a reload must then be answered by the service worker alone.

Playing "a move in every registered game" iterates `registry.games()`. Cross Light has
its own check (the move counter reads 1); any other game gets the generic action: click
board cells one after another until some cell's `data-code` changes, and if none does,
press the hint control (`#hint`) and wait for a change.
"""

from __future__ import annotations

import importlib
import os
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import vendor
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from serve import serve_in_thread

from app.core import registry
from tests.browser.conftest import LONG_WAIT_MS, RequestLog, go, wait_until_ready

GAMES = registry.games()  # every game app.catalogue registered (tests/conftest.py imports it)

# scripts/dist.py, imported by name at run time: a built dist/ folder at the project root would
# otherwise make the linter sort `import dist` as first-party one day and third-party the next.
dist = importlib.import_module("dist")
pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
WORKER_TIMEOUT_MS = 90_000

# Collects Content-Security-Policy violations from the first script on.
CSP_WATCH = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
});
"""
CONTROLLED = """() => navigator.serviceWorker.controller !== null
    && document.documentElement.dataset.offline === "ready" """


class Site:
    """A folder served on its own port, with the server's request log."""

    def __init__(self, folder: Path, prefix: str = "") -> None:
        self.server, self.host = serve_in_thread(0, folder)
        self.url = self.host + prefix
        self.log = RequestLog(self.url)

    @property
    def requests(self) -> list[tuple[str, str, int]]:
        return self.server.requests

    def close(self) -> None:
        self.server.shutdown()


def new_page(browser, site: Site, offline_watch: bool = True):  # noqa: ANN001, ANN201
    """A fresh context (no worker, no caches) and page whose requests and CSP violations are recorded."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US",
                                  service_workers="allow")
    context.add_init_script(CSP_WATCH)
    page = context.new_page()
    site.log.watch(page)
    context.on("request", site.log._on_request)  # the worker's requests too
    return context, page


def check_clean(page, site: Site) -> None:  # noqa: ANN001
    """No request left the folder, nothing threw, the CSP blocked nothing."""
    assert site.log.foreign == [], f"requests left the folder: {site.log.foreign}"
    assert site.log.errors == [], f"uncaught page errors: {site.log.errors}"
    assert page.evaluate("() => window.__cspViolations") == []


def cell_codes(page) -> list[str | None]:  # noqa: ANN001
    return page.eval_on_selector_all(".board-grid button.cell", "bs => bs.map(b => b.getAttribute('data-code'))")


def play_a_move(page, game: str) -> None:  # noqa: ANN001
    """Make one move in the open game and check that the board changed."""
    page.locator(".board-grid button.cell").first.wait_for()
    if game == "crosslight":  # (a reload restores the game in progress: count from where it is)
        moves = int(page.locator("#stat-moves").inner_text().strip() or 0)
        page.locator(".board-grid button.cell").first.click()
        page.wait_for_function("(n) => document.querySelector('#stat-moves').textContent.trim() === String(n)",
                               arg=moves + 1)
        return
    before = cell_codes(page)
    cells = page.locator(".board-grid button.cell")
    for index in range(min(cells.count(), 12)):
        cells.nth(index).click()
        page.wait_for_timeout(100)
        if cell_codes(page) != before:
            return
    hint = page.locator("#hint")
    assert hint.count() == 1, f"{game}: no cell click changed the board, and there is no #hint control"
    hint.click()
    page.wait_for_function("(b) => JSON.stringify([...document.querySelectorAll('.board-grid button.cell')]"
                           ".map(c => c.getAttribute('data-code'))) !== b", arg=str(before).replace("'", '"'))


def precached_paths(folder: Path) -> set[str]:
    return {entry["url"] for entry in vendor.read_precache(folder)["files"]}


@pytest.fixture
def root_site() -> Iterator[Site]:
    site = Site(ROOT)
    yield site
    site.close()


def test_one_visit_then_every_game_plays_offline_under_the_csp(browser, root_site) -> None:  # noqa: ANN001
    site = root_site
    context, page = new_page(browser, site)
    page.goto(site.url)
    wait_until_ready(page)
    # The progress bar counted every byte home needs and said the download was done: every module
    # and fetched file of the list but numpy's wheel (installed after home) and the plain runtime
    # (the gzipped one is downloaded). (drawn on the next animation frame, which may come just
    # after Python marks the page ready)
    page.wait_for_function("() => document.documentElement.dataset.download === 'done'", timeout=10_000)
    needed = sum(entry["size"] for entry in vendor.read_precache(ROOT)["files"]
                 if entry["kind"] in ("fetch", "module") and not entry["url"].endswith(".whl"))
    assert page.evaluate("() => { const p = document.querySelector('#loading-progress'); "
                         "return p.value === p.max && p.max; }") == needed
    page.wait_for_function(CONTROLLED, timeout=WORKER_TIMEOUT_MS)
    # Every file the page and its worker asked for is in the precache list; none was downloaded twice.
    listed = precached_paths(ROOT) | {"", "sw.js", vendor.PRECACHE_URL}
    asked = {path.split("?")[0].split("#")[0].lstrip("/") for _, path, _ in site.requests}
    assert asked <= listed, f"loaded but not precached: {sorted(asked - listed)}"
    downloads = [path for method, path, status in site.requests if method == "GET" and status == 200]
    twice = sorted({path for path in downloads if downloads.count(path) > 1})
    assert twice == [], f"downloaded more than once: {twice}"

    # Let the browser's own check for a newer worker finish while online, so it is not counted below.
    page.evaluate("async () => { const r = await navigator.serviceWorker.ready; await r.update(); }")
    answered = len(site.requests)
    context.set_offline(True)
    page.reload()
    wait_until_ready(page)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    for game in GAMES:
        go(page, f"#{game}")
        play_a_move(page, game)
    # The browser itself may still ask whether sw.js (and the scripts it imports) changed: a
    # revalidation outside the page, which fails harmlessly with no network. Nothing else may.
    worker_files = ("sw.js", vendor.PRECACHE_URL, "static/js/sha256.js")
    asked = [r for r in site.requests[answered:] if r[1].lstrip("/") not in worker_files]
    assert asked == [], "offline, yet the server was asked"
    check_clean(page, site)
    context.close()


def test_the_built_folder_plays_from_a_sub_path_online_and_offline(browser, tmp_path) -> None:  # noqa: ANN001
    folder = tmp_path / "games" / "masume"
    dist.build(folder)
    shipped = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    assert shipped == precached_paths(folder) | {"sw.js", vendor.PRECACHE_URL}
    assert not [name for name in shipped if name.endswith((".map", ".d.ts")) or name.startswith("tests/")]
    site = Site(tmp_path, "games/masume/")
    try:
        context, page = new_page(browser, site)
        page.goto(site.url + "#crosslight")
        wait_until_ready(page)
        play_a_move(page, "crosslight")
        page.wait_for_function(CONTROLLED, timeout=WORKER_TIMEOUT_MS)
        scope = page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).scope")
        assert scope == site.url
        assert all(path.startswith("/games/masume/") for _, path, _ in site.requests), site.requests
        context.set_offline(True)
        page.reload()
        wait_until_ready(page)
        play_a_move(page, "crosslight")
        check_clean(page, site)
        context.close()
    finally:
        site.close()


def _release(folder: Path, mark: str) -> dict:
    """Build the folder and mark every kind of file as release `mark`; return its new precache list.

    The page, the css (a game's too), app/main.py and a module inside app.zip each carry the mark, so
    the page itself can show whether everything it runs came from one release.
    """
    dist.build(folder)
    index = folder / "index.html"
    index.write_text(index.read_text().replace("<head>", f'<head>\n  <meta name="test-build" content="{mark}">'))
    with (folder / "static" / "css" / "boot.css").open("a") as css:
        css.write(f'\n:root {{ --test-build: "{mark}"; }}\n')
    with (folder / "static" / "css" / "games" / "mirrors.css").open("a") as css:  # loaded only when Light Path opens
        css.write(f'\n:root {{ --test-game-build: "{mark}"; }}\n')
    archive = folder / "static" / "vendor" / "app.zip"
    with zipfile.ZipFile(archive, "a") as zipped:
        zipped.writestr("app/test_build.py", f'MARK = "{mark}"\n')
    with (folder / "app" / "main.py").open("a") as main:
        main.write("\nfrom app.test_build import MARK\n\n"
                   f'js.document.documentElement.setAttribute("data-test-build", MARK + "/{mark}")\n')
    return vendor.write_precache(folder)


RELEASE_SEEN = """() => [
    document.querySelector('meta[name="test-build"]').content,
    getComputedStyle(document.documentElement).getPropertyValue('--test-build').trim().replaceAll('"', ''),
    document.documentElement.dataset.testBuild,
    MASUME_BUILD.version,
]"""


def test_an_update_is_announced_and_taken_on_the_next_load_without_mixing_versions(browser, tmp_path) -> None:  # noqa: ANN001
    releases = {"v1": _release(tmp_path / "v1", "v1")}

    def one_release(page, mark: str) -> None:  # noqa: ANN001
        """The page, its css, app/main.py, app.zip and the list all came from release `mark`."""
        assert page.evaluate(RELEASE_SEEN) == [mark, mark, f"{mark}/{mark}", releases[mark]["version"]]

    live = tmp_path / "site"
    live.symlink_to(tmp_path / "v1")
    site = Site(live)
    try:
        context, page = new_page(browser, site)
        page.goto(site.url)
        wait_until_ready(page)
        one_release(page, "v1")
        page.wait_for_function(CONTROLLED, timeout=WORKER_TIMEOUT_MS)
        releases["v2"] = _release(tmp_path / "v2", "v2")  # built later: newer files, as on a host
        assert releases["v1"]["version"] != releases["v2"]["version"]
        swap = tmp_path / "site.new"  # the host now serves release 2
        swap.symlink_to(tmp_path / "v2")
        os.replace(swap, live)

        page.reload()  # still release 1, from the worker; release 2 installs meanwhile
        wait_until_ready(page)
        one_release(page, "v1")
        button = page.locator("#boot-notice button#update-reload")
        button.wait_for(timeout=WORKER_TIMEOUT_MS)
        assert page.locator("#boot-notice").get_attribute("role") == "status"
        assert "A new version is ready" in page.locator("#boot-notice").inner_text()
        assert button.evaluate("b => b.tagName") == "BUTTON"
        go(page, "#crosslight")  # the running page keeps working on release 1
        play_a_move(page, "crosslight")
        one_release(page, "v1")
        page.locator("#boot-notice button#update-later").click()  # "Later" puts the notice away
        assert page.locator("#boot-notice").inner_text() == ""

        page.reload()  # the next load is release 2, entirely
        try:
            page.wait_for_function("() => document.documentElement.dataset.testBuild === 'v2/v2'", timeout=60_000)
        except PlaywrightTimeoutError:
            # Seen in 2 of 5 full-suite runs: the waiting worker had not activated by that load.
            # The load after it must be release 2; a page never mixes releases (checked below).
            page.reload()
            page.wait_for_function("() => document.documentElement.dataset.testBuild === 'v2/v2'", timeout=LONG_WAIT_MS)
        wait_until_ready(page)
        one_release(page, "v2")
        # Release 1's files and start-up snapshot are gone (tidied as this page loaded); release 2 may have made
        # its own snapshot by now.
        release_2 = f"masume:{site.url}:{releases['v2']['version']}"
        page.wait_for_function("""(mine) => caches.keys().then((keys) => keys.filter((k) => k.startsWith('masume:'))
            .every((k) => k === mine || k === mine + ':snapshot'))""", arg=release_2, timeout=30_000)
        keys = page.evaluate("async () => (await caches.keys()).filter(k => k.startsWith('masume:'))")
        assert sorted(keys) in ([release_2], [release_2, release_2 + ":snapshot"]), keys
        play_a_move(page, "crosslight")
        assert page.locator("#boot-notice").inner_text() == ""
        check_clean(page, site)
        context.close()
    finally:
        site.close()


GAME_CSS_SEEN = """() => getComputedStyle(document.documentElement).getPropertyValue('--test-game-build')
    .trim().replaceAll('"', '')"""


def test_a_tab_on_the_old_release_keeps_its_own_files_after_another_tab_takes_the_update(browser, tmp_path) -> None:  # noqa: ANN001
    releases = {"v1": _release(tmp_path / "v1", "v1")}

    def one_release(page, mark: str) -> None:  # noqa: ANN001
        assert page.evaluate(RELEASE_SEEN) == [mark, mark, f"{mark}/{mark}", releases[mark]["version"]]

    live = tmp_path / "site"
    live.symlink_to(tmp_path / "v1")
    site = Site(live)
    try:
        context, old = new_page(browser, site)
        old.goto(site.url)
        wait_until_ready(old)
        old.wait_for_function(CONTROLLED, timeout=WORKER_TIMEOUT_MS)
        old.reload()  # now a page the worker loaded, as every visit after the first
        wait_until_ready(old)
        one_release(old, "v1")
        releases["v2"] = _release(tmp_path / "v2", "v2")
        swap = tmp_path / "site.new"  # the host now serves release 2
        swap.symlink_to(tmp_path / "v2")
        os.replace(swap, live)

        # Another tab loads (release 1, from the worker), release 2 installs, and that tab takes it.
        other = context.new_page()
        site.log.watch(other)
        other.goto(site.url)
        wait_until_ready(other)
        other.locator("#boot-notice button#update-reload").click(timeout=WORKER_TIMEOUT_MS)
        other.wait_for_function("() => document.documentElement.dataset.testBuild === 'v2/v2'", timeout=LONG_WAIT_MS)
        wait_until_ready(other)
        one_release(other, "v2")

        # The old tab is now controlled by release 2's worker, yet every file it asks for is release 1's:
        # a game's stylesheet loaded only now, and the game's modules it imports now.
        old.wait_for_function("() => document.querySelector('#boot-notice button#update-reload') !== null")
        go(old, "#mirrors")
        old.wait_for_function("() => document.querySelectorAll('.board-grid button.cell').length > 0")
        assert old.evaluate(GAME_CSS_SEEN) == "v1"
        one_release(old, "v1")
        assert old.evaluate("document.documentElement.dataset.pageFileProblem") is None  # no file of another size
        play_a_move(old, "mirrors")
        go(other, "#mirrors")
        assert other.evaluate(GAME_CSS_SEEN) == "v2"

        # Its own "Reload" loads release 2 at once (the update was taken by the other tab), and once no
        # tab runs release 1, its files go (the next page that loads tidies them).
        old.locator("#boot-notice button#update-reload").click()
        old.wait_for_function("() => document.documentElement.dataset.testBuild === 'v2/v2'", timeout=LONG_WAIT_MS)
        wait_until_ready(old)
        one_release(old, "v2")
        release_1 = f"masume:{site.url}:{releases['v1']['version']}"
        old.wait_for_function("(gone) => caches.keys().then((keys) => !keys.some((k) => k.startsWith(gone)))",
                              arg=release_1, timeout=30_000)
        check_clean(old, site)
        check_clean(other, site)
        context.close()
    finally:
        site.close()


def test_a_failed_install_keeps_the_online_game_and_says_offline_play_is_unavailable(browser, tmp_path) -> None:  # noqa: ANN001
    folder = tmp_path / "site"
    dist.build(folder)
    # A file the worker stores but the page itself never loads no longer matches its listed sha256 (a
    # file the page loads would be named as damaged by the loader, and the game would not start).
    with (folder / "static" / "icons" / "icon-512.png").open("ab") as icon:
        icon.write(b"changed after the list was written")
    site = Site(folder)
    try:
        context, page = new_page(browser, site)
        page.goto(site.url + "#crosslight")
        wait_until_ready(page)
        page.wait_for_function("() => document.documentElement.dataset.offline === 'unavailable'",
                               timeout=WORKER_TIMEOUT_MS)
        assert "Offline play is not available" in page.locator("#boot-notice").inner_text()
        play_a_move(page, "crosslight")
        assert page.evaluate("async () => (await caches.keys()).filter(k => k.startsWith('masume:'))") == []
        check_clean(page, site)
        context.close()
    finally:
        site.close()
