"""Pipe Link in a real browser: labels, keyboard-only clears by hints (path and Net), locks, the ring."""

from __future__ import annotations

import re

import pytest

from app.core.rng import Rng
from app.games import pipes
from app.games.pipes import strings as pipes_strings
from tests.browser.conftest import go

LABEL = re.compile(r"^Row (\d+), column (\d+), open (nothing|(up|right|down|left)(, (right|down|left))*), "
                   r"(flowing|dry)(, locked)?(, in a loop)?$")


def puzzle_id(seed: str, preset: str) -> str:
    return pipes.encode(pipes.generate(pipes.PRESETS[preset], Rng(seed)))


def cell(page, row: int, col: int):  # noqa: ANN001, ANN201
    return page.locator(f'.board-grid button[data-row="{row}"][data-col="{col}"]')


def tab_into_board(page) -> None:  # noqa: ANN001
    """Press Tab until focus lands on a board position, as a keyboard player would."""
    page.locator("#game-title").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('button.cell')"):
            return
    raise AssertionError("Tab never reached the board")


def clear_with_hints(page) -> None:  # noqa: ANN001
    """Press H until the result dialog opens; the keyboard is all that is used."""
    tab_into_board(page)
    for _ in range(200):
        if page.locator("#result-dialog[open]").count():
            return
        page.keyboard.press("h")
        page.wait_for_timeout(30)
    raise AssertionError("hints did not clear the board")


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    """One booted page for the module."""
    return open_page("#pipes")


def test_path_board_has_entrance_and_exit_on_the_ring_and_labelled_tiles(page) -> None:  # noqa: ANN001
    go(page, "#pipes/" + puzzle_id("labels", "path_5x5"))
    assert cell(page, 0, -1).get_attribute("aria-label") == "Entrance"
    assert cell(page, 4, 5).get_attribute("aria-label") == "Exit"
    assert page.locator(".board-grid").get_attribute("aria-rowcount") == "7"
    labels = page.locator(".board-grid button.cell:not(.edge)").evaluate_all(
        "bs => bs.map(b => b.getAttribute('aria-label'))")
    assert len(labels) == 25
    assert all(LABEL.match(text) for text in labels), labels


def test_a_path_puzzle_clears_by_keyboard_hints_and_locks(page) -> None:  # noqa: ANN001
    go(page, "#pipes/" + puzzle_id("keyboard-path", "path_5x5"))
    clear_with_hints(page)
    assert page.locator("#result-title").inner_text() == "Cleared!"
    page.keyboard.press("Escape")
    hinted = page.locator(".board-grid button.cell[aria-label$='locked']")
    assert hinted.count() >= 1, "a hinted tile is locked in the right orientation"


def test_a_net_puzzle_clears_by_keyboard_hints(page) -> None:  # noqa: ANN001
    go(page, "#pipes/" + puzzle_id("keyboard-net", "net_5x5"))
    assert page.locator("#stat-active").inner_text().endswith("/25")
    clear_with_hints(page)
    assert page.locator("#stat-active").inner_text() == "25/25"


def test_a_locked_tile_refuses_a_turn_and_unlock_all_frees_it(page) -> None:  # noqa: ANN001
    go(page, "#pipes/" + puzzle_id("locks", "path_5x5"))
    target = cell(page, 2, 2)
    target.focus()
    before = target.get_attribute("aria-label")
    page.keyboard.press("l")
    assert target.get_attribute("aria-label") == before + ", locked"
    page.keyboard.press("Enter")
    assert target.get_attribute("aria-label") == before + ", locked", "a locked tile does not turn"
    assert page.locator("#stat-moves").inner_text() == "0", "locking costs no move"
    assert page.locator("#live").inner_text().strip() == pipes_strings.EN["pipes_live_locked_refused"].format(
        row=3, col=3), "the backend's refusal is said in words"
    page.locator("#pipes-unlock-all").click()
    assert target.get_attribute("aria-label") == before
    target.click()
    assert target.get_attribute("aria-label") != before, "unlocked, it turns"
    target.click(button="right")
    assert target.get_attribute("aria-label") == before, "counter-clockwise undoes clockwise"
    assert page.locator("#stat-moves").inner_text() == "2"
