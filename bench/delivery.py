"""Benchmark: first visit on an emulated mobile link, second visit from the service worker, first-visit bytes.

Three measurements, each against the bare PyScript + numpy page (bench/bare/) in the same run:

- **First visit, emulated link**: each run in a fresh context (empty HTTP cache, no worker)
  whose page gets DevTools' `Network.emulateNetworkConditions` (default 10 Mbit/s down,
  150 ms round trip) before it navigates; Masume and the bare page alternate, the order
  rotating every round. The DevTools-protocol trace of every Masume run is also checked:
  no URL may be fetched from the network twice.
- **Second visit, loopback**: a fresh context visits Masume once, waits until the service
  worker controls the page, then opens the page again; that second start is timed. The
  ratio is against the bare page's *first* visit on loopback, timed in the same rounds.
- **Bytes**: what a first visit downloads, per file, raw and gzip level 6 (scripts/dist.py).

Times run from navigation start to `html[data-ready="true"]` (Masume) or the bare page's own
data-ready, in the page's clock.

    .venv/bin/python bench/delivery.py [--runs 5] [--second-runs 5] [--json]
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

EMULATED_TARGET = 0.90
SECOND_VISIT_TARGET = 0.60
WORKER_READY_JS = """() => navigator.serviceWorker.controller !== null
    && document.documentElement.dataset.offline === "ready" """


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


def second_visit(bench: BenchBrowser) -> float:
    """Visit Masume once, wait for the worker, then time a second visit in a new page of the same context."""
    context = bench.new_context(init_script=READY_MARKS_INIT_JS)
    try:
        first = context.new_page()
        first.goto(bench.base_url)
        first.wait_for_selector('html[data-ready="true"]', timeout=300_000, state="attached")
        first.wait_for_function(WORKER_READY_JS, timeout=300_000)
        first.close()
        page = context.new_page()
        page.goto(bench.base_url)
        page.wait_for_selector('html[data-ready="true"]', timeout=300_000, state="attached")
        if not page.evaluate("() => navigator.serviceWorker.controller !== null"):
            raise RuntimeError("the second visit was not served by the service worker")
        marks = page.evaluate("() => window.__benchMarks")
    finally:
        context.close()
    return marks["ready"]


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the three measurements and summarise them."""
    link = {"down_mbit": args.down_mbit, "up_mbit": args.up_mbit, "rtt_ms": args.rtt_ms}
    pages = {"bare": BARE_PAGE, "masume": ""}
    emulated: dict[str, list[float]] = {name: [] for name in pages}
    twice: list[str] = []
    loopback_bare: list[float] = []
    second: list[float] = []
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
        for round_number in range(args.second_runs):
            if round_number % 2 == 0:
                loopback_bare.append(timed_visit(bench, BARE_PAGE, None)["ready_ms"])
                second.append(second_visit(bench))
            else:
                second.append(second_visit(bench))
                loopback_bare.append(timed_visit(bench, BARE_PAGE, None)["ready_ms"])
            progress(f"delivery: second visit round {round_number + 1}/{args.second_runs}: "
                     f"bare first visit {loopback_bare[-1]:.0f} ms, masume second visit {second[-1]:.0f} ms")
        chromium = bench.version
    build = read_precache(ROOT)
    files = [{"url": url, "raw": raw, "gzip": gz} for url, raw, gz in first_visit(ROOT, build)]
    summary = {
        "emulated": {name: summarize(values) | {"runs_ms": [round(v) for v in values]}
                     for name, values in emulated.items()},
        "loopback_bare": summarize(loopback_bare) | {"runs_ms": [round(v) for v in loopback_bare]},
        "second_visit": summarize(second) | {"runs_ms": [round(v) for v in second]},
    }
    emulated_ratio = summary["emulated"]["masume"]["median"] / summary["emulated"]["bare"]["median"]
    second_ratio = summary["second_visit"]["median"] / summary["loopback_bare"]["median"]
    targets = [
        target("first visit, emulated link: Masume median × bare median", emulated_ratio, EMULATED_TARGET, "×"),
        target("second visit (worker cache) median × bare first visit median", second_ratio,
               SECOND_VISIT_TARGET, "×"),
        target("files fetched twice from the network (DevTools trace)", float(len(set(twice))), 0, "files"),
    ]
    return {"benchmark": "delivery", "runs": args.runs, "second_runs": args.second_runs, "link": link,
            "load_average": {"before": load_before, "after": load_average()},
            "chromium": chromium, "seconds": round(time.perf_counter() - started, 1), "results": summary,
            "emulated_ratio": emulated_ratio, "second_ratio": second_ratio, "fetched_twice": sorted(set(twice)),
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
        f"{', '.join(report['fetched_twice']) or 'none'}.",
        "",
        f"## Second visit from the service worker (loopback, {report['second_runs']} alternating runs)",
        "",
        "| what | median ms | spread (min–max) ms | every run, ms |",
        "|---|---:|---:|---|",
        row("bare PyScript + numpy, first visit (baseline)", res["loopback_bare"]),
        row("Masume, second visit (worker cache, no network)", res["second_visit"]),
        "",
        f"Second visit / bare first visit (medians): **{report['second_ratio']:.2f}×**. Each second visit "
        "follows a first visit in the same fresh context, once the worker controls the page. Load average "
        f"(1, 5, 15 min) before the runs: {report['load_average']['before']}; after: "
        f"{report['load_average']['after']}.",
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
    parser.add_argument("--runs", type=at_least(1), default=5, help="emulated-link runs per page (5 for the record)")
    parser.add_argument("--second-runs", type=at_least(1), default=5, help="second-visit runs")
    parser.add_argument("--down-mbit", type=float, default=10.0)
    parser.add_argument("--up-mbit", type=float, default=5.0)
    parser.add_argument("--rtt-ms", type=float, default=150.0)


def main(argv: list[str] | None = None) -> None:
    """Run the delivery benchmark from the command line."""
    run_cli(__doc__.splitlines()[0], add_options, run, markdown, argv)


if __name__ == "__main__":
    main()
