"""Light Path, second edition: splitters and pieces to place, against brute force sharing no code with the backend.

The oracle reads boards only through the public `cell_kind`, `sources` and `hand`; it follows
light as a set of (cell, heading, colour) states reached from each source (a splitter sends the
light both straight on and as a mirror would), and finds fewest moves by trying every final
layout of every cell a move can change, costing each cell on its own.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from app.core.game import RefusedMoveError
from app.core.gameid import GameIdError
from app.core.rng import Rng
from app.games import mirrors as mi
from app.games.mirrors import cells as mc
from app.games.mirrors import stages
from app.games.mirrors.board import Puzzle, inward_direction
from app.games.mirrors.planner import MAX_PLAN_NODES, is_unique_layout, layouts, plan

STEP = {"up": (-1, 0), "right": (0, 1), "down": (1, 0), "left": (0, -1)}
NAMES = ("up", "right", "down", "left")
TURN = {("right", "/"): "up", ("right", "\\"): "down", ("left", "/"): "down", ("left", "\\"): "up",
        ("up", "/"): "right", ("up", "\\"): "left", ("down", "/"): "left", ("down", "\\"): "right"}
COLOURS = ("white", "red", "green", "blue")


def _kind_of_code(code: int) -> mi.Cell:
    """What the public `cell_kind` says of a code (asked once per code, on a one-cell board)."""
    return mi.cell_kind(mi.State(Puzzle(1, 1, (code,), ())), 0, 0)


KINDS = [_kind_of_code(code) for code in range(mc.CODE_COUNT)]


def board_of(state: mi.State) -> dict:
    return {(r, c): KINDS[state.code(r, c)] for r in range(state.height) for c in range(state.width)}


def light(board: dict, height: int, width: int, source: mi.Source) -> set[tuple[int, int, str, str]]:
    """Every (row, col, heading in, colour) state the source's light reaches, and the targets it lights."""
    start = (source.row, source.col, NAMES[source.direction], COLOURS[source.colour])
    seen: set = set()
    todo = [start]
    while todo:
        row, col, heading, colour = todo.pop()
        row, col = row + STEP[heading][0], col + STEP[heading][1]
        if not (0 <= row < height and 0 <= col < width) or (row, col, heading, colour) in seen:
            continue
        seen.add((row, col, heading, colour))
        cell = board[(row, col)]
        if cell.kind in ("wall", "target") or (cell.kind == "filter" and cell.colour != colour):
            continue
        if cell.kind == "glass":
            colour = cell.colour
        if cell.kind == "mirror":
            todo.append((row, col, TURN[(heading, cell.mirror)], colour))
        elif cell.kind == "splitter":
            todo += [(row, col, heading, colour), (row, col, TURN[(heading, cell.mirror)], colour)]
        else:
            todo.append((row, col, heading, colour))
    return seen


def lit(board: dict, height: int, width: int, sources: tuple) -> set[tuple[int, int]]:
    found = set()
    for source in sources:
        for row, col, _, colour in light(board, height, width, source):
            cell = board[(row, col)]
            if cell.kind == "target" and cell.colour == colour:
                found.add((row, col))
    return found


def targets_of(board: dict) -> set[tuple[int, int]]:
    return {cell for cell, kind in board.items() if kind.kind == "target"}


def choices(code: int, owned: tuple[int, int]) -> list[tuple[int, int]]:
    """(final code, moves) for one cell, written from the rules: turn 1, place 1, take 1, take and place 2."""
    placeable = [mc.PLACED_MIRROR + o for o in (0, 1) if owned[0]] + [mc.PLACED_SPLITTER + o for o in (0, 1)
                                                                      if owned[1]]
    if code in (mc.MIRROR, mc.MIRROR + 1, mc.SPLITTER, mc.SPLITTER + 1):
        return [(code, 0), (code ^ 1, 1)]
    if code == mc.EMPTY and placeable:
        return [(mc.EMPTY, 0)] + [(p, 1) for p in placeable]
    if mc.is_placed(code):
        same_kind = [p for p in placeable if mc.placed_kind(p) == mc.placed_kind(code)]
        return [(mc.EMPTY, 1)] + [(p, 0 if p == code else 1 if p in same_kind else 2) for p in placeable]
    return [(code, 0)]


def brute_force(state: mi.State) -> tuple[int | None, int]:
    """Return (fewest moves or None, number of distinct sets of lit paths among winning layouts)."""
    owned = state.puzzle.owned
    cells = list(state.cells)
    free = [i for i, code in enumerate(cells) if len(choices(code, owned)) > 1]
    best = None
    paths = set()
    for pick in itertools.product(*(choices(cells[i], owned) for i in free)):
        final = list(cells)
        for i, (code, _) in zip(free, pick, strict=True):
            final[i] = code
        placed = (sum(mc.placed_kind(c) == "mirror" for c in final if mc.is_placed(c)),
                  sum(mc.placed_kind(c) == "splitter" for c in final if mc.is_placed(c)))
        if placed[0] > owned[0] or placed[1] > owned[1]:
            continue
        board = board_of(mi.State(state.puzzle, tuple(final)))
        if targets_of(board) <= lit(board, state.height, state.width, state.puzzle.sources):
            cost = sum(moves for _, moves in pick)
            best = cost if best is None else min(best, cost)
            paths.add(tuple(frozenset(light(board, state.height, state.width, s)) for s in state.puzzle.sources))
    return best, len(paths)


PIECES = ([mc.EMPTY] * 10 + [mc.WALL] + [mc.MIRROR, mc.MIRROR + 1] * 2 + [mc.FIXED_MIRROR]
          + [mc.SPLITTER, mc.SPLITTER + 1, mc.FIXED_SPLITTER + 1, mc.PLACED_MIRROR, mc.PLACED_SPLITTER + 1]
          + [mc.FILTER + mc.RED, mc.GLASS + mc.GREEN])


def random_board(rng: random.Random, max_free: int = 5) -> mi.State:
    """A 3..5 x 3..5 board of every kind of cell, with splitters, placed pieces and a small inventory."""
    height, width = rng.randint(3, 5), rng.randint(3, 5)
    cells = [rng.choice(PIECES) for _ in range(height * width)]
    ring = [(-1, c) for c in range(width)] + [(height, c) for c in range(width)]
    ring += [(r, -1) for r in range(height)] + [(r, width) for r in range(height)]
    sources = tuple(mi.Source(r, c, inward_direction(r, c, height, width), rng.choice((0, 1, 2)))
                    for r, c in rng.sample(ring, rng.randint(1, 2)))
    # Targets mostly in the sources' colours and pieces mostly in hand, so most boards can be won.
    for spot in rng.sample(range(height * width), rng.randint(1, 2)):
        cells[spot] = mc.TARGET + rng.choice([s.colour for s in sources] * 3 + [mc.GREEN])
    inventory = (rng.randint(0, 2), rng.randint(0, 1)) if rng.random() < 0.3 else (rng.randint(1, 2), rng.randint(1, 2))
    puzzle = Puzzle(height, width, tuple(cells), sources, None, "normal", inventory)
    owned = puzzle.owned
    # Keep the brute force small: beyond `max_free` changeable cells, empty ones become walls.
    free = [i for i, code in enumerate(cells) if len(choices(code, owned)) > 1]
    for i in free[max_free:]:
        cells[i] = mc.WALL if cells[i] == mc.EMPTY else mc.FIXED_MIRROR
    return mi.State(Puzzle(height, width, tuple(cells), sources, None, "normal", inventory))


def entered(beam: mi.Beam) -> list[tuple[int, int, str, str]]:
    """The (row, col, heading in, colour on arrival) of each cell a beam entered (a half: after its splitter)."""
    colour = beam.source.colour
    found = []
    for number, step in enumerate(beam.steps):
        if number or beam.split_from < 0:
            found.append((step.row, step.col, NAMES[step.direction_in], COLOURS[colour]))
        colour = step.colour
    return found


# --- the tracer ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(400))
def test_traced_light_and_lit_targets_equal_the_oracle_on_boards_with_splitters(seed: int) -> None:
    state = random_board(random.Random(f"trace-{seed}"), max_free=99)
    board = board_of(state)
    beams = mi.trace(state)
    for source in state.puzzle.sources:
        mine = light(board, state.height, state.width, source)
        traced = {state for beam in beams if beam.source == source for state in entered(beam)}
        stops = {(b.end_row, b.end_col, NAMES[b.end_direction], COLOURS[b.end_colour])
                 for b in beams if b.source == source and b.end in ("wall", "target", "filter")}
        assert traced | stops == mine
    assert mi.lit_targets(state) == lit(board, state.height, state.width, state.puzzle.sources)
    assert (mi.status(state) == 1) == (targets_of(board) <= mi.lit_targets(state))


def test_a_splitter_sends_light_both_ways_and_a_half_names_the_beam_it_left() -> None:
    state = mi.State(Puzzle(3, 3, (mc.EMPTY, mc.TARGET, mc.EMPTY,
                                   mc.EMPTY, mc.SPLITTER, mc.TARGET,
                                   mc.EMPTY, mc.EMPTY, mc.EMPTY), (mi.Source(1, -1, mc.RIGHT, mc.WHITE),)))
    first, half = mi.trace(state)
    assert (first.end, first.end_row, first.end_col, first.split_from) == ("target", 1, 2, -1)
    assert (half.end, half.end_row, half.end_col, half.split_from) == ("target", 0, 1, 0)
    assert half.steps[0] == mi.Step(1, 1, mc.RIGHT, mc.UP, mc.WHITE)
    assert mi.status(state) == 1


def test_light_going_round_through_splitters_stops() -> None:
    # A ring of splitters: light from the border comes back round to where it was, and stops there.
    state = mi.State(Puzzle(3, 3, (mc.SPLITTER, mc.EMPTY, mc.SPLITTER + 1,
                                   mc.EMPTY, mc.TARGET, mc.EMPTY,
                                   mc.SPLITTER + 1, mc.EMPTY, mc.SPLITTER), (mi.Source(0, -1, mc.RIGHT, mc.RED),)))
    beams = mi.trace(state)
    assert any(beam.end == "loop" for beam in beams)
    assert len(beams) <= 1 + 4 * 4 * 9


# --- the solver ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(250))
def test_fewest_moves_equal_brute_force_with_placement(seed: int) -> None:
    state = random_board(random.Random(f"solve-{seed}"))
    best, distinct = brute_force(state)
    found = mi.solve_moves(state)
    if best is None:
        assert found is None
        return
    assert found is not None and len(found) == best
    for move in found:  # the moves are legal in their order and win
        state = mi.apply(state, move)
    assert mi.status(state) == 1


@pytest.mark.parametrize("seed", range(60))
def test_uniqueness_counts_winning_layouts_of_the_cells_light_reaches(seed: int) -> None:
    state = random_board(random.Random(f"unique-{seed}"), max_free=4)
    best, distinct = brute_force(state)
    puzzle = state.puzzle
    found = layouts(puzzle.height, puzzle.width, state.cells, puzzle.sources, state.hand(), limit=10_000)
    assert (len(found) == 0) == (best is None)
    if distinct <= 1:
        assert len(found) == distinct
    assert len(found) >= distinct  # different lit paths need different layouts
    assert is_unique_layout(puzzle.height, puzzle.width, state.cells, puzzle.sources, state.hand()) == (len(found) == 1)


@pytest.mark.parametrize("seed", range(40))
def test_following_hints_wins_in_the_moves_left_each_lowering_them_by_one(seed: int) -> None:
    state = random_board(random.Random(f"hints-{seed}"))
    if mi.solve_moves(state) in (None, ()):
        return
    left = mi.remaining_turns(state)
    while mi.status(state) == 0:
        state = mi.apply(state, mi.hint(state))
        left -= 1
        assert mi.remaining_turns(state) == left
    assert left == 0


def test_the_search_gives_up_past_its_budget_on_an_open_board_full_of_pieces() -> None:
    import time

    from app.games.mirrors.solver import SolverLimitError

    cells = tuple([mc.EMPTY] * 99 + [mc.TARGET + mc.RED])
    sources = tuple(mi.Source(-1, c, mc.DOWN, mc.BLUE) for c in range(10))
    started = time.perf_counter()
    with pytest.raises(SolverLimitError):
        plan(10, 10, cells, sources, (9, 9))
    assert time.perf_counter() - started < 2.0
    assert MAX_PLAN_NODES >= 5_000


# --- stages and generated boards of the second edition against the oracle ------------------------------


def changeable(state: mi.State) -> int:
    return sum(len(choices(code, state.puzzle.owned)) > 1 for code in state.cells)


@pytest.mark.parametrize("stage_id", [s for s in stages.TIERS[4] if changeable(mi.stage_state(s)) <= 9])
def test_small_tier_four_stages_minimum_equals_brute_force(stage_id: str) -> None:
    state = mi.stage_state(stage_id)
    best, _ = brute_force(state)
    assert best == stages.STAGES[stage_id].min_turns == mi.par(state)


def test_most_tier_four_stages_are_checked_by_brute_force() -> None:
    # Each empty cell of a stage with an inventory may take any piece, so only the smaller ones fit 5**9.
    assert sum(changeable(mi.stage_state(s)) <= 9 for s in stages.TIERS[4]) >= 3


@pytest.mark.parametrize("seed", range(12))
def test_generated_hard_boards_with_splitters_have_the_brute_force_par(seed: int) -> None:
    state = mi.generate(mi.Params(5, 5, "hard"), Rng(f"split-{seed}"))
    if not any(mi.cell_kind(state, r, c).kind == "splitter" for r in range(5) for c in range(5)):
        pytest.skip("no splitter on this board")
    if changeable(state) > 12:
        pytest.skip("too many mirrors for the brute force")
    best, distinct = brute_force(state)
    assert best == mi.par(state) >= 1
    assert distinct == 1 and mi.is_unique_puzzle(state)


def test_the_hard_generator_makes_splitter_boards() -> None:
    found = 0
    for seed in range(30):
        state = mi.generate(mi.Params(7, 7, "hard"), Rng(f"split-{seed}"))
        found += any(mi.cell_kind(state, r, c).kind == "splitter" for r in range(7) for c in range(7))
    assert found >= 3


# --- moves, refusals, IDs and stars ---------------------------------------------------------------------


def placing_stage() -> mi.State:
    return mi.stage_state("4-05")  # two mirrors to place


def test_a_piece_is_placed_turned_and_taken_back_and_the_hand_follows() -> None:
    state = placing_stage()
    row, col = state.open_cells()[0]
    assert mi.hand(state) == (2, 0) and mi.cell_kind(state, row, col).label_key == "mirrors_aria_empty_open"
    placed = mi.apply(state, ("place", row, col, "mirror", 1))
    assert mi.hand(placed) == (1, 0) and mi.hand(state) == (2, 0)  # the old state is untouched
    cell = mi.cell_kind(placed, row, col)
    assert (cell.kind, cell.mirror, cell.placed, cell.label_key) == ("mirror", "\\", True,
                                                                     "mirrors_aria_placed_mirror_backslash")
    turned = mi.apply(placed, list(json.loads(json.dumps(["turn", row, col]))))
    assert mi.cell_kind(turned, row, col).mirror == "/"
    taken = mi.apply(turned, ("take", row, col))
    assert taken.cells == state.cells and mi.hand_words(taken) == (("mirrors_hand_mirrors", 2),)
    assert all(mi.move_cost(state, move) == 1 for move in (("place", row, col, "mirror", 0), ("take", row, col)))


def test_illegal_placements_and_take_backs_are_refused_with_a_key() -> None:
    state = placing_stage()
    (r1, c1), (r2, c2), (r3, c3) = state.open_cells()[:3]
    wall = next((r, c) for r in range(state.height) for c in range(state.width)
                if mi.cell_kind(state, r, c).kind in ("target", "wall"))
    full = mi.apply(mi.apply(state, ("place", r1, c1, "mirror", 0)), ("place", r2, c2, "mirror", 0))
    cases = [
        (state, ("place", *wall, "mirror", 0), "mirrors_refused_occupied"),
        (full, ("place", r3, c3, "mirror", 0), "mirrors_refused_no_mirror"),
        (state, ("place", r3, c3, "splitter", 0), "mirrors_refused_none_splitter"),  # (it has mirrors only)
        (state, ("take", r3, c3), "mirrors_refused_not_placed"),
        (mi.stage_state("4-01"), ("place", 0, 0, "mirror", 0), "mirrors_refused_no_inventory"),
    ]
    fixed = next((r, c) for r in range(6) for c in range(6) if mi.cell_kind(state, r, c).kind == "mirror")
    cases.append((state, ("take", *fixed), "mirrors_refused_take_fixed"))
    splitters_only = mi.stage_state("4-07")
    spot = splitters_only.open_cells()[0]
    cases.append((splitters_only, ("place", *spot, "mirror", 0), "mirrors_refused_none_mirror"))
    one_splitter = mi.apply(splitters_only, ("place", *spot, "splitter", 0))
    cases.append((one_splitter, ("place", *one_splitter.open_cells()[0], "splitter", 0), "mirrors_refused_no_splitter"))
    for before, move, key in cases:
        with pytest.raises(RefusedMoveError) as caught:
            mi.apply(before, move)
        assert caught.value.string_key == key and key in mi.SPEC.strings.en and key in mi.SPEC.strings.ja
    for bad in (("place", r3, c3, "prism", 0), ("place", r3, c3, "mirror", 2), ("place", r3, c3, "mirror", True)):
        with pytest.raises(ValueError):
            mi.apply(state, bad)


def editor_stage() -> mi.State:
    """A stage as an editor would make it: 4x4, a fixed splitter, a placed mirror, pieces to place."""
    cells = (mc.EMPTY, mc.TARGET, mc.EMPTY, mc.TARGET + mc.RED,
             mc.EMPTY, mc.FIXED_SPLITTER + 1, mc.EMPTY, mc.PLACED_MIRROR,
             mc.EMPTY, mc.EMPTY, mc.WALL, mc.EMPTY,
             mc.SPLITTER + 1, mc.EMPTY, mc.EMPTY, mc.EMPTY)
    sources = (mi.Source(1, -1, mc.RIGHT, mc.WHITE), mi.Source(4, 3, mc.UP, mc.RED))
    return mi.State(Puzzle(4, 4, cells, sources, None, "normal", (1, 1)))


def test_editor_stages_and_second_edition_boards_round_trip_through_their_id() -> None:
    state = editor_stage()
    text = mi.encode(state)
    assert text.startswith("2.4x4-normal.") and text.endswith(".11")
    assert mi.decode(text) == state and mi.encode(mi.decode(text)) == text
    moved = mi.apply(state, ("take", 1, 3))
    assert mi.encode(moved) == text  # an ID names the puzzle's start
    for stage_id in stages.TIERS[4]:
        puzzle = stages.STAGES[stage_id].puzzle
        loose = mi.State(Puzzle(puzzle.height, puzzle.width, puzzle.cells, puzzle.sources, None, "normal",
                                puzzle.inventory))
        assert mi.decode(mi.encode(loose)) == loose
    old = mi.encode(mi.generate(mi.Params(5, 5, "normal"), Rng("old")))
    assert old.startswith("1.") and mi.encode(mi.decode(old)) == old  # first-edition IDs are unchanged


@pytest.mark.parametrize(
    ("change", "kind"),
    [
        (lambda f: f.__setitem__(4, "1"), "board"),  # inventory of one digit
        (lambda f: f.__setitem__(4, "1x"), "board"),
        (lambda f: f.__setitem__(2, f[2][:-1] + "y"), "board"),  # a cell letter past the last code
        (lambda f: f.__setitem__(1, "11x4-normal"), "size"),
        (lambda f: f.__setitem__(1, "4x4-custom"), "size"),
        (lambda f: f.__setitem__(1, "04x4-normal"), "size"),
        (lambda f: f.__setitem__(2, f[2].replace("m", "a").replace("n", "a")), "board"),  # no target
        (lambda f: f.__setitem__(4, "00") or f.__setitem__(2, f[2].replace("u", "b")), "unsolvable"),
        (lambda f: f.append("x"), "shape"),
        (lambda f: f.__setitem__(0, "7"), "version"),
    ],
)
def test_tampered_second_edition_ids_are_refused(change: object, kind: str) -> None:
    fields = mi.encode(editor_stage()).split(".")
    change(fields)  # type: ignore[operator]
    with pytest.raises(GameIdError) as caught:
        mi.decode(".".join(fields))
    assert caught.value.kind == kind


def test_a_first_edition_board_written_in_format_two_is_refused() -> None:
    old = mi.encode(mi.generate(mi.Params(5, 5, "normal"), Rng("old"))).split(".")
    with pytest.raises(GameIdError):
        mi.decode(".".join(["2", *old[1:], "00"]))


def test_stars_come_from_par_and_hints_cap_them() -> None:
    from app.core.stars import rate

    state = mi.stage_state("4-11")
    par = mi.par(state)
    assert [mi.stars(state, par + extra) for extra in (0, 1, 2, 3, 9)] == [3, 2, 2, 1, 1]
    assert mi.stars(state, par, assisted=True) == 2 and mi.stars(state, par + 5, assisted=True) == 1
    assert rate(3, 5) == 3  # under par (never for an exact par) still earns three
    with pytest.raises(ValueError):
        rate(-1, 3)


def test_difficulty_rates_the_stages_with_par_and_effort() -> None:
    first, last = mi.difficulty(mi.stage_state("4-01")), mi.difficulty(mi.stage_state("4-12"))
    assert first.par == 3 and last.par == stages.STAGES["4-12"].min_turns
    assert 1 <= first.rating <= last.rating <= 5 and first.effort < last.effort
