"""The play clock, driven by a fake clock so every value is exact."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.core.timer import Timer, format_clock


class FakeClock:
    """A clock that only moves when the test says so."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def tick(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def test_unstarted_timer_reads_zero(clock: FakeClock) -> None:
    timer = Timer(clock)
    clock.tick(50)
    assert timer.elapsed() == 0.0
    assert not timer.started and not timer.running


def test_counts_from_start(clock: FakeClock) -> None:
    timer = Timer(clock)
    clock.tick(5)
    timer.start()
    clock.tick(12.5)
    assert timer.elapsed() == 12.5
    assert timer.started and timer.running


def test_start_is_idempotent(clock: FakeClock) -> None:
    timer = Timer(clock)
    timer.start()
    clock.tick(3)
    timer.start()  # a second start must not reset the count
    clock.tick(4)
    assert timer.elapsed() == 7


def test_stop_freezes(clock: FakeClock) -> None:
    timer = Timer(clock)
    timer.start()
    clock.tick(41.25)
    timer.stop()
    clock.tick(100)
    assert timer.elapsed() == 41.25
    assert timer.stopped and not timer.running
    timer.start()  # start after stop changes nothing
    timer.resume()
    clock.tick(10)
    assert timer.elapsed() == 41.25


def test_paused_time_does_not_count(clock: FakeClock) -> None:
    timer = Timer(clock)
    timer.start()
    clock.tick(10)
    timer.pause()
    assert timer.paused and not timer.running
    clock.tick(300)  # tab hidden
    assert timer.elapsed() == 10
    timer.resume()
    clock.tick(5)
    assert timer.elapsed() == 15
    assert timer.running


def test_double_pause_and_double_resume(clock: FakeClock) -> None:
    timer = Timer(clock)
    timer.start()
    clock.tick(2)
    timer.pause()
    clock.tick(3)
    timer.pause()
    clock.tick(4)
    timer.resume()
    clock.tick(1)
    timer.resume()  # must not restart the spell and lose or double time
    clock.tick(1)
    assert timer.elapsed() == 4


def test_pause_unstarted_is_harmless(clock: FakeClock) -> None:
    timer = Timer(clock)
    timer.pause()
    timer.resume()
    clock.tick(9)
    assert timer.elapsed() == 0
    assert not timer.started
    timer.start()
    clock.tick(2)
    assert timer.elapsed() == 2


def test_pause_stopped_is_harmless(clock: FakeClock) -> None:
    timer = Timer(clock)
    timer.start()
    clock.tick(6)
    timer.stop()
    timer.pause()
    clock.tick(6)
    timer.resume()
    clock.tick(6)
    assert timer.elapsed() == 6


def test_stop_while_paused_keeps_paused_total(clock: FakeClock) -> None:
    timer = Timer(clock)
    timer.start()
    clock.tick(8)
    timer.pause()
    clock.tick(8)
    timer.stop()
    timer.resume()  # a stopped timer stays stopped
    clock.tick(8)
    assert timer.elapsed() == 8
    assert not timer.paused


def test_clock_going_backwards_never_reduces_time(clock: FakeClock) -> None:
    timer = Timer(clock)
    timer.start()
    clock.tick(5)
    timer.pause()
    timer.resume()
    clock.tick(-3)
    assert timer.elapsed() == 5


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (0, "0:00"),
        (0.99, "0:00"),
        (1, "0:01"),
        (59.999, "0:59"),
        (60, "1:00"),
        (75.9, "1:15"),
        (600, "10:00"),
        (3599.5, "59:59"),
        (3600, "60:00"),
        (-5, "0:00"),
        (math.nan, "0:00"),
    ],
)
def test_format_clock(seconds: float, text: str) -> None:
    assert format_clock(seconds) == text


@given(st.floats(min_value=0, max_value=10**7, allow_nan=False))
def test_format_clock_round_trips_whole_seconds(seconds: float) -> None:
    minutes, secs = format_clock(seconds).split(":")
    assert len(secs) == 2 and 0 <= int(secs) < 60
    assert int(minutes) * 60 + int(secs) == math.floor(seconds)


def test_carry_adds_time_played_before_a_reload(clock: FakeClock) -> None:
    timer = Timer(clock)
    timer.carry(42.5)
    assert timer.elapsed() == 42.5
    timer.start()
    clock.tick(2.0)
    assert timer.elapsed() == 44.5
    timer.stop()
    timer.carry(10.0)  # a finished game's time is final
    assert timer.elapsed() == 44.5


@pytest.mark.parametrize(
    "seconds, text",
    [(0, "0:00.0"), (0.05, "0:00.0"), (7.3, "0:07.3"), (7.29, "0:07.2"), (9.99, "0:09.9"), (10, "0:10"),
     (75.9, "1:15"), (-1, "0:00.0"), (math.nan, "0:00.0")],
)
def test_format_clock_with_tenths_below_ten_seconds(seconds: float, text: str) -> None:
    assert format_clock(seconds, tenths=True) == text


def test_two_different_times_below_ten_seconds_never_look_equal() -> None:
    # "New best time!" between two times that both read 0:07 (issue 26, item 13).
    assert format_clock(7.2, tenths=True) != format_clock(7.9, tenths=True)
    assert format_clock(7.2) == format_clock(7.9)  # (a running clock ticks in whole seconds)
