"""SlowMove, the page's runner of work in slices (app/web/screen/slow_move.py), against a stand-in page.

The stand-in `js` has elements with classes and attributes, a clock the work itself moves
on, and timers that run only when a test says so (each is one browser turn).
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Generator, Iterator
from typing import Any

import pytest


class FakeClassList:
    def __init__(self) -> None:
        self.names: set[str] = set()

    def add(self, *names: str) -> None:
        self.names.update(names)

    def remove(self, *names: str) -> None:
        self.names.difference_update(names)

    def toggle(self, name: str, on: bool) -> None:
        (self.add if on else self.remove)(name)

    def contains(self, name: str) -> bool:
        return name in self.names


class FakeNode:
    def __init__(self, tag: str) -> None:
        self.tag = tag
        self.classList = FakeClassList()
        self.attributes: dict[str, str] = {}
        self.children: list[FakeNode] = []
        self.hidden = False
        self.textContent = ""
        self.className = ""

    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802 - the DOM's name
        self.attributes[name] = value

    def appendChild(self, child: FakeNode) -> None:  # noqa: N802 - the DOM's name
        self.children.append(child)

    def addEventListener(self, *_: Any) -> None:  # noqa: N802 - the DOM's name
        pass

    def removeEventListener(self, *_: Any) -> None:  # noqa: N802 - the DOM's name
        pass


class FakePage:
    """The parts of `js` SlowMove touches: a document, timers and a clock."""

    def __init__(self) -> None:
        self.now = 0.0
        self.timers: dict[int, Callable[[], None]] = {}
        self._next_id = 0

    def module(self) -> types.ModuleType:
        page = self
        js = types.ModuleType("js")
        js.document = types.SimpleNamespace(createElement=FakeNode, activeElement=None)  # type: ignore[attr-defined]
        js.performance = types.SimpleNamespace(now=lambda: page.now)  # type: ignore[attr-defined]
        js.window = types.SimpleNamespace(setTimeout=page.set_timeout,  # type: ignore[attr-defined]
                                          clearTimeout=page.timers.pop)
        js.console = types.SimpleNamespace(error=print)  # type: ignore[attr-defined]
        return js

    def set_timeout(self, callback: Callable[[], None], _delay: int) -> int:
        self._next_id += 1
        self.timers[self._next_id] = callback
        return self._next_id

    def turn(self) -> None:
        """Let the browser run the timers due (one turn)."""
        due, self.timers = self.timers, {}
        for callback in due.values():
            callback()


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakePage]:
    fake = FakePage()
    ffi = types.ModuleType("pyodide.ffi")

    class Proxy:
        def __init__(self, function: Callable[..., None]) -> None:
            self.function = function

        def __call__(self, *args: Any) -> None:
            self.function(*args)

        def destroy(self) -> None:
            pass

    ffi.create_proxy = Proxy  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", fake.module())
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    for name in ("app.web.dom", "app.web.screen.slow_move"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    yield fake
    for name in ("app.web.dom", "app.web.screen.slow_move"):
        sys.modules.pop(name, None)


def runner(page: FakePage) -> Any:
    slow_move = importlib.import_module("app.web.screen.slow_move")
    listeners = types.SimpleNamespace(on=lambda *_args: None)
    return slow_move.SlowMove(FakeNode("section"), FakeNode("div"), listeners,
                              t=lambda key, **params: f"{key} {params['percent']}%", on_cancel=lambda: None)


def work(page: FakePage, pieces: int, ms_each: float, result: str = "done") -> Generator[float, None, str]:
    """Work of `pieces` pieces, each moving the clock on by `ms_each`."""
    for index in range(pieces):
        page.now += ms_each
        yield (index + 1) / pieces
    return result


def test_work_that_fits_in_one_slice_finishes_at_once_with_no_busy_mark(page: FakePage) -> None:
    slow = runner(page)
    results: list[str] = []
    slow.start(work(page, 2, 5.0), results.append, at_once=True, drawing=True)
    assert results == ["done"] and not slow.running and not page.timers
    assert not slow.root.classList.names, "no busy mark and no drawing mark were left"


def test_work_that_does_not_fit_goes_on_in_later_turns_with_the_busy_mark(page: FakePage) -> None:
    slow = runner(page)
    results: list[str] = []
    slow.start(work(page, 10, 10.0), results.append, at_once=True, label_key="busy_drawing", drawing=True)
    assert results == [] and slow.running and slow.drawing
    assert slow.root.classList.names == {"is-busy", "is-drawing"}
    assert slow.cancel_button.hidden, "drawing a board offers no Cancel"
    assert slow.label.textContent == "busy_drawing 30%"  # three pieces fit the 25 ms budget
    turns = 0
    while slow.running:
        page.turn()
        turns += 1
    assert results == ["done"] and turns == 3 and not slow.root.classList.names


def test_work_not_at_once_waits_for_a_turn_and_offers_cancel(page: FakePage) -> None:
    slow = runner(page)
    results: list[str] = []
    slow.start(work(page, 1, 1.0), results.append)
    assert results == [] and "is-busy" in slow.root.classList.names and not slow.cancel_button.hidden
    assert slow.label.textContent == "busy_generating 0%"
    page.turn()
    assert results == ["done"] and not slow.running


def test_work_started_as_other_work_ends_waits_for_the_next_turn(page: FakePage) -> None:
    slow = runner(page)
    order: list[str] = []

    def first_done(result: str) -> None:
        order.append(result)
        # e.g. a first click's mines are laid and its redraw starts: that task already had its slice
        slow.start(work(page, 1, 1.0, "drawn"), order.append, at_once=True, drawing=True)
        order.append("asked")

    slow.start(work(page, 1, 1.0, "laid"), first_done)
    page.turn()
    assert order == ["laid", "asked"] and slow.running
    page.turn()
    assert order == ["laid", "asked", "drawn"] and not slow.running


def test_cancel_drops_the_work_and_its_marks(page: FakePage) -> None:
    slow = runner(page)
    results: list[str] = []
    slow.start(work(page, 10, 10.0), results.append, at_once=True, drawing=True)
    slow.cancel()
    page.turn()
    assert results == [] and not slow.running and not slow.root.classList.names and not page.timers


def test_the_end_of_the_work_gets_a_turn_of_its_own_after_a_slice_that_used_most_of_its_budget(page: FakePage) -> None:
    """Counted in turns, not timed (#27): `done` (drawing the rest of a 50×50 screen) is never piled onto a
    slice that already used more than half the budget; after a short last slice it runs in the same turn."""
    slow = runner(page)
    results: list[str] = []
    slow.start(work(page, 1, 20.0), results.append)  # its last slice runs 20 of the 25 ms
    page.turn()
    assert results == [] and slow.running and "is-busy" in slow.root.classList.names  # input still waits
    page.turn()
    assert results == ["done"] and not slow.running and not slow.root.classList.names
    quick: list[str] = []
    slow.start(work(page, 1, 5.0), quick.append)  # a 5 ms last slice: its end in the same turn
    page.turn()
    assert quick == ["done"] and not slow.running
    at_once: list[str] = []
    slow.start(work(page, 1, 20.0), at_once.append, at_once=True)  # what fits at once still ends in its caller
    assert at_once == ["done"]
