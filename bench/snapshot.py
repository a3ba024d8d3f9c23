"""Benchmark: a returning player's start from the start-up memory snapshot, and the cost of making it.

Each round opens a fresh context (empty HTTP cache, storage and worker) for Masume and
one for the bare PyScript + numpy page (bench/bare/); the order alternates every round.

- **Masume**: the first visit starts the normal way, becomes ready, and once the service
  worker holds every file makes the snapshot in a Worker (static/js/interpreter.js). The
  bench waits for `html[data-snapshot="stored"]`, then opens a new page of the same context
  (the second visit) and then another (the third); each is timed from navigation start to
  `html[data-ready="true"]` and must say `data-start="snapshot"` (the bench stops otherwise).
  The restore's own performance marks (`masume:snapshot:read|decoded|runtime|restored`)
  give its breakdown.
- **Bare**: one first visit on loopback, timed the same way: the baseline of both ratios.
- **Making the snapshot** (on the first visit): its size and the worker's time
  (`data-snapshot-size`, `data-snapshot-ms`); the page's long tasks (a `longtask`
  PerformanceObserver installed before any page script) from `data-offline="ready"` to
  `data-snapshot="stored"`; the page's JS heap (CDP `Runtime.getHeapUsage`) before the making
  and after the worker is done; and the resident memory of the browser's renderer processes
  (/proc; a dedicated Worker runs in its page's renderer) before, at its peak while making
  (sampled every 100 ms) and after.

The snapshot is never turned off here (no `masumeNoSnapshot`): this bench is about it.

    .venv/bin/python bench/snapshot.py [--runs 9] [--json]
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
    mib,
    progress,
    run_cli,
    signed_bytes,
    summarize,
    target,
    targets_table,
)
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from processes import browser_root, tree_rss

TARGET_RATIO = 0.35  # issue #16: a returning player plays in about a second
LONG_TASK_LIMIT_MS = 50.0  # a long task is one over 50 ms: none may come from the making
TIMEOUT_MS = 300_000  # making takes seconds of CPU; on a loaded 2-core machine, tens of seconds
RESTORE_MARKS = ("read", "decoded", "runtime", "restored")

# Notes, in the page's clock, when the worker's cache is complete and each data-snapshot state
# begins, and every long task; installed before any page script, so nothing is missed.
SNAPSHOT_WATCH_INIT_JS = """(() => {
    const watch = {states: {}, longTasks: []};
    window.__benchSnapshot = watch;
    try {
        new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) watch.longTasks.push([entry.startTime, entry.duration]);
        }).observe({type: "longtask", buffered: true});
    } catch (error) {
        watch.noLongTasks = String(error);
    }
    new MutationObserver(() => {
        const root = document.documentElement;
        if (!root) return;
        const now = performance.now();
        if (watch.offlineReady === undefined && root.getAttribute("data-offline") === "ready") watch.offlineReady = now;
        const state = root.getAttribute("data-snapshot");
        if (state && watch.states[state] === undefined) watch.states[state] = now;
    }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-offline", "data-snapshot"]});
})();"""
MASUME_INIT_JS = READY_MARKS_INIT_JS + "\n" + SNAPSHOT_WATCH_INIT_JS

SNAPSHOT_SETTLED_JS = """() => ["stored", "failed", "no-room"].includes(document.documentElement.dataset.snapshot)"""

VISIT_JS = """async () => {
    const root = document.documentElement;
    const marks = {};
    for (const entry of performance.getEntriesByType("mark")) {
        if (entry.name.startsWith("masume:snapshot:")) marks[entry.name.slice(16)] = entry.startTime;
    }
    const caches = globalThis.caches ? await globalThis.caches.keys() : [];
    return {ready: window.__benchMarks.ready, pyReady: window.__benchMarks.pyReady, marks,
            start: root.dataset.start || null, refused: root.dataset.snapshotRefused || null,
            build: (window.MASUME_BUILD || {}).version || null,
            snapshotCaches: caches.filter((name) => name.endsWith(":snapshot"))};
}"""


class SnapshotNotUsedError(RuntimeError):
    """A visit that should have started from the snapshot started another way."""


def wait_ready(page: Page) -> None:
    """Wait for html[data-ready="true"]."""
    page.wait_for_selector('html[data-ready="true"]', timeout=TIMEOUT_MS, state="attached")


def wait_offline_ready(page: Page) -> None:
    """Wait until the service worker holds every file (data-offline="ready"), which the making waits for."""
    try:
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=TIMEOUT_MS)
    except PlaywrightTimeoutError as error:
        state = page.evaluate("() => ({...document.documentElement.dataset})")
        raise TimeoutError(f"the service worker never held every file, so no snapshot is made: {state}") from error


def heap_used(page: Page) -> dict[str, float]:
    """Return the page's V8 heap in use and its array-buffer backing stores (bytes), without forcing a GC."""
    cdp = page.context.new_cdp_session(page)
    try:
        heap = cdp.send("Runtime.getHeapUsage")
    finally:
        cdp.detach()
    return {"js_heap": heap["usedSize"], "array_buffers": heap.get("backingStorageSize", 0)}


def wait_for_snapshot(page: Page, root_pid: int | None = None) -> dict[str, Any]:
    """Wait until the first visit has stored its snapshot; fail loudly if it could not. Samples renderer memory."""
    peak = 0
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.evaluate(SNAPSHOT_SETTLED_JS):
        if root_pid is not None:
            peak = max(peak, tree_rss(root_pid, renderers_only=True))
        if time.monotonic() > deadline:
            raise TimeoutError(f"no snapshot after {TIMEOUT_MS / 1000:.0f} s "
                               f"(data-snapshot={page.evaluate('document.documentElement.dataset.snapshot')!r})")
        page.wait_for_timeout(100)
    state = page.evaluate("() => ({...document.documentElement.dataset})")
    if state.get("snapshot") != "stored":
        raise SnapshotNotUsedError(f"the first visit made no snapshot: data-snapshot={state.get('snapshot')!r}")
    return {"size": float(state["snapshotSize"]), "worker_ms": float(state.get("snapshotMs", "nan")),
            "rss_peak": peak}


def timed_visit(context: BrowserContext, url: str, *, expect: str | None, build: str | None = None) -> dict[str, Any]:
    """Open `url` in a new page of `context`, wait for data-ready; check data-start against `expect`; return times."""
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    visit = check_start(page, expect=expect, build=build)
    page.close()
    return visit


def check_start(page: Page, *, expect: str | None, build: str | None = None) -> dict[str, Any]:
    """Read a ready page's marks and how it started; fail loudly unless data-start is `expect` (None: any)."""
    visit = page.evaluate(VISIT_JS)
    if visit["ready"] is None:
        raise RuntimeError(f"{page.url}: data-ready turned true but the observer missed it")
    if expect is not None and visit["start"] != expect:
        raise SnapshotNotUsedError(f"{page.url}: data-start={visit['start']!r}, expected {expect!r}; "
                                   + why_not(visit, build))
    return visit


def why_not(visit: dict[str, Any], build: str | None) -> str:
    """Say what the page knew when it did not start from the snapshot."""
    if visit["refused"]:
        return f"the page refused the snapshot: {visit['refused']}"
    if build and visit["build"] != build:
        # The snapshot is kept per build: a `make vendor` during the bench makes every later visit start anew.
        return f"the build changed between visits ({build} → {visit['build']}): was static/vendor rebuilt meanwhile?"
    return f"no snapshot found (snapshot caches: {visit['snapshotCaches'] or 'none'}, build {visit['build']})"


def masume_round(bench: BenchBrowser, root_pid: int) -> dict[str, Any]:
    """First visit (makes the snapshot, observed), then the second and third visits; returns every figure."""
    context = bench.new_context(init_script=MASUME_INIT_JS, snapshot=True)
    try:
        page = context.new_page()
        page.goto(bench.base_url)
        wait_ready(page)
        first = check_start(page, expect="normal")
        wait_offline_ready(page)
        heap_before = heap_used(page)
        rss_before = tree_rss(root_pid, renderers_only=True)
        made = wait_for_snapshot(page, root_pid)
        page.wait_for_timeout(200)  # the terminated worker's memory is given back asynchronously
        heap_after = heap_used(page)
        rss_after = tree_rss(root_pid, renderers_only=True)
        watch = page.evaluate("() => window.__benchSnapshot")
        page.close()
        second = timed_visit(context, bench.base_url, expect="snapshot", build=first["build"])
        third = timed_visit(context, bench.base_url, expect="snapshot", build=first["build"])
    finally:
        context.close()
    if "noLongTasks" in watch:
        raise RuntimeError(f"no longtask observer in the page: {watch['noLongTasks']}")
    since_ready = [task for task in watch["longTasks"] if watch["offlineReady"] <= task[0] < watch["states"]["stored"]]
    making_at = watch["states"].get("making", watch["offlineReady"])
    since_making = [task for task in since_ready if task[0] >= making_at]
    return {
        "first_ms": first["ready"], "second_ms": second["ready"], "third_ms": third["ready"],
        "second_marks": second["marks"], "third_marks": third["marks"],
        "size": made["size"], "worker_ms": made["worker_ms"],
        "making_wall_ms": watch["states"]["stored"] - making_at,
        "offline_to_stored_ms": watch["states"]["stored"] - watch["offlineReady"],
        "long_tasks": since_ready, "long_tasks_making": since_making,
        "heap_before": heap_before, "heap_after": heap_after,
        "rss_before": rss_before, "rss_peak": max(made["rss_peak"], rss_before), "rss_after": rss_after,
    }


def bare_visit(bench: BenchBrowser) -> float:
    """Time one first visit of the bare page on loopback, in a fresh context."""
    context = bench.new_context(init_script=READY_MARKS_INIT_JS, snapshot=True)
    try:
        return timed_visit(context, bench.base_url + BARE_PAGE, expect=None)["ready"]
    finally:
        context.close()


def longest(tasks: list[list[float]]) -> float:
    """The longest task's duration (ms), 0 when none was long."""
    return max((duration for _, duration in tasks), default=0.0)


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the rounds and summarise them."""
    bare: list[float] = []
    rounds: list[dict[str, Any]] = []
    started = time.perf_counter()
    load_before = load_average()
    with bench_browser() as bench:
        root_pid = browser_root()
        progress(f"snapshot: warm-up round, then {args.runs} alternating rounds (bare first visit; Masume first "
                 "visit, making, second and third visits)")
        bare_visit(bench)
        masume_round(bench, root_pid)
        for round_number in range(args.runs):
            if round_number % 2 == 0:
                bare.append(bare_visit(bench))
                rounds.append(masume_round(bench, root_pid))
            else:
                rounds.append(masume_round(bench, root_pid))
                bare.append(bare_visit(bench))
            last = rounds[-1]
            progress(f"snapshot: round {round_number + 1}/{args.runs}: bare {bare[-1]:.0f} ms; Masume first "
                     f"{last['first_ms']:.0f}, second {last['second_ms']:.0f}, third {last['third_ms']:.0f} ms; "
                     f"made {last['size'] / 1e6:.1f} MB in {last['worker_ms']:.0f} ms, longest task "
                     f"{longest(last['long_tasks']):.0f} ms")
        chromium = bench.version
    return summarize_rounds(args, bare, rounds) | {
        "chromium": chromium, "load_average": {"before": load_before, "after": load_average()},
        "seconds": round(time.perf_counter() - started, 1)}


def stats(values: list[float]) -> dict[str, Any]:
    """summarize() plus every run, rounded, in order."""
    return summarize(values) | {"runs": [round(value, 1) for value in values]}


def summarize_rounds(args: argparse.Namespace, bare: list[float], rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """Turn the rounds into the report: times, ratios, restore breakdown, the snapshot's costs and the targets."""
    times = {
        "bare_first": stats(bare),
        "masume_first": stats([r["first_ms"] for r in rounds]),
        "second": stats([r["second_ms"] for r in rounds]),
        "third": stats([r["third_ms"] for r in rounds]),
    }
    base = times["bare_first"]["median"]
    ratios = {name: times[name]["median"] / base for name in ("masume_first", "second", "third")}
    breakdown = {visit: {name: stats([r[f"{visit}_marks"][name] for r in rounds]) for name in RESTORE_MARKS}
                 for visit in ("second", "third")}
    making = {
        "size": stats([r["size"] for r in rounds]),
        "worker_ms": stats([r["worker_ms"] for r in rounds]),
        "making_wall_ms": stats([r["making_wall_ms"] for r in rounds]),
        "offline_to_stored_ms": stats([r["offline_to_stored_ms"] for r in rounds]),
        "longest_task_ms": stats([longest(r["long_tasks"]) for r in rounds]),
        "longest_task_making_ms": stats([longest(r["long_tasks_making"]) for r in rounds]),
        "long_tasks": [[round(duration) for _, duration in r["long_tasks"]] for r in rounds],
        "heap_before": stats([r["heap_before"]["js_heap"] for r in rounds]),
        "heap_after": stats([r["heap_after"]["js_heap"] for r in rounds]),
        "buffers_before": stats([r["heap_before"]["array_buffers"] for r in rounds]),
        "buffers_after": stats([r["heap_after"]["array_buffers"] for r in rounds]),
        "rss_before": stats([r["rss_before"] for r in rounds]),
        "rss_peak": stats([r["rss_peak"] for r in rounds]),
        "rss_after": stats([r["rss_after"] for r in rounds]),
        # Shared pages count once per process in a sum of RSS: the change is the sounder figure.
        "rss_peak_growth": stats([r["rss_peak"] - r["rss_before"] for r in rounds]),
        "rss_after_growth": stats([r["rss_after"] - r["rss_before"] for r in rounds]),
    }
    longest_making = making["longest_task_making_ms"]["max"]
    targets = [
        target("second visit (snapshot) median × bare first visit median", ratios["second"], TARGET_RATIO, "×"),
        target("third visit (snapshot) median × bare first visit median", ratios["third"], TARGET_RATIO, "×"),
        target("longest main-thread task while the snapshot is made (`making` → `stored`), max over runs",
               longest_making, LONG_TASK_LIMIT_MS, "ms", met=longest_making <= LONG_TASK_LIMIT_MS),
    ]
    return {"benchmark": "snapshot", "runs": args.runs, "times": times, "ratios": ratios,
            "breakdown": breakdown, "making": making, "targets": targets}


def row(name: str, item: dict[str, Any], ratio: float | None) -> str:
    """One timing row: median, spread, ratio, every run."""
    return (f"| {name} | {item['median']:.0f} | {item['min']:.0f}–{item['max']:.0f} "
            f"| {'—' if ratio is None else f'{ratio:.2f}×'} | {', '.join(f'{v:.0f}' for v in item['runs'])} |")


def markdown(report: dict[str, Any]) -> str:
    """Return the report as markdown sections."""
    times, ratios, made = report["times"], report["ratios"], report["making"]
    marks = report["breakdown"]
    lines = [
        f"## Returning player: start from the start-up snapshot (loopback, {report['runs']} alternating rounds, "
        "fresh context each)",
        "",
        "| visit | median ms | spread (min–max) ms | median × bare first visit | every run, ms |",
        "|---|---:|---:|---:|---|",
        row("bare PyScript + numpy, first visit (baseline)", times["bare_first"], None),
        row("Masume, first visit (normal start; makes the snapshot afterwards)", times["masume_first"],
            ratios["masume_first"]),
        row("Masume, second visit (`data-start=\"snapshot\"`)", times["second"], ratios["second"]),
        row("Masume, third visit (`data-start=\"snapshot\"`)", times["third"], ratios["third"]),
        "",
        "Restore breakdown, medians in ms from navigation start (performance marks `masume:snapshot:*`):",
        "",
        "| visit | bundle read (`read`) | checksum checked (`decoded`) "
        "| WebAssembly instantiated (compiled while the bundle was read), numpy's libraries loaded, "
        "memory written into the heap (`runtime`) | Python restored (`restored`) | `data-ready` |",
        "|---|---:|---:|---:|---:|---:|",
        *[f"| {visit} | " + " | ".join(f"{marks[visit][name]['median']:.0f}" for name in RESTORE_MARKS)
          + f" | {times[visit]['median']:.0f} |" for visit in ("second", "third")],
        "",
        "Each round: a fresh context visits Masume, waits for `data-snapshot=\"stored\"`, then opens the page "
        "again twice (new pages of the same context); every timed visit said `data-start=\"snapshot\"` (the "
        "bench stops otherwise). The bare page's first visit is timed in its own fresh context in the same "
        "rounds, the order alternating. One warm-up round is discarded. Load average (1, 5, 15 min) before the "
        f"runs: {report['load_average']['before']}; after: {report['load_average']['after']}.",
        "",
        f"## Making the start-up snapshot (first visit, {report['runs']} runs)",
        "",
        "| figure | median | spread (min–max) |",
        "|---|---:|---:|",
        f"| snapshot size, MB | {made['size']['median'] / 1e6:.1f} | {made['size']['min'] / 1e6:.1f}–"
        f"{made['size']['max'] / 1e6:.1f} |",
        *[f"| {label}, ms | {made[key]['median']:.0f} | {made[key]['min']:.0f}–{made[key]['max']:.0f} |"
          for label, key in (("making in the worker (`data-snapshot-ms`)", "worker_ms"),
                             ("page clock, `making` → `stored`", "making_wall_ms"),
                             ("page clock, `data-offline=\"ready\"` → `stored`", "offline_to_stored_ms"),
                             ("longest main-thread task, `data-offline=\"ready\"` → `stored`", "longest_task_ms"),
                             ("longest main-thread task, `making` → `stored`", "longest_task_making_ms"))],
        *[f"| {label}, MiB | {mib(made[key]['median'])} | {mib(made[key]['min'])}–{mib(made[key]['max'])} |"
          for label, key in (("page JS heap (V8 used) before making", "heap_before"),
                             ("page JS heap (V8 used) after the worker is done", "heap_after"),
                             ("page array-buffer backing stores before making", "buffers_before"),
                             ("page array-buffer backing stores after the worker is done", "buffers_after"),
                             ("renderer processes' resident memory before making", "rss_before"))],
        *[f"| {label} | {signed_bytes(made[key]['median'])} | {signed_bytes(made[key]['min'])} to "
          f"{signed_bytes(made[key]['max'])} |"
          for label, key in (("renderer processes' resident memory, peak while making − before", "rss_peak_growth"),
                             ("renderer processes' resident memory after the worker is done − before",
                              "rss_after_growth"))],
        "",
        "Long tasks (over 50 ms) per run, `data-offline=\"ready\"` → `stored`, ms: "
        + "; ".join(", ".join(str(t) for t in tasks) or "none" for tasks in made["long_tasks"]) + ".",
        "",
        "The longest task is the page's own `longtask` entries (0 means none over 50 ms); the window from "
        "`data-offline=\"ready\"` also holds the page's own work after it is ready, the one from `making` only "
        "the making (the snapshot is made in a Worker, so the page's main thread only starts it and hears the "
        "answer). The JS heap is CDP `Runtime.getHeapUsage` of the page, without a forced GC; the worker's own "
        "heap and WebAssembly memory show in the renderer processes' resident memory (/proc, sampled every "
        "100 ms; a dedicated Worker lives in its page's renderer process), read 200 ms after the worker is "
        "terminated.",
        "",
        *targets_table(report["targets"]),
    ]
    return "\n".join(lines)


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add this benchmark's options."""
    parser.add_argument("--runs", type=at_least(1), default=9, help="counted rounds (at least 9 for the record)")


def main(argv: list[str] | None = None) -> None:
    """Run the snapshot benchmark from the command line."""
    run_cli(__doc__.splitlines()[0], add_options, run, markdown, argv)


if __name__ == "__main__":
    main()
