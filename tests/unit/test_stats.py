"""Statistics: counts, streaks across losses, medians and averages over clean wins, hint marks, storage."""

from __future__ import annotations

import json

import pytest

from app.core import records
from app.core.game import ExtraFigure
from app.core.record_kinds import KINDS
from app.core.records_transfer import export_records, import_records
from app.core.rng import Rng
from app.core.session import Session
from app.core.stats import (
    KIND,
    RECENT_KEPT,
    Figure,
    Result,
    Stats,
    Summary,
    add_result,
    add_start,
    empty_record,
    median_of,
    merge_stats,
    preset_key,
    result_of,
    summarize,
    summarize_results,
)
from app.core.storage import MemoryBacking, Storage
from app.games import mines


def win(time: float, moves: int, **extra: object) -> Result:
    return Result(1, time, moves, **extra)  # type: ignore[arg-type]


def loss(time: float = 5.0, moves: int = 3, **extra: object) -> Result:
    return Result(-1, time, moves, **extra)  # type: ignore[arg-type]


def test_counts_and_streaks_across_losses() -> None:
    games = [win(10, 5), win(20, 6), loss(), win(30, 7), win(40, 8), win(50, 9), loss(), win(60, 10)]
    summary = summarize_results(games)
    assert (summary.started, summary.finished, summary.won, summary.lost) == (8, 8, 6, 2)
    assert summary.win_rate == pytest.approx(6 / 8)
    assert summary.streak == 1  # the last loss ended the run of three
    assert summary.best_streak == 3
    assert summary.abandoned == 0


def test_a_loss_last_leaves_no_current_streak() -> None:
    summary = summarize_results([win(1, 1), win(1, 1), loss()])
    assert summary.streak == 0 and summary.best_streak == 2


def test_medians_and_last_ten_averages_of_clean_wins() -> None:
    times = [30.0, 10.0, 20.0, 50.0, 40.0]
    summary = summarize_results([win(t, int(t)) for t in times] + [loss(1.0, 1)])
    assert summary.time.best == 10.0
    assert summary.time.median == 30.0
    assert summary.time.last10 == pytest.approx(30.0)
    assert summary.moves.best == 10 and summary.moves.median == 30.0
    many = summarize_results([win(float(t), t) for t in range(1, 16)])  # 15 wins: the last ten are 6..15
    assert many.time.last10 == pytest.approx(10.5)
    assert many.time.median == 8.0
    even = summarize_results([win(t, 1) for t in (1.0, 2.0, 3.0, 10.0)])
    assert even.time.median == 2.5


def test_a_win_with_hints_counts_and_is_marked_but_sets_no_time() -> None:
    summary = summarize_results([win(100, 20), win(5, 2, hints=3), loss(hints=1)])
    assert summary.won == 2 and summary.streak == 0 and summary.best_streak == 2
    assert summary.hints == 4
    assert summary.assisted_wins == 1
    assert [r.assisted for r in summary.recent] == [False, True, True]
    assert [r.won for r in summary.recent] == [True, True, False]
    assert summary.time.best == 100 and summary.time.median == 100  # the 5 s hinted win is not a best
    assert summary.moves.best == 20


def test_a_win_after_an_undone_loss_is_marked() -> None:
    summary = summarize_results([win(3, 3, deaths=1)])
    assert summary.won == 1 and summary.assisted_wins == 1 and summary.time.best is None


def test_par_gap() -> None:
    summary = summarize_results([win(1, 12, par=10), win(1, 10, par=10), win(1, 15, par=10)])
    assert summary.par_gap.best == 0
    assert summary.par_gap.median == 2
    assert [r.par_gap for r in summary.recent] == [2, 0, 5]
    assert summarize_results([win(1, 3)]).par_gap.best is None


MINES_FIGURES = mines.EXTRA_FIGURES.figures  # 3BV/s and efficiency: a game's own figures


def own(summary: Summary, name: str) -> Figure:
    return next(figure for extra, figure in summary.own if extra.name == name)


def test_a_games_own_figures_for_won_games() -> None:
    summary = summarize_results([win(10.0, 20, measures={"bbbv": 30}), win(20.0, 10, measures={"bbbv": 30}),
                                 loss(5.0, 4)], MINES_FIGURES)
    assert own(summary, "bbbv_s").best == pytest.approx(3.0)
    assert own(summary, "bbbv_s").median == pytest.approx(2.25)
    assert own(summary, "efficiency").best == pytest.approx(3.0)
    assert own(summary, "efficiency").median == pytest.approx(2.25)
    assert all(summary.recent[2].figure(extra) is None for extra in MINES_FIGURES)
    record = add_result(empty_record(), win(10.0, 20, measures={"bbbv": 30}), MINES_FIGURES)
    assert record["own_highest"] == {"bbbv_s": 3.0, "efficiency": 1.5}, "kept under the game's own names"
    assert record["recent"][-1][5] == {"bbbv": 30}
    lower = ExtraFigure("seconds_per_bbbv", "mines_x", lambda time, moves, measures: time / measures["bbbv"],
                        higher_is_better=False)
    slow = add_result(record, win(40.0, 20, measures={"bbbv": 20}), (lower,))
    quick = add_result(slow, win(10.0, 20, measures={"bbbv": 20}), (lower,))
    assert (slow["own_lowest"], quick["own_lowest"]) == ({"seconds_per_bbbv": 2.0}, {"seconds_per_bbbv": 0.5})


# A Minesweeper record as the first release (format version 1) stored it, bare: 3BV was core's own field.
VERSION_1 = {"started": 3, "won": 2, "lost": 1, "streak": 1, "best_streak": 1, "hints": 0, "assisted": 0,
             "best_time": 10.0, "best_moves": 20, "best_bbbv_s": 3.0, "best_efficiency": 1.5,
             "recent": [[1, 10.0, 20, None, 0, 30, 0], [-1, 5.0, 4, None, 0, None, 0], [1, 20.0, 10, None, 0, 30, 0]]}


def test_a_record_of_the_first_format_reads_with_its_figures_and_is_written_back_in_the_new() -> None:
    backing = MemoryBacking({"masume:stats:mines:9x9n10": json.dumps(VERSION_1)})
    storage = Storage(backing, kinds=KINDS)
    summary = Stats(storage).summary("mines", "9x9n10")
    assert (summary.started, summary.won, summary.lost) == (3, 2, 1) and len(summary.recent) == 3
    assert own(summary, "bbbv_s").best == 3.0 and own(summary, "bbbv_s").median == pytest.approx(2.25)
    assert own(summary, "efficiency").best == 1.5 and own(summary, "efficiency").median == pytest.approx(2.25)
    assert summary.time.best == 10.0 and not storage.take_notices(), "nothing set aside: the record is read whole"
    assert records.migrate_records(storage) == 1
    stored = json.loads(backing.data["masume:stats:mines:9x9n10"])
    assert stored["$v"] == 2 and stored["value"]["own_highest"] == {"bbbv_s": 3.0, "efficiency": 1.5}
    assert "best_bbbv_s" not in stored["value"] and stored["value"]["recent"][1][5] == {}


def test_a_first_format_record_imported_from_a_file_is_read_and_merged() -> None:
    storage = Storage(MemoryBacking(), kinds=KINDS)
    stats = Stats(storage)
    stats.note_result("mines", "9x9n10", win(8.0, 40, measures={"bbbv": 20}))  # 2.5 3BV/s, efficiency 0.5
    entry = {"v": 1, "value": VERSION_1}
    exported = json.dumps({"app": "masume", "format": 1, "records": {"stats:mines:9x9n10": entry}})
    assert import_records(storage, exported).ok
    summary = stats.summary("mines", "9x9n10")
    assert own(summary, "bbbv_s").best == 3.0 and own(summary, "efficiency").best == 1.5
    assert summary.time.best == 8.0, "the better best of each side"


def test_started_but_not_finished_is_abandoned() -> None:
    record = add_start(add_start(add_start(empty_record())))
    record = add_result(record, win(1, 1))
    summary = summarize(record)
    assert summary.started == 3 and summary.finished == 1 and summary.abandoned == 2
    assert summarize(None).win_rate is None


def test_results_are_checked() -> None:
    for bad in (dict(outcome=0, time=1, moves=1), dict(outcome=1, time=float("nan"), moves=1),
                dict(outcome=1, time=1, moves=-1), dict(outcome=1, time=1, moves=1, hints=True),
                dict(outcome=1, time=1, moves=1, par=-2)):
        with pytest.raises(ValueError):
            Result(**bad)  # type: ignore[arg-type]


def test_add_result_is_pure_and_keeps_only_the_recent_games() -> None:
    record = empty_record()
    after = add_result(record, win(1, 1))
    assert record == empty_record() and after is not record
    for _ in range(RECENT_KEPT + 20):
        after = add_result(after, win(2, 2))
    assert len(after["recent"]) == RECENT_KEPT
    assert summarize(after).won == RECENT_KEPT + 21


def test_rows_name_catalogue_keys_and_leave_out_what_does_not_apply() -> None:
    from app.core.strings import records_ui

    rows = dict(summarize_results([win(10, 5, par=4), loss()]).rows())
    assert rows["stats_won"] == 1 and rows["stats_win_rate"] == 0.5
    assert rows["stats_par_gap_best"] == 1
    assert not any(key.startswith("mines_") for key in rows)
    assert set(rows) <= set(records_ui.EN)
    every = summarize_results([win(10, 5, par=4, measures={"bbbv": 3})], MINES_FIGURES).rows()
    own_keys = {key for key, _ in every if not key.startswith("stats_")}
    assert {key for key, _ in every} - own_keys <= set(records_ui.EN)
    assert own_keys == {f"mines_stats_{name}_{which}" for name in ("bbbv_s", "efficiency")
                        for which in ("best", "median", "last10")}
    assert own_keys <= set(mines.strings.EN) and own_keys <= set(mines.strings.JA), "worded by the game"


# ----- storage, schema, export and import ----------------------------------------------------------


def test_stats_are_kept_per_game_and_preset() -> None:
    storage = Storage(MemoryBacking(), kinds=KINDS)
    stats = Stats(storage)
    stats.note_started("mines", "9x9n10")
    summary = stats.note_result("mines", "9x9n10", win(12.5, 30, measures={"bbbv": 20}))
    assert summary.won == 1 and summary.started == 1
    stats.note_result("crosslight", "5x5", loss())
    again = Stats(Storage(MemoryBacking(storage._backing.data), kinds=KINDS))  # type: ignore[union-attr]
    assert again.summary("mines", "9x9n10").time.best == 12.5
    assert again.summary("crosslight", "5x5").lost == 1
    assert again.summary("crosslight", "6x6").finished == 0
    assert again.preset_keys("mines") == ["9x9n10"]
    assert records.kind_for("stats:mines:9x9n10") is KIND


def test_a_damaged_recent_entry_is_dropped_not_the_record() -> None:
    record = add_result(add_result(empty_record(), win(1, 1)), win(2, 2))
    record["recent"].append([1, "fast", 1, None, 0, {}, 0])
    backing = MemoryBacking({"masume:stats:crosslight:5x5": records.encode(KIND, record)})
    storage = Storage(backing, kinds=KINDS)
    summary = Stats(storage).summary("crosslight", "5x5")
    assert summary.won == 2 and len(summary.recent) == 2
    assert "storage_quarantined" in storage.take_notices()


@pytest.mark.parametrize("text", ['{"won": -1}', '{"won": true}', "[]", '{"recent": {}}', '{"won": 1e999}'])
def test_an_unbelievable_record_is_set_aside(text: str) -> None:
    storage = Storage(MemoryBacking({"masume:stats:crosslight:5x5": text}), kinds=KINDS)
    assert Stats(storage).summary("crosslight", "5x5").finished == 0


def test_export_and_import_keep_statistics_without_double_counting() -> None:
    storage = Storage(MemoryBacking(), kinds=KINDS)
    stats = Stats(storage)
    for result in (win(10, 5), win(20, 6), loss()):
        stats.note_started("crosslight", "5x5")
        stats.note_result("crosslight", "5x5", result)
    exported = export_records(storage)
    assert "stats:crosslight:5x5" in json.loads(exported)["records"]
    result = import_records(storage, exported)
    assert result.ok
    assert stats.summary("crosslight", "5x5").finished == 3  # the same history imported again
    fresh = Storage(MemoryBacking(), kinds=KINDS)
    assert import_records(fresh, exported).ok
    assert Stats(fresh).summary("crosslight", "5x5") == stats.summary("crosslight", "5x5")


def test_merging_keeps_the_better_bests_and_the_later_history() -> None:
    old = summarize_results([win(10, 5)])
    older = add_result(empty_record(), win(10, 5))
    newer = add_result(add_result(add_result(empty_record(), win(30, 9)), loss()), win(40, 9))
    merged = merge_stats(older, newer)
    assert merged["best_time"] == 10 and merged["best_moves"] == 5
    assert merged["won"] == 2 and merged["lost"] == 1
    assert merged["recent"] == newer["recent"] and merged["streak"] == newer["streak"]
    assert old.time.best == 10
    assert records.check(KIND, merged) == merged


# ----- from a finished session ---------------------------------------------------------------------


def test_the_result_of_a_session_counts_what_the_player_did() -> None:
    from app.games import crosslight as backend
    clock = iter(range(0, 1000, 2))
    start = backend.generate(backend.PRESETS["easy"], Rng("result-of"))
    session = Session(backend.SPEC, start, clock=lambda: float(next(clock)))
    session.play((0, 0))
    session.note_hint()
    while not session.over:
        session.play(backend.hint(session.state))
    result = result_of(backend.SPEC, session)
    assert result.outcome == 1 and result.hints == 1 and result.assisted
    assert result.moves == session.moves and result.par == backend.par(start)
    assert result.time == session.elapsed > 0 and result.measures == {}
    assert preset_key(backend, start) == "5x5"
    with pytest.raises(ValueError):
        result_of(backend.SPEC, Session(backend.SPEC, start))


def test_a_minesweeper_win_carries_its_3bv_and_a_loss_does_not() -> None:
    from app.games import mines
    start = mines.generate(mines.Params(9, 9, 10, False), Rng("3bv"))
    session = Session(mines.SPEC, start, clock=lambda: 0.0)
    session.play(("open", 4, 4))
    while not session.over:
        session.play(mines.hint(session.state))
    won = result_of(mines.SPEC, session)
    assert won.measures == {"bbbv": mines.bbbv(session.state)} and won.par is None
    lost = Session(mines.SPEC, start)
    lost.play(("open", 4, 4))
    mine = next((r, c) for r in range(9) for c in range(9) if lost.state.mines[r, c])
    lost.play(("open", *mine))
    assert result_of(mines.SPEC, lost).outcome == -1 and result_of(mines.SPEC, lost).measures == {}


@pytest.mark.parametrize("values", [[3.0], [5.0, 1.0], [2.0, 9.0, 4.0], [1.0, 2.0, 3.0, 40.0], [7.5] * 6])
def test_median_of_matches_the_standard_library(values: list[float]) -> None:
    import statistics

    assert median_of(values) == statistics.median(values)


def test_per_board_and_the_games_totals_sum_every_kind_played() -> None:
    from app.core.record_kinds import KINDS
    from app.core.stats import Result, Stats, game_totals
    from app.core.storage import MemoryBacking, Storage

    stats = Stats(Storage(MemoryBacking(), kinds=KINDS))
    assert stats.per_board("mines") == [] and game_totals([]).win_rate is None
    for key, outcome in (("9x9n10", 1), ("9x9n10", -1), ("16x16n40", 1)):
        stats.note_started("mines", key)
        stats.note_result("mines", key, Result(outcome, 12.5, 30))
    stats.note_started("mines", "30x16n99")  # started, never finished
    boards = stats.per_board("mines")
    assert [key for key, _ in boards] == ["16x16n40", "30x16n99", "9x9n10"]
    totals = game_totals(boards)
    assert (totals.started, totals.won, totals.lost, totals.boards) == (4, 2, 1, 3)
    assert totals.win_rate == 2 / 3
