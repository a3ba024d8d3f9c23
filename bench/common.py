"""Shared parts of the browser benchmarks: the local server, headless Chromium, request checks and statistics.

Every browser bench serves the project folder on 127.0.0.1 (scripts/serve.py),
drives the system Chromium through Playwright with the flags the browser tests
use, records every request of every page, and stops with an error if one of
them left 127.0.0.1: the game must work offline.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for _path in (ROOT, ROOT / "scripts"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from browser import CHROMIUM_ARGS, LOCAL_SCHEMES, chromium_path, wait_until_ready
from browser import go as go  # re-exported for the bench scripts, which import only `common`
from mines_generate import percentile
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright
from serve import serve_in_thread

BARE_PAGE = "bench/bare/index.html"
VIEWPORT = {"width": 1280, "height": 800}

# Reaches Pyodide's API object from the page without any hook in the app: the page's
# own PyScript module (same URL, so the same module instance) resolves whenDefined("py")
# with the running interpreter once the Python script has started.
REACH_INTERPRETER_JS = """async () => {
    if (!window.__benchPy) {
        const script = document.querySelector('script[type="module"][src*="pyscript/core.js"]');
        const core = await import(script.src);
        window.__benchPy = (await core.whenDefined("py")).interpreter;
    }
    return typeof window.__benchPy.runPython === "function";
}"""

# Records, in the page's own clock (ms since navigation start), when PyScript says Python is
# about to run the page's script (py:ready) and when <html data-ready> turns "true".
READY_MARKS_INIT_JS = """(() => {
    const marks = {};
    window.__benchMarks = marks;
    addEventListener("py:ready", () => { if (marks.pyReady === undefined) marks.pyReady = performance.now(); }, true);
    new MutationObserver(() => {
        const root = document.documentElement;
        if (marks.ready === undefined && root && root.getAttribute("data-ready") === "true") {
            marks.ready = performance.now();
        }
    }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
})();"""


class ForeignRequestError(RuntimeError):
    """A page of the benchmark requested something from outside 127.0.0.1."""


class PageProblemError(RuntimeError):
    """A page of the benchmark threw, reported a Masume internal error, or asked for a file that is not there."""


@dataclass
class RequestLog:
    """Every request made by the benchmark's pages, and every uncaught error they reported."""

    base_url: str
    count: int = 0
    foreign: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def watch(self, context: BrowserContext) -> None:
        """Record the requests and errors of every page this context opens."""
        context.on("request", self._on_request)
        context.on("response", self._on_response)
        context.on("page", self._watch_page)

    def _watch_page(self, page: Page) -> None:
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))
        page.on("console", lambda message: self._on_console(page, message))

    def _on_console(self, page: Page, message: Any) -> None:
        if message.type == "error" and "Masume internal error" in message.text:
            self.errors.append(f"{page.url}: {message.text}")

    def _on_request(self, request: Any) -> None:
        self.count += 1
        url = str(request.url)
        if not (url.startswith(self.base_url) or url.startswith(LOCAL_SCHEMES)):
            self.foreign.append(url)

    def _on_response(self, response: Any) -> None:
        if response.status >= 400:
            self.missing.append(f"{response.status} {response.url}")

    def check(self) -> None:
        """Fail loudly if any request left 127.0.0.1, any local file was missing, or any page threw."""
        if self.foreign:
            raise ForeignRequestError(f"{len(self.foreign)} request(s) left 127.0.0.1: {self.foreign[:10]}")
        if self.missing:
            raise PageProblemError(f"{len(self.missing)} request(s) failed: {self.missing[:10]}")
        if self.errors:
            raise PageProblemError(f"page error(s): {self.errors[:5]}")


@dataclass
class BenchBrowser:
    """One local server and one headless Chromium shared by a benchmark's runs."""

    playwright: Playwright
    browser: Browser
    base_url: str
    requests: RequestLog

    def new_context(self, *, init_script: str | None = None, snapshot: bool = False) -> BrowserContext:
        """Return a fresh context (empty HTTP cache and storage) whose requests are recorded.

        Unless `snapshot`, the page does not make its start-up snapshot: seconds of CPU a few
        seconds after boot would land in the middle of what most benches measure.
        """
        context = self.browser.new_context(viewport=VIEWPORT, reduced_motion="no-preference", locale="en-US")
        self.requests.watch(context)
        if not snapshot:
            context.add_init_script("window.masumeNoSnapshot = true;")
        if init_script:
            context.add_init_script(init_script)
        return context

    def open(self, path: str, *, init_script: str | None = None) -> tuple[BrowserContext, Page]:
        """Open `path` (relative to the served folder, may carry a #hash) in a fresh context and wait for data-ready."""
        context = self.new_context(init_script=init_script)
        page = context.new_page()
        page.goto(self.base_url + path)
        wait_until_ready(page)
        return context, page

    @property
    def version(self) -> str:
        """The Chromium version string."""
        return self.browser.version


@contextmanager
def bench_browser() -> Iterator[BenchBrowser]:
    """Serve the project folder and launch headless Chromium; check the requests when done."""
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").exists():
        raise SystemExit("static/vendor is missing: run `make vendor` first")
    server, base_url = serve_in_thread(0, ROOT)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
            bench = BenchBrowser(playwright, browser, base_url, RequestLog(base_url))
            try:
                yield bench
            finally:
                browser.close()
            bench.requests.check()
    finally:
        server.shutdown()


def progress(message: str) -> None:
    """Tell the person waiting what the benchmark is doing (stderr, so --json output stays clean)."""
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def reach_interpreter(page: Page) -> None:
    """Make the page's Pyodide API object available to later evaluations as window.__benchPy."""
    if not page.evaluate(REACH_INTERPRETER_JS):
        raise RuntimeError("could not reach the page's Pyodide interpreter")


# ----- statistics ------------------------------------------------------------------------------


def summarize(values: Sequence[float]) -> dict[str, float]:
    """Return the count, median, nearest-rank p95, min and max of `values`."""
    if not values:
        raise ValueError("no samples")
    return {
        "n": len(values),
        "median": statistics.median(values),
        "p95": percentile(list(values), 0.95),
        "min": min(values),
        "max": max(values),
    }


def target(name: str, value: float, limit: float, unit: str, *, met: bool | None = None) -> dict[str, Any]:
    """Return one target line for the report: `value` must be at most `limit` unless `met` says otherwise."""
    return {"name": name, "value": value, "limit": limit, "unit": unit, "met": value <= limit if met is None else met}


def format_target_value(value: float, unit: str) -> str:
    """Format a target's value with its unit ("1.08×", "12.3 ms", "0.4 %")."""
    if unit == "×":
        return f"{value:.2f}×"
    if unit == "%":
        return f"{value:+.1f} %"
    return f"{value:.1f} {unit}"


def targets_table(targets: list[dict[str, Any]]) -> list[str]:
    """Return markdown lines listing targets, measured values and whether each was met."""
    lines = ["| target | measured | met |", "|---|---:|:---:|"]
    for item in targets:
        limit = format_target_value(item["limit"], item["unit"]).lstrip("+")
        lines.append(f"| {item['name']} ≤ {limit} | {format_target_value(item['value'], item['unit'])} "
                     f"| {'yes' if item['met'] else '**no**'} |")
    return lines


def mib(value: float) -> str:
    """Format bytes as MiB with one decimal."""
    return f"{value / 2**20:.1f}"


def signed_bytes(value: float) -> str:
    """Format a byte difference with a sign, in KiB below 1 MiB and MiB above."""
    if abs(value) < 2**20:
        return f"{value / 1024:+.0f} KiB"
    return f"{value / 2**20:+.2f} MiB"


# ----- the machine -----------------------------------------------------------------------------


def cpu_model() -> str:
    """Return the CPU model from /proc/cpuinfo (or the platform's guess)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def memory_total() -> str:
    """Return the machine's memory from /proc/meminfo, in GiB."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return f"{int(line.split()[1]) / 2**20:.1f} GiB"
    except OSError:
        pass
    return "unknown"


def chromium_version() -> str:
    """Return `chromium --version` of the browser the benches drive."""
    try:
        result = subprocess.run([chromium_path(), "--version"], capture_output=True, text=True, timeout=30,
                                check=False)
        return result.stdout.strip() or result.stderr.strip()
    except (OSError, subprocess.TimeoutExpired, SystemExit) as exc:
        return f"unknown ({exc})"


def runtime_versions() -> str:
    """Return the page's PyScript and Pyodide versions (package.json's pin, the vendored lock file)."""
    try:
        pyscript = json.loads((ROOT / "package.json").read_text())["dependencies"]["@pyscript/core"]
        lock = json.loads((ROOT / "static" / "vendor" / "pyodide" / "pyodide-lock.json").read_text())["info"]
        return f"PyScript {pyscript}, Pyodide {lock['version']} (Python {lock['python']})"
    except (OSError, KeyError, ValueError) as exc:
        return f"unknown ({exc})"


def load_average() -> str:
    """Return the 1, 5 and 15 minute load averages (other work on the machine slows every page alike, not evenly)."""
    try:
        return ", ".join(f"{value:.1f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def machine() -> dict[str, str]:
    """Return what the results depend on: date, cores, CPU, memory, browser and Python."""
    return {
        "date": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
        "cores": str(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()),
        "cpu": cpu_model(),
        "memory": memory_total(),
        "os": platform.platform(terse=True),
        "chromium": chromium_version(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "runtime": runtime_versions(),
    }


# ----- command line ----------------------------------------------------------------------------


def at_least(minimum: int) -> Callable[[str], int]:
    """Return an argparse type that reads an integer no smaller than `minimum`."""

    def read(text: str) -> int:
        value = int(text)
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value

    read.__name__ = f"integer >= {minimum}"
    return read


def run_cli(description: str, add_options: Callable[[argparse.ArgumentParser], None],
            run: Callable[[argparse.Namespace], dict[str, Any]], markdown: Callable[[dict[str, Any]], str],
            argv: list[str] | None = None) -> None:
    """Parse the options, run a benchmark and print its markdown section, or JSON with --json."""
    parser = argparse.ArgumentParser(description=description)
    add_options(parser)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a markdown section")
    args = parser.parse_args(argv)
    report = run(args)
    print(json.dumps(report, indent=2) if args.json else markdown(report), flush=True)
