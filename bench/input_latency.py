"""Benchmark: input to next painted frame on a 7×7 Cross Light board, against a no-op input in the same run.

Clicks are timed inside the page: performance.now(), dispatch a click on the cell
button (the board's delegated listener runs Python synchronously), then wait for
`requestAnimationFrame(() => setTimeout(done, 0))`. The rAF callback runs just
before the browser renders the next frame; a zero-delay task queued from it runs
once that frame's style, layout and paint are done, so it marks "the frame that
shows the press was painted". (A double rAF would instead mark the *start* of the
frame after that, adding up to one frame interval to every sample.) Each press
starts at a random point of the frame interval, as real input does; pressing
right after a paint would make every sample a whole frame long.

The baseline alternates with the presses: the same click and the same wait on
the rule text above the board, which has no listener, so its numbers show what
the frame clock alone costs (about half a frame interval at a random phase).

Keyboard input is real (Playwright sends Enter through the DevTools protocol).
The board acts on the keydown itself (its named actions; no click follows), so a
key is timed from the keydown event's timeStamp to the paint after the page's
last keydown listener, and its baseline is Enter with focus outside the board,
which runs the page's document-level key handlers but no move. Presses alternate on one cell, so the
board never reaches all-off; the bench checks after each press that the cell
changed and that the clear dialog did not open.

    .venv/bin/python bench/input_latency.py [--presses 120] [--json]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from common import BenchBrowser, at_least, bench_browser, progress, run_cli, summarize, target, targets_table
from playwright.sync_api import Page

from app.core.rng import Rng
from app.games import crosslight

TARGET_MEDIAN_MS = 16.0
BOARD = "7x7"
SEED = "bench"
NOOP_SELECTOR = "p.game-rule"

CLICK_LOOP_JS = """async ({cell, noop, presses, frameMs, seed}) => {
    const nextPaint = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
    let state = seed >>> 0;
    const random = () => { state = (Math.imul(state, 1664525) + 1013904223) >>> 0; return state / 2 ** 32; };
    const dialog = document.getElementById("result-dialog");
    const samples = {press: [], noop: []};  // [handler ms, paint ms] per press
    for (let i = 0; i < presses; i++) {
        for (const kind of ["noop", "press"]) {
            const node = document.querySelector(kind === "press" ? cell : noop);
            await nextPaint();
            await sleep(random() * frameMs);
            const before = node.getAttribute("data-code");
            const t0 = performance.now();
            node.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
            const t1 = performance.now();
            await nextPaint();
            const t2 = performance.now();
            if (kind === "press" && node.getAttribute("data-code") === before) {
                throw new Error("press " + i + " did not change the cell");
            }
            if (dialog.open) throw new Error("the board was solved at press " + i);
            samples[kind].push([t1 - t0, t2 - t0]);
        }
    }
    return samples;
}"""

FRAME_INTERVAL_JS = """async (frames) => {
    const times = [];
    for (let i = 0; i <= frames; i++) times.push(await new Promise((done) => requestAnimationFrame(done)));
    const gaps = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
    return gaps[Math.floor(gaps.length / 2)];
}"""

# Arms one keyboard measurement: resolves with [handler ms, paint ms, delivery ms], all from the keydown's timeStamp.
ARM_KEY_JS = """({focus, expectClick}) => {
    const node = document.querySelector(focus);
    node.focus();
    if (document.activeElement !== node) throw new Error("could not focus " + focus);
    const before = node.getAttribute("data-code");
    window.__benchKey = new Promise((resolve, reject) => {
        let stamp = null;
        let dispatched = null;
        let handled = null;
        const finish = () => {
            handled = performance.now();
            requestAnimationFrame(() => setTimeout(() => {
                removeEventListener("keydown", onKeyFirst, true);
                removeEventListener("keydown", onKeyLast);
                if (expectClick && node.getAttribute("data-code") === before) reject(new Error("Enter did not press"));
                else if (document.getElementById("result-dialog").open) reject(new Error("the board was solved"));
                else resolve([handled - stamp, performance.now() - stamp, dispatched - stamp]);
            }, 0));
        };
        // window, capturing: before any of the page's listeners; window, bubbling: after all of them.
        const onKeyFirst = (event) => {
            if (event.key === "Enter" && stamp === null) { stamp = event.timeStamp; dispatched = performance.now(); }
        };
        // The board's own keydown listener (on the grid) has run the move by the time the event
        // bubbles to window: that is where the handler's part ends, for the press and the no-op alike.
        const onKeyLast = (event) => { if (event.key === "Enter" && stamp !== null && handled === null) finish(); };
        addEventListener("keydown", onKeyFirst, true);
        addEventListener("keydown", onKeyLast);
    });
}"""


def board_fragment() -> tuple[str, tuple[int, int]]:
    """Return the bench board's #crosslight/<id> and a cell (the middle if it can) whose press leaves it unsolved."""
    state = crosslight.generate(crosslight.parse_params(BOARD), Rng(SEED))
    middle = (state.height // 2, state.width // 2)
    cells = [middle] + [(row, col) for row in range(state.height) for col in range(state.width)]
    for cell in cells:
        if crosslight.status(state) == 0 and crosslight.status(crosslight.apply(state, cell)) == 0:
            return f"#crosslight/{crosslight.encode(state)}", cell
    raise RuntimeError("no cell of the bench board can be pressed twice without solving it")


def cell_selector(row: int, col: int) -> str:
    """Return the CSS selector of one cell button."""
    return f'button.cell[data-row="{row}"][data-col="{col}"]'


def key_presses(page: Page, selectors: dict[str, str], presses: int, frame_ms: float) -> dict[str, list[list[float]]]:
    """Press Enter `presses` times on each focus target, alternating, and return the timings."""
    phase = random.Random(SEED)
    samples: dict[str, list[list[float]]] = {kind: [] for kind in selectors}
    for _ in range(presses):
        for kind, selector in selectors.items():
            page.evaluate(ARM_KEY_JS, {"focus": selector, "expectClick": kind == "press"})
            time.sleep(phase.random() * frame_ms / 1000)
            page.keyboard.press("Enter")
            samples[kind].append(page.evaluate("() => window.__benchKey"))
    return samples


def measure(bench: BenchBrowser, presses: int) -> dict[str, Any]:
    """Boot the board and time clicks and keys, each alternating with its baseline."""
    fragment, (row, col) = board_fragment()
    context, page = bench.open(fragment)
    try:
        cell = cell_selector(row, col)
        page.wait_for_selector(cell, state="attached")
        frame_ms = page.evaluate(FRAME_INTERVAL_JS, 60)
        page.evaluate(CLICK_LOOP_JS, {"cell": cell, "noop": NOOP_SELECTOR, "presses": 10, "frameMs": frame_ms,
                                      "seed": 1})  # warm-up: first-use costs of the move path
        progress(f"input latency: {presses} clicks and {presses} no-op clicks")
        clicks = page.evaluate(CLICK_LOOP_JS, {"cell": cell, "noop": NOOP_SELECTOR, "presses": presses,
                                               "frameMs": frame_ms, "seed": 2})
        key_presses(page, {"noop": "#view", "press": cell}, 6, frame_ms)  # warm-up: makes the AudioContext
        progress(f"input latency: {presses} Enter presses and {presses} no-op Enter presses")
        keys = key_presses(page, {"noop": "#view", "press": cell}, presses, frame_ms)
        audio = page.evaluate("() => document.documentElement.dataset.audio || 'locked'")
        moves = page.evaluate("() => document.getElementById('stat-moves').textContent")
    finally:
        context.close()
    return {"fragment": fragment, "cell": [row, col], "frame_ms": frame_ms, "clicks": clicks, "keys": keys,
            "audio": audio, "moves": moves}


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Measure and summarise click and keyboard latency with their baselines."""
    started = time.perf_counter()
    with bench_browser() as bench:
        raw = measure(bench, args.presses)
        chromium = bench.version
    rows: dict[str, Any] = {}
    for source, label in (("clicks", "click"), ("keys", "Enter")):
        for kind in ("press", "noop"):
            samples = raw[source][kind]
            name = f"{label}, {'no-op (baseline)' if kind == 'noop' else 'cell press'}"
            rows[name] = {"handler_ms": summarize([s[0] for s in samples]),
                          "paint_ms": summarize([s[1] for s in samples])}
            if source == "keys":
                rows[name]["delivery_ms"] = summarize([s[2] for s in samples])
    click = rows["click, cell press"]["paint_ms"]["median"]
    key = rows["Enter, cell press"]["paint_ms"]["median"]
    targets = [target("click → painted frame, median", click, TARGET_MEDIAN_MS, "ms"),
               target("Enter → painted frame, median", key, TARGET_MEDIAN_MS, "ms")]
    return {"benchmark": "input_latency", "board": BOARD, "fragment": raw["fragment"], "cell": raw["cell"],
            "presses": args.presses, "frame_ms": raw["frame_ms"], "audio": raw["audio"], "moves": raw["moves"],
            "chromium": chromium, "seconds": round(time.perf_counter() - started, 1), "rows": rows,
            "targets": targets}


def markdown(report: dict[str, Any]) -> str:
    """Return the report as a markdown section."""
    row, col = report["cell"]
    lines = [
        f"## Input latency: input → next painted frame ({report['board']} Cross Light, "
        f"{report['presses']} presses per row)",
        "",
        f"Board `{report['fragment']}`, presses alternate on cell ({row}, {col}). Measured frame interval: "
        f"{report['frame_ms']:.1f} ms.",
        "",
        "| input | handler median ms | handler p95 ms | to painted frame median ms | to painted frame p95 ms "
        "| median − baseline ms | input delivery median ms |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    rows = report["rows"]
    for name, item in rows.items():
        base = rows[name.split(",")[0] + ", no-op (baseline)"]["paint_ms"]["median"]
        delivery = f"{item['delivery_ms']['median']:.2f}" if "delivery_ms" in item else "—"
        lines.append(f"| {name} | {item['handler_ms']['median']:.2f} | {item['handler_ms']['p95']:.2f} "
                     f"| {item['paint_ms']['median']:.1f} | {item['paint_ms']['p95']:.1f} "
                     f"| {item['paint_ms']['median'] - base:+.1f} | {delivery} |")
    lines += [
        "",
        "*Handler* is the synchronous part (the click dispatch, or keydown to the end of the page's last "
        "keydown listener); "
        "*to painted frame* ends in a zero-delay task queued from the next `requestAnimationFrame`, i.e. after "
        "that frame's paint. Clicks are dispatched in the page at a random phase of the frame interval; Enter "
        "is real input sent through the DevTools protocol and counted from the keydown's `timeStamp` (*input "
        "delivery* is the part before the first keydown listener ran). "
        "The no-op click hits text with no listener; the no-op Enter has focus outside the board, so only "
        f"the page's document-level key handlers run. Audio after the run: {report['audio']}.",
        "",
        *targets_table(report["targets"]),
    ]
    return "\n".join(lines)


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add this benchmark's options."""
    parser.add_argument("--presses", type=at_least(1), default=120, help="presses per kind of input (at least 100)")


def main(argv: list[str] | None = None) -> None:
    """Run the input latency benchmark from the command line."""
    run_cli(__doc__.splitlines()[0], add_options, run, markdown, argv)


if __name__ == "__main__":
    main()
