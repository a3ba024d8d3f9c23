"""Minesweeper in a real browser: hints to a win, losing, flagging, bests, touch, busy mark."""

from __future__ import annotations

import re

import numpy as np
import pytest
from playwright.sync_api import expect

from app.core.gameid import compose, pack_bits
from app.games import mines
from app.games.mines import Cell
from tests.browser.conftest import go, page_timers_run, viewport, wait_until_ready

pytestmark = pytest.mark.browser


def cell(page, row: int, col: int):  # noqa: ANN001, ANN201
    """The button of one cell."""
    return page.locator(f"button.cell[data-row='{row}'][data-col='{col}']")


def codes(page) -> np.ndarray:  # noqa: ANN001
    """The visible code of every cell, as the page last drew it."""
    cells = page.eval_on_selector_all(
        "[role=grid] button.cell", "bs => bs.map(b => [+b.dataset.row, +b.dataset.col, +b.dataset.code])")
    grid = np.zeros((max(r for r, _, _ in cells) + 1, max(c for _, c, _ in cells) + 1), dtype=int)
    for r, c, code in cells:
        grid[r, c] = code
    return grid


def placed(seed_id: str, first: tuple[int, int]) -> mines.State:
    """The board the page lays for this seed and first click (the same pure function runs in both)."""
    return mines.apply(mines.decode(seed_id), ("open", *first))


def first_click(page, seed_id: str, first: tuple[int, int] = (4, 4)) -> mines.State:  # noqa: ANN001
    """Open a seed's board, click its first cell, wait for the mines to be laid; return the laid board."""
    go(page, f"#mines/{seed_id}")
    cell(page, *first).click()
    page.wait_for_function("(end) => location.hash.endsWith(end)", arg=f".{first[0]}-{first[1]}")
    return placed(seed_id, first)


def open_safe_cells(page, state: mines.State) -> None:  # noqa: ANN001
    """Click every still-hidden safe cell, as a player who knows the layout would."""
    while True:
        grid = codes(page)
        hidden_safe = np.argwhere((grid == Cell.HIDDEN) & ~state.mines)
        if len(hidden_safe) == 0:
            return
        r, c = map(int, hidden_safe[0])
        cell(page, r, c).click()


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    """One booted page for the module."""
    return open_page("#mines")


def test_new_game_defaults_to_beginner_no_guess(page) -> None:  # noqa: ANN001
    assert page.locator("button.cell").count() == 81
    assert page.evaluate("() => location.hash").startswith("#mines/1.9x9n10.")
    assert page.locator("#stat-mines-left").inner_text() == "10"
    assert cell(page, 0, 0).get_attribute("aria-label") == "Row 1, column 1, hidden"
    assert page.locator("#setting-mines_no_guess").is_checked()


def test_hints_alone_win_a_beginner_no_guess_game(page) -> None:  # noqa: ANN001
    go(page, "#mines")
    dialog = page.locator("#result-dialog")
    for _ in range(120):
        if page.locator("#hint").is_disabled():  # the board is over
            break
        page.locator("#hint").click()
    dialog.wait_for(state="visible")  # the result opens once the finished board has shown
    assert dialog.is_visible(), "hints did not finish the board"
    assert "3BV" in dialog.inner_text()
    assert "not counted" in dialog.inner_text()  # hinted games set no records
    grid = codes(page)
    assert (grid == Cell.FLAG).sum() == 10 and (grid == Cell.HIDDEN).sum() == 0
    assert "Cleared" in page.locator("#live").inner_text()
    page.locator("#result-close").click()


def test_opening_a_mine_loses_and_shows_the_board(page) -> None:  # noqa: ANN001
    seed_id = "1.9x9n10.losingseed"
    state = first_click(page, seed_id, (4, 4))
    assert page.evaluate("() => location.hash") == "#" + "mines/" + mines.encode(state)
    safe_hidden = [tuple(map(int, rc)) for rc in np.argwhere(~state.mines & ~state.opened)]
    wrong = safe_hidden[0]
    cell(page, *wrong).click(button="right")  # a wrong flag
    mine = tuple(map(int, np.argwhere(state.mines)[0]))
    cell(page, *mine).click()
    grid = codes(page)
    assert grid[mine] == Cell.MINE_HIT
    assert grid[wrong] == Cell.WRONG_FLAG
    assert ((grid == Cell.MINE) | (grid == Cell.MINE_HIT)).sum() == 10
    assert cell(page, *mine).get_attribute("aria-label") == f"Row {mine[0] + 1}, column {mine[1] + 1}, the mine you hit"
    assert cell(page, *wrong).get_attribute("aria-label") == \
        f"Row {wrong[0] + 1}, column {wrong[1] + 1}, flag, no mine here"
    other_mine = tuple(map(int, np.argwhere(state.mines)[1]))
    assert cell(page, *other_mine).get_attribute("aria-label").endswith(", mine")
    page.locator("#result-dialog").wait_for(state="visible")  # the result follows the board's finish
    assert "hit a mine" in page.locator("#live").inner_text()
    assert cell(page, 0, 0).get_attribute("aria-disabled") == "true"  # the board is locked
    page.locator("#result-close").click()
    before = codes(page)
    cell(page, *safe_hidden[-1]).click(force=True)
    assert np.array_equal(codes(page), before)
    page.select_option("#lang-select", "ja")  # the same distinctions in Japanese
    assert cell(page, *mine).get_attribute("aria-label") == f"{mine[0] + 1}行{mine[1] + 1}列、踏んだ地雷"
    assert cell(page, *wrong).get_attribute("aria-label") == f"{wrong[0] + 1}行{wrong[1] + 1}列、旗（ここに地雷はなし）"
    assert cell(page, *other_mine).get_attribute("aria-label").endswith("、地雷")
    page.select_option("#lang-select", "en")


def lose_at_once(page, seed_id: str) -> tuple[mines.State, tuple[int, int]]:  # noqa: ANN001
    """Open a seed's board at (4, 4), then open a mine; return the laid board and the mine."""
    state = first_click(page, seed_id, (4, 4))
    mine = tuple(map(int, np.argwhere(state.mines & ~state.opened)[0]))
    cell(page, *mine).click()
    page.locator("#result-dialog").wait_for(state="visible")
    return state, mine


def test_a_loss_shows_a_dialog_with_what_happened_and_a_post_mortem(page) -> None:  # noqa: ANN001
    state, mine = lose_at_once(page, "1.9x9n10.postmortemseed")
    dialog = page.locator("#result-dialog")
    assert page.locator("#result-title").inner_text() == "Boom — you hit a mine"
    text = dialog.inner_text()
    assert f"Row {mine[0] + 1}, column {mine[1] + 1}" in text
    verdict = mines.post_mortem(state, ("open", *mine))
    assert not verdict.forced_guess  # a no-guess board right after its first click always proves a cell
    safe_row, safe_col = verdict.safe_cell
    assert f"Yes: the board already proved row {safe_row + 1}, column {safe_col + 1} safe" in text
    assert "hinted" in cell(page, safe_row, safe_col).get_attribute("class")  # ringed on the board
    assert "Deaths\n1" in text
    for button, shown in (("#result-undo", True), ("#result-retry", True), ("#result-new", True),
                          ("#result-next", False)):
        assert page.locator(button).is_visible() == shown, button
    assert page.evaluate("() => document.activeElement.id") == "result-undo"
    assert "Could it be avoided?" in page.locator("#live").inner_text()
    page.locator("#result-close").click()


def test_a_forced_guess_is_called_one(page) -> None:  # noqa: ANN001
    # A 50/50 in the corner: (4, 3) or (4, 4); the 1s above cannot tell them apart.
    layout = np.zeros((5, 5), dtype=bool)
    layout[3, 2] = layout[4, 2] = layout[4, 4] = True
    board_id = compose(1, mines.format_params(mines.Params(5, 5, 3, False)), pack_bits(layout.ravel()), "0-0")
    assert mines.status(mines.decode(board_id)) == 0
    go(page, f"#mines/{board_id}")
    cell(page, 4, 4).click()
    page.locator("#result-dialog").wait_for(state="visible")
    assert "it was a forced guess" in page.locator("#result-dialog").inner_text()
    assert page.locator("button.cell.hinted").count() == 0
    page.locator("#result-close").click()


def test_undo_the_last_move_returns_to_before_the_fatal_click_and_play_goes_on(page) -> None:  # noqa: ANN001
    state, mine = lose_at_once(page, "1.9x9n10.undoseed")
    game_hash = page.evaluate("() => location.hash")
    page.locator("#result-undo").click()
    assert not page.locator("#result-dialog").is_visible()
    assert np.array_equal(codes(page), mines.visible_grid(state))  # just as before the fatal click
    assert cell(page, 0, 0).get_attribute("aria-disabled") != "true"  # the board is unlocked
    assert page.evaluate("() => location.hash") == game_hash
    safe = tuple(map(int, np.argwhere(~state.mines & ~state.opened)[0]))
    cell(page, *safe).click()
    assert codes(page)[safe] <= Cell.NUMBER_8  # play goes on
    assert page.locator("#redo").is_disabled()  # the loss cannot be redone


def test_retry_this_board_restarts_the_same_board_and_counts_the_deaths(page) -> None:  # noqa: ANN001
    seed_id = "1.9x9n10.retryseed"
    state = first_click(page, seed_id, (4, 4))
    game_hash = page.evaluate("() => location.hash")
    safe = tuple(map(int, np.argwhere(~state.mines & ~state.opened)[0]))
    cell(page, *safe).click()  # a move, so that the retry has something to take back
    mine = tuple(map(int, np.argwhere(state.mines)[0]))
    cell(page, *mine).click()
    page.locator("#result-retry").click()
    assert page.evaluate("() => location.hash") == game_hash  # the same game ID
    assert np.array_equal(codes(page), mines.visible_grid(mines.decode(game_hash.split("/", 1)[1])))
    assert np.array_equal(codes(page), mines.visible_grid(state))  # from its start (the first click)
    cell(page, *mine).click()  # a second death on the same board
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    assert "Deaths\n2" in dialog.inner_text()
    page.locator("#result-undo").click()
    open_safe_cells(page, state)
    dialog.wait_for(state="visible")
    assert page.locator("#result-title").inner_text() == "Cleared!"
    assert "Deaths\n2" in dialog.inner_text()  # the clear dialog says how many times the player died
    stored = page.evaluate("() => JSON.stringify(Object.entries(localStorage))")
    assert "time_after_deaths" in stored  # kept apart from clean bests
    page.locator("#result-close").click()


def test_flags_by_right_click_and_by_keyboard(page) -> None:  # noqa: ANN001
    seed_id = "1.9x9n10.flagseed"
    state = first_click(page, seed_id, (4, 4))
    hidden = [tuple(map(int, rc)) for rc in np.argwhere(~state.opened)]
    first, second = hidden[0], hidden[1]
    cell(page, *first).click(button="right")
    assert cell(page, *first).get_attribute("aria-label").endswith(", flagged")
    assert page.locator("#stat-mines-left").inner_text() == "9"
    cell(page, *first).click()  # a flagged cell cannot be opened
    assert cell(page, *first).get_attribute("aria-label").endswith(", flagged")
    cell(page, *second).focus()
    page.keyboard.press("f")
    assert cell(page, *second).get_attribute("aria-label").endswith(", flagged")
    page.keyboard.press("Space")
    assert cell(page, *second).get_attribute("aria-label").endswith(", hidden")
    assert page.locator("#stat-mines-left").inner_text() == "9"


def test_long_press_on_touch_flags(page) -> None:  # noqa: ANN001
    seed_id = "1.9x9n10.touchseed"
    state = first_click(page, seed_id, (4, 4))
    target = tuple(map(int, np.argwhere(~state.opened)[0]))
    cell(page, *target).dispatch_event("pointerdown", {"pointerType": "touch", "clientX": 5, "clientY": 5})
    # The finger stays down: the long press flags the cell by itself, and the finger is lifted after.
    expect(cell(page, *target)).to_have_attribute("aria-label", re.compile(", flagged$"))
    cell(page, *target).dispatch_event("pointerup", {"pointerType": "touch"})
    assert cell(page, *target).get_attribute("aria-label").endswith(", flagged")
    # The browser sent no click after that long press: the next tap must still open a cell.
    safe = next(rc for rc in map(tuple, np.argwhere(~state.opened & ~state.mines).tolist()) if rc != target)
    cell(page, *safe).dispatch_event("pointerdown", {"pointerType": "touch", "clientX": 5, "clientY": 5})
    cell(page, *safe).dispatch_event("pointerup", {"pointerType": "touch"})
    cell(page, *safe).click()
    assert not cell(page, *safe).get_attribute("aria-label").endswith(", hidden")
    # A short tap is not a long press.
    other = tuple(map(int, np.argwhere(~state.opened & ~state.mines)[-1]))
    # Down and up in one task (nothing of the page's can run between them), then past the long-press time.
    cell(page, *other).evaluate("""(b) => {
        b.dispatchEvent(new PointerEvent('pointerdown', {pointerType: 'touch', clientX: 5, clientY: 5, bubbles: true}));
        b.dispatchEvent(new PointerEvent('pointerup', {pointerType: 'touch', bubbles: true}));
    }""")
    page_timers_run(page, 600)
    assert cell(page, *other).get_attribute("aria-label").endswith(", hidden")


def test_best_time_is_kept_across_a_reload(page) -> None:  # noqa: ANN001
    seed_id = "1.9x9n10.bestseed"
    state = first_click(page, seed_id, (0, 0))
    open_safe_cells(page, state)
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    assert "New best" not in dialog.inner_text(), "a first win at a size beats no earlier best"
    assert f"3BV\n{mines.bbbv(state)}" in dialog.inner_text() or str(mines.bbbv(state)) in dialog.inner_text()
    best = page.locator("#stat-best-time").inner_text()
    assert best != "—"
    page.reload()
    wait_until_ready(page)
    assert page.locator("#stat-best-time").inner_text() == best
    go(page, "#")
    home_best = page.locator(".game-entry:has([data-game=mines]) .game-best[data-preset=beginner] .value")
    assert home_best.inner_text() == best


def test_a_faster_win_says_it_beat_the_best_time(page) -> None:  # noqa: ANN001
    # Minesweeper keeps a time alone: a faster win than the stored best says which best it beat.
    # (stored under the key the game keeps a 9x9 board with 10 mines by: "9x9n10", as home reads it)
    page.evaluate("() => localStorage.setItem('masume:best:mines:9x9n10', JSON.stringify({time: 86000}))")
    state = first_click(page, "1.9x9n10.fasterseed", (0, 0))
    open_safe_cells(page, state)
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    assert "New best time!" in dialog.inner_text()


def test_reload_restores_the_game_in_progress(page) -> None:  # noqa: ANN001
    seed_id = "1.9x9n10.progressseed"
    state = first_click(page, seed_id, (4, 4))
    flag = tuple(map(int, np.argwhere(state.mines & ~state.opened)[0]))
    cell(page, *flag).click(button="right")
    before = codes(page)
    page.reload()
    wait_until_ready(page)
    assert np.array_equal(codes(page), before)
    assert page.locator("#stat-mines-left").inner_text() == "9"
    page.locator("#undo").click()  # the restored moves are real history
    assert codes(page)[flag] == Cell.HIDDEN


def test_expert_first_click_shows_busy_mark_and_opens_an_area(page) -> None:  # noqa: ANN001
    go(page, "#mines/1.30x16n99.expertseed")
    page.evaluate("""() => {
        window.__sawBusy = false;
        const game = document.querySelector('section.game');
        new MutationObserver(() => { if (game.classList.contains('is-busy')) window.__sawBusy = true; })
            .observe(game, {attributes: true});
    }""")
    cell(page, 8, 15).click()
    page.wait_for_function("() => /\\.8-15$/.test(location.hash)")
    assert page.evaluate("() => window.__sawBusy")
    assert not page.locator("section.game.is-busy").count()
    grid = codes(page)
    assert (grid <= Cell.NUMBER_8).sum() >= 9  # the first click opened an area
    state = placed("1.30x16n99.expertseed", (8, 15))
    assert np.array_equal(grid, mines.visible_grid(state))


def test_custom_mine_count_is_validated(page) -> None:  # noqa: ANN001
    go(page, "#mines/1.9x9n10.customseed")  # a board without moves (`#mines` would resume the one left in play)
    page.select_option("#preset", "custom")
    page.fill("#custom-width", "10")
    page.fill("#custom-height", "10")
    page.fill("#custom-mines", "95")
    page.locator("#apply-size").click()
    # (no-guess boards, the default: the game's own words say both limits)
    said = page.locator("#custom-error").inner_text()
    assert "1 to 33 mines" in said and "up to 91" in said, said
    page.fill("#custom-mines", "20")
    page.locator("#apply-size").click()
    page.wait_for_function("() => document.querySelectorAll('button.cell').length === 100")
    assert page.evaluate("() => location.hash").startswith("#mines/1.10x10n20.")


def test_chording_an_opened_number_opens_its_other_neighbours(page) -> None:  # noqa: ANN001
    seed_id = "1.9x9n10.chordseed"
    state = first_click(page, seed_id, (4, 4))
    numbers = mines.visible_grid(state)
    # An opened number that still has hidden, unflagged neighbours.
    for r, c in np.argwhere(state.opened & (state.numbers > 0)):
        r, c = int(r), int(c)
        around = [(rr, cc) for rr in range(max(r - 1, 0), min(r + 2, 9)) for cc in range(max(c - 1, 0), min(c + 2, 9))]
        hidden = [rc for rc in around if numbers[rc] == Cell.HIDDEN]
        if any(not state.mines[rc] for rc in hidden):
            break
    for rc in hidden:
        if state.mines[rc]:
            cell(page, *rc).click(button="right")
    cell(page, r, c).focus()
    page.keyboard.press("Enter")  # Enter on a number chords
    grid = codes(page)
    assert all(grid[rc] <= Cell.NUMBER_8 for rc in hidden if not state.mines[rc])


def test_expert_fits_a_desktop_window_and_scrolls_inside_its_frame_on_a_phone(page) -> None:  # noqa: ANN001
    expert = "#mines/1.30x16n99.layoutseed"
    with viewport(page, 1280, 720) as desktop:
        go(desktop, "#")
        go(desktop, expert)
        board = desktop.locator(".board").bounding_box()
        assert board["x"] >= 0 and board["x"] + board["width"] <= 1280
        assert board["y"] + board["height"] <= 720  # the whole board is visible without scrolling
        assert desktop.evaluate("() => document.documentElement.scrollWidth") <= 1280
    with viewport(page, 390, 800) as phone:
        go(phone, "#")
        go(phone, expert)
        phone_keeps_expert_big_enough_to_tap(phone)
    go(page, "#mines")


def phone_keeps_expert_big_enough_to_tap(phone) -> None:  # noqa: ANN001
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390  # the page itself does not scroll
    # Fitted, Expert's cells would be too small to tap (about 10 px): a phone opens it at the smallest
    # size a finger can use, and it scrolls inside its frame (Fit is one press away).
    assert phone.locator("#zoom-fit").get_attribute("aria-pressed") != "true", "Expert is not squeezed on a phone"
    cell = phone.locator("button.cell").first.bounding_box()
    assert cell["width"] >= 20, cell
    frame = phone.locator(".board-frame")
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth")  # the board scrolls inside its frame
    frame.evaluate("f => { f.scrollLeft = 400; }")
    assert frame.evaluate("f => f.scrollLeft") > 0
    viewport = phone.locator("meta[name=viewport]").get_attribute("content")
    assert "user-scalable=no" not in viewport and "maximum-scale" not in viewport  # pinch-zoom stays possible
    touch_action = frame.evaluate("f => getComputedStyle(f).touchAction")
    assert touch_action in ("auto", "manipulation") or "pinch-zoom" in touch_action  # zoom is not blocked


def test_question_marks_follow_flags_when_switched_on(page) -> None:  # noqa: ANN001
    seed_id = "1.9x9n10.questionseed"
    state = first_click(page, seed_id, (4, 4))
    target = tuple(map(int, np.argwhere(~state.opened)[0]))
    page.locator("#setting-mines_question_marks").check()
    for expected in ("flagged", "question mark", "hidden"):
        cell(page, *target).click(button="right")
        assert cell(page, *target).get_attribute("aria-label").endswith(f", {expected}")
    page.locator("#setting-mines_question_marks").uncheck()


def test_a_shared_placed_link_and_restart_replay_the_same_layout(page) -> None:  # noqa: ANN001
    seed_id = "1.9x9n10.replayseed"
    go(page, f"#mines/{seed_id}")
    cell(page, 2, 6).click()
    page.wait_for_function("() => location.hash.endsWith('.2-6')")
    placed_id = page.evaluate("() => location.hash").split("/", 1)[1]
    start = mines.decode(placed_id)  # the layout with only the first click opened
    assert np.array_equal(start.mines, placed(seed_id, (2, 6)).mines)
    safe = tuple(map(int, np.argwhere(~start.mines & ~start.opened)[0]))
    cell(page, *safe).click()
    page.locator("#restart").click()
    page.locator("#confirm-yes").click()  # a game with moves: Restart asks first
    assert np.array_equal(codes(page), mines.visible_grid(start))
    go(page, "#")
    go(page, f"#mines/{placed_id}")
    assert np.array_equal(codes(page), mines.visible_grid(start))


def test_a_first_click_still_pending_never_lands_on_the_next_board(page) -> None:  # noqa: ANN001
    go(page, "#mines/1.9x9n10.pendingseed")
    page.evaluate("""() => {
        document.querySelector("button.cell[data-row='2'][data-col='2']").click();
        document.querySelector('#new-game').click();
    }""")
    page_timers_run(page, 300)
    assert (codes(page) == Cell.HIDDEN).all()  # the new board is untouched
    assert page.evaluate("() => /^#mines\\/1\\.9x9n10\\.[a-z0-9]+$/.test(location.hash)")
    page.evaluate("""() => {
        document.querySelector("button.cell[data-row='2'][data-col='2']").click();
        window.location.hash = '#';
    }""")
    page_timers_run(page, 300)  # the autouse check fails on any page error from the dropped move


def test_hint_moves_keyboard_focus_with_the_cursor_and_ctrl_f_is_left_alone(page) -> None:  # noqa: ANN001
    state = first_click(page, "1.9x9n10.focusseed", (4, 4))
    cell(page, 4, 4).focus()
    page.keyboard.press("h")
    focused = page.evaluate("() => [document.activeElement.matches('.cursor'), document.activeElement.dataset.code]")
    assert focused[0], "focus must follow the hinted cursor"
    hidden = tuple(map(int, np.argwhere(~state.opened & (codes(page) == Cell.HIDDEN))[0]))
    cell(page, *hidden).focus()
    page.keyboard.press("Control+f")
    assert cell(page, *hidden).get_attribute("aria-label").endswith(", hidden")


def test_a_link_to_a_board_won_by_its_first_click_starts_a_new_game(page) -> None:  # noqa: ANN001
    go(page, "#mines/1.9x9n1.AAAAAAAEAAAAAAA.4-4")
    assert "already finished" in page.locator("#notice").inner_text()
    assert (codes(page) == Cell.HIDDEN).all()
    assert page.locator("#hint").is_enabled()
