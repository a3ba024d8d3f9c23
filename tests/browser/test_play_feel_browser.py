"""Issue #18, part a: what the player sees of Check and hints, a layout that holds still, Restart that asks,
the Controls help, the first visit's line, and a finished board left in sight.

One booted page for most tests (screens change through the hash); the first-visit line and
reduced motion get pages of their own.
"""

from __future__ import annotations

import numpy as np
import pytest

from app.core import registry
from app.core.rng import Rng
from app.games import crosslight, mines
from tests.browser.conftest import go, page_timers_run, wait_until_ready

pytestmark = pytest.mark.browser

GAMES = registry.games()  # every registered game (tests/conftest.py imports app.catalogue)
# Every control of the play bar, the board's tools and the panel beside or below the board.
CONTROLS = (".play-bar button, .board-tools button, .game-panel button, .game-panel select, "
            ".game-panel input, .game-panel a")


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    return open_page("")


def puzzle(seed: str, size: str = "5x5") -> crosslight.State:
    return crosslight.generate(crosslight.parse_params(size), Rng(seed))


def cell(page, row: int, col: int):  # noqa: ANN001, ANN201
    return page.locator(f"button.cell[data-row='{row}'][data-col='{col}']")


def open_game(page, fragment: str) -> None:  # noqa: ANN001
    go(page, fragment)
    page.wait_for_selector("[role=grid] button.cell")


def control_boxes(page) -> list[tuple[str, float, float, float, float]]:  # noqa: ANN001
    # Named by id, or by tag: a control may change its words in place (a stage link says "cleared"), not its box.
    return page.evaluate("""(s) => [...document.querySelectorAll(s)].filter(e => e.offsetParent !== null)
        .map(e => { const r = e.getBoundingClientRect();
                    return [e.id || e.tagName, r.x + scrollX, r.y + scrollY, r.width, r.height]; })""",
                         CONTROLS)


def steady_control_boxes(page) -> list[tuple[str, float, float, float, float]]:  # noqa: ANN001
    """The controls' boxes once the layout has settled: the same after the page's timers and a frame.

    (A new size or screen is fitted in the page's next frames; on a busy machine they come late.)
    """
    boxes = control_boxes(page)
    for _ in range(50):
        page_timers_run(page, 100)
        again = control_boxes(page)
        if again == boxes:
            return boxes
        boxes = again
    raise AssertionError(f"the controls never settled: {boxes}")


def overlap(page, first: str, second: str) -> bool:  # noqa: ANN001
    """Whether two elements' boxes on screen overlap."""
    return page.evaluate("""([a, b]) => { const r = document.querySelector(a).getBoundingClientRect(),
        q = document.querySelector(b).getBoundingClientRect();
        return r.left < q.right && q.left < r.right && r.top < q.bottom && q.top < r.bottom; }""", [first, second])


def board_uncovered(page) -> bool:  # noqa: ANN001
    """Whether the board's centre is the board itself: no dialog or backdrop above it."""
    return page.evaluate("""() => { const b = document.querySelector('.board').getBoundingClientRect();
        const y = b.top + Math.min(b.height, innerHeight - b.top) / 2;
        const hit = document.elementFromPoint(b.left + b.width / 2, y);
        return hit !== null && hit.closest('.board') !== null; }""")


# ----- 1. Check and hints say it on screen -------------------------------------------------------------


def test_check_words_are_visible_next_to_the_board(page) -> None:  # noqa: ANN001
    state = puzzle("feel-check")
    open_game(page, f"#crosslight/{crosslight.encode(state)}")
    cell(page, 0, 0).click()
    page.locator("#check").click()
    status = page.locator("#board-status")
    status.wait_for(state="visible")
    presses = crosslight.par(crosslight.apply(state, (0, 0)))
    words = status.inner_text()
    assert "from solved" in words and str(presses) in words, words
    assert page.evaluate("""() => { const e = document.querySelector('#board-status'), r = e.getBoundingClientRect();
        return e.closest('.visually-hidden, [hidden]') === null && r.width > 50 && r.height > 10
               && getComputedStyle(e).visibility === 'visible'; }""")
    cell(page, 1, 1).click()  # the words stay until the next move
    assert page.locator("#board-status").inner_text() == ""


def test_a_hint_says_what_it_played_on_screen_in_every_game(page) -> None:  # noqa: ANN001
    for game in GAMES:
        open_game(page, f"#{game}")
        if game == "mines":
            cell(page, 4, 4).click()
        page.locator("#hint").click()
        page.wait_for_function("() => document.querySelector('#board-status').textContent.length > 0")
        assert page.locator(".cell.hinted").count() == 1, game  # one move, ringed
        ring = page.evaluate("""() => getComputedStyle(document.querySelector('.cell.hinted'), '::before')
            .outlineStyle""")
        assert ring == "dashed", (game, ring)  # never the cursor's solid ring


# ----- 2. the layout holds still; Restart asks ---------------------------------------------------------


@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 768}, {"width": 390, "height": 844}])
def test_no_control_moves_at_the_first_hint_or_check(page, viewport) -> None:  # noqa: ANN001
    page.set_viewport_size(viewport)
    checked = []
    try:
        for game in GAMES:
            open_game(page, f"#{game}")
            page.evaluate("() => scrollTo(0, 0)")
            if game == "mines":
                cell(page, 4, 4).click()
            before = steady_control_boxes(page)
            assert len(before) > 6, game
            page.locator("#hint").click()
            page.wait_for_function("() => document.querySelector('#board-status').textContent.length > 0")
            page.evaluate("() => scrollTo(0, 0)")
            assert steady_control_boxes(page) == before, f"{game}: a control moved at the first hint"
            # (a new board is random: one its first hint finished has no Check left to press)
            if page.locator("#check").is_visible() and page.locator("#check").is_enabled():
                page.locator("#check").click()
                page.evaluate("() => scrollTo(0, 0)")
                assert steady_control_boxes(page) == before, f"{game}: a control moved at the first check"
                checked.append(game)
        assert "mines" in checked, checked  # an Expert-sized board always outlasts its first click and one hint
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_restart_asks_first_when_the_game_has_moves(page) -> None:  # noqa: ANN001
    state = puzzle("feel-restart")
    open_game(page, f"#crosslight/{crosslight.encode(state)}")
    cell(page, 2, 2).click()
    page.locator("#restart").click()
    dialog = page.locator("#confirm-dialog")
    dialog.wait_for(state="visible")
    assert "Restart" in dialog.inner_text() and page.locator("#confirm-yes").inner_text() == "Yes, restart"
    page.locator("#confirm-no").click()
    assert page.locator("#stat-moves").inner_text() == "1"  # No keeps every move
    page.locator("#restart").click()
    page.locator("#confirm-yes").click()
    assert not dialog.is_visible()
    assert page.locator("#undo").is_enabled()  # restart is an undoable step
    assert page.locator("button.cell[aria-pressed='true']").count() == int(state.lights.sum())
    # New game keeps its own wording
    cell(page, 2, 2).click()
    page.locator("#new-game").click()
    assert page.locator("#confirm-yes").inner_text() == "Yes, new game"
    page.locator("#confirm-no").click()


# ----- 3. the Controls help and the first visit's line --------------------------------------------------


def test_the_controls_dialog_lists_mouse_touch_and_keyboard_for_each_game(page) -> None:  # noqa: ANN001
    expected = {"crosslight": ("Click", "Tap", "Enter"), "mines": ("Right-click", "Long press", "F"),
                "mirrors": ("Click", "Tap", "Space"), "pipes": ("Middle-click", "Long press", "Shift+Enter")}
    for game in GAMES:
        open_game(page, f"#{game}")
        page.locator("#keys-button").click()
        dialog = page.locator("#keys-dialog")
        dialog.wait_for(state="visible")
        assert page.locator("#keys-title").inner_text() == "Controls"
        mouse, touch, keys = expected[game]
        for section, word in (("controls_mouse", mouse), ("controls_touch", touch), ("controls_keyboard", keys)):
            text = page.locator(f"#keys-list [data-section={section}]").inner_text()
            assert word in text, (game, section, text)
        assert "dashed" in page.locator("#keys-list [data-section=controls_hints]").inner_text()
        page.locator("#keys-close").click()


def test_the_first_visit_line_shows_once(open_page) -> None:  # noqa: ANN001
    page = open_page("#pipes")
    intro = page.locator("#board-intro")
    intro.wait_for(state="visible")
    assert "Tap or click: the chosen tool" in intro.inner_text() and "Long press" in intro.inner_text()
    go(page, "#")
    open_game(page, "#pipes")
    assert not page.locator("#board-intro").is_visible()
    open_game(page, "#mines")  # each game's own, once
    assert "Long press or right-click (Space, F): flag" in page.locator("#board-intro").inner_text()
    page.reload()
    wait_until_ready(page)
    page.wait_for_selector("[role=grid] button.cell")
    assert not page.locator("#board-intro").is_visible()


# ----- 5. the finished board stays in sight ------------------------------------------------------------


# The last move, clicked in the page, and whether the result is open once the page's timers due within
# 300 ms of it have run (the result's pause is 1 s, none under reduced motion): both in one task of the
# page, so the answer depends on the page's own clock and queue, never on how busy the machine is.
LAST_MOVE_THEN_RESULT_OPEN = """(b) => { b.click();
    return new Promise(done => setTimeout(() => done(document.querySelector('#result-dialog').open), 300)); }"""


def win_crosslight_by_its_last_move(page, seed: str) -> bool:  # noqa: ANN001
    """Win a seed's board; return whether the result was open 300 ms (the page's clock) after the last move."""
    state = puzzle(seed)
    open_game(page, f"#crosslight/{crosslight.encode(state)}")
    *moves, last = crosslight.solve(state)
    for row, col in moves:
        cell(page, row, col).click()
    return bool(cell(page, *last).evaluate(LAST_MOVE_THEN_RESULT_OPEN))


def test_the_board_shows_its_finish_before_the_result_and_stays_uncovered(page) -> None:  # noqa: ANN001
    assert not win_crosslight_by_its_last_move(page, "feel-win"), "the result did not wait: the finish is hidden"
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    assert not page.evaluate("() => document.querySelector('#result-dialog').matches(':modal')")
    assert not overlap(page, "#result-dialog", ".board")
    page.evaluate("() => scrollTo(0, 0)")
    assert board_uncovered(page)
    page.locator("#result-close").click()
    assert not dialog.is_visible()


def test_under_reduced_motion_the_result_comes_at_once_beside_the_board(page) -> None:  # noqa: ANN001
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        assert win_crosslight_by_its_last_move(page, "feel-reduced"), "under reduced motion the result waited"
        assert not overlap(page, "#result-dialog", ".board")
        page.evaluate("() => scrollTo(0, 0)")
        assert board_uncovered(page)
        page.locator("#result-close").click()
    finally:
        page.emulate_media(reduced_motion="no-preference")
        page.set_viewport_size({"width": 1280, "height": 800})


def test_the_mines_loss_result_leaves_the_mine_in_sight(page) -> None:  # noqa: ANN001
    seed_id = "1.9x9n10.feelloss"
    open_game(page, f"#mines/{seed_id}")
    cell(page, 4, 4).click()
    page.wait_for_function("() => location.hash.endsWith('.4-4')")
    state = mines.apply(mines.decode(seed_id), ("open", 4, 4))
    row, col = (int(v) for v in np.argwhere(state.mines & ~state.opened)[0])
    cell(page, row, col).click()
    page.locator("#result-dialog").wait_for(state="visible")
    assert not overlap(page, "#result-dialog", f"button.cell[data-row='{row}'][data-col='{col}']")
    assert not overlap(page, "#result-dialog", ".board")
    page.locator("#result-retry").click()  # a loss restarts without asking: the board is over
    assert not page.locator("#confirm-dialog").is_visible()


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_the_controls_help_lists_the_players_own_pointer_first(open_page, touch: bool) -> None:  # noqa: ANN001
    page = open_page("#mines", viewport={"width": 390, "height": 844} if touch else None, has_touch=touch,
                     is_mobile=touch)
    page.wait_for_selector(".board-grid button.cell")
    page.locator("#keys-button").click()
    page.locator("#keys-dialog").wait_for(state="visible")
    sections = page.eval_on_selector_all("#keys-list [data-section]", "s => s.map(e => e.dataset.section)")
    assert sections[:2] == (["controls_touch", "controls_mouse"] if touch else ["controls_mouse", "controls_touch"])
    first = page.locator("#keys-list [data-section]").first.inner_text()
    assert ("Tap" in first and "Right-click" not in first) if touch else "Right-click" in first
    page.locator("#keys-close").click()
