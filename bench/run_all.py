"""Run every benchmark and rewrite BENCHMARKS.md with the date, the machine, each table and its target.

Each bench runs as its own process with --json (a fresh server and browser each);
if any of them fails (a request left 127.0.0.1, a page error, a crash), this
script says which and exits non-zero without touching BENCHMARKS.md.

    .venv/bin/python bench/run_all.py [--quick] [--output BENCHMARKS.md]

--quick uses small counts to check the scripts work; its results are not for the record.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import cpu
import delivery
import input_latency
import longtasks
import memory
import mines_browser
import mines_generate
import mirrors_browser
import mirrors_generate
import pipes_browser
import pipes_generate
import returning
import snapshot
import startup
from common import ROOT, format_target_value, machine, progress

BENCH = Path(__file__).resolve().parent

# (script, title for the summary, options for the record, options for --quick)
BENCHES: list[tuple[str, str, list[str], list[str]]] = [
    ("startup.py", "Startup", ["--runs", "15"], ["--runs", "1"]),
    ("delivery.py", "Delivery", ["--runs", "9"], ["--runs", "1"]),
    ("snapshot.py", "Start-up snapshot", ["--runs", "9"], ["--runs", "1"]),
    ("returning.py", "Returning player in a new browser", ["--runs", "9"], ["--runs", "1"]),
    ("cpu.py", "CPU time per visit", ["--runs", "9"], ["--runs", "1"]),
    ("input_latency.py", "Input latency", ["--presses", "120"], ["--presses", "10"]),
    ("memory.py", "Memory", ["--boots", "3", "--rounds", "10"], ["--boots", "1", "--rounds", "2"]),
    ("mines_browser.py", "Minesweeper in the browser", ["--seeds", "40"], ["--seeds", "3"]),
    ("mines_generate.py", "Minesweeper first click under CPython", ["--seeds", "40"], ["--seeds", "3"]),
    ("mirrors_browser.py", "Light Path", ["--seeds", "30", "--moves", "60"], ["--seeds", "3", "--moves", "3"]),
    ("mirrors_generate.py", "Light Path under CPython", ["--seeds", "30"], ["--seeds", "3"]),
    ("pipes_browser.py", "Pipe Link", ["--seeds", "30", "--turns", "40"], ["--seeds", "3", "--turns", "3"]),
    ("pipes_generate.py", "Pipe Link under CPython", ["--seeds", "30"], ["--seeds", "3"]),
    ("longtasks.py", "Longest task", ["--runs", "10"], ["--runs", "2"]),
]
MARKDOWN = {
    "startup.py": startup.markdown,
    "delivery.py": delivery.markdown,
    "snapshot.py": snapshot.markdown,
    "returning.py": returning.markdown,
    "cpu.py": cpu.markdown,
    "input_latency.py": input_latency.markdown,
    "memory.py": memory.markdown,
    "mines_browser.py": mines_browser.markdown,
    "mirrors_browser.py": mirrors_browser.markdown,
    "mirrors_generate.py": lambda report: "## Light Path under CPython\n\n" + mirrors_generate.markdown(report),
    "pipes_browser.py": pipes_browser.markdown,
    "pipes_generate.py": lambda report: "## Pipe Link under CPython\n\n" + pipes_generate.markdown(report),
    "longtasks.py": longtasks.markdown,
}


def run_bench(script: str, options: list[str]) -> dict[str, Any]:
    """Run one bench script with --json and return its report (stderr goes straight to the terminal)."""
    command = [sys.executable, str(BENCH / script), *options, "--json"]
    progress(f"run_all: {' '.join(command[1:])}")
    started = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, text=True, check=False)
    if result.returncode != 0:
        raise SystemExit(f"run_all: {script} failed (exit {result.returncode}); BENCHMARKS.md was not changed")
    report = json.loads(result.stdout)
    report["wall_seconds"] = round(time.perf_counter() - started, 1)
    return report


def date_utc() -> str:
    """Return `date -u`, as the record names it."""
    try:
        return subprocess.run(["date", "-u"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return time.strftime("%a %b %d %H:%M:%S UTC %Y", time.gmtime())


def mines_generate_section(report: dict[str, Any]) -> str:
    """Wrap bench/mines_generate.py's own table as a section of the record."""
    table = mines_generate.markdown(report).split("\n", 1)[1].lstrip("\n")
    return "\n".join([
        f"## Minesweeper first click under CPython ({report['python']}, {report['seeds']} seeds)",
        "",
        "`bench/mines_generate.py`: `mines.apply(unplaced, (\"open\", row, col))` with a first cell drawn per "
        "seed, against an Expert board without the no-guess guarantee. No target: this is the pure Python "
        "cost the browser numbers above contain.",
        "",
        table,
    ])


def document(reports: dict[str, dict[str, Any]], about: dict[str, str], quick: bool) -> str:
    """Return the whole BENCHMARKS.md."""
    lines = [
        "# Masume benchmarks",
        "",
        "Written by `make bench` (`bench/run_all.py`); every section can also be run alone, e.g. "
        "`.venv/bin/python bench/startup.py --runs 15` (add `--json` for machine-readable output). "
        "Targets are reported, never asserted. Every ratio is against a baseline measured in the same run, "
        "on the same machine, in the same browser. Every page request stayed on 127.0.0.1 (the benches "
        "stop with an error otherwise).",
        "",
    ]
    if quick:
        lines += ["**Quick run (`--quick`): small counts, not for the record.**", ""]
    lines += [
        "## Machine",
        "",
        "| | |",
        "|---|---|",
        f"| date | {about['date_u']} |",
        f"| CPU | {about['cpu']}, {about['cores']} cores (nproc) |",
        f"| memory | {about['memory']} |",
        f"| OS | {about['os']} |",
        f"| browser | {about['chromium']}, headless, driven by Playwright for Python |",
        f"| page runtime | {about['runtime']}, numpy from the vendored wheel |",
        f"| Python | {about['python']} (the bench scripts and the CPython comparison) |",
        f"| run time | {about['seconds']} s for all benches |",
        "",
        "## Summary",
        "",
        "| section | target | measured | met |",
        "|---|---|---:|:---:|",
    ]
    titles = {script: title for script, title, _, _ in BENCHES}
    for script, report in reports.items():
        for item in report.get("targets", []):
            limit = format_target_value(item["limit"], item["unit"]).lstrip("+")
            measured = format_target_value(item["value"], item["unit"])
            lines.append(f"| {titles[script]} | {item['name']} ≤ {limit} | {measured} "
                         f"| {'yes' if item['met'] else '**no**'} |")
    for script, report in reports.items():
        section = mines_generate_section(report) if script == "mines_generate.py" else MARKDOWN[script](report)
        lines += ["", section]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    """Run every bench and write the record."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small counts: check the scripts, not for the record")
    parser.add_argument("--output", type=Path, default=ROOT / "BENCHMARKS.md", help="where to write the record")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    about = machine()
    about["date_u"] = date_utc()
    reports = {script: run_bench(script, quick if args.quick else full) for script, _, full, quick in BENCHES}
    about["seconds"] = f"{time.perf_counter() - started:.0f}"
    args.output.write_text(document(reports, about, args.quick))
    progress(f"run_all: wrote {args.output} in {about['seconds']} s")
    summary = [f"{item['name']}: {format_target_value(item['value'], item['unit'])} "
               f"({'met' if item['met'] else 'NOT met'})"
               for report in reports.values() for item in report.get("targets", [])]
    print("\n".join(summary))


if __name__ == "__main__":
    main()
