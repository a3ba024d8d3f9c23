"""A slow move runs in slices: the page answers input meanwhile, and Cancel keeps the board in play.

The densest no-guess board a link may name (50×50, 833 mines) lays its mines on
the first click in slices (Minesweeper's apply_steps); the busy mark shows
progress and a Cancel button.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import LONG_WAIT_MS, busy_turns, go

DENSE = "#mines/1.50x50n833.p4yrdexsn3"
TOO_DENSE = "#mines/1.50x50n950.w7"


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    """One booted page for the module."""
    return open_page("")


DRAWN = "() => document.querySelector('.board-grid button') && !document.querySelector('.is-busy')"
# The 50×50 guessing board whose only safe cells are the first click's 3×3: that click wins.
GUESS_50 = "#mines/1.50x50n2491-guess.z5qwbb5mid"


def first_cell(page):  # noqa: ANN001, ANN201
    return page.locator('.board-grid button[data-row="0"][data-col="0"]')


def wait_until_opened(page) -> None:  # noqa: ANN001
    page.wait_for_function("() => !document.querySelector('section.game.is-busy')"
                           " && !document.querySelector('[data-row=\"0\"][data-col=\"0\"]')"
                           ".getAttribute('aria-label').endsWith('hidden')", timeout=LONG_WAIT_MS)


def test_the_page_answers_while_a_dense_board_is_laid(page) -> None:  # noqa: ANN001
    go(page, DENSE)
    page.wait_for_function(DRAWN)  # a 50×50 board is itself made in slices
    with busy_turns(page) as laying:
        first_cell(page).click()
        wait_until_opened(page)
    # While the mines were laid the page ran other tasks (timers, paints) between the slices, again and
    # again, and showed how far the work had got.
    assert laying.turns >= 3, f"the page answered {laying.turns} times while the mines were laid"
    assert any(label.endswith("%") for label in laying.labels), laying.labels


def test_cancel_keeps_the_board_in_play(page) -> None:  # noqa: ANN001
    go(page, DENSE)
    page.wait_for_function(DRAWN)  # a 50×50 board is itself made in slices
    # The first click starts the slices; Cancel comes before the first slice has run.
    busy_then = page.evaluate("""() => {
        document.querySelector('.board-grid button[data-row="0"][data-col="0"]').click();
        const busy = document.querySelector('section.game').classList.contains('is-busy');
        document.querySelector('#busy-cancel').click();
        return busy;
    }""")
    assert busy_then, "the dense first click works in slices"
    assert not page.locator("section.game.is-busy").count()
    assert "Cancelled" in page.locator("#live").inner_text()
    assert first_cell(page).get_attribute("aria-label").endswith("hidden"), "the board is as it was"
    assert page.locator("#stat-mines-left").inner_text() == "833"
    first_cell(page).click()  # still playable: the first click again lays the mines and opens an area
    wait_until_opened(page)


def test_a_link_denser_than_the_no_guess_limit_is_refused_at_once(page) -> None:  # noqa: ANN001
    go(page, TOO_DENSE)
    assert "its board size is not one this game allows" in page.locator("#notice").inner_text()
    assert page.locator("#game-id").input_value() != TOO_DENSE.split("/", 1)[1], "another board opened instead"


def test_a_click_on_a_big_board_being_drawn_is_kept_and_played_once_it_is(page) -> None:  # noqa: ANN001
    go(page, "#")
    go(page, GUESS_50)
    # As soon as the cell's button exists, while the board is still being made and drawn in slices:
    # the grid says it is busy, the mark lets the click through, and the move waits for the drawing.
    # (A MutationObserver sees the cell in the microtask after the slice that made it, before any other
    # task: a setTimeout poll could be starved by the slices under load and miss the whole drawing.)
    seen = page.evaluate("""() => new Promise(resolve => {
        const check = () => {
            const button = document.querySelector('.board-grid button[data-row="25"][data-col="25"]');
            const screen = document.querySelector('section.game');
            if (!button || !screen) return false;
            if (screen.classList.contains('is-drawing')) {
                const busyGrid = document.querySelector('.board-grid').getAttribute('aria-busy');
                const label = button.getAttribute('aria-label');
                const mark = getComputedStyle(document.querySelector('.busy')).pointerEvents;
                button.click();
                resolve({busyGrid, label, mark});
                return true;
            }
            if (!screen.classList.contains('is-busy')) { resolve(null); return true; }
            return false;
        };
        if (check()) return;
        const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
        observer.observe(document.body, {childList: true, subtree: true, attributes: true,
                                         attributeFilter: ['class']});
    })""")
    assert seen is not None, "the 50×50 board was made in one go, not in slices"
    assert seen["busyGrid"] == "true", "a grid still being made and named says it is busy"
    assert seen["mark"] == "none", "the busy mark lets clicks through to the cells while the board is drawn"
    page.wait_for_function("() => !document.querySelector('.is-busy')"
                           " && document.querySelector('.board-grid').getAttribute('aria-busy') === null"
                           " && !document.querySelector('[data-row=\"25\"][data-col=\"25\"]')"
                           ".getAttribute('aria-label').endsWith('hidden')", timeout=LONG_WAIT_MS)
    # The kept click was played: its cell and neighbours are the only safe ones, so it won the board.
    assert page.locator(".board-grid.locked").count() == 1, "the first click opened every safe cell"
    label = page.locator('.board-grid button[data-row="25"][data-col="25"]').get_attribute("aria-label")
    assert label.startswith("Row 26, column 26"), label
    assert page.locator('.board-grid button[data-row="0"][data-col="0"]').get_attribute("aria-label") \
        .startswith("Row 1, column 1"), "every cell is labelled"


def test_cancel_from_the_keyboard_hands_focus_back_to_the_board(page) -> None:  # noqa: ANN001
    go(page, DENSE)
    page.wait_for_function(DRAWN)  # a 50×50 board is itself made in slices
    page.evaluate("""() => {
        document.querySelector('.board-grid button[data-row="0"][data-col="0"]').click();
        document.querySelector('#busy-cancel').focus();
    }""")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('section.game.is-busy')")
    # Cancel hid under the focus: the focus is on the board, not lost on the page's body.
    assert page.evaluate("() => !!document.activeElement.closest('.board-grid')")
