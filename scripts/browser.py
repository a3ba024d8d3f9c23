"""Driving the served page in headless Chromium: shared by the browser tests and the benchmarks.

Playwright's own browser downloads are not available here, so the system
Chromium (Debian's `chromium` package, or $CHROMIUM) is used with flags that
keep it from making any background request.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from playwright.sync_api import Page

BOOT_TIMEOUT_MS = 300_000  # a boot on a busy machine (other CPU-bound work beside it) takes minutes, not seconds
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-default-apps", "--disable-extensions",
]
LOCAL_SCHEMES = ("data:", "blob:", "about:")  # not network requests, whatever the page's origin


class ChromiumMissingError(RuntimeError):
    """No Chromium to drive; the message says how to get one."""


def chromium_path() -> str:
    """Return the Chromium to drive: $CHROMIUM, or the system package's binary."""
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    raise ChromiumMissingError(
        "Chromium is missing: install Debian's package (apt-get install chromium) or set CHROMIUM=/path")


def wait_until_ready(page: Page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait for Python to finish starting the page (html[data-ready="true"])."""
    page.wait_for_selector('html[data-ready="true"]', timeout=timeout_ms, state="attached")


def go(page: Page, fragment: str) -> None:
    """Move a booted page to another hash (no reboot) and wait until the new screen is open."""
    before = page.evaluate("() => Number(document.documentElement.dataset.routes || 0)")
    page.evaluate("""(f) => {
        if ((window.location.hash || "#") === f) window.dispatchEvent(new HashChangeEvent("hashchange"));
        else window.location.hash = f;
    }""", fragment)
    page.wait_for_function("(n) => Number(document.documentElement.dataset.routes) > n", arg=before)
