"""Cross Light in a real browser: keyboard play, hints, undo, bests, links, bad input."""

from __future__ import annotations

import numpy as np
import pytest

from app.core.rng import Rng
from app.games import crosslight
from tests.browser.conftest import go, viewport, wait_until_ready

pytestmark = pytest.mark.browser


def puzzle(seed: str, size: str = "5x5") -> crosslight.State:
    """A board made by the real generator from a fixed seed."""
    return crosslight.generate(crosslight.parse_params(size), Rng(seed))


def board_lights(page) -> np.ndarray:  # noqa: ANN001
    """Read the board as a player's screen reader does: aria-pressed of every cell button."""
    cells = page.eval_on_selector_all(
        "[role=grid] button.cell",
        "bs => bs.map(b => [+b.dataset.row, +b.dataset.col, b.getAttribute('aria-pressed') === 'true'])")
    height = max(r for r, _, _ in cells) + 1
    width = max(c for _, c, _ in cells) + 1
    lights = np.zeros((height, width), dtype=bool)
    for r, c, on in cells:
        lights[r, c] = on
    return lights


def focused_cell(page) -> tuple[int, int]:  # noqa: ANN001
    """Return (row, col) of the focused cell button."""
    return tuple(page.evaluate(
        "() => { const b = document.activeElement; return [+b.dataset.row, +b.dataset.col]; }"))


def tab_into_board(page) -> None:  # noqa: ANN001
    """Press Tab until focus lands on a board cell, as a keyboard player would."""
    page.locator("body").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('button.cell')"):
            return
    raise AssertionError("Tab never reached the board")


def walk_to(page, target: tuple[int, int]) -> None:  # noqa: ANN001
    """Move the cursor with arrow keys only."""
    row, col = focused_cell(page)
    while row != target[0]:
        page.keyboard.press("ArrowDown" if target[0] > row else "ArrowUp")
        row, col = focused_cell(page)
    while col != target[1]:
        page.keyboard.press("ArrowRight" if target[1] > col else "ArrowLeft")
        row, col = focused_cell(page)


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    """One booted page for the module, starting on the home screen."""
    return open_page("")


def test_boot_reaches_ready_and_lists_games(page) -> None:  # noqa: ANN001
    cards = page.locator(".game-card")
    assert cards.count() >= 1
    assert "Cross Light" in page.locator(".game-card[data-game=crosslight]").inner_text()
    assert not page.locator("#loading").is_visible()


def test_shared_link_reproduces_the_board(page) -> None:  # noqa: ANN001
    state = puzzle("shared-link")
    go(page, f"#crosslight/{crosslight.encode(state)}")
    page.wait_for_selector("[role=grid] button.cell")
    assert np.array_equal(board_lights(page), state.lights)
    assert page.locator("#stat-par").inner_text() == str(crosslight.par(state))
    labels = page.eval_on_selector_all("button.cell", "bs => bs.map(b => b.getAttribute('aria-label'))")
    r, c = map(int, np.argwhere(state.lights)[0])
    assert f"Row {r + 1}, column {c + 1}, on" in labels


def test_keyboard_alone_solves_a_board_and_records_the_best(page) -> None:  # noqa: ANN001
    state = puzzle("keyboard-solve")
    go(page, f"#crosslight/{crosslight.encode(state)}")
    page.wait_for_selector("[role=grid] button.cell")
    # An earlier, slower best at this size: this win beats it, so it is a "New best!" (a first win is not).
    page.evaluate("() => localStorage.setItem('masume:best:crosslight:5x5', JSON.stringify({moves: 99, time: 86000}))")
    tab_into_board(page)
    # Roving tabindex: exactly one cell is in the tab order.
    assert page.locator("button.cell[tabindex='0']").count() == 1
    # Arrow keys wrap around the edges.
    start = focused_cell(page)
    page.keyboard.press("ArrowLeft")
    for _ in range(4):
        page.keyboard.press("ArrowLeft")
    assert focused_cell(page) == start
    solution = crosslight.solve(state)
    for index, cell in enumerate(solution):
        walk_to(page, cell)
        page.keyboard.press("Enter" if index % 2 == 0 else " ")
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    # The result opens in the page beside the board (a 1280 px window), not over it, inside the window,
    # with the focus on its next step.
    assert page.evaluate("""() => { const d = document.querySelector('#result-dialog');
        const box = d.getBoundingClientRect();
        return !d.matches(':modal') && d.classList.contains('beside-board') && d.contains(document.activeElement)
            && box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth; }""")
    text = dialog.inner_text()
    assert str(len(solution)) in text and "New best!" in text  # time and moves both beaten
    assert "is-best" in (page.locator("#result-best").get_attribute("class") or "")
    assert not board_lights(page).any()
    # The board is locked until a new game.
    page.keyboard.press("Escape")
    assert page.locator("button.cell").first.get_attribute("aria-disabled") == "true"
    page.locator("button.cell").first.click(force=True)
    assert not board_lights(page).any()
    assert page.locator("#stat-best-moves").inner_text() == str(len(solution))


def test_best_survives_a_reload(page) -> None:  # noqa: ANN001
    page.reload()
    wait_until_ready(page)
    go(page, "#")
    best = page.locator(".game-entry:has([data-game=crosslight]) .game-best[data-preset=easy] .value").inner_text()
    assert best.startswith(f"{len(crosslight.solve(puzzle('keyboard-solve')))} moves")


def test_hint_presses_a_cell_of_a_minimum_solution_after_wrong_moves(page) -> None:  # noqa: ANN001
    state = puzzle("hint-check")
    go(page, f"#crosslight/{crosslight.encode(state)}")
    page.wait_for_selector("[role=grid] button.cell")
    wrong = next((r, c) for r in range(5) for c in range(5) if (r, c) not in crosslight.solve(state))
    page.locator(f"button.cell[data-row='{wrong[0]}'][data-col='{wrong[1]}']").click()
    before = crosslight.State(state.params, board_lights(page))
    page.locator("#hint").click()
    hinted = page.locator("button.cell.hinted")
    assert hinted.count() == 1
    cell = (int(hinted.get_attribute("data-row")), int(hinted.get_attribute("data-col")))
    assert "cursor" in hinted.get_attribute("class")  # the cursor moved there (the focus stays on Hint)
    assert f"pressed row {cell[0] + 1}, column {cell[1] + 1}" in page.locator("#live").inner_text()
    assert f"pressed row {cell[0] + 1}, column {cell[1] + 1}" in page.locator("#board-status").inner_text()
    after = crosslight.apply(before, cell)
    assert np.array_equal(board_lights(page), after.lights)  # the hint played the press, as in every game
    assert crosslight.par(after) == crosslight.par(before) - 1
    assert page.locator("#stat-hints").inner_text() == "1"


def test_undo_and_redo_by_button_and_keyboard(page) -> None:  # noqa: ANN001
    state = puzzle("undo-check")
    go(page, f"#crosslight/{crosslight.encode(state)}")
    page.wait_for_selector("[role=grid] button.cell")
    assert page.locator("#undo").is_disabled()
    page.locator("button.cell[data-row='2'][data-col='2']").click()
    pressed = crosslight.apply(state, (2, 2))
    assert np.array_equal(board_lights(page), pressed.lights)
    assert page.locator("#stat-moves").inner_text() == "1"
    page.keyboard.press("Control+z")
    assert np.array_equal(board_lights(page), state.lights)
    assert page.locator("#stat-moves").inner_text() == "0"
    page.keyboard.press("Control+y")
    assert np.array_equal(board_lights(page), pressed.lights)
    page.locator("#undo").click()
    assert np.array_equal(board_lights(page), state.lights)
    page.locator("#redo").click()
    page.locator("#restart").click()  # a game with moves: Restart asks first
    page.locator("#confirm-yes").click()
    assert np.array_equal(board_lights(page), state.lights)
    page.locator("#undo").click()  # restart is itself undoable
    assert np.array_equal(board_lights(page), pressed.lights)


def test_malformed_hash_says_so_and_starts_a_new_game(page) -> None:  # noqa: ANN001
    go(page, "#crosslight/1.5x5.not-a-board!")
    notice = page.locator("#notice")
    notice.wait_for(state="visible")
    assert "does not name a valid puzzle" in notice.inner_text()
    assert page.locator("button.cell").count() == 25
    page.wait_for_function("() => /^#crosslight\\/1\\.5x5\\.[A-Za-z0-9_-]+$/.test(location.hash)")
    crosslight.decode(page.evaluate("() => location.hash").split("/", 1)[1])  # a valid, playable ID


def test_unknown_game_goes_home_with_a_message(page) -> None:  # noqa: ANN001
    go(page, "#no-such-game")
    page.locator("#notice").wait_for(state="visible")
    assert page.locator(".game-card").count() >= 1


def test_custom_size_is_validated_and_applied(page) -> None:  # noqa: ANN001
    go(page, f"#crosslight/{crosslight.encode(puzzle('custom-size'))}")  # no moves (`#crosslight` resumes a game)
    page.wait_for_selector("[role=grid] button.cell")
    page.select_option("#preset", "custom")
    page.fill("#custom-width", "13")
    page.fill("#custom-height", "4")
    page.locator("#apply-size").click()
    assert "3 to 12" in page.locator("#custom-error").inner_text()
    assert page.locator("button.cell").count() == 25  # the game in play is untouched
    page.fill("#custom-width", "8")
    page.locator("#apply-size").click()
    page.wait_for_function("() => document.querySelectorAll('button.cell').length === 32")
    assert page.evaluate("() => location.hash").startswith("#crosslight/1.8x4.")


def test_seven_by_seven_fits_a_360px_phone(page) -> None:  # noqa: ANN001
    with viewport(page, 360, 740):
        seven_by_seven_fits_a_360px_phone(page)


def seven_by_seven_fits_a_360px_phone(page) -> None:  # noqa: ANN001
    state = puzzle("phone", "7x7")
    go(page, "#")
    go(page, f"#crosslight/{crosslight.encode(state)}")
    page.wait_for_selector("[role=grid] button.cell")
    boxes = page.eval_on_selector_all("button.cell", "bs => bs.map(b => b.getBoundingClientRect().toJSON())")
    assert len(boxes) == 49
    assert min(b["left"] for b in boxes) >= 0 and max(b["right"] for b in boxes) <= 360
    assert min(b["width"] for b in boxes) >= 40  # comfortably tappable
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    # Controls sit below the board at this width.
    board = page.locator(".board-frame").bounding_box()
    panel = page.locator(".game-panel").bounding_box()
    assert panel["y"] >= board["y"] + board["height"]


def test_a_typed_game_id_opens_that_board_and_a_bad_one_keeps_the_game(page) -> None:  # noqa: ANN001
    go(page, f"#crosslight/{crosslight.encode(puzzle('typed-start'))}")
    page.locator("button.cell[data-row='0'][data-col='0']").click()
    page.fill("#game-id", "1.5x5.garbage!")
    page.locator("#load-id").click()
    assert "cannot be opened" in page.locator("#game-id-error").inner_text()  # said under the field
    assert page.locator("#game-id").input_value() == "1.5x5.garbage!"  # what was typed stays to be corrected
    assert page.locator("#stat-moves").inner_text() == "1"  # the game in play goes on
    target = puzzle("typed-target", "6x6")
    page.fill("#game-id", crosslight.encode(target))
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('button.cell').length === 36")
    assert np.array_equal(board_lights(page), target.lights)
    assert page.evaluate("() => location.hash") == f"#crosslight/{crosslight.encode(target)}"


def test_choosing_a_preset_starts_it_on_enter_and_takes_the_focus_to_the_board(page) -> None:  # noqa: ANN001
    go(page, "#crosslight")
    page.locator("#preset").focus()
    page.select_option("#preset", "hard")  # browsing the menu changes nothing (#30): Enter (or Apply) applies
    assert page.locator("button.cell").count() == 25
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('button.cell').length === 49")
    assert page.evaluate("() => document.activeElement.matches('.board-grid button')")  # as Apply does
    assert page.locator("#stat-par").inner_text().isdigit()


def test_a_hint_still_counts_after_a_reload(page) -> None:  # noqa: ANN001
    state = puzzle("hint-reload")
    go(page, f"#crosslight/{crosslight.encode(state)}")
    page.locator("#hint").click()  # the hint presses the cell itself
    page.wait_for_function("() => document.querySelector('#stat-moves').textContent === '1'")
    page.reload()
    wait_until_ready(page)
    current = crosslight.State(state.params, board_lights(page))
    for r, c in crosslight.solve(current):
        page.locator(f"button.cell[data-row='{r}'][data-col='{c}']").click()
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    assert "Hints and checks used: 1" in dialog.inner_text() and "New best" not in dialog.inner_text()
    page.locator("#result-close").click()


def test_undo_keeps_focus_and_clears_the_hint_ring(page) -> None:  # noqa: ANN001
    go(page, f"#crosslight/{crosslight.encode(puzzle('undo-focus'))}")
    page.locator("button.cell[data-row='0'][data-col='0']").click()
    page.locator("#hint").click()  # the hint plays its press: two moves to undo
    assert page.locator("button.cell.hinted").count() == 1
    page.locator("#undo").click()
    assert page.locator("button.cell.hinted").count() == 0
    page.locator("#undo").click()  # the last undo disables the button that has focus
    assert page.evaluate("() => document.activeElement.matches('button.cell')")


def test_a_held_key_presses_once(page) -> None:  # noqa: ANN001
    go(page, f"#crosslight/{crosslight.encode(puzzle('held-key'))}")
    tab_into_board(page)
    page.keyboard.down("Enter")
    page.keyboard.down("Enter")  # the keyboard's auto-repeat
    page.keyboard.down("Enter")
    page.keyboard.up("Enter")
    assert page.locator("#stat-moves").inner_text() == "1"


def test_the_size_menu_does_not_discard_a_game_in_play(page) -> None:  # noqa: ANN001
    go(page, f"#crosslight/{crosslight.encode(puzzle('menu-keeps'))}")
    page.locator("button.cell[data-row='0'][data-col='0']").click()
    page.select_option("#preset", "hard")
    assert page.locator("button.cell").count() == 25 and page.locator("#stat-moves").inner_text() == "1"
    page.locator("#apply-size").click()  # Apply during a game asks first, as New game does
    page.locator("#confirm-dialog").wait_for(state="visible")
    page.locator("#confirm-no").click()
    assert page.locator("button.cell").count() == 25 and page.locator("#stat-moves").inner_text() == "1"
    page.locator("#apply-size").click()
    page.locator("#confirm-yes").click()
    page.wait_for_function("() => document.querySelectorAll('button.cell').length === 49")


def test_switching_language_keeps_the_custom_form_and_retranslates_its_error(page) -> None:  # noqa: ANN001
    go(page, "#crosslight")
    page.select_option("#preset", "custom")
    page.fill("#custom-width", "20")
    page.fill("#custom-height", "9")
    page.locator("#apply-size").click()
    assert page.locator("#custom-width").get_attribute("aria-invalid") == "true"
    page.select_option("#lang-select", "ja")
    assert page.locator("#preset").input_value() == "custom"
    assert page.locator("#custom-width").input_value() == "20"
    assert "3 から 12" in page.locator("#custom-error").inner_text()
    page.select_option("#lang-select", "en")


def test_a_new_screen_takes_focus_to_its_heading(page) -> None:  # noqa: ANN001
    go(page, "#crosslight")
    go(page, "#")
    assert page.evaluate("() => document.activeElement.id") == "home-title"
    page.locator(".game-card[data-game=crosslight]").click()
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'game-title'")


def test_a_failed_copy_says_so_and_selects_the_id(page) -> None:  # noqa: ANN001
    go(page, f"#crosslight/{crosslight.encode(puzzle('copy'))}")
    page.evaluate("""() => { navigator.clipboard.writeText =
        () => Promise.reject(new DOMException('denied', 'NotAllowedError')); }""")
    page.locator("#copy-link").click()
    page.wait_for_function("() => document.querySelector('#live').textContent.includes('could not be copied')")
    assert page.evaluate("() => document.activeElement.id") == "game-id"
