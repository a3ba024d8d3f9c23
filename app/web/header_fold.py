"""On a phone held upright the header is one row: its options (language, music, sound, full screen) fold into Settings.

A 360 px wide header with every control in it took three rows (about 130 px) above every screen. There,
the options move to the top of the Settings panel, and the header keeps the site's name, Controls and
Settings; on a wider window, or in the compact layout (already one line), they stand in the header again.
The elements themselves move (same ids, listeners and states), so nothing is duplicated.
"""

from __future__ import annotations

from app.web.compact import is_compact
from app.web.dom import by_id, window

PHONE_UPRIGHT = "(max-width: 640px)"  # static/css/masume.css's phone breakpoint


def fold_header() -> bool:
    """Put the header's options where the window wants them (in Settings on a phone); return whether they are folded."""
    options = by_id("header-options")
    if options is None:
        return False
    folded = bool(window.matchMedia(PHONE_UPRIGHT).matches) and not is_compact()
    body, keys = by_id("settings-body"), by_id("keys-button")
    if folded and options.parentNode != body:
        body.insertBefore(options, body.firstChild)
    elif not folded and options.parentNode == body:
        keys.parentNode.insertBefore(options, keys)
    options.classList.toggle("folded", folded)
    return folded
