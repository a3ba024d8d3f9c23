"""Benchmark: Pipe Link in the browser — generation (+ par, + Net's uniqueness proof) and turn latency.

One page boots once. The pure Python work is timed inside that page's Pyodide
(`pipes.generate` then `pipes.par` for path 9×9; `pipes.generate` for Net 11×11,
whose generator proves the puzzle has one solution before returning it) under
`time.perf_counter`, for the same seeds as under this CPython. A turn is timed
from dispatching a click on a tile to the frame after it (a zero-delay task
queued from a requestAnimationFrame callback runs once that frame is painted),
with reduced motion so the 150 ms turn animation is excluded, as the target says.

    .venv/bin/python bench/pipes_browser.py [--seeds 30] [--turns 40] [--json]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from common import at_least, bench_browser, go, progress, reach_interpreter, run_cli, summarize, target, targets_table

from app.core.rng import Rng
from app.games import pipes

TARGET_GENERATE_MS = 100.0
TARGET_TURN_MS = 16.0
CASES = {"path 9×9, generate + par": "path_9x9", "Net 11×11, generate + uniqueness proof": "net_11x11"}

PYODIDE_TIMING_JS = """({preset, seeds}) => window.__benchPy.runPython(`
import time as _bt
from app.core.rng import Rng as _BRng
from app.games import pipes as _bp
_times = []
for _seed in ${JSON.stringify(seeds)}:
    _started = _bt.perf_counter()
    _state = _bp.generate(_bp.PRESETS["${preset}"], _BRng(_seed))
    if _state.params.mode == _bp.PATH:
        _bp.par(_state)
    _times.append((_bt.perf_counter() - _started) * 1000)
",".join(str(t) for t in _times)
`).split(",").map(Number)"""

TURN_JS = """async ({row, col}) => {
    const button = document.querySelector(`.board-grid button[data-row="${row}"][data-col="${col}"]`);
    const before = button.getAttribute("aria-label");
    const t0 = performance.now();
    button.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window, detail: 1}));
    const handled = performance.now() - t0;
    const painted = await new Promise((done) => requestAnimationFrame(
        () => setTimeout(() => done(performance.now() - t0), 0)));
    return {handled, painted, changed: button.getAttribute("aria-label") !== before};
}"""


def seeds_for(count: int) -> list[str]:
    """The seeds every run uses."""
    return [f"bench{n}" for n in range(count)]


def cpython_times(preset: str, seeds: list[str]) -> list[float]:
    """Time generation (+ par for path mode) under this CPython, in ms."""
    times = []
    for seed in seeds:
        started = time.perf_counter()
        state = pipes.generate(pipes.PRESETS[preset], Rng(seed))
        if state.params.mode == pipes.PATH:
            pipes.par(state)
        times.append((time.perf_counter() - started) * 1e3)
    return times


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Time generation in Pyodide and CPython, and turns in the page."""
    started = time.perf_counter()
    seeds = seeds_for(args.seeds)
    rows: dict[str, dict[str, float]] = {}
    with bench_browser() as bench:
        context = bench.browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
        bench.requests.watch(context)
        page = context.new_page()
        page.goto(bench.base_url + "#pipes")
        page.wait_for_selector('html[data-ready="true"]', state="attached", timeout=120_000)
        try:
            reach_interpreter(page)
            for name, preset in CASES.items():
                progress(f"pipes: {name}, {len(seeds)} seeds in Pyodide and CPython")
                page.evaluate(PYODIDE_TIMING_JS, {"preset": preset, "seeds": ["warmup"]})
                rows[f"{name} — browser (Pyodide)"] = summarize(
                    page.evaluate(PYODIDE_TIMING_JS, {"preset": preset, "seeds": seeds}))
                cpython_times(preset, ["warmup"])
                rows[f"{name} — CPython"] = summarize(cpython_times(preset, seeds))
            progress(f"pipes: {args.turns} turns on path 9×9")
            go(page, "#pipes/" + pipes.encode(pipes.generate(pipes.PRESETS["path_9x9"], Rng("bench-turns"))))
            turns = []
            for index in range(args.turns + 1):
                result = page.evaluate(TURN_JS, {"row": (index * 3) % 9, "col": (index * 5) % 9})
                if not result["changed"]:
                    raise RuntimeError(f"turn {index} changed nothing: {result}")
                if index:  # the first turn warms up
                    turns.append(result["painted"])
            rows["turn → painted frame, path 9×9 (animation off)"] = summarize(turns)
        finally:
            context.close()
        chromium = bench.version
    browser_medians = [rows[f"{name} — browser (Pyodide)"]["median"] for name in CASES]
    targets = [target(f"{name}, browser median", median, TARGET_GENERATE_MS, "ms")
               for name, median in zip(CASES, browser_medians, strict=True)]
    targets.append(target("turn → painted frame, median", rows["turn → painted frame, path 9×9 (animation off)"]
                          ["median"], TARGET_TURN_MS, "ms"))
    return {"rows": rows, "targets": targets, "seeds": len(seeds), "chromium": chromium,
            "seconds": time.perf_counter() - started}


def markdown(report: dict[str, Any]) -> str:
    """The BENCHMARKS.md section."""
    lines = [f"## Pipe Link: generation and turns ({report['seeds']} seeds)", "",
             "| what | median ms | p95 ms | max ms |", "|---|---:|---:|---:|"]
    for name, row in report["rows"].items():
        lines.append(f"| {name} | {row['median']:.1f} | {row['p95']:.1f} | {row['max']:.1f} |")
    lines += ["", *targets_table(report["targets"]), "",
              "Generation is timed inside the booted page's Pyodide and under CPython for the same seeds; "
              "Net's generator proves uniqueness before it returns. A turn is timed from the click's dispatch "
              "to the task after the next animation frame, with reduced motion (the 150 ms turn animation "
              "excluded)."]
    return "\n".join(lines)


def add_options(parser: argparse.ArgumentParser) -> None:
    """The bench's options."""
    parser.add_argument("--seeds", type=at_least(3), default=30, help="seeds per case (default 30)")
    parser.add_argument("--turns", type=at_least(3), default=40, help="turns timed (default 40)")


if __name__ == "__main__":
    run_cli(__doc__.splitlines()[0], add_options, run, markdown)
