"""Benchmark: Light Path in the browser: a 10×10 hard board's generation plus par, and one turn of a mirror.

One page boots once, on a 10×10 hard board opened by its game ID. Three things
are timed, with no hook in the app:

- generation + par in the page's own Pyodide: `mirrors.generate(Params(10, 10,
  "hard"), Rng("bench-<n>"))` then `mirrors.par(state)`, the same seeds as
  `bench/mirrors_generate.py`, run through the interpreter the page started
  (reached as `bench/common.py` does) under `time.perf_counter`;
- the New game button on that board, end to end: the click (generation, par, a
  new board widget, labels and canvas, all in the click handler) to the next
  animation frame;
- a move: a click on a turnable mirror (the turn, the beams retraced, labels and
  the whole canvas repainted, the move announced and saved) until its label has
  changed, and to the next animation frame. Each click comes at a random moment
  of the frame, as a player's would, so the wait for the frame is part of it. The
  mirror is one whose turn never wins, so the board stays in play; it is turned
  back and forth, and the board is opened afresh every 12 turns, so the game's
  history (saved after every move) stays as long as a real game's.

The CPython numbers for the same seeds come from `bench/mirrors_generate.py`.

    .venv/bin/python bench/mirrors_browser.py [--seeds 30] [--moves 60] [--json]
"""

from __future__ import annotations

import argparse
import os
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
from mirrors_generate import CASES
from mirrors_generate import time_case as cpython_case

from app.core.rng import Rng
from app.games import mirrors

TARGET_GENERATION_MS = 100.0
TARGET_MOVE_MS = 16.0
PARAMS = mirrors.Params(10, 10, "hard")
GAME_LENGTH = 12  # turns per game before the bench starts the board afresh (a 10×10 hard par is about 8)

PYODIDE_GENERATION_JS = """(seeds) => window.__benchPy.runPython(`
import time as _bench_time
from app.core.rng import Rng as _BenchRng
from app.games import mirrors as _bench_mirrors
_bench_times = []
for _bench_seed in ${JSON.stringify(seeds)}:
    _bench_started = _bench_time.perf_counter()
    _bench_state = _bench_mirrors.generate(_bench_mirrors.Params(10, 10, "hard"), _BenchRng(_bench_seed))
    _bench_mirrors.par(_bench_state)
    _bench_times.append((_bench_time.perf_counter() - _bench_started) * 1000)
",".join(str(t) for t in _bench_times)
`).split(",").map(Number)"""

# Click, then wait for the next animation frame; `changed` says the click did its work.
CLICK_JS = """async ({selector, waitForLabel, delay}) => {
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, delay)));
    const target = document.querySelector(selector);
    const before = target ? target.getAttribute("aria-label") : null;
    const hashBefore = location.hash;
    const t0 = performance.now();
    target.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window, button: 0}));
    const handler = performance.now() - t0;
    const changed = waitForLabel ? target.getAttribute("aria-label") !== before : location.hash !== hashBefore;
    const frame = await new Promise((done) => requestAnimationFrame(() => done(performance.now() - t0)));
    return {handler, frame, changed, label: target.getAttribute("aria-label"), hash: location.hash};
}"""


def board_to_play() -> tuple[str, tuple[int, int]]:
    """A 10×10 hard board's game ID and a turnable mirror whose turn leaves it unsolved."""
    state = mirrors.generate(PARAMS, Rng("bench-moves"))
    for row, col in state.turnable_cells():
        if mirrors.status(mirrors.apply(state, ("turn", row, col))) == 0:
            return mirrors.encode(state), (row, col)
    raise RuntimeError("every mirror of the bench board wins in one turn")


def delays(count: int) -> list[float]:
    """Where in the frame each click comes (ms after a frame's start), spread evenly over 0..16 ms."""
    return [(number * 7.3) % 16.0 for number in range(count)]


def in_browser(bench: BenchBrowser, seeds: list[str], moves: int) -> dict[str, list[float]]:
    """Time generation + par in the page's Pyodide, New game clicks, and mirror turns, in one booted page."""
    game_id, (row, col) = board_to_play()
    context, page = bench.open(f"#mirrors/{game_id}")
    try:
        page.wait_for_selector(".board-grid button.cell")
        reach_interpreter(page)
        progress(f"mirrors: generation + par of {len(seeds)} 10x10 hard boards in the page's Pyodide")
        page.evaluate(PYODIDE_GENERATION_JS, ["warmup-1", "warmup-2"])
        generation = page.evaluate(PYODIDE_GENERATION_JS, seeds)

        progress(f"mirrors: {len(seeds)} New game clicks on 10x10 hard")
        new_game = []
        for number, delay in enumerate(delays(len(seeds) + 2)):
            result = page.evaluate(CLICK_JS, {"selector": "#new-game", "waitForLabel": False, "delay": delay})
            if not result["changed"] or "10x10-hard" not in result["hash"]:
                raise RuntimeError(f"New game did not open a new 10x10 hard board: {result}")
            if number >= 2:  # the first two warm the path up
                new_game.append(result["frame"])

        progress(f"mirrors: {moves} turns of the mirror at ({row}, {col})")
        selector = f'.board-grid button[data-row="{row}"][data-col="{col}"]'
        handlers, frames = [], []
        for number, delay in enumerate(delays(moves + 4)):
            if number % GAME_LENGTH == 0:  # a fresh game, so the move history stays as long as a real game's
                go(page, "#")
                page.evaluate("localStorage.removeItem('masume:progress:mirrors')")
                go(page, f"#mirrors/{game_id}")
                page.wait_for_selector(".board-grid button.cell")
            result = page.evaluate(CLICK_JS, {"selector": selector, "waitForLabel": True, "delay": delay})
            if not result["changed"]:
                raise RuntimeError(f"turn {number}: the mirror's label did not change: {result}")
            if number >= 4:
                handlers.append(result["handler"])
                frames.append(result["frame"])
        if page.locator("#result-dialog").is_visible():
            raise RuntimeError("the bench board was won: the turns were not all timed in play")
    finally:
        context.close()
    return {"generation": generation, "new_game": new_game, "move_handler": handlers, "move_frame": frames}


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Time the page, then the same generation under this CPython."""
    started = time.perf_counter()
    load_before = os.getloadavg()[0]
    seeds = [f"bench-{number}" for number in range(args.seeds)]
    with bench_browser() as bench:
        timings = in_browser(bench, seeds, args.moves)
        chromium = bench.version
    cpython_case(CASES["10x10 hard"], 2)
    cpython = cpython_case(CASES["10x10 hard"], args.seeds)
    rows = {
        "generation + par, Pyodide in the page": summarize(timings["generation"]),
        "New game click → next frame (generation, par, new board drawn)": summarize(timings["new_game"]),
        "turn a mirror: click → label changed (retrace, labels, repaint)": summarize(timings["move_handler"]),
        "turn a mirror: click → next animation frame": summarize(timings["move_frame"]),
    }
    generation = rows["generation + par, Pyodide in the page"]
    move = rows["turn a mirror: click → next animation frame"]
    return {
        "benchmark": "mirrors_browser", "seeds": args.seeds, "moves": args.moves, "chromium": chromium,
        "seconds": round(time.perf_counter() - started, 1), "rows": rows,
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load": [round(load_before, 1), round(os.getloadavg()[0], 1), os.cpu_count()],
        "cpython": {"median": cpython["median_ms"], "p95": cpython["p95_ms"], "max": cpython["max_ms"],
                    "solve_median": cpython["solve_median_ms"], "par_median": cpython["par_median"]},
        "pyodide_over_cpython": generation["median"] / cpython["median_ms"],
        "targets": [
            target("10×10 hard generation + par in the browser, median", generation["median"],
                   TARGET_GENERATION_MS, "ms"),
            target("10×10 turn of a mirror → next frame, median", move["median"], TARGET_MOVE_MS, "ms"),
        ],
    }


def markdown(report: dict[str, Any]) -> str:
    """Return the report as a markdown section."""
    cpython = report["cpython"]
    lines = [
        f"### Light Path in the browser: 10×10 hard ({report['seeds']} seeds, {report['moves']} turns)",
        "",
        f"{report['date']}, Chromium {report['chromium']}; load average {report['load'][0]} before and "
        f"{report['load'][1]} after the run on {report['load'][2]} cores.",
        "",
        "| span | median ms | p95 ms | max ms |",
        "|---|---:|---:|---:|",
    ]
    for name, item in report["rows"].items():
        lines.append(f"| {name} | {item['median']:.1f} | {item['p95']:.1f} | {item['max']:.1f} |")
    lines.append(f"| generation + par, CPython (`bench/mirrors_generate.py`, same seeds) | {cpython['median']:.1f} "
                 f"| {cpython['p95']:.1f} | {cpython['max']:.1f} |")
    lines += [
        "",
        f"Pyodide runs generation + par {report['pyodide_over_cpython']:.1f}× slower than CPython here. "
        "A turn's work is done inside the click handler; *next animation frame* adds the wait for the "
        "frame that shows it (each click lands at a different point of the frame, 0-16 ms after its start).",
        "",
        *targets_table(report["targets"]),
    ]
    return "\n".join(lines)


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add this benchmark's options."""
    parser.add_argument("--seeds", type=at_least(1), default=30, help="boards to generate (at least 30 for the record)")
    parser.add_argument("--moves", type=at_least(1), default=60, help="mirror turns to time")


def main(argv: list[str] | None = None) -> None:
    """Run the browser Light Path benchmark from the command line."""
    run_cli(__doc__.splitlines()[0], add_options, run, markdown, argv)


if __name__ == "__main__":
    main()
