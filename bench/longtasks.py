"""Benchmark: the longest main-thread task while each game makes the densest board it accepts.

The rule (hardening issue): no board the size form or a link accepts may block the
page for more than 250 ms in one task. A PerformanceObserver for `longtask`
entries (tasks over 50 ms) records every long task in the page; for each run the
bench triggers one board the way a player does and keeps the longest task seen
until the board is ready:

- Cross Light 12×12 and Pipe Link path 12×12 (custom size, Apply), Pipe Link Net 11×11
  and 9×9 wrapping and Light Path 10×10 hard (preset, Apply): a new game is generated;
- Minesweeper 50×50 with 833 mines, no-guess (a link, then the first click): the
  mines are laid in slices;
- a Cross Light replay link of 20,000 moves (the most a link may carry), a 50×50 Minesweeper
  replay of 5,001 moves and a Pipe Link replay of 19,999 turns, opened from home: their reading
  and their moves are applied in slices (tests/browser/test_long_tasks_browser.py checks that they
  are sliced at all, whatever the machine; how long each task is, is measured here);
- `#mines/1.50x50n2491-guess.<seed>` opened from home, then its first click: the board is
  made and drawn, its 2,491 mines laid and the screen finished in slices.

    .venv/bin/python bench/longtasks.py [--runs 10] [--json]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from common import at_least, bench_browser, go, progress, run_cli, summarize, target, targets_table
from long_replays import mines_replay, pipes_replay

import app.catalogue  # noqa: F401 - registers every game (the replay link is built from the backend)
from app.core.replay import MAX_REPLAY_MOVES, replay_link
from app.core.rng import Rng
from app.games import crosslight

TARGET_MS = 250.0

OBSERVE_JS = """() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({type: "longtask"});
}"""

# (name, route, how: "custom WxH" | "preset NAME" | "first click")
CASES = [
    ("Cross Light 12×12", "#crosslight", "custom 12x12"),
    ("Pipe Link path 12×12", "#pipes", "custom 12x12"),
    ("Pipe Link Net 9×9 wrapping", "#pipes", "preset net_9x9_wrap"),
    ("Pipe Link Net 11×11", "#pipes", "preset net_11x11"),
    ("Light Path 10×10 hard", "#mirrors/10x10-hard", "preset hard"),
    ("Minesweeper 50×50, 833 mines, no-guess", "#mines", "first click"),
    ("Cross Light replay link, 20,000 moves", "#", "replay link"),
    ("Minesweeper 50×50 replay link, 5,001 moves", "#", "replay link mines"),
    ("Pipe Link 12×12 replay link, 19,999 turns", "#", "replay link pipes"),
    ("Minesweeper link 50×50, 2,491 mines, guessing: open and first click", "#", "guess link"),
]

GUESS_LINK = "#mines/1.50x50n2491-guess.longtask{index}"
BUSY_OVER = "() => !document.querySelector('section.is-busy')"


def long_replay() -> str:
    """A Cross Light replay link of MAX_REPLAY_MOVES presses that never clear the board (within a link's caps)."""
    start = crosslight.generate(crosslight.parse_params("5x5"), Rng("longtasks"))
    return replay_link(crosslight.SPEC, start, [(index % 5, index // 5 % 4) for index in range(MAX_REPLAY_MOVES)])


REPLAYS = {"replay link": long_replay, "replay link mines": lambda: mines_replay("longtasks"),
           "replay link pipes": lambda: pipes_replay("longtasks")}


def longest_since(page: Any, start: float) -> float:
    """The longest task (ms) that began at or after `start` on the page's clock; 0 when none was long."""
    return float(page.evaluate("(s) => Math.max(0, ...window.__longTasks.filter(t => t[0] >= s).map(t => t[1]))",
                               start))


def settle(page: Any) -> None:
    """Wait until the page has painted a frame and run a task after it: the board is on screen."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)))")


def run_case(page: Any, route: str, how: str, runs: int) -> list[float]:
    """Make `runs` boards one way and return each run's longest task (ms)."""
    results = []
    if how.startswith("custom"):
        width, height = how.split()[1].split("x")
        go(page, route)
        page.select_option("#preset", "custom")
        page.fill("#custom-width", width)
        page.fill("#custom-height", height)
    elif how.startswith("preset"):
        go(page, route)
        page.select_option("#preset", how.split()[1])
    replay = REPLAYS[how]() if how in REPLAYS else ""
    for index in range(runs + 1):
        if how in REPLAYS:
            go(page, "#")
            settle(page)
            start = float(page.evaluate("performance.now()"))
            go(page, replay)
            page.wait_for_function("() => document.querySelector('#replay-position') !== null && "
                                   "!document.querySelector('.is-busy')", timeout=120_000)
        elif how == "guess link":
            go(page, "#")
            settle(page)
            start = float(page.evaluate("performance.now()"))
            go(page, GUESS_LINK.format(index=index))
            page.wait_for_function(BUSY_OVER, timeout=120_000)
            page.locator('.board-grid button[data-row="25"][data-col="25"]').click()
            page.wait_for_function("() => !document.querySelector('.is-busy') && "
                                   "!document.querySelector('[data-row=\"25\"][data-col=\"25\"]')"
                                   ".getAttribute('aria-label').endsWith('hidden')", timeout=120_000)
        elif how == "first click":
            go(page, f"#mines/1.50x50n833.longtask{index}")
            settle(page)
            start = float(page.evaluate("performance.now()"))
            page.locator('.board-grid button[data-row="0"][data-col="0"]').click()
            page.wait_for_function("() => !document.querySelector('section.game.is-busy') && "
                                   "!document.querySelector('[data-row=\"0\"][data-col=\"0\"]')"
                                   ".getAttribute('aria-label').endsWith('hidden')", timeout=120_000)
        else:
            before = page.locator("#game-id").input_value()
            start = float(page.evaluate("performance.now()"))
            page.locator("#apply-size").click()
            page.wait_for_function("(b) => document.querySelector('#game-id').value !== b", arg=before)
        settle(page)
        if index:  # the first run warms up (imports, caches)
            results.append(longest_since(page, start))
    return results


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Measure every case in one booted page."""
    started = time.perf_counter()
    rows: dict[str, dict[str, float]] = {}
    with bench_browser() as bench:
        context, page = bench.open("#")
        try:
            page.evaluate(OBSERVE_JS)
            for name, route, how in CASES:
                progress(f"longtasks: {name}, {args.runs} runs")
                rows[name] = summarize(run_case(page, route, how, args.runs))
        finally:
            context.close()
        chromium = bench.version
    targets = [target(f"{name}: longest task, max over runs", row["max"], TARGET_MS, "ms")
               for name, row in rows.items()]
    return {"rows": rows, "targets": targets, "runs": args.runs, "chromium": chromium,
            "seconds": time.perf_counter() - started}


def markdown(report: dict[str, Any]) -> str:
    """The BENCHMARKS.md section."""
    lines = [f"## Longest main-thread task while making the densest boards ({report['runs']} runs each)", "",
             "| board | median of longest task, ms | max, ms |", "|---|---:|---:|"]
    for name, row in report["rows"].items():
        lines.append(f"| {name} | {row['median']:.0f} | {row['max']:.0f} |")
    lines += ["", *targets_table(report["targets"]), "",
              "Long tasks are the browser's own `longtask` entries (tasks over 50 ms; 0 means none was long), "
              "from the click that asks for the board until a frame with it was painted."]
    return "\n".join(lines)


def add_options(parser: argparse.ArgumentParser) -> None:
    """The bench's options."""
    parser.add_argument("--runs", type=at_least(2), default=10, help="boards per case (default 10)")


if __name__ == "__main__":
    run_cli(__doc__.splitlines()[0], add_options, run, markdown)
