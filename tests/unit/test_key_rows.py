"""The keys help: every board action's keys, and the page's own keys (single keys only when on)."""

from __future__ import annotations

from app.core.strings import catalogue
from app.web.layout import MOUSE_PRIMARY, Action, global_key_rows, key_help, key_rows

EN = catalogue("en")


def t(key: str, **params: object) -> str:
    return EN[key].format(**params)


ACTIONS = (
    Action("open", "action_open", keys=("Enter", " "), buttons=(MOUSE_PRIMARY,)),
    Action("flag", "action_flag", keys=("f",)),
    Action("tap", "action_press", tap=True),  # no keys: not listed
)


def test_key_rows_list_each_action_with_its_keys() -> None:
    assert key_rows(ACTIONS, t) == [("Enter or Space", "open"), ("F", "flag")]
    assert key_help(ACTIONS, t) == "Enter or Space: open. F: flag"


def test_global_rows_drop_single_keys_when_they_are_off() -> None:
    on = dict(global_key_rows(t, single_keys=True))
    off = dict(global_key_rows(t, single_keys=False))
    assert {"H", "N", "?", "Control+Z"} <= set(on)
    assert "Control+Z" in off and not {"H", "N", "?"} & set(off)


def test_f_toggles_full_screen_only_where_the_browser_allows_it_and_says_so_beside_a_board_that_uses_f() -> None:
    assert "F" not in dict(global_key_rows(t, single_keys=True))  # no full screen here: no row
    assert dict(global_key_rows(t, single_keys=True, fullscreen=True))["F"] == "full screen, on or off"
    assert "F" not in dict(global_key_rows(t, single_keys=False, fullscreen=True))  # a single-key shortcut
    beside_flag = dict(global_key_rows(t, single_keys=True, fullscreen=True, board_actions=ACTIONS))
    assert beside_flag["F (away from the board)"] == "full screen, on or off"
