"""The game screen's keys outside the board: Ctrl+Z / Ctrl+Y, and H, C, N when single-key shortcuts are on."""

from __future__ import annotations

from typing import Any

from app.web.dom import document
from app.web.screen.interface import BoardInPlay


def on_shortcut(screen: BoardInPlay, event: Any, *, dialog_open: bool, single_keys: bool) -> None:
    """Undo, redo, hint, check or new game from a key press that belongs to no field or dialog.

    `dialog_open`: the result dialog is open (its keys are its own); `single_keys`: the player has
    single-key shortcuts on (WCAG 2.1.4).
    """
    target = event.target
    tag = str(getattr(target, "tagName", "") or "").lower()
    if tag in ("input", "select", "textarea") or dialog_open:
        return
    if document.querySelector("dialog[open]") is not None:
        return  # a confirmation or the keys help is open: keys belong to it
    key = str(event.key)
    if event.ctrlKey or event.metaKey:
        lowered = key.lower()
        if lowered == "z" and not event.shiftKey:
            event.preventDefault()
            screen.undo()
        elif lowered == "y" or (lowered == "z" and event.shiftKey):
            event.preventDefault()
            screen.redo()
        return
    if event.altKey or event.repeat or not single_keys:
        return  # a held H is one hint, not one per key repeat; and the player may turn letters off
    if key in ("h", "H"):
        event.preventDefault()  # (a key the game takes does nothing else: nothing scrolls, no page around it)
        screen.hint()
    elif key in ("c", "C"):
        event.preventDefault()
        screen.check()
    elif key in ("n", "N"):
        event.preventDefault()
        screen.ask_new_game()
