"""The daily puzzle: the same board for a date everywhere, a new one each day, streaks, and the result card."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.core import registry
from app.core.daily import (
    DailyLog,
    card_fields,
    daily_hash,
    daily_id,
    daily_params,
    daily_seed,
    daily_state,
    day_number,
    day_of,
    format_time,
    longest_streak,
    merge_daily,
    result_card,
    streak_at,
    utc_day,
)
from app.core.record_kinds import KINDS
from app.core.records_transfer import export_records, import_records
from app.core.rng import Rng
from app.core.route import DAILY, parse_hash
from app.core.session import Session
from app.core.storage import MemoryBacking, Storage
from app.core.strings import translate

GAMES = registry.games()  # every game app.catalogue registered (tests/conftest.py imports it)


ROOT = Path(__file__).resolve().parents[2]
DAY = dt.date(2026, 12, 1)


def test_utc_day_does_not_depend_on_the_local_zone() -> None:
    midnight = dt.datetime(2026, 12, 1, tzinfo=dt.UTC).timestamp()
    assert utc_day(midnight) == DAY
    assert utc_day(midnight - 1) == dt.date(2026, 11, 30)
    assert utc_day(midnight + 86_399.9) == DAY
    assert day_of(day_number(DAY)) == DAY and day_number(dt.date(1970, 1, 2)) == 1


def test_the_seed_names_game_and_date() -> None:
    seeds = {daily_seed(game, DAY + dt.timedelta(days=n)) for game in GAMES for n in range(3)}
    assert len(seeds) == 3 * len(GAMES)


def test_the_daily_is_the_games_own_board_from_the_seed() -> None:
    for game in GAMES:
        backend = registry.backend(game)
        make = backend.daily_state or backend.generate  # a game may shape its daily (Minesweeper)
        expected = make(daily_params(game, DAY), Rng(daily_seed(game, DAY)))
        assert backend.encode(daily_state(game, DAY)) == backend.encode(expected)


def test_the_daily_differs_between_days() -> None:
    for game in GAMES:
        ids = {daily_id(game, DAY + dt.timedelta(days=n)) for n in range(4)}
        assert len(ids) == 4, game


def test_the_daily_is_the_same_in_another_process() -> None:
    # Another interpreter with another hash seed: nothing may depend on hash order or on this run.
    code = ("import datetime, json, app.catalogue; from app.core.daily import daily_id; "
            "from app.core.registry import games; "
            "print(json.dumps({g: daily_id(g, datetime.date(2026, 12, 1)) for g in games()}))")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True, timeout=120)
    assert json.loads(out.stdout) == {game: daily_id(game, DAY) for game in GAMES}


def test_the_daily_route() -> None:
    route = parse_hash(daily_hash("mines"), GAMES)
    assert route.game == "mines" and route.screen == DAILY and route.game_id is None


# ----- streaks ---------------------------------------------------------------------------------------


def test_streaks() -> None:
    today = 100
    assert streak_at([98, 99, 100], today) == 3
    assert streak_at([98, 99], today) == 2  # not played yet today: yesterday's streak is alive
    assert streak_at([97, 98], today) == 0
    assert streak_at([], today) == 0
    assert longest_streak([1, 2, 3, 7, 8, 20]) == 3
    assert longest_streak([]) == 0


def test_the_log_marks_days_and_counts_streaks() -> None:
    storage = Storage(MemoryBacking(), kinds=KINDS)
    log = DailyLog(storage)
    for offset in (0, 1, 2, 4):
        log.mark_done("crosslight", DAY + dt.timedelta(days=offset))
    assert log.mark_done("crosslight", DAY) == 1  # again: nothing changes; the streak ending that day is 1
    assert log.is_done("crosslight", DAY) and not log.is_done("crosslight", DAY + dt.timedelta(days=3))
    assert log.streak("crosslight", DAY + dt.timedelta(days=4)) == 1
    assert log.streak("crosslight", DAY + dt.timedelta(days=2)) == 3
    assert log.best_streak("crosslight") == 3
    log.mark_done("mines", DAY + dt.timedelta(days=3))
    assert log.overall_streak(DAY + dt.timedelta(days=4)) == 5
    assert log.done_today(DAY + dt.timedelta(days=3)) == {g: g == "mines" for g in GAMES}


def test_daily_records_survive_export_and_import() -> None:
    storage = Storage(MemoryBacking(), kinds=KINDS)
    DailyLog(storage).mark_done("pipes", DAY)
    exported = export_records(storage)
    other = Storage(MemoryBacking(), kinds=KINDS)
    DailyLog(other).mark_done("pipes", DAY - dt.timedelta(days=1))
    assert import_records(other, exported).ok
    log = DailyLog(other)
    assert log.days("pipes") == [day_number(DAY) - 1, day_number(DAY)]
    assert log.best_streak("pipes") == 2


def test_merge_and_damaged_records() -> None:
    assert merge_daily({"days": [1, 2], "best": 5}, {"days": [2, 3], "best": 1}) == {"days": [1, 2, 3], "best": 5}
    storage = Storage(MemoryBacking({"masume:daily:mines": '{"days": [3, "x", 1, -4, 2], "best": 0}',
                                     "masume:daily:pipes": '{"days": "all"}'}), kinds=KINDS)
    log = DailyLog(storage)
    assert log.days("mines") == [1, 2, 3] and log.best_streak("mines") == 3
    assert log.days("pipes") == []


# ----- the card ---------------------------------------------------------------------------------


def test_the_card_in_both_languages_tells_no_spoilers() -> None:
    state = daily_state("crosslight", DAY)
    game_id = registry.backend("crosslight").encode(state)
    en = result_card("en", "crosslight", DAY, won=True, moves=9, par=7, time=83.9, hints=0)
    assert en.splitlines() == ["Masume daily — Cross Light 2026-12-01", "Cleared", "Moves: 9 (par 7; 2 over par)",
                               "Time: 1:23", "No hints or checks"]
    ja = result_card("ja", "crosslight", DAY, won=False, moves=4, time=5, hints=2, url="https://x/#crosslight/daily")
    assert "クロスライト" in ja and "2026-12-01" in ja and "ヒント・チェック：2" in ja and "未クリア" in ja
    assert ja.endswith("https://x/#crosslight/daily")
    for card in (en, ja):
        assert game_id not in card and "daily_card" not in card
    # A par met says so in words, not "(par 7, 0)"; under par too.
    even = result_card("en", "crosslight", DAY, won=True, moves=7, par=7, time=10, hints=1)
    assert "Moves: 7 (par 7; on par)" in even and ", 0)" not in even and "Hints and checks: 1" in even
    assert "Moves: 6 (par 7; 1 under par)" in result_card("en", "crosslight", DAY, won=True, moves=6, par=7,
                                                           time=10, hints=0)
    assert "目標どおり" in result_card("ja", "crosslight", DAY, won=True, moves=7, par=7, time=10, hints=0)


def test_card_fields_from_a_session() -> None:
    from app.games import crosslight as backend
    start = daily_state("crosslight", DAY)
    session = Session(backend.SPEC, start, clock=lambda: 0.0)
    for move in backend.solve(start):
        session.play(move)
    fields = card_fields(backend.SPEC, session)
    assert fields == {"won": True, "moves": backend.par(start), "time": 0.0, "hints": 0, "par": backend.par(start)}
    from app.games import mines
    assert card_fields(mines.SPEC, Session(mines.SPEC, daily_state("mines", DAY)))["par"] is None


@pytest.mark.parametrize("seconds, text", [(0, "0:00"), (59.99, "0:59"), (61, "1:01"), (3600, "1:00:00"),
                                           (-3, "0:00")])
def test_format_time(seconds: float, text: str) -> None:
    assert format_time(seconds) == text


def test_the_minesweeper_daily_is_one_layout_with_its_centre_opened() -> None:
    """Mines are laid on the first click: the daily opens the centre so that every player meets one board."""
    from app.games import mines
    state = daily_state("mines", DAY)
    rows, cols = state.opened.shape
    assert state.mines is not None and state.opened[rows // 2, cols // 2]
    assert mines.status(state) == 0
    assert mines.encode(mines.decode(daily_id("mines", DAY))) == daily_id("mines", DAY)


# ----- difficulty through the week ---------------------------------------------------------------

MONDAY = dt.date(2026, 11, 30)


def board_size(params) -> int:  # noqa: ANN001
    """A board's cell count (what grows with the week), from its params."""
    return int(params.width) * int(params.height)


@pytest.mark.parametrize("game", GAMES)
def test_the_daily_rises_from_monday_easy_to_sunday_hard(game: str) -> None:
    from app.core.daily import daily_preset_on

    assert MONDAY.weekday() == 0
    spec = registry.backend(game)
    order = list(spec.presets)
    week = [daily_preset_on(game, MONDAY + dt.timedelta(days=n)) for n in range(7)]
    ranks = [order.index(name) for name in week] if game != "pipes" else \
        [board_size(spec.presets[name]) + (100 if spec.presets[name].mode == "net" else 0) for name in week]
    assert ranks == sorted(ranks), f"{game}: {week} never gets easier within a week"
    assert week[0] != week[-1], "Sunday is harder than Monday"
    assert board_size(spec.presets[week[-1]]) > board_size(spec.presets[week[0]]), "Sunday's board is bigger"
    # The next Monday is easy again, and every day's board is that day's preset.
    assert daily_preset_on(game, MONDAY + dt.timedelta(days=7)) == week[0]
    for n in (0, 6):
        day = MONDAY + dt.timedelta(days=n)
        assert spec.params_of(daily_state(game, day)) == spec.presets[week[n]]


def test_the_level_word_follows_the_weekday() -> None:
    from app.core.daily import daily_level

    levels = [daily_level(MONDAY + dt.timedelta(days=n)) for n in range(7)]
    assert levels[0] == "daily_level_easy" and levels[6] == "daily_level_hard" and "daily_level_medium" in levels
    for key in set(levels):
        assert translate("en", key) != key and translate("ja", key) != key


def test_a_days_link_names_that_day_and_no_day_to_come() -> None:
    import datetime as dt

    from app.core.daily import daily_hash, parse_day

    today = dt.date(2026, 12, 7)
    assert daily_hash("crosslight", dt.date(2026, 12, 2)) == "#crosslight/daily/2026-12-02"
    assert daily_hash("crosslight") == "#crosslight/daily"
    assert parse_day("2026-12-02", today) == dt.date(2026, 12, 2)
    assert parse_day("2026-12-07", today) == today
    assert parse_day("2026-12-08", today) is None  # tomorrow's board is not out
    assert parse_day("20261202", today) is None
    assert parse_day("yesterday", today) is None
    assert parse_day("1969-12-31", today) is None
