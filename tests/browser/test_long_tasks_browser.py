"""Long work on a link or a big board is done in slices: the page answers meanwhile (issue #20, item 8).

Each case moves one booted page to a link, or makes a board the way a player does, and counts
the turns the page gave other tasks while its busy mark was on (`busy_turns`, conftest): work
done in one long task leaves no turn at all. How long each task is, against the 250 ms line,
is measured in bench/longtasks.py (`make bench`), not here: a shared machine's timings are not
a test's to judge. The long links are built here from the backends (e.g. a Cross Light replay
of 19,999 legal presses).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from long_replays import mines_replay, pipes_replay

import app.catalogue  # noqa: F401 - registers every game's SPEC
from app.core.replay import replay_link
from app.core.rng import Rng
from app.games import crosslight
from tests.browser.conftest import LONG_WAIT_MS, busy_turns, go

BUSY_OVER = "() => !document.querySelector('.is-busy')"
REPLAY_OPEN = ("() => document.querySelector('#replay-position, #replay-problem') !== null"
               " && !document.querySelector('.is-busy')")


def crosslight_replay() -> str:
    """A Cross Light replay of 19,999 presses of one cell (each legal; the board never clears)."""
    start = crosslight.generate(crosslight.parse_params("12x12"), Rng("long-tasks"))
    return replay_link(crosslight.SPEC, start, [(0, 0)] * 19_999)


GUESS_50 = "#mines/1.50x50n2491-guess.z5qwbb5mid"
HUGE_ID = "#crosslight/1.12x12." + "A" * 1_000_000
SLICED = 2  # turns the page must give while a long piece of work is under way: at least two slices


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    """One page booted at home."""
    return open_page("#")


def open_link(page: Any, link: str, done: str) -> None:  # noqa: ANN401
    """Move the booted page from home to `link` and wait until `done` (a JS predicate) holds."""
    go(page, "#")
    go(page, link)
    page.wait_for_function(done, timeout=LONG_WAIT_MS)


@pytest.mark.parametrize(("name", "link"), [
    ("Cross Light replay, 19,999 moves", crosslight_replay),
    ("Minesweeper 50×50 replay, 5,001 moves", lambda: mines_replay("long-tasks")),
    ("Pipe Link replay, 19,999 moves", lambda: pipes_replay("long-tasks")),
])
def test_a_long_replay_opens_in_slices(page, name: str, link: Callable[[], str]) -> None:  # noqa: ANN001
    text = link()
    go(page, "#")
    with busy_turns(page) as opening:
        open_link(page, text, REPLAY_OPEN)
    assert page.locator("#replay-position").inner_text().startswith("Move 0 of"), "the replay opened"
    assert opening.turns >= SLICED, f"{name}: the page answered {opening.turns} times while it opened"


# The page checks the hash's length in JS (window.masumeHash, static/js/board-grid.js) and never copies a
# huge one into Python (that copy took 50-470 ms); the huge address is then left in a task of its own.
def test_a_huge_game_id_is_refused_without_python_reading_it(page) -> None:  # noqa: ANN001
    go(page, "#")
    page.evaluate("""() => {
        const read = window.__masumeHash = window.masumeHash;
        window.__hashReads = [];
        window.masumeHash = (limit) => { const hash = read(limit); window.__hashReads.push(hash === null
            ? null : hash.length); return hash; };
    }""")
    try:
        open_link(page, HUGE_ID, "() => document.querySelector('#notice')?.textContent")
        assert "too long" in page.locator("#notice").inner_text()
        reads = page.evaluate("() => window.__hashReads")
        assert None in reads and all(length is None or length < 10_000 for length in reads), reads
        page.wait_for_function("() => window.location.href.length < 1000")  # the huge address is left
    finally:
        page.evaluate("() => { window.masumeHash = window.__masumeHash; }")


def test_a_50x50_guessing_board_and_its_first_click_are_made_in_slices(page) -> None:  # noqa: ANN001
    go(page, "#")
    with busy_turns(page) as making:
        open_link(page, GUESS_50, BUSY_OVER)
    assert making.turns >= SLICED, f"the page answered {making.turns} times while the board was made"
    with busy_turns(page) as clicking:
        page.locator('.board-grid button[data-row="25"][data-col="25"]').click()
        page.wait_for_function("() => !document.querySelector('.is-busy')"
                               " && document.querySelector('#move-count, .stats')", timeout=LONG_WAIT_MS)
        page.wait_for_function("() => !document.querySelector('[data-row=\"25\"][data-col=\"25\"]')"
                               ".getAttribute('aria-label').endsWith('hidden')", timeout=LONG_WAIT_MS)
    assert clicking.turns >= SLICED, f"the page answered {clicking.turns} times while the first click was played"


def test_a_50x50_board_from_the_size_form_is_made_in_slices(page) -> None:  # noqa: ANN001
    go(page, "#mines")
    before = page.locator("#game-id").input_value()
    page.select_option("#preset", "custom")
    page.fill("#custom-width", "50")
    page.fill("#custom-height", "50")
    page.fill("#custom-mines", "400")
    with busy_turns(page) as making:
        page.locator("#apply-size").click()
        page.wait_for_function("(b) => document.querySelector('#game-id').value !== b"
                               " && !document.querySelector('.is-busy')", arg=before, timeout=LONG_WAIT_MS)
    assert making.turns >= SLICED, f"the page answered {making.turns} times while the board was made"
    assert page.locator('.board-grid button[data-row="49"][data-col="49"]').count() == 1


def test_zooming_a_50x50_board_repaints_it_in_slices(page) -> None:  # noqa: ANN001
    open_link(page, GUESS_50, BUSY_OVER)
    for button in ("out", "in"):
        before = page.locator("#zoom-level").inner_text()
        with busy_turns(page) as zooming:
            page.locator(f"#zoom-{button}").click()
            page.wait_for_function("(b) => document.querySelector('#zoom-level').textContent !== b"
                                   " && !document.querySelector('.is-busy')", arg=before, timeout=LONG_WAIT_MS)
        assert zooming.turns >= 1, f"zooming {button}: the 2,500 cells were repainted in one task"
    label = page.locator('.board-grid button[data-row="49"][data-col="49"]').get_attribute("aria-label")
    assert label.startswith("Row 50, column 50") and label.endswith("hidden"), label
