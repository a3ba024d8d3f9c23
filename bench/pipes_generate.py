"""Benchmark: making a Pipe Link puzzle, with the work the page does before the first move.

- path 9×9 (and 12×12, the largest custom size): generation plus the exact par;
- Net 11×11 (and the wrapping 9×9 preset, and 12×12 wrapping): generation, which includes the
  solver's uniqueness proof, plus one more proof as the page does when it opens a game ID.

Each case runs over many seeds and reports the median and maximum in milliseconds, and for
Net how many trees and tree changes the generator needed.

    python3 bench/pipes_generate.py [--seeds N] [--json]

Prints a markdown table (or JSON with --json) to stdout; run under CPython. The browser's
Pyodide is typically 3-5x slower than CPython; the project's rule is no main-thread task
over 250 ms there.
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
from app.games import pipes
from app.games.pipes import net_solver
from app.games.pipes.generator import net_solution

CASES = {
    "path 9×9: generate + par": pipes.Params("path", 9, 9),
    "path 12×12: generate + par": pipes.Params("path", 12, 12),
    "Net 11×11: generate + uniqueness proof": pipes.Params("net", 11, 11),
    "Net 9×9 wrap: generate + uniqueness proof": pipes.Params("net", 9, 9, True),
    "Net 12×12 wrap: generate + uniqueness proof": pipes.Params("net", 12, 12, True),
}


def time_case(params: pipes.Params, seeds: int) -> dict[str, float]:
    """Time generation plus par (path) or plus a fresh uniqueness proof (Net) over `seeds` seeds."""
    times = []
    trees = []
    changes = []
    for number in range(seeds):
        seed = f"bench-{number}"
        started = time.perf_counter()
        state = pipes.generate(params, Rng(seed))
        if params.mode == "net":
            # The generator proved it already; the page proves it again when it decodes a game ID.
            if len(net_solver.solutions(params, state.tiles, 2)) != 1:
                raise AssertionError("a generated Net board is not unique")
        else:
            pipes.par(state)
        times.append(time.perf_counter() - started)
        if params.mode == "net":
            _, stats = net_solution(params, Rng(seed).child("tree"))  # not timed: work counters only
            trees.append(stats["trees"])
            changes.append(stats["perturbations"])
    return {
        "median_ms": statistics.median(times) * 1e3,
        "max_ms": max(times) * 1e3,
        "trees_mean": statistics.mean(trees) if trees else 0.0,
        "changes_mean": statistics.mean(changes) if changes else 0.0,
        "changes_max": max(changes) if changes else 0,
    }


def run(seeds: int) -> dict[str, object]:
    """Run every case once (after a warm-up) and return the results."""
    for params in CASES.values():
        time_case(params, 2)  # warm caches (neighbour tables, imports) outside the timings
    return {
        "benchmark": "pipes_generate",
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
        f"### Pipe Link generation ({report['python']}, {report['seeds']} seeds, {report['date']})",
        "",
        "| case | median ms | max ms | Net trees grown (mean) | Net tree changes (mean / max) |",
        "|---|---:|---:|---:|---:|",
    ]
    cases = report["cases"]
    assert isinstance(cases, dict)
    for name, r in cases.items():
        net = "net" in name.lower()
        trees = f"{r['trees_mean']:.2f}" if net else "–"
        changes = f"{r['changes_mean']:.2f} / {r['changes_max']}" if net else "–"
        lines.append(f"| {name} | {r['median_ms']:.2f} | {r['max_ms']:.2f} | {trees} | {changes} |")
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
