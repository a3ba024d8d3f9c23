"""Pipe Link's view without a browser: what hints and locks say and show, and when "Unlock all" works."""

from __future__ import annotations

import sys
import types
from unittest import mock

# The view reaches the page through app.web.dom (js, pyodide); these tests use none of it.
sys.modules.setdefault("js", mock.MagicMock(name="js"))
_pyodide = sys.modules.setdefault("pyodide", types.ModuleType("pyodide"))
_ffi = sys.modules.setdefault("pyodide.ffi", types.ModuleType("pyodide.ffi"))
_ffi.create_proxy = lambda function: function  # type: ignore[attr-defined]
_pyodide.ffi = _ffi  # type: ignore[attr-defined]

import pytest  # noqa: E402

from app.core.rng import Rng  # noqa: E402 - after the stand-ins above
from app.games import pipes  # noqa: E402
from app.web.views.pipes import PipesView  # noqa: E402
from tests.unit.play_host import HeadlessBoard, PlayHost  # noqa: E402


class Host(PlayHost):
    """A game screen in miniature: moves go through app.core.play; announcements are kept."""

    def __init__(self, state: pipes.State, verbosity: str = "short") -> None:
        super().__init__(pipes.SPEC, state, HeadlessBoard(), verbosity=verbosity)


class Button:
    def __init__(self) -> None:
        self.disabled = False
        self.focused = False

    def matches(self, selector: str) -> bool:
        return selector == ":focus" and self.focused


class Session:
    def __init__(self, state: pipes.State, over: bool = False) -> None:
        self.state = self.restart_point = state
        self.over = over
        self.moves = 0
        self.elapsed = 0.0


def make(preset: str, seed: str, verbosity: str = "short") -> tuple[PipesView, Host]:
    host = Host(pipes.generate(pipes.PRESETS[preset], Rng(seed)), verbosity)
    view = PipesView(host, pipes.SPEC)
    host.view = view
    view._unlock_button = Button()
    host.board.open(view.layout(host.state), view.paint, view.widen)
    host.draw(force=True)
    return view, host


@pytest.mark.parametrize("verbosity", ["short", "full"])
def test_a_hint_says_which_tile_it_turned_and_locked_then_the_water_and_rings_it(verbosity: str) -> None:
    view, host = make("net_9x9_wrap", "hint-words", verbosity)
    before = host.state
    move = host.hint()
    row, col = move[1], move[2]
    n, total = pipes.active_count(host.state)
    delta = n - pipes.active_count(before)[0]
    assert host.said, "the hint is said"
    assert host.said[-1].startswith(f"Turned and locked row {row + 1}, column {col + 1}. ")
    assert f"{n} of {total} tiles connected" in host.said[-1]
    assert ("(+" in host.said[-1]) == (delta > 0)
    assert host.board.marks["hinted"] == [(row, col)], "the hinted tile is ringed after the move"
    assert host.board.cursor == (row, col), "the cursor moves to the hinted tile"
    assert host.state.is_locked(row, col)


def test_a_hint_is_named_even_when_moves_are_not_announced() -> None:
    view, host = make("path_5x5", "hint-off", "off")
    move = host.hint()
    assert host.said == [f"Turned and locked row {move[1] + 1}, column {move[2] + 1}"]
    assert host.board.marks["hinted"] == [(move[1], move[2])]


def test_locking_and_unlocking_a_tile_is_said() -> None:
    view, host = make("path_5x5", "locks")
    host.request(("lock", 2, 3))
    assert host.said[-1] == "Row 3, column 4 locked"
    host.request(("lock", 2, 3))
    assert host.said[-1] == "Row 3, column 4 unlocked"
    assert host.sounds == ["lock", "lock"]


def test_locks_are_not_said_when_moves_are_not_announced() -> None:
    view, host = make("path_5x5", "locks-off", "off")
    host.request(("lock", 2, 3))
    assert host.said == []


def test_unlock_all_is_enabled_only_while_a_tile_is_locked_and_says_how_many_it_unlocked() -> None:
    view, host = make("path_5x5", "unlock-all")
    button = view._unlock_button
    view.after_render(Session(host.state))
    assert button.disabled, "nothing is locked yet"
    host.request(("lock", 0, 0))
    view.after_render(Session(host.state))
    assert not button.disabled
    view.after_render(Session(host.state, over=True))
    assert button.disabled, "a finished board takes no more moves"
    view.after_render(Session(host.state))
    host.request(("unlock_all",))
    assert host.said[-1] == "Unlocked 1 tile"
    for cell in ((0, 1), (1, 1), (2, 2)):
        host.request(("lock", *cell))
    button.focused = True
    host.request(("unlock_all",))
    assert host.said[-1] == "Unlocked 3 tiles"
    assert host.board.focused, "focus leaves the button it disables for the board"
    view.after_render(Session(host.state))
    assert button.disabled
