"""Light Path: tracing on crafted layouts (loops, glass, filters), moves, params, game IDs, hints, generator."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.gameid import ID_PROBLEMS, GameIdError
from app.core.rng import Rng
from app.games import mirrors as mi
from app.games.mirrors import cells as mc
from app.games.mirrors import stages, strings
from app.games.mirrors.board import Puzzle
from app.games.mirrors.planner import is_unique_layout
from app.games.mirrors.stages import PROBLEMS

ALL_PARAMS = [mi.Params(w, h, d) for d in ("easy", "normal", "hard") for w, h in ((5, 5), (7, 6), (10, 10))]


def board(rows: list[str], sources: list[tuple[int, int, int, int]]) -> mi.State:
    """Build a state from stage-file tokens and (row, col, direction, colour) sources."""
    grid = [row.split() for row in rows]
    cells = tuple(mc.CODE_OF_TOKEN[token] for row in grid for token in row)
    return mi.State(Puzzle(len(grid), len(grid[0]), cells, tuple(mi.Source(*s) for s in sources)))


# --- tracing on crafted layouts --------------------------------------------------------------------


def test_a_beam_that_would_loop_forever_stops_as_a_loop() -> None:
    # Beams from the border can never loop (see trace.py), so this layout starts one inside a ring of
    # mirrors: (1,3) `\` -> (3,3) `/` -> (3,1) `\` -> (1,1) `/` -> back to (1,3), for ever.
    state = board(
        [
            ". . . . .",
            ". / . \\ .",
            ". . . . TW",
            ". \\ . / .",
            ". . . . .",
        ],
        [(1, 2, mc.RIGHT, mc.WHITE)],
    )
    (beam,) = mi.trace(state)
    assert beam.end == "loop"
    assert not beam.lit
    assert (beam.end_row, beam.end_col, beam.end_direction) == (1, 3, mc.RIGHT)
    assert [(s.row, s.col) for s in beam.steps] == [
        (1, 3), (2, 3), (3, 3), (3, 2), (3, 1), (2, 1), (1, 1), (1, 2)
    ]
    assert mi.status(state) == 0
    assert mi.solve(state) is None  # the solver, too, gives up on the loop instead of searching forever


def test_a_loop_through_glass_ends_once_the_colour_repeats() -> None:
    # Red light enters the ring, turns green in the glass, and goes round once more as green.
    state = board(
        [
            "/ GG \\",
            ". .  .",
            "\\ .  /",
        ],
        [(0, 1, mc.RIGHT, mc.RED)],
    )
    (beam,) = mi.trace(state)
    assert beam.end == "loop"
    assert beam.end_colour == mc.GREEN
    assert [s.colour for s in beam.steps] == [mc.RED] * 7 + [mc.GREEN] * 9  # round once red, once green
    assert (beam.end_row, beam.end_col, beam.end_direction) == (0, 2, mc.RIGHT)


def test_every_layout_of_a_board_full_of_mirrors_traces_to_an_end() -> None:
    # 3x3 turnable mirrors with a source at every border place: all 512 layouts, loops included, end.
    sources = [(-1, c, mc.DOWN, mc.WHITE) for c in range(3)] + [(3, c, mc.UP, mc.RED) for c in range(3)]
    sources += [(r, -1, mc.RIGHT, mc.GREEN) for r in range(3)] + [(r, 3, mc.LEFT, mc.BLUE) for r in range(3)]
    start = board(["/ / /", "/ / /", "/ / /"], sources)
    loops = 0
    for mask in range(512):
        cells = tuple(mc.MIRROR + (mask >> i & 1) for i in range(9))
        state = mi.State(start.puzzle, cells)
        for beam in mi.trace(state):
            assert beam.end in ("edge", "loop")
            assert len(beam.steps) <= 4 * 4 * 9  # at most one visit per (cell, direction, colour)
            loops += beam.end == "loop"
    assert loops == 0  # mirrors are reversible: a beam that came in from the edge always finds its way out


def test_glass_recolours_and_filters_pass_only_their_colour() -> None:
    state = board(
        [
            "GR . FR TR",
            "GB . FR TB",
            ". . FG TW",
        ],
        [(0, -1, mc.RIGHT, mc.WHITE), (1, -1, mc.RIGHT, mc.RED), (2, -1, mc.RIGHT, mc.WHITE)],
    )
    first, second, third = mi.trace(state)
    assert first.end == "target" and first.lit and first.end_colour == mc.RED  # white -> red glass -> red filter
    assert [s.colour for s in first.steps] == [mc.RED, mc.RED, mc.RED]
    assert second.end == "filter" and (second.end_row, second.end_col) == (1, 2)  # now blue: the red filter stops it
    assert third.end == "filter" and (third.end_row, third.end_col) == (2, 2)  # white light is not green
    assert mi.lit_targets(state) == frozenset({(0, 3)})


def test_the_colours_in_each_cell_are_those_arriving_and_leaving_and_those_that_stop_there() -> None:
    state = board([". GR FB", ". . TG"], [(0, -1, mc.RIGHT, mc.WHITE), (-1, 2, mc.DOWN, mc.BLUE)])
    colours = mi.beam_colours(state)
    assert colours[(0, 0)] == {mc.WHITE}
    assert colours[(0, 1)] == {mc.WHITE, mc.RED}  # glass: white in, red out
    assert colours[(0, 2)] == {mc.RED, mc.BLUE}  # the blue filter stops the red beam, passes the blue one
    assert colours[(1, 2)] == {mc.BLUE}  # a target of another colour still stops the blue beam
    assert (1, 0) not in colours and (1, 1) not in colours


def test_a_target_stops_the_beam_even_when_the_colour_is_wrong() -> None:
    state = board([". TG TR"], [(0, 3, mc.LEFT, mc.RED)])
    (beam,) = mi.trace(state)
    assert (beam.end, beam.end_row, beam.end_col, beam.lit) == ("target", 0, 2, True)
    state = board(["TR TG ."], [(0, 3, mc.LEFT, mc.RED)])
    (beam,) = mi.trace(state)
    assert (beam.end, beam.end_row, beam.end_col, beam.lit) == ("target", 0, 1, False)


def test_walls_and_edges_end_beams_and_steps_record_turns() -> None:
    state = board(
        [
            ". \\ #",
            ". . .",
            ". / .",
        ],
        [(0, -1, mc.RIGHT, mc.BLUE), (-1, 2, mc.DOWN, mc.BLUE)],
    )
    first, second = mi.trace(state)
    assert [tuple(s) for s in first.steps] == [
        (0, 0, mc.RIGHT, mc.RIGHT, mc.BLUE),
        (0, 1, mc.RIGHT, mc.DOWN, mc.BLUE),
        (1, 1, mc.DOWN, mc.DOWN, mc.BLUE),
        (2, 1, mc.DOWN, mc.LEFT, mc.BLUE),
        (2, 0, mc.LEFT, mc.LEFT, mc.BLUE),
    ]
    assert (first.end, first.end_row, first.end_col, first.end_direction) == ("edge", 2, -1, mc.LEFT)
    assert (second.end, second.end_row, second.end_col) == ("wall", 0, 2)
    assert mi.first_cell(second.source) == (0, 2)


# --- moves -----------------------------------------------------------------------------------------


def sample_state() -> mi.State:
    return mi.generate(mi.PRESETS["normal"], Rng("moves"))


def test_turn_flips_one_mirror_and_leaves_the_old_state_alone() -> None:
    state = sample_state()
    row, col = state.turnable_cells()[0]
    before = mi.cell_kind(state, row, col)
    after = mi.apply(state, ("turn", row, col))
    assert mi.cell_kind(state, row, col) == before
    assert mi.cell_kind(after, row, col).mirror != before.mirror
    assert mi.apply(after, ("turn", row, col)) == state
    assert hash(mi.apply(after, ("turn", row, col))) == hash(state)
    assert mi.move_cost(state, ("turn", row, col)) == 1


@pytest.mark.parametrize(
    "move",
    [("turn", -1, 0), ("turn", 0, 99), ("press", 0, 0), ("turn", True, 0), ("turn", 0.5, 1), "turn", None, ()],
)
def test_illegal_moves_raise_value_error(move: object) -> None:
    with pytest.raises(ValueError):
        mi.apply(sample_state(), move)


def test_turning_something_that_is_not_a_turnable_mirror_is_refused() -> None:
    state = board(["L/ # TW", ". / ."], [(1, -1, mc.RIGHT, mc.WHITE)])
    for row, col in ((0, 0), (0, 1), (0, 2), (1, 0)):
        with pytest.raises(ValueError):
            mi.apply(state, ("turn", row, col))
    mi.apply(state, ("turn", 1, 1))


def test_moves_survive_a_json_round_trip() -> None:
    state = sample_state()
    moves = [mi.hint(state)] + [("turn", r, c) for r, c in state.turnable_cells()[:3]]
    read_back = [tuple(move) for move in json.loads(json.dumps(moves))]
    assert read_back == moves
    a = b = state
    for move, again in zip(moves, read_back, strict=True):
        if mi.status(a) == 1:
            break
        a, b = mi.apply(a, move), mi.apply(b, again)
        assert a == b


def test_a_won_puzzle_refuses_more_turns() -> None:
    state = mi.stage_state("1-01")
    while (move := mi.hint(state)) is not None:
        state = mi.apply(state, move)
    assert mi.status(state) == 1
    with pytest.raises(ValueError):
        mi.apply(state, ("turn", *state.turnable_cells()[0]))


# --- hints -----------------------------------------------------------------------------------------


@settings(max_examples=60)
@given(
    st.sampled_from(ALL_PARAMS), st.text("abcdef", min_size=1, max_size=6), st.lists(st.integers(0, 999), max_size=12)
)
def test_following_hints_from_any_reached_state_wins_in_remaining_turns(
    params: mi.Params, seed: str, turns: list[int]
) -> None:
    state = mi.generate(params, Rng(seed))
    mirrors = state.turnable_cells()
    for pick in turns:  # wander: any state reachable by play
        if mi.status(state) == 1:
            break
        state = mi.apply(state, ("turn", *mirrors[pick % len(mirrors)]))
    left = mi.remaining_turns(state)
    for step in range(left):
        move = mi.hint(state)
        assert move is not None and move == mi.hint(state)  # deterministic
        state = mi.apply(state, move)
        assert mi.remaining_turns(state) == left - step - 1
    assert mi.status(state) == 1
    assert mi.hint(state) is None
    assert mi.remaining_turns(state) == 0


def test_hints_are_the_same_for_equal_states_built_apart() -> None:
    a = mi.generate(mi.PRESETS["hard"], Rng("same"))
    b = mi.decode(mi.encode(a))
    assert a == b and mi.hint(a) == mi.hint(b)
    assert mi.par(a) == mi.par(b) == mi.remaining_turns(a)


# --- generator -------------------------------------------------------------------------------------


@pytest.mark.parametrize("params", ALL_PARAMS, ids=mi.format_params)
@pytest.mark.parametrize("seed", range(8))
def test_generated_boards_are_solvable_and_never_solved(params: mi.Params, seed: int) -> None:
    state = mi.generate(params, Rng(f"gen-{seed}"))
    assert mi.status(state) == 0
    assert mi.params_of(state) == params
    par = mi.par(state)
    assert par >= 1
    assert mi.remaining_turns(state) == par
    solution = mi.solve(state)
    for row, col in solution:
        state = mi.apply(state, ("turn", row, col))
    assert mi.status(state) == 1
    assert mi.lit_targets(state) == {(r, c) for r, c, _ in mi.targets(state)}


@pytest.mark.parametrize("size", [5, 7, 10])
@pytest.mark.parametrize("seed", range(10))
def test_hard_boards_are_unique(size: int, seed: int) -> None:
    state = mi.generate(mi.Params(size, size, "hard"), Rng(f"unique-{seed}"))
    assert mi.is_unique_puzzle(state)
    puzzle = state.puzzle
    assert is_unique_layout(puzzle.height, puzzle.width, puzzle.cells, puzzle.sources, puzzle.inventory)


def test_easy_boards_are_white_and_hard_boards_use_colour() -> None:
    for seed in range(5):
        easy = mi.generate(mi.Params(8, 8, "easy"), Rng(f"c{seed}"))
        assert {s.colour for s in mi.sources(easy)} == {mc.WHITE}
        hard = mi.generate(mi.Params(10, 10, "hard"), Rng(f"c{seed}"))
        assert len({s.colour for s in mi.sources(hard)}) >= 2


def test_generation_is_deterministic_per_seed() -> None:
    params = mi.PRESETS["hard"]
    assert mi.generate(params, Rng("det")) == mi.generate(params, Rng("det"))
    assert mi.generate(params, Rng("det")) != mi.generate(params, Rng("other"))


# --- params ----------------------------------------------------------------------------------------


def test_presets_round_trip_and_the_first_is_the_default() -> None:
    assert list(mi.PRESETS)[0] == "easy"
    for name, params in mi.PRESETS.items():
        assert mi.parse_params(mi.format_params(params)) == params
        assert mi.parse_params(name) == params


@pytest.mark.parametrize("text", ["5x5-easy", "10x10-hard", "6x9-normal", "7-hard", " 8X8-Normal "])
def test_endless_params_parse(text: str) -> None:
    params = mi.parse_params(text)
    assert mi.parse_params(mi.format_params(params)) == params


@pytest.mark.parametrize("text", ["4x4-easy", "11x5-hard", "5x5-extreme", "5x5", "", "stage-9-99", "stage-1-1", "x"])
def test_bad_params_raise_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        mi.parse_params(text)


def test_stage_params_are_unique_per_stage_and_parse_back() -> None:
    keys = [mi.format_params(mi.params_of(mi.stage_state(s))) for s in stages.STAGES]
    assert len(set(keys)) == len(keys) == 48
    assert keys[0] == "stage-1-01"
    for key, stage_id in zip(keys, stages.STAGES, strict=True):
        assert mi.parse_params(key).stage == stage_id
        assert mi.generate(mi.parse_params(key), Rng("x")) == mi.stage_state(stage_id)


# --- game IDs --------------------------------------------------------------------------------------


@pytest.mark.parametrize("params", ALL_PARAMS, ids=mi.format_params)
def test_generated_ids_round_trip(params: mi.Params) -> None:
    state = mi.generate(params, Rng("ids"))
    text = mi.encode(state)
    assert mi.decode(text) == state
    assert mi.encode(mi.decode(text)) == text
    moved = mi.apply(state, ("turn", *state.turnable_cells()[0]))
    assert mi.encode(moved) == text  # an ID names the puzzle, i.e. its start


def test_stage_ids_round_trip() -> None:
    for stage_id in stages.STAGES:
        state = mi.stage_state(stage_id)
        assert mi.encode(state) == stage_id
        assert mi.decode(stage_id) == state
        assert mi.decode(f" {stage_id} ") == state


def valid_id() -> str:
    return mi.encode(mi.generate(mi.Params(5, 5, "normal"), Rng("bad-ids")))


def mangle(part: int, new: str) -> str:
    fields = valid_id().split(".")
    fields[part] = new
    return ".".join(fields)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("", "shape"),
        ("hello", "shape"),
        ("9-99", "stage"),
        ("stage-1-01", "stage"),  # the records' key for stage 1-01, not its ID
        ("1-1", "stage"),
        ("3.5x5-normal.a.t0r", "version"),  # format 2 is the second edition's; 3 is unknown
        (lambda: valid_id() + ".x", "shape"),
        (lambda: mangle(1, "4x4-normal"), "size"),
        (lambda: mangle(1, "5x5-weird"), "size"),
        (lambda: mangle(1, "05x5-normal"), "size"),
        (lambda: mangle(2, "a" * 24), "board"),
        (lambda: mangle(2, "z" * 25), "board"),
        (lambda: mangle(2, "a" * 24 + "c"), "board"),  # no target
        (lambda: mangle(2, "a" * 24 + "m"), "board"),  # a target but nothing to turn
        (lambda: mangle(3, ""), "board"),
        (lambda: mangle(3, "t9r"), "board"),  # off the 5-wide top side
        (lambda: mangle(3, "t0rt0g"), "board"),  # two sources in one place
        (lambda: mangle(3, "x0r"), "board"),
        (lambda: mangle(3, "t0"), "board"),
        ("1.5x5-easy.c" + "a" * 4 + "m" + "a" * 19 + ".l1w", "solved"),  # the source shines on its target
        ("1.5x5-easy.m" + "b" * 23 + "c.l1w", "unsolvable"),  # walls everywhere
        (None, "shape"),
    ],
)
def test_malformed_ids_raise_game_id_error(text: object, kind: str) -> None:
    if callable(text):
        text = text()
    with pytest.raises(GameIdError) as caught:
        mi.decode(text)  # type: ignore[arg-type]
    assert caught.value.kind == kind
    assert kind in ID_PROBLEMS


# --- strings ---------------------------------------------------------------------------------------


def test_strings_have_the_same_keys_and_fields_in_both_languages() -> None:
    import string as pystring

    assert set(strings.EN) == set(strings.JA)
    for key, english in strings.EN.items():
        assert key.startswith("mirrors_")
        fields_en = {f for _, f, _, _ in pystring.Formatter().parse(english) if f}
        fields_ja = {f for _, f, _, _ in pystring.Formatter().parse(strings.JA[key]) if f}
        assert fields_en == fields_ja, key


def test_strings_cover_everything_the_backend_names() -> None:
    keys = set(strings.EN)
    for code in range(mc.CODE_COUNT):
        assert mc.describe(code).label_key in keys
    assert "mirrors_aria_target_lit" in keys
    for name in mc.COLOUR_NAMES:
        assert f"mirrors_colour_{name}" in keys and f"mirrors_letter_{name}" in keys
    for name in mc.DIRECTION_NAMES:
        assert f"mirrors_direction_{name}" in keys
    for side in ("top", "bottom", "left", "right"):
        assert f"mirrors_aria_source_{side}" in keys
    for problem in PROBLEMS:
        assert f"mirrors_stage_error_{problem}" in keys
    for stage_id in stages.STAGES:
        assert "mirrors_stage_" + stage_id.replace("-", "_") in keys
    for tier in stages.TIERS:
        assert f"mirrors_tier_{tier}" in keys
    for difficulty in mi.DIFFICULTIES:
        assert f"mirrors_preset_{difficulty}" in keys
    assert "mirrors_stage_error_unreadable" in keys
    for refusal in ("mirrors_refused_fixed", "mirrors_refused_nothing", "mirrors_refused_occupied",
                    "mirrors_refused_no_mirror", "mirrors_refused_no_splitter", "mirrors_refused_no_inventory",
                    "mirrors_refused_none_mirror", "mirrors_refused_none_splitter",
                    "mirrors_refused_not_placed", "mirrors_refused_take_fixed", "mirrors_aria_empty_open",
                    "mirrors_hand_mirrors", "mirrors_hand_splitters"):
        assert refusal in keys
    hinted = strings.EN["mirrors_hinted"].format(row=1, col=2, left=3)
    assert hinted == "Turned the mirror at row 1, column 2; 3 turns to go"


def test_counts_have_english_singulars_and_japanese_counts_name_what_they_count() -> None:
    from app.core.strings import translate

    hinted = "Turned the mirror at row 2, column 1; {} to go"
    assert translate("en", "mirrors_hinted", row=2, col=1, left=1) == hinted.format("1 turn")
    assert translate("en", "mirrors_hinted", row=2, col=1, left=0) == hinted.format("0 turns")
    assert translate("en", "mirrors_live_count", lit=0, total=1) == "0 of 1 target lit"
    assert translate("en", "mirrors_live_count", lit=1, total=2) == "1 of 2 targets lit"
    for key, (param, singular) in strings.EN_ONE.items():
        assert "{" + param + "}" in strings.EN[key] and "1" in singular, key
    assert translate("ja", "mirrors_stage_count", done=1, total=36) == "36ステージ中1ステージクリア"


def test_no_string_is_dead() -> None:
    """Every key is named in the backend or the view, literally or by a prefix they fill in.

    The generic stage list names its keys after the game id ("{game}_stages"): read as Light Path's.
    """
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    sources = [*(root / "app" / "games" / "mirrors").glob("*.py"),
               *(root / "app" / "web" / "views").glob("mirrors*.py")]
    text = "\n".join(path.read_text(encoding="utf-8") for path in sources
                     if path.name not in ("strings.py", "editor_strings.py"))
    stage_list = (root / "app" / "web" / "screen" / "stage_list.py").read_text(encoding="utf-8")
    text += stage_list.replace("{self.game}_", "mirrors_").replace("{game}_", "mirrors_")
    prefixes = ("mirrors_stage_error_", "mirrors_colour_", "mirrors_letter_", "mirrors_direction_", "mirrors_preset_",
                "mirrors_tier_", "mirrors_aria_mirror_", "mirrors_aria_fixed_", "mirrors_legend_", "mirrors_said_end_",
                "mirrors_edit_piece_", "mirrors_edit_verdict_", "mirrors_edit_edge_",
                "mirrors_edit_removed_")
    dead = [key for key in strings.EN
            if key not in text and not key.startswith(prefixes)
            and not (key.startswith("mirrors_stage_")
                     and key[len("mirrors_stage_"):].replace("_", "-") in stages.STAGES)]
    assert dead == []
    for prefix in prefixes:
        assert prefix in text, prefix


# --- bounded worst case ----------------------------------------------------------------------------


def tangled() -> mi.State:
    """A 10x10 board of nothing but turnable mirrors: far too many beam paths to search."""
    cells = tuple([mc.MIRROR] * 99 + [mc.TARGET])
    return mi.State(Puzzle(10, 10, cells, (mi.Source(0, -1, mc.RIGHT, mc.WHITE),)))


def test_a_too_tangled_board_is_refused_quickly_not_searched_forever() -> None:
    import time

    started = time.perf_counter()
    with pytest.raises(GameIdError) as caught:
        mi.decode("1.10x10-easy." + "c" * 99 + "m.l0w")
    assert caught.value.kind == "board"
    assert mi.hint(tangled()) is None
    with pytest.raises(ValueError):
        mi.remaining_turns(tangled())
    assert time.perf_counter() - started < 2.0  # three budgets of MAX_NODES, with room for a slow machine


@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_the_generators_last_resort_is_a_fresh_unique_puzzle(monkeypatch: pytest.MonkeyPatch, difficulty: str) -> None:
    from app.games.mirrors import generator

    monkeypatch.setattr(generator, "LAYOUT_TRIES", 0)  # as if no layout ever fitted
    state = mi.generate(mi.Params(7, 5, difficulty), Rng("last"))
    assert mi.status(state) == 0
    assert mi.par(state) == mi.remaining_turns(state) == 1
    assert mi.is_unique_puzzle(state)
    assert mi.decode(mi.encode(state)) == state


def test_a_stage_is_named_by_the_spec_without_a_view() -> None:
    """Statistics and the size menu name a stage from the GameSpec's params_label (no view is built)."""
    from functools import partial

    import app.catalogue  # noqa: F401 (registers the games' strings)
    from app.core.game import params_text
    from app.core.strings import translate

    t = partial(translate, "en")
    name = t("mirrors_stage_1_01")
    assert params_text(mi.SPEC, t, mi.parse_params("stage-1-01")) == f"Stage 1-01 · {name}"
    assert params_text(mi.SPEC, t, mi.parse_params("7x9-hard")) == t("mirrors_preset_hard", width=7, height=9)


def test_an_endless_run_asks_for_boards_that_grow_and_never_get_easier() -> None:
    from app.games.mirrors.board import DIFFICULTIES, check_params
    from app.games.mirrors.endless import run_params

    boards = [run_params(run) for run in range(40)]
    assert (boards[0].width, boards[0].difficulty) == (5, "easy"), "a run starts small and easy"
    assert (boards[-1].width, boards[-1].height, boards[-1].difficulty) == (10, 10, "hard")
    for before, after in itertools.pairwise(boards):
        assert after.width >= before.width and after.height >= before.height
        assert DIFFICULTIES.index(after.difficulty) >= DIFFICULTIES.index(before.difficulty)
        check_params(after)
    assert len({(p.width, p.difficulty) for p in boards}) >= 6, "it rises in several steps"
    assert mi.SPEC.run_params is run_params
    with pytest.raises(ValueError):
        run_params(-1)
