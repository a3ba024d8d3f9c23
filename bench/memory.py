"""Benchmark: memory after boot against the bare PyScript + numpy page, and growth over a long session.

Each snapshot first collects garbage on both sides (Python's `gc.collect()`,
then V8's through the DevTools protocol, then both again so finalizers that
release proxies across the bridge have run), then reads:

- the JS heap: V8's used size (CDP `Runtime.getHeapUsage`), with Blink's own
  heap (DOM objects) and array-buffer backing stores beside it;
- WebAssembly memory: the size of Pyodide's linear memory
  (`interpreter._module.HEAPU8.length`; it only ever grows), and inside it the
  bytes malloc has handed out and not got back (dlmalloc's `mallinfo().uordblks`),
  the finer sign of a Python-side leak;
- Python's count of gc-tracked objects and Chromium's DOM node and listener counts.

The interpreter is reached without any hook in the app: the page's own
PyScript module (`static/vendor/pyscript/core.js`, imported again from the
page by URL, so the same instance) resolves `whenDefined("py")` with it.

Boots alternate bare / Masume (`--boots` times, fresh context each); the medians
are compared. The last Masume page then plays the long session on the 7×7
Cross Light board of bench/input_latency.py: ten rounds of 100 presses (pairs
on one random cell, so the board never clears; one frame after each) and 10
New game clicks. Snapshots after the first round (warm-up: first-use imports
and caches) and at the end give the growth.

    .venv/bin/python bench/memory.py [--boots 3] [--rounds 10] [--json]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from common import (
    BARE_PAGE,
    BenchBrowser,
    at_least,
    bench_browser,
    mib,
    progress,
    reach_interpreter,
    run_cli,
    signed_bytes,
    summarize,
    target,
    targets_table,
)
from input_latency import board_fragment
from playwright.sync_api import BrowserContext, Page

TARGET_BOOT_RATIO = 1.25
TARGET_GROWTH_PERCENT = 1.0
PRESSES_PER_ROUND = 100
NEW_GAMES_PER_ROUND = 10

PYTHON_SIDE_JS = """() => {
    const py = window.__benchPy;
    const objects = py.runPython("import gc as _bench_gc\\n_bench_gc.collect()\\nlen(_bench_gc.get_objects())");
    const module = py._module;
    const info = module._PyMem_RawMalloc(64);  // struct mallinfo: ten 32-bit size_t fields
    module._mallinfo(info);
    const fields = new Uint32Array(module.HEAPU8.buffer, info, 10);
    const result = {wasm: module.HEAPU8.length, mallocArena: fields[0], mallocInUse: fields[7],
                    mallocFree: fields[8], pythonObjects: objects};
    module._PyMem_RawFree(info);
    return result;
}"""

SETTLE_JS = "() => new Promise((done) => setTimeout(done, 200))"

PLAY_ROUND_JS = """async ({presses, newGames, seed}) => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    let state = seed >>> 0;
    const random = () => { state = (Math.imul(state, 1664525) + 1013904223) >>> 0; return state / 2 ** 32; };
    const dialog = document.getElementById("result-dialog");
    const rows = document.querySelectorAll("button.cell[data-row][data-col='0']").length;
    const cols = document.querySelectorAll("button.cell[data-row='0']").length;
    const newGameMs = [];
    for (let i = 0; i < presses; i += 2) {
        const row = Math.floor(random() * rows), col = Math.floor(random() * cols);
        for (let twice = 0; twice < 2; twice++) {
            const cell = document.querySelector(`button.cell[data-row="${row}"][data-col="${col}"]`);
            cell.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
            if (dialog.open) throw new Error("the board was solved");
            await frame();
        }
    }
    const moves = Number(document.getElementById("stat-moves").textContent);
    for (let i = 0; i < newGames; i++) {
        const t0 = performance.now();
        document.getElementById("new-game").click();
        newGameMs.push(performance.now() - t0);
        await frame();
    }
    return {moves, newGameMs, hash: location.hash};
}"""


def snapshot(page: Page) -> dict[str, float]:
    """Collect garbage on both sides of the bridge, then read every memory figure of the page."""
    cdp = page.context.new_cdp_session(page)
    try:
        for _ in range(2):
            page.evaluate(PYTHON_SIDE_JS)
            cdp.send("HeapProfiler.collectGarbage")
            page.evaluate(SETTLE_JS)  # FinalizationRegistry callbacks (proxy releases) run after a GC
        python = page.evaluate(PYTHON_SIDE_JS)
        cdp.send("HeapProfiler.collectGarbage")
        heap = cdp.send("Runtime.getHeapUsage")
        counters = cdp.send("Memory.getDOMCounters")
    finally:
        cdp.detach()
    return {
        "js_heap": heap["usedSize"],
        "blink_heap": heap.get("embedderHeapUsedSize", 0),
        "array_buffers": heap.get("backingStorageSize", 0),
        "wasm": python["wasm"],
        "total": heap["usedSize"] + python["wasm"],
        "malloc_in_use": python["mallocInUse"],
        "python_objects": python["pythonObjects"],
        "dom_nodes": counters["nodes"],
        "listeners": counters["jsEventListeners"],
    }


def boot_snapshot(bench: BenchBrowser, path: str, *,
                  keep: bool = False) -> tuple[dict[str, float], tuple[BrowserContext, Page] | None]:
    """Boot `path` in a fresh context, reach its interpreter and take a snapshot; keep the page open if asked."""
    context, page = bench.open(path)
    reach_interpreter(page)
    result = snapshot(page)
    if not keep:
        context.close()
        return result, None
    return result, (context, page)


def median_snapshot(snapshots: list[dict[str, float]]) -> dict[str, float]:
    """Return the per-figure median of several snapshots."""
    return {key: statistics.median(item[key] for item in snapshots) for key in snapshots[0]}


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Compare memory after boot, then play the long session and measure the growth."""
    started = time.perf_counter()
    fragment, _ = board_fragment()
    bare: list[dict[str, float]] = []
    masume: list[dict[str, float]] = []
    new_game_ms: list[float] = []
    with bench_browser() as bench:
        kept = None
        progress(f"memory: {args.boots} boots each of the bare page and Masume")
        for boot in range(args.boots):
            bare.append(boot_snapshot(bench, BARE_PAGE)[0])
            result, kept = boot_snapshot(bench, fragment, keep=boot == args.boots - 1)
            masume.append(result)
        assert kept is not None
        context, page = kept
        checkpoints = {"after boot": masume[-1]}
        total_moves = 0
        for number in range(args.rounds):
            played = page.evaluate(PLAY_ROUND_JS, {"presses": PRESSES_PER_ROUND, "newGames": NEW_GAMES_PER_ROUND,
                                                   "seed": number + 1})
            total_moves += played["moves"]
            progress(f"memory: round {number + 1}/{args.rounds} played")
            new_game_ms += played["newGameMs"]
            if number == 0:
                checkpoints["after round 1 (warm-up)"] = snapshot(page)
        checkpoints[f"after {args.rounds} rounds"] = snapshot(page)
        again = snapshot(page)  # the same state measured twice: the noise of a snapshot
        context.close()
        chromium = bench.version
    base, boot = median_snapshot(bare), median_snapshot(masume)
    spread = {key: max(item[key] for item in masume) - min(item[key] for item in masume) for key in boot}
    names = list(checkpoints)
    first, warm, end = checkpoints[names[0]], checkpoints[names[1]], checkpoints[names[-1]]
    growth = {key: end[key] - warm[key] for key in end}
    growth_from_boot = {key: end[key] - first[key] for key in end}
    noise = {key: again[key] - end[key] for key in end}
    growth_percent = 100 * growth["total"] / warm["total"]
    targets = [
        target("Masume after boot: JS heap + Wasm memory × bare", boot["total"] / base["total"], TARGET_BOOT_RATIO,
               "×"),
        target("growth of JS heap + Wasm memory, warm-up → end", growth_percent, TARGET_GROWTH_PERCENT, "%"),
    ]
    return {"benchmark": "memory", "boots": args.boots, "rounds": args.rounds, "fragment": fragment,
            "presses": total_moves, "new_games": len(new_game_ms), "new_game_ms": summarize(new_game_ms),
            "chromium": chromium, "seconds": round(time.perf_counter() - started, 1),
            "bare": base, "masume": boot, "masume_boot_spread": spread, "checkpoints": checkpoints,
            "growth": growth, "growth_from_boot": growth_from_boot, "noise": noise, "targets": targets}


FIGURES = {
    "total": "JS heap + Wasm memory",
    "js_heap": "JS heap (V8 used)",
    "wasm": "Wasm linear memory",
    "malloc_in_use": "malloc in use (inside Wasm)",
    "blink_heap": "Blink heap (DOM)",
    "array_buffers": "array-buffer backing stores",
}
COUNTS = {"python_objects": "Python gc objects", "dom_nodes": "DOM nodes", "listeners": "event listeners"}


def markdown(report: dict[str, Any]) -> str:
    """Return the report as a markdown section."""
    base, boot, spread = report["bare"], report["masume"], report["masume_boot_spread"]
    lines = [
        f"## Memory: after boot against bare, and over {report['presses']} presses and "
        f"{report['new_games']} new games",
        "",
        f"After boot (median of {report['boots']} boots each, garbage collected; Masume on "
        f"`{report['fragment']}`):",
        "",
        "| figure | bare MiB | Masume MiB | Masume × bare | Masume spread over boots |",
        "|---|---:|---:|---:|---:|",
    ]
    for key, label in FIGURES.items():
        ratio = boot[key] / base[key] if base[key] else float("nan")
        lines.append(f"| {label} | {mib(base[key])} | {mib(boot[key])} | {ratio:.2f} | {signed_bytes(spread[key])} |")
    for key, label in COUNTS.items():
        lines.append(f"| {label} (count) | {base[key]:.0f} | {boot[key]:.0f} | "
                     f"{boot[key] / base[key]:.2f} | {spread[key]:+.0f} |")
    checkpoints = report["checkpoints"]
    names = list(checkpoints)
    lines += [
        "",
        "Long session on one Masume page (each round: 100 presses, then 10 New game clicks):",
        "",
        "| figure | " + " | ".join(names) + " | growth warm-up → end | growth boot → end | snapshot noise |",
        "|---|" + "---:|" * (len(names) + 3),
    ]
    for key, label in FIGURES.items():
        values = " | ".join(mib(checkpoints[name][key]) for name in names)
        warm = checkpoints[names[1]][key]
        percent = f" ({100 * report['growth'][key] / warm:+.1f} %)" if warm else ""
        lines.append(f"| {label}, MiB | {values} | {signed_bytes(report['growth'][key])}{percent} "
                     f"| {signed_bytes(report['growth_from_boot'][key])} | {signed_bytes(report['noise'][key])} |")
    for key, label in COUNTS.items():
        values = " | ".join(f"{checkpoints[name][key]:.0f}" for name in names)
        lines.append(f"| {label} | {values} | {report['growth'][key]:+.0f} | {report['growth_from_boot'][key]:+.0f} "
                     f"| {report['noise'][key]:+.0f} |")
    new_game = report["new_game_ms"]
    lines += [
        "",
        f"New game click (the synchronous handler: generate, solve for par, rebuild the board): median "
        f"{new_game['median']:.1f} ms, p95 {new_game['p95']:.1f} ms.",
        "",
        "Garbage is collected on both sides before each snapshot (Python `gc.collect()`, V8 via the DevTools "
        "protocol, twice, with a pause for finalizers). Wasm linear memory never shrinks, so it shows the "
        "peak; *malloc in use* is what is live inside it. *Snapshot noise* is the end state measured a "
        "second time. Pyodide is reached through PyScript's `whenDefined(\"py\")`, with no hook in the app. "
        "The growth target counts from the warm-up checkpoint, after first-use imports and JIT warm-up.",
        "",
        *targets_table(report["targets"]),
    ]
    return "\n".join(lines)


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add this benchmark's options."""
    parser.add_argument("--boots", type=at_least(1), default=3, help="boots of each page for the after-boot comparison")
    parser.add_argument("--rounds", type=at_least(2), default=10,
                        help=f"rounds of {PRESSES_PER_ROUND} presses and {NEW_GAMES_PER_ROUND} new games (at least 2)")


def main(argv: list[str] | None = None) -> None:
    """Run the memory benchmark from the command line."""
    run_cli(__doc__.splitlines()[0], add_options, run, markdown, argv)


if __name__ == "__main__":
    main()
