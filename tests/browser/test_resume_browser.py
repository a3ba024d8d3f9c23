"""A game in progress survives leaving it (issue 26, must fix 1; items 12, 13, 15, 17).

Home's card says "Continue" and opens the same board at the same time; `#<game>` resumes it;
a new board (home's "New game", `#<game>/new`) asks first; the daily keeps a slot of its own;
the clock does not count a reload. One shared page, moved by `go()` routes.
"""

from __future__ import annotations

import datetime as dt
import json
import time

import pytest

from app.core.daily import daily_id, utc_day
from app.core.timer import format_clock
from tests.browser.conftest import go, wait_until_ready

pytestmark = pytest.mark.browser

SEED = "1.9x9n10.resumeseed"


def cell(page, row: int, col: int):  # noqa: ANN001, ANN201
    """The button of one cell."""
    return page.locator(f"button.cell[data-row='{row}'][data-col='{col}']")


def codes(page) -> list[str]:  # noqa: ANN001
    """Every cell's drawn code, in order: what the board looks like."""
    return page.eval_on_selector_all("[role=grid] button.cell", "bs => bs.map(b => b.dataset.code)")


def saved(page, key: str = "progress:mines") -> dict | None:  # noqa: ANN001
    """The stored save under a key (without the namespace), or None."""
    text = page.evaluate("(k) => localStorage.getItem('masume:' + k)", key)
    if text is None:
        return None
    return json.loads(text)  # (version 1: stored bare)


def hide_page(page) -> None:  # noqa: ANN001
    """The tab goes to the background: the clock stops and the game is written at once."""
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")


def show_page(page) -> None:  # noqa: ANN001
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")


def start_game(page) -> str:  # noqa: ANN001
    """Open the seed's board, open a cell and flag another; return the hash of the game in progress."""
    go(page, f"#mines/{SEED}")
    cell(page, 4, 4).click()
    page.wait_for_function("() => /\\.4-4$/.test(location.hash)")
    hidden = page.locator("button.cell[data-code='9']").first  # (Cell.HIDDEN)
    hidden.click(button="right")
    page.wait_for_function("() => document.querySelector('button.cell[data-code=\"10\"]') !== null")  # a flag
    return page.evaluate("() => location.hash")


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    """One booted page for the module, on home."""
    return open_page("#")


def test_home_card_continues_the_same_board_at_the_same_time(page) -> None:  # noqa: ANN001
    game_hash = start_game(page)
    board = codes(page)
    go(page, "#")
    kept = saved(page)
    assert kept is not None and kept["params"] == "9x9n10"
    card = page.locator(".game-card[data-game=mines]")
    words = card.locator(".game-continue").inner_text()
    assert words.startswith("Continue") and "9×9" in words and format_clock(kept["elapsed"]) in words, words
    assert card.get_attribute("href") == game_hash
    card.click()
    page.wait_for_function("(h) => location.hash === h", arg=game_hash)
    page.wait_for_selector("[role=grid] button.cell")
    assert codes(page) == board
    assert page.locator("#stat-time").inner_text() == format_clock(kept["elapsed"])
    # Back home without a move: the time kept is the time it had (the clock waits for a move).
    go(page, "#")
    assert saved(page)["elapsed"] == kept["elapsed"]
    # Statistics and back: the bare route resumes it too.
    go(page, "#mines/stats")
    go(page, "#mines")
    assert page.evaluate("() => location.hash") == game_hash
    assert codes(page) == board


def test_a_new_game_from_home_asks_first(page) -> None:  # noqa: ANN001
    game_hash = start_game(page)
    go(page, "#")
    page.locator(".game-entry:has([data-game=mines]) .game-new-link").click()
    dialog = page.locator("#confirm-dialog")
    dialog.wait_for(state="visible")
    assert page.evaluate("() => location.hash") == game_hash  # the board kept is the one under the question
    page.locator("#confirm-no").click()
    assert page.evaluate("() => location.hash") == game_hash
    assert saved(page)["id"] in game_hash
    go(page, "#mines/new")
    dialog.wait_for(state="visible")
    page.locator("#confirm-yes").click()
    page.wait_for_function("(h) => location.hash !== h && !location.hash.endsWith('/new')", arg=game_hash)
    go(page, "#")
    assert saved(page) is None  # the new board has no move: nothing in progress
    assert page.locator(".game-card[data-game=mines] .game-continue").count() == 0
    assert page.locator(".game-entry:has([data-game=mines]) .game-new-link").count() == 0


def test_the_daily_does_not_replace_the_game_in_progress(page) -> None:  # noqa: ANN001
    game_hash = start_game(page)
    go(page, "#mines/daily")
    assert page.evaluate("() => location.hash") == "#mines/daily"
    page.locator("button.cell[data-code='9']").first.click(button="right")  # (the daily opens with a cell open)
    page.wait_for_function("() => localStorage.getItem('masume:progress:mines:daily') !== null", timeout=20_000)
    assert saved(page)["id"] in game_hash  # the game in progress is untouched
    go(page, "#mines")
    assert page.evaluate("() => location.hash") == game_hash
    # ...and the daily comes back as it was left.
    go(page, "#mines/daily")
    assert page.locator("button.cell[data-code='10']").count() == 1


def test_an_earlier_days_daily_does_not_replace_the_game_in_progress(page) -> None:  # noqa: ANN001
    game_hash = start_game(page)
    earlier = utc_day(time.time()) - dt.timedelta(days=2)
    go(page, f"#mines/daily/{earlier.isoformat()}")
    page.locator("button.cell[data-code='9']").first.click(button="right")  # a move on that day's board
    page.wait_for_function("() => localStorage.getItem('masume:progress:mines:past') !== null", timeout=20_000)
    assert saved(page)["id"] in game_hash  # the game in progress is untouched
    go(page, "#mines")
    assert page.evaluate("() => location.hash") == game_hash
    go(page, f"#mines/daily/{earlier.isoformat()}")  # ...and that day's board comes back as it was left
    assert page.locator("button.cell[data-code='10']").count() == 1


def test_a_days_daily_link_opens_that_days_board(page) -> None:  # noqa: ANN001
    today = utc_day(time.time())
    go(page, f"#mines/daily/{today.isoformat()}")
    assert page.evaluate("() => location.hash") == "#mines/daily"
    assert page.locator("#game-title .daily-tag").inner_text() == f"Daily puzzle, {today.isoformat()} (UTC)"
    earlier = today - dt.timedelta(days=3)
    go(page, f"#mines/daily/{earlier.isoformat()}")
    # An earlier day's daily keeps its day in the address and says which day's it is (off the daily's records).
    assert page.evaluate("() => location.hash") == f"#mines/daily/{earlier.isoformat()}"
    assert page.locator("#game-id").input_value() == daily_id("mines", earlier)  # that day's board
    tag = page.locator("#game-title .daily-tag").inner_text()
    assert tag.startswith(f"Daily puzzle, {earlier.isoformat()} (UTC)") and "does not count" in tag
    page.locator("#new-game").click()  # another board (no move yet: no question) is no longer that day's daily
    page.wait_for_function("(h) => location.hash !== h", arg=f"#mines/daily/{earlier.isoformat()}", timeout=20_000)
    assert "/daily" not in page.evaluate("() => location.hash")
    assert page.locator("#game-title .daily-tag").count() == 0
    go(page, "#mines/daily/2999-01-01")  # a day to come: said, and today's opens
    assert page.evaluate("() => location.hash") == "#mines/daily"
    notice = page.locator("#notice").inner_text()
    assert "2999-01-01" in notice and f"e.g. {today.isoformat()})" in notice  # the example is today


def test_home_daily_panel_continues_todays_daily_in_progress(page) -> None:  # noqa: ANN001
    go(page, "#mines/stats")  # (off the game screen first: closing it keeps the board in play)
    page.evaluate("localStorage.removeItem('masume:progress:mines:daily')")  # the daily afresh
    go(page, "#")
    entry = page.locator('.daily-entry[data-game="mines"]')
    assert entry.locator(".daily-mark").inner_text() == "Not cleared yet"
    go(page, "#mines/daily")
    page.locator("button.cell[data-code='9']").first.click(button="right")  # (the daily opens with a cell open)
    page.wait_for_function("() => localStorage.getItem('masume:progress:mines:daily') !== null", timeout=20_000)
    go(page, "#")
    kept = saved(page, "progress:mines:daily")
    assert kept is not None and kept["day"] == utc_day(time.time()).isoformat()
    mark = entry.locator(".daily-mark").inner_text()
    assert mark.startswith("Continue") and mark.endswith(format_clock(kept["elapsed"])), mark
    assert "has-progress" in entry.get_attribute("class")
    assert entry.locator("a").get_attribute("href") == "#mines/daily"
    # A daily left half-played on an earlier day is not today's.
    page.evaluate("""() => {
        const key = 'masume:progress:mines:daily', record = JSON.parse(localStorage.getItem(key));
        record.day = '2000-01-01';
        localStorage.setItem(key, JSON.stringify(record)); }""")
    go(page, "#mines/stats")  # (home built again, reading the records)
    go(page, "#")
    assert entry.locator(".daily-mark").inner_text() == "Not cleared yet"


def test_the_clock_does_not_count_a_reload(page) -> None:  # noqa: ANN001
    start_game(page)
    page.reload()  # (the page writes the game as it goes, its clock stopped)
    wait_until_ready(page)
    page.wait_for_selector("[role=grid] button.cell")
    before = saved(page)["elapsed"]
    assert page.locator("#stat-time").inner_text() == format_clock(before)
    page.wait_for_timeout(1_200)  # (room for a clock that wrongly ran to count: two ticks)
    assert page.locator("#stat-time").inner_text() == format_clock(before)
    hide_page(page)
    assert saved(page)["elapsed"] == before  # the load, and the time since, were not played
    show_page(page)
    page.locator("button.cell[data-code='9']").first.click(button="right")  # the first move back: the clock runs
    page.wait_for_function("(b) => JSON.parse(localStorage.getItem('masume:progress:mines')).elapsed > b",
                           arg=before, timeout=20_000)


def test_clear_snapshot_is_dim_with_its_reason_when_none_is_stored(page) -> None:  # noqa: ANN001
    go(page, "#")
    clear = page.locator("#snapshot-clear")
    assert clear.is_disabled()  # before the panel has even asked what is stored
    page.locator("#settings summary").click()
    page.wait_for_function("() => /None stored/.test(document.querySelector('#snapshot-status').textContent)")
    assert clear.is_disabled()
    assert clear.get_attribute("aria-describedby") == "snapshot-status"
    page.keyboard.press("Escape")


def test_editor_play_and_share_wait_for_a_test_that_a_reload_keeps(page) -> None:  # noqa: ANN001
    from app.games.mirrors import editor

    go(page, "#mirrors/edit")
    assert page.locator("#editor-palette input:checked").get_attribute("value") == "mirror_slash"  # not Wall
    stage = editor.put(editor.put(editor.put(editor.blank(4, 4), -1, 0, "source_red"), 0, 0, "mirror_slash"),
                       0, 3, "target_red")
    go(page, "#mirrors/edit/" + editor.to_text(stage))
    for name in ("play", "share"):
        assert page.locator(f"#editor-{name}").get_attribute("aria-disabled") == "true"
        assert page.locator(f"#editor-{name}").get_attribute("aria-describedby") == "editor-verdict"
    page.locator("#editor-test").click()
    page.wait_for_function("() => /^Solvable/.test(document.querySelector('#editor-verdict').textContent)")
    assert page.locator("#editor-play").get_attribute("aria-disabled") == "false"
    page.reload()
    wait_until_ready(page)
    page.wait_for_selector("#editor-palette")
    assert page.locator("#editor-verdict").inner_text().startswith("Solvable")  # no second Test
    assert page.locator("#editor-share").get_attribute("aria-disabled") == "false"
    # Another stage in the same tab is not proved by that Test.
    other = editor.put(stage, 2, 2, "wall")
    go(page, "#mirrors/edit/" + editor.to_text(other))
    assert page.locator("#editor-play").get_attribute("aria-disabled") == "true"
    page.locator("#editor-clear").click()
    page.locator("#confirm-dialog").wait_for(state="visible")
    assert page.locator("#confirm-no").inner_text() == "No, keep the board"
    page.locator("#confirm-no").click()
    assert page.locator(".board-grid button.cell[aria-label*='wall']").count() == 1  # the board was kept


def forget_mirrors_records(page) -> None:  # noqa: ANN001
    page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('masume:stage:mirrors:')
        || k.startsWith('masume:stars:mirrors:') || k.startsWith('masume:progress:mirrors')
        || k.startsWith('masume:run:mirrors'))
        .forEach(k => localStorage.removeItem(k))""")


def test_the_last_stage_with_others_left_says_how_many_and_leads_to_the_first(page) -> None:  # noqa: ANN001
    go(page, "#")
    forget_mirrors_records(page)
    try:
        go(page, "#mirrors/4-12")
        page.wait_for_selector(".board-grid button.cell")
        for _ in range(60):  # each hint plays its move; the last one wins (and disables Hint)
            if page.locator("#hint").is_disabled():
                break
            page.locator("#hint").click()
        dialog = page.locator("#result-dialog")
        dialog.wait_for(state="visible")
        assert page.locator("#result-title").inner_text() == "The last stage is cleared!"
        text = dialog.inner_text()
        assert "47 stages are not cleared yet; the first is 1-01." in text, text
        assert "★★★ at par (" in text and "★★ within " in text  # how stars are earned, with this board's par
        next_button = page.locator("#result-next")
        assert next_button.inner_text() == "Go to the first stage not cleared"
        next_button.click()
        page.wait_for_function("() => /1-01/.test(document.querySelector('.board-name').textContent)")
    finally:
        forget_mirrors_records(page)


def test_home_cards_show_stages_cleared_and_both_pipe_modes(page) -> None:  # noqa: ANN001
    go(page, "#")
    forget_mirrors_records(page)
    page.evaluate("""() => ['1-01', '1-02'].forEach(id => localStorage.setItem('masume:stage:mirrors:' + id,
        JSON.stringify({done: true, best: 3})))""")
    page.evaluate("() => localStorage.setItem('masume:stars:mirrors:stage-1-01', JSON.stringify({stars: 3}))")
    try:
        go(page, "#mines/stats")  # (home built again, reading the records)
        go(page, "#")
        line = page.locator(".game-entry:has([data-game=mirrors]) .game-campaign").inner_text()
        assert "Stages cleared" in line and "2 of 48" in line and "★ 3 of 144" in line, line
        rule = page.locator(".game-card[data-game=pipes] .game-rule").inner_text()
        assert "Path" in rule and "Net" in rule, rule
    finally:
        forget_mirrors_records(page)


def test_a_replay_marks_the_cell_each_move_pressed(page) -> None:  # noqa: ANN001
    from app.core import registry
    from app.core.replay import replay_link
    from app.core.rng import Rng

    spec = registry.backend("crosslight")
    start = spec.generate(spec.presets["easy"], Rng("replay-mark"))
    go(page, replay_link(spec, start, [(0, 0), (2, 3)]))
    page.wait_for_selector("[role=grid] button.cell")
    assert page.locator("button.cell.replayed").count() == 0  # the start: no move yet
    page.locator("#replay-forward").click()
    page.wait_for_function("() => document.querySelector('#replay-position').textContent.startsWith('Move 1')")
    marked = page.locator("button.cell.replayed")
    assert marked.count() == 1 and marked.get_attribute("data-row") == "0" and marked.get_attribute("data-col") == "0"
    assert marked.get_attribute("aria-label").endswith(", pressed by this move")
    page.locator("#replay-forward").click()
    page.wait_for_function("() => document.querySelector('#replay-position').textContent.startsWith('Move 2')")
    assert page.locator("button.cell.replayed[data-row='2'][data-col='3']").count() == 1
    assert page.locator("button.cell.replayed").count() == 1


def test_statistics_sum_up_every_board_of_the_game(page) -> None:  # noqa: ANN001
    from app.core.records import encode
    from app.core.stats import KIND, Result, add_result, add_start, empty_record

    records = {"9x9n10": [1, -1], "16x16n40": [1]}
    go(page, "#")
    page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('masume:stats:mines:'))"
                  ".forEach(k => localStorage.removeItem(k))")
    for key, outcomes in records.items():
        record = empty_record()
        for outcome in outcomes:
            record = add_result(add_start(record), Result(outcome, 12.5, 30))
        page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                      [f"masume:{KIND.prefix}mines:{key}", encode(KIND, record)])
    go(page, "#mines/stats")
    line = page.locator("#stats-all-line").inner_text()
    assert line == "Games started: 3 · won: 2 (67%) · kinds of board: 2", line
    rows = page.locator("#stats-all-table tr")
    assert rows.count() == 3  # the heading and a row per kind of board
    assert "Intermediate" in page.locator("#stats-all-table").inner_text()


def test_flag_mode_flags_by_tap_and_opens_by_long_press(open_page) -> None:  # noqa: ANN001
    phone = open_page(f"#mines/{SEED}", viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    cell(phone, 4, 4).tap()  # a tap opens: the mines are laid
    phone.wait_for_function("() => /\\.4-4$/.test(location.hash)")
    toggle = phone.locator("#mines-flag-mode")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.tap()
    assert toggle.get_attribute("aria-pressed") == "true"
    hidden = phone.locator("button.cell[data-code='9']").first
    row, col = hidden.get_attribute("data-row"), hidden.get_attribute("data-col")
    hidden.tap()  # in Flag mode a tap flags
    phone.wait_for_function("([r, c]) => document.querySelector(`button.cell[data-row='${r}'][data-col='${c}']`)"
                            ".dataset.code === '10'", arg=[row, col])
    assert phone.locator("#stat-mines-left").inner_text() == "9"
    toggle.tap()  # off again: a tap opens
    assert toggle.get_attribute("aria-pressed") == "false"
    phone.context.close()


def test_show_solution_asks_then_solves_and_is_recorded_as_helped(page) -> None:  # noqa: ANN001
    from app.core import registry
    from app.core.rng import Rng

    spec = registry.backend("crosslight")
    state = spec.generate(spec.presets["easy"], Rng("show-solution"))
    go(page, f"#crosslight/{spec.encode(state)}")
    page.locator("#show-solution").click()
    page.locator("#confirm-dialog").wait_for(state="visible")
    page.locator("#confirm-no").click()  # No changes nothing
    assert page.locator("#stat-moves").inner_text() == "0"
    page.locator("#show-solution").click()
    page.locator("#confirm-yes").click()
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    assert "not counted for records" in dialog.inner_text()  # won with help: no best
    assert int(page.locator("#stat-hints").inner_text()) > 0
    assert page.locator("#result-replay").is_visible()  # its replay steps through the solution
    page.locator("#result-close").click()


def test_an_unsolvable_stage_names_the_target_that_cannot_be_lit(page) -> None:  # noqa: ANN001
    from app.games.mirrors import editor

    stage = editor.put(editor.put(editor.put(editor.blank(4, 4), -1, 0, "source_white"), 0, 0, "mirror_slash"),
                       0, 3, "target_white")
    walled = editor.put(editor.put(stage, 0, 1, "wall"), 1, 0, "wall")
    go(page, "#mirrors/edit/" + editor.to_text(walled))
    page.locator("#editor-test").click()
    page.wait_for_function("() => /^Not solvable/.test(document.querySelector('#editor-verdict').textContent)")
    said = page.locator("#editor-verdict").inner_text()
    assert "No white beam can reach the white target at row 1, column 4." in said, said
