"""A slow move runs in slices: the page answers input meanwhile, and Cancel keeps the board in play.

The densest no-guess board a link may name (50×50, 833 mines) lays its mines on
the first click in slices (Minesweeper's apply_steps); the busy mark shows
progress and a Cancel button.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import go

DENSE = "#mines/1.50x50n833.p4yrdexsn3"
TOO_DENSE = "#mines/1.50x50n950.w7"


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    """One booted page for the module."""
    return open_page("")


def first_cell(page):  # noqa: ANN001, ANN201
    return page.locator('.board-grid button[data-row="0"][data-col="0"]')


def wait_until_opened(page) -> None:  # noqa: ANN001
    page.wait_for_function("() => !document.querySelector('section.game.is-busy')"
                           " && !document.querySelector('[data-row=\"0\"][data-col=\"0\"]')"
                           ".getAttribute('aria-label').endsWith('hidden')", timeout=120_000)


def test_the_page_answers_while_a_dense_board_is_laid(page) -> None:  # noqa: ANN001
    go(page, DENSE)
    first_cell(page).click()
    page.wait_for_selector("section.game.is-busy", timeout=10_000)
    # While the work goes on, the page still runs timers and paints: a timeout fires promptly.
    waited = page.evaluate("""() => new Promise(resolve => {
        const start = performance.now();
        setTimeout(() => resolve(performance.now() - start), 0);
    })""")
    assert waited < 1000, f"a timeout waited {waited:.0f} ms: the main thread is blocked"
    assert "%" in page.locator("#busy-label").inner_text()
    wait_until_opened(page)


def test_cancel_keeps_the_board_in_play(page) -> None:  # noqa: ANN001
    go(page, DENSE)
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


def test_cancel_from_the_keyboard_hands_focus_back_to_the_board(page) -> None:  # noqa: ANN001
    go(page, DENSE)
    page.evaluate("""() => {
        document.querySelector('.board-grid button[data-row="0"][data-col="0"]').click();
        document.querySelector('#busy-cancel').focus();
    }""")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('section.game.is-busy')")
    # Cancel hid under the focus: the focus is on the board, not lost on the page's body.
    assert page.evaluate("() => !!document.activeElement.closest('.board-grid')")
