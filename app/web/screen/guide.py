"""How to play, on the game screen: the Controls help's sections and the first-visit line under the board."""

from __future__ import annotations

from typing import Any

from app.web.dom import window
from app.web.layout import global_key_rows, key_rows, mouse_rows, pointer_help, touch_rows


def screen_key_rows(screen: Any) -> list[tuple[str, str]]:
    """Every key of this screen: the board's actions, then the page's own (for the Controls help)."""
    t = screen.i18n.t
    return key_rows(screen.view.actions, t) + global_key_rows(t, single_keys=screen.shell.shortcuts_on,
                                                             fullscreen=screen.shell.fullscreen.allowed,
                                                             board_actions=screen.view.actions)


def control_sections(screen: Any) -> list[tuple[str, list[tuple[str, str]], str | None]]:
    """The Controls help: (title key, rows, a line of text) for mouse, touch, keyboard and hints.

    Mouse and touch come from the board's declared actions, as the board reads them; on a touch
    screen (a coarse pointer) touch comes first.
    """
    t, actions = screen.i18n.t, screen.view.actions
    pointers = [("controls_mouse", mouse_rows(actions, t), None), ("controls_touch", touch_rows(actions, t), None)]
    if bool(window.matchMedia("(pointer: coarse)").matches):
        pointers.reverse()
    return [*pointers,
            ("controls_keyboard", screen_key_rows(screen), None),
            ("controls_hints", [], t("controls_hint_rule"))]


def show_intro(screen: Any) -> None:
    """On a player's first visit to this game, say under the board how to play it (once, then remembered)."""
    seen = [game for game in str(screen.shell.settings.get("intros_seen")).split(",") if game]
    if screen.game in seen:
        return
    screen.intro_line.hidden = False
    word_intro(screen)
    screen.shell.settings.set("intros_seen", ",".join([*seen, screen.game]))  # seen: not shown on the next visit
    screen.shell.check_storage()


def word_intro(screen: Any) -> None:
    """Word the first-visit line in the current language (while it is shown)."""
    if not screen.intro_line.hidden:
        t = screen.i18n.t
        screen.intro_line.textContent = t("intro_line", items=pointer_help(screen.view.actions, t))
