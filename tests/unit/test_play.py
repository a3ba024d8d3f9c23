"""What playing a board counts, once and in order (app.core.play), without a page."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

import pytest

from app import catalogue  # noqa: F401 - registers the games and their record kinds
from app.core.bests import Bests
from app.core.daily import DailyLog
from app.core.game import GameSpec, Stages, Strings, moves_and_time_best
from app.core.play import Play, RecordStores, first_unfinished_stage
from app.core.record_kinds import KINDS
from app.core.rng import Rng
from app.core.session import Session
from app.core.stage_progress import StageProgress
from app.core.stats import Stats
from app.core.storage import MemoryBacking, Storage
from app.games import mines

DAY = dt.date(2026, 3, 1)


@dataclass(frozen=True)
class Walk:
    """Reach `target` exactly; going below zero loses. `stage` names a campaign board."""

    value: int = 0
    target: int = 3
    stage: str | None = None


def walk_apply(state: Walk, move: tuple[str, int]) -> Walk:
    if move[0] != "step" or move[1] not in (-1, 1):
        raise ValueError("illegal")
    return replace(state, value=state.value + move[1])


def walk_status(state: Walk) -> int:
    return -1 if state.value < 0 else 1 if state.value == state.target else 0


WALK: GameSpec[Walk, tuple[str, int], int] = GameSpec(
    id="walk", name_key="walk_name", rule_key="walk_rule", icon="", strings=Strings({}, {}),
    presets={"short": 3}, parse_params=int, format_params=str, params_of=lambda state: state.target,
    generate=lambda target, rng: Walk(target=target), apply=walk_apply, status=walk_status,
    hint=lambda state: ("step", 1) if state.value < state.target else None, encode=repr, decode=lambda text: Walk(),
    check=lambda state: None,
    stages=Stages(ids=lambda: ["a", "b"], tiers=lambda: {"one": ["a", "b"]}, stage_of=lambda state: state.stage,
                  next_stage=lambda stage: "b" if stage == "a" else None,
                  stage_state=lambda stage: Walk(stage=stage)),
)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def stores() -> RecordStores:
    storage = Storage(MemoryBacking(), kinds=KINDS)
    return RecordStores(Stats(storage), Bests(storage), StageProgress(storage), DailyLog(storage))


def walk_play(stores: RecordStores, start: Walk | None = None, clock: Clock | None = None,
              **options: Any) -> Play[Any, Any]:
    session = Session(WALK, start or Walk(), clock or Clock())
    return Play(WALK, session, stores, **options)


def results(stores: RecordStores, game: str = "walk", key: str = "3") -> tuple[int, int]:
    """(started, finished) boards in the statistics."""
    summary = stores.stats.summary(game, key)
    return summary.started, summary.finished


def test_a_board_is_started_at_its_first_move_and_counted_once(stores: RecordStores) -> None:
    play = walk_play(stores)
    assert results(stores) == (0, 0)
    play.move(("step", 1))
    play.move(("step", -1))
    assert results(stores) == (1, 0)


def test_a_result_is_recorded_once_even_after_undo_and_a_second_end(stores: RecordStores) -> None:
    play = walk_play(stores)
    first = play.move(("step", -1))
    assert first.ending is not None and not first.ending.won and first.ending.first
    assert results(stores) == (1, 1)
    assert play.step("undo") is not None
    play.move(("step", 1))
    play.move(("step", 1))
    second = play.move(("step", 1))
    assert second.ending is not None and second.ending.won and not second.ending.first
    assert results(stores) == (1, 1)
    assert stores.stats.summary("walk", "3").won == 0  # the recorded result stays the loss


def test_a_board_ended_by_its_only_move_is_started_and_finished(stores: RecordStores) -> None:
    play = walk_play(stores, Walk(target=1))
    play.move(("step", 1))
    assert results(stores, key="1") == (1, 1)


def test_a_change_is_recorded_before_it_is_returned_to_be_said(stores: RecordStores) -> None:
    play = walk_play(stores, Walk(target=1))
    change = play.move(("step", 1))
    assert change.before == Walk(target=1) and change.after == Walk(value=1, target=1) and change.move == ("step", 1)
    assert stores.bests.get("walk", "1")  # already written when the screen gets the change


def test_a_daily_is_marked_only_on_a_win(stores: RecordStores) -> None:
    play = walk_play(stores, daily_day=DAY)
    play.move(("step", -1))
    assert not stores.dailies.is_done("walk", DAY)
    play.step("undo")
    for _ in range(3):
        play.move(("step", 1))
    assert stores.dailies.is_done("walk", DAY)  # a win after an undone loss marks it too


def test_a_board_that_is_not_the_daily_marks_no_daily(stores: RecordStores) -> None:
    play = walk_play(stores)
    for _ in range(3):
        play.move(("step", 1))
    assert stores.dailies.days("walk") == []


def test_a_best_is_saved_only_when_better(stores: RecordStores) -> None:
    clock = Clock()
    play = walk_play(stores, clock=clock)
    for _ in range(3):
        clock.now += 10
        play.move(("step", 1))
    assert stores.bests.get("walk", "3")["time"] == 20.0  # the clock starts at the first move
    slower = walk_play(stores, clock=clock)
    for _ in range(3):
        clock.now += 20
        ending = slower.move(("step", 1)).ending
    assert ending is not None and ending.won and ending.improved == frozenset()
    assert stores.bests.get("walk", "3")["time"] == 20.0
    faster = walk_play(stores, clock=clock)
    for _ in range(3):
        clock.now += 5
        ending = faster.move(("step", 1)).ending
    assert ending is not None and ending.improved == {"time"}
    assert stores.bests.get("walk", "3")["time"] == 10.0


def test_what_a_best_keeps_is_the_games_own(stores: RecordStores) -> None:
    """The spec's `best_of` says what a clean win keeps (moves and time here); the default keeps the time alone."""
    kept_moves = replace(WALK, best_of=moves_and_time_best)
    for spec, expected in ((WALK, {"time": 20.0}), (kept_moves, {"moves": 3, "time": 20.0})):
        clock = Clock()
        play = Play(spec, Session(spec, Walk(), clock), stores)
        for _ in range(3):
            clock.now += 10
            play.move(("step", 1))
        assert stores.bests.get("walk", "3") == expected
        stores.bests.set("walk", "3", {})


def test_a_win_with_a_hint_saves_no_best_and_counts_the_hint(stores: RecordStores) -> None:
    play = walk_play(stores)
    move = play.hint()
    assert move == ("step", 1) and play.session.hints_used == 1
    for _ in range(3):
        ending = play.move(("step", 1)).ending
    assert ending is not None and ending.won and ending.improved == frozenset()
    assert stores.bests.get("walk", "3") == {}
    assert stores.stats.summary("walk", "3").hints == 1


def test_a_check_counts_as_a_hint_only_when_it_says_something(stores: RecordStores) -> None:
    play = walk_play(stores)
    assert play.check() is None  # the game's check has nothing to say
    assert play.session.hints_used == 0


def test_no_hint_is_counted_when_there_is_none_or_the_board_is_over(stores: RecordStores) -> None:
    play = walk_play(stores, Walk(target=1))
    play.move(("step", 1))
    assert play.hint() is None and play.session.hints_used == 0


def test_hint_words_lead_only_the_hinted_move_and_are_said_once(stores: RecordStores) -> None:
    play = walk_play(stores)
    move = play.hint()
    assert move is not None
    play.hold_hint_words(move, "Stepped up")
    assert play.move(("step", -1)).hint_words is None  # another move does not claim them
    play.step("undo")
    assert play.move(move).hint_words == "Stepped up"
    assert play.move(move).hint_words is None
    assert play.unsaid_hint_words() is None


def test_hint_words_no_move_claimed_are_handed_back_once(stores: RecordStores) -> None:
    play = walk_play(stores)
    play.hold_hint_words(("step", 1), "Look here")
    assert play.unsaid_hint_words() == "Look here"
    assert play.unsaid_hint_words() is None


def test_a_stage_is_cleared_on_a_win_and_its_best_kept_only_without_hints(stores: RecordStores) -> None:
    play = walk_play(stores, Walk(stage="a"))
    assert play.next_stage() == "b"
    for _ in range(3):
        ending = play.move(("step", 1)).ending
    assert ending is not None and ending.stage == "a"
    assert stores.stages.get("walk", "a") == {"done": True, "best": 3}
    hinted = walk_play(stores, Walk(stage="b"))
    hinted.hint()
    for _ in range(3):
        hinted.move(("step", 1))
    assert stores.stages.get("walk", "b") == {"done": True, "best": None}


def test_a_game_with_stages_opens_on_its_first_stage_not_yet_cleared(stores: RecordStores) -> None:
    assert first_unfinished_stage(WALK, stores.stages) == Walk(stage="a")
    stores.stages.record_clear("walk", "a", 3, counts_for_best=True)
    assert first_unfinished_stage(WALK, stores.stages) == Walk(stage="b")
    stores.stages.record_clear("walk", "b", 3, counts_for_best=True)
    assert first_unfinished_stage(WALK, stores.stages) is None
    assert first_unfinished_stage(mines.SPEC, stores.stages) is None  # no stages


def test_an_illegal_move_changes_and_counts_nothing(stores: RecordStores) -> None:
    play = walk_play(stores)
    with pytest.raises(ValueError):
        play.move(("jump", 2))
    assert play.session.moves == 0 and results(stores) == (0, 0)


def test_undo_redo_and_restart_change_nothing_when_there_is_nothing_to_do(stores: RecordStores) -> None:
    play = walk_play(stores)
    assert play.step("undo") is None and play.step("redo") is None and play.step("restart") is None
    play.move(("step", 1))
    change = play.step("restart")
    assert change is not None and change.after == Walk() and change.move is None and change.ending is None


def test_a_slow_result_for_a_board_since_changed_is_dropped(stores: RecordStores) -> None:
    play = walk_play(stores)
    before = play.session.state
    play.move(("step", 1))
    assert play.take(before, ("step", 1), Walk(value=1)) is None
    taken = play.take(play.session.state, ("step", 1), Walk(value=2))
    assert taken is not None and play.session.moves == 2


def test_a_restored_board_is_not_started_or_recorded_again(stores: RecordStores) -> None:
    session = Session.replay(WALK, Walk(), [("step", 1)], deaths=1)
    play = Play(WALK, session, stores, restored=True)
    play.move(("step", 1))
    play.move(("step", 1))
    assert results(stores) == (0, 0)  # both were counted before the reload


def mine_and_safe_cells(state: mines.State) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    assert state.mines is not None
    mine = next((r, c) for r, c in zip(*state.mines.nonzero(), strict=True))
    safe = [(int(r), int(c)) for r, c in zip(*(~state.mines & ~state.opened).nonzero(), strict=True)]
    return (int(mine[0]), int(mine[1])), safe


def test_a_minesweeper_win_after_an_undone_loss_is_not_a_second_result_nor_a_new_best(stores: RecordStores) -> None:
    params = mines.PRESETS["beginner"]
    start = mines.daily_state(params, Rng("play-test"))  # mines laid, the centre opened
    session: Session[Any, Any] = Session(mines.SPEC, start, Clock())
    play = Play(mines.SPEC, session, stores, daily_day=DAY)
    key = play.preset_key
    mine, safe = mine_and_safe_cells(start)
    loss = play.move(("open", *mine))
    assert loss.ending is not None and not loss.ending.won
    assert play.step("undo") is not None
    ending = None
    for cell in safe:
        if not play.session.over and not play.session.state.opened[cell]:
            ending = play.move(("open", *cell)).ending
    assert ending is not None and ending.won and not ending.first and ending.improved == frozenset()
    summary = stores.stats.summary("mines", key)
    assert (summary.started, summary.lost, summary.won) == (1, 1, 0)
    assert stores.dailies.is_done("mines", DAY)
    assert "time" not in stores.bests.get("mines", key)  # kept apart, as "time_after_deaths"
    assert "time_after_deaths" in stores.bests.get("mines", key)


# --- stars: a win of a game with par rates them and keeps the most per board ---------------------------------

WALK_PAR = replace(WALK, par=lambda state: state.target)


def stars_play(stores: RecordStores, start: Walk | None = None) -> Play[Any, Any]:
    return Play(WALK_PAR, Session(WALK_PAR, start or Walk(), Clock()), stores)


def test_a_par_that_is_an_estimate_rates_no_stars_and_keeps_no_moves_over_par() -> None:
    """A game may declare its par approximate: a win "at par" then earns nothing against it."""
    approximate = replace(WALK_PAR, par_exact=False)
    stores = starred(Storage(MemoryBacking(), kinds=KINDS))
    for spec, stars, gap in ((WALK_PAR, 3, 0), (approximate, 0, None)):
        play = Play(spec, Session(spec, Walk(), Clock()), stores)
        for _ in range(3):
            ending = play.move(("step", 1)).ending
        assert ending is not None and ending.won and ending.stars == stars, spec.par_exact
        assert stores.stats.summary("walk", "3").recent[-1].par_gap == gap, spec.par_exact


def starred(storage: Storage) -> RecordStores:
    from app.core.stars import Stars

    return RecordStores(Stats(storage), Bests(storage), StageProgress(storage), DailyLog(storage), Stars(storage))


def test_a_win_at_par_rates_three_stars_and_keeps_them() -> None:
    storage = Storage(MemoryBacking(), kinds=KINDS)
    stores = starred(storage)
    play = stars_play(stores)
    for _ in range(2):
        play.move(("step", 1))
    ending = play.move(("step", 1)).ending
    assert ending is not None and (ending.stars, ending.more_stars) == (3, False)  # a first rating: no "before"
    assert stores.stars is not None and stores.stars.get("walk", "3") == 3


def test_moves_over_par_and_hints_rate_fewer_stars_and_never_lower_the_kept_ones() -> None:
    storage = Storage(MemoryBacking(), kinds=KINDS)
    stores = starred(storage)
    play = stars_play(stores)
    for move in [("step", 1), ("step", -1)] * 2 + [("step", 1)] * 2:  # 6 moves, par 3: 1 star
        play.move(move)
    ending = play.move(("step", 1)).ending
    assert ending is not None and (ending.stars, ending.more_stars) == (1, False)  # the board's first rating
    hinted = stars_play(stores)
    hinted.hint()
    for _ in range(2):
        hinted.move(("step", 1))
    ending = hinted.move(("step", 1)).ending
    assert ending is not None and (ending.stars, ending.more_stars) == (2, True), "at par, but a hint caps at 2"
    again = stars_play(stores)
    for move in [("step", 1), ("step", -1)] * 3:
        again.move(move)
    for _ in range(2):
        again.move(("step", 1))
    ending = again.move(("step", 1)).ending
    assert ending is not None and (ending.stars, ending.more_stars) == (1, False)
    assert stores.stars is not None and stores.stars.get("walk", "3") == 2


def test_a_game_without_par_or_records_without_stars_rates_none(stores: RecordStores) -> None:
    play = walk_play(stores, Walk(target=1))
    ending = play.move(("step", 1)).ending
    assert ending is not None and ending.won and ending.stars == 0


# ----- endless runs and the campaign's totals ---------------------------------------------------

RUN_WALK = replace(WALK, run_params=lambda run: 1 + run, par=lambda state: state.target)  # a run's board: target 1+run


def run_records(storage: Storage) -> RecordStores:
    from app.core.runs import Runs
    from app.core.stars import Stars

    return RecordStores(Stats(storage), Bests(storage), StageProgress(storage), DailyLog(storage), Stars(storage),
                   Runs(storage))


def run_play(stores: RecordStores, start: Walk) -> Play[Any, Any]:
    return Play(RUN_WALK, Session(RUN_WALK, start, Clock()), stores)


def win(play: Play[Any, Any]) -> Any:
    ending = None
    while ending is None:
        ending = play.move(("step", 1)).ending
    return ending


def test_a_run_grows_by_winning_the_board_it_asks_for_and_only_that_board() -> None:
    stores = run_records(Storage(MemoryBacking(), kinds=KINDS))
    first = run_play(stores, Walk(target=1))
    assert first.on_run() and first.run_params() == 1
    ending = win(first)
    assert ending.run is not None and (ending.run.run, ending.run.best, ending.longer_run) == (1, 1, False)
    assert run_play(stores, Walk(target=1)).run_params() == 2, "the run asks for a harder board"
    free = run_play(stores, Walk(target=3))  # a board the player chose: not the run's
    assert not free.on_run() and win(free).run is None
    stage = run_play(stores, Walk(target=2, stage="a"))  # a stage is no endless board, even of the run's size
    assert not stage.on_run() and win(stage).run is None
    daily = Play(RUN_WALK, Session(RUN_WALK, Walk(target=2), Clock()), stores, daily_day=DAY)
    assert not daily.on_run() and win(daily).run is None, "nor is the daily"
    second = run_play(stores, Walk(target=2))
    ending = win(second)
    assert ending.run is not None and (ending.run.run, ending.run.best) == (2, 2)
    assert run_play(stores, Walk(target=3)).on_run()


def test_leaving_a_run_board_unwon_with_moves_ends_the_run_and_keeps_its_best() -> None:
    stores = run_records(Storage(MemoryBacking(), kinds=KINDS))
    win(run_play(stores, Walk(target=1)))
    win(run_play(stores, Walk(target=2)))
    untouched = run_play(stores, Walk(target=3))
    assert untouched.leave() == 0, "a board left without a move ends nothing"
    started = run_play(stores, Walk(target=3))
    started.move(("step", 1))
    assert started.leave() == 2
    assert stores.runs is not None and (stores.runs.run("walk").run, stores.runs.run("walk").best) == (0, 2)
    assert run_play(stores, Walk(target=1)).on_run(), "the run starts again from its first board"
    win(run_play(stores, Walk(target=1)))
    win(run_play(stores, Walk(target=2)))
    ending = win(run_play(stores, Walk(target=3)))
    assert ending.run is not None and (ending.run.run, ending.run.best, ending.longer_run) == (3, 3, True)


def test_no_board_of_an_endless_run_says_new_best_until_a_best_at_its_size_is_beaten() -> None:
    stores = run_records(Storage(MemoryBacking(), kinds=KINDS))
    clock = Clock()

    def timed_win(target: int, seconds: float) -> Any:
        play = Play(RUN_WALK, Session(RUN_WALK, Walk(target=target), clock), stores)
        ending = None
        while ending is None:
            clock.now += seconds
            ending = play.move(("step", 1)).ending
        return ending

    for target in (1, 2, 3):  # each board of the run is a new size: a first record there, no "New best!"
        ending = timed_win(target, 10)
        assert ending.run is not None and ending.improved == frozenset()
        assert stores.bests.get("walk", str(target)) == {"time": 10.0 * (target - 1)}, "the first best is kept"
    assert timed_win(3, 5).improved == {"time"}, "beating the kept best at that size is a new best"


def test_the_run_at_stake_is_what_leaving_the_board_now_would_end_and_asking_ends_nothing() -> None:
    stores = run_records(Storage(MemoryBacking(), kinds=KINDS))
    win(run_play(stores, Walk(target=1)))
    win(run_play(stores, Walk(target=2)))
    board = run_play(stores, Walk(target=3))
    assert board.run_at_stake() == 0, "no move yet: nothing at stake"
    board.move(("step", 1))
    assert board.run_at_stake() == 2 and board.run_at_stake() == 2, "asking twice ends nothing"
    assert stores.runs is not None and stores.runs.run("walk").run == 2
    free = run_play(stores, Walk(target=5))  # a board the player chose: no run at stake
    free.move(("step", 1))
    assert free.run_at_stake() == 0
    assert board.leave() == 2 and board.run_at_stake() == 0


def test_a_game_without_runs_keeps_none(stores: RecordStores) -> None:
    play = walk_play(stores, Walk(target=1))
    assert play.run() is None and play.run_params() is None and not play.on_run() and play.leave() == 0
    assert win(play).run is None


def test_the_campaign_totals_sum_cleared_stages_best_moves_par_and_stars() -> None:
    from app.core.play import campaign_totals

    stores = run_records(Storage(MemoryBacking(), kinds=KINDS))
    stage_spec = replace(RUN_WALK, stages=Stages(
        ids=lambda: ["a", "b"], tiers=lambda: {"one": ["a", "b"]}, stage_of=lambda state: state.stage,
        next_stage=lambda stage: "b" if stage == "a" else None,
        stage_state=lambda stage: Walk(target=2 if stage == "a" else 3, stage=stage)))
    empty = campaign_totals(stage_spec, stores.stages, stores.stars)
    assert empty is not None and (empty.cleared, empty.stages, empty.moves, empty.par, empty.stars) == (0, 2, 0, 0, 0)
    for stage, moves in (("a", [1, 1]), ("b", [1, -1, 1, 1, 1])):
        play = Play(stage_spec, Session(stage_spec, stage_spec.stages.stage_state(stage), Clock()), stores)
        for step in moves:
            play.move(("step", step))
    totals = campaign_totals(stage_spec, stores.stages, stores.stars)
    assert totals is not None
    assert (totals.cleared, totals.stages, totals.moves, totals.par, totals.stars, totals.max_stars) == (
        2, 2, 7, 5, 3 + 2, 6)
    assert campaign_totals(replace(WALK, stages=None), stores.stages, None) is None


def test_a_stage_win_says_whether_it_cleared_the_stage_for_the_first_time(stores: RecordStores) -> None:
    first = win(walk_play(stores, Walk(target=1, stage="a")))
    again = win(walk_play(stores, Walk(target=1, stage="a")))
    assert first.first_clear and not again.first_clear
    assert not win(walk_play(stores, Walk(target=1))).first_clear, "no stage, no clear"
