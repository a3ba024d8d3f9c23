"""Benchmark: a returning player who closed the browser and opens it again (issue 28's headline figure).

`bench/snapshot.py` times later visits as new pages of the same browser, where V8 still holds
the compiled WebAssembly in memory. A player who comes back tomorrow starts a new browser
process on the same profile: the code is compiled again and the snapshot is read from disk.
Each round here does what that player does, and times the bare page's first visit beside it:

- **Masume, returning**: launch Chromium on a new profile (`launch_persistent_context`),
  visit `/`, wait until the start-up snapshot is stored, close the browser; launch it again on
  the same profile and visit `/`, timed from navigation start to `html[data-ready="true"]`
  (it must say `data-start="snapshot"`, or the bench stops).
- **Bare, first visit**: launch Chromium on a new profile and visit the bare PyScript + numpy
  page (bench/bare/), timed the same way: the baseline of the ratio.

Every timed visit is in a fresh browser process; the order alternates every round; one
warm-up round (the OS file cache) is not counted.

    .venv/bin/python bench/returning.py [--runs 9] [--json]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from common import (
    BARE_PAGE,
    CHROMIUM_ARGS,
    READY_MARKS_INIT_JS,
    ROOT,
    VIEWPORT,
    RequestLog,
    at_least,
    chromium_path,
    load_average,
    progress,
    run_cli,
    serve_in_thread,
    summarize,
    target,
    targets_table,
)
from playwright.sync_api import BrowserContext, Playwright, sync_playwright
from snapshot import MASUME_INIT_JS, check_start, wait_for_snapshot, wait_offline_ready, wait_ready

TARGET_RATIO = 0.40  # issue 28: a returning visit in a new browser ≤ 0.40× the bare page's first visit


@contextmanager
def browser_on(playwright: Playwright, profile: str, requests: RequestLog,
               init_script: str) -> Iterator[BrowserContext]:
    """Launch Chromium on `profile` (a folder kept between launches) and yield its one context."""
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True,
        viewport=VIEWPORT, reduced_motion="no-preference", locale="en-US")
    requests.watch(context)
    context.add_init_script(init_script)
    try:
        yield context
    finally:
        context.close()


def masume_returning(playwright: Playwright, base_url: str, requests: RequestLog) -> dict[str, Any]:
    """First visit on a new profile until the snapshot is stored; then a new browser on it, timed."""
    with tempfile.TemporaryDirectory(prefix="masume-bench-profile-") as profile:
        with browser_on(playwright, profile, requests, MASUME_INIT_JS) as context:
            page = context.new_page()
            page.goto(base_url)
            wait_ready(page)
            first = check_start(page, expect="normal")
            wait_offline_ready(page)
            wait_for_snapshot(page)
        with browser_on(playwright, profile, requests, MASUME_INIT_JS) as context:
            page = context.new_page()
            page.goto(base_url)
            wait_ready(page)
            visit = check_start(page, expect="snapshot", build=first["build"])
    return {"first_ms": first["ready"], "returning_ms": visit["ready"], "marks": visit["marks"]}


def bare_first(playwright: Playwright, base_url: str, requests: RequestLog) -> float:
    """The bare page's first visit in a new browser on a new profile (ms to data-ready)."""
    with tempfile.TemporaryDirectory(prefix="masume-bench-bare-") as profile:
        with browser_on(playwright, profile, requests, READY_MARKS_INIT_JS) as context:
            page = context.new_page()
            page.goto(base_url + BARE_PAGE)
            wait_ready(page)
            return float(page.evaluate("() => window.__benchMarks.ready"))


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Alternate the bare first visit and Masume's returning visit for `args.runs` rounds."""
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").exists():
        raise SystemExit("static/vendor is missing: run `make vendor` first")
    bare: list[float] = []
    rounds: list[dict[str, Any]] = []
    started = time.perf_counter()
    load_before = load_average()
    server, base_url = serve_in_thread(0, ROOT)
    requests = RequestLog(base_url)
    try:
        with sync_playwright() as playwright:
            progress(f"returning: warm-up round, then {args.runs} alternating rounds")
            bare_first(playwright, base_url, requests)
            masume_returning(playwright, base_url, requests)
            for number in range(args.runs):
                if number % 2 == 0:
                    bare.append(bare_first(playwright, base_url, requests))
                    rounds.append(masume_returning(playwright, base_url, requests))
                else:
                    rounds.append(masume_returning(playwright, base_url, requests))
                    bare.append(bare_first(playwright, base_url, requests))
                progress(f"returning: round {number + 1}/{args.runs}: bare first {bare[-1]:.0f} ms; "
                         f"Masume returning {rounds[-1]['returning_ms']:.0f} ms")
        requests.check()
    finally:
        server.shutdown()
    times = {"bare_first": summarize(bare) | {"runs": [round(v) for v in bare]},
             "masume_first": summarize([r["first_ms"] for r in rounds]),
             "returning": summarize([r["returning_ms"] for r in rounds]) | {
                 "runs": [round(r["returning_ms"]) for r in rounds]}}
    ratio = times["returning"]["median"] / times["bare_first"]["median"]
    marks = {name: summarize([r["marks"][name] for r in rounds if name in r["marks"]])
             for name in ("read", "decoded", "runtime", "restored") if all(name in r["marks"] for r in rounds)}
    return {"benchmark": "returning", "runs": args.runs, "times": times, "ratio": ratio, "marks": marks,
            "targets": [target("returning visit, new browser, median × bare first visit, new browser, median",
                               ratio, TARGET_RATIO, "×")],
            "load_average": {"before": load_before, "after": load_average()},
            "seconds": round(time.perf_counter() - started, 1)}


def markdown(report: dict[str, Any]) -> str:
    """The report as a section of BENCHMARKS.md."""
    times = report["times"]

    def row(name: str, item: dict[str, float], ratio: str) -> str:
        return (f"| {name} | {item['median']:.0f} | {item['min']:.0f}–{item['max']:.0f} | {ratio} |")

    lines = [
        f"## Returning player in a new browser ({report['runs']} alternating rounds, "
        f"load {report['load_average']['before']} → {report['load_average']['after']})",
        "",
        "`bench/returning.py`: every timed visit in a freshly launched Chromium. Masume: first visit on a new "
        "profile until the start-up snapshot is stored, browser closed, launched again on the same profile, "
        "visit timed to `data-ready`. Baseline: the bare PyScript + numpy page's first visit on a new profile.",
        "",
        "| visit | median ms | spread ms | × bare |",
        "|---|---|---|---|",
        row("bare PyScript + numpy, first visit (baseline)", times["bare_first"], "1.00×"),
        row("Masume, first visit", times["masume_first"],
            f"{times['masume_first']['median'] / times['bare_first']['median']:.2f}×"),
        row("**Masume, returning (new browser, same profile)**", times["returning"], f"**{report['ratio']:.2f}×**"),
        "",
    ]
    if report["marks"]:
        lines += ["Restore marks of the returning visit (ms since navigation, median): " + ", ".join(
            f"{name} {item['median']:.0f}" for name, item in report["marks"].items()), ""]
    return "\n".join(lines + targets_table(report["targets"]))


def add_options(parser: argparse.ArgumentParser) -> None:
    """The bench's own options."""
    parser.add_argument("--runs", type=at_least(1), default=9, help="alternating rounds (default 9)")


def main(argv: list[str] | None = None) -> None:
    """Run from the command line."""
    run_cli(__doc__ or "", add_options, run, markdown, argv)


if __name__ == "__main__":
    main()
