"""Benchmark: first visit on an emulated mobile link and first-visit bytes, against the bare page.

Two measurements, each against the bare PyScript + numpy page (bench/bare/) in the same run:

- **First visit, emulated link**: each run in a fresh context (empty HTTP cache, no worker)
  whose page gets DevTools' `Network.emulateNetworkConditions` (default 10 Mbit/s down,
  150 ms round trip) before it navigates; Masume and the bare page alternate, the order
  rotating every round. The DevTools-protocol trace of every Masume run is also checked:
  no URL may be fetched from the network twice.
- **Bytes**: what a first visit downloads, per file, raw and gzip level 6 (scripts/dist.py).

Times run from navigation start to `html[data-ready="true"]` (Masume) or the bare page's own
data-ready, in the page's clock. A returning player's visits (the service worker's cache and
the start-up snapshot) are bench/snapshot.py's.

    .venv/bin/python bench/delivery.py [--runs 9] [--json]
"""

from __future__ import annotations

import argparse
import importlib
import time
from collections import Counter
from typing import Any

from common import (
    BARE_PAGE,
    READY_MARKS_INIT_JS,
    ROOT,
    BenchBrowser,
    at_least,
    bench_browser,
    load_average,
    progress,
    run_cli,
    summarize,
    target,
    targets_table,
)
from vendor import read_precache

first_visit = importlib.import_module("dist").first_visit  # scripts/dist.py (by name: see test_offline_browser)

EMULATED_TARGET = 0.80  # issue #16


def timed_visit(bench: BenchBrowser, path: str, link: dict[str, float] | None) -> dict[str, Any]:
    """One first visit in a fresh context, optionally over an emulated link; returns ms and the network trace."""
    context = bench.new_context(init_script=READY_MARKS_INIT_JS)
    page = context.new_page()
    fetched: list[str] = []
    try:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        if link:
            cdp.send("Network.emulateNetworkConditions", {
                "offline": False, "latency": link["rtt_ms"],
                "downloadThroughput": link["down_mbit"] * 1e6 / 8, "uploadThroughput": link["up_mbit"] * 1e6 / 8})

        methods: dict[str, str] = {}

        def on_request(event: dict[str, Any]) -> None:
            methods[event["requestId"]] = event["request"]["method"]

        def on_response(event: dict[str, Any]) -> None:  # a GET answered by the network, not a cache
            response = event["response"]
            if methods.get(event["requestId"]) == "GET" and not (
                    response.get("fromDiskCache") or response.get("fromServiceWorker")
                    or response.get("fromPrefetchCache")) and response["url"].startswith("http"):
                fetched.append(response["url"].split("#")[0])

        cdp.on("Network.requestWillBeSent", on_request)
        cdp.on("Network.responseReceived", on_response)
        page.goto(bench.base_url + path)
        page.wait_for_selector('html[data-ready="true"]', timeout=300_000, state="attached")
        marks = page.evaluate("() => window.__benchMarks")
    finally:
        context.close()
    return {"ready_ms": marks["ready"], "fetched": fetched}


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the two measurements and summarise them."""
    link = {"down_mbit": args.down_mbit, "up_mbit": args.up_mbit, "rtt_ms": args.rtt_ms}
    pages = {"bare": BARE_PAGE, "masume": ""}
    emulated: dict[str, list[float]] = {name: [] for name in pages}
    twice: list[str] = []
    started = time.perf_counter()
    load_before = load_average()
    with bench_browser() as bench:
        progress("delivery: warm-up (one visit of each page on loopback)")
        for path in pages.values():
            timed_visit(bench, path, None)
        for round_number in range(args.runs):
            order = list(pages) if round_number % 2 == 0 else list(reversed(pages))
            for name in order:
                visit = timed_visit(bench, pages[name], link)
                emulated[name].append(visit["ready_ms"])
                if name == "masume":
                    twice += [url for url, count in Counter(visit["fetched"]).items() if count > 1]
            progress(f"delivery: emulated link round {round_number + 1}/{args.runs}: "
                     f"bare {emulated['bare'][-1]:.0f} ms, masume {emulated['masume'][-1]:.0f} ms")
        chromium = bench.version
    build = read_precache(ROOT)
    files = [{"url": url, "raw": raw, "gzip": gz} for url, raw, gz in first_visit(ROOT, build)]
    summary = {
        "emulated": {name: summarize(values) | {"runs_ms": [round(v) for v in values]}
                     for name, values in emulated.items()},
    }
    emulated_ratio = summary["emulated"]["masume"]["median"] / summary["emulated"]["bare"]["median"]
    targets = [
        target("first visit, emulated link: Masume median × bare median", emulated_ratio, EMULATED_TARGET, "×"),
        target("files fetched twice from the network (DevTools trace)", float(len(set(twice))), 0, "files"),
    ]
    return {"benchmark": "delivery", "runs": args.runs, "link": link,
            "load_average": {"before": load_before, "after": load_average()},
            "chromium": chromium, "seconds": round(time.perf_counter() - started, 1), "results": summary,
            "emulated_ratio": emulated_ratio, "fetched_twice": sorted(set(twice)),
            "version": build["version"], "files": files, "targets": targets}


def markdown(report: dict[str, Any]) -> str:
    """Return the report as markdown sections."""
    link = report["link"]
    res = report["results"]

    def row(name: str, stats: dict[str, Any]) -> str:
        return (f"| {name} | {stats['median']:.0f} | {stats['min']:.0f}–{stats['max']:.0f} "
                f"| {', '.join(str(v) for v in stats['runs_ms'])} |")

    raw = sum(f["raw"] for f in report["files"])
    packed = sum(f["gzip"] for f in report["files"])
    lines = [
        f"## First visit on an emulated mobile link ({link['down_mbit']:g} Mbit/s down, {link['rtt_ms']:g} ms "
        f"round trip; {report['runs']} alternating runs per page)",
        "",
        "| page | median ms | spread (min–max) ms | every run, ms |",
        "|---|---:|---:|---|",
        row("bare PyScript + numpy (baseline)", res["emulated"]["bare"]),
        row("Masume home (`/`)", res["emulated"]["masume"]),
        "",
        f"Masume / bare (medians): **{report['emulated_ratio']:.2f}×**. DevTools' "
        "`Network.emulateNetworkConditions` on each page before it navigates, fresh context each run (cold "
        "HTTP cache, no service worker); the server does not compress, so both pages move the raw bytes. "
        "Files fetched twice from the network in Masume's DevTools traces: "
        f"{', '.join(report['fetched_twice']) or 'none'}. Load average (1, 5, 15 min) before the runs: "
        f"{report['load_average']['before']}; after: {report['load_average']['after']}.",
        "",
        f"## What a first visit downloads (build {report['version']})",
        "",
        f"{raw / 2**20:.2f} MiB raw, {packed / 2**20:.2f} MiB compressed as a host would (gzip level 6 for "
        "text and WebAssembly; zip, wheel and PNG files as they are). `make dist` prints the same.",
        "",
        "| file | raw bytes | gzip bytes |",
        "|---|---:|---:|",
        *[f"| `{f['url']}` | {f['raw']} | {f['gzip']} |" for f in sorted(report["files"], key=lambda f: -f["raw"])],
        "",
        *targets_table(report["targets"]),
    ]
    return "\n".join(lines)


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add this benchmark's options."""
    parser.add_argument("--runs", type=at_least(1), default=9, help="emulated-link runs per page (9 for the record)")
    parser.add_argument("--down-mbit", type=float, default=10.0)
    parser.add_argument("--up-mbit", type=float, default=5.0)
    parser.add_argument("--rtt-ms", type=float, default=150.0)


def main(argv: list[str] | None = None) -> None:
    """Run the delivery benchmark from the command line."""
    run_cli(__doc__.splitlines()[0], add_options, run, markdown, argv)


if __name__ == "__main__":
    main()
