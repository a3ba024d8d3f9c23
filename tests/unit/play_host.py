"""A game screen in miniature for view tests: moves and hints go through `app.core.play` as on the page.

A change is played and recorded by the controller, then said as the screen says it
(the hint's words first, then the view's summary at the verbosity), then the view's
`after_move` runs; the screen clears the hint ring on every move.
"""

from __future__ import annotations

from typing import Any

from app.core.bests import Bests
from app.core.daily import DailyLog
from app.core.game import GameSpec, RefusedMoveError
from app.core.play import Play, RecordStores
from app.core.record_kinds import KINDS
from app.core.session import Session
from app.core.stage_progress import StageProgress
from app.core.stats import Stats
from app.core.storage import MemoryBacking, Storage
from app.core.strings import sentences, translate


def memory_stores() -> RecordStores:
    """Fresh record stores kept in memory."""
    storage = Storage(MemoryBacking(), kinds=KINDS)
    return RecordStores(Stats(storage), Bests(storage), StageProgress(storage), DailyLog(storage))


class PlayHost:
    """What a view reaches of the page, with the board in play behind a real controller."""

    def __init__(self, spec: GameSpec[Any, Any, Any], state: Any, board: Any, *, lang: str = "en",
                 verbosity: str = "short") -> None:
        self.playing: Play[Any, Any] = Play(spec, Session(spec, state), memory_stores())
        self.board = board
        self.lang = lang
        self.verbosity = verbosity
        self.said: list[str] = []
        self.sounds: list[str] = []
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
        assert name == "announce"
        return self.verbosity

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
        self.board.mark([], "hinted")
        summary = None
        if self.verbosity != "off":
            summary = self.view.move_summary(change.before, change.after, change.move, self.verbosity)
        text = self.sentences(change.hint_words, summary)
        if text:
            self.announce(text)
        self.view.after_move(change.before, change.after, change.move, [])
