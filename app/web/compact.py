"""The compact layout: a short landscape window (a game portal's frame, a phone turned sideways) or full screen.

There the page must show a game's board and the controls to play it without scrolling: the
header is one tight line, a game's rule folds behind a button, the figures sit on one line,
the play bar stands beside the board, and the zoom tools show only when the board is larger
than the room (static/css/masume.css, `html[data-compact]`; app/web/screen/zoom.py).
"""

from __future__ import annotations

from app.web.dom import document, window

# A window this short, landscape and not too narrow plays compact: 960×640, 800×600 and 640×480
# portal frames, a laptop's browser, a phone on its side. (A phone upright is not: it scrolls.)
SHORT_LANDSCAPE = "(orientation: landscape) and (max-height: 760px) and (min-width: 560px)"


def is_compact() -> bool:
    """Return whether the page has the compact layout now."""
    return bool(document.documentElement.hasAttribute("data-compact"))


def update_compact(fullscreen: bool) -> bool:
    """Give the page the compact layout where the window is short and landscape, or in full screen;
    return whether that changed."""
    wanted = fullscreen or bool(window.matchMedia(SHORT_LANDSCAPE).matches)
    if wanted == is_compact():
        return False
    document.documentElement.toggleAttribute("data-compact", wanted)
    return True
