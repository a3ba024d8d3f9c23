"""Benchmark: CPU seconds the browser spends on a visit: Masume's first and snapshot visits against the bare page.

On a 2-core phone or laptop a start is CPU, not bytes, so this counts the CPU time
(user + system) of every process of the launched Chromium (bench/processes.py reads
/proc), from just before a visit's page is created until `html[data-ready="true"]`:

- **bare**: the bare PyScript + numpy page's first visit (fresh context): the baseline;
- **Masume, first visit**: fresh context, normal start; then, not timed as a visit, the CPU
  from `data-ready` until the page has stored its start-up snapshot (the page's own work
  after it is ready, numpy's install among it, the service worker filling its cache, and
  the Worker making the snapshot);
- **Masume, second and third visits**: new pages of the same context, which must say
  `data-start="snapshot"` (the bench stops otherwise).

Rounds alternate bare / Masume, one discarded warm-up round first. Other processes on
the machine do not count (only Chromium's tree), but they slow it, so the load average
is reported.

    .venv/bin/python bench/cpu.py [--runs 9] [--json]
"""

from __future__ import annotations

import argparse
import statistics
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
)
from playwright.sync_api import BrowserContext
from processes import TICKS, browser_root, cpu_between, read_cpu
from snapshot import check_start, wait_for_snapshot, wait_ready


def cpu_visit(context: BrowserContext, url: str, root_pid: int, *, expect: str | None, build: str | None = None,
              keep: bool = False) -> tuple[dict[str, float], Any]:
    """Open `url` in a new page of `context`; return CPU seconds per kind until data-ready (and the page if kept)."""
    before = read_cpu(root_pid)
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    seconds = cpu_between(before, read_cpu(root_pid))
    check_start(page, expect=expect, build=build)
    if keep:
        return seconds, page
    page.close()
    return seconds, None


def masume_round(bench: BenchBrowser, root_pid: int) -> dict[str, dict[str, float]]:
    """CPU of a first visit, of what follows it until the snapshot is stored, and of the second and third visits."""
    context = bench.new_context(init_script=READY_MARKS_INIT_JS, snapshot=True)
    try:
        first, page = cpu_visit(context, bench.base_url, root_pid, expect="normal", keep=True)
        build = page.evaluate("() => (window.MASUME_BUILD || {}).version || null")
        before = read_cpu(root_pid)
        wait_for_snapshot(page)
        after_ready = cpu_between(before, read_cpu(root_pid))
        page.close()
        second, _ = cpu_visit(context, bench.base_url, root_pid, expect="snapshot", build=build)
        third, _ = cpu_visit(context, bench.base_url, root_pid, expect="snapshot", build=build)
    finally:
        context.close()
    return {"first": first, "after_ready": after_ready, "second": second, "third": third}


def bare_round(bench: BenchBrowser, root_pid: int) -> dict[str, float]:
    """CPU of one first visit of the bare page in a fresh context."""
    context = bench.new_context(init_script=READY_MARKS_INIT_JS, snapshot=True)
    try:
        return cpu_visit(context, bench.base_url + BARE_PAGE, root_pid, expect=None)[0]
    finally:
        context.close()


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the alternating rounds and summarise the CPU seconds."""
    samples: dict[str, list[dict[str, float]]] = {"bare": [], "first": [], "after_ready": [], "second": [], "third": []}
    started = time.perf_counter()
    load_before = load_average()
    with bench_browser() as bench:
        root_pid = browser_root()
        progress(f"cpu: warm-up round, then {args.runs} alternating rounds")
        bare_round(bench, root_pid)
        masume_round(bench, root_pid)
        for round_number in range(args.runs):
            if round_number % 2 == 0:
                samples["bare"].append(bare_round(bench, root_pid))
                masume = masume_round(bench, root_pid)
            else:
                masume = masume_round(bench, root_pid)
                samples["bare"].append(bare_round(bench, root_pid))
            for name, value in masume.items():
                samples[name].append(value)
            progress(f"cpu: round {round_number + 1}/{args.runs}: bare {samples['bare'][-1]['total']:.2f} s; "
                     f"Masume first {masume['first']['total']:.2f} s, until stored "
                     f"{masume['after_ready']['total']:.2f} s, second {masume['second']['total']:.2f} s, "
                     f"third {masume['third']['total']:.2f} s")
        chromium = bench.version
    summary = {name: summarize([run["total"] for run in runs]) | {"runs": [round(run["total"], 2) for run in runs]}
               for name, runs in samples.items()}
    kinds = sorted({kind for runs in samples.values() for run in runs for kind in run} - {"total"})
    # Medians per kind of process: where the time goes (the renderer runs the page, its Worker and V8's compilers).
    by_kind = {name: {kind: statistics.median(run.get(kind, 0.0) for run in runs) for kind in kinds}
               for name, runs in samples.items()}
    base = summary["bare"]["median"]
    ratios = {name: summary[name]["median"] / base for name in ("first", "after_ready", "second", "third")}
    return {"benchmark": "cpu", "runs": args.runs, "chromium": chromium, "cpu": summary, "ratios": ratios,
            "by_kind": by_kind,
            "load_average": {"before": load_before, "after": load_average()},
            "seconds": round(time.perf_counter() - started, 1), "tick_ms": 1000 / TICKS,
            "targets": []}  # the issue sets no CPU target: reported for the record


def markdown(report: dict[str, Any]) -> str:
    """Return the report as a markdown section."""
    cpu, ratios = report["cpu"], report["ratios"]
    kinds = sorted(next(iter(report["by_kind"].values())))
    rows = [
        ("bare PyScript + numpy, first visit (baseline)", "bare", None),
        ("Masume, first visit (normal start)", "first", ratios["first"]),
        ("Masume, after `data-ready` until the snapshot is stored (not a visit)", "after_ready", ratios["after_ready"]),
        ("Masume, second visit (`data-start=\"snapshot\"`)", "second", ratios["second"]),
        ("Masume, third visit (`data-start=\"snapshot\"`)", "third", ratios["third"]),
    ]
    lines = [
        f"## CPU time of the browser per visit (loopback, {report['runs']} alternating rounds, fresh context each)",
        "",
        "| what | median CPU s | spread (min–max) s | median × bare first visit | every run, s |",
        "|---|---:|---:|---:|---|",
        *[f"| {label} | {cpu[key]['median']:.2f} | {cpu[key]['min']:.2f}–{cpu[key]['max']:.2f} "
          f"| {'—' if ratio is None else f'{ratio:.2f}×'} | {', '.join(f'{v:.2f}' for v in cpu[key]['runs'])} |"
          for label, key, ratio in rows],
        "",
        "Medians per kind of Chromium process (its `--type`; *browser* has none; *ended*: processes that ended "
        "during the visit, such as the previous page's renderer), CPU s:",
        "",
        "| what | " + " | ".join(kinds) + " |",
        "|---|" + "---:|" * len(kinds),
        *[f"| {label} | " + " | ".join(f"{report['by_kind'][key][kind]:.2f}" for kind in kinds) + " |"
          for label, key, _ in rows],
        "",
        "User + system CPU seconds of every process of the launched Chromium (browser, zygotes, renderers, "
        "GPU and utility processes, children that ended included: their time moves to the parent, a zygote "
        "or the browser), read from /proc just before the visit's "
        "page is created and once it is `data-ready` (clock tick "
        f"{report['tick_ms']:g} ms). No target: the issue asks for the figures. The second and third visits "
        "follow the first in the same context once the snapshot is stored. Load "
        f"average (1, 5, 15 min) before the runs: {report['load_average']['before']}; after: "
        f"{report['load_average']['after']}.",
    ]
    return "\n".join(lines)


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add this benchmark's options."""
    parser.add_argument("--runs", type=at_least(1), default=9, help="counted rounds (at least 9 for the record)")


def main(argv: list[str] | None = None) -> None:
    """Run the CPU benchmark from the command line."""
    run_cli(__doc__.splitlines()[0], add_options, run, markdown, argv)


if __name__ == "__main__":
    main()
