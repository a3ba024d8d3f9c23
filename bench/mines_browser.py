"""Benchmark: an Expert no-guess Minesweeper first click in the browser, from the click to the opened board.

One page boots once; each seed is opened by hash (`#mines/1.30x16n99.<seed>`,
no reboot), the centre cell (8, 15) is clicked in the page, and the page's
own clock marks:

- the two animation frames the page waits before a no-guess first click (it
  paints a busy mark first), by wrapping `requestAnimationFrame` so the page's
  callbacks note when they start;
- the moment Python writes the placed board's ID into the address
  (`history.replaceState(... ".8-15")`, the last step of the move, after the
  board was redrawn);
- the paint of that frame: a zero-delay task queued from inside the
  replaceState call, which runs in the frame's animation callbacks, so the
  task runs once that frame has been painted.

The pure Python part is timed twice for the same seeds and cell: in the same
page's Pyodide (`mines.apply(unplaced, ("open", 8, 15))` under
`time.perf_counter`, run through the interpreter) and under this CPython.

    .venv/bin/python bench/mines_browser.py [--seeds 40] [--json]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from common import (
    BenchBrowser,
    at_least,
    bench_browser,
    go,
    progress,
    reach_interpreter,
    run_cli,
    summarize,
    target,
    targets_table,
)

from app.games import mines

TARGET_MEDIAN_MS = 300.0
PARAMS = "30x16n99"
CELL = (8, 15)

INSTRUMENT_JS = """() => {
    if (window.__benchMines) return;
    const bench = window.__benchMines = {frames: [], hashAt: null, painted: null};
    const requestFrame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => requestFrame((stamp) => {
        bench.frames.push(performance.now());
        callback(stamp);
    });
    const replaceState = history.replaceState.bind(history);
    history.replaceState = (data, unused, url) => {
        replaceState(data, unused, url);
        if (bench.hashAt === null && String(url).endsWith(bench.suffix)) {
            bench.hashAt = performance.now();
            setTimeout(() => { bench.painted = performance.now(); bench.done(); }, 0);
        }
    };
}"""

FIRST_CLICK_JS = """async ({selector, suffix}) => {
    const bench = window.__benchMines;
    const game = document.querySelector("section.game");
    await new Promise((done) => setTimeout(done, 50));  // let the new screen's first paint go by
    bench.frames = [];
    bench.hashAt = null;
    bench.painted = null;
    bench.suffix = suffix;
    let sawBusy = false;
    const observer = new MutationObserver(() => { if (game.classList.contains("is-busy")) sawBusy = true; });
    observer.observe(game, {attributes: true, attributeFilter: ["class"]});
    const finished = new Promise((done, fail) => {
        bench.done = done;
        setTimeout(() => fail(new Error("the board did not open within 60 s")), 60000);
    });
    const t0 = performance.now();
    document.querySelector(selector).dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true,
                                                                            view: window}));
    const handler = performance.now() - t0;
    await finished;
    observer.disconnect();
    const opened = document.querySelectorAll("button.cell[data-code]").length;
    const frames = bench.frames.map((t) => t - t0);
    return {handler, frames, hash: bench.hashAt - t0, painted: bench.painted - t0, sawBusy,
            busy: game.classList.contains("is-busy"), routeHash: location.hash, opened};
}"""

PYODIDE_TIMING_JS = """(seeds) => window.__benchPy.runPython(`
import time as _bench_time
from app.games import mines as _bench_mines
_bench_times = []
for _bench_seed in ${JSON.stringify(seeds)}:
    _bench_unplaced = _bench_mines.decode("1.${PARAMS}." + _bench_seed)
    _bench_started = _bench_time.perf_counter()
    _bench_mines.apply(_bench_unplaced, ("open", ${ROW}, ${COL}))
    _bench_times.append((_bench_time.perf_counter() - _bench_started) * 1000)
",".join(str(t) for t in _bench_times)
`).split(",").map(Number)"""


def seeds_for(count: int) -> list[str]:
    """Return the seeds the bench plays, the same in every run."""
    return [f"bench{number}" for number in range(count)]


def cpython_first_clicks(seeds: list[str]) -> list[float]:
    """Time the same first clicks under this CPython (ms)."""
    times = []
    for seed in seeds:
        unplaced = mines.decode(f"1.{PARAMS}.{seed}")
        started = time.perf_counter()
        mines.apply(unplaced, ("open", *CELL))
        times.append((time.perf_counter() - started) * 1e3)
    return times


def browser_first_clicks(bench: BenchBrowser, seeds: list[str]) -> tuple[list[dict[str, Any]], list[float]]:
    """Play every seed's first click in one booted page; then time the pure Python part in its Pyodide."""
    row, col = CELL
    selector = f'button.cell[data-row="{row}"][data-col="{col}"]'
    suffix = f".{row}-{col}"
    context, page = bench.open(f"#mines/1.{PARAMS}.warmup")
    try:
        page.evaluate(INSTRUMENT_JS)
        clicks = []
        progress(f"mines: first clicks on {len(seeds)} Expert no-guess boards")
        for seed in ["warmup", *seeds]:
            go(page, f"#mines/1.{PARAMS}.{seed}")
            result = page.evaluate(FIRST_CLICK_JS, {"selector": selector, "suffix": suffix})
            if not (result["sawBusy"] and not result["busy"] and result["routeHash"].endswith(suffix)):
                raise RuntimeError(f"seed {seed}: the first click did not run as expected: {result}")
            if result["opened"] == 0:
                raise RuntimeError(f"seed {seed}: no cell was opened")
            result["seed"] = seed
            clicks.append(result)
        reach_interpreter(page)
        script = PYODIDE_TIMING_JS.replace("${PARAMS}", PARAMS).replace("${ROW}", str(row)).replace("${COL}", str(col))
        page.evaluate(script, ["warmup"])
        pyodide = page.evaluate(script, seeds)
    finally:
        context.close()
    return clicks[1:], pyodide


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Time the first click in the browser and its pure Python part in Pyodide and CPython."""
    started = time.perf_counter()
    seeds = seeds_for(args.seeds)
    cpython_first_clicks(["warmup"])
    cpython = cpython_first_clicks(seeds)
    with bench_browser() as bench:
        clicks, pyodide = browser_first_clicks(bench, seeds)
        chromium = bench.version
    two_frames = [c["frames"][1] for c in clicks if len(c["frames"]) >= 2]
    rows = {
        "click → opened board painted (total)": summarize([c["painted"] for c in clicks]),
        "click → Python done (address updated)": summarize([c["hash"] for c in clicks]),
        "click → second animation frame (busy mark painted, move starts)": summarize(two_frames),
        "move in the page: second frame → Python done": summarize(
            [c["hash"] - c["frames"][1] for c in clicks if len(c["frames"]) >= 2]),
        "pure Python `mines.apply`, Pyodide (same page)": summarize(pyodide),
        "pure Python `mines.apply`, CPython": summarize(cpython),
    }
    total = rows["click → opened board painted (total)"]["median"]
    pyodide_median = rows["pure Python `mines.apply`, Pyodide (same page)"]["median"]
    return {"benchmark": "mines_browser", "params": PARAMS, "cell": list(CELL), "seeds": len(seeds),
            "chromium": chromium, "seconds": round(time.perf_counter() - started, 1), "rows": rows,
            "pyodide_over_cpython": pyodide_median / rows["pure Python `mines.apply`, CPython"]["median"],
            "targets": [target("click → opened board painted, median", total, TARGET_MEDIAN_MS, "ms")]}


def markdown(report: dict[str, Any]) -> str:
    """Return the report as a markdown section."""
    row, col = report["cell"]
    lines = [
        f"## Minesweeper in the browser: Expert no-guess first click ({report['seeds']} seeds)",
        "",
        f"`#mines/1.{report['params']}.bench<N>`, first click on the centre cell ({row}, {col}).",
        "",
        "| span | median ms | p95 ms | max ms |",
        "|---|---:|---:|---:|",
    ]
    for name, item in report["rows"].items():
        lines.append(f"| {name} | {item['median']:.1f} | {item['p95']:.1f} | {item['max']:.1f} |")
    lines += [
        "",
        "The page defers a no-guess first click by two animation frames so the busy mark is painted "
        "before the mines are laid; *Python done* is when the move writes the placed board's ID into the "
        "address (after redrawing the board), and *painted* is a zero-delay task queued at that moment, "
        "which runs once the frame is painted. *Move in the page* is laying the mines, opening the area, "
        "redrawing 480 cells and their labels. Pyodide runs the pure Python part "
        f"{report['pyodide_over_cpython']:.1f}× slower than CPython here.",
        "",
        *targets_table(report["targets"]),
    ]
    return "\n".join(lines)


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add this benchmark's options."""
    parser.add_argument("--seeds", type=at_least(1), default=40, help="boards to open (at least 30 for the record)")


def main(argv: list[str] | None = None) -> None:
    """Run the browser Minesweeper benchmark from the command line."""
    run_cli(__doc__.splitlines()[0], add_options, run, markdown, argv)


if __name__ == "__main__":
    main()
