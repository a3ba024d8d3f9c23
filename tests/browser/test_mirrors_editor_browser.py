"""Light Path's stage editor (#21) in a real browser: a stage built by keyboard alone, tested, shared and won from its
link in a fresh context; Cancel stops a Test and the page never freezes while one runs; a draft survives a reload;
an unsolvable or untested stage cannot be shared.

What is expected comes from the backend (`app.games.mirrors.editor`: its stage text, its verdict), so an editor
that puts a piece in the wrong place, shares an ID that does not open, or a Test that blocks the page, fails here.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from app.games import mirrors
from app.games.mirrors import editor
from tests.browser.conftest import busy_turns, go, page_timers_run

pytestmark = pytest.mark.browser

NAMES = [item.name for item in editor.PALETTE]


def cell(page: Page, row: int, col: int):  # noqa: ANN201 - a Playwright Locator
    return page.locator(f'.board-grid button[data-row="{row}"][data-col="{col}"]')


def focused(page: Page) -> tuple[int, int]:
    row, col = page.evaluate("[document.activeElement.dataset.row, document.activeElement.dataset.col]")
    assert row is not None, "focus is not on the board"
    return int(row), int(col)


def walk_to(page: Page, row: int, col: int) -> None:
    """Move the board's cursor with arrow keys only (rows first, unless the goal is on the left or right edge)."""
    def step(axis: int, goal: int) -> None:
        for _ in range(30):
            here = focused(page)
            if here[axis] == goal:
                return
            keys = ("ArrowUp", "ArrowDown") if axis == 0 else ("ArrowLeft", "ArrowRight")
            page.keyboard.press(keys[0] if here[axis] > goal else keys[1])
        raise AssertionError(f"the cursor did not reach {(row, col)}")

    here = focused(page)
    if here[0] in (-1, 99):  # leave the ring first, into the cells
        page.keyboard.press("ArrowDown")
    order = (1, 0) if row == -1 or row >= 4 else (0, 1)
    for axis in order:
        step(axis, (row, col)[axis])


def choose(page: Page, name: str) -> None:
    """Pick a palette item with the arrow keys from the chosen one, then Enter: back to the board."""
    current = page.locator("#editor-palette input:checked")
    current.focus()
    here = NAMES.index(str(current.get_attribute("value")))
    goal = NAMES.index(name)
    for _ in range(abs(goal - here)):
        page.keyboard.press("ArrowDown" if goal > here else "ArrowUp")
    expect(page.locator("#editor-chosen")).to_contain_text(page.locator(f"#editor-piece-{name}").evaluate(
        "radio => radio.parentElement.textContent"))
    page.keyboard.press("Enter")


def put(page: Page, name: str, row: int, col: int) -> str:
    choose(page, name)
    walk_to(page, row, col)
    page.keyboard.press("Enter")
    said = page.locator("#live")
    expect(said).to_have_text(re.compile(r"^Put: "))
    return str(said.text_content())


def verdict(page: Page) -> str:
    page.wait_for_function("() => !document.querySelector('.is-busy')")
    return str(page.locator("#editor-verdict").text_content())


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    page = open_page("#mirrors/edit/" + editor.to_text(editor.blank(6, 6)))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.wait_for_selector("#editor-palette")
    return page


def fresh_editor(page: Page, size: int = 6) -> None:
    page.evaluate("""() => { for (const key of Object.keys(localStorage))
        if (key.startsWith('masume:draft:')) localStorage.removeItem(key); }""")
    go(page, "#mirrors/edit/" + editor.to_text(editor.blank(size, size)))
    page.wait_for_selector("#editor-palette")


def test_a_stage_built_by_keyboard_is_tested_shared_and_won_from_its_link(page: Page, open_page) -> None:  # noqa: ANN001
    fresh_editor(page)
    # The size, by keyboard: the selects take Home (their first choice, 4), and Enter applies the size chosen.
    page.locator("#editor-width").focus()
    page.keyboard.press("Home")
    expect(page.locator("#live")).to_contain_text("4 columns by 6 rows chosen, not applied yet")
    page.keyboard.press("Enter")
    expect(page.locator("#live")).to_have_text("The board is now 4 columns by 6 rows.")
    page.locator("#editor-height").focus()
    page.keyboard.press("Home")
    page.keyboard.press("Enter")
    expect(page.locator("#live")).to_have_text("The board is now 4 columns by 4 rows.")
    expect(page.locator(".board-grid button.cell:not(.edge)")).to_have_count(16)
    expect(cell(page, -1, 0)).to_have_attribute("aria-label", "Edge above column 1, no light source")
    # A white source above column 1, a mirror `/` under it (which sends the beam out), a target at the row's end.
    said = put(page, "source_white", -1, 0)
    assert said == "Put: Source white, above row 1, column 1, heading down"
    assert put(page, "mirror_slash", 0, 0).startswith("Put: Row 1, column 1, mirror /")
    assert put(page, "target_white", 0, 3) == "Put: Row 1, column 4, target white unlit"
    expect(page).to_have_url(re.compile(r"#mirrors/edit/2\.4x4-normal\.caam"))
    # Share before Test is refused, with the reason.
    page.locator("#editor-share").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#editor-verdict")).to_contain_text("Test the stage first")
    expect(page.locator("#live")).to_contain_text("Test the stage first")
    # Test, by keyboard.
    page.locator("#editor-test").focus()
    page.keyboard.press("Enter")
    text = verdict(page)
    assert text == "Solvable: 1 move at the fewest. The best solution is unique. Difficulty 1 of 5."
    expect(page.locator("#live")).to_have_text(text)
    # Share: the link is shown and on the clipboard.
    page.locator("#editor-share").focus()
    page.keyboard.press("Enter")
    link_field = page.locator("#editor-link")
    expect(link_field).to_be_visible()
    link = str(link_field.input_value())
    stage = editor.from_text(page.evaluate("location.hash").split("/", 2)[2])
    game_id = link.split("#mirrors/", 1)[1]
    assert editor.from_game_id(game_id) == stage
    expect(page.locator("#live")).to_contain_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == link
    # Anyone opens it: a fresh context with nothing stored, and it is won in one turn.
    other = open_page("#mirrors/" + game_id)
    other.wait_for_selector(".board-grid button.cell")
    target = other.locator('.board-grid button[data-row="0"][data-col="3"]')
    expect(target).to_have_attribute("aria-label", "Row 1, column 4, target white unlit")
    other.locator('.board-grid button[data-row="0"][data-col="0"]').click()
    expect(other.locator("#result-dialog")).to_be_visible()
    expect(target).to_have_attribute("aria-label", re.compile("target white lit"))
    # A new game after it: an endless board of the nearest size (a 4×4 stage has no endless size of its own).
    other.locator("#result-new").click()
    expect(other.locator(".board-grid button.cell:not(.edge)")).to_have_count(25)
    other.context.close()


def test_an_edit_after_test_asks_for_a_new_test_and_play_opens_the_game(page: Page) -> None:
    stage = editor.put(editor.put(editor.put(editor.blank(4, 4), -1, 0, "source_red"), 0, 0, "mirror_slash"),
                       0, 3, "target_red")
    go(page, "#mirrors/edit/" + editor.to_text(stage))
    page.locator("#editor-test").click()
    assert verdict(page).startswith("Solvable: 1 move")
    choose(page, "wall")
    cell(page, 2, 2).click()  # puts the chosen piece (a wall): the verdict no longer holds
    expect(page.locator("#editor-verdict")).to_have_text("The stage changed since Test: test it again.")
    page.locator("#editor-play").click(force=True)  # (dim, aria-disabled: a press says why)
    expect(page.locator("#live")).to_contain_text("test it again before playing or sharing it")
    page.locator("#editor-test").click()
    assert verdict(page).startswith("Solvable: 1 move")
    page.locator("#editor-play").click()
    page.wait_for_selector("#game-title")
    expect(page).to_have_url(re.compile(r"#mirrors/2\.4x4-made\."))
    # A made stage is no size New game can make: the menu lists only the boards to make (issue 26 item 10).
    shown = page.eval_on_selector("#preset", """s => [s.options[s.selectedIndex].textContent,
        [...s.options].filter(o => o.value !== 'current').length]""")
    assert shown == ["Choose a board", len(mirrors.PRESETS)], shown
    page.go_back()  # back to the editor, with the stage as it was
    page.wait_for_selector("#editor-palette")
    expect(cell(page, 2, 2)).to_have_attribute("aria-label", "Row 3, column 3, wall")
    # and its Test still holds (the stage is the one tested): Share works without testing again.
    expect(page.locator("#editor-verdict")).to_contain_text("Solvable: 1 move")
    page.locator("#editor-share").click()
    expect(page.locator("#editor-link")).to_have_value(re.compile(r"#mirrors/2\.4x4-made\."))


def test_an_unsolvable_stage_cannot_be_shared_but_is_kept_as_a_draft_that_survives_a_reload(page: Page) -> None:
    fresh_editor(page)
    walled = editor.put(editor.put(editor.put(editor.blank(4, 4), -1, 0, "source_white"), 0, 0, "mirror_slash"),
                        0, 3, "target_white")
    walled = editor.put(editor.put(walled, 0, 1, "wall"), 1, 0, "wall")
    go(page, "#mirrors/edit/" + editor.to_text(walled))
    page.locator("#editor-test").click()
    assert verdict(page).startswith("Not solvable")
    page.locator("#editor-share").click(force=True)  # (dim, aria-disabled: a press says why)
    expect(page.locator("#editor-verdict")).to_contain_text("This stage cannot be played or shared. Not solvable")
    expect(page.locator("#editor-link")).to_be_hidden()
    # ... but it is saved as a draft, by keyboard.
    name = page.locator("#editor-draft-name")
    name.focus()
    page.keyboard.type("Walled in")
    page.keyboard.press("Enter")
    expect(page.locator("#live")).to_have_text("Draft “Walled in” saved.")
    expect(page.locator("#editor-draft-count")).to_have_text("1 of 20 drafts")
    go(page, "#mirrors/edit/" + editor.to_text(editor.blank(5, 5)))
    page.reload()
    page.wait_for_selector("#editor-palette")
    expect(page.locator(".board-grid button.cell:not(.edge)")).to_have_count(25)
    open_button = page.get_by_role("button", name="Open draft Walled in")
    open_button.click()
    expect(page.locator("#live")).to_have_text("Opened draft “Walled in”.")
    expect(cell(page, 0, 1)).to_have_attribute("aria-label", "Row 1, column 2, wall")
    expect(page.locator(".board-grid button.cell:not(.edge)")).to_have_count(16)
    assert page.evaluate("location.hash") == "#mirrors/edit/" + editor.to_text(walled)


def test_a_damaged_draft_is_set_aside_with_a_message(page: Page) -> None:
    fresh_editor(page)
    page.evaluate("""() => localStorage.setItem('masume:draft:mirrors:Broken',
                                                 '{"stage": "2.4x4-normal.zz.t0w.00"}')""")
    page.evaluate("(text) => localStorage.setItem('masume:draft:mirrors:Fine', JSON.stringify({stage: text}))",
                  editor.to_text(editor.blank(4, 4)))
    go(page, "#mirrors/edit")
    expect(page.locator("#notice")).to_contain_text("A damaged draft was set aside")
    expect(page.locator("#editor-drafts li")).to_have_count(1)
    expect(page.locator("#editor-drafts")).to_contain_text("Fine")
    assert page.evaluate("localStorage.getItem('masume:quarantine:draft:mirrors:Broken')") is not None


def open_board() -> editor.EditorStage:
    stage = editor.with_inventory(editor.blank(10, 10), 9, 9)
    for row, col in ((0, 0), (9, 9), (0, 9), (9, 0), (4, 5)):
        stage = editor.put(stage, row, col, "target_white")
    for row, col in ((-1, 3), (10, 6), (2, -1), (7, 10)):
        stage = editor.put(stage, row, col, "source_white")
    return stage


def test_cancel_stops_a_test_and_a_test_never_blocks_the_page(page: Page) -> None:
    go(page, "#mirrors/edit/" + editor.to_text(open_board()))
    # Cancel pressed as the Test starts (before its first slice): no verdict ever comes.
    page.evaluate("""() => { document.querySelector('#editor-test').click();
        document.querySelector('#busy-cancel').click(); }""")
    expect(page.locator("#editor-verdict")).to_have_text("Test cancelled: the stage is untested.")
    expect(page.locator("#live")).to_have_text("Test cancelled: the stage is untested.")
    page_timers_run(page, 1000)
    expect(page.locator("#editor-verdict")).to_have_text("Test cancelled: the stage is untested.")
    page.locator("#editor-share").click(force=True)  # (dim, aria-disabled: a press says why)
    expect(page.locator("#editor-verdict")).to_contain_text("Test the stage first")
    # Run to its end on this open board (the solver's whole budget): in slices, the page answering meanwhile.
    with busy_turns(page) as testing:
        page.locator("#editor-test").click()
        text = verdict(page)
    assert text.startswith("Too tangled to prove")
    assert testing.turns >= 2, f"the page answered {testing.turns} times during the whole Test"


def test_focus_on_cancel_stays_in_the_actions_when_the_busy_mark_hides(page: Page) -> None:
    go(page, "#mirrors/edit/" + editor.to_text(open_board()))
    active = "() => document.activeElement && document.activeElement.id"
    start_on_cancel = """() => { document.querySelector('#editor-test').click();
        document.querySelector('#busy-cancel').focus(); return document.activeElement.id; }"""
    # Cancel pressed from the keyboard: the mark (and Cancel) hide, focus goes back to Test.
    assert page.evaluate(start_on_cancel) == "busy-cancel"
    page.keyboard.press("Enter")
    verdict(page)
    assert page.evaluate(active) == "editor-test"
    # The Test ends by itself while focus is on Cancel: the same.
    assert page.evaluate(start_on_cancel) == "busy-cancel"
    assert verdict(page).startswith("Too tangled to prove")
    assert page.evaluate(active) == "editor-test"


def test_the_editor_passes_axe_with_a_verdict_a_link_and_drafts(browser, base_url, request_log) -> None:  # noqa: ANN001
    from tests.browser.test_a11y_browser import AXE, violations

    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `make vendor`")
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True, locale="en-US")
    context.add_init_script("window.masumeNoSnapshot = true;")
    page = context.new_page()
    request_log.watch(page)
    stage = editor.put(editor.put(editor.put(editor.blank(5, 5), 2, -1, "source_green"), 2, 2, "mirror_slash"),
                       4, 2, "target_green")
    page.goto(base_url + "#mirrors/edit/" + editor.to_text(stage))
    page.wait_for_selector("#editor-palette")
    page.locator("#editor-test").click()
    assert verdict(page).startswith("Solvable: 1 move")
    page.locator("#editor-share").click()
    expect(page.locator("#editor-link")).to_be_visible()
    page.locator("#editor-save").click()  # no name: "My stage"
    expect(page.locator("#editor-draft-name")).to_have_value("My stage")  # saving again updates it
    page.locator("#editor-draft-name").fill("")
    page.locator("#editor-save").click()  # no name again: "My stage 2", not over the first
    expect(page.locator("#editor-drafts li")).to_have_count(2)
    expect(page.locator("#editor-drafts")).to_contain_text("My stage 2")
    cell(page, 2, -1).focus()
    found = violations(page)
    assert not found, "axe found problems in the editor:\n" + "\n".join(found)
    for media in ({"color_scheme": "dark"}, {"color_scheme": "light", "forced_colors": "active"}):
        page.emulate_media(**media)
        found = violations(page)
        assert not found, f"axe found problems in the editor ({media}):\n" + "\n".join(found)
    context.close()


def test_the_game_links_to_the_editor_and_to_a_copy_of_the_board_in_play(page: Page) -> None:
    go(page, "#mirrors/4-01")
    page.wait_for_selector("#mirrors-edit-copy")
    expect(page.locator("#mirrors-edit-link")).to_have_text("Stage editor: build your own stage")
    page.locator("#mirrors-edit-copy").click()
    page.wait_for_selector("#editor-palette")
    stage = editor.from_game_id("4-01")
    assert page.evaluate("location.hash") == "#mirrors/edit/" + editor.to_text(stage)
    expect(page.locator("#editor-mirrors")).to_have_value(str(stage.inventory[0]))
    expect(page.locator(".board-grid button.cell:not(.edge)")).to_have_count(stage.height * stage.width)


def test_a_21st_draft_is_refused_with_the_reason(page: Page) -> None:
    fresh_editor(page)
    page.evaluate("""(text) => { for (let i = 1; i <= 20; i++)
        localStorage.setItem(`masume:draft:mirrors:Stage ${i}`, JSON.stringify({stage: text})); }""",
                  editor.to_text(editor.blank(4, 4)))
    go(page, "#mirrors/edit")
    expect(page.locator("#editor-draft-count")).to_have_text("20 of 20 drafts")
    page.locator("#editor-draft-name").fill("One more")
    page.locator("#editor-save").click()
    expect(page.locator("#live")).to_have_text("You already have 20 drafts, the most kept: delete one to save another.")
    expect(page.locator("#editor-drafts li")).to_have_count(20)
    page.locator("#editor-draft-name").fill("Stage 7")  # a kept name is saved over
    page.locator("#editor-save").click()
    expect(page.locator("#live")).to_have_text("Draft “Stage 7” updated.")
