"""What the game screen says of a change or a new board, at the player's verbosity."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.core.game import adjusted_params, params_text, preset_text
from app.web.screen.interface import BoardInPlay

if TYPE_CHECKING:
    from app.web.shell_interface import ShellServices


class Narrator:
    """The screen's announcements of moves, steps and boards, in the view's words and the player's verbosity."""

    def __init__(self, shell: ShellServices, screen: BoardInPlay) -> None:
        self._shell = shell
        self._screen = screen

    def say_change(self, what: str | None, before: Any, move: Any = None, *, hinted: str | None = None) -> str:
        """Announce a move, undo, redo, restart or new game at the player's verbosity; return what was said ("" for
        nothing: the result of a move that ends the game says it first, so the move is not lost).

        A hinted move's words (the view's `hint_words`) come first, and are said even when
        move announcements are off: the player asked for the hint. They name the move, so the
        view's summary is asked only what the move changed (as after an undo), not to name it again.
        Short is one sentence ("Undone; the red beam now …"); full, sentences.
        """
        shell, session = self._shell, self._screen.session
        verbosity = str(shell.settings.get("announce"))
        if session is None:
            return ""
        text = hinted or ""
        if verbosity != "off":
            summary = self._screen.view.move_summary(before, session.state, None if hinted else move, verbosity)
            said = (hinted, shell.i18n.t(what) if what else None, summary)
            text = shell.i18n.clauses(*said) if verbosity == "short" else shell.i18n.sentences(*said)
        if text:
            shell.announce(text)
        return text

    def say_board(self, what: str | None, *, after: str | None = None) -> None:
        """Announce the board now in play: "New game, <board>." or just "<board>", then the view's summary, as
        sentences (after `after`: what the screen already said while it was built, which this must not replace)."""
        shell, session = self._shell, self._screen.session
        verbosity = str(shell.settings.get("announce"))
        if verbosity == "off" or session is None:
            return
        name = shell.i18n.t(what, size=self.size_name()) if what else self.size_name()
        summary = self._screen.view.move_summary(None, session.state, None, verbosity)
        shell.announce(shell.i18n.sentences(after, name, summary))  # "。" between them in Japanese

    def size_name(self) -> str:
        """The preset's name of the board in play ("Easy 5×5"), else its params text."""
        spec, t, setting = self._screen.spec, self._shell.i18n.t, self._shell.settings.get
        session = self._screen.session
        if session is None:
            return ""
        params = spec.params_of(session.state)
        current = spec.format_params(params)
        for name, preset in spec.presets.items():
            if spec.format_params(adjusted_params(spec, preset, setting)) == current:
                return preset_text(spec, t, name, preset)
        return params_text(spec, t, params)
