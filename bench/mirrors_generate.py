"""Benchmark: making a Light Path board and finding its par (fewest turns), per difficulty.

Each case times `mirrors.generate(params, Rng(seed))`, which lays the paths, adds
decoys, makes hard boards unique and scrambles the start, and then `par(state)`;
the generator already knows the par from its own exact solve, so the case also
times a fresh solve from the start layout (what decoding a shared game ID costs)
separately. Reports median, 95th percentile and max over the seeds.

    python3 bench/mirrors_generate.py [--seeds N] [--json]

Prints a markdown table (or JSON with --json) to stdout; run under CPython. The
browser's Pyodide is typically 3-5x slower, and the project's rule is no main-
thread task over 250 ms there, so aim for a 10x10 hard median of 20-30 ms here.
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
from app.games import mirrors
from app.games.mirrors.solver import fewest_turns

CASES = {
    "10x10 hard": mirrors.Params(10, 10, "hard"),
    "10x10 normal": mirrors.Params(10, 10, "normal"),
    "10x10 easy": mirrors.Params(10, 10, "easy"),
    "5x5 hard": mirrors.Params(5, 5, "hard"),
}


def percentile(values: list[float], fraction: float) -> float:
    """Return the nearest-rank percentile of `values`."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[rank]


def time_case(params: mirrors.Params, seeds: int) -> dict[str, float]:
    """Time generation + par, and a fresh solve from the start, on `seeds` boards."""
    made, solved, pars, mirror_counts = [], [], [], []
    for number in range(seeds):
        started = time.perf_counter()
        state = mirrors.generate(params, Rng(f"bench-{number}"))
        par = mirrors.par(state)
        made.append(time.perf_counter() - started)
        puzzle = state.puzzle
        started = time.perf_counter()
        turns = fewest_turns(puzzle.height, puzzle.width, puzzle.cells, puzzle.sources)
        solved.append(time.perf_counter() - started)
        if turns is None or len(turns) != par or mirrors.status(state) != 0:
            raise AssertionError(f"seed {number}: the board is not a fresh solvable puzzle with par {par}")
        pars.append(par)
        mirror_counts.append(len(state.turnable_cells()))
    return {
        "median_ms": statistics.median(made) * 1e3,
        "p95_ms": percentile(made, 0.95) * 1e3,
        "max_ms": max(made) * 1e3,
        "solve_median_ms": statistics.median(solved) * 1e3,
        "solve_max_ms": max(solved) * 1e3,
        "par_median": statistics.median(pars),
        "par_max": max(pars),
        "mirrors_median": statistics.median(mirror_counts),
    }


def run(seeds: int) -> dict[str, object]:
    """Run every case once (after a warm-up) and return the results."""
    for params in CASES.values():
        time_case(params, 2)  # imports, stage loading and caches outside the timings
    return {
        "benchmark": "mirrors_generate",
        "date": time.strftime("%Y-%m-%d"),
        "python": ("Pyodide " if sys.platform == "emscripten" else platform.python_implementation() + " ")
        + platform.python_version(),
        "machine": platform.machine() + ", " + platform.platform(terse=True),
        "seeds": seeds,
        "cases": {name: time_case(params, seeds) for name, params in CASES.items()},
    }


def markdown(report: dict[str, object]) -> str:
    """Return the report as a markdown table."""
    lines = [
        f"### Light Path generation + par ({report['python']}, {report['seeds']} seeds, {report['date']})",
        "",
        "| board | median ms | p95 ms | max ms | fresh solve median / max ms | par median / max | turnable mirrors |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    cases = report["cases"]
    assert isinstance(cases, dict)
    for name, r in cases.items():
        lines.append(
            f"| {name} | {r['median_ms']:.2f} | {r['p95_ms']:.2f} | {r['max_ms']:.2f} "
            f"| {r['solve_median_ms']:.2f} / {r['solve_max_ms']:.2f} | {r['par_median']:g} / {r['par_max']:g} "
            f"| {r['mirrors_median']:g} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Parse the options, run the benchmark and print the table or JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=30, help="boards per case (at least 30 for the record)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a markdown table")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    report = run(args.seeds)
    print(json.dumps(report, indent=2) if args.json else markdown(report))


if __name__ == "__main__":
    main()
