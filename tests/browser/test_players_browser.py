"""What players hit: big boards on small screens, N that asked nothing, shortcuts that could not
be turned off, marks lost in forced colours, silent moves, and the small things around them.

One booted page for the module; screens change through the hash, sizes through the viewport.
"""

from __future__ import annotations

import pytest

from app.core.rng import Rng
from app.games import crosslight, mines
from tests.browser.conftest import go, page_timers_run

pytestmark = pytest.mark.browser

EXPERT = "1.30x16n99.layoutseed"


def puzzle(seed: str, size: str = "5x5") -> crosslight.State:
    """A Cross Light board made by the real generator from a fixed seed."""
    return crosslight.generate(crosslight.parse_params(size), Rng(seed))


def open_crosslight(page, seed: str, size: str = "5x5") -> crosslight.State:  # noqa: ANN001
    state = puzzle(seed, size)
    go(page, f"#crosslight/{crosslight.encode(state)}")
    page.wait_for_selector("[role=grid] button.cell")
    return state


def cell(page, row: int, col: int):  # noqa: ANN001, ANN201
    return page.locator(f"button.cell[data-row='{row}'][data-col='{col}']")


def in_viewport(page, selector: str) -> bool:  # noqa: ANN001
    """Whether the element is wholly inside the visible viewport."""
    return page.evaluate("""(s) => { const r = document.querySelector(s).getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }""",
                         selector)


def live(page) -> str:  # noqa: ANN001
    return page.locator("#live").text_content().replace("\u00a0", " ").strip()


def set_setting(page, selector: str, value) -> None:  # noqa: ANN001
    """Open the header's settings and set one (a checkbox takes a bool, the select a value)."""
    details = page.locator("#settings")
    if not details.evaluate("d => d.open"):
        page.locator("#settings summary").click()
    if isinstance(value, bool):
        page.locator(selector).set_checked(value)
    else:
        page.select_option(selector, value)
    page.locator("#settings summary").click()  # close it again


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    """One booted page for the module."""
    return open_page("#crosslight")


@pytest.fixture(autouse=True)
def wide(page):  # noqa: ANN001, ANN201
    """Every test starts on a desktop-sized window with focus nowhere in particular."""
    page.set_viewport_size({"width": 1280, "height": 800})
    yield
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("() => document.querySelectorAll('dialog[open]').forEach(d => d.close())")


# ----- 2. big boards on any screen -----------------------------------------------------------------


def board_fits(page) -> bool:  # noqa: ANN001
    return page.evaluate("""() => { const f = document.querySelector('.board-frame');
        const r = f.getBoundingClientRect();
        return f.scrollWidth <= f.clientWidth && f.scrollHeight <= f.clientHeight
            && r.left >= 0 && r.right <= innerWidth; }""")


@pytest.mark.parametrize("size", [(360, 740), (768, 1024)])
def test_expert_fits_when_asked_and_the_playing_numbers_stay_in_view(page, size) -> None:  # noqa: ANN001
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    go(page, f"#mines/{EXPERT}")
    page.wait_for_selector("[role=grid] button.cell")
    page.locator("#zoom-actual").click()
    if width == 360:
        # At its own size the board is wider than the phone: the frame says so.
        assert not board_fits(page)
        assert page.locator("#scroll-hint").is_visible()
        assert page.locator(".board-wrap.scrolls.more-right").count() == 1
    page.locator("#zoom-fit").click()
    page.wait_for_function("() => { const f = document.querySelector('.board-frame');"
                           " return f.scrollWidth <= f.clientWidth; }")
    assert board_fits(page), "Fit shows all 30 columns"
    assert page.locator("#zoom-fit").get_attribute("aria-pressed") == "true"
    assert not page.locator("#scroll-hint").is_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    for needed in ("#stat-mines-left", "#stat-time", "#undo", "#hint"):
        assert in_viewport(page, needed), needed
    # Below 1024 px the panel is under the board, not beside it.
    board = page.locator(".board-frame").bounding_box()
    panel = page.locator(".game-panel").bounding_box()
    assert panel["y"] >= board["y"] + board["height"]
    # Scrolled down to the panel, nothing sticks over the board (issue 26: a sticky play bar covered row 1);
    # the play bar is right above the board, in the flow.
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page_timers_run(page, 100)
    assert page.evaluate("() => getComputedStyle(document.querySelector('.play-bar')).position") == "static"
    page.evaluate("() => window.scrollTo(0, 0)")
    bar, board = page.locator(".play-bar").bounding_box(), page.locator(".board-frame").bounding_box()
    assert bar["y"] + bar["height"] <= board["y"]
    # Zoom in from Fit makes cells larger again; 100% returns to the game's own size.
    before = page.locator("button.cell").first.bounding_box()["width"]
    page.locator("#zoom-in").click()
    assert page.locator("button.cell").first.bounding_box()["width"] > before
    assert page.locator("#zoom-fit").get_attribute("aria-pressed") == "false"
    page.locator("#zoom-actual").click()
    # A pinch on a trackpad arrives as Ctrl+wheel: it zooms the board, not the page.
    before = page.locator("button.cell").first.bounding_box()["width"]
    page.locator(".board-frame").hover()
    page.keyboard.down("Control")
    page.mouse.wheel(0, -120)
    page.keyboard.up("Control")
    page.wait_for_function("(w) => document.querySelector('button.cell').getBoundingClientRect().width > w",
                           arg=before)
    page.locator("#zoom-actual").click()


def test_a_wide_window_keeps_the_panel_beside_the_board(page) -> None:  # noqa: ANN001
    open_crosslight(page, "wide-layout")
    board = page.locator(".board-frame").bounding_box()
    bar = page.locator(".play-bar").bounding_box()
    assert bar["x"] >= board["x"] + board["width"]


# ----- 3. N asks first; shortcuts can be turned off; the keys help ---------------------------------


def test_n_mid_game_asks_first_and_no_keeps_every_move(page) -> None:  # noqa: ANN001
    state = open_crosslight(page, "n-asks")
    cell(page, 1, 1).click()
    cell(page, 2, 3).click()
    page.locator("body").press("n")
    dialog = page.locator("#confirm-dialog")
    dialog.wait_for(state="visible")
    assert page.evaluate("() => document.activeElement.id") == "confirm-no"
    assert "2 moves" in dialog.inner_text()
    page.locator("#confirm-no").click()
    assert not dialog.is_visible()
    assert page.locator("#stat-moves").inner_text() == "2"
    assert page.evaluate("() => location.hash") == f"#crosslight/{crosslight.encode(state)}"
    # Escape is No as well.
    page.locator("#new-game").click()
    dialog.wait_for(state="visible")
    page.keyboard.press("Escape")
    assert page.locator("#stat-moves").inner_text() == "2"
    # Yes starts a new game. N straight after Escape: the old question's late "close" event
    # must not shut the new one (CI once clicked a Yes that had vanished).
    page.evaluate(
        """() => {
            document.querySelector('#confirm-dialog').showModal();
            document.querySelector('#confirm-dialog').close();  // its "close" event comes a task later
            document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'N', bubbles: true}));
        }"""
    )
    page_timers_run(page, 100)
    assert dialog.is_visible()
    page.locator("#confirm-yes").click()
    page.wait_for_function("() => document.querySelector('#stat-moves').textContent === '0'")
    assert page.evaluate("() => location.hash") != f"#crosslight/{crosslight.encode(state)}"
    # With nothing played, New game needs no question.
    page.locator("#new-game").click()
    assert not dialog.is_visible()


def test_single_key_shortcuts_can_be_turned_off(page) -> None:  # noqa: ANN001
    open_crosslight(page, "keys-off")
    cell(page, 0, 0).click()
    set_setting(page, "#shortcuts-toggle", False)
    try:
        assert page.locator("#hint").get_attribute("aria-keyshortcuts") is None
        assert page.locator("#undo").get_attribute("aria-keyshortcuts") == "Control+Z"
        page.locator("body").press("h")
        page.locator("body").press("n")
        page.locator("body").press("?")
        assert page.locator("button.cell.hinted").count() == 0
        assert not page.locator("#confirm-dialog").is_visible()
        assert not page.locator("#keys-dialog").is_visible()
        assert page.locator("#stat-moves").inner_text() == "1"
        page.keyboard.press("Control+z")  # not a single key: still works
        assert page.locator("#stat-moves").inner_text() == "0"
        page.locator("#keys-button").click()  # the help still opens from its button, and says so
        assert "off" in page.locator("#keys-note").inner_text()
        keys = page.locator("#keys-list [data-section=controls_keyboard] kbd").all_inner_texts()
        assert "H" not in keys and "Control+Z" in keys, keys
        page.locator("#keys-close").click()
    finally:
        set_setting(page, "#shortcuts-toggle", True)
    assert page.locator("#hint").get_attribute("aria-keyshortcuts") == "H"
    page.locator("body").press("h")
    assert page.locator("button.cell.hinted").count() == 1


def test_question_mark_lists_every_key_of_the_game_on_screen(page) -> None:  # noqa: ANN001
    go(page, "#pipes")
    page.wait_for_selector("[role=grid] button.cell")
    page.locator("body").press("?")
    dialog = page.locator("#keys-dialog")
    dialog.wait_for(state="visible")
    text = dialog.inner_text()
    for words in ("Shift+Enter", "turn counter-clockwise", "L", "lock", "Control+Z", "undo", "N", "new game", "?"):
        assert words in text, words
    page.keyboard.press("Escape")
    assert not dialog.is_visible()


# ----- 4. forced colours; the cursor ring for keyboard use only ------------------------------------


def outline_of(page, selector: str, pseudo: str | None = None) -> str:  # noqa: ANN001
    return page.evaluate("([s, p]) => { const c = getComputedStyle(document.querySelector(s), p);"
                         " return c.outlineStyle + ' ' + c.outlineWidth; }", [selector, pseudo])


def test_forced_colours_keep_the_cursor_and_the_hint_visible(page) -> None:  # noqa: ANN001
    open_crosslight(page, "forced")
    page.emulate_media(forced_colors="active")
    try:
        assert page.evaluate("() => matchMedia('(forced-colors: active)').matches")
        cell(page, 2, 2).focus()
        page.keyboard.press("ArrowRight")
        style = outline_of(page, "button.cell.cursor")
        assert not style.startswith("none") and not style.endswith(" 0px"), style
        page.locator("body").press("h")
        hinted = outline_of(page, "button.cell.hinted", "::before")
        assert not hinted.startswith("none"), hinted
    finally:
        page.emulate_media(forced_colors="none")


def test_the_cursor_ring_shows_for_keyboard_use_only(page) -> None:  # noqa: ANN001
    open_crosslight(page, "ring")
    cell(page, 1, 1).click()
    assert outline_of(page, "button.cell.cursor").startswith("none"), "no ring after a mouse click"
    page.keyboard.press("ArrowDown")
    assert not outline_of(page, "button.cell.cursor").startswith("none"), "a ring once keys move it"
    cell(page, 0, 0).click()
    assert outline_of(page, "button.cell.cursor").startswith("none")


# ----- 5. the live region after moves --------------------------------------------------------------


def test_moves_undo_redo_restart_and_new_game_are_announced(page) -> None:  # noqa: ANN001
    state = open_crosslight(page, "announce")
    set_setting(page, "#announce-select", "full")
    try:
        cell(page, 1, 2).click()
        after = crosslight.apply(state, (1, 2))
        assert live(page) == f"Row 2, column 3 pressed, {after.lit_count} lights on"
        assert page.locator("#stat-lights-on").inner_text() == str(after.lit_count)
        page.locator("#undo").click()
        assert live(page).startswith("Undone.") and f"{state.lit_count} lights on" in live(page)
        page.locator("#redo").click()
        assert live(page).startswith("Redone.") and f"{after.lit_count} lights on" in live(page)
        page.locator("#restart").click()
        page.locator("#confirm-yes").click()  # a game with moves: Restart asks first
        assert live(page).startswith("Restarted.")
        page.locator("#new-game").click()
        page.locator("#confirm-yes").click()
        page.wait_for_function("() => document.querySelector('#live').textContent.startsWith('New game')")
        set_setting(page, "#announce-select", "short")
        cell(page, 0, 0).click()
        assert live(page).startswith("Pressed row 1, column 1; ") and live(page).endswith("lights on"), \
            "short mode names the pressed cell, briefly"
        set_setting(page, "#announce-select", "off")
        page.locator("#undo").click()
        assert live(page).endswith("lights on") and "Undone" not in live(page), "off says nothing new"
    finally:
        set_setting(page, "#announce-select", "short")


@pytest.mark.parametrize(("lang", "stop"), [("ja", "地雷 10。残り 81"), ("en", "10 mines. 81 hidden")])
def test_a_new_minesweeper_board_is_announced_as_two_sentences(page, lang: str, stop: str) -> None:  # noqa: ANN001
    """"New game, Beginner 9×9, 10 mines. 81 hidden, 10 mines left": the board, a stop, then its state
    (Japanese: 「…地雷 10。残り 81 マス…」), whether opened from another screen or by New game."""
    go(page, "#")
    page.select_option("#lang-select", lang)
    try:
        go(page, "#mines")  # opened from another screen: the board's name, then its state
        page.wait_for_selector("[role=grid] button.cell")
        page.wait_for_function("() => document.querySelector('#live').textContent.includes('81')")
        assert stop in live(page), live(page)
        page.locator("#new-game").click()
        page.wait_for_function("(n) => document.querySelector('#live').textContent.startsWith(n)",
                               arg="新しいゲーム" if lang == "ja" else "New game")
        assert stop in live(page) and "。 " not in live(page), live(page)
    finally:
        page.select_option("#lang-select", "en")


def test_a_flood_opening_in_minesweeper_is_announced(page) -> None:  # noqa: ANN001
    go(page, "#mines/1.9x9n10.floodseed")
    page.wait_for_selector("[role=grid] button.cell")
    opened = mines.apply(mines.decode("1.9x9n10.floodseed"), ("open", 4, 4))
    grid = mines.visible_grid(opened)
    hidden = int(((grid == mines.Cell.HIDDEN) | (grid == mines.Cell.FLAG) | (grid == mines.Cell.QUESTION)).sum())
    assert hidden < 81 - 1, "the first click opened an area (a flood), not one cell"
    # What the opened cell shows comes first, then the counts, in one sentence.
    said = f"Row 5, column 5, no adjacent mines; {hidden} hidden, {mines.mines_left(opened)} mines left"
    cell(page, 4, 4).click()  # (opening the board already said "81 hidden, 10 mines left")
    page.wait_for_function("(said) => document.querySelector('#live').textContent.includes(said)", arg=said)


def test_the_live_region_is_cleared_when_a_screen_closes_and_when_a_game_starts(page) -> None:  # noqa: ANN001
    board = puzzle("tiny-clear", "3x3")
    go(page, f"#crosslight/{crosslight.encode(board)}")
    page.wait_for_selector("[role=grid] button.cell")
    for r, c in crosslight.solve(board):
        cell(page, r, c).click()
    page.locator("#result-dialog").wait_for(state="visible")
    assert "Cleared" in live(page)
    page.locator("#result-new").click()
    page.wait_for_function("() => !document.querySelector('#live').textContent.includes('Cleared')")
    assert live(page).startswith("New game")
    go(page, "#")
    assert live(page) == ""


# ----- minor items ---------------------------------------------------------------------------------


def test_the_size_menu_names_the_board_in_play_after_new_game(page) -> None:  # noqa: ANN001
    open_crosslight(page, "menu-after-new")
    cell(page, 0, 0).click()
    page.select_option("#preset", "hard")  # chosen, not applied: the game in play stays
    page.locator("#new-game").click()
    page.locator("#confirm-yes").click()
    page.wait_for_function("() => document.querySelector('#stat-moves').textContent === '0'")
    assert page.locator("button.cell").count() == 25
    assert page.locator("#preset").input_value() == "easy"


def test_link_copied_shows_beside_the_button(page) -> None:  # noqa: ANN001
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_crosslight(page, "copy-shown")
    page.locator("#copy-link").click()
    status = page.locator("#copy-status")
    status.wait_for(state="visible")
    assert status.inner_text() in ("Link copied.", "The link could not be copied; the game ID is selected, "
                                   "copy it by hand.")
    button, said = page.locator("#copy-link").bounding_box(), status.bounding_box()
    assert abs((said["y"] + said["height"] / 2) - (button["y"] + button["height"] / 2)) < button["height"]
    assert in_viewport(page, "#copy-status") or status.is_visible()


def test_another_games_id_is_recognised_under_the_field_with_a_link(page) -> None:  # noqa: ANN001
    open_crosslight(page, "other-id")
    page.fill("#game-id", EXPERT)
    page.locator("#load-id").click()
    error = page.locator("#game-id-error")
    assert "Minesweeper" in error.inner_text()
    assert page.locator("#game-id").input_value() == EXPERT
    assert page.locator("#game-id").get_attribute("aria-invalid") == "true"
    field, said = page.locator("#game-id").bounding_box(), error.bounding_box()
    assert 0 <= said["y"] - (field["y"] + field["height"]) < 40, "the error sits right under the field"
    link = page.locator("#game-id-other")
    assert link.get_attribute("href") == f"#mines/{EXPERT}"
    link.click()
    page.wait_for_function("() => document.documentElement.dataset.screen === 'mines'")
    assert page.locator("button.cell").count() == 30 * 16


def test_new_game_does_not_wrap_at_360px(page) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 360, "height": 740})
    open_crosslight(page, "narrow")
    for control in ("undo", "redo", "restart", "hint", "new-game"):
        lines = page.evaluate("""(id) => { const r = document.createRange();
            r.selectNodeContents(document.getElementById(id)); return r.getClientRects().length; }""", control)
        assert lines == 1, control
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


# ----- found by the picky player's round on Light Path and Pipe Link -------------------------------


def test_the_settings_panel_opens_on_screen_on_a_phone(page) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 360, "height": 740})
    go(page, "#pipes")
    page.locator("#settings summary").click()
    try:
        assert in_viewport(page, ".settings-body"), "the panel is wholly on screen"
        page.locator("#shortcuts-toggle").click()  # and its first control can be tapped
        assert not page.locator("#shortcuts-toggle").is_checked()
        page.locator("#shortcuts-toggle").click()
    finally:
        page.locator("#settings summary").click()


def test_tab_reaches_the_board_before_the_buttons_beside_it(page) -> None:  # noqa: ANN001
    open_crosslight(page, "tab-order")
    page.locator("#game-title").focus()
    reached = []
    for _ in range(12):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("() => document.activeElement.id || document.activeElement.className"))
    assert reached.index("hint") > next(i for i, name in enumerate(reached) if "cell" in name), reached


def test_a_board_opened_from_another_screen_is_announced(page) -> None:  # noqa: ANN001
    go(page, "#")
    open_crosslight(page, "announced")
    lit = page.locator("button.cell[aria-pressed='true']").count()
    assert f"{lit} light{'s' if lit != 1 else ''} on" in live(page), live(page)


def test_the_result_dialog_marks_its_suggested_step(page) -> None:  # noqa: ANN001
    board = open_crosslight(page, "primary", "3x3")
    for r, c in crosslight.solve(board):
        cell(page, r, c).click()
    page.locator("#result-dialog").wait_for(state="visible")
    assert page.evaluate("() => document.activeElement.id") == "result-new"
    assert page.locator("#result-dialog .primary").evaluate_all("bs => bs.map(b => b.id)") == ["result-new"]
    page.keyboard.press("Escape")


def test_a_copied_link_note_goes_when_a_typed_id_is_refused(page) -> None:  # noqa: ANN001
    open_crosslight(page, "copied-note")
    page.evaluate("() => { const s = document.querySelector('#copy-status'); s.textContent = 'Link copied.'; }")
    page.fill("#game-id", "not an id")
    page.locator("#load-id").click()
    assert page.locator("#game-id-error").inner_text() != ""
    assert page.locator("#copy-status").inner_text() == ""
