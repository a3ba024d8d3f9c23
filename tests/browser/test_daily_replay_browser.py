"""Records players come back for, in a real browser: the daily puzzle, replays, Check, statistics recorded."""

from __future__ import annotations

import datetime as dt
import json
import time

import pytest

from app.core import registry
from app.core.daily import daily_state, day_number, utc_day
from app.core.replay import encode_moves, replay_hash
from app.core.strings import records_ui
from tests.browser.conftest import go, wait_until_ready

pytestmark = pytest.mark.browser

REPLAY_PROBLEMS = {text for key, text in records_ui.EN.items() if key.startswith("replay_problem_")}


def today() -> dt.date:
    return utc_day(time.time())


def solution(game: str, state) -> list:  # noqa: ANN001
    """The moves that clear a board, found by the game's own hints (played here, in Python)."""
    backend = registry.backend(game)
    moves = []
    while backend.status(state) == 0:
        move = backend.hint(state)
        moves.append(move)
        state = backend.apply(state, move)
    return moves


def stored(page) -> dict[str, object]:  # noqa: ANN001
    raw = page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")
    return {key: json.loads(value) for key, value in raw.items()}


def click_cell(page, row: int, col: int) -> None:  # noqa: ANN001
    page.locator(f'[role=grid] button.cell[data-row="{row}"][data-col="{col}"]').click()


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    """One page for the module, with yesterday's Cross Light daily already cleared (a streak to extend)."""
    yesterday = day_number(today()) - 1
    seed = json.dumps({"days": [yesterday], "best": 1})
    return open_page("#crosslight/daily", init_script=(
        "if (!sessionStorage.getItem('seeded')) {"
        f"  localStorage.setItem('masume:daily:crosslight', {json.dumps(seed)});"
        "  sessionStorage.setItem('seeded', '1'); }"))


def test_a_cleared_daily_is_marked_done_with_its_streak_after_a_reload(page) -> None:  # noqa: ANN001
    assert page.evaluate("location.hash") == "#crosslight/daily"
    assert today().isoformat() in page.locator("#game-title").inner_text()
    moves = solution("crosslight", daily_state("crosslight", today()))
    for row, col in moves:
        click_cell(page, row, col)
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    assert "Streak: 2 days" in page.locator("#result-best").inner_text()
    assert page.locator("#result-card").is_visible(), "a daily offers its result card"
    assert page.locator("#result-replay").is_visible() and page.locator("#result-replay-copy").is_visible()

    records = stored(page)
    assert day_number(today()) in records["masume:daily:crosslight"]["days"]
    # (statistics are stored at their format version 2: {"$v": 2, "value": the record})
    stats = [value["value"] for key, value in records.items() if key.startswith("masume:stats:crosslight:")]
    assert len(stats) == 1 and stats[0]["won"] == 1 and stats[0]["started"] == 1, stats

    page.evaluate("location.hash = '#'")
    page.reload()
    wait_until_ready(page)
    entry = page.locator('.daily-entry[data-game="crosslight"]')
    assert "Done" in entry.inner_text() and "is-done" in entry.get_attribute("class")
    assert "Not cleared yet" in page.locator('.daily-entry[data-game="mines"]').inner_text()
    assert page.locator("#daily-streak").inner_text() == "Daily streak: 2 days"
    stats_link = page.locator('.game-stats-link[href="#crosslight/stats"]')
    assert stats_link.get_attribute("aria-label") == "Statistics: Cross Light"
    stats_link.click()  # the win just recorded is in the game's statistics
    page.wait_for_selector(".stats-figures")
    assert page.locator('.stats-figure[data-key="stats_won"] dd').inner_text() == "1"
    assert page.locator('.stats-figure[data-key="stats_started"] dd').inner_text() == "1"


def test_the_result_card_tells_the_result_without_the_board(page, browser) -> None:  # noqa: ANN001
    go(page, "#crosslight/daily")
    assert "cleared today's puzzle already" in page.locator("#notice").inner_text()
    moves = solution("crosslight", daily_state("crosslight", today()))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    for row, col in moves:
        click_cell(page, row, col)
    page.locator("#result-card").click()
    page.wait_for_function("() => document.querySelector('#result-copy-status').textContent !== ''")
    card = page.evaluate("navigator.clipboard.readText()")
    assert f"Cross Light {today().isoformat()}" in card and "Cleared" in card and "No hints" in card
    assert f"Moves: {len(moves)} (par {len(moves)}; on par)" in card, "a par met is said in words, not \", 0)\""
    assert card.strip().endswith(f"#crosslight/daily/{today().isoformat()}")  # the day's board, not tomorrow's
    page.keyboard.press("Escape")


def test_watch_the_replay_steps_through_the_game_and_plays_to_the_end(page) -> None:  # noqa: ANN001
    go(page, "#crosslight/daily")
    moves = solution("crosslight", daily_state("crosslight", today()))
    for row, col in moves:
        click_cell(page, row, col)
    final = page.eval_on_selector_all("[role=grid] button.cell", "bs => bs.map(b => b.dataset.code)")
    page.locator("#result-replay").click()
    page.wait_for_selector("#replay-position")
    assert page.evaluate("document.documentElement.dataset.view") == "replay"
    position = page.locator("#replay-position")
    assert position.inner_text() == f"Move 0 of {len(moves)}"
    start = page.eval_on_selector_all("[role=grid] button.cell", "bs => bs.map(b => b.dataset.code)")
    assert start != final
    page.locator("#replay-forward").click()
    assert position.inner_text() == f"Move 1 of {len(moves)}"
    page.locator("#replay-back").click()
    assert position.inner_text() == f"Move 0 of {len(moves)}"
    assert page.locator("#replay-back").is_disabled()
    page.locator("#replay-end").focus()
    page.keyboard.press("Enter")  # the pressed button is disabled at the end: focus must not fall to the page
    assert page.evaluate("() => document.activeElement.id") == "replay-play"
    assert page.locator("#live").inner_text().startswith(f"Move {len(moves)} of {len(moves)}.")
    page.locator("#replay-start").click()
    page.locator("#replay-forward").click()
    row, col = moves[0]
    assert f"Move 1 of {len(moves)}. Row {row + 1}, column {col + 1} pressed" in page.locator("#live").inner_text()
    page.locator("#replay-back").click()
    page.locator("#replay-speed").select_option("4")
    page.locator("#replay-play").click()
    end = f"Move {len(moves)} of {len(moves)}"
    page.wait_for_function(f"() => document.querySelector('#replay-position').textContent === '{end}'",
                           timeout=30_000)
    assert page.eval_on_selector_all("[role=grid] button.cell", "bs => bs.map(b => b.dataset.code)") == final
    assert page.locator("#replay-play").inner_text() == "Play", "playback pauses at the end"
    assert page.locator("#replay-summary").inner_text() == f"The game was won in {len(moves)} moves."


@pytest.mark.parametrize("tail", ["replay/1.AAAA", "replay/2.eJyLjgUAARUAuQ", "replay/" + "A" * 30,
                                  "replay/", "replay/1.eJzLSM3JyVcozy_KSQEAGgQEXQ"])
def test_a_tampered_replay_link_is_refused_with_a_message_and_stores_nothing(page, tail: str) -> None:  # noqa: ANN001
    game_id = registry.backend("crosslight").encode(daily_state("crosslight", today()))
    before = stored(page)
    go(page, f"#crosslight/{game_id}/{tail}")
    problem = page.locator("#replay-problem")
    problem.wait_for(state="visible")
    assert problem.inner_text() in REPLAY_PROBLEMS
    assert page.locator("#replay-game-link").get_attribute("href") == "#crosslight"
    assert stored(page) == before


def test_a_replay_link_made_outside_the_page_opens(page) -> None:  # noqa: ANN001
    """The link is the game's own format: a log written here in Python plays there."""
    backend = registry.backend("pipes")
    start = daily_state("pipes", today())
    moves = solution("pipes", start)
    go(page, replay_hash("pipes", backend.encode(start), encode_moves(moves)))
    page.locator("#replay-end").click()
    assert page.locator("#replay-position").inner_text() == f"Move {len(moves)} of {len(moves)}"
    assert page.locator("#replay-summary").inner_text().startswith("The game was won")


def test_check_counts_like_a_hint_and_marks_a_wrong_flag(page) -> None:  # noqa: ANN001
    go(page, "#mines/daily")
    state = daily_state("mines", today())
    mines = state.mines
    safe = next((r, c) for r in range(mines.shape[0]) for c in range(mines.shape[1])
                if not mines[r, c] and not state.opened[r, c])
    cell = page.locator(f'[role=grid] button.cell[data-row="{safe[0]}"][data-col="{safe[1]}"]')
    cell.click(button="right")
    page.locator("#check").click()
    assert "wrong" in cell.get_attribute("class")
    assert cell.get_attribute("aria-label").endswith(", Wrong"), "the wrong flag is named as wrong"
    assert page.locator("#live").inner_text().startswith("1 flag is on a safe cell.")
    assert page.locator("#stat-hints").inner_text() == "1"
    cell.click(button="right")  # the flag comes off: the mark of the check goes with the move
    assert "wrong" not in cell.get_attribute("class")
    assert not cell.get_attribute("aria-label").endswith(", Wrong")
    page.locator("#hint").click()  # a hint says what it did, and then what the move did
    assert page.locator("#live").inner_text().startswith("Hint: row ")


def test_a_check_with_nothing_to_check_says_so_and_costs_nothing(page) -> None:  # noqa: ANN001
    go(page, "#")
    page.evaluate("localStorage.removeItem('masume:progress:mines:daily')")  # the daily afresh (its own slot)
    go(page, "#mines/daily")
    page.locator("#check").click()
    assert page.locator("#live").inner_text().startswith("Nothing to check yet")
    assert page.locator("#board-status").inner_text().startswith("Nothing to check yet")  # on screen too
    # the hints box is always there (so nothing moves at the first hint): it still says 0
    assert page.locator("#stat-hints").inner_text() == "0", "no hint or check was counted"
