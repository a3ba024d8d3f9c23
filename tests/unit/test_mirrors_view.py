"""Light Path's view without a browser: hint words, refusals, beam colours in labels, summaries, the legend.

The view module reaches the page through `js` and `pyodide`; these tests use none of
it (stand-ins below), only its words and its codes, through a host that translates
like the page does (English singulars included).
"""

from __future__ import annotations

import sys
import types
from typing import Any
from unittest import mock

import pytest

sys.modules.setdefault("js", mock.MagicMock(name="js"))
_pyodide = sys.modules.setdefault("pyodide", types.ModuleType("pyodide"))
_ffi = sys.modules.setdefault("pyodide.ffi", types.ModuleType("pyodide.ffi"))
_ffi.create_proxy = lambda function: function  # type: ignore[attr-defined]
_pyodide.ffi = _ffi  # type: ignore[attr-defined]

from app.core.game import RefusedMoveError  # noqa: E402 - after the stand-ins above
from app.core.rng import Rng  # noqa: E402
from app.core.strings import translate  # noqa: E402
from app.games import mirrors as mi  # noqa: E402
from app.games.mirrors import cells as mc  # noqa: E402
from app.games.mirrors import strings  # noqa: E402
from app.games.mirrors.board import Puzzle  # noqa: E402
from app.games.mirrors.stages import TIERS  # noqa: E402
from app.web.screen.size_form import MenuOption, size_menu  # noqa: E402
from app.web.views.mirrors import MirrorsView  # noqa: E402
from app.web.views.mirrors_panel import LEGEND, legend_pieces  # noqa: E402
from tests.unit.play_host import PlayHost  # noqa: E402


def board(rows: list[str], sources: list[tuple[int, int, int, int]]) -> mi.State:
    """A state from stage-file tokens and (row, col, direction, colour) sources."""
    grid = [row.split() for row in rows]
    cells = tuple(mc.CODE_OF_TOKEN[token] for row in grid for token in row)
    return mi.State(Puzzle(len(grid), len(grid[0]), cells, tuple(mi.Source(*s) for s in sources)))


class Board:
    """The board calls a view makes, recorded."""

    def __init__(self) -> None:
        self.marks: dict[str, list[tuple[int, int]]] = {}
        self.cursor: tuple[int, int] | None = None
        self.codes: Any = None  # nothing painted yet

    def mark(self, cells: list[tuple[int, int]], css_class: str, **_: Any) -> None:
        self.marks[css_class] = list(cells)

    def move_cursor(self, row: int, col: int, focus: bool = False) -> None:
        self.cursor = (row, col)

    def has_focus(self) -> bool:
        return False

    def animate(self, *_: Any) -> None:
        pass


class Host(PlayHost):
    """A page that plays moves as the game screen does (app.core.play), in English unless told."""

    def __init__(self, state: mi.State, lang: str = "en") -> None:
        super().__init__(mi.SPEC, state, Board(), lang=lang)


def view_on(state: mi.State, lang: str = "en") -> tuple[MirrorsView, Host]:
    host = Host(state, lang)
    view = MirrorsView(host, mi.SPEC)
    host.view = view
    return view, host


def label_of(view: MirrorsView, state: mi.State, row: int, col: int) -> str:
    codes = view.codes(state)
    return view.label(int(codes[row + 1, col + 1]), (row, col))


# --- 1. a hint is said as done, with the turns left after it, and ringed ---------------------------------


def test_a_hint_says_the_mirror_was_turned_and_the_turns_left_after_it() -> None:
    state = mi.stage_state("3-05")
    view, host = view_on(state)
    move = host.hint()
    after = mi.apply(state, move)
    left = mi.remaining_turns(after)
    assert left == mi.remaining_turns(state) - 1
    text = f"Turned the mirror at row {move[1] + 1}, column {move[2] + 1}; {left} turns to go"
    assert host.said[-1].startswith(text + ". ")  # the hint's words lead the summary, then what lit
    assert host.said[-1].endswith(f"{len(mi.lit_targets(after))} of {len(mi.targets(after))} targets lit")
    assert host.state == after and host.playing.session.hints_used == 1  # played and counted
    assert host.board.marks["hinted"] == [(move[1], move[2])]
    assert host.board.cursor == (move[1], move[2])


def test_the_hint_before_last_says_one_turn_in_the_singular() -> None:
    state = mi.stage_state("3-05")
    while mi.remaining_turns(state) > 2:
        state = mi.apply(state, mi.hint(state))
    move = mi.hint(state)
    view, _ = view_on(state)
    assert view.hint_words(state, move) == (
        f"Turned the mirror at row {move[1] + 1}, column {move[2] + 1}; 1 turn to go")
    japanese, _ = view_on(state, "ja")
    assert japanese.hint_words(state, move) == f"{move[1] + 1}行{move[2] + 1}列の鏡を回しました。あと1回です"


def test_a_turn_that_is_not_the_hint_is_not_ringed_nor_said_as_a_hint() -> None:
    state = mi.stage_state("3-05")
    hinted = mi.hint(state)
    other = next(("turn", r, c) for r, c in state.turnable_cells() if ("turn", r, c) != hinted)
    view, host = view_on(state)
    host.request(other)
    assert "hinted" not in host.board.marks or host.board.marks["hinted"] == []
    assert not host.said[-1].startswith("Turned")


# --- 2. fixed mirrors, empty cells and sources say why nothing turned --------------------------------------


def test_a_fixed_mirror_is_refused_in_words() -> None:
    state = board(["L/ # TW", ". / ."], [(1, -1, mc.RIGHT, mc.WHITE)])
    with pytest.raises(RefusedMoveError) as refused:
        mi.apply(state, ("turn", 0, 0))
    assert refused.value.string_key == "mirrors_refused_fixed"
    assert translate("en", refused.value.string_key, **refused.value.params) == (
        "Row 1, column 1 is a fixed mirror; it cannot turn.")
    assert translate("ja", refused.value.string_key, **refused.value.params) == "1行1列は固定された鏡です。回せません。"


@pytest.mark.parametrize("row, col", [(0, 1), (0, 2), (1, 0), (1, 2)])
def test_a_cell_with_nothing_to_turn_is_refused_in_words(row: int, col: int) -> None:
    state = board(["L/ # TW", ". / ."], [(1, -1, mc.RIGHT, mc.WHITE)])
    with pytest.raises(RefusedMoveError) as refused:
        mi.apply(state, ("turn", row, col))
    assert refused.value.string_key == "mirrors_refused_nothing"
    assert translate("en", "mirrors_refused_nothing", **refused.value.params) == (
        f"Nothing to turn at row {row + 1}, column {col + 1}.")


def test_every_cell_and_a_source_ask_the_backend_which_refuses_in_words() -> None:
    state = board(["L/ # TW", ". / ."], [(1, -1, mc.RIGHT, mc.WHITE)])
    view, host = view_on(state)
    for row in range(2):
        for col in range(3):
            assert view.move_for("turn", state, row, col) == ("turn", row, col)
    host.request(view.move_for("turn", state, 0, 0))
    assert host.said[-1] == "Row 1, column 1 is a fixed mirror; it cannot turn." and host.sounds[-1] == "error"
    assert host.state == state
    assert view.move_for("turn", state, 1, -1) == ("turn", 1, -1)  # the source: the backend says why not
    host.request(("turn", 1, -1))
    assert host.said[-1] == "Nothing to turn here: this is a light source." and host.sounds[-1] == "error"
    assert host.state == state
    assert view.move_for("turn", state, -1, 0) is None, "an empty place on the ring is nothing to press"
    won = mi.apply(state, ("turn", 1, 1)) if mi.status(state) == 0 else state
    if mi.status(won) == 1:  # a finished board says nothing more
        assert view.move_for("turn", won, 1, -1) is None and view.move_for("turn", won, 0, 0) is None


def test_a_source_on_the_ring_is_named_by_its_side_and_its_grid_position_agrees() -> None:
    # One source on each side of a 2×3 board; each shines into the cell it is named beside.
    state = board([". . .", ". . TW"], [(-1, 1, mc.DOWN, mc.WHITE), (2, 0, mc.UP, mc.RED),
                                        (0, -1, mc.RIGHT, mc.GREEN), (1, 3, mc.LEFT, mc.BLUE)])
    view, _ = view_on(state)
    labels = {position: label_of(view, state, *position) for position in [(-1, 1), (2, 0), (0, -1), (1, 3)]}
    assert labels == {(-1, 1): "Source white, above row 1, column 2, heading down",
                      (2, 0): "Source red, below row 2, column 1, heading up",
                      (0, -1): "Source green, left of row 1, column 1, heading right",
                      (1, 3): "Source blue, right of row 2, column 3, heading left"}
    # The ARIA grid: cells are numbered as their labels; the ring goes on after them (below: row 3, right:
    # column 4) and has no index before row 1 or column 1 (indices start at 1): "above", "left of" say it.
    rows, _ = view.layout(state).grid_rows(range(-1, 3))
    index = {(r, c): (row_index, col_index) for row_index, cells in rows for _, r, c, col_index in cells}
    assert index[(0, 0)] == (1, 1) and index[(1, 2)] == (2, 3), "cells agree with their labels"
    assert index[(-1, 1)] == (0, 2), "above row 1: no row index, the column of its label"
    assert index[(2, 0)] == (3, 1), "below row 2: the row after it, the column of its label"
    assert index[(0, -1)] == (1, 0), "left of column 1: the row of its label, no column index"
    assert index[(1, 3)] == (2, 4), "right of column 3: the row of its label, the column after it"
    japanese, _ = view_on(state, "ja")
    assert label_of(japanese, state, -1, 1) == "白の光源、1行2列の上から下向きに照らす"
    assert label_of(japanese, state, 1, 3) == "青の光源、2行3列の右から左向きに照らす"


# --- 3. labels name the beam's colours; undo, redo and restart say the targets -----------------------------


def test_a_label_names_the_colour_of_the_beam_that_reaches_a_cell() -> None:
    state = board([". TG"], [(0, -1, mc.RIGHT, mc.BLUE)])
    view, _ = view_on(state)
    assert label_of(view, state, 0, 1) == "Row 1, column 2, target green unlit, blue beam"
    assert label_of(view, state, 0, 0) == "Row 1, column 1, empty, blue beam"
    japanese, _ = view_on(state, "ja")
    assert label_of(japanese, state, 0, 1) == "1行2列、緑の灯台、消灯、青の光"


def test_a_label_names_every_colour_in_a_cell() -> None:
    # A white beam turns red in the glass; a green beam crosses the first cell downwards.
    state = board([". GR TR", ". . ."], [(0, -1, mc.RIGHT, mc.WHITE), (-1, 0, mc.DOWN, mc.GREEN)])
    view, _ = view_on(state)
    assert label_of(view, state, 0, 1) == "Row 1, column 2, glass red, white and red beams"
    assert label_of(view, state, 0, 0) == "Row 1, column 1, empty, white and green beams"
    assert label_of(view, state, 0, 2) == "Row 1, column 3, target red lit, red beam"
    assert label_of(view, state, 1, 2) == "Row 2, column 3, empty"
    japanese, _ = view_on(state, "ja")
    assert label_of(japanese, state, 0, 0) == "1行1列、空き、白と緑の光"


def test_undo_redo_and_restart_say_which_targets_changed_and_how_many_are_lit() -> None:
    state = board([". . .", "TW / TW", ". . ."], [(3, 1, mc.UP, mc.WHITE)])
    view, _ = view_on(state)
    turned = mi.apply(state, ("turn", 1, 1))
    assert mi.lit_targets(state) == {(1, 2)} and mi.lit_targets(turned) == {(1, 0)}
    # move=None: an undo, redo or restart (the screen says which first)
    assert view.move_summary(turned, state, None, "short") == (
        "Lit: white target at row 2, column 3; unlit: white target at row 2, column 1; 1 of 2 targets lit")
    assert view.move_summary(turned, state, None, "full") == (
        "Lit: white target at row 2, column 3. Unlit: white target at row 2, column 1. 1 of 2 targets lit")
    assert view.move_summary(state, state, None, "full") == "1 of 2 targets lit"
    assert view.move_summary(None, state, None, "short") == "1 of 2 targets lit"
    assert view.move_summary(state, turned, ("turn", 1, 1), "full").startswith(
        "Row 2, column 2 turned, now mirror \\ (falling). Lit: ")
    assert view.move_summary(state, turned, ("turn", 1, 1), "short").startswith(
        "Row 2, column 2 turned, now mirror \\ (falling); lit: ")
    aside = board([". . /", "TW / TW", ". . ."], [(3, 1, mc.UP, mc.WHITE)])  # a mirror no beam reaches
    assert view.move_summary(aside, mi.apply(aside, ("turn", 0, 2)), ("turn", 0, 2), "short") == \
        "Row 1, column 3 turned, now mirror \\ (falling); 1 of 2 targets lit", \
        "a turn that changed no beam says what it did"
    japanese, _ = view_on(state, "ja")
    assert japanese.move_summary(turned, state, None, "short").endswith("灯台 2 基のうち 1 基が点灯")


def test_a_turn_that_reroutes_a_beam_says_where_it_now_stops() -> None:
    state = board([". / . TR", ". . . .", ". # . ."], [(0, -1, mc.RIGHT, mc.RED)])
    view, _ = view_on(state)
    turned = mi.apply(state, ("turn", 0, 1))
    wall = "The red beam now ends at the wall at row 3, column 2"
    assert view.move_summary(state, turned, ("turn", 0, 1), "short") == (
        f"Row 1, column 2 turned, now mirror \\ (falling); {wall[:1].lower()}{wall[1:]}; 0 of 1 target lit")
    assert view.move_summary(state, turned, ("turn", 0, 1), "full") == (
        f"Row 1, column 2 turned, now mirror \\ (falling). {wall}. 0 of 1 target lit")
    assert view.move_summary(turned, state, None, "short") == (
        "The red beam now leaves the board from row 1, column 2, heading up; 0 of 1 target lit")
    japanese, _ = view_on(state, "ja")
    assert japanese.move_summary(state, turned, None, "short").startswith("赤の光は3行2列の壁で止まります、")


def test_a_turn_says_the_pieces_new_slant_in_its_labels_words_in_one_short_sentence() -> None:
    state = board(["/ . TW", "S/ . .", "L/ . ."], [(0, -1, mc.RIGHT, mc.WHITE)])
    view, _ = view_on(state)
    japanese, _ = view_on(state, "ja")
    for row, col, before_words, after_words in ((0, 0, "mirror / (rising)", "mirror \\ (falling)"),
                                                    (1, 0, "splitter / (rising)", "splitter \\ (falling)")):
        turned = mi.apply(state, ("turn", row, col))
        move = ("turn", row, col)
        assert label_of(view, turned, row, col).startswith(f"Row {row + 1}, column {col + 1}, {after_words}")
        short = view.move_summary(state, turned, move, "short")
        assert short is not None and short.startswith(f"Row {row + 1}, column {col + 1} turned, now {after_words}; ")
        assert short.count(".") == 0 and short.endswith("of 1 target lit"), "short: one sentence"
        full = view.move_summary(state, turned, move, "full")
        assert full is not None and full.startswith(f"Row {row + 1}, column {col + 1} turned, now {after_words}. ")
        back = view.move_summary(turned, mi.apply(turned, move), move, "short")
        assert back is not None and back.startswith(f"Row {row + 1}, column {col + 1} turned, now {before_words}; ")
        said = japanese.move_summary(state, turned, move, "short")
        ja_words = translate("ja", mi.cell_kind(turned, row, col).label_key)
        assert ja_words in label_of(japanese, turned, row, col)
        assert said is not None and said.startswith(f"{row + 1}行{col + 1}列を{ja_words}に回しました、")
        assert "。" not in said, "short: one sentence in Japanese too"
        assert japanese.move_summary(state, turned, move, "full").startswith(
            f"{row + 1}行{col + 1}列を{ja_words}に回しました。")


def test_every_slant_is_said_in_words_not_only_as_a_glyph() -> None:
    # Screen readers at their usual punctuation level say no "\\" at all (NVDA reads a backslash only at
    # "most"), so a label carrying only the glyph would say "mirror" for both slants.
    from app.games.mirrors import strings
    words = {"en": ("(rising)", "(falling)"), "ja": ("右上がり", "右下がり")}
    for table, (rising, falling) in ((strings.EN, words["en"]), (strings.JA, words["ja"])):
        slanted = {key: text for key, text in table.items() if key.endswith(("_slash", "_backslash"))}
        assert len(slanted) >= 12
        for key, text in slanted.items():
            wanted = falling if key.endswith("_backslash") else rising
            assert wanted.strip("()") in text, (key, text)


def test_the_key_help_says_the_slant_of_a_piece_to_place_in_words() -> None:
    # The line under the board and the Controls dialog read "M: place a mirror /. Shift+M: place a mirror \",
    # which a screen reader says as "place a mirror" twice.
    for language, (rising, falling) in (("en", ("rising", "falling")), ("ja", ("右上がり", "右下がり"))):
        for piece in ("mirror", "splitter"):
            assert rising in translate(language, f"action_place_{piece}"), (language, piece)
            assert falling in translate(language, f"action_place_{piece}_back"), (language, piece)


def test_a_placed_piece_is_said_with_its_slant_in_words() -> None:
    # The cell's label says the slant, but a focused button's changed name is not reliably re-read: a hint
    # that places a piece, or a tap with the other slant chosen, said only "Placed a mirror".
    state = mi.stage_state("4-07")
    view, _ = view_on(state)
    for orientation, words in ((0, "splitter / (rising)"), (1, "splitter \\ (falling)")):
        move = ("place", 2, 4, "splitter", orientation)
        said = view.move_summary(state, mi.apply(state, move), move, "short")
        assert said is not None and said.startswith(f"Placed a {words} at row 3, column 5"), said
    japanese, _ = view_on(state, "ja")
    move = ("place", 2, 4, "splitter", 1)
    said = japanese.move_summary(state, mi.apply(state, move), move, "full")
    assert said is not None and said.startswith("3行5列にハーフミラー ＼（右下がり）を置きました"), said


def test_one_target_is_said_in_the_singular() -> None:
    state = board(["/ TW"], [(0, -1, mc.RIGHT, mc.WHITE)])
    view, _ = view_on(state)
    assert view.move_summary(None, state, None, "short") == "0 of 1 target lit"
    assert translate("en", "mirrors_live_count", lit=1, total=3) == "1 of 3 targets lit"


# --- 2. the legend: the pieces the board has ----------------------------------------------------------------


def test_the_legend_shows_the_pieces_the_board_has() -> None:
    assert legend_pieces(mi.stage_state("3-05")) >= {"mirror", "fixed", "filter", "glass", "target", "source",
                                                      "letters", "wall"}
    simple = board(["/ TW"], [(0, -1, mc.RIGHT, mc.WHITE)])
    assert legend_pieces(simple) == {"mirror", "target", "source", "letters"}
    for piece in LEGEND:
        assert f"mirrors_legend_{piece}" in strings.EN and f"mirrors_legend_{piece}" in strings.JA
    assert "orange dot" in strings.EN["mirrors_legend_fixed"] and "cannot turn" in strings.EN["mirrors_legend_fixed"]
    assert "only light of its own colour" in strings.EN["mirrors_legend_filter"]
    # colour is never the only cue (#19): the legend says how a lit target and each beam look besides their hue
    assert "rays" in strings.EN["mirrors_legend_target"] and "光の筋" in strings.JA["mirrors_legend_target"]
    for pattern in ("solid", "dashes", "dots"):
        assert pattern in strings.EN["mirrors_legend_letters"]


# --- second edition: pieces to place, splitters, the view's codes -----------------------------------------------


def test_a_press_places_the_chosen_piece_or_the_only_kind_left() -> None:
    assert mi.piece_to_place((2, 1), "splitter") == "splitter"
    assert mi.piece_to_place((2, 0), "splitter") == "mirror"
    assert mi.piece_to_place((0, 0), "splitter") == "splitter", "none left: the backend says so"


def test_codes_carry_every_second_edition_code_and_open_cells_are_named() -> None:
    from app.web.views.mirrors_paint import BEAM, KIND, OPEN

    state = mi.stage_state("4-07")
    view, _ = view_on(state)
    codes = view.codes(state)
    inner = codes[1:-1, 1:-1]
    assert [int(code) & KIND for code in inner.flatten()] == list(state.cells)
    placed = mi.apply(state, ("place", 2, 4, "splitter", 1))
    code = int(view.codes(placed)[3, 5])
    assert code & KIND == mc.PLACED_SPLITTER + 1 and code & BEAM
    assert view.label(code, (2, 4)).startswith("Row 3, column 5, placed splitter \\")
    empty = int(codes[1, 1])
    assert empty & OPEN and view.label(empty, (0, 0)).startswith("Row 1, column 1, empty, can take a piece")
    first_edition = view_on(mi.stage_state("1-01"))[0].codes(mi.stage_state("1-01"))
    assert not (first_edition & OPEN).any(), "no pieces to place: an empty cell is just empty"


def test_the_keys_place_turn_and_take_back_and_the_words_say_what_is_left() -> None:
    state = mi.stage_state("4-07")
    view, _ = view_on(state)
    assert view.move_for("place_splitter_back", state, 2, 4) == ("place", 2, 4, "splitter", 1)
    assert view.move_for("turn", state, 2, 4) == ("place", 2, 4, "splitter", 0), "the only kind in hand"
    placed = mi.apply(state, ("place", 2, 4, "splitter", 0))
    assert view.move_for("turn", placed, 2, 4) == ("turn", 2, 4)
    assert view.move_for("take", placed, 2, 4) == ("take", 2, 4)
    said = view.move_summary(state, placed, ("place", 2, 4, "splitter", 0), "full")
    assert said is not None and "Placed a splitter / (rising) at row 3, column 5" in said
    assert "Splitters to place: 0" in said
    taken = mi.apply(placed, ("take", 2, 4))
    said = view.move_summary(placed, taken, ("take", 2, 4), "short")
    # the piece taken back is named, as a placement names it (#30)
    assert said is not None and said.startswith("Took back the splitter / (rising) at row 3, column 5; splitters to "
                                                "place: 1")
    back = mi.apply(mi.apply(state, ("place", 1, 1, "splitter", 1)), ("take", 1, 1))
    said = view.move_summary(mi.apply(state, ("place", 1, 1, "splitter", 1)), back, ("take", 1, 1), "full")
    assert said is not None and said.startswith("Took back the splitter \\ (falling) at row 2, column 2.")
    assert view.hint_words(placed, ("take", 2, 4)).startswith("Took back the splitter / (rising) at row 3, column 5")
    said = view.move_summary(state, placed, ("place", 2, 4, "splitter", 0), "short")
    assert said is not None
    assert said.startswith("Placed a splitter / (rising) at row 3, column 5; splitters to place: 0")
    # an undo, a redo or a hinted placement (no move given) still says what is left in hand, and never a turn
    assert view.move_summary(placed, state, None, "short").startswith("Splitters to place: 1; ")
    assert view.move_summary(state, placed, None, "full").startswith("Splitters to place: 0. ")
    turned = mi.apply(placed, ("turn", 2, 4))
    assert "to place" not in view.move_summary(placed, turned, None, "full")
    start = mi.stage_state("4-03")
    solution = mi.solve_moves(start)
    assert solution is not None and solution[-1] == ("place", 4, 4, "mirror", 0)
    before_last = mi.apply(mi.apply(start, solution[0]), solution[1])
    assert mi.hint(before_last) == solution[-1]
    assert view.hint_words(before_last, solution[-1]) == "Placed a mirror / (rising) at row 5, column 5; 0 moves to go"
    # a turn while pieces are still to place: what is left is counted in moves
    assert view.hint_words(mi.apply(start, solution[0]), solution[1]).endswith("1 move to go")


def test_the_placement_keys_are_offered_only_where_there_are_pieces_to_place() -> None:
    placing = {action.name for action in view_on(mi.stage_state("4-07"))[0].actions}
    assert {"turn", "place_mirror", "place_splitter_back", "take"} <= placing
    turning = view_on(mi.stage_state("1-01"))[0].actions
    assert [(action.name, action.label_key) for action in turning] == [("turn", "action_turn"),
                                                                         ("routes", "action_beam_routes")]


def test_a_hinted_splitter_is_called_a_splitter() -> None:
    for stage_id in TIERS[4]:
        state = mi.stage_state(stage_id)
        moves = mi.solve_moves(state) or ()
        for number, move in enumerate(moves):
            if move[0] == "turn" and mi.cell_kind(state, move[1], move[2]).kind == "splitter":
                words = view_on(state)[0].hint_words(state, move)
                assert words.startswith(f"Turned the splitter at row {move[1] + 1}, column {move[2] + 1}; ")
                left = len(moves) - number - 1
                assert words.endswith("1 move to go" if left == 1 else f"; {left} moves to go")
                return
            state = mi.apply(state, move)
    pytest.fail("no stage of tier 4 turns a splitter")


# ----- the size menu ---------------------------------------------------------------------------------


def mi_text(lang: str, key: str) -> str:
    from app.core.strings import translate

    return str(translate(lang, key))


def menu_on(state: mi.State, lang: str = "en", on_stage: bool = False) -> tuple[list[MenuOption], str]:
    _, host = view_on(state, lang)
    return size_menu(mi.SPEC, host.t, lambda name: None, mi.params_of(state), on_stage=on_stage)


def test_a_stage_made_in_the_editor_is_not_listed_among_the_boards_to_make() -> None:
    from app.games.mirrors import editor

    made = editor.put(editor.put(editor.put(editor.blank(4, 4), -1, 0, "source_red"), 0, 0, "mirror_slash"),
                      0, 3, "target_red").state()
    for lang, words in (("en", "Choose a board"), ("ja", mi_text("ja", "size_choose"))):
        options, chosen = menu_on(made, lang)
        assert chosen == "current" and options[-1] == MenuOption("current", words)
        assert not any("4×4" in option.text for option in options), "the made stage is no board to make (item 10)"
        assert [option.value for option in options[:-1]] == list(mi.PRESETS), "every preset can still be chosen"
        assert not any(option.disabled for option in options[:-1])


def test_a_board_new_game_can_make_again_is_named_and_can_be_chosen() -> None:
    preset_name, preset = next(iter(mi.PRESETS.items()))
    options, chosen = menu_on(mi.generate(preset, Rng("menu")))
    assert chosen == preset_name and "current" not in [option.value for option in options]
    odd = mi.generate(mi.parse_params("7x9-hard"), Rng("menu"))  # a size only a link or a run names
    options, chosen = menu_on(odd)
    assert chosen == "current" and options[-1] == MenuOption("current", "Hard 7×9", disabled=False)
    options, chosen = menu_on(mi.stage_state("1-01"), on_stage=True)
    assert chosen == "current" and options[-1] == MenuOption("current", "Choose a board")


@pytest.mark.parametrize("palette", ["standard", "okabe_ito"])
def test_every_element_colour_stands_out_at_3_to_1_on_a_tile(palette: str) -> None:
    """Filters, glass, targets and sources are outlined in their colour on the dark tile (WCAG 1.4.11): the
    colour-blind palette's blue (#0072b2) was 2.99:1 (#30)."""
    from app.web.views.mines_palette import contrast_ratio
    from app.web.views.mirrors_paint import BG, PALETTES

    solid, light, _, _ = PALETTES[palette]
    for colour in (*solid, *light):
        assert contrast_ratio(colour, BG["tile"]) >= 3.0, colour


def test_b_reads_every_beams_route_from_its_entry_through_each_turn_and_colour_to_its_end() -> None:
    """#30: the beams were said only where they end, and only after a move; B reads each route on demand."""
    # A red beam enters from above column 1, turns right at a "\\" mirror on row 2, passes blue glass, stops at a wall.
    state = board([". . . .", "\\ . GB #", ". . . .", ". . . ."], [(-1, 0, mc.DOWN, mc.RED)])
    view, host = view_on(state)
    said = view.routes_text(state)
    assert said == ("The red beam enters row 1, column 1 heading down; turns right at row 2, column 1; "
                    "becomes blue at row 2, column 3. The red beam now ends at the wall at row 2, column 4"), said
    assert view.move_for("routes", state, 0, 0) is None  # no move: words only
    assert host.said[-1] == said
    split = board([". . . .", "S\\ . . #", ". . . .", ". . . ."], [(-1, 0, mc.DOWN, mc.GREEN)])
    said = view.routes_text(split)
    assert said.startswith("The green beam enters row 1, column 1 heading down. The green beam now leaves the "
                           "board"), said
    assert "The green beam split off at row 2, column 1 heads right. The green beam now ends at the wall at row 2, " \
           "column 4" in said, said
    ja, _ = view_on(state, "ja")
    assert ja.routes_text(state).startswith("赤の光は1行1列に下向きに入る、2行1列で右に曲がる、2行3列で青になる。")
