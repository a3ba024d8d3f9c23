"""In-progress saves: the record kind's schema accepts a clean save and refuses every bad field."""

from __future__ import annotations

import pytest

from app.core.progress import MAX_MOVES, validate_progress
from app.core.records import MAX_SECONDS

GOOD_PROGRESS = {"id": "1.5x5.AAAA", "start": "1.5x5.AAAB", "moves": [[0, 1], ["cw", 2, 3], "x", True],
                 "elapsed": 12.5, "hints": 2}


@pytest.mark.parametrize(
    "value",
    [None, "x" * 300, 1.5, "a" * 1, [1], {"moves": "9"}, 7],
)
def test_progress_rejects_wrong_shapes(value: object) -> None:
    assert validate_progress(value) is None


@pytest.mark.parametrize(
    "change",
    [{"elapsed": float("inf")}, {"elapsed": MAX_SECONDS + 1}, {"elapsed": -1}, {"elapsed": True}, {"elapsed": "3"},
     {"hints": -3}, {"hints": 10_001}, {"hints": 1.0}, {"hints": True}, {"id": 5}, {"start": None},
     {"id": "x" * 5000}, {"moves": "abc"}, {"moves": [[[[[1]]]]]}, {"moves": [None]}, {"moves": [1.5]},
     {"moves": [{"a": 1}]}, {"moves": [list(range(17))]}, {"moves": [0] * (MAX_MOVES + 1)},
     {"id": "\ud800"}],
)
def test_progress_rejects_bad_fields(change: dict) -> None:
    assert validate_progress({**GOOD_PROGRESS, **change}) is None


def test_progress_too_long_to_store_is_refused() -> None:
    long_moves = [["x" * 60] * 16] * 2000  # within the move count, far beyond the stored size
    assert validate_progress({**GOOD_PROGRESS, "moves": long_moves}) is None


def test_progress_is_normalised() -> None:
    clean = validate_progress({**GOOD_PROGRESS, "elapsed": 3, "extra": 1})
    assert clean == {**GOOD_PROGRESS, "elapsed": 3.0}
    assert isinstance(clean["elapsed"], float)
    assert validate_progress({k: v for k, v in GOOD_PROGRESS.items() if k not in ("elapsed", "hints")}) == {
        **GOOD_PROGRESS, "elapsed": 0.0, "hints": 0}


# ----- where a game in progress is kept, and what home reads of it (issue 26) ---------------------


def test_the_daily_has_a_slot_of_its_own() -> None:
    from app.core.progress import slot_key
    from app.core.records import kind_for

    assert slot_key("mines") == "progress:mines"
    assert slot_key("mines", daily=True) == "progress:mines:daily"
    assert slot_key("mines", past=True) == "progress:mines:past"  # an earlier day's daily: apart from both
    assert kind_for(slot_key("mines", past=True)) is kind_for(slot_key("mines"))
    assert kind_for(slot_key("mines", daily=True)) is kind_for(slot_key("mines"))  # the same kind: same rules


def test_a_save_names_its_board_kind_and_home_reads_it() -> None:
    import app.catalogue  # noqa: F401 - registers the games
    from app.core import registry
    from app.core.progress import save_record, saved_game
    from app.core.rng import Rng
    from app.core.session import Session

    spec = registry.backend("crosslight")
    state = spec.generate(spec.presets["easy"], Rng("home-card"))
    session = Session(spec, state, clock=lambda: 0.0)
    assert save_record(spec, session, spec.encode(state)) is None  # no move: nothing kept
    session.play((0, 0))
    record = save_record(spec, session, spec.encode(session.restart_point))
    assert record is not None and record["params"] == spec.format_params(spec.presets["easy"])
    assert saved_game(record) == {"id": record["id"], "elapsed": 0.0, "moves": 1, "params": record["params"],
                                  "day": None}
    older = {key: value for key, value in record.items() if key != "params"}  # a save of an earlier release
    assert saved_game(older) == {"id": record["id"], "elapsed": 0.0, "moves": 1, "params": None, "day": None}
    assert saved_game({**record, "moves": []}) is None  # nothing played: nothing to continue
    assert saved_game({**record, "params": 5}) is None
    assert saved_game({**record, "params": "x" * 65}) is None
    assert saved_game("damaged") is None


def test_a_daily_save_keeps_its_day_for_home() -> None:
    import app.catalogue  # noqa: F401 - registers the games
    from app.core import registry
    from app.core.progress import save_record, saved_game
    from app.core.rng import Rng
    from app.core.session import Session

    spec = registry.backend("crosslight")
    session = Session(spec, spec.generate(spec.presets["easy"], Rng("daily-day")), clock=lambda: 0.0)
    session.play((0, 0))
    record = save_record(spec, session, spec.encode(session.restart_point), day="2026-12-07")
    assert record is not None and saved_game(record)["day"] == "2026-12-07"
    assert saved_game({**record, "day": 20261207}) is None  # not a date: the save is unusable, as any bad field
    assert saved_game({**record, "day": "2026-12-7"}) is None
