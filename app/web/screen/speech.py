"""What the game screen says of a change or a new board, at the player's verbosity."""

from __future__ import annotations

from typing import Any

from app.core.game import adjusted_params, params_text, preset_text


def say_change(screen: Any, what: str | None, before: Any, move: Any = None, *, hinted: str | None = None) -> None:
    """Announce a move, undo, redo, restart or new game at the player's verbosity.

    A hinted move's words (the view's `hint_words`) come first, and are said even when
    move announcements are off: the player asked for the hint. They name the move, so the
    view's summary is asked only what the move changed (as after an undo), not to name it again.
    Short is one sentence ("Undone; the red beam now …"); full, sentences.
    """
    verbosity = screen.shell.settings.get("announce")
    if screen.session is None:
        return
    text = hinted or ""
    if verbosity != "off":
        summary = screen.view.move_summary(before, screen.session.state, None if hinted else move, verbosity)
        said = (hinted, screen.i18n.t(what) if what else None, summary)
        text = screen.i18n.clauses(*said) if verbosity == "short" else screen.i18n.sentences(*said)
    if text:
        screen.shell.announce(text)


def say_board(screen: Any, what: str | None, *, after: str | None = None) -> None:
    """Announce the board now in play: "New game, <board>." or just "<board>", then the view's summary, as sentences
    (after `after`: what the screen already said while it was built, which this must not replace)."""
    verbosity = screen.shell.settings.get("announce")
    if verbosity == "off" or screen.session is None:
        return
    name = screen.i18n.t(what, size=size_name(screen)) if what else size_name(screen)
    summary = screen.view.move_summary(None, screen.session.state, None, verbosity)
    screen.shell.announce(screen.i18n.sentences(after, name, summary))  # "。" between them in Japanese


def size_name(screen: Any) -> str:
    """The preset's name of the board in play ("Easy 5×5"), else its params text."""
    spec, t, setting = screen.backend, screen.i18n.t, screen.shell.settings.get
    params = spec.params_of(screen.session.state)
    current = spec.format_params(params)
    for name, preset in spec.presets.items():
        if spec.format_params(adjusted_params(spec, preset, setting)) == current:
            return preset_text(spec, t, name, preset)
    return params_text(spec, t, params)
