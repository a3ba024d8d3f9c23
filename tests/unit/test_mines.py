"""Minesweeper rules: params, first-click safety, flood opening, chording, marks, display, 3BV, game IDs."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.gameid import GameIdError, compose, pack_bits
from app.core.rng import Rng
from app.games import mines as ms
from app.games.mines import Cell

# --- helpers (independent of the module's own code) ----------------------------------------------------


def layout(text: str) -> np.ndarray:
    """Return a bool mine grid from rows of '*' (mine) and '.' (safe)."""
    rows = [line.strip() for line in text.strip().splitlines()]
    return np.array([[ch == "*" for ch in row] for row in rows], dtype=bool)


def counts_by_hand(mines: np.ndarray) -> np.ndarray:
    """Return neighbour mine counts with plain loops."""
    height, width = mines.shape
    out = np.zeros((height, width), dtype=int)
    for r in range(height):
        for c in range(width):
            out[r, c] = sum(
                bool(mines[rr, cc])
                for rr in range(r - 1, r + 2)
                for cc in range(c - 1, c + 2)
                if (rr, cc) != (r, c) and 0 <= rr < height and 0 <= cc < width
            )
    return out


def placed(text: str, first: tuple[int, int], no_guess: bool = False) -> ms.State:
    """Return the board with this literal layout, right after its first click (built from a game ID)."""
    mines = layout(text)
    height, width = mines.shape
    params = ms.Params(width, height, int(mines.sum()), no_guess)
    return ms.decode(compose(1, ms.format_params(params), pack_bits(mines.ravel()), f"{first[0]}-{first[1]}"))


def first_click(params: ms.Params, seed: str, cell: tuple[int, int]) -> ms.State:
    return ms.apply(ms.generate(params, Rng(seed)), ("open", *cell))


def around(r: int, c: int, height: int, width: int) -> list[tuple[int, int]]:
    return [
        (rr, cc)
        for rr in range(r - 1, r + 2)
        for cc in range(c - 1, c + 2)
        if 0 <= rr < height and 0 <= cc < width
    ]


# --- params ----------------------------------------------------------------------------------------------


def test_presets_are_the_classic_three_and_no_guess():
    assert ms.PRESETS == {
        "beginner": ms.Params(9, 9, 10, True),
        "intermediate": ms.Params(16, 16, 40, True),
        "expert": ms.Params(30, 16, 99, True),
    }
    assert ms.ID == "mines"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("9x9n10", ms.Params(9, 9, 10, True)),
        ("30x16/99", ms.Params(30, 16, 99, True)),
        (" 30 x 16 / 99 ", ms.Params(30, 16, 99, True)),
        ("16×16n40", ms.Params(16, 16, 40, True)),
        ("16x16n40-guess", ms.Params(16, 16, 40, False)),
        ("16x16/40-ng", ms.Params(16, 16, 40, True)),
        ("50x5n83", ms.Params(50, 5, 83, True)),  # the no-guess density limit, W·H // 3
        ("50x5n241-guess", ms.Params(50, 5, 241, False)),  # guessing boards go up to W·H−9
        ("expert", ms.Params(30, 16, 99, True)),
    ],
)
def test_parse_params_reads_the_usual_forms(text, expected):
    assert ms.parse_params(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4x9n10", "Width and height must be between 5 and 50"),
        ("9x51n10", "Width and height must be between 5 and 50"),
        ("9x9n0-guess", "A 9×9 board takes 1 to 72 mines"),
        ("9x9n73-guess", "A 9×9 board takes 1 to 72 mines"),
        ("5x5n17-guess", "A 5×5 board takes 1 to 16 mines"),
        ("9x9n0", "A 9×9 no-guess board takes 1 to 27 mines"),
        ("9x9n28", "A no-guess 9×9 board takes at most 27 mines .* up to 72"),
        ("5x5n9", "A no-guess 5×5 board takes at most 8 mines"),
        ("9x9", "for example 9x9n10"),
        ("nine by nine", "for example 9x9n10"),
        ("", "for example 9x9n10"),
        ("9x9n10-maybe", "for example 9x9n10"),
    ],
)
def test_parse_params_rejects_bad_sizes_with_a_readable_message(text, message):
    with pytest.raises(ValueError, match=message):
        ms.parse_params(text)


def test_format_params_is_url_safe_parses_back_and_keeps_no_guess_apart():
    for params in [*ms.PRESETS.values(), ms.Params(5, 50, 241, False), ms.Params(50, 50, 1, True)]:
        text = ms.format_params(params)
        assert re.fullmatch(r"[A-Za-z0-9_-]+", text)
        assert ms.parse_params(text) == params
    assert ms.format_params(ms.Params(9, 9, 10, True)) == "9x9n10"
    assert ms.format_params(ms.Params(9, 9, 10, False)) == "9x9n10-guess"


def test_generate_checks_params_and_params_of_returns_them():
    with pytest.raises(ValueError):
        ms.generate(ms.Params(9, 9, 73), Rng("x"))
    state = ms.generate(ms.PRESETS["intermediate"], Rng("x"))
    assert ms.params_of(state) == ms.PRESETS["intermediate"]
    assert state.mines is None and ms.status(state) == 0 and state.seed
    assert ms.generate(ms.PRESETS["intermediate"], Rng("x")) == state  # the seed comes from the rng


# --- first click -----------------------------------------------------------------------------------------

FIRST_CLICK_CASES = [
    (ms.PRESETS["beginner"], 25),
    (ms.PRESETS["intermediate"], 10),
    (ms.PRESETS["expert"], 6),
    (ms.Params(9, 9, 72, False), 4),  # the maximum density W·H−9
    (ms.Params(9, 9, 27, True), 4),  # the no-guess density limit W·H // 3
    (ms.Params(5, 5, 8, True), 6),
    (ms.Params(5, 5, 16, False), 3),
    (ms.Params(12, 7, 75, False), 6),
    (ms.Params(9, 9, 10, False), 10),
]


@pytest.mark.parametrize(("params", "seeds"), FIRST_CLICK_CASES)
def test_first_click_and_its_neighbours_are_mine_free_and_open_an_area(params, seeds):
    h, w = params.height, params.width
    cells = [(0, 0), (0, w - 1), (h - 1, 0), (h - 1, w - 1), (h // 2, w // 2), (0, w // 2), (h // 2, 0)]
    for seed in range(seeds):
        for cell in cells:
            state = first_click(params, f"first{seed}", cell)
            assert state.mines is not None
            assert int(state.mines.sum()) == params.mines
            block = around(*cell, h, w)
            assert not any(state.mines[rc] for rc in block)
            assert all(state.opened[rc] for rc in block)  # a zero: its whole block opens
            assert state.first_click == cell and state.exploded is None
            assert ms.status(state) >= 0


def test_placement_is_a_pure_function_of_seed_params_and_first_cell():
    params = ms.PRESETS["expert"]
    unplaced = ms.generate(params, Rng("pure"))
    a = ms.apply(unplaced, ("open", 3, 4))
    b = ms.apply(ms.decode(ms.encode(unplaced)), ("open", 3, 4))
    assert a == b and hash(a) == hash(b)
    assert not np.array_equal(a.mines, ms.apply(unplaced, ("open", 12, 25)).mines)


def test_encode_of_a_pinned_beginner_board_never_changes():
    # Computed once; a change means the RNG, the generator or the ID format changed,
    # which breaks every shared link and saved game.
    unplaced = ms.generate(ms.PRESETS["beginner"], Rng("masume-pinned"))
    assert ms.encode(unplaced) == "1.9x9n10.mdmunwj2z3"
    assert ms.encode(ms.apply(unplaced, ("open", 2, 6))) == "1.9x9n10.oAAQIAWABAgCAAA.2-6"


# --- flood opening ---------------------------------------------------------------------------------------


def flood_by_fixed_point(mines, flagged, start):
    """Reference: grow the opened set until no opened zero has an unopened, unflagged neighbour."""
    counts = counts_by_hand(mines)
    h, w = mines.shape
    depth = {start: 0}
    changed = True
    while changed:
        changed = False
        for (r, c), d in list(depth.items()):
            if counts[r, c] != 0:
                continue
            for cell in around(r, c, h, w):
                if flagged[cell] or cell == (r, c):
                    continue
                if cell not in depth or depth[cell] > d + 1:
                    depth[cell] = d + 1
                    changed = True
    return depth


@settings(max_examples=120, deadline=None)
@given(
    width=st.integers(5, 14),
    height=st.integers(5, 14),
    density=st.floats(0.0, 0.35),
    flag_density=st.floats(0.0, 0.2),
    seed=st.integers(0, 2**32 - 1),
)
def test_flood_open_matches_a_brute_force_fixed_point(width, height, density, flag_density, seed):
    rng = np.random.default_rng(seed)
    mines = rng.random((height, width)) < density
    flagged = rng.random((height, width)) < flag_density
    safe = np.argwhere(~mines & ~flagged)
    if len(safe) == 0:
        return
    start = tuple(int(v) for v in safe[rng.integers(len(safe))])
    opened, reveal = ms.flood_open(ms.neighbour_counts(mines), np.zeros_like(mines), flagged, [start])
    expected = flood_by_fixed_point(mines, flagged, start)
    assert {(r, c) for r, c, _ in reveal} == set(expected)
    assert len(reveal) == len(expected)  # each cell once
    assert {(r, c): d for r, c, d in reveal} == expected  # depth = steps from the start
    assert [d for _, _, d in reveal] == sorted(d for _, _, d in reveal)  # outward, layer by layer
    assert set(map(tuple, np.argwhere(opened).tolist())) == set(expected)
    assert not (opened & mines).any()


def test_a_50x50_board_with_one_mine_opens_in_one_click_without_recursion():
    params = ms.Params(50, 50, 1, True)
    state = first_click(params, "wide", (0, 0))
    # A mine by an edge can shut in a corner cell, so allow for up to 8 cells not yet open.
    assert int(state.opened.sum()) >= 50 * 50 - 9
    assert max(d for _, _, d in state.last_reveal) >= 40
    assert state.last_reveal[0] == (0, 0, 0)
    empty = np.zeros((50, 50), dtype=bool)
    opened, reveal = ms.flood_open(np.zeros((50, 50), dtype=np.int8), empty, empty, [(49, 49)])
    assert opened.all() and len(reveal) == 2500 and reveal[-1][2] == 49


def test_neighbour_counts_match_plain_loops():
    rng = np.random.default_rng(7)
    for _ in range(20):
        mines = rng.random((rng.integers(5, 20), rng.integers(5, 20))) < 0.3
        assert np.array_equal(ms.neighbour_counts(mines), counts_by_hand(mines))


# --- opening, chording, marks ----------------------------------------------------------------------------

CHORD_BOARD = """
    .....
    .....
    .....
    **...
    .....
"""
# After the first click at (0, 4) only (3,0), (3,1), (4,0) and (4,1) stay hidden;
# (4,2) shows 1, its hidden neighbours being the mine (3,1) and the safe (4,1).


def test_opening_a_mine_loses_and_records_the_exploded_cell():
    state = placed(CHORD_BOARD, (0, 4))
    lost = ms.apply(state, ("open", 3, 0))
    assert ms.status(lost) == -1 and lost.exploded == (3, 0)
    with pytest.raises(ValueError, match="over"):
        ms.apply(lost, ("open", 4, 4))
    with pytest.raises(ValueError):
        ms.apply(lost, ("flag", 4, 4))


def test_chording_with_correct_flags_opens_the_other_neighbours():
    state = placed(CHORD_BOARD, (0, 4))
    hidden = {tuple(cell) for cell in np.argwhere(~state.opened).tolist()}
    assert hidden == {(3, 0), (3, 1), (4, 0), (4, 1)}
    state = ms.apply(state, ("flag", 3, 1))
    chorded = ms.apply(state, ("open", 4, 2))
    assert chorded.opened[4, 1] and ms.status(chorded) == 0
    assert chorded.last_reveal == ((4, 1, 0),)


def test_chording_with_a_wrong_flag_loses():
    state = placed(CHORD_BOARD, (0, 4))
    state = ms.apply(state, ("flag", 4, 1))  # wrong: the mine next to (4,2) is (3,1)
    lost = ms.apply(state, ("open", 4, 2))
    assert ms.status(lost) == -1 and lost.exploded == (3, 1)
    assert ms.visible_grid(lost)[4, 1] == Cell.WRONG_FLAG


def test_chording_needs_matching_flags_and_something_to_open():
    state = placed(CHORD_BOARD, (0, 4))
    with pytest.raises(ValueError, match="flags"):
        ms.apply(state, ("open", 4, 2))  # no flag around a 1
    with pytest.raises(ValueError, match="nothing"):
        ms.apply(state, ("open", 0, 4))  # a zero has nothing hidden around it


def test_marks_cycle_with_and_without_question_marks():
    state = placed(CHORD_BOARD, (0, 4))
    cell = (4, 1)
    seen = []
    for _ in range(4):
        state = ms.apply(state, ("mark", *cell, True))
        seen.append(ms.visible_grid(state)[cell])
    assert seen == [Cell.FLAG, Cell.QUESTION, Cell.HIDDEN, Cell.FLAG]
    state = ms.apply(state, ("mark", *cell, False))
    assert ms.visible_grid(state)[cell] == Cell.HIDDEN
    state = ms.apply(state, ("flag", *cell))
    assert ms.mines_left(state) == 1
    with pytest.raises(ValueError, match="flagged"):
        ms.apply(state, ("open", *cell))
    with pytest.raises(ValueError, match="already"):
        ms.apply(state, ("flag", *cell))
    state = ms.apply(state, ("unflag", *cell))
    with pytest.raises(ValueError, match="no mark"):
        ms.apply(state, ("unflag", *cell))
    with pytest.raises(ValueError, match="opened"):
        ms.apply(state, ("flag", 0, 0))


def test_question_marked_cells_can_be_opened_and_lose_their_mark():
    state = placed(CHORD_BOARD, (0, 4))
    state = ms.apply(ms.apply(state, ("mark", 4, 1, True)), ("mark", 4, 1, True))
    state = ms.apply(state, ("open", 4, 1))
    assert state.opened[4, 1] and state.marks[4, 1] == 0


@pytest.mark.parametrize(
    "move",
    [
        ("open", 9, 0),
        ("open", -1, 0),
        ("open", 1.5, 0),
        ("open", True, 0),
        ("open", 1),
        ("poke", 1, 1),
        ("mark", 1, 1),
        ("mark", 4, 1, "yes"),
        (),
        "open 1 1",
    ],
)
def test_illegal_moves_raise_and_change_nothing(move):
    state = placed(CHORD_BOARD, (0, 4))
    before = (state.opened.copy(), state.marks.copy(), hash(state))
    with pytest.raises(ValueError):
        ms.apply(state, move)
    assert np.array_equal(state.opened, before[0]) and np.array_equal(state.marks, before[1])
    assert hash(state) == before[2]


def test_states_are_immutable_and_compare_by_content():
    state = placed(CHORD_BOARD, (0, 4))
    for array in (state.mines, state.opened, state.marks, state.numbers):
        assert not array.flags.writeable
    flagged = ms.apply(state, ("flag", 4, 1))
    assert flagged != state and state.marks[4, 1] == 0
    assert ms.apply(ms.apply(flagged, ("unflag", 4, 1)), ("flag", 4, 1)) == flagged
    again = placed(CHORD_BOARD, (0, 4))
    assert again == state and hash(again) == hash(state) and len({state, again}) == 1


def test_marks_before_the_first_click_are_allowed_and_kept():
    unplaced = ms.generate(ms.PRESETS["beginner"], Rng("early"))
    marked = ms.apply(unplaced, ("flag", 0, 0))
    assert ms.mines_left(marked) == 9 and marked.mines is None
    opened = ms.apply(marked, ("open", 8, 8))
    assert opened.marks[0, 0] == 1 and not opened.opened[0, 0]


# --- display and counter ---------------------------------------------------------------------------------

DISPLAY_BOARD = """
    *....
    .....
    .....
    .....
    ..*.*
"""
# After the first click at (2, 2) the only hidden safe cell is (4, 3).


def test_loss_display_shows_the_hit_mine_all_mines_and_wrong_flags():
    state = placed(DISPLAY_BOARD, (2, 2))
    state = ms.apply(state, ("flag", 0, 0))  # right
    state = ms.apply(state, ("flag", 4, 3))  # wrong
    state = ms.apply(state, ("mark", 4, 4, True))
    state = ms.apply(state, ("mark", 4, 4, True))  # a question mark on a mine
    lost = ms.apply(state, ("open", 4, 2))
    grid = ms.visible_grid(lost)
    assert grid[4, 2] == Cell.MINE_HIT
    assert grid[4, 4] == Cell.MINE
    assert grid[0, 0] == Cell.FLAG
    assert grid[4, 3] == Cell.WRONG_FLAG
    assert grid[1, 1] == Cell.NUMBER_1 and grid[2, 2] == Cell.NUMBER_0


def test_display_before_the_end_hides_the_mines():
    state = placed(DISPLAY_BOARD, (2, 2))
    grid = ms.visible_grid(state)
    assert grid.shape == (5, 5) and grid.dtype == np.int8
    assert grid[0, 0] == Cell.HIDDEN and grid[4, 2] == Cell.HIDDEN
    counts = counts_by_hand(layout(DISPLAY_BOARD))
    assert np.array_equal(grid[state.opened], counts[state.opened])
    unplaced = ms.generate(ms.PRESETS["beginner"], Rng("d"))
    assert (ms.visible_grid(unplaced) == Cell.HIDDEN).all()


def test_win_display_flags_the_remaining_mines_and_zeroes_the_counter():
    state = placed(DISPLAY_BOARD, (2, 2))
    state = ms.apply(state, ("mark", 4, 4, True))
    state = ms.apply(state, ("mark", 4, 4, True))  # question mark on a mine
    assert ms.mines_left(state) == 3
    won = ms.apply(state, ("open", 4, 3))
    assert ms.status(won) == 1
    grid = ms.visible_grid(won)
    assert grid[0, 0] == Cell.FLAG and grid[4, 2] == Cell.FLAG and grid[4, 4] == Cell.FLAG
    assert ms.mines_left(won) == 0
    with pytest.raises(ValueError, match="over"):
        ms.apply(won, ("flag", 0, 0))


def test_mines_left_goes_negative_when_over_flagged():
    state = placed(DISPLAY_BOARD, (2, 2))
    for cell in [(0, 0), (4, 2), (4, 3), (4, 4)]:
        state = ms.apply(state, ("flag", *cell))
    assert ms.mines_left(state) == -1


# --- 3BV -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "first", "expected"),
    [
        # One zero region whose border holds every number.
        ("*.... / ..... / ..... / ..... / ....*", (2, 2), 1),
        # No zeros at all: one click per safe cell.
        ("..... / .*.*. / ..... / .*.*. / .....", (0, 0), 21),
        # A wall of mines splits two zero regions.
        ("..*.. / ..*.. / ..*.. / ..*.. / ..*..", (2, 0), 2),
        # One zero region (right column + bottom row) plus five numbers it does not reach.
        ("*.*.. / ..... / *.*.. / ..... / .....", (4, 4), 6),
    ],
)
def test_bbbv_of_hand_counted_boards(board, first, expected):
    text = "\n".join(board.split(" / "))
    mines = layout(text)
    height, width = mines.shape
    params = ms.Params(width, height, int(mines.sum()), False)
    state = ms.State(
        params=params,
        seed="",
        mines=mines,
        opened=np.zeros_like(mines),
        marks=np.zeros(mines.shape, dtype=np.int8),
        first_click=first,
    )
    assert ms.bbbv(state) == expected


def test_bbbv_needs_a_placed_board():
    with pytest.raises(ValueError):
        ms.bbbv(ms.generate(ms.PRESETS["beginner"], Rng("b")))


# --- restart and game IDs --------------------------------------------------------------------------------


def test_restart_keeps_the_layout_with_only_the_first_click_opened():
    unplaced = ms.generate(ms.PRESETS["intermediate"], Rng("restart"))
    assert ms.restart_state(unplaced, unplaced) == unplaced
    after_first = ms.apply(unplaced, ("open", 8, 8))
    state = after_first
    for row, col in np.argwhere(~after_first.opened).tolist()[:2]:
        state = ms.apply(state, ("flag", row, col))
    assert state.marks.any()
    fresh = ms.restart_state(unplaced, state)
    assert fresh == after_first
    assert np.array_equal(fresh.mines, state.mines) and not fresh.marks.any()
    assert ms.decode(ms.encode(state)) == fresh


def test_game_id_round_trips_for_unplaced_and_placed_boards():
    for params in [*ms.PRESETS.values(), ms.Params(50, 50, 2491, False), ms.Params(7, 13, 20, True)]:
        unplaced = ms.generate(params, Rng(f"id{params}"))
        text = ms.encode(unplaced)
        assert ms.decode(text) == unplaced and ms.encode(ms.decode(text)) == text
        board = ms.apply(unplaced, ("open", params.height - 1, 0))
        text = ms.encode(board)
        assert text.startswith(f"1.{ms.format_params(params)}.") and text.endswith(f".{params.height - 1}-0")
        decoded = ms.decode(text)
        assert decoded == ms.restart_state(unplaced, board) and ms.encode(decoded) == text


def _placed_id(mines: np.ndarray, cell: str, params_text: str = "9x9n10") -> str:
    return compose(1, params_text, pack_bits(mines.ravel()), cell)


GOOD_LAYOUT = np.zeros((9, 9), dtype=bool)
GOOD_LAYOUT[0, :] = True
GOOD_LAYOUT[8, 0] = True


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("2.9x9n10.abcdef", "format 2"),
        ("1.9x9n10", "2 or 3 parts"),
        ("1.9x9n10.a.b.c", "2 or 3 parts"),
        ("1.4x4n3.abcdef", "Width and height"),
        ("1.9x9n99-guess.abcdef", "1 to 72"),
        ("1.9x9n28.abcdef", "at most 27 mines"),
        ("1.09x9n10.abcdef", "usual way"),
        ("1.9x9n10.ab$cd", "not allowed"),
        ("1.9x9n10.", "seed"),
        (_placed_id(GOOD_LAYOUT, "4-4", "9x9n11"), "has 10 mines"),
        (_placed_id(GOOD_LAYOUT, "1-4"), "next to its first click"),
        (_placed_id(GOOD_LAYOUT, "9-4"), "outside the board"),
        (_placed_id(GOOD_LAYOUT, "4-x"), "row-col"),
        (_placed_id(GOOD_LAYOUT, "04-4"), "row-col"),
        (_placed_id(GOOD_LAYOUT, "4-4")[:-8] + ".4-4", "does not fit"),
    ],
)
def test_malformed_game_ids_are_rejected_with_a_reason(text, message):
    with pytest.raises(GameIdError, match=message):
        ms.decode(text)


def test_a_good_placed_id_decodes_to_the_first_click_board():
    state = ms.decode(_placed_id(GOOD_LAYOUT, "4-4"))
    assert np.array_equal(state.mines, GOOD_LAYOUT) and state.first_click == (4, 4)
    assert state.opened[4, 4] and state.last_reveal[0] == (4, 4, 0)
    assert ms.status(state) == 1  # every safe cell of this layout joins one zero region
