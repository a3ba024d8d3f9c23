"""Issue 26's layout: one screen for the board, on a desktop (1280×800, a mouse) and on a phone (360×740, touch).

- The controls a board brings are described beside it, once per kind, for the pointer the player has: on
  4-06 "take a placed piece back" by right-click (desktop) or long press (phone), never keys on a phone,
  never splitter keys on a board with no splitter to place.
- Every game's default board fits a 360×740 phone, first and last cell in view as it opens, and no fixed or
  sticky element covers any cell, however the page is scrolled; the header is one row.
- Light Path's tray of pieces and the stage editor's palette and Test / Play / Share are in the window
  together with the board.
- The result stays inside the window, beside or under the finished board.
- Zoom shows only for a board larger than its room, says its level, and keeps the focus on a control that
  acts when + reaches the largest size.
- Screenshots of each game, 4-06 and the editor at 360×740, 960×640 and 1280×800, light and dark, are kept
  in test-results/screens/ (git-ignored) for a person to look at.

One booted page per viewport kind (desktop, phone); screens are switched with go(). A test that needs the
first-visit state forgets what the controls card has explained (the `intros_seen` setting).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from app.core import registry
from app.games import mirrors
from tests.browser.conftest import go, page_timers_run

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screens"
FORGET_INTROS = "() => localStorage.removeItem('masume:setting:intros_seen')"

# Every element whose box lies wholly in the window (a selector matching none fails).
IN_VIEW = """(selectors) => selectors.map((selector) => {
    const found = [...document.querySelectorAll(selector)].filter((e) => e.getClientRects().length);
    if (!found.length) return [selector, 'missing'];
    const r = found[0].getBoundingClientRect();
    const inside = r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
    return inside ? null : [selector, Math.round(r.top), Math.round(r.bottom), Math.round(r.left), Math.round(r.right)];
}).filter((miss) => miss !== null)"""
# Fixed and sticky elements whose box overlaps a cell of the board.
PINNED_OVER_CELLS = """() => {
    const cells = [...document.querySelectorAll('.board-grid button.cell')].map((c) => c.getBoundingClientRect());
    const pinned = [...document.querySelectorAll('body *')].filter((e) => {
        const position = getComputedStyle(e).position;
        return (position === 'fixed' || position === 'sticky') && e.getClientRects().length; });
    const over = [];
    for (const e of pinned) {
        const r = e.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        if (cells.some((c) => r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom))
            over.push(e.id || e.className || e.tagName);
    }
    return over; }"""
BOX = "(selector) => { const r = document.querySelector(selector).getBoundingClientRect();" \
      " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }"


@pytest.fixture(scope="module")
def desktop(open_page) -> Page:  # noqa: ANN001
    return open_page("#", viewport=DESKTOP)


@pytest.fixture(scope="module")
def phone(open_page) -> Page:  # noqa: ANN001
    return open_page("#", viewport=PHONE, has_touch=True, is_mobile=True)


def open_screen(page: Page, fragment: str, *, first_visit: bool = False) -> None:
    """Open a screen from home (so its own opening scroll runs), optionally as a player who was shown nothing."""
    go(page, "#")
    page.evaluate("() => window.scrollTo(0, 0)")
    if first_visit:
        page.evaluate(FORGET_INTROS)
    go(page, fragment)
    page.wait_for_selector(".board-grid button.cell")


def out_of_view(page: Page, *selectors: str) -> list:
    return page.evaluate(IN_VIEW, list(selectors))


def box(page: Page, selector: str) -> dict:
    return page.evaluate(BOX, selector)


# ----- 2. the controls a board brings, beside it -------------------------------------------------------------------


def test_on_4_06_taking_a_piece_back_is_described_beside_the_board_by_mouse(desktop: Page) -> None:
    page = desktop
    open_screen(page, "#mirrors/1-01", first_visit=True)
    card = page.locator("#board-intro")
    expect(card).to_be_visible()  # the first visit: how to play
    expect(card.locator("#board-intro-title")).to_have_text("How to play")
    open_screen(page, "#mirrors/4-06")  # a board with a piece to take back: new to this player
    expect(card).to_be_visible()
    expect(card.locator("#board-intro-title")).to_have_text("New on this board")
    text = card.inner_text()
    # by mouse (and touch, a laptop may have both), with the keys where there is a keyboard
    assert "Long press or right-click (Delete, Backspace, T): take a placed piece back" in text, text
    assert "turn:" not in text.lower().replace("turn, or", ""), "1-01's plain turn was explained already"
    assert "splitter" not in text and "splitter" not in page.locator("#board-keys").inner_text(), \
        "4-06 has no splitter to place: no help names S"
    frame, beside = box(page, ".board-frame"), box(page, "#board-intro")
    assert beside["left"] >= frame["right"], (frame, beside)  # beside the board, in the window
    assert out_of_view(page, "#board-intro", ".board-frame") == []
    page.locator("#board-intro-close").click()
    expect(card).to_be_hidden()
    assert page.evaluate("() => document.activeElement.closest('.board-grid') !== null"), "the focus is on the board"
    open_screen(page, "#mirrors/4-03")  # the same actions again: explained once
    expect(card).to_be_hidden()
    open_screen(page, "#mirrors/4-07")  # a splitter to place: only that is new
    expect(card).to_be_visible()
    assert "place a splitter" in card.inner_text() and "take a placed piece back" not in card.inner_text()


def test_on_4_06_taking_a_piece_back_is_described_beside_the_board_by_touch(phone: Page) -> None:
    page = phone
    open_screen(page, "#mirrors/4-06", first_visit=True)
    card = page.locator("#board-intro")
    expect(card).to_be_visible()
    text = card.inner_text()
    assert "Long press: take a placed piece back" in text, text
    assert "Right-click" not in text and "Delete" not in text and "Keys" not in text, "touch, not keys: " + text
    keys = page.locator("#board-keys").inner_text()
    assert "Long press: take a placed piece back" in keys and "Arrow keys" not in keys, keys
    frame, card_box = box(page, ".board-frame"), box(page, "#board-intro")
    assert card_box["bottom"] <= frame["top"] <= card_box["bottom"] + 24, (card_box, frame)  # right above it
    assert out_of_view(page, "#board-intro") == []


# ----- 3. every default board fits a phone, and nothing pinned covers it ------------------------------------------


def test_every_default_board_fits_a_phone_and_nothing_pinned_covers_a_cell(phone: Page) -> None:
    page = phone
    for game in registry.games():
        open_screen(page, f"#{game}", first_visit=True)  # the first visit: the controls card takes room too
        header = box(page, ".site-header")
        assert header["bottom"] - header["top"] <= 60, f"{game}: the header is more than one row: {header}"
        cells = ".board-grid button.cell:not(.edge)"
        first = page.locator(cells).first
        last = page.locator(cells).last
        for name, cell in (("first", first), ("last", last)):
            r = cell.bounding_box()
            assert r is not None
            where = f"{game}: the {name} cell is out of view {r}"
            assert r["y"] >= 0 and r["y"] + r["height"] <= PHONE["height"], where
            assert r["x"] >= 0 and r["x"] + r["width"] <= PHONE["width"], where
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"], game
        board_top = page.evaluate("() => document.querySelector('.board-frame').getBoundingClientRect().top + scrollY")
        for scroll in (0, board_top - 40, board_top + 120, "bottom"):
            page.evaluate("(y) => window.scrollTo(0, y === 'bottom' ? document.documentElement.scrollHeight : y)",
                          scroll)
            assert page.evaluate(PINNED_OVER_CELLS) == [], f"{game}: pinned over the board, scrolled to {scroll}"


# ----- 4. the tray and the editor's tools beside the board ---------------------------------------------------------


def test_a_phones_first_screen_of_home_shows_a_game_card(phone: Page) -> None:
    go(phone, "#")
    phone.locator(".game-card").first.wait_for()
    phone.evaluate("() => window.scrollTo(0, 0)")
    name = box(phone, ".game-card .game-name")  # the first card's game name, under today's puzzles
    assert 0 <= name["top"] and name["bottom"] <= PHONE["height"], name


@pytest.mark.parametrize("where", ["desktop", "phone"])
def test_the_tray_and_the_editors_tools_are_in_the_window_with_the_board(request, where: str) -> None:  # noqa: ANN001
    page = request.getfixturevalue(where)
    open_screen(page, "#mirrors/4-06", first_visit=True)
    expect(page.locator("#mirrors-hand")).to_be_visible()
    assert out_of_view(page, ".board-frame", "#mirrors-hand", "#mirrors-piece-chooser") == []
    count = page.locator('.mirrors-tray-kind[data-kind="mirror"] .mirrors-tray-count')
    option = page.locator('.mirrors-tray-kind[data-kind="mirror"] .mirrors-piece-option').first
    assert box(page, '.mirrors-tray-kind[data-kind="mirror"] .mirrors-tray-count')["right"] <= \
        option.bounding_box()["x"], "the count stands left of its kind"
    expect(count).to_have_text("0")  # 4-06's one mirror is on the board
    go(page, "#")
    go(page, "#mirrors/edit")
    page.wait_for_selector("#editor-palette .editor-piece")
    page.wait_for_function("() => getComputedStyle(document.querySelector('.editor-piece')).width === '44px'"
                           " || getComputedStyle(document.querySelector('.editor-piece')).width === '38px'")
    page_timers_run(page, 200)  # (a first visit refits the board once the editor's stylesheet is in)
    missing = out_of_view(page, ".board-frame", "#editor-palette", "#editor-test", "#editor-play", "#editor-share")
    assert missing == [], missing


# ----- 5. the result inside the window -----------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["desktop", "phone"])
def test_the_result_opens_inside_the_window_with_the_finished_board_in_sight(request, where: str) -> None:  # noqa: ANN001
    page = request.getfixturevalue(where)
    state = mirrors.stage_state("1-02")
    open_screen(page, "#mirrors/" + mirrors.encode(state))
    solution = mirrors.solve_moves(state)
    assert solution
    for move in solution:
        page.locator(f'.board-grid button[data-row="{move[1]}"][data-col="{move[2]}"]').click()
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    page_timers_run(page, 100)
    assert out_of_view(page, "#result-dialog") == [], "the result's box is inside the window"
    result, frame = box(page, "#result-dialog"), box(page, ".board-frame")
    assert not (result["left"] < frame["right"] and frame["left"] < result["right"]
                and result["top"] < frame["bottom"] and frame["top"] < result["bottom"]), "never over the board"
    assert out_of_view(page, ".board-frame") == [], f"the finished board is in sight: {frame}, {result}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"result-{where}.png"))
    page.locator("#result-close").click()


# ----- 6 and 11. zoom only where it is needed, said, and the focus kept --------------------------------------------


def test_zoom_shows_only_when_needed_says_its_level_and_keeps_the_focus_at_the_largest_size(desktop: Page) -> None:
    page = desktop
    open_screen(page, "#crosslight")
    tools = page.locator(".board-tools")
    expect(tools).to_be_hidden()  # a 5×5 board fits its room
    page.locator(".board-frame").hover()
    page.keyboard.down("Control")
    page.mouse.wheel(0, -120)  # a pinch zooms in: the tools show, to come back
    page.keyboard.up("Control")
    expect(tools).to_be_visible()
    expect(page.locator("#zoom-level")).to_have_text("Zoom 125%")
    accent = page.evaluate("() => getComputedStyle(document.body).getPropertyValue('--accent').trim()")
    zoom_in = page.locator("#zoom-in")
    zoom_in.focus()
    for _ in range(8):
        if zoom_in.is_disabled():
            break
        page.keyboard.press("Enter")
    expect(zoom_in).to_be_disabled()
    assert page.evaluate("() => document.activeElement.id") == "zoom-out", "the focus stays on a control that acts"
    expect(page.locator("#live")).to_contain_text("the largest size")
    page.locator("#zoom-actual").click()
    expect(page.locator("#live")).to_have_text("Zoom 100%")
    pressed = page.evaluate("() => getComputedStyle(document.getElementById('zoom-actual')).backgroundColor")
    assert page.locator("#zoom-actual").get_attribute("aria-pressed") == "true"
    assert pressed != page.evaluate("(c) => { const e = document.createElement('i'); e.style.color = c;"
                                    " document.body.append(e); const v = getComputedStyle(e).color; e.remove();"
                                    " return v; }", accent), "the chosen size is not drawn in the action colour"


# ----- 7. Light Path: the stage by name, the list at the stage, the legend near the board ---------------------------


def test_the_stage_is_named_by_the_board_and_the_list_shows_it(desktop: Page) -> None:
    page = desktop
    open_screen(page, "#mirrors/4-10")
    name = page.locator("#board-name")
    expect(name).to_have_text("Stage 4-10 · Beam Tree")
    assert out_of_view(page, "#board-name") == []
    assert box(page, "#board-name")["bottom"] <= box(page, ".board-frame")["top"]
    current = box(page, ".mirrors-stage[aria-current]")
    listed = box(page, ".mirrors-stage-list")
    assert listed["top"] <= current["top"] and current["bottom"] <= listed["bottom"], (listed, current)
    legend = page.locator("#mirrors-legend")
    expect(legend.locator('[data-piece="splitter"]')).to_be_visible()  # open beside the board on a wide screen
    assert box(page, "#mirrors-legend")["top"] < DESKTOP["height"], "the legend starts in the window"
    page.select_option("#lang-select", "ja")
    try:
        expect(name).to_have_text("ステージ 4-10「" + page.evaluate(
            "() => document.querySelector('.mirrors-stage[aria-current] .mirrors-stage-name').textContent") + "」")
    finally:
        page.select_option("#lang-select", "en")


# ----- the screenshots a person looks at ---------------------------------------------------------------------------


SCREENS = [*(f"#{game}" for game in registry.games()), "#mirrors/4-06", "#mirrors/edit"]


@pytest.mark.parametrize("where", ["phone", "desktop"])
def test_screenshots_of_every_game_fit_without_a_sideways_scroll(request, where: str) -> None:  # noqa: ANN001
    page = request.getfixturevalue(where)
    SHOTS.mkdir(parents=True, exist_ok=True)
    sizes = [PHONE] if where == "phone" else [{"width": 960, "height": 640}, DESKTOP]
    try:
        for size in sizes:
            page.set_viewport_size(size)
            for fragment in SCREENS:
                open_screen(page, fragment, first_visit=True)
                page_timers_run(page, 300)  # the board's first paint and the game's stylesheet
                assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"], fragment
                name = fragment.strip("#").replace("/", "-")
                for scheme in ("light", "dark"):
                    page.emulate_media(color_scheme=scheme)
                    page.screenshot(path=str(SHOTS / f"{name}-{size['width']}x{size['height']}-{scheme}.png"))
    finally:
        page.emulate_media(color_scheme="light")
        page.set_viewport_size(PHONE if where == "phone" else DESKTOP)
