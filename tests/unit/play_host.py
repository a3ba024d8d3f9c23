"""A game screen in miniature for view tests: moves and hints go through `app.core.play` as on the page.

A change is played and recorded by the controller, then said as the screen says it
(the hint's words first, then the view's summary at the verbosity), then the view's
`after_move` runs; the screen clears the hint ring on every move. `PlayHost` is a whole
`ViewHost`; with a `HeadlessBoard` it also draws: the view's codes are painted through
`Geometry` on a canvas that accepts every call, and every position is named, by the
screen's own drawing code (`app.web.screen.draw`).

Importing this module puts stand-ins for the browser's modules (`js`, `pyodide`) in place
when they are missing, so views import under CPython; tests that use nothing of the page
are unaffected.
"""

from __future__ import annotations

import copy
import sys
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

sys.modules.setdefault("js", mock.MagicMock(name="js"))
_pyodide = sys.modules.setdefault("pyodide", types.ModuleType("pyodide"))
_ffi = sys.modules.setdefault("pyodide.ffi", types.ModuleType("pyodide.ffi"))
_ffi.create_proxy = lambda function: function  # type: ignore[attr-defined]
_pyodide.ffi = _ffi  # type: ignore[attr-defined]

import numpy as np  # noqa: E402 - after the stand-ins above

from app.core import records, registry, settings, strings  # noqa: E402
from app.core.bests import Bests  # noqa: E402
from app.core.daily import DailyLog  # noqa: E402
from app.core.game import GameSpec, RefusedMoveError  # noqa: E402
from app.core.play import HistoryStep, Play, RecordStores  # noqa: E402
from app.core.record_kinds import KINDS  # noqa: E402
from app.core.session import Session  # noqa: E402
from app.core.stage_progress import StageProgress  # noqa: E402
from app.core.stats import Stats  # noqa: E402
from app.core.storage import MemoryBacking, Storage  # noqa: E402
from app.core.strings import sentences, translate  # noqa: E402
from app.web.layout import BoardLayout, Geometry, Position  # noqa: E402
from app.web.screen.draw import draw_state  # noqa: E402


def memory_stores() -> RecordStores:
    """Fresh record stores kept in memory."""
    storage = Storage(MemoryBacking(), kinds=KINDS)
    return RecordStores(Stats(storage), Bests(storage), StageProgress(storage), DailyLog(storage))


@contextmanager
def registered(spec: GameSpec[Any, Any, Any]) -> Iterator[None]:
    """Register a game as `app.catalogue` does (its spec, strings and settings) for a test, then forget it."""
    saved = (dict(registry._SPECS), copy.deepcopy(strings._CATALOGUES), dict(strings._SINGULARS),
             dict(settings._GAME_SETTINGS), list(records.REGISTERED.all()))
    registry.register(spec)
    try:
        yield
    finally:
        registry._SPECS.clear()
        registry._SPECS.update(saved[0])
        for lang, words in saved[1].items():
            strings._CATALOGUES[lang].clear()
            strings._CATALOGUES[lang].update(words)
        strings._SINGULARS.clear()
        strings._SINGULARS.update(saved[2])
        settings._GAME_SETTINGS.clear()
        settings._GAME_SETTINGS.update(saved[3])
        for kind in records.REGISTERED.all():
            records.REGISTERED.remove(kind.prefix)
        for kind in saved[4]:
            records.REGISTERED.add(kind)


class HeadlessBoard:
    """A board widget without a page: what views and the screen's drawing ask of `app.web.board.BoardWidget`.

    `open(layout)` lays it out; `paint_steps` paints what changed (widened by the view) on a canvas
    that takes every call; `describe_many` keeps each position's words; marks, the cursor and
    animations (run to their end at once, frame by frame) are recorded.
    """

    sliced = False  # drawn at once, as every preset's board is on the page
    built = True

    def __init__(self) -> None:
        self.layout = BoardLayout(1, 1)
        self.geometry = Geometry(self.layout, 40.0)
        self.codes: np.ndarray[Any, Any] | None = None
        self.painter: Callable[..., None] | None = None
        self.widen: Callable[[list[Position]], list[Position]] | None = None
        self.context = mock.MagicMock(name="canvas context")  # any drawing call is taken
        self.labels: dict[Position, str] = {}
        self.marks: dict[str, list[Position]] = {}
        self.cursor: Position | None = None
        self.focused = False
        self.frames = 0
        self.locked = False
        self.grid = mock.MagicMock(name="board grid")

    def open(self, layout: BoardLayout, painter: Callable[..., None],
             widen: Callable[[list[Position]], list[Position]]) -> None:
        """Lay the board out afresh (a new board), painted by `painter`."""
        self.layout, self.geometry = layout, Geometry(layout, 40.0)
        self.painter, self.widen, self.codes, self.labels = painter, widen, None, {}

    def paint_steps(self, codes: np.ndarray[Any, Any], *, force: bool = False) -> Iterator[float]:
        """Paint the positions whose codes changed (all when forced); returns them, as the widget does."""
        old, self.codes = self.codes, codes
        live = self.layout.positions()
        index = self.layout.index
        changed = live if force or old is None or old.shape != codes.shape else [
            position for position in live if old[index(position)] != codes[index(position)]]
        area = self.widen(changed) if self.widen is not None and changed else changed
        if area and self.painter is not None:
            self.painter(self.context, self.geometry, codes, list(area))
        return changed
        yield  # (a generator, as the widget's is: never a slice here)

    def describe_many(self, items: list[tuple[Position, int, str, str | None]]) -> None:
        """Keep each position's words (its button's name on the page)."""
        for position, _code, label, _pressed in items:
            assert isinstance(label, str) and label, f"{position} has no name"
            self.labels[position] = label

    def mark(self, cells: list[Position], css_class: str, **_: Any) -> None:
        self.marks[css_class] = list(cells)

    def move_cursor(self, row: int, col: int, *, focus: bool = True) -> None:
        self.cursor = (row, col)

    def has_focus(self) -> bool:
        return False

    def focus(self) -> None:
        self.focused = True

    def set_locked(self, locked: bool) -> None:
        self.locked = locked

    def animate(self, duration_ms: float, frame: Callable[[Any, Geometry, float], None],
                area: list[Position]) -> None:
        """Run the animation's frames at once (a start, a middle and the end)."""
        for progress in (0.0, 0.5, 1.0):
            frame(self.context, self.geometry, progress)
            self.frames += 1


class PlayHost:
    """What a view reaches of the page (a whole `ViewHost`), with the board in play behind a real controller."""

    def __init__(self, spec: GameSpec[Any, Any, Any], state: Any, board: Any, *, lang: str = "en",
                 verbosity: str = "short") -> None:
        self.spec = spec
        self.playing: Play[Any, Any] = Play(spec, Session(spec, state), memory_stores())
        self.board = board
        self.lang = lang
        self.verbosity = verbosity
        self.said: list[str] = []
        self.sounds: list[str] = []
        self.settings: dict[str, Any] = {}
        self.listened: list[tuple[Any, str, Any]] = []
        self.view: Any = None

    @property
    def state(self) -> Any:
        """The state of the board in play."""
        return self.playing.session.state

    def t(self, key: str, **params: Any) -> str:
        return translate(self.lang, key, **params)

    def sentences(self, *texts: str | None) -> str:
        return sentences(self.lang, *texts)

    def announce(self, text: str) -> None:
        self.said.append(text)

    def play_sound(self, name: str) -> None:
        self.sounds.append(name)

    def setting(self, name: str) -> Any:
        """The announcements' verbosity this host was made with; any other setting as set, else its default."""
        if name == "announce":
            return self.verbosity
        return self.settings.get(name, settings.known_settings()[name].default)

    def set_setting(self, name: str, value: Any) -> None:
        self.settings[name] = value

    def listen(self, target: Any, event: str, handler: Any) -> None:
        self.listened.append((target, event, handler))

    def new_game(self, params: Any = None, *, focus_board: bool = True) -> None:
        """Not asked for by the view tests (the screen's own tests cover new games)."""
        raise AssertionError("a view started a new game unasked")

    def stage_progress(self, stage_id: str) -> dict[str, Any]:
        return {"done": False, "best": None, "stars": 0}

    def run_line(self) -> str:
        return ""

    def play_endless(self) -> None:
        raise AssertionError("a view started the endless run unasked")

    # ----- the screen's paths --------------------------------------------------------------------

    def draw(self, *, force: bool = False) -> list[Position]:
        """Draw the board in play as the screen renders it: the board, the numbers beside it, the view's panel."""
        changed = draw_state(self.board, self.view, self.state, force=force)
        session = self.playing.session
        rows = self.view.stats(session, self.playing.stores.bests.get(self.spec.id, self.playing.preset_key))
        assert all(isinstance(text, str) for row in rows for text in row), rows
        self.view.after_render(session)
        return changed

    def press(self, action: str, row: int, col: int) -> None:
        """A named action on a position, as the board hands it to the screen: the view's move, then played."""
        move = self.view.move_for(action, self.state, row, col)
        if move is not None:
            self.request(move)

    def hint(self) -> Any:
        """Ask for a hint as the screen does: counted, its words held for its move, then shown or played."""
        move = self.playing.hint()
        self.playing.hold_hint_words(move, self.view.hint_words(self.state, move))
        try:
            self.view.use_hint(move)
        finally:
            unsaid = self.playing.unsaid_hint_words()
        if unsaid is not None:
            self.announce(unsaid)
        return move

    def request(self, move: Any) -> None:
        """Play a move as the screen does: recorded, then said (hint words first), then the view's after_move."""
        try:
            change = self.playing.move(move)
        except RefusedMoveError as refusal:
            self.sounds.append("error")
            self.announce(self.t(refusal.string_key, **refusal.params))
            return
        except ValueError:
            self.sounds.append("error")  # refused with the error sound alone, as on the page
            return
        self.board.mark([], "hinted")
        changed = self.draw() if hasattr(self.board, "describe_many") else []
        summary = None
        if self.verbosity != "off":
            summary = self.view.move_summary(change.before, change.after, change.move, self.verbosity)
        text = self.sentences(change.hint_words, summary)
        if text:
            self.announce(text)
        self.view.after_move(change.before, change.after, change.move, changed)

    def step(self, step: HistoryStep) -> bool:
        """Undo, redo or restart as the screen does: stepped, redrawn, said; False when nothing changed."""
        change = self.playing.step(step)
        if change is None:
            return False
        self.draw()
        if self.verbosity != "off":
            self.announce(self.sentences(self.t(f"said_{step}"),
                                         self.view.move_summary(change.before, change.after, None, self.verbosity)))
        return True
