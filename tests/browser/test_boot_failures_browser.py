"""Start-up failures: every one ends in a readable message with a retry button, never a traceback.

A missing (404) or blocked file of the runtime, the config, the game's modules or numpy is
named within 15 seconds, with its likely cause (an incomplete upload); static/js/boot.js
finds it from the precache list `make vendor` writes. None of these pages gets as far as
starting Python, so each costs a second or two, not a boot.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
import vendor

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
NAMED_WITHIN_MS = 15_000


def critical_files() -> list[str]:
    """Every file without which the game cannot start: what boot.js requests or preloads, core.js, the list."""
    entries = vendor.read_precache(ROOT)["files"]
    return [e["url"] for e in entries if e["kind"] in ("fetch", "module")] + [
        "static/vendor/pyscript/core.js", vendor.PRECACHE_URL]


def open_failing(browser, base_url: str, pattern: str, handler, locale: str = "en-US",  # noqa: ANN001
                 init_script: str | None = None):  # noqa: ANN202
    context = browser.new_context(locale=locale, service_workers="block")
    if init_script:
        context.add_init_script(init_script)
    context.route(pattern, handler)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(base_url, wait_until="commit")
    return context, page, requests


def assert_readable(page) -> str:  # noqa: ANN001
    error = page.locator("#loading-error")
    error.wait_for(state="visible", timeout=NAMED_WITHIN_MS)
    text = error.inner_text()
    body = page.locator("body").inner_text()
    assert "Traceback" not in body and 'File "' not in body and "No module named" not in body
    assert page.locator("#loading-retry").is_visible()
    assert page.evaluate("() => document.documentElement.dataset.ready") == "false"
    return text


@pytest.mark.parametrize("missing", critical_files())
def test_a_missing_file_is_named_within_seconds(browser, base_url, missing) -> None:  # noqa: ANN001
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
    context.close()


def test_a_blocked_runtime_download_is_named_with_a_retry(browser, base_url) -> None:  # noqa: ANN001
    context, page, requests = open_failing(browser, base_url, "**/pyodide.asm.wasm", lambda route: route.abort())
    text = assert_readable(page)
    assert text.startswith("The game could not start: the file static/vendor/pyodide/pyodide.asm.wasm "
                           "could not be downloaded"), text
    assert all(url.startswith((base_url, "data:", "blob:")) for url in requests), requests
    context.close()


def test_a_stalled_download_times_out_with_a_readable_message(browser, base_url) -> None:  # noqa: ANN001
    context, page, _ = open_failing(browser, base_url, "**/python_stdlib.zip", lambda route: None,
                                    init_script="window.masumeBootTimeoutMs = 3000;")  # never answered
    assert "Loading took too long" in assert_readable(page)
    context.close()


def test_a_broken_module_shows_a_readable_message_not_a_traceback(browser, base_url, tmp_path) -> None:  # noqa: ANN001
    broken = tmp_path / "app.zip"
    with zipfile.ZipFile(ROOT / "static" / "vendor" / "app.zip") as real, zipfile.ZipFile(broken, "w") as copy:
        for name in real.namelist():
            copy.writestr(name, b"def broken(:\n" if name == "app/web/shell.py" else real.read(name))
    context, page, _ = open_failing(browser, base_url, "**/static/vendor/app.zip",
                                    lambda route: route.fulfill(path=str(broken)))
    error = page.locator("#loading-error")
    error.wait_for(state="visible", timeout=120_000)
    assert error.inner_text().startswith("The game could not start: SyntaxError")
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
    error.wait_for(state="visible", timeout=20_000)
    assert "web server" in error.inner_text()
    assert page.locator("#loading-retry").is_visible()
    assert all(url.startswith(("file://", "data:", "blob:")) for url in requests), requests
    context.close()
