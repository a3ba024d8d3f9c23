"""Pipe Link as a game: params, generation, moves and locks, hints that win, game IDs, strings."""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from app.core import strings as catalogue
from app.core.game import ParamsError, RefusedMoveError
from app.core.gameid import ID_PROBLEMS, GameIdError
from app.core.rng import Rng
from app.games import pipes
from app.games.pipes import strings
from app.games.pipes.board import State, new_state

ARTICLE = [10, 12, 5, 10, 5, 3, 12, 7, 10, 5, 3, 12, 7, 10, 5, 3]
PATH_SIZES = [pipes.Params("path", w, h) for w, h in ((3, 3), (4, 4), (5, 5), (7, 7), (9, 9), (12, 12), (3, 8))]
NET_SIZES = [pipes.Params("net", n, n, wrap) for n in (3, 5, 7) for wrap in (False, True)]


# --- params -------------------------------------------------------------------------------------------


def test_presets_are_in_menu_order_and_include_the_article_and_net_sizes() -> None:
    names = list(pipes.PRESETS)
    assert pipes.PRESETS[names[0]] == pipes.Params("path", 4, 4), "a fresh game starts on the article's board"
    order = [(p.mode != "path", p.width * p.height, p.wrap) for p in pipes.PRESETS.values()]
    assert order == sorted(order), "path boards, then Net boards, each from small to large"
    values = set(pipes.PRESETS.values())
    assert pipes.Params("path", 4, 4) in values
    for n in (5, 7, 9, 11):
        assert pipes.Params("net", n, n) in values
    assert any(p.wrap for p in values)
    for name, params in pipes.PRESETS.items():
        assert pipes.parse_params(pipes.format_params(params)) == params
        assert pipes.parse_params(name) == params


def test_the_daily_stays_a_5x5_path_board() -> None:
    from app.core.daily import daily_params

    assert pipes.PRESETS[pipes.DAILY_PRESET] == pipes.Params("path", 5, 5)
    assert daily_params("pipes") == pipes.Params("path", 5, 5)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("path-5x5", pipes.Params("path", 5, 5)),
        ("5", pipes.Params("path", 5, 5)),
        ("7x4", pipes.Params("path", 7, 4)),
        ("net 9x9 wrap", pipes.Params("net", 9, 9, True)),
        ("net9x9w", pipes.Params("net", 9, 9, True)),
        ("NET-11x11", pipes.Params("net", 11, 11)),
        ("path 12×3", pipes.Params("path", 12, 3)),
    ],
)
def test_parse_params_reads_loose_spellings(text: str, expected: pipes.Params) -> None:
    assert pipes.parse_params(text) == expected
    assert pipes.format_params(expected).replace("-", "").isalnum()


@pytest.mark.parametrize("text", ["", "2x2", "13x5", "path-5x5-wrap", "hex-5x5", "5x", "99999999999x3", "x5"])
def test_parse_params_refuses_with_a_message(text: str) -> None:
    with pytest.raises(ValueError, match=r"[A-Z]"):
        pipes.parse_params(text)


def test_format_params_distinguishes_modes() -> None:
    texts = {pipes.format_params(p) for p in pipes.PRESETS.values()}
    assert len(texts) == len(pipes.PRESETS)
    assert pipes.format_params(pipes.Params("net", 9, 9, True)) == "net-9x9-wrap"


# --- generation -----------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PATH_SIZES + NET_SIZES), st.text(min_size=1, max_size=8))
def test_generated_boards_are_solvable_and_never_solved(params: pipes.Params, seed: str) -> None:
    state = pipes.generate(params, Rng(seed))
    assert pipes.params_of(state) == params
    assert pipes.status(state) == 0
    assert not any(state.locked)
    assert pipes.par(state) >= 1
    solution = pipes.solve(state)
    assert solution is not None and pipes.status(new_state(params, solution)) == 1
    if params.mode == "net":
        assert pipes.is_unique(state)


def test_generation_is_deterministic() -> None:
    for params in (pipes.PRESETS["path_9x9"], pipes.PRESETS["net_11x11"]):
        assert pipes.generate(params, Rng("same")) == pipes.generate(params, Rng("same"))


def test_path_boards_use_the_article_shapes() -> None:
    state = pipes.generate(pipes.Params("path", 9, 9), Rng("shapes"))
    assert all(1 <= value.bit_count() <= 3 for value in state.tiles)  # no empty tiles, no crosses


# --- moves and locks ----------------------------------------------------------------------------------


def test_turns_locks_and_their_costs() -> None:
    state = pipes.generate(pipes.PRESETS["path_5x5"], Rng("moves"))
    value = state.tile(2, 3)
    turned = pipes.apply(state, ("cw", 2, 3))
    assert turned.tile(2, 3) == pipes.rotate_cw(value)
    assert state.tile(2, 3) == value  # the old state is untouched
    assert pipes.apply(turned, ("ccw", 2, 3)).tiles == state.tiles
    assert pipes.move_cost(state, ("cw", 2, 3)) == pipes.move_cost(state, ("ccw", 2, 3)) == 1
    locked = pipes.apply(state, ("lock", 2, 3))
    assert locked.is_locked(2, 3) and pipes.locked_mask(locked)[2, 3]
    assert pipes.move_cost(state, ("lock", 2, 3)) == 0
    for turn in ("cw", "ccw"):
        with pytest.raises(RefusedMoveError, match="locked") as refused:
            pipes.apply(locked, (turn, 2, 3))
        # the page words the rule from the catalogue, with the cell counted from 1
        assert refused.value.string_key == "pipes_live_locked_refused"
        assert refused.value.params == {"row": 3, "col": 4}
    assert not pipes.apply(locked, ("lock", 2, 3)).is_locked(2, 3)
    several = pipes.apply(pipes.apply(locked, ("lock", 0, 0)), ("lock", 4, 4))
    cleared_locks = pipes.apply(several, ("unlock_all",))
    assert not any(cleared_locks.locked) and cleared_locks.tiles == state.tiles
    assert pipes.move_cost(several, ("unlock_all",)) == 0


def test_set_turns_and_locks_and_costs_the_clicks_it_saves() -> None:
    state = new_state(pipes.Params("path", 4, 4), [pipes.rotate_cw(v) for v in ARTICLE])
    for target, clicks in ((pipes.rotate_cw(state.tile(1, 1)), 1), (state.tile(1, 1), 0)):
        move = ("set", 1, 1, target)
        assert pipes.move_cost(state, move) == clicks
    half = pipes.rotate_cw(pipes.rotate_cw(state.tile(1, 1)))
    assert pipes.move_cost(state, ("set", 1, 1, half)) == 2
    assert pipes.hint_direction(state, ("set", 1, 1, half)) == "twice"
    ccw = pipes.rotate_ccw(state.tile(1, 1))
    assert pipes.move_cost(state, ("set", 1, 1, ccw)) == 1
    assert pipes.hint_direction(state, ("set", 1, 1, ccw)) == "counter-clockwise"
    locked = pipes.apply(state, ("lock", 1, 1))
    after = pipes.apply(locked, ("set", 1, 1, ccw))  # a hint may fix a locked tile
    assert after.tile(1, 1) == ccw and after.is_locked(1, 1)
    with pytest.raises(ValueError):
        pipes.apply(state, ("set", 1, 1, 5))  # a bend cannot become a straight


@pytest.mark.parametrize(
    "move",
    [
        ("cw", 4, 0),
        ("cw", -1, 0),
        ("ccw", 0),
        ("spin", 0, 0),
        ("cw", True, 0),
        ("cw", "1", 0),
        (),
        "cw",
        None,
        ("set", 0, 0),
        ("set", 0, 0, 16),
        ("unlock_all", 1),
    ],
)
def test_malformed_moves_raise_value_error(move: object) -> None:
    state = new_state(pipes.Params("path", 4, 4), [pipes.rotate_cw(v) for v in ARTICLE])
    with pytest.raises(ValueError):
        pipes.apply(state, move)


def test_a_cleared_board_locks() -> None:
    state = new_state(pipes.Params("path", 4, 4), ARTICLE)
    assert pipes.status(state) == 1
    assert pipes.hint(state) is None
    for move in (("cw", 0, 3), ("lock", 0, 0), ("unlock_all",)):
        with pytest.raises(ValueError, match="cleared"):
            pipes.apply(state, move)


def test_moves_survive_a_json_round_trip() -> None:
    state = pipes.generate(pipes.PRESETS["net_5x5"], Rng("json"))
    moves = [("cw", 0, 1), ("ccw", 2, 2), ("lock", 3, 3), ("unlock_all",), pipes.hint(state)]
    for move in moves:
        assert move is not None
        back = tuple(json.loads(json.dumps(move)))
        assert back == move
        assert pipes.apply(state, back) == pipes.apply(state, move)


# --- hints ------------------------------------------------------------------------------------------


def follow_hints(state: State, limit: int) -> State:
    for _ in range(limit):
        if pipes.status(state) == 1:
            return state
        move = pipes.hint(state)
        assert move is not None, "no hint on an unsolved board"
        assert move[0] == "set" and pipes.move_cost(state, move) >= 1
        state = pipes.apply(state, move)
        assert state.is_locked(move[1], move[2])
    return state


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PATH_SIZES[:5] + NET_SIZES), st.integers(0, 10**6), st.integers(0, 30))
# Wrong locks walled this board in so far that the penalised route search gave up: no hint.
@example(pipes.Params(mode="path", width=9, height=9, wrap=False), 322, 22)
def test_following_hints_from_any_reachable_state_wins(params: pipes.Params, seed: int, scramble: int) -> None:
    rng = Rng(f"hints-{seed}")
    state = pipes.generate(params, rng)
    for _ in range(scramble):  # wander: turns both ways and locks, wrong ones included
        row, col = rng.randbelow(params.height), rng.randbelow(params.width)
        kind = rng.choice(["cw", "ccw", "lock", "lock", "cw"])
        if pipes.status(state) == 1:
            break
        if kind != "lock" and state.is_locked(row, col):
            continue
        state = pipes.apply(state, (kind, row, col))
    budget = pipes.remaining_turns(state)
    won = follow_hints(state, 2 * len(state.tiles) + 5)
    assert pipes.status(won) == 1
    if budget is not None and params.mode == "path":
        clicks = 0
        walk = state
        while pipes.status(walk) == 0:  # hints respecting locks cost exactly the remaining turns
            move = pipes.hint(walk)
            clicks += pipes.move_cost(walk, move)
            walk = pipes.apply(walk, move)
        assert clicks == budget


def test_hint_fixes_a_wrongly_locked_tile_first() -> None:
    params = pipes.Params("path", 4, 4)
    start = list(ARTICLE)
    start[0] = 5  # the entrance straight turned upright: nothing flows until it is fixed
    state = pipes.apply(new_state(params, start), ("lock", 0, 0))
    assert pipes.remaining_turns(state) is None
    assert pipes.hint(state) == ("set", 0, 0, 10)
    assert pipes.status(pipes.apply(state, pipes.hint(state))) == 1


def test_net_hint_is_a_tile_of_the_solution() -> None:
    state = pipes.generate(pipes.PRESETS["net_7x7"], Rng("net-hint"))
    solution = pipes.solve(state)
    move = pipes.hint(state)
    assert move is not None and solution is not None
    _, row, col, value = move
    assert value == solution[row * 7 + col] != state.tile(row, col)


# --- game IDs -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(pipes.PRESETS))
def test_encode_decode_round_trip(name: str) -> None:
    state = pipes.generate(pipes.PRESETS[name], Rng(f"id-{name}"))
    text = pipes.encode(state)
    assert text.startswith("1." + pipes.format_params(state.params) + ".")
    assert pipes.decode(text) == state
    locked = pipes.apply(pipes.apply(state, ("lock", 0, 0)), ("lock", 2, 1))
    assert pipes.decode(pipes.encode(locked)) == locked
    assert pipes.encode(locked) != text


def test_the_article_board_as_a_game_id() -> None:
    start = [pipes.rotate_cw(v) for v in ARTICLE]
    text = "1.path-4x4." + "".join(f"{v:x}" for v in start)
    state = pipes.decode(text)
    assert state.tiles == tuple(start) and pipes.encode(state) == text


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("", "shape"),
        ("2.path-4x4.5555555555555555", "version"),
        ("1.path-4x4", "shape"),
        ("1.path-4x4.a.b.c", "shape"),
        ("1.path-4x4.5555 55555555555", "shape"),
        ("1.path-2x2.5555", "size"),
        ("1.path-4x4-wrap.5555555555555555", "size"),
        ("1.PATH-4x4.5555555555555555", "size"),
        ("1.path-4x4.555555555555555", "board"),
        ("1.path-4x4.555555555555555g", "board"),
        ("1.path-4x4.555555555555555A", "board"),
        ("1.path-4x4.ac5a53c7a53c7a53", "solved"),
        ("1.path-4x4.5555555555555555", "unsolvable"),
        ("1.path-4x4.5555555555555555.AA", "board"),
        ("1.path-4x4.5555555555555555.!!", "shape"),
        ("1.net-3x3.555555555", "unsolvable"),
        ("1.net-3x3.6ec555111", "solved"),
        ("1.net-3x3.6ec555110", "board"),
    ],
)
def test_malformed_ids_raise_game_id_error(text: str, kind: str) -> None:
    with pytest.raises(GameIdError) as raised:
        pipes.decode(text)
    assert raised.value.kind == kind in ID_PROBLEMS


def test_ambiguous_net_ids_are_refused() -> None:
    from app.games.pipes.generator import spanning_tree
    from tests.unit.test_pipes_net import brute_force_solutions

    params = pipes.Params("net", 4, 4, True)
    for seed in range(50):
        tree = spanning_tree(params, Rng(f"ambiguous-{seed}"))
        if tree is not None and len(brute_force_solutions(4, 4, True, tree)) > 1:
            tiles = [pipes.rotate_cw(v) for v in tree]
            text = "1.net-4x4-wrap." + "".join(f"{v:x}" for v in tiles)
            with pytest.raises(GameIdError, match="more than one"):
                pipes.decode(text)
            return
    pytest.fail("no ambiguous tree found")


# --- view helpers and strings ---------------------------------------------------------------------------


def test_view_helpers() -> None:
    state = new_state(pipes.Params("path", 4, 4), ARTICLE)
    assert pipes.grid(state).shape == (4, 4) and int(pipes.grid(state)[1, 3]) == 7
    assert not pipes.grid(state).flags.writeable
    assert pipes.open_sides(7) == ("up", "right", "down")
    assert pipes.flowing(state)[3, 3] and pipes.connected(state)[0, 0]
    assert pipes.active_count(state)[1] == 16
    net = pipes.Params("net", 5, 5)
    assert pipes.source_cell(net) == 12


def test_string_catalogues_match() -> None:
    assert set(strings.EN) == set(strings.JA)
    for key, template in strings.EN.items():
        assert key.startswith("pipes_")
        assert catalogue.placeholders(template) == catalogue.placeholders(strings.JA[key]), key
    for name in pipes.PRESETS:
        assert f"pipes_preset_{name}" in strings.EN
    for side in ("up", "right", "down", "left"):
        assert f"pipes_side_{side}" in strings.EN
    assert strings.EN["pipes_live_hinted"].format(row=3, col=4) == "Turned and locked row 3, column 4"
    assert strings.EN["pipes_cell"].format(row=1, col=2, sides="up, down", flow="flowing") == (
        "Row 1, column 2, open up, down, flowing"
    )


@pytest.mark.parametrize(("mode", "width", "height", "wrap", "expected"), [
    ("path", 12, 3, False, pipes.Params(pipes.PATH, 12, 3)),
    ("net", 3, 3, False, pipes.Params(pipes.NET, 3, 3)),
    ("net", 12, 10, False, pipes.Params(pipes.NET, 12, 10)),
    ("net", 6, 8, True, pipes.Params(pipes.NET, 6, 8, True)),
])
def test_the_size_form_makes_boards_of_either_mode(mode: str, width: int, height: int, wrap: bool,
                                                   expected: pipes.Params) -> None:
    values = {"mode": mode, "width": width, "height": height, "wrap": int(wrap)}
    assert pipes.custom_params(values, lambda name: None) == expected
    assert pipes.parse_params(pipes.format_params(expected)) == expected  # bests are kept under the params' text


@pytest.mark.parametrize(("mode", "width", "height", "wrap", "key"), [
    ("path", 5, 5, True, "pipes_wrap_needs_net"),  # only Net boards wrap
    ("path", 2, 5, True, "pipes_wrap_needs_net"),  # (said first: a size is no help to a wrapping path board)
    ("net", 2, 5, False, "pipes_size_error"), ("net", 5, 13, True, "pipes_size_error"),
    ("net", -1, 5, False, "pipes_size_error"),
])
def test_the_size_form_refuses_what_no_board_is_in_words(mode: str, width: int, height: int, wrap: bool,
                                                          key: str) -> None:
    with pytest.raises(ParamsError, match=r"\S") as refused:
        pipes.custom_params({"mode": mode, "width": width, "height": height, "wrap": int(wrap)}, lambda name: None)
    assert refused.value.string_key == key
    assert catalogue.translate("ja", key, **refused.value.params) != key  # worded in Japanese too, with its numbers


def test_a_custom_net_board_is_made_with_one_solution() -> None:
    values = {"mode": "net", "width": 4, "height": 6, "wrap": 1}
    state = pipes.generate(pipes.custom_params(values, lambda name: None), Rng("form"))
    assert (state.params.mode, state.params.width, state.params.height, state.params.wrap) == (pipes.NET, 4, 6, True)
    assert pipes.status(state) == 0
