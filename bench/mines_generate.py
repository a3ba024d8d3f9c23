"""Benchmark: the first click of a Minesweeper game, from the unplaced board to the opened one.

The first click is when the mines are laid, so for no-guess boards it is when the
generator and solver run. Each case times `apply(unplaced, ("open", row, col))`
over many seeds (first cell drawn per seed) and reports the median and 95th
percentile, also as a ratio against a baseline measured in the same run: an
Expert board WITHOUT the no-guess guarantee (random mines + flood open only).

A second table runs the first click of the densest no-guess boards the density
limit accepts (50×50 with 833 mines, and others at one mine per three cells)
through `apply_steps`, as the page does, and reports the longest slice between
two yields per board (its maximum and median over the seeds, default 10), the
median slice, and the total time. The page keeps each browser task under 250 ms,
so a slice should stay under ~40 ms here.

    python3 bench/mines_generate.py [--seeds N] [--slice-seeds N] [--json]

Prints a markdown table (or JSON with --json) to stdout; run under CPython. The
browser's Pyodide is typically 2-4x slower than CPython.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from app.core.rng import Rng
from app.games import mines
from app.games.mines.generator import place_mines_bits
from app.games.mines.moves import apply_steps
from app.games.mines.params import max_mines

BASELINE = "expert, guessing allowed (baseline)"
CASES = {
    BASELINE: mines.Params(30, 16, 99, False),
    "beginner, no-guess": mines.PRESETS["beginner"],
    "intermediate, no-guess": mines.PRESETS["intermediate"],
    "expert, no-guess": mines.PRESETS["expert"],
}


SLICE_CASES = {
    f"{w}×{h}, {max_mines(w, h, True)} mines (the limit)": mines.Params(w, h, max_mines(w, h, True), True)
    for w, h in ((50, 50), (30, 30), (30, 16))
}


def percentile(values: list[float], fraction: float) -> float:
    """Return the nearest-rank percentile of `values`."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[rank]


def first_clicks(params: mines.Params, seeds: int) -> list[tuple[str, tuple[int, int]]]:
    """Return (seed, first cell) pairs, the same in every run."""
    out = []
    for number in range(seeds):
        rng = Rng(f"bench-{number}")
        out.append((f"bench{number}", (rng.randbelow(params.height), rng.randbelow(params.width))))
    return out


def time_case(params: mines.Params, seeds: int) -> dict[str, float]:
    """Time the first click on `seeds` boards; also count the generator's work per board."""
    times = []
    layouts = []
    solves = []
    moves = []
    for seed, (row, col) in first_clicks(params, seeds):
        unplaced = mines.generate(params, Rng(seed))
        started = time.perf_counter()
        opened = mines.apply(unplaced, ("open", row, col))
        times.append(time.perf_counter() - started)
        if mines.status(opened) < 0:
            raise AssertionError("the first click hit a mine")
        _, stats = place_mines_bits(params, unplaced.seed, (row, col))  # not timed: work counters only
        layouts.append(stats["layouts"])
        solves.append(stats["solves"])
        moves.append(stats["moves"])
    return {
        "median_ms": statistics.median(times) * 1e3,
        "p95_ms": percentile(times, 0.95) * 1e3,
        "max_ms": max(times) * 1e3,
        "layouts_mean": statistics.mean(layouts),
        "solves_mean": statistics.mean(solves),
        "moves_median": statistics.median(moves),
        "moves_p95": percentile(moves, 0.95),
    }


def time_slices(params: mines.Params, seeds: int) -> dict[str, float]:
    """Run the first click through `apply_steps` on `seeds` boards; time every slice (wall clock)."""
    longest = []
    longest_cpu = []  # this thread's CPU time: what the slice costs when the machine is busy with others
    medians = []
    totals = []
    counts = []
    for seed, (row, col) in first_clicks(params, seeds):
        unplaced = mines.generate(params, Rng(seed))
        steps = apply_steps(unplaced, ("open", row, col))
        assert steps is not None
        slices = []
        cpu = []
        started = time.perf_counter()
        last = started
        last_cpu = time.thread_time()
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                state = stop.value
                break
            now, now_cpu = time.perf_counter(), time.thread_time()
            slices.append(now - last)
            cpu.append(now_cpu - last_cpu)
            last, last_cpu = now, now_cpu
        now = time.perf_counter()
        slices.append(now - last)
        cpu.append(time.thread_time() - last_cpu)
        totals.append(now - started)
        if mines.status(state) < 0 or state.may_need_guess:
            raise AssertionError("the first click hit a mine or ran out of budget")
        longest.append(max(slices))
        longest_cpu.append(max(cpu))
        medians.append(statistics.median(slices))
        counts.append(len(slices))
    return {
        "longest_max_ms": max(longest) * 1e3,
        "longest_median_ms": statistics.median(longest) * 1e3,
        "longest_cpu_max_ms": max(longest_cpu) * 1e3,
        "longest_cpu_median_ms": statistics.median(longest_cpu) * 1e3,
        "slice_median_ms": statistics.median(medians) * 1e3,
        "slices_median": statistics.median(counts),
        "total_median_ms": statistics.median(totals) * 1e3,
        "total_max_ms": max(totals) * 1e3,
    }


def run(seeds: int, slice_seeds: int = 10) -> dict[str, object]:
    """Run every case once (after a warm-up) and return the results with the baseline ratios."""
    for params in CASES.values():
        time_case(params, 2)  # warm caches (neighbour tables, imports) outside the timings
    results = {name: time_case(params, seeds) for name, params in CASES.items()}
    base = results[BASELINE]
    for result in results.values():
        result["median_ratio"] = result["median_ms"] / base["median_ms"]
        result["p95_ratio"] = result["p95_ms"] / base["p95_ms"]
    return {
        "benchmark": "mines_generate",
        "date": time.strftime("%Y-%m-%d"),
        "python": ("Pyodide " if sys.platform == "emscripten" else platform.python_implementation() + " ")
        + platform.python_version(),
        "machine": platform.machine() + ", " + platform.platform(terse=True),
        "seeds": seeds,
        "cases": results,
        "slice_seeds": slice_seeds,
        "slices": {name: time_slices(params, slice_seeds) for name, params in SLICE_CASES.items()},
    }


def markdown(report: dict[str, object]) -> str:
    """Return the report as a markdown table."""
    lines = [
        f"### Minesweeper first click ({report['python']}, {report['seeds']} seeds, {report['date']})",
        "",
        (
            "| board | median ms | p95 ms | median × baseline | p95 × baseline "
            "| layouts tried | solves | mine moves (median / p95) |"
        ),
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    cases = report["cases"]
    assert isinstance(cases, dict)
    for name, r in cases.items():
        lines.append(
            f"| {name} | {r['median_ms']:.2f} | {r['p95_ms']:.2f} | {r['median_ratio']:.1f} "
            f"| {r['p95_ratio']:.1f} | {r['layouts_mean']:.2f} | {r['solves_mean']:.2f} "
            f"| {r['moves_median']:g} / {r['moves_p95']:g} |"
        )
    lines += [
        "",
        f"### No-guess first click in slices, densest accepted boards ({report['slice_seeds']} seeds)",
        "",
        (
            "| board | longest slice ms (max / median) | longest slice CPU ms (max / median) "
            "| median slice ms | slices | total ms (median / max) |"
        ),
        "|---|---:|---:|---:|---:|---:|",
    ]
    slices = report["slices"]
    assert isinstance(slices, dict)
    for name, r in slices.items():
        lines.append(
            f"| {name} | {r['longest_max_ms']:.1f} / {r['longest_median_ms']:.1f} "
            f"| {r['longest_cpu_max_ms']:.1f} / {r['longest_cpu_median_ms']:.1f} | {r['slice_median_ms']:.1f} "
            f"| {r['slices_median']:g} | {r['total_median_ms']:.0f} / {r['total_max_ms']:.0f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Parse the options, run the benchmark and print the table or JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="boards per case (at least 30 for the record)")
    parser.add_argument("--slice-seeds", type=int, default=10, help="boards per case for the slice table")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a markdown table")
    args = parser.parse_args(argv)
    if args.seeds < 1 or args.slice_seeds < 1:
        parser.error("--seeds and --slice-seeds must be at least 1")
    report = run(args.seeds, args.slice_seeds)
    print(json.dumps(report, indent=2) if args.json else markdown(report))


if __name__ == "__main__":
    main()
