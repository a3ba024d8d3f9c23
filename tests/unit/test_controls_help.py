"""The controls a board's help names (issue 26): only the board's own actions, for the player's pointer, each
explained once by the controls card beside the board."""

from __future__ import annotations

from dataclasses import replace

from app.core.strings import catalogue
from app.games import mirrors
from app.web.layout import (
    MOUSE_MIDDLE,
    MOUSE_PRIMARY,
    MOUSE_SECONDARY,
    Action,
    controls_lines,
    explained_entries,
    first_explanation,
    key_help,
    keyshortcuts,
    mouse_rows,
    pointer_help,
    touch_rows,
    unexplained,
)
from tests.unit.test_mirrors_view import view_on

EN, JA = catalogue("en"), catalogue("ja")


def t(key: str, **params: object) -> str:
    return EN[key].format(**params)


def t_ja(key: str, **params: object) -> str:
    return JA[key].format(**params)


TURN = Action("turn", "action_turn_or_place", keys=("Enter", " "), buttons=(MOUSE_PRIMARY,), tap=True)
PLACE = Action("place_mirror", "action_place_mirror", keys=("m",))
TAKE = Action("take", "action_take", keys=("Delete", "t"), buttons=(MOUSE_SECONDARY,), long_press=True)
SPLIT = Action("place_splitter", "action_place_splitter", keys=("s",), listed=False)
LOCK = Action("lock", "action_lock", keys=("l",), buttons=(MOUSE_MIDDLE,))
BOARD = (TURN, PLACE, SPLIT, TAKE)


def test_an_unlisted_action_answers_its_keys_but_no_help_names_it() -> None:
    assert SPLIT.matches_key("s", False)
    assert "S" not in keyshortcuts(BOARD).split()
    assert "splitter" not in key_help(BOARD, t)
    hidden_take = (TURN, replace(TAKE, listed=False))
    assert touch_rows(hidden_take, t) == [("Tap", "turn, or place the chosen piece on an empty cell")]
    assert mouse_rows(hidden_take, t) == [("Click", "turn, or place the chosen piece on an empty cell")]


def test_the_card_gives_each_action_its_pointer_then_its_keys_and_on_touch_only_taps_and_long_presses() -> None:
    assert controls_lines(BOARD, t, touch_only=False) == [
        "Tap or click (Enter, Space): turn, or place the chosen piece on an empty cell",
        "Long press or right-click (Delete, T): take a placed piece back",
        "M: place a mirror / (rising)",
    ]
    assert controls_lines(BOARD, t, touch_only=True) == [
        "Tap: turn, or place the chosen piece on an empty cell", "Long press: take a placed piece back"]
    assert controls_lines(BOARD, t, touch_only=False, of=[TAKE]) == [
        "Long press or right-click (Delete, T): take a placed piece back"]
    assert controls_lines((LOCK,), t, touch_only=False) == ["Middle-click (L): lock"]
    assert controls_lines(BOARD, t_ja, touch_only=True, of=[TAKE]) == ["長押し：置いた部品を取り外す"]
    assert pointer_help(BOARD, t, touch_only=True) == (
        "Tap: turn, or place the chosen piece on an empty cell. Long press: take a placed piece back")


def test_each_action_is_explained_once_by_what_it_does() -> None:
    seen: list[str] = []
    assert first_explanation("mirrors", seen)
    turning = (Action("turn", "action_turn", keys=("Enter",), buttons=(MOUSE_PRIMARY,), tap=True),)
    assert unexplained("mirrors", turning, seen) == list(turning)
    seen += explained_entries("mirrors", turning)
    assert not first_explanation("mirrors", seen) and first_explanation("pipes", seen)
    assert unexplained("mirrors", turning, seen) == []
    # a press that now also places is new; the unlisted splitter key is never explained
    assert unexplained("mirrors", BOARD, seen) == [TURN, PLACE, TAKE]
    seen += explained_entries("mirrors", BOARD)
    assert "mirrors:action_place_splitter" not in seen
    assert unexplained("mirrors", BOARD, seen) == []


def test_light_path_lists_only_the_pieces_a_board_gives() -> None:
    listed = {stage: {a.name for a in view_on(mirrors.stage_state(stage))[0].actions if a.listed}
              for stage in ("1-01", "4-06", "4-07")}
    assert listed["1-01"] == {"turn", "routes"}  # (B reads the beams' routes on every board, #30)
    assert listed["4-06"] == {"turn", "place_mirror", "place_mirror_back", "take", "routes"}  # a mirror, no splitter
    assert listed["4-07"] == {"turn", "place_splitter", "place_splitter_back", "take", "routes"}  # a splitter
    bound = {a.name for a in view_on(mirrors.stage_state("4-07"))[0].actions}
    assert "place_mirror" in bound, "M still answers on 4-07, to say there is no mirror to place"


def test_the_controls_cards_record_keeps_every_games_entries_and_never_outgrows_a_setting() -> None:
    """Every game's actions explained once fit one setting (they outgrew 256 characters and the write stopped the
    screen, #30's browser module found it); past the limit the oldest go first."""
    from app.core.records import MAX_SETTING_TEXT, setting_schema
    from app.web.layout import remembered_entries

    everything = [f"{game}:action_{what}_{n}" for game in ("crosslight", "mines", "mirrors", "pipes")
                  for n, what in enumerate(("turn_or_place", "take", "place_mirror_back", "flag"))]
    kept = remembered_entries(everything[:8], everything[8:], MAX_SETTING_TEXT)
    assert kept.split(",") == everything and setting_schema(kept) == kept
    many = [f"game{n}:action_something_long" for n in range(60)]
    kept = remembered_entries(many[:50], many[50:], MAX_SETTING_TEXT)
    assert len(kept) <= MAX_SETTING_TEXT and kept.endswith(many[-1]) and many[0] not in kept.split(",")
    assert setting_schema(kept) == kept
