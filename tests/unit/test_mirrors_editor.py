"""Light Path's stage editor backend: putting pieces, stage text and share IDs, Test in slices with Cancel, and the
uniqueness of the best solution against exhaustive search.

What is expected comes from the rules written again here (the brute force shares the oracle of
test_mirrors_pieces.py, which shares no code with the backend), so an editor that puts a piece in the
wrong place, writes a stage it cannot read back, or a Test that says "unique" of a stage with two best
layouts, fails here.
"""

from __future__ import annotations

import itertools
import random

import pytest

from app.core.gameid import GameIdError
from app.core.rng import Rng
from app.games import mirrors as mi
from app.games.mirrors import cells as mc
from app.games.mirrors import editor
from app.games.mirrors.board import Puzzle, inward_direction
from app.games.mirrors.editor import EditError, EditorStage, verdict_steps
from app.games.mirrors.ids import decode
from app.games.mirrors.planner import (
    _drain,
    fewest_moves,
    plan,
    plan_steps,
    shortest_layouts_steps,
)
from app.games.mirrors.rating import difficulty, rating
from app.games.mirrors.solver import SolverLimitError
from app.games.mirrors.stages import STAGES
from tests.unit.test_mirrors_pieces import board_of, choices, light, lit, random_board, targets_of


def run(steps):  # noqa: ANN001, ANN201 - a sliced search, run to its end
    return _drain(steps)


def small_stage() -> EditorStage:
    """4×4: a white source above column 1, a mirror `/` at (0, 0) sending it out, a target at (0, 3)."""
    stage = editor.put(editor.blank(4, 4), -1, 0, "source_white")
    stage = editor.put(stage, 0, 0, "mirror_slash")
    return editor.put(stage, 0, 3, "target_white")


# --- building -----------------------------------------------------------------------------------------


def test_pieces_go_on_cells_and_sources_on_the_edge_facing_in() -> None:
    stage = small_stage()
    assert stage.code(0, 0) == mc.MIRROR and stage.code(0, 3) == mc.TARGET
    assert stage.sources == (mi.Source(-1, 0, mc.DOWN, mc.WHITE),)
    stage = editor.put(stage, 2, 4, "source_red")  # the right side fires left
    assert stage.source_at(2, 4) == mi.Source(2, 4, mc.LEFT, mc.RED)
    stage = editor.put(stage, 2, 4, "source_blue")  # one source per place: the new one replaces it
    assert [s.colour for s in stage.sources if (s.row, s.col) == (2, 4)] == [mc.BLUE]
    assert editor.put(stage, 2, 4, "empty").source_at(2, 4) is None
    for row, col, name, key in ((1, 1, "source_white", "mirrors_edit_source_on_cell"),
                                (-1, 1, "wall", "mirrors_edit_piece_on_edge"),
                                (-1, -1, "source_white", "mirrors_edit_off_board"),
                                (9, 9, "wall", "mirrors_edit_off_board"),
                                (1, 1, "lava", "mirrors_edit_bad_piece")):
        with pytest.raises(EditError) as refusal:
            editor.put(stage, row, col, name)
        assert refusal.value.string_key == key
    assert {item.name for item in editor.PALETTE} >= {"empty", "wall", "fixed_splitter_backslash", "glass_blue",
                                                      "filter_green", "target_white", "source_blue"}


def test_resizing_keeps_what_fits_and_sources_on_their_side() -> None:
    stage = editor.put(editor.put(small_stage(), 3, 4, "source_green"), 3, 3, "wall")
    bigger = editor.resize(stage, 6, 7)
    assert bigger.code(0, 0) == mc.MIRROR and bigger.code(3, 3) == mc.WALL and bigger.code(5, 6) == mc.EMPTY
    assert bigger.source_at(3, 7) == mi.Source(3, 7, mc.LEFT, mc.GREEN)  # still on the right side
    smaller = editor.resize(stage, 4, 4)
    assert smaller == stage
    cut = editor.resize(bigger, 4, 4)
    assert cut.source_at(3, 4) is not None and cut.code(3, 3) == mc.WALL
    for height, width in ((3, 4), (4, 11), (True, 4)):
        with pytest.raises(EditError):
            editor.resize(stage, height, width)  # type: ignore[arg-type]
    with pytest.raises(EditError):
        editor.with_inventory(stage, 10, 0)
    assert editor.with_inventory(stage, 2, 9).inventory == (2, 9)


# --- stage text and share IDs --------------------------------------------------------------------------


def random_stage(rng: random.Random) -> EditorStage:
    height, width = rng.randint(4, 10), rng.randint(4, 10)
    stage = editor.blank(height, width)
    cell_items = [item for item in editor.PALETTE if item.code is not None]
    for _ in range(rng.randint(0, height * width)):
        stage = editor.put(stage, rng.randrange(height), rng.randrange(width), rng.choice(cell_items))
    ring = [(-1, c) for c in range(width)] + [(height, c) for c in range(width)]
    ring += [(r, -1) for r in range(height)] + [(r, width) for r in range(height)]
    for row, col in rng.sample(ring, rng.randint(0, 6)):
        stage = editor.put(stage, row, col, f"source_{rng.choice(mc.COLOUR_NAMES)}")
    return editor.with_inventory(stage, rng.randint(0, 9), rng.randint(0, 9))


@pytest.mark.parametrize("seed", range(60))
def test_stage_text_round_trips_whatever_the_stage(seed: int) -> None:
    stage = random_stage(random.Random(f"text-{seed}"))
    text = editor.to_text(stage)
    assert text.startswith("2.") and editor.from_text(text) == stage


@pytest.mark.parametrize("tampered", [
    "2.4x4-normal.caamaaaaaaaaaaa.t0w.00",  # a cell short
    "2.4x4-normal.caamaaaaaaaaaaay.t0w.00",  # a letter no cell has
    "2.3x4-normal.caamaaaaaaaa.t0w.00",  # too small for the editor
    "2.11x4-normal.caamaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.t0w.00",
    "2.4x4-normal.caamaaaaaaaaaaaa.t4w.00",  # a source past the edge
    "2.4x4-normal.caamaaaaaaaaaaaa.t0wt0r.00",  # two sources in one place
    "2.4x4-normal.caamaaaaaaaaaaaa.t0x.00",  # a colour that is not one
    "2.4x4-normal.caamaaaaaaaaaaaa.t0.00",
    "2.4x4-normal.caamaaaaaaaaaaaa.t0w.0",  # the inventory cut
    "2.4x4-normal.caamaaaaaaaaaaaa.t0w",
    "3.4x4-normal.caamaaaaaaaaaaaa.t0w.00",  # a version this release does not have
    "2.4x4-normal.caamaaaaaaaaaaaa.t0w.00<",
])
def test_tampered_stage_text_is_refused(tampered: str) -> None:
    assert editor.from_text("2.4x4-normal.caamaaaaaaaaaaaa.t0w.00") == small_stage()
    with pytest.raises(GameIdError):
        editor.from_text(tampered)


def test_a_tested_stage_shares_an_id_that_opens_as_the_same_stage_and_a_tampered_one_is_refused() -> None:
    verdict = run(verdict_steps(small_stage()))
    assert verdict.shareable and verdict.par == 1 and verdict.unique and verdict.game_id.startswith("2.4x4-")
    state = decode(verdict.game_id)
    assert state.cells == small_stage().cells and state.puzzle.sources == small_stage().sources
    assert editor.from_game_id(verdict.game_id) == small_stage()
    assert mi.status(mi.apply(state, ("turn", 0, 0))) == 1  # and it plays
    fields = verdict.game_id.split(".")
    cells = fields[2]
    for bad_cells in (cells[:-1], "b" + cells[1:], "c" * len(cells), cells[:3] + "a" + cells[4:]):
        # a cut board, a wall in the beam's way, no target, a target taken away: refused, never played
        with pytest.raises(GameIdError):
            decode(".".join([*fields[:2], bad_cells, *fields[3:]]))
    with pytest.raises(GameIdError):
        decode(".".join([*fields[:3], "t9w", fields[4]]))


def test_stage_ids_and_any_game_id_open_in_the_editor() -> None:
    stage = editor.from_game_id("4-01")
    assert stage.cells == STAGES["4-01"].puzzle.cells and stage.inventory == STAGES["4-01"].puzzle.inventory
    assert editor.from_text(editor.to_text(stage)) == stage


# --- Test: the verdicts, in slices, and Cancel ----------------------------------------------------------


def test_what_stops_a_stage_before_any_search_is_said() -> None:
    stage = small_stage()
    assert run(verdict_steps(editor.put(stage, -1, 0, "empty"))).outcome == "no_source"
    assert run(verdict_steps(editor.put(stage, 0, 3, "empty"))).outcome == "no_target"
    assert run(verdict_steps(editor.put(stage, 0, 0, "fixed_slash"))).outcome == "nothing_to_move"
    solved = run(verdict_steps(editor.put(stage, 0, 0, "mirror_backslash")))
    assert solved.outcome == "solved" and not solved.shareable and solved.game_id == ""
    walled = editor.put(editor.put(stage, 0, 1, "wall"), 1, 0, "wall")
    unsolvable = run(verdict_steps(walled))
    assert unsolvable.outcome == "unsolvable" and not unsolvable.shareable


def test_the_rating_is_the_generators_measure() -> None:
    stage = editor.with_inventory(editor.put(small_stage(), 0, 0, "empty"), 1, 1)
    verdict = run(verdict_steps(stage))
    found = plan(4, 4, stage.cells, stage.sources, stage.inventory)
    assert found.moves is not None
    assert (verdict.par, verdict.effort, verdict.rating) == (len(found.moves), found.nodes,
                                                             rating(len(found.moves), found.nodes))
    # difficulty() (what stage lists use) rates with the same function
    plain = small_stage()
    measured = difficulty(4, 4, plain.cells, plain.sources, plain.inventory)
    assert measured.rating == run(verdict_steps(plain)).rating


@pytest.mark.parametrize("seed", range(120))
def test_the_sliced_solver_finds_the_full_solvers_minimum(seed: int) -> None:
    state = random_board(random.Random(f"sliced-{seed}"), max_free=8)
    puzzle = state.puzzle
    args = (puzzle.height, puzzle.width, state.cells, puzzle.sources, state.hand())
    try:
        whole = plan(*args)
    except SolverLimitError:
        with pytest.raises(SolverLimitError):  # past the budget both ways
            run(plan_steps(*args))
        return
    steps = plan_steps(*args, pause_every=3)
    pauses = 0
    try:
        while True:
            next(steps)
            pauses += 1
    except StopIteration as finished:
        sliced = finished.value
    assert sliced == whole  # the same moves and the same effort
    assert pauses >= whole.nodes // 3 - 30  # it paused all along the way (each deepening starts its count afresh)
    full = fewest_moves(*args)
    assert (None if sliced.moves is None else len(sliced.moves)) == (None if full is None else len(full))


def open_board() -> EditorStage:
    """10×10, open, lights all round, targets in the corners and nine of each piece to place: a long search."""
    stage = editor.with_inventory(editor.blank(10, 10), 9, 9)
    for row, col in ((0, 0), (9, 9), (0, 9), (9, 0), (4, 5)):
        stage = editor.put(stage, row, col, "target_white")
    for row, col in ((-1, 3), (10, 6), (2, -1), (7, 10)):
        stage = editor.put(stage, row, col, "source_white")
    return stage


def test_a_test_yields_often_and_cancel_stops_it() -> None:
    steps = verdict_steps(open_board())
    for _ in range(5):
        assert next(steps) is None
    steps.close()  # what Cancel does
    with pytest.raises(StopIteration):
        next(steps)
    # Run to its end, the same board stops at the solver's budget with a word for it, not a frozen page.
    verdict = run(verdict_steps(open_board()))
    assert verdict.outcome in ("too_tangled", "solvable")


# --- uniqueness of the best solution, against exhaustive search -----------------------------------------


def shortest_layouts_by_hand(state: mi.State) -> tuple[int | None, set]:
    """(fewest moves, the distinct layouts of reached changeable cells among layouts winning in that many)."""
    owned = state.puzzle.owned
    cells = list(state.cells)
    free = [i for i, code in enumerate(cells) if len(choices(code, owned)) > 1]
    found: dict[int, set] = {}
    for pick in itertools.product(*(choices(cells[i], owned) for i in free)):
        final = list(cells)
        for i, (code, _) in zip(free, pick, strict=True):
            final[i] = code
        placed = [sum(mc.is_placed(c) and mc.placed_kind(c) == kind for c in final) for kind in ("mirror", "splitter")]
        if placed[0] > owned[0] or placed[1] > owned[1]:
            continue
        board = board_of(mi.State(state.puzzle, tuple(final)))
        sources = state.puzzle.sources
        if not targets_of(board) <= lit(board, state.height, state.width, sources):
            continue
        reached = {(r, c) for s in sources for r, c, _, _ in light(board, state.height, state.width, s)}
        layout = frozenset((divmod(i, state.width), final[i]) for i in free if divmod(i, state.width) in reached)
        found.setdefault(sum(moves for _, moves in pick), set()).add(layout)
    if not found:
        return None, set()
    best = min(found)
    return best, found[best]


@pytest.mark.parametrize("seed", range(400))  # about one board in six can be won: ~70 checked
def test_the_best_solution_is_unique_exactly_when_exhaustive_search_finds_one_best_layout(seed: int) -> None:
    state = random_board(random.Random(f"best-{seed}"), max_free=5)
    puzzle = state.puzzle
    best, layouts = shortest_layouts_by_hand(state)
    args = (puzzle.height, puzzle.width, state.cells, puzzle.sources, state.hand())
    try:
        minimum = plan(*args).moves
    except SolverLimitError:
        return  # beyond the budget (the editor says "too tangled"); the other boards are checked
    assert (None if minimum is None else len(minimum)) == best
    if best is None:
        return
    shortest = run(shortest_layouts_steps(*args, best, limit=100))
    assert {frozenset(layout.items()) for layout in shortest} == layouts


def test_a_tiny_stage_with_two_best_layouts_is_not_unique() -> None:
    # A splitter where the beam enters: a mirror `\` or a splitter `\` placed there both light the target.
    stage = editor.put(editor.put(editor.blank(4, 4), -1, 0, "source_white"), 0, 3, "target_white")
    verdict = run(verdict_steps(editor.with_inventory(stage, 1, 1)))
    assert verdict.shareable and verdict.par == 1 and not verdict.unique
    assert run(verdict_steps(editor.with_inventory(stage, 1, 0))).unique


def test_puzzles_of_editor_stages_keep_their_sources_in_ring_order() -> None:
    stage = random_stage(random.Random("order"))
    height, width = stage.height, stage.width
    assert all(inward_direction(s.row, s.col, height, width) == s.direction for s in stage.sources)
    assert editor.from_text(editor.to_text(stage)).sources == stage.sources
    assert isinstance(stage.puzzle(), Puzzle)


def test_a_stage_with_a_few_pieces_to_place_is_proved_within_the_budget() -> None:
    # Open cells and a piece or two in hand: the search stops placing once the hand is empty, so these are
    # proved (one unsolvable, one solvable) instead of "too tangled".
    stage = editor.put(editor.put(editor.put(editor.blank(6, 6), 2, -1, "source_green"), 2, 2, "mirror_slash"),
                       5, 2, "target_green")
    for row, col, name in ((-1, 4, "source_red"), (3, 4, "splitter_slash"), (3, 0, "target_red"),
                           (1, 4, "glass_blue"), (4, 4, "filter_blue"), (5, 4, "target_blue")):
        stage = editor.put(stage, row, col, name)
    assert run(verdict_steps(editor.with_inventory(stage, 1, 0))).outcome == "unsolvable"
    assert run(verdict_steps(editor.with_inventory(stage, 2, 0))).outcome == "unsolvable"
    solvable = run(verdict_steps(editor.with_inventory(stage, 1, 1)))
    assert solvable.outcome == "solvable" and solvable.par == 3


def test_a_proved_minimum_is_shareable_even_when_counting_best_layouts_runs_out() -> None:
    stage = editor.from_text("2.7x6-normal.aaaaaaaammmaaaaaaaamaaaaaaaaaaaaaaaaaccaar.t1wl5wl1w.21")
    verdict = run(verdict_steps(stage))
    assert verdict.outcome == "solvable" and verdict.par == 3 and verdict.unique is None and verdict.shareable
    assert len(mi.solve_moves(decode(verdict.game_id)) or ()) == 3


def test_a_made_stage_keeps_its_records_apart_and_new_game_after_it_makes_an_endless_board() -> None:
    verdict = run(verdict_steps(small_stage()))
    assert verdict.game_id.startswith("2.4x4-made.")
    state = decode(verdict.game_id)
    key = mi.format_params(mi.params_of(state))
    assert key == "4x4-made" and mi.parse_params(key) == mi.params_of(state)  # not an endless preset's key
    fresh = mi.SPEC.adjust_params(mi.params_of(state), lambda name: None)
    assert fresh == mi.Params(5, 5, "normal")
    assert mi.generate(fresh, Rng("after-made")).puzzle.params == fresh
    assert mi.playable_params(mi.Params(8, 6, "hard")) == mi.Params(8, 6, "hard")  # endless params unchanged
    assert mi.playable_params(mi.params_of(mi.stage_state("4-01"))) == mi.params_of(mi.stage_state("4-01"))
    six = editor.put(editor.resize(small_stage(), 6, 6), 5, 5, "wall")  # an endless size: still "made", format 2
    assert run(verdict_steps(six)).game_id.startswith("2.6x6-made.")
    with pytest.raises(GameIdError):
        decode("1.6x6-made." + "a" * 36 + ".t0w")


@pytest.mark.parametrize("stage_id", list(STAGES))
def test_test_finds_every_shipped_stages_recorded_minimum(stage_id: str) -> None:
    # First-edition boards are played with solver.py's search: Test (planner.py's) must agree with it.
    stage = editor.from_game_id(stage_id) if min(STAGES[stage_id].puzzle.height,
                                                 STAGES[stage_id].puzzle.width) >= 4 else None
    if stage is None:
        pytest.skip("smaller than the editor's boards")
    verdict = run(verdict_steps(stage))
    assert verdict.outcome == "solvable" and verdict.par == STAGES[stage_id].min_turns
    assert mi.par(decode(verdict.game_id)) == verdict.par


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("outcome", [o for o in editor.OUTCOMES if o != "solvable"])
def test_why_a_stage_cannot_be_shared_reads_as_sentences_around_the_verdict(lang: str, outcome: str) -> None:
    from app.games.mirrors.editor_strings import EN, JA

    words = EN if lang == "en" else JA
    verdict = words[f"mirrors_edit_verdict_{outcome}"]
    text = words["mirrors_edit_cannot_share"].format(verdict=verdict)
    before = text.split(verdict)[0].rstrip()
    # The verdict is a sentence of its own ("… shared. There is no light source: …"), not the tail of a colon.
    assert before.endswith("." if lang == "en" else "。"), text
    assert text.count(":" if lang == "en" else "：") == verdict.count(":" if lang == "en" else "："), text


def test_the_editors_japanese_names_keys_as_the_controls_help_does() -> None:
    from app.games.mirrors.editor_strings import JA

    # The Controls help and every game's keys line say "Enter または Space"; the editor's own lines agree.
    assert "Enter または Space" in JA["mirrors_edit_keys"]
    assert not any("スペース" in JA[key] for key in ("mirrors_edit_keys", "mirrors_edit_intro"))


def test_an_unsolvable_stage_names_the_target_no_layout_can_light() -> None:
    from app.games.mirrors.editor import dark_targets

    stage = editor.put(editor.put(editor.put(editor.blank(4, 4), -1, 0, "source_white"), 0, 0, "mirror_slash"),
                       0, 3, "target_white")
    assert dark_targets(stage) == ()  # the mirror can send the beam to it
    walled = editor.put(editor.put(stage, 0, 1, "wall"), 1, 0, "wall")  # walled in on both ways out
    assert dark_targets(walled) == ((0, 3, 0),)
    red = editor.put(walled, 3, 3, "target_red")  # no red light anywhere
    assert dark_targets(red) == ((0, 3, 0), (3, 3, 1))
    verdict = run(verdict_steps(walled))
    assert verdict.outcome == "unsolvable" and verdict.dark == ((0, 3, 0),)


# ----- what a smaller size removes (#30: the editor says it before the size is applied) --------------------------

def test_dropped_by_resize_names_each_piece_and_source_the_resize_loses_and_nothing_else() -> None:
    stage = editor.blank(6, 6)
    for row, col, name in ((2, 5, "target_red"), (5, 0, "wall"), (0, 0, "mirror_slash"), (4, 4, "glass_blue"),
                           (-1, 5, "source_green"), (6, 2, "source_white"), (3, 6, "source_blue"),
                           (5, -1, "source_red")):
        stage = editor.put(stage, row, col, name)
    dropped = editor.dropped_by_resize(stage, 5, 5)
    # Brute force: a cell is lost when it falls outside and is not empty; a source when the resized stage has
    # no source of its colour on its side at its row or column (the bottom and right sides move with the size).
    before = {(r, c): stage.code(r, c) for r in range(6) for c in range(6)}
    resized = editor.resize(stage, 5, 5)
    lost_cells = {(r, c) for (r, c), code in before.items() if code != mc.EMPTY and (r >= 5 or c >= 5)}
    kept_sources = {(s.colour, s.row if s.row < 5 else 6, s.col if s.col < 5 else 6) for s in resized.sources}
    lost_sources = {(s.row, s.col) for s in stage.sources
                    if (s.colour, s.row if s.row < 5 else 6, s.col if s.col < 5 else 6) not in kept_sources}
    assert {(r, c) for _, r, c in dropped} == lost_cells | lost_sources
    assert ("target_red", 2, 5) in dropped and ("source_green", -1, 5) in dropped
    assert ("wall", 5, 0) in dropped and ("source_red", 5, -1) in dropped
    assert not any((r, c) in ((0, 0), (4, 4), (6, 2), (3, 6)) for _, r, c in dropped)  # kept or moved with a side
    assert editor.dropped_by_resize(stage, 6, 6) == () == editor.dropped_by_resize(stage, 8, 7)  # growing loses none
    with pytest.raises(EditError):
        editor.dropped_by_resize(stage, 3, 6)
