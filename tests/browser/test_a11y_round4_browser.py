"""Accessibility, fourth round (#30): what axe cannot see.

One booted page for the module; every test moves it with `go()` and leaves the viewport, the root font size and
the screen as it found them.
"""

from __future__ import annotations

import numpy as np
import pytest
from playwright.sync_api import expect

from app.games import crosslight
from app.games.mirrors import editor
from app.games.mirrors import stages as mirrors_stages
from tests.browser.conftest import NO_SNAPSHOT, go, wait_until_ready

pytestmark = pytest.mark.browser

WIDE = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    return open_page("#mirrors/4-07")


# ----- Must 1: the Settings panel stays inside the window ----------------------------------------------------------

SETTINGS_BOXES = """() => {
    const body = document.getElementById('settings-body');
    const nodes = [body, ...body.querySelectorAll('input, select, button, a')].filter((n) => n.getClientRects().length);
    return nodes.map((n) => { const r = n.getBoundingClientRect();
        return {id: n.id || n.className, left: r.left, right: r.right}; });
}"""


@pytest.mark.parametrize(("viewport", "root_size"), [({"width": 683, "height": 384}, ""),
                                                     ({"width": 1280, "height": 800}, "200%"),
                                                     ({"width": 683, "height": 384}, "200%")])
def test_the_open_settings_panel_and_every_control_in_it_lie_inside_the_window(page, viewport, root_size) -> None:  # noqa: ANN001
    # At 1280 px with root text at 200 % the header wraps and Settings' summary stands at the left of a row: a panel
    # aligned to the summary's right edge ran off the window's left side (x = -538 … 216 in the audit).
    page.set_viewport_size(viewport)
    page.evaluate("(size) => { document.documentElement.style.fontSize = size; }", root_size)
    try:
        go(page, "#mirrors/4-07")
        page.locator("#settings summary").click()
        page.locator("#announce-select").wait_for(state="visible")
        width = page.evaluate("() => document.documentElement.clientWidth")
        boxes = page.evaluate(SETTINGS_BOXES)
        assert len(boxes) >= 4, boxes  # the panel, the shortcuts box, the two selects at least
        for box in boxes:
            assert box["left"] >= 0 and box["right"] <= width, (viewport, root_size, box)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    finally:
        if page.evaluate("() => document.getElementById('settings').open"):
            page.locator("#settings summary").click()
        page.evaluate("() => { document.documentElement.style.fontSize = ''; }")
        page.set_viewport_size(WIDE)


def test_tab_out_of_the_open_settings_panel_closes_it_so_it_never_covers_the_focus(page) -> None:  # noqa: ANN001
    go(page, "#mirrors/4-07")
    page.locator("#settings summary").click()
    page.locator("#announce-select").wait_for(state="visible")
    page.locator("#settings summary").focus()
    page.keyboard.press("Tab")  # into the panel: it stays open
    assert page.evaluate("() => document.getElementById('settings').open")
    assert page.evaluate("() => document.getElementById('settings').contains(document.activeElement)")
    controls = page.evaluate("() => [...document.querySelectorAll('#settings-body input, #settings-body select, "
                             "#settings-body button, #settings-body a')].filter((n) => n.getClientRects().length"
                             " && !n.disabled).length")
    for _ in range(controls + 1):  # past its last control, out of it
        if not page.evaluate("() => document.getElementById('settings').contains(document.activeElement)"):
            break
        page.keyboard.press("Tab")
    assert not page.evaluate("() => document.getElementById('settings').contains(document.activeElement)")
    assert not page.evaluate("() => document.getElementById('settings').open"), "the panel closed behind the focus"


# ----- Must 2: the editor's size selects never delete pieces while browsing; Undo brings a resize's losses back ---

def editor_cell(page, row: int, col: int):  # noqa: ANN001, ANN201 - a Playwright Locator
    return page.locator(f'.board-grid button[data-row="{row}"][data-col="{col}"]')


def live(page) -> str:  # noqa: ANN001
    return page.evaluate("() => document.getElementById('live').textContent.replace(/\\u00a0$/, '')")


def editor_with_a_red_target(page) -> None:  # noqa: ANN001
    """A blank 6×6 stage with a red target at row 3, column 6 (the audit's case), put by the palette and a click."""
    go(page, "#mirrors/edit/" + editor.to_text(editor.blank(6, 6)))
    page.locator("#editor-piece-target_red").check()
    editor_cell(page, 2, 5).click()
    assert editor_cell(page, 2, 5).get_attribute("aria-label") == "Row 3, column 6, target red unlit"


def test_arrowing_the_columns_select_away_and_back_keeps_the_target_and_says_what_a_size_would_remove(page) -> None:  # noqa: ANN001
    editor_with_a_red_target(page)
    address = page.evaluate("() => location.hash")
    page.locator("#editor-width").focus()
    page.keyboard.press("ArrowUp")  # 5: chosen, not applied
    assert page.locator("#editor-width").input_value() == "5"
    note = page.locator("#editor-size-note")
    assert "5 columns by 6 rows chosen, not applied yet" in note.inner_text()
    assert "removes Red target at row 3, column 6" in note.inner_text()
    assert live(page) == note.inner_text()  # said as it is shown
    assert page.locator(".board-grid button.cell:not(.edge)").count() == 36  # the board is still 6×6
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # back to 6
    assert live(page) == "The board is 6 columns by 6 rows: nothing to apply."
    assert note.inner_text() == ""
    assert editor_cell(page, 2, 5).get_attribute("aria-label") == "Row 3, column 6, target red unlit"
    assert page.evaluate("() => location.hash") == address  # the stage was never changed


def test_a_size_that_drops_a_piece_is_applied_on_its_own_action_and_undo_and_redo_bring_it_back(page) -> None:  # noqa: ANN001
    editor_with_a_red_target(page)
    page.locator("#editor-width").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")  # Enter in the select applies the size chosen
    expect(page.locator(".board-grid button.cell:not(.edge)")).to_have_count(30)
    assert live(page) == ("The board is now 5 columns by 6 rows. Removed Red target at row 3, column 6; "
                          "Undo puts back what it removed.")
    assert page.evaluate("() => document.activeElement.id") == "editor-width"  # the focus stays where it was
    page.locator("#editor-undo").click()
    expect(page.locator(".board-grid button.cell:not(.edge)")).to_have_count(36)
    assert editor_cell(page, 2, 5).get_attribute("aria-label") == "Row 3, column 6, target red unlit"
    assert live(page) == "Undone: the size from 6 columns by 6 rows to 5 columns by 6 rows."
    assert page.locator("#editor-width").input_value() == "6"
    assert page.evaluate("() => document.activeElement.id") == "editor-undo"
    # Ctrl+Y redoes from the board (and Ctrl+Z undoes), as in a game.
    editor_cell(page, 0, 0).focus()
    page.keyboard.press("Control+y")
    expect(page.locator(".board-grid button.cell:not(.edge)")).to_have_count(30)
    assert page.locator("#editor-redo").get_attribute("aria-disabled") == "true"
    page.locator("#editor-redo").focus()
    page.keyboard.press("Enter")  # nothing to redo: it says so, and keeps the focus
    assert live(page) == "Nothing to redo."
    assert page.evaluate("() => document.activeElement.id") == "editor-redo"
    editor_cell(page, 0, 0).focus()
    page.keyboard.press("Control+z")
    expect(page.locator(".board-grid button.cell:not(.edge)")).to_have_count(36)
    assert editor_cell(page, 2, 5).get_attribute("aria-label") == "Row 3, column 6, target red unlit"
    # The Apply button applies a size chosen with the mouse; a bigger size removes nothing and says so first.
    page.locator("#editor-height").select_option("8")
    assert "Applying it removes nothing." in page.locator("#editor-size-note").inner_text()
    expect(page.locator(".board-grid button.cell:not(.edge)")).to_have_count(36)
    page.locator("#editor-size-apply").click()
    expect(page.locator(".board-grid button.cell:not(.edge)")).to_have_count(48)
    assert live(page) == "The board is now 6 columns by 8 rows."


def test_the_editor_questions_name_what_no_keeps(page) -> None:  # noqa: ANN001
    editor_with_a_red_target(page)
    page.locator("#editor-clear").click()
    assert page.locator("#confirm-no").inner_text() == "No, keep the board"
    page.keyboard.press("Escape")
    expect(page.locator("#confirm-dialog")).not_to_be_visible()
    assert editor_cell(page, 2, 5).get_attribute("aria-label") == "Row 3, column 6, target red unlit"
    page.locator("#editor-save").click()  # a draft ("My stage"), then its Delete
    page.locator("#editor-drafts button[data-act='delete']").first.click()
    expect(page.locator("#confirm-dialog")).to_be_visible()
    assert page.locator("#confirm-no").inner_text() == "No, keep the draft"
    page.keyboard.press("Escape")
    expect(page.locator("#editor-drafts button[data-act='delete']")).to_have_count(1)
    page.locator("#editor-drafts button[data-act='delete']").first.click()  # the draft goes (the module's others
    page.locator("#confirm-yes").click()                                     # find none)
    expect(page.locator("#editor-drafts button[data-act='delete']")).to_have_count(0)
    go(page, "#crosslight")  # a game's question keeps its own words
    page.locator(".board-grid button").first.click()
    page.locator("#new-game").click()
    expect(page.locator("#confirm-dialog")).to_be_visible()
    assert page.locator("#confirm-no").inner_text() == "No, keep playing"
    page.keyboard.press("Escape")


# ----- Should 5: arrowing through the "Endless board" menu of an unplayed stage changes nothing; Enter applies ------

def test_arrowing_through_the_endless_board_menu_does_not_leave_the_stage(page) -> None:  # noqa: ANN001
    go(page, "#mirrors/4-09")
    page.wait_for_function("() => location.hash === '#mirrors/4-09'")
    routes = page.evaluate("() => document.documentElement.dataset.routes")
    menu = page.locator("#preset")
    menu.focus()
    passed = set()
    page.keyboard.press("Home")
    for _ in range(menu.evaluate("s => s.options.length")):
        passed.add(menu.input_value())
        assert page.evaluate("() => location.hash") == "#mirrors/4-09"  # the stage is still the one in play
        page.keyboard.press("ArrowDown")
    assert len(passed - {"current"}) >= 3, passed  # every endless board was passed on the way
    assert page.evaluate("() => document.documentElement.dataset.routes") == routes
    page.keyboard.press("Home")
    page.keyboard.press("Enter")  # Enter in the menu applies the board chosen, as Apply does
    page.wait_for_function("() => location.hash !== '#mirrors/4-09'")
    assert page.evaluate("() => document.activeElement.matches('.board-grid button')")  # on to the new board


# ----- Should 7: Pipe Link's tools are named in words ---------------------------------------------------------------

def test_pipe_links_tool_radios_are_named_in_words(page) -> None:  # noqa: ANN001
    go(page, "#pipes")
    group = page.get_by_role("radiogroup", name="A click or tap does")
    assert [radio.get_attribute("aria-label") for radio in group.get_by_role("radio").all()] == [
        "Turn clockwise", "Turn counter-clockwise", "Lock"]
    expect(group.get_by_role("radio", name="Turn clockwise", exact=True)).to_be_checked()
    assert page.locator(".tool-choice").first.inner_text().strip() == "Turn ↻"  # what is seen stays short
    page.select_option("#lang-select", "ja")
    try:
        expect(group).to_have_count(0)  # (the group's name is in Japanese now)
        names = page.locator("#pipes-tools input").evaluate_all("rs => rs.map((r) => r.getAttribute('aria-label'))")
        assert names == ["右に回す", "左に回す", "固定"]
    finally:
        page.select_option("#lang-select", "en")


# ----- Should 10: the winning move's words are said, then the result ------------------------------------------------

@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_winning_move_is_said_before_the_result(page, motion: str) -> None:  # noqa: ANN001
    # A board one press from solved: the press at row 3, column 3 of a dark 5×5 board, pressed again.
    lights = np.zeros((5, 5), dtype=bool)
    for row, col in ((2, 2), (1, 2), (3, 2), (2, 1), (2, 3)):
        lights[row, col] = True
    board = crosslight.State(crosslight.parse_params("5x5"), lights)
    page.emulate_media(reduced_motion=motion)
    try:
        go(page, "#crosslight/" + crosslight.encode(board))
        page.locator('.board-grid button[data-row="2"][data-col="2"]').click()
        expect(page.locator("#result-dialog")).to_be_visible()
        said = live(page)
        assert said.startswith("Pressed row 3, column 3; 0 lights on"), said  # the move first…
        assert "Cleared!" in said and said.index("Cleared!") > said.index("0 lights on"), said  # …then the result
        page.locator("#result-close").click()
    finally:
        page.emulate_media(reduced_motion="no-preference")


# ----- Should 12: the result's stars are read in words, without their glyphs ----------------------------------------

def test_the_results_stars_are_seen_as_glyphs_and_read_as_words(page) -> None:  # noqa: ANN001
    go(page, "#mirrors/1-01")
    for _ in range(30):  # the hints play the stage to its end (then Hint is disabled)
        if page.locator("#hint").is_disabled():
            break
        page.locator("#hint").click()
        page.wait_for_function("() => !document.querySelector('.game.is-busy')")
    expect(page.locator("#result-dialog")).to_be_visible()
    stars = page.locator("#result-details dd").filter(has_text="of 3")
    seen = stars.inner_text()
    assert seen[0] in "★☆" and seen.endswith("of 3"), seen
    read = stars.evaluate("""d => [...d.querySelectorAll('*'), d].filter((n) => !n.closest('[aria-hidden="true"]'))
        .flatMap((n) => [...n.childNodes].filter((c) => c.nodeType === 3)).map((c) => c.textContent).join('')""")
    assert read.strip() == seen.lstrip("★☆ "), read  # "2 of 3": the words alone
    page.locator("#result-close").click()


# ----- Should 13: a cleared stage's name is never cut off, with text spacing too -----------------------------------

TEXT_SPACING = """* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }"""  # WCAG 1.4.12's bookmarklet


@pytest.mark.parametrize("spacing", [False, True])
def test_no_cleared_stage_name_is_clipped_at_1280_px(page, spacing: bool) -> None:  # noqa: ANN001
    ids = list(mirrors_stages.STAGES)
    page.evaluate("""(ids) => ids.forEach((id) => {
        localStorage.setItem('masume:stage:mirrors:' + id, JSON.stringify({done: true, best: 88}));
        localStorage.setItem('masume:stars:mirrors:stage-' + id, JSON.stringify({stars: 3})); })""", ids)
    if spacing:  # (a constructed sheet: the page's CSP refuses inline styles)
        page.evaluate("""(css) => { const sheet = new CSSStyleSheet(); sheet.replaceSync(css);
            document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]; }""", TEXT_SPACING)
    try:
        go(page, "#mirrors/4-07")
        details = page.locator("#mirrors-stages")
        if not details.evaluate("d => d.open"):
            details.locator("summary").click()
        assert page.locator(".mirrors-stage.is-done").count() == len(ids)
        cut = page.evaluate("""() => [...document.querySelectorAll('.mirrors-stage-name')]
            .filter((n) => n.scrollWidth > n.clientWidth + 1 || n.getBoundingClientRect().right
                           > n.closest('.mirrors-stage').getBoundingClientRect().right + 1)
            .map((n) => n.textContent)""")
        assert cut == [], cut
    finally:
        page.evaluate("() => { document.adoptedStyleSheets = []; }")
        page.evaluate("""(ids) => ids.forEach((id) => { localStorage.removeItem('masume:stage:mirrors:' + id);
            localStorage.removeItem('masume:stars:mirrors:stage-' + id); })""", ids)


# ----- Should 14: on a phone the cursor on a wide board stays in view -------------------------------------------------

CURSOR_SEEN = """() => { const cell = document.activeElement, box = cell.getBoundingClientRect();
    const frame = cell.closest('.board-frame'), outer = frame.getBoundingClientRect();
    const left = outer.left + frame.clientLeft, top = outer.top + frame.clientTop;
    return [Number(cell.dataset.col), box.left >= left - 0.5 && box.right <= left + frame.clientWidth + 0.5
            && box.top >= top - 0.5 && box.bottom <= top + frame.clientHeight + 0.5
            && box.left >= 0 && box.right <= innerWidth && box.top >= 0 && box.bottom <= innerHeight]; }"""


def test_arrowing_along_the_last_row_of_expert_minesweeper_keeps_the_cursor_in_view_on_a_phone(page) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 360, "height": 640})
    try:
        go(page, "#mines")
        page.select_option("#preset", "expert")
        page.locator("#apply-size").click()
        expect(page.locator(".board-grid button.cell")).to_have_count(480)
        page.locator('.board-grid button[data-row="15"][data-col="0"]').focus()
        for col in range(1, 30):
            page.keyboard.press("ArrowRight")
            assert page.evaluate(CURSOR_SEEN) == [col, True], col
    finally:
        page.set_viewport_size(WIDE)


# ----- Should 9 (in part): B reads every beam's route on demand -----------------------------------------------------

def test_b_on_the_board_reads_every_beams_route_and_the_help_names_it(page) -> None:  # noqa: ANN001
    go(page, "#mirrors/3-05")
    page.locator(".board-grid button.cell").first.focus()
    page.keyboard.press("b")
    said = live(page)
    assert said.startswith("The ") and " beam enters row " in said and " now " in said, said
    assert page.evaluate("() => document.activeElement.closest('.board-grid') !== null")  # the focus stays
    page.locator("#keys-button").click()
    expect(page.locator("#keys-dialog")).to_contain_text("read every beam's route")
    page.keyboard.press("Escape")


# ----- Should 11: nothing is said twice --------------------------------------------------------------------------

LIVE = "[role=status], [role=alert], [role=log], [aria-live]:not([aria-live=off])"


def test_the_tray_counts_and_the_editor_test_are_each_said_once(page) -> None:  # noqa: ANN001
    go(page, "#mirrors/4-07")
    counts = page.locator("#mirrors-hand-counts")
    assert counts.inner_text() == "Splitters to place: 1"  # still there for a reader of the tray…
    assert counts.evaluate("(n, live) => n.closest(live) === null", LIVE)  # …but not a live region of its own
    editor_with_a_red_target(page)
    page.evaluate("""() => { window.__said = [];
        new MutationObserver(() => window.__said.push(document.getElementById('live').textContent))
            .observe(document.getElementById('live'), {childList: true, characterData: true, subtree: true}); }""")
    page.locator("#editor-test").click()
    expect(page.locator("#editor-verdict")).to_have_text(
        "There is no light source: put one on the edge around the board.")
    assert page.locator("#busy-label").evaluate("(n, live) => n.closest(live) !== null", LIVE)  # the busy mark says it
    said = page.evaluate("() => window.__said")
    assert not any("Testing the stage" in text for text in said), said  # so the live region does not


# ----- Should 15: one Import button, 日本語 marked as Japanese ------------------------------------------------------

def test_home_has_one_import_button_and_the_language_menu_marks_each_languages_name(page) -> None:  # noqa: ANN001
    go(page, "#")
    expect(page.get_by_role("button", name="Import records")).to_have_count(1)  # the file input is not a second
    assert page.locator("#lang-select option[value=ja]").get_attribute("lang") == "ja"
    assert page.locator("#lang-select option[value=en]").get_attribute("lang") == "en"


# ----- Must 4: a notice the player did not choose stays until closed (Close, Escape) ------------------------------

@pytest.fixture(scope="module")
def clocked_page(browser, base_url, request_log):  # noqa: ANN001, ANN201
    """A page whose clock Playwright fakes from its first script: a timer that would hide a notice (the old 9 s)
    is due once the clock is moved past it, and nothing on a wall clock is waited for. (Installed on a page that
    already runs, the fake clock cannot clear the timers made before it, which then fire on freed proxies.)"""
    context = browser.new_context(viewport=WIDE)
    context.add_init_script(NO_SNAPSHOT)
    page = context.new_page()
    request_log.watch(page)
    page.clock.install()
    page.goto(base_url + "#mirrors/9-99")  # a link that names no stage: opened from outside, as a player would
    wait_until_ready(page)
    yield page
    context.close()


def test_a_bad_link_notice_has_no_timer_and_closes_with_escape_and_with_its_button(clocked_page) -> None:  # noqa: ANN001
    page = clocked_page
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    text = notice.locator(".notice-text").inner_text()
    assert text.startswith("That link does not name a valid puzzle"), text
    page.clock.fast_forward("00:30")  # 30 s on the page's clock: far past any auto-hide
    expect(notice).to_be_visible()
    assert notice.locator(".notice-text").inner_text() == text  # still there to be read again
    page.locator("#view h1").focus()
    page.keyboard.press("Escape")
    expect(notice).to_be_hidden()
    # The damaged editor link says so the same way, and its Close button closes it, the focus kept in the page.
    go(page, "#mirrors/edit/2.6x6-not-a-stage!")
    expect(notice).to_contain_text("The stage in this link could not be read")
    page.clock.fast_forward("00:30")
    expect(notice).to_be_visible()
    notice.locator(".notice-close").focus()
    page.keyboard.press("Enter")
    expect(notice).to_be_hidden()
    assert page.evaluate("() => document.activeElement.id") == "view"
