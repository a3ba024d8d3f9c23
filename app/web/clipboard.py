"""Copying text for the player: the clipboard where the browser allows it, a clear word where it does not."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from app.web.dom import window


def copy_text(text: str, done: Callable[[bool], None]) -> None:
    """Put `text` on the clipboard, then call `done(True)`, or `done(False)` when the browser refuses.

    The clipboard needs a secure context and a recent gesture; plain http, a denied
    permission or an old browser all end in `done(False)`, never in an error.
    """
    asyncio.ensure_future(_write(text, done))


async def _write(text: str, done: Callable[[bool], None]) -> None:
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:  # no clipboard object, no permission, or not a secure context
        done(False)
        return
    done(True)
