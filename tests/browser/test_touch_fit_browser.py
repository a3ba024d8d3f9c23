"""Issue #18 (feel, part b): touch tools for Pipe Link, boards that fit, wrapping shown, rough edges."""

from __future__ import annotations

import pytest

from app.core.rng import Rng
from app.games import pipes
from tests.browser.conftest import go, page_timers_run, pause_clock

PHONE = {"width": 390, "height": 844}


def pipes_id(seed: str, preset: str) -> str:
    return pipes.encode(pipes.generate(pipes.PRESETS[preset], Rng(seed)))


def cell(page, row: int, col: int):  # noqa: ANN001, ANN201
    return page.locator(f'.board-grid button[data-row="{row}"][data-col="{col}"]')


@pytest.fixture(scope="module")
def phone(open_page):  # noqa: ANN001, ANN201
    return open_page("#pipes", viewport=PHONE, has_touch=True, is_mobile=True)


@pytest.fixture(scope="module")
def desk(open_page):  # noqa: ANN001, ANN201
    """One desktop page (mouse, 1280×800) for the module, with Playwright's clock (for the mirror's swing)."""
    return open_page("#", clock=True)


# ----- item 4: Pipe Link's tool switch ----------------------------------------------------------

def test_a_touch_player_turns_a_tile_both_ways_and_locks_it(phone) -> None:  # noqa: ANN001
    page = phone
    go(page, "#pipes/" + pipes_id("touch-tools", "path_5x5"))
    tools = page.locator("#pipes-tools")
    assert tools.get_attribute("role") == "radiogroup"
    assert page.locator(".play-bar #pipes-tools").count() == 1, "the switch sits in the control bar"
    target = cell(page, 2, 2)
    start = target.get_attribute("aria-label")
    target.tap()
    once = target.get_attribute("aria-label")
    assert once != start, "a tap turns clockwise by default"
    page.locator("label[for], .tool-choice").filter(has_text="Turn ↺").tap()
    assert page.locator("#pipes-tool-turn_ccw").is_checked()
    target.tap()
    assert target.get_attribute("aria-label") == start, "with ↺ chosen a tap undoes the clockwise turn"
    page.locator(".tool-choice").filter(has_text="Lock").tap()
    target.tap()
    assert target.get_attribute("aria-label") == start + ", locked"
    assert page.locator("#stat-moves").inner_text() == "2", "locking costs no move"
    target.tap()
    assert target.get_attribute("aria-label") == start, "a second tap with Lock chosen unlocks"
    page.locator(".tool-choice").filter(has_text="Turn ↻").tap()


def test_a_mouse_click_follows_the_tool_so_a_trackpad_can_lock(desk) -> None:  # noqa: ANN001
    page = desk
    go(page, "#pipes/" + pipes_id("trackpad", "path_5x5"))
    target = cell(page, 1, 1)
    start = target.get_attribute("aria-label")
    page.locator("#pipes-tool-lock").check()
    target.click()
    assert target.get_attribute("aria-label") == start + ", locked"
    target.click(button="right")
    assert target.get_attribute("aria-label") == start + ", locked", "a locked tile does not turn"
    page.locator("#pipes-tool-turn_cw").check()
    target.focus()
    page.keyboard.press("l")
    page.keyboard.press("Enter")
    assert target.get_attribute("aria-label") != start, "Enter still turns, whatever the tool"


# ----- item 9: big boards fit ---------------------------------------------------------------------

def mirrors_id(seed: str, preset: str) -> str:
    from app.games import mirrors
    return mirrors.encode(mirrors.generate(mirrors.PRESETS[preset], Rng(seed)))


def rect(page, selector: str) -> dict:  # noqa: ANN001
    return page.evaluate("(s) => { const r = document.querySelector(s).getBoundingClientRect();"
                         " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }", selector)


def test_light_path_10x10_opens_fitted_on_a_phone_and_the_bar_covers_no_row(phone) -> None:  # noqa: ANN001
    page = phone
    go(page, "#mirrors/" + mirrors_id("phone-fit", "hard"))
    page.wait_for_selector("[role=grid] button.cell")
    assert page.locator("#zoom-fit").get_attribute("aria-pressed") == "true", "a phone opens a big board fitted"
    assert page.locator("#zoom-actual").get_attribute("aria-pressed") == "false"
    assert page.evaluate("() => { const f = document.querySelector('.board-frame');"
                         " return f.scrollWidth <= f.clientWidth && f.scrollHeight <= f.clientHeight; }")
    page.locator("#zoom-fit").tap()  # Fit brings the whole board on screen, the play bar never over it
    page_timers_run(page, 100)
    bar, frame = rect(page, ".play-bar"), rect(page, ".board-frame")
    assert frame["top"] >= bar["bottom"] - 1 and frame["bottom"] <= PHONE["height"], (bar, frame)
    assert frame["left"] >= 0 and frame["right"] <= PHONE["width"]
    # Scrolled away, moving focus to the top row brings it into view, with nothing over it.
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    cell(page, 0, 3).focus()
    page_timers_run(page, 100)
    top_cell = page.evaluate("() => document.activeElement.getBoundingClientRect().top")
    assert top_cell >= 0 and top_cell >= rect(page, ".play-bar")["bottom"] - 1
    # A small board on the same phone opens at 100%, where the zoom tools are not needed and not shown.
    go(page, "#mirrors/" + mirrors_id("phone-fit", "easy"))
    page.wait_for_selector("[role=grid] button.cell")
    assert page.locator("#zoom-fit").get_attribute("aria-pressed") == "false"
    assert page.locator("#zoom-level").text_content() == "Zoom 100%"
    assert not page.locator("#zoom-fit").is_visible()


def test_the_zoom_reset_button_and_the_level_agree(desk) -> None:  # noqa: ANN001
    page = desk
    go(page, "#crosslight")
    assert not page.locator("#zoom-out").is_visible(), "a board that fits needs no zoom tools"
    page.locator(".board-frame").hover()  # a pinch (Ctrl+wheel) zooms out: the tools show, to come back
    page.keyboard.down("Control")
    page.mouse.wheel(0, 120)
    page.keyboard.up("Control")
    page.locator("#zoom-out").wait_for(state="visible")
    level = page.locator("#zoom-level").inner_text()
    assert level.startswith("Zoom ") and level != "Zoom 100%"
    reset = page.locator("#zoom-actual")
    assert "%" not in reset.inner_text(), "the reset button names no level the readout contradicts"
    assert reset.get_attribute("aria-pressed") == "false"
    reset.click()
    assert page.locator("#zoom-level").inner_text() == "Zoom 100%"
    assert reset.get_attribute("aria-pressed") == "true"


# ----- item 11: rough edges ------------------------------------------------------------------------

CELL_PIXELS = """([row, col]) => {  // a checksum of the canvas's pixels under one cell
    const canvas = document.querySelector('.board-canvas');
    const b = document.querySelector(`.board-grid button[data-row="${row}"][data-col="${col}"]`)
        .getBoundingClientRect();
    const c = canvas.getBoundingClientRect(), k = canvas.width / c.width;
    const data = canvas.getContext('2d').getImageData(
        Math.round((b.left - c.left) * k), Math.round((b.top - c.top) * k),
        Math.round(b.width * k), Math.round(b.height * k)).data;
    let sum = 0; for (let i = 0; i < data.length; i += 7) sum = (sum * 31 + data[i]) % 1000000007;
    return sum; }"""


def turnable_mirror(state) -> tuple[int, int]:  # noqa: ANN001
    from app.games import mirrors
    for row in range(state.height):
        for col in range(state.width):
            try:
                mirrors.apply(state, ("turn", row, col))
            except ValueError:
                continue
            return row, col
    raise AssertionError("no turnable mirror")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_light_path_mirror_swings_but_not_under_reduced_motion(desk, motion: str) -> None:  # noqa: ANN001
    from app.games import mirrors
    page = desk
    state = mirrors.generate(mirrors.PRESETS["easy"], Rng("swing"))
    page.emulate_media(reduced_motion=motion)
    go(page, "#mirrors/" + mirrors.encode(state))
    row, col = turnable_mirror(state)
    pause_clock(page)  # the page's time now moves only as the test says: a frame, then the whole turn
    try:
        cell(page, row, col).evaluate("b => b.click()")
        page.clock.run_for(50)  # a few frames into the 150 ms turn
        mid = page.evaluate(CELL_PIXELS, [row, col])
        page.clock.run_for(600)
        end = page.evaluate(CELL_PIXELS, [row, col])
    finally:
        page.clock.resume()
        page.emulate_media(reduced_motion="no-preference")
    if motion == "reduce":
        assert mid == end, "under reduced motion the mirror snaps"
    else:
        assert mid != end, "the mirror is drawn part-way through its turn"


def test_music_and_sound_say_on_or_off_in_words_and_a_mark(desk) -> None:  # noqa: ANN001
    page = desk
    go(page, "#")
    music = page.locator("#bgm-toggle")
    def shown(node) -> str:  # noqa: ANN001
        return page.evaluate("(n) => getComputedStyle(n, '::before').content + '|'"
                             " + getComputedStyle(n, '::after').content", node.element_handle())
    assert music.get_attribute("aria-pressed") == "false"
    assert "off" in shown(music) and "✓" not in shown(music)
    music.click()
    assert music.get_attribute("aria-pressed") == "true"
    assert "on" in shown(music).split("|")[1] and "✓" in shown(music)
    music.click()


# ----- item 8: wrapping is visible ------------------------------------------------------------------

RING_COLOURS = """() => {  // distinct colours in the square left of row 1, column 1 (the ring), on the canvas
    const canvas = document.querySelector('.board-canvas');
    const b = document.querySelector('.board-grid button[data-row="0"][data-col="0"]').getBoundingClientRect();
    const c = canvas.getBoundingClientRect(), k = canvas.width / c.width;
    const x = Math.round((b.left - b.width - c.left) * k), y = Math.round((b.top - c.top) * k);
    if (x < 0) return 0;
    const data = canvas.getContext('2d').getImageData(x, y, Math.round(b.width * k),
                                                      Math.round(b.height * k)).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4) seen.add(data[i] + ',' + data[i+1] + ',' + data[i+2]);
    return seen.size; }"""


def test_a_wrapping_net_board_shows_the_opposite_edges_beyond_its_own_and_says_so(desk) -> None:  # noqa: ANN001
    page = desk
    go(page, "#pipes/" + pipes_id("wrap-shown", "net_9x9_wrap"))
    grid = page.locator("[role=grid]")
    assert grid.get_attribute("aria-label") == "Pipe Link board; edges wrap around"
    assert page.locator(".board.has-ring").count() == 1, "the board continues past its edges"
    assert page.locator('.board-grid button[data-col="-1"]').count() == 0, "what shows through has no button"
    assert page.evaluate(RING_COLOURS) > 3, "half-tiles of the opposite edge are drawn beyond the left edge"
    go(page, "#pipes/" + pipes_id("wrap-shown", "net_9x9"))
    assert page.locator("[role=grid]").get_attribute("aria-label") == "Pipe Link board"
    assert page.locator(".board.has-ring").count() == 0 and page.evaluate(RING_COLOURS) == 0


# ----- item 10 and 11: the dailies on home --------------------------------------------------------

def test_home_says_todays_daily_difficulty_and_each_status_sits_by_its_link(desk) -> None:  # noqa: ANN001
    import datetime as dt

    from app.core.daily import daily_level
    from app.core.strings import translate

    page = desk
    go(page, "#")
    today = dt.datetime.now(dt.UTC).date()
    level = page.locator("#daily-level")
    assert level.get_attribute("data-level") == daily_level(today)
    assert translate("en", daily_level(today)) in level.inner_text()
    assert translate("en", f"weekday_{today.weekday()}") in level.inner_text()
    for entry in page.locator(".daily-entry").all():
        link, mark = entry.locator("a"), entry.locator(".daily-mark")
        assert link.get_attribute("aria-describedby") == mark.get_attribute("id")
        gap = mark.bounding_box()["x"] - (link.bounding_box()["x"] + link.bounding_box()["width"])
        assert 0 <= gap <= 24, "the status sits right after its link, not at the far edge"
