"""Pipe Link in a real browser: labels, keyboard-only clears by hints (path and Net), locks, the ring."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from app.core.daily import daily_params, daily_preset_on
from app.core.rng import Rng
from app.games import pipes
from app.games.pipes import strings as pipes_strings
from tests.browser.conftest import go, page_timers_run

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
        page_timers_run(page, 30)
    raise AssertionError("hints did not clear the board")


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    """One booted page for the module."""
    return open_page("#pipes")


def test_path_board_has_entrance_and_exit_on_the_ring_and_labelled_tiles(page) -> None:  # noqa: ANN001
    go(page, "#pipes/" + puzzle_id("labels", "path_5x5"))
    assert cell(page, 0, -1).get_attribute("aria-label") == "Entrance, left of row 1, column 1"
    assert cell(page, 4, 5).get_attribute("aria-label") == "Exit, right of row 5, column 5"
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


# ----- partial repaints draw what a full repaint draws -------------------------------------------

REPORTED_ID = "1.path-5x5.3da7aa6a33c5aca98539d5556"  # the board of the report: row 2, column 1 left a stub
SETTLE_MS = 2 * 150 + 250  # a half turn's animation and a frame or two
TOLERANCE = 12  # per colour channel, 0-255


def snapshot_canvas(page) -> dict:  # noqa: ANN001
    """Keep the board canvas's pixels (in the page) and return its size."""
    return page.evaluate("""() => {
        const c = document.querySelector('.board-canvas');
        window.__pipesSnap = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        return {w: c.width, h: c.height};
    }""")


def differences_from_snapshot(page) -> dict:  # noqa: ANN001
    """How many pixels differ from the kept snapshot, and the first one (x, y) in canvas pixels.

    A colour channel must differ by more than TOLERANCE to count: Chromium's rasteriser may
    antialias an arm's edge a unit or two differently under a one-square clip than under the
    whole board's clip, while a stale stub or a cut arm differs by a hundred or more.
    """
    return page.evaluate("""(tolerance) => {
        const c = document.querySelector('.board-canvas');
        const now = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const old = window.__pipesSnap;
        let count = 0, first = null;
        if (old.length !== now.length) return {count: -1, first: null, w: c.width, h: c.height};
        for (let i = 0; i < now.length; i += 4) {
            if (Math.max(Math.abs(now[i] - old[i]), Math.abs(now[i + 1] - old[i + 1]),
                         Math.abs(now[i + 2] - old[i + 2]), Math.abs(now[i + 3] - old[i + 3])) > tolerance) {
                count++;
                if (first === null) first = [(i / 4) % c.width, Math.floor(i / 4 / c.width)];
            }
        }
        return {count, first, w: c.width, h: c.height};
    }""", TOLERANCE)


def assert_partial_equals_full_repaint(page, what: str) -> None:  # noqa: ANN001
    """The board as partial repaints left it equals the board a full repaint (zoom + then 100%) draws."""
    page_timers_run(page, SETTLE_MS)  # any turn animation has ended and repainted its tile (the page's own time)
    size = snapshot_canvas(page)
    # (the zoom tools are hidden while the board fits its room: pressed as a script would)
    page.evaluate("() => ['zoom-in', 'zoom-actual'].forEach((id) => document.getElementById(id).click())")
    page_timers_run(page, 50)
    found = differences_from_snapshot(page)
    assert (found["w"], found["h"]) == (size["w"], size["h"]), "100% must come back to the same board size"
    assert found["count"] == 0, f"{what}: {found['count']} pixels differ from a full repaint, first at {found['first']}"


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_turns_and_hints_repaint_exactly_what_a_full_repaint_draws(page, motion: str) -> None:  # noqa: ANN001
    page.emulate_media(reduced_motion=motion)
    try:
        go(page, "#pipes/" + REPORTED_ID)
        cell(page, 1, 0).click()  # the report: row 2, column 1, turned once
        assert_partial_equals_full_repaint(page, "one turn of row 2, column 1")
        for row, col, button in ((1, 1, "left"), (2, 1, "right"), (0, 1, "left"), (1, 0, "left"), (3, 3, "right")):
            cell(page, row, col).click(button=button)
            page_timers_run(page, 40)  # some turns end the animation of the one before
        assert_partial_equals_full_repaint(page, "turns of neighbouring tiles")
        cell(page, 1, 0).focus()
        for _ in range(3):  # hints turn tiles and change where the water reaches (and lock)
            page.keyboard.press("h")
            page_timers_run(page, 40)
        assert page.locator("#result-dialog[open]").count() == 0, "three hints do not clear this board"
        assert_partial_equals_full_repaint(page, "hints on a path board")
        go(page, "#pipes/" + puzzle_id("repaint-net", "net_9x9_wrap"))
        cell(page, 4, 4).focus()
        for _ in range(4):
            page.keyboard.press("h")
            page_timers_run(page, 40)
        page.keyboard.press("l")
        page.keyboard.press("Enter")
        assert_partial_equals_full_repaint(page, "hints, a lock and a turn on a wrapping Net board")
    finally:
        page.emulate_media(reduced_motion="no-preference")



# ----- what hints and locks say and show; the size menu; the daily ---------------------------------

def live_text(page) -> str:  # noqa: ANN001
    return page.locator("#live").inner_text().strip()


def test_a_hint_says_and_rings_the_tile_it_turned_and_locked(page) -> None:  # noqa: ANN001
    go(page, "#pipes/" + puzzle_id("hint-words", "net_9x9_wrap"))
    cell(page, 0, 0).focus()
    page.keyboard.press("h")
    hinted = page.locator(".board-grid button.cell.hinted")
    assert hinted.count() == 1, "the hinted tile is ringed"
    row, col = int(hinted.get_attribute("data-row")), int(hinted.get_attribute("data-col"))
    said = live_text(page)
    # short: one sentence, what joined or was cut off after the count
    expected = rf"Turned and locked row {row + 1}, column {col + 1}; \d+ of 81 tiles connected( \([+−]\d+\))?(; .+)?"
    assert re.fullmatch(expected, said), said
    assert hinted.get_attribute("aria-label").endswith("locked")
    assert "cursor" in hinted.get_attribute("class"), "the cursor moves to the hinted tile"
    assert page.evaluate("() => document.activeElement.matches('button.cell.hinted')"), "and focus with it"


def test_locks_are_said_and_unlock_all_works_only_when_something_is_locked(page) -> None:  # noqa: ANN001
    go(page, "#pipes/" + puzzle_id("lock-words", "path_5x5"))
    unlock_all = page.locator("#pipes-unlock-all")
    assert unlock_all.is_disabled(), "nothing is locked"
    cell(page, 1, 2).focus()
    page.keyboard.press("l")
    assert live_text(page) == "Row 2, column 3 locked"
    assert unlock_all.is_enabled()
    page.keyboard.press("l")
    assert live_text(page) == "Row 2, column 3 unlocked"
    assert unlock_all.is_disabled()
    cell(page, 3, 0).click(button="middle")
    assert live_text(page) == "Row 4, column 1 locked"
    page.keyboard.press("Control+z")
    assert unlock_all.is_disabled(), "undoing the only lock disables Unlock all again"
    page.keyboard.press("Control+y")
    assert unlock_all.is_enabled()
    cell(page, 0, 4).click(button="middle")
    unlock_all.click()
    assert live_text(page) == "Unlocked 2 tiles"
    assert unlock_all.is_disabled()
    assert page.evaluate("() => document.activeElement.matches('button.cell')"), "focus goes to the board"
    assert page.locator(".board-grid button.cell[aria-label$='locked']").count() == 0
    cell(page, 2, 2).focus()
    page.keyboard.press("l")
    unlock_all.click()
    assert live_text(page) == "Unlocked 1 tile"


def test_the_size_menu_lists_boards_small_to_large_and_the_daily_is_the_weekdays_board(page) -> None:  # noqa: ANN001
    go(page, "#pipes/" + puzzle_id("menu", "path_5x5"))
    options = page.locator("#preset option").all_inner_texts()
    assert options[:9] == ["Path 4×4", "Path 5×5", "Path 7×7", "Path 9×9", "Net 5×5", "Net 7×7", "Net 9×9",
                           "Net 9×9, wrapping", "Net 11×11"], options
    go(page, "#pipes/daily")
    # The daily rises through the UTC week (Monday 5×5 Path … Sunday 9×9 Net): today's, whatever the day.
    today = dt.datetime.now(dt.UTC).date()
    params = daily_params(pipes.ID, today)
    ring = 2 if params.mode == "path" else 0  # a Path board's entrance and exit sit on a ring round it
    assert page.locator(".board-grid").get_attribute("aria-rowcount") == str(params.height + ring), \
        f"today's daily is {daily_preset_on(pipes.ID, today)}"


def test_the_size_form_makes_a_custom_net_board_and_refuses_a_wrapping_path(page) -> None:  # noqa: ANN001
    go(page, "#pipes/" + puzzle_id("form", "path_5x5"))
    page.select_option("#preset", "custom")
    page.select_option("#custom-mode", "net")
    page.fill("#custom-width", "6")
    page.fill("#custom-height", "4")
    page.check("#custom-wrap")
    page.locator("#apply-size").click()
    page.wait_for_function("() => document.querySelector('#game-id').value.includes('net-6x4-wrap')")
    assert page.locator(".board-grid").get_attribute("aria-colcount") == "6", "a Net board's grid has 6 columns"
    assert page.locator(".board-grid").get_attribute("aria-label").endswith("edges wrap around")
    assert page.locator("#stat-active").count() == 1 or "Active" in page.locator("#stats").inner_text()
    # The menu names the board in play; the form shows its mode and wrap.
    assert page.locator("#custom-mode").input_value() == "net"
    assert page.locator("#custom-wrap").is_checked()
    page.select_option("#preset", "custom")
    page.select_option("#custom-mode", "path")
    page.locator("#apply-size").click()
    assert "Only Net boards can wrap" in page.locator("#custom-error").inner_text()
    assert "net-6x4-wrap" in page.locator("#game-id").input_value(), "the refused form started nothing"
