"""Session history, counters and timer, over tiny fake games defined here."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.session import Session


def rules(**slots: object) -> SimpleNamespace:
    """A stand-in game with the slots a Session reads; its optional hooks are None unless given."""
    return SimpleNamespace(**{"restart_state": None, "move_cost": None, **slots})


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def tick(self, seconds: float) -> None:
        self.now += seconds


@dataclass(frozen=True)
class Counter:
    """Reach `target` exactly; going below zero loses."""

    value: int = 0
    target: int = 5


def counter_apply(state: Counter, move: int) -> Counter:
    if move not in (-1, 1, 2):
        raise ValueError(f"illegal move {move!r}")
    return replace(state, value=state.value + move)


def counter_status(state: Counter) -> int:
    if state.value < 0:
        return -1
    return 1 if state.value == state.target else 0


COUNTER = rules(apply=counter_apply, status=counter_status)


@dataclass(frozen=True)
class Seeded:
    """Like Minesweeper: the first move fixes the layout, and restart keeps the layout."""

    value: int = 0
    layout: int | None = None


def seeded_apply(state: Seeded, move: int) -> Seeded:
    layout = state.layout if state.layout is not None else move * 10
    return Seeded(state.value + 1, layout)


SEEDED = rules(
    apply=seeded_apply,
    status=lambda state: 0,
    restart_state=lambda initial, current: Seeded(0, current.layout),
)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def counter_session(clock: FakeClock, target: int = 5) -> Session:
    return Session(COUNTER, Counter(0, target), clock=clock)


def test_new_session(clock: FakeClock) -> None:
    s = counter_session(clock)
    assert s.state == Counter(0, 5) and s.initial == s.state
    assert s.moves == 0 and s.status == 0 and not s.over
    assert not s.can_undo and not s.can_redo
    assert s.move_log == [] and s.hints_used == 0
    assert not s.timer.started


def test_play_counts_and_returns_state(clock: FakeClock) -> None:
    s = counter_session(clock)
    assert s.play(1) == Counter(1, 5)
    assert s.play(2) == Counter(3, 5)
    assert s.state == Counter(3, 5)
    assert s.moves == 2 and s.move_log == [1, 2]
    assert s.can_undo and not s.can_redo


def test_illegal_move_changes_nothing(clock: FakeClock) -> None:
    s = counter_session(clock)
    s.play(1)
    s.play(1)
    s.undo()
    with pytest.raises(ValueError):
        s.play(7)
    assert s.state == Counter(1, 5) and s.moves == 1 and s.move_log == [1]
    assert s.can_redo  # the redo branch survives a refused move
    assert s.redo() and s.state == Counter(2, 5)


def test_illegal_first_move_does_not_start_timer(clock: FakeClock) -> None:
    s = counter_session(clock)
    with pytest.raises(ValueError):
        s.play(99)
    clock.tick(10)
    assert not s.timer.started and s.elapsed == 0


def test_undo_redo_walk_history(clock: FakeClock) -> None:
    s = counter_session(clock)
    for move in (1, 2, 1):
        s.play(move)
    assert s.undo() and s.state.value == 3 and s.moves == 2
    assert s.undo() and s.state.value == 1 and s.moves == 1
    assert s.undo() and s.state.value == 0 and s.moves == 0
    assert not s.undo() and s.state.value == 0
    assert s.redo() and s.redo() and s.state.value == 3 and s.moves == 2 and s.move_log == [1, 2]
    assert s.redo() and s.state.value == 4 and s.moves == 3
    assert not s.redo()


def test_new_move_truncates_redo(clock: FakeClock) -> None:
    s = counter_session(clock)
    s.play(1)
    s.play(1)
    s.undo()
    s.play(2)
    assert not s.can_redo and not s.redo()
    assert s.state.value == 3 and s.moves == 2 and s.move_log == [1, 2]
    s.undo()
    s.undo()
    assert s.state.value == 0
    s.redo()
    s.redo()
    assert s.state.value == 3  # the old branch (1, 1) is gone


def test_restart_is_an_undoable_step(clock: FakeClock) -> None:
    s = counter_session(clock)
    s.play(2)
    s.play(1)
    assert s.restart()
    assert s.state == Counter(0, 5) and s.moves == 0 and s.move_log == []
    assert s.can_undo and not s.can_redo
    assert s.undo()
    assert s.state.value == 3 and s.moves == 2 and s.move_log == [2, 1]
    assert s.redo() and s.state.value == 0 and s.moves == 0


def test_moves_after_restart_count_from_zero(clock: FakeClock) -> None:
    s = counter_session(clock)
    s.play(1)
    s.play(1)
    s.restart()
    s.play(2)
    assert s.moves == 1 and s.move_log == [2]
    s.undo()
    s.undo()
    assert s.moves == 2 and s.move_log == [1, 1]  # each entry keeps its own count


def test_restart_at_start_is_a_no_op(clock: FakeClock) -> None:
    s = counter_session(clock)
    assert not s.restart()
    assert not s.can_undo
    s.play(1)
    assert s.restart()
    assert not s.restart()  # already at the restart point with no moves
    s.undo()
    assert s.state.value == 1


def test_restart_allowed_when_moves_led_back_to_start(clock: FakeClock) -> None:
    s = counter_session(clock)
    s.play(1)
    s.play(-1)
    assert s.state == s.initial and s.moves == 2
    assert s.restart() and s.moves == 0


def test_restart_truncates_redo(clock: FakeClock) -> None:
    s = counter_session(clock)
    s.play(1)
    s.play(1)
    s.undo()
    assert s.restart()
    assert not s.can_redo


def test_win_locks_the_board_and_stops_timer(clock: FakeClock) -> None:
    s = counter_session(clock, target=3)
    clock.tick(4)  # looking at the board before the first move is free
    s.play(1)
    clock.tick(10)
    s.play(2)
    assert s.status == 1 and s.over
    clock.tick(50)
    assert s.elapsed == 10 and not s.timer.running
    with pytest.raises(ValueError):
        s.play(1)
    assert not s.can_undo and not s.undo()
    assert not s.restart()
    assert s.state.value == 3 and s.moves == 2


def test_loss_locks_the_board_but_not_undo(clock: FakeClock) -> None:
    s = counter_session(clock)
    s.play(1)
    s.undo()  # leaves a redo entry behind
    s.play(-1)
    assert s.status == -1
    assert not s.can_redo and not s.redo()
    with pytest.raises(ValueError):
        s.play(1)
    assert s.undo() and not s.over and not s.can_redo  # the loss can be undone (see below), never redone


def test_timer_starts_on_first_move_and_runs_through_restart(clock: FakeClock) -> None:
    s = counter_session(clock)
    clock.tick(30)
    assert s.elapsed == 0
    s.play(1)
    clock.tick(7)
    s.restart()
    clock.tick(3)
    assert s.elapsed == 10 and s.timer.running
    s.undo()
    clock.tick(1)
    assert s.elapsed == 11


def test_pause_and_resume(clock: FakeClock) -> None:
    s = counter_session(clock)
    s.play(1)
    clock.tick(2)
    s.pause()
    clock.tick(100)
    s.resume()
    clock.tick(3)
    assert s.elapsed == 5


def test_a_move_after_a_pause_starts_the_clock_again(clock: FakeClock) -> None:
    s = counter_session(clock)
    s.play(1)
    clock.tick(2)
    s.pause()  # the page was hidden; it came back without the focus
    clock.tick(100)
    assert s.elapsed == 2 and not s.timer.running
    s.play(1)  # the first move back counts again from where the clock stopped
    clock.tick(3)
    assert s.elapsed == 5 and s.timer.running


def test_hints_survive_undo_and_restart(clock: FakeClock) -> None:
    s = counter_session(clock)
    s.play(1)
    s.note_hint()
    s.note_hint()
    s.undo()
    s.play(1)
    s.restart()
    assert s.hints_used == 2


def test_restart_point_follows_the_backend_hook(clock: FakeClock) -> None:
    s = Session(SEEDED, Seeded(), clock=clock)
    assert s.restart_point == Seeded(0, None)
    s.play(4)
    s.play(1)
    assert s.state == Seeded(2, 40)
    assert s.restart_point == Seeded(0, 40)  # the layout made by the first move is kept
    assert s.restart()
    assert s.state == Seeded(0, 40) and s.moves == 0
    assert not s.restart()
    s.undo()
    s.undo()
    s.undo()
    assert s.state == Seeded(0, None) and s.restart_point == Seeded(0, None)


def test_restart_point_without_hook_is_initial(clock: FakeClock) -> None:
    s = counter_session(clock)
    s.play(2)
    assert s.restart_point is s.initial


@dataclass(frozen=True)
class Grid:
    """A state holding an array with the dataclass's default __eq__ (which numpy makes raise)."""

    cells: np.ndarray


GRID = rules(
    apply=lambda state, move: Grid(np.logical_xor(state.cells, np.eye(2, dtype=bool)[move])),
    status=lambda state: 0,
)


def test_array_states_without_eq_do_not_crash(clock: FakeClock) -> None:
    s = Session(GRID, Grid(np.zeros(2, dtype=bool)), clock=clock)
    assert not s.restart()  # the same object: no comparison needed
    s.play(0)
    assert s.restart()
    assert not s.state.cells.any() and s.moves == 0


def test_status_is_computed_once_per_state(clock: FakeClock) -> None:
    calls = []

    def status(state: Counter) -> int:
        calls.append(state)
        return counter_status(state)

    s = Session(rules(apply=counter_apply, status=status), Counter(), clock=clock)
    s.play(1)
    before = len(calls)
    for _ in range(5):
        assert s.status == 0 and s.can_undo
    s.undo()
    s.redo()
    assert len(calls) == before


OPS = st.lists(
    st.one_of(
        st.sampled_from(["undo", "redo", "restart"]),
        st.sampled_from([1, 2, -1]),
    ),
    max_size=40,
)


@settings(max_examples=200)
@given(OPS)
def test_history_matches_replayed_move_log(ops: list) -> None:
    s = Session(COUNTER, Counter(0, 10**6), clock=FakeClock())
    for op in ops:
        if s.over:
            break
        if op == "undo":
            s.undo()
        elif op == "redo":
            s.redo()
        elif op == "restart":
            s.restart()
        else:
            s.play(op)
        # Replaying the log from the restart point must land on the current state.
        value = s.restart_point.value
        for move in s.move_log:
            value += move
        assert value == s.state.value
        assert s.moves == len(s.move_log)
    if not s.over:
        while s.undo():
            pass
        assert s.state is s.initial and s.moves == 0 and not s.can_undo


def test_log_start_and_move_log_replay_to_the_current_state(clock: FakeClock) -> None:
    session = Session(SEEDED, Seeded(), clock=clock)
    session.play(3)
    session.play(1)
    assert session.log_start == Seeded() and session.move_log == [3, 1]
    session.restart()  # Minesweeper-like: the layout stays, so the log now starts from it
    session.play(7)
    assert session.log_start == Seeded(0, 30) and session.move_log == [7]
    replay = session.log_start
    for move in session.move_log:
        replay = seeded_apply(replay, move)
    assert replay == session.state


def test_replay_rebuilds_history_hints_and_a_paused_clock(clock: FakeClock) -> None:
    session = Session.replay(COUNTER, Counter(0, 9), [1, 2, 1], elapsed=42.0, hints_used=2, clock=clock)
    assert session.state == Counter(4, 9) and session.moves == 3
    assert session.hints_used == 2  # a hinted game stays hinted after a reload
    assert session.can_undo
    clock.tick(30.0)
    assert session.elapsed == 42.0  # not running until the player moves again
    session.play(1)
    clock.tick(5.0)
    assert session.elapsed == 47.0


def test_replay_of_an_illegal_move_raises(clock: FakeClock) -> None:
    with pytest.raises(ValueError):
        Session.replay(COUNTER, Counter(), [1, 7], clock=clock)


# --- losing: undo, restart and deaths (Minesweeper's "undo the last move", as in Tatham's Mines) ---


def lost_session(clock: FakeClock) -> Session:
    """+2, +1, then -1 three times: the fourth move (value -1) loses."""
    s = counter_session(clock, target=9)
    for move in (2, 1):
        clock.tick(1)
        s.play(move)
    s.play(-1)
    s.play(-1)
    clock.tick(1)
    s.play(-1)
    s.play(-1)
    assert s.status == -1
    return s


def test_a_loss_counts_a_death_and_can_be_undone_but_not_redone(clock: FakeClock) -> None:
    s = lost_session(clock)
    assert s.deaths == 1 and s.lost and s.over
    assert s.can_undo and not s.can_redo and s.can_restart
    assert s.last_move == -1 and s.previous_state == Counter(0, 9)
    with pytest.raises(ValueError):
        s.play(1)  # the board stays locked until the loss is undone
    assert s.undo()
    assert s.state == Counter(0, 9) and s.moves == 5 and not s.over and not s.lost
    assert not s.can_redo  # the losing step is gone: there is nothing to redo into
    assert not s.redo()
    assert s.deaths == 1  # undoing keeps the death counted
    s.play(2)
    assert s.state == Counter(2, 9) and s.moves == 6


def test_deaths_add_up_and_a_win_after_a_death_keeps_them(clock: FakeClock) -> None:
    s = counter_session(clock, target=2)
    s.play(-1)
    assert s.deaths == 1
    s.undo()
    s.play(-1)
    s.undo()
    assert s.deaths == 2
    s.play(2)
    assert s.status == 1 and s.deaths == 2
    assert not s.can_undo and not s.can_restart and not s.restart()  # a win stays won


def test_the_clock_runs_again_after_undoing_a_loss(clock: FakeClock) -> None:
    s = lost_session(clock)
    played = s.elapsed
    clock.tick(30)
    assert s.elapsed == played  # stopped at the loss
    s.undo()
    clock.tick(5)
    assert s.elapsed == pytest.approx(played + 5)


def test_restart_after_a_loss_drops_the_loss_and_is_itself_undoable(clock: FakeClock) -> None:
    s = lost_session(clock)
    assert s.restart()
    assert s.state == Counter(0, 9) and s.moves == 0 and not s.over and s.deaths == 1
    assert s.move_log == []
    assert s.undo()  # back to just before the losing move, never to the loss
    assert s.state == Counter(0, 9) and s.moves == 5 and not s.over
    assert s.move_log == [2, 1, -1, -1, -1]


def test_restart_after_a_first_move_loss_is_the_start_itself(clock: FakeClock) -> None:
    s = counter_session(clock)
    s.play(-1)
    assert s.restart()
    assert s.state == Counter(0, 5) and s.moves == 0 and not s.over and s.deaths == 1
    assert not s.can_undo


def test_a_game_lost_from_its_start_has_nothing_to_undo(clock: FakeClock) -> None:
    s = Session(COUNTER, Counter(-1, 5), clock=clock)
    assert s.lost and not s.can_undo and not s.undo() and not s.restart()


def test_replay_carries_the_deaths(clock: FakeClock) -> None:
    s = Session.replay(COUNTER, Counter(0, 5), [1, 1], deaths=3, clock=clock)
    assert s.deaths == 3 and s.state == Counter(2, 5)
