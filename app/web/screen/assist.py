"""Hint and Check on the game screen: ask `app.core.play` (both count as a hint), then show and say the result.

The words go to the status line next to the board (`screen.show_status`) and to the live region.
"""

from __future__ import annotations

from typing import Any

from app.core.check import check_hook


def give_hint(screen: Any) -> None:
    """Ask the backend for a hint and let the view show or play it."""
    if screen.session is None or screen.session.over or screen.slow.running:
        return
    move = screen.playing.hint()  # counted as a hint
    if move is None:
        screen.show_status(screen.view.no_hint_text())
        screen.shell.announce(screen.view.no_hint_text())
        screen.shell.audio.play("error")
        return
    screen.shell.audio.play("hint")
    screen.playing.hold_hint_words(move, screen.view.hint_words(screen.session.state, move))
    try:
        screen.view.use_hint(move)
    finally:
        unsaid = screen.playing.unsaid_hint_words()
    if unsaid is not None:  # no move was played at once (a slow first open)
        screen.show_status(unsaid)
        screen.shell.announce(unsaid)


def run_check(screen: Any) -> None:
    """Mark what is already wrong (the game's own Check); it counts like a hint."""
    if screen.session is None or screen.session.over or screen.slow.running or check_hook(screen.backend) is None:
        return
    result = screen.playing.check()  # a result counts as a hint
    t = screen.i18n.t
    if result is None:
        screen.show_status(t("check_nothing_yet"))
        screen.shell.announce(t("check_nothing_yet"))
        return
    screen.shell.audio.play("hint" if not result.anything_wrong else "error")
    screen.board.mark(list(result.cells), "wrong", note=t("check_marked_cell"))
    screen.render()  # the hint count beside the board
    screen.saved.dirty = True  # the check is kept with the game, as a hint is
    found = t(result.string_key, count=result.count)
    screen.show_status(found)
    screen.shell.announce(" ".join([found, t("check_counts_as_hint")]))
