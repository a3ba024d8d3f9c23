"""The URL hash names the screen: home, a new game, or one exact puzzle."""

import pytest

from app.core import registry
from app.core.gameid import GameIdError
from app.core.route import DAILY, EDIT, MAX_HASH_CHARS, PLAY, REPLAY, STATS, Route, format_hash, parse_hash
from app.games import mirrors

GAMES = set(registry.games())  # every registered game (tests/conftest.py imports app.catalogue)


def test_every_registered_game_has_its_routes() -> None:
    assert {"crosslight", "mines", "mirrors", "pipes"} <= GAMES
    for game in GAMES:
        assert parse_hash(f"#{game}", GAMES) == Route(game=game)
        assert parse_hash(format_hash(game, screen=STATS), GAMES) == Route(game=game, screen=STATS)


def test_empty_hash_is_home() -> None:
    assert parse_hash("", GAMES) == Route()
    assert parse_hash("#", GAMES) == Route()
    assert parse_hash("#  ", GAMES) == Route()


def test_game_name_alone_starts_a_new_game() -> None:
    assert parse_hash("#crosslight", GAMES) == Route(game="crosslight")
    assert parse_hash("#mines/", GAMES) == Route(game="mines")


def test_game_and_id_name_one_puzzle() -> None:
    assert parse_hash("#crosslight/1.5x5.AbC", GAMES) == Route(game="crosslight", game_id="1.5x5.AbC")


def test_percent_escapes_are_undone() -> None:
    assert parse_hash("#mines/1.9x9n10.ab%2Dcd", GAMES).game_id == "1.9x9n10.ab-cd"


def test_unknown_game_goes_home_with_a_problem() -> None:
    route = parse_hash("#chess/1.2.3", GAMES)
    assert route.game is None and route.problem == "unknown_game"


def test_format_hash_round_trips() -> None:
    for game, game_id in ((None, None), ("mines", None), ("crosslight", "1.5x5.AbC")):
        assert parse_hash(format_hash(game, game_id), GAMES) == Route(game=game, game_id=game_id)


def test_daily_and_stats_name_their_screens() -> None:
    assert parse_hash("#crosslight/daily", GAMES) == Route(game="crosslight", screen=DAILY)
    assert parse_hash("#mines/Stats/", GAMES) == Route(game="mines", screen=STATS)
    assert parse_hash(format_hash("mines", screen=DAILY), GAMES) == Route(game="mines", screen=DAILY)
    assert format_hash("mines", screen=STATS) == "#mines/stats"


def test_a_replay_link_keeps_its_whole_tail_for_the_replay_reader() -> None:
    route = parse_hash("#crosslight/1.5x5.AbC/replay/1.eJyLjgUAARUAuQ", GAMES)
    assert route == Route(game="crosslight", game_id="1.5x5.AbC/replay/1.eJyLjgUAARUAuQ", screen=REPLAY)
    assert parse_hash("#crosslight/1.5x5.AbC/replay", GAMES).screen == REPLAY


def test_a_game_id_is_still_a_puzzle() -> None:
    assert parse_hash("#crosslight/1.5x5.AbC", GAMES).screen == PLAY


def test_a_hash_longer_than_the_cap_goes_home_before_it_is_read() -> None:
    from app.core.gameid import MAX_ID_CHARS
    from app.core.replay import MAX_LINK_CHARS

    # The longest link the page makes: a game ID and a replay at their own caps.
    longest = "#crosslight/" + "A" * MAX_ID_CHARS + "/replay/" + "A" * MAX_LINK_CHARS
    assert len(longest) <= MAX_HASH_CHARS
    assert parse_hash(longest, GAMES).screen == REPLAY
    huge = "#crosslight/1.12x12." + "A" * 1_000_000
    assert parse_hash(huge, GAMES) == Route(problem="link_too_long")
    assert parse_hash("#crosslight/" + "A" * (MAX_HASH_CHARS - 12), GAMES).problem is None
    assert parse_hash("#crosslight/" + "A" * (MAX_HASH_CHARS - 11), GAMES).problem == "link_too_long"
    # The page checks the length in JavaScript and passes None instead of copying a huge hash into Python.
    assert parse_hash(None, GAMES) == Route(problem="link_too_long")


def test_the_too_long_link_message_is_translated() -> None:
    from app.core.strings import catalogue

    for language in ("en", "ja"):
        assert catalogue(language)["link_too_long"]


def test_the_editor_is_a_screen_that_may_carry_the_stage_being_built() -> None:
    assert parse_hash("#mirrors/edit", GAMES) == Route(game="mirrors", screen=EDIT)
    assert parse_hash("#mirrors/Edit/", GAMES) == Route(game="mirrors", screen=EDIT)
    stage = "2.4x4-normal.caamaaaaaaaaaaaa.t0w.00"
    assert parse_hash(f"#mirrors/edit/{stage}", GAMES) == Route(game="mirrors", game_id=stage, screen=EDIT)
    assert format_hash("mirrors", stage, EDIT) == f"#mirrors/edit/{stage}"
    assert format_hash("mirrors", None, EDIT) == "#mirrors/edit"
    assert parse_hash("#mirrors/editor", GAMES).screen == PLAY  # a game ID that merely starts with the word


@pytest.mark.parametrize("fragment", ["#mirrors/stage-1-01", "#mirrors/9-99", "#mirrors/Stage-4-13", "#mirrors/1-1"])
def test_an_address_naming_no_stage_opens_light_path_and_its_id_is_refused_as_no_stage(fragment: str) -> None:
    """The route hands the text to the game screen as a puzzle to play; the backend refuses it as "stage", so the
    page says that no such stage exists (not that the board is damaged) and opens the first stage not cleared."""
    route = parse_hash(fragment, GAMES)
    assert route == Route(game="mirrors", game_id=fragment.partition("/")[2])
    with pytest.raises(GameIdError) as refused:
        mirrors.decode(route.game_id or "")
    assert refused.value.kind == "stage"


def test_an_address_naming_a_stage_opens_that_stage() -> None:
    route = parse_hash("#mirrors/2-05", GAMES)
    assert route == Route(game="mirrors", game_id="2-05")
    assert mirrors.stage_of(mirrors.decode(route.game_id or "")) == "2-05"


def test_new_and_a_days_daily_are_routes() -> None:
    from app.core.route import NEW

    assert parse_hash("#mines/new", GAMES) == Route(game="mines", screen=NEW)
    assert parse_hash(format_hash("mines", screen=NEW), GAMES) == Route(game="mines", screen=NEW)
    assert parse_hash("#mines/daily/2026-12-02", GAMES) == Route(game="mines", game_id="2026-12-02", screen=DAILY)
    assert format_hash("mines", "2026-12-02", screen=DAILY) == "#mines/daily/2026-12-02"
    assert format_hash("mines", screen=DAILY) == "#mines/daily"
    assert parse_hash("#mines/daily/2026-12-02/x", GAMES).screen == PLAY  # no such day: read as a game ID
