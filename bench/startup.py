"""Benchmark: page start-up, from navigation to html[data-ready="true"], against a bare PyScript + numpy page.

The baseline (bench/bare/) boots the same vendored PyScript, Pyodide and numpy
with the same config keys, and its Python only imports numpy and sets
data-ready. Masume is measured at its home page (`/`) and on a game
(`/#crosslight`). Runs go in rounds that interleave the three pages (the order
rotates every round), each run in a fresh browser context, so the HTTP cache
is cold and equal for all. One discarded warm-up round goes first.

Times come from the page's own clock (performance.now(), whose origin is the
navigation start): a MutationObserver added before any page script notes when
data-ready turns "true", and a listener notes PyScript's `py:ready` event (the
interpreter and packages are loaded and the page's script is about to run), so
the report can split each start into "runtime" and "page's own Python".

    .venv/bin/python bench/startup.py [--runs 7] [--json]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from common import (
    BARE_PAGE,
    READY_MARKS_INIT_JS,
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

PAGES = {
    "bare PyScript + numpy (baseline)": BARE_PAGE,
    "Masume home (`/`)": "",
    "Masume Cross Light (`/#crosslight`)": "#crosslight",
}
BASELINE = next(iter(PAGES))
# Issue #16: a first visit on loopback faster than the bare page (home shows before numpy is needed).
TARGET_RATIOS = {"Masume home (`/`)": 0.75, "Masume Cross Light (`/#crosslight`)": 0.85}


def time_start(bench: BenchBrowser, path: str) -> dict[str, float]:
    """Open `path` in a fresh context and return when py:ready and data-ready happened (ms since navigation)."""
    context, page = bench.open(path, init_script=READY_MARKS_INIT_JS)
    try:
        marks = page.evaluate("() => window.__benchMarks")
        requests = page.evaluate("() => performance.getEntriesByType('resource').length")
    finally:
        context.close()
    if "ready" not in marks:
        raise RuntimeError(f"{path or '/'}: data-ready turned true but the observer missed it: {marks}")
    return {"ready_ms": marks["ready"], "py_ready_ms": marks.get("pyReady", float("nan")), "resources": requests}


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Boot every page `args.runs` times in rotating interleaved rounds and summarise the times."""
    names = list(PAGES)
    samples: dict[str, list[dict[str, float]]] = {name: [] for name in names}
    started = time.perf_counter()
    load_before = load_average()
    with bench_browser() as bench:
        progress(f"startup: warm-up round, then {args.runs} rounds of {len(names)} page loads")
        for name in names:  # warm-up round: OS file cache, first-launch costs; not counted
            time_start(bench, PAGES[name])
        for round_number in range(args.runs):
            shift = round_number % len(names)
            for name in names[shift:] + names[:shift]:
                samples[name].append(time_start(bench, PAGES[name]))
            progress(f"startup: round {round_number + 1}/{args.runs} done")
        requests = bench.requests.count
        chromium = bench.version
    pages: dict[str, Any] = {}
    for name, runs in samples.items():
        ready = summarize([run["ready_ms"] for run in runs])
        py_ready = summarize([run["py_ready_ms"] for run in runs])
        python = summarize([run["ready_ms"] - run["py_ready_ms"] for run in runs])
        pages[name] = {"path": "/" + PAGES[name], "ready_ms": ready, "py_ready_ms": py_ready,
                       "page_python_ms": python, "resources": runs[0]["resources"],
                       "runs_ms": [round(run["ready_ms"], 1) for run in runs]}
    base = pages[BASELINE]["ready_ms"]
    for page in pages.values():
        page["median_ratio"] = page["ready_ms"]["median"] / base["median"]
        page["p95_ratio"] = page["ready_ms"]["p95"] / base["p95"]
    targets = [target(f"{name} median × baseline median", pages[name]["median_ratio"], TARGET_RATIOS[name], "×")
               for name in names[1:]]
    return {"benchmark": "startup", "runs": args.runs, "chromium": chromium, "requests": requests,
            "load_average": {"before": load_before, "after": load_average()},
            "seconds": round(time.perf_counter() - started, 1), "pages": pages, "targets": targets}


def markdown(report: dict[str, Any]) -> str:
    """Return the report as a markdown section."""
    lines = [
        f"## Startup: navigation to `data-ready` ({report['runs']} runs per page, fresh context each)",
        "",
        "| page | median ms | p95 ms | spread (min–max) ms | median × bare | p95 × bare "
        "| runtime ready (py:ready) median ms | page's Python median ms | requests |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, page in report["pages"].items():
        lines.append(
            f"| {name} | {page['ready_ms']['median']:.0f} | {page['ready_ms']['p95']:.0f} "
            f"| {page['ready_ms']['min']:.0f}–{page['ready_ms']['max']:.0f} "
            f"| {page['median_ratio']:.2f} | {page['p95_ratio']:.2f} | {page['py_ready_ms']['median']:.0f} "
            f"| {page['page_python_ms']['median']:.0f} | {page['resources'] + 1} |")
    lines += [
        "",
        "Every run, in order (ms): "
        + "; ".join(f"{name.split(' (')[0]}: {', '.join(f'{v:.0f}' for v in page['runs_ms'])}"
                    for name, page in report["pages"].items()),
        "",
        "Times are the page's own clock from navigation start. *runtime ready* is PyScript's `py:ready` "
        "(Pyodide and the config's files loaded, the page's script about to run; the bare page has numpy "
        "by then, Masume installs it in the background afterwards and only a game route waits for it); "
        "*page's Python* is the rest, up to `data-ready`. The baseline is `bench/bare/`: the same vendored PyScript, "
        "Pyodide and numpy, whose Python only imports numpy. One warm-up round is discarded; the page "
        "order rotates every round. Load average (1, 5, 15 min) before the runs: "
        f"{report['load_average']['before']}; after: {report['load_average']['after']}.",
        "",
        *targets_table(report["targets"]),
    ]
    return "\n".join(lines)


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add this benchmark's options."""
    parser.add_argument("--runs", type=at_least(1), default=9, help="counted runs per page (at least 9 for the record)")


def main(argv: list[str] | None = None) -> None:
    """Run the start-up benchmark from the command line."""
    run_cli(__doc__.splitlines()[0], add_options, run, markdown, argv)


if __name__ == "__main__":
    main()
