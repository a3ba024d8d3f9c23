"""No main-thread task over 250 ms on any link or board, once the page is ready (issue #20, item 8).

A PerformanceObserver for `longtask` entries (tasks over 50 ms), installed by an init
script before anything runs, records every long task of the page. The page boots at
home (the boot itself is not measured); each case then moves it to a link or makes a
board the way a player does, waits until the result is on screen, and takes the
longest task that began after the case started. The long links are built here from
the backends (e.g. a Cross Light replay of 19,999 legal presses).

The machine running the tests is shared: one measurement over the limit is taken
again once, so a busy moment is not a failure, while work done in one big task fails
both times.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import app.catalogue  # noqa: F401 - registers every game's SPEC
from app.core.replay import replay_link
from app.core.rng import Rng
from app.games import crosslight, mines, pipes
from tests.browser.conftest import go

LIMIT_MS = 250.0

OBSERVE = """
window.__longTasks = [];
new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({type: "longtask"});
// The page's own scripts in long frames (event listeners, timers: Python runs inside them), to tell
// a task of ours from the browser's own work (e.g. taking in a 1 MB address, with no script in it).
window.__scripts = [];
if (PerformanceObserver.supportedEntryTypes.includes("long-animation-frame")) {
    new PerformanceObserver((list) => {
        for (const frame of list.getEntries()) {
            for (const script of frame.scripts) window.__scripts.push([script.startTime, script.duration]);
        }
    }).observe({type: "long-animation-frame"});
}
"""

BUSY_OVER = "() => !document.querySelector('.is-busy')"
REPLAY_OPEN = ("() => document.querySelector('#replay-position, #replay-problem') !== null"
               " && !document.querySelector('.is-busy')")


def crosslight_replay() -> str:
    """A Cross Light replay of 19,999 presses of one cell (each legal; the board never clears)."""
    start = crosslight.generate(crosslight.parse_params("12x12"), Rng("long-tasks"))
    return replay_link(crosslight.SPEC, start, [(0, 0)] * 19_999)


def _hidden_cell(state: Any) -> tuple[int, int]:
    rows, cols = (int(n) for n in state.opened.shape)
    return next((r, c) for r in range(rows) for c in range(cols) if not state.opened[r, c])


def mines_replay() -> str:
    """A 50×50 Minesweeper replay of 5,001 moves: the first open, then a flag put on and taken off 2,500 times."""
    start = mines.generate(mines.parse_params("50x50n400"), Rng("long-tasks"))
    first = ("open", 25, 25)
    opened = mines.apply(start, first)
    row, col = _hidden_cell(opened)
    moves = [first] + [(kind, row, col) for _ in range(2_500) for kind in ("flag", "unflag")]
    return replay_link(mines.SPEC, start, moves)


def pipes_replay() -> str:
    """A 12×12 Pipe Link replay of 19,999 quarter turns, none of which clears the board."""
    start = pipes.generate(pipes.parse_params("path-12x12"), Rng("long-tasks"))
    state, moves = start, []
    cells = [(r, c) for r in range(12) for c in range(12)]
    index = 0
    while len(moves) < 19_999:
        move = ("cw", *cells[index % len(cells)])
        after = pipes.apply(state, move)
        if pipes.status(after) != 0:  # that turn would clear the board: turn another tile
            index += 1
            continue
        state = after
        moves.append(move)
        if len(moves) % 7 == 0:
            index += 1
    return replay_link(pipes.SPEC, start, moves)


GUESS_50 = "#mines/1.50x50n2491-guess.z5qwbb5mid"
HUGE_ID = "#crosslight/1.12x12." + "A" * 1_000_000


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    """One page booted at home with the long-task observer installed before the boot."""
    return open_page("#", init_script=OBSERVE)


def settle(page: Any) -> None:  # noqa: ANN401
    """Wait for a painted frame, then a little longer, so a task the last step queued is recorded too."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => setTimeout(done, 300)))")


def measure(page: Any, action: Callable[[], None]) -> tuple[float, float]:  # noqa: ANN401
    """Run `action`; return the longest task and the longest script of the page's (ms) begun after it started."""
    settle(page)
    start = float(page.evaluate("performance.now()"))
    action()
    settle(page)
    task, script = (float(page.evaluate(f"(s) => Math.max(0, ...window.{log}.filter(t => t[0] >= s).map(t => t[1]))",
                                         start)) for log in ("__longTasks", "__scripts"))
    return task, script


def longest_task(page: Any, action: Callable[[], None]) -> float:  # noqa: ANN401
    """Run `action` and return the longest task (ms) that began after it started; 0 when none was long."""
    return measure(page, action)[0]


def assert_quick(page: Any, action: Callable[[], None], what: str) -> float:  # noqa: ANN401
    """Measure `action`, once more if the first run was over the limit (a busy machine), and assert the limit."""
    first, script = measure(page, action)
    print(f"[{what}] first measurement {first:.0f} ms (longest script {script:.0f} ms)")
    if first <= LIMIT_MS:
        return first
    second = longest_task(page, action)
    assert second <= LIMIT_MS, f"{what}: a main-thread task of {first:.0f} ms, then {second:.0f} ms"
    return second


def open_link(page: Any, link: str, done: str) -> Callable[[], None]:  # noqa: ANN401
    """An action: move the booted page to `link` and wait until `done` (a JS predicate) holds."""
    def action() -> None:
        go(page, "#")
        go(page, link)
        page.wait_for_function(done, timeout=120_000)
    return action


@pytest.mark.parametrize(("name", "link"), [
    ("Cross Light replay, 19,999 moves", crosslight_replay),
    ("Minesweeper 50×50 replay, 5,001 moves", mines_replay),
    ("Pipe Link replay, 19,999 moves", pipes_replay),
])
def test_a_long_replay_opens_in_short_tasks(page, name: str, link: Callable[[], str]) -> None:  # noqa: ANN001
    text = link()
    ms = assert_quick(page, open_link(page, text, REPLAY_OPEN), name)
    assert page.locator("#replay-position").inner_text().startswith("Move 0 of"), "the replay opened"
    print(f"{name}: longest task {ms:.0f} ms")


# The page checks the hash's length in JS and never copies a huge one into Python (that copy took
# 50-470 ms). What remains is the browser's: taking in the 1 MB address is a task with no script in it
# (a Chrome trace shows no JavaScript, style or layout inside it: 105-225 ms on the 2-core test box),
# and leaving it (history.replaceState, 20-140 ms) runs in a task of its own after home is drawn. So
# this case holds the page's own scripts to the limit (Long Animation Frames: every event listener and
# timer, Python inside them, the replaceState too) and reports the longest task, the browser's included.
def test_a_huge_game_id_is_refused_in_short_tasks(page) -> None:  # noqa: ANN001
    if not page.evaluate("PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')"):
        pytest.skip("this Chromium cannot tell the page's scripts from its own work (no long-animation-frame)")
    action = open_link(page, HUGE_ID, "() => document.querySelector('#notice')?.textContent")
    task, script = measure(page, action)
    print(f"[1 MB Cross Light ID] first measurement: script {script:.0f} ms, task {task:.0f} ms")
    if script > LIMIT_MS:  # a busy machine: once more, as assert_quick does
        task, script = measure(page, action)
    assert script <= LIMIT_MS, f"1 MB Cross Light ID: a script of the page ran {script:.0f} ms"
    assert "too long" in page.locator("#notice").inner_text()
    print(f"1 MB ID: longest script {script:.0f} ms, longest task {task:.0f} ms (the browser's own included)")


def test_home_renders_in_short_tasks(page) -> None:  # noqa: ANN001
    def action() -> None:
        go(page, "#crosslight")
        go(page, "#")
    ms = assert_quick(page, action, "home")
    print(f"home: longest task {ms:.0f} ms")


def test_a_new_9x9_minesweeper_game_is_made_in_short_tasks(page) -> None:  # noqa: ANN001
    go(page, "#mines")
    ms = assert_quick(page, lambda: page.locator("#new-game").click(), "9×9 Minesweeper new game")
    print(f"9×9 new game: longest task {ms:.0f} ms")


def test_a_50x50_guessing_board_and_its_first_click_are_made_in_short_tasks(page) -> None:  # noqa: ANN001
    ms = assert_quick(page, open_link(page, GUESS_50, BUSY_OVER), "50×50 board with 2,491 mines")
    print(f"50×50 n2491 link: longest task {ms:.0f} ms")

    def click() -> None:
        go(page, "#")
        go(page, GUESS_50)
        page.wait_for_function(BUSY_OVER)
        page.locator('.board-grid button[data-row="25"][data-col="25"]').click()
        page.wait_for_function("() => !document.querySelector('.is-busy')"
                               " && document.querySelector('#move-count, .stats')", timeout=120_000)
        page.wait_for_function("() => !document.querySelector('[data-row=\"25\"][data-col=\"25\"]')"
                               ".getAttribute('aria-label').endsWith('hidden')", timeout=120_000)
    ms = assert_quick(page, click, "first click on 50×50 with 2,491 mines")
    print(f"50×50 n2491 first click: longest task {ms:.0f} ms")


def test_a_50x50_board_from_the_size_form_is_made_in_short_tasks(page) -> None:  # noqa: ANN001
    go(page, "#mines")

    def make() -> None:
        before = page.locator("#game-id").input_value()
        page.select_option("#preset", "custom")
        page.fill("#custom-width", "50")
        page.fill("#custom-height", "50")
        page.fill("#custom-mines", "400")
        page.locator("#apply-size").click()
        page.wait_for_function("(b) => document.querySelector('#game-id').value !== b"
                               " && !document.querySelector('.is-busy')", arg=before, timeout=120_000)
    ms = assert_quick(page, make, "50×50 Minesweeper board from the size form")
    print(f"50×50 size form: longest task {ms:.0f} ms")


def test_zooming_a_50x50_board_repaints_it_in_short_tasks(page) -> None:  # noqa: ANN001
    go(page, "#")
    go(page, GUESS_50)
    page.wait_for_function(BUSY_OVER, timeout=120_000)

    def zoom(button: str) -> Callable[[], None]:
        def action() -> None:
            before = page.locator("#zoom-level").inner_text()
            page.locator(f"#zoom-{button}").click()
            page.wait_for_function("(b) => document.querySelector('#zoom-level').textContent !== b"
                                   " && !document.querySelector('.is-busy')", arg=before, timeout=120_000)
        return action
    ms = max(assert_quick(page, zoom("out"), "zooming a 50×50 board out"),
             assert_quick(page, zoom("in"), "zooming a 50×50 board in"))
    label = page.locator('.board-grid button[data-row="49"][data-col="49"]').get_attribute("aria-label")
    assert label.startswith("Row 50, column 50") and label.endswith("hidden"), label
    print(f"50×50 zoom: longest task {ms:.0f} ms")
