"""What changed after a move, as the backends compute it for the screen reader's words.

Light Path: where each re-routed beam now stops (`beam_changes`, `beam_ends`);
Pipe Link: the water front and its distance to the exit (`water_front`), and the tiles
that joined or left the network (`network_change`).
"""

from __future__ import annotations

import dataclasses

from app.core.rng import Rng
from app.games import mirrors as mi
from app.games import pipes
from app.games.mirrors import cells as mc
from app.games.mirrors.board import Puzzle
from app.games.pipes.board import new_state
from app.games.pipes.tiles import DOWN, LEFT, RIGHT, UP


def board(rows: list[str], sources: list[tuple[int, int, int, int]]) -> mi.State:
    grid = [row.split() for row in rows]
    cells = tuple(mc.CODE_OF_TOKEN[token] for row in grid for token in row)
    return mi.State(Puzzle(len(grid), len(grid[0]), cells, tuple(mi.Source(*s) for s in sources)))


# --- Light Path --------------------------------------------------------------------------------


def test_a_turn_that_reroutes_a_beam_says_where_it_now_stops() -> None:
    state = board(
        [
            ". / . TR",
            ". . . .",
            ". # . .",
        ],
        [(0, -1, mc.RIGHT, mc.RED), (3, 3, mc.UP, mc.BLUE)],
    )
    red, blue = mi.beam_ends(state)
    # "/" turns the rightward red beam up, off the board above row 0, column 1.
    assert (red.kind, red.row, red.col, red.direction) == ("edge", 0, 1, mc.UP)
    assert (blue.kind, blue.row, blue.col, blue.lit) == ("target", 0, 3, False)
    turned = mi.apply(state, ("turn", 0, 1))  # now "\": down into the wall at row 2, column 1
    changed = mi.beam_changes(state, turned)
    assert [(c.beam, c.colour, c.kind, c.row, c.col) for c in changed] == [(0, mc.RED, "wall", 2, 1)]
    assert mi.beam_changes(turned, state) == (mi.beam_ends(state)[0],), "an undo says it back"
    assert mi.beam_changes(state, state) == ()


def test_a_beam_that_lights_a_target_is_reported_lit() -> None:
    state = board([". /", ". .", ". TR"], [(0, -1, mc.RIGHT, mc.RED)])
    (end,) = mi.beam_ends(state)
    assert (end.kind, end.row, end.col, end.lit) == ("edge", 0, 1, False)
    turned = mi.apply(state, ("turn", 0, 1))
    (changed,) = mi.beam_changes(state, turned)
    assert (changed.kind, changed.row, changed.col, changed.lit, changed.end_colour) == ("target", 2, 1, True, mc.RED)


def test_beam_changes_of_different_puzzles_say_nothing() -> None:
    one = mi.generate(mi.PRESETS["easy"], Rng("said-1"))
    two = mi.generate(mi.PRESETS["easy"], Rng("said-2"))
    assert mi.beam_changes(one, two) == ()


# --- Pipe Link ---------------------------------------------------------------------------------


def test_the_water_front_is_the_wet_tile_nearest_the_exit() -> None:
    params = pipes.Params("path", 3, 3)
    # Water in at the top-left, along row 0 to column 2, then down one tile into a dead end.
    tiles = [LEFT | RIGHT, LEFT | RIGHT, LEFT | DOWN,
             0, 0, UP,
             0, 0, 0]
    state = new_state(params, tiles)
    assert pipes.water_front(state) == (1, 2, 1)
    closed = new_state(params, [RIGHT] + tiles[1:])
    assert pipes.water_front(closed) is None, "a closed entrance lets no water in"
    wet_exit = new_state(params, [LEFT | RIGHT, LEFT | RIGHT, LEFT | DOWN, 0, 0, UP | DOWN, 0, 0, UP | RIGHT])
    assert pipes.water_front(wet_exit) == (2, 2, 0)


def test_network_change_names_the_tiles_that_joined_and_left() -> None:
    params = pipes.Params("path", 3, 3)
    before = new_state(params, [LEFT | RIGHT, LEFT | UP, 0, 0, 0, 0, 0, 0, 0])
    after = new_state(params, [LEFT | RIGHT, LEFT | RIGHT, LEFT | DOWN, 0, 0, UP, 0, 0, 0])
    assert pipes.network_change(before, after) == (((0, 2), (1, 2)), ())
    assert pipes.network_change(after, before) == ((), ((0, 2), (1, 2)))


def test_net_turns_report_joined_and_left_tiles_consistently_with_the_count() -> None:
    state = pipes.generate(pipes.PRESETS["net_5x5"], Rng("said-net"))
    for row in range(state.height):
        for col in range(state.width):
            after = pipes.apply(state, ("cw", row, col))
            joined, left = pipes.network_change(state, after)
            assert pipes.active_count(after)[0] - pipes.active_count(state)[0] == len(joined) - len(left)
            assert not set(joined) & set(left)


def test_a_splitter_that_sends_off_a_new_half_says_where_it_stops() -> None:
    # Placing a splitter adds a beam: the halves are matched per source, the new one is said, nothing raises.
    state = board([". . .", ". . .", ". . TR"], [(-1, 1, mc.DOWN, mc.RED)])
    state = mi.State(dataclasses.replace(state.puzzle, inventory=(0, 1)))
    placed = mi.apply(state, ("place", 1, 1, "splitter", 0))
    assert len(mi.trace(placed)) == 2
    changed = mi.beam_changes(state, placed)
    assert [(c.kind, c.row, c.col, c.direction) for c in changed] == [("edge", 1, 0, mc.LEFT)]
    assert mi.beam_changes(placed, state) == (), "the straight beam still leaves below; a gone half is not said"
