"""Replays: the compact link form of a move log, strict decoding, and stepping through a game."""

from __future__ import annotations

import base64
import dataclasses
import json
import zlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core import registry
from app.core.replay import (
    CHECKPOINT_EVERY,
    MAX_JSON_BYTES,
    MAX_LINK_CHARS,
    MAX_REPLAY_MOVES,
    REPLAY_PROBLEMS,
    Playback,
    Replay,
    ReplayError,
    ReplayLink,
    decode_moves,
    encode_moves,
    parse_replay_route,
    replay_hash,
    replay_link,
)
from app.core.rng import Rng
from app.core.route import parse_hash
from app.core.session import Session
from app.games import crosslight, mines

GAMES = registry.games()  # every game app.catalogue registered (tests/conftest.py imports it)


def _pack(data: object, *, raw: bytes | None = None, version: str = "1") -> str:
    body = raw if raw is not None else json.dumps(data, separators=(",", ":")).encode("utf-8")
    return f"{version}." + base64.urlsafe_b64encode(zlib.compress(body, 9)).decode("ascii").rstrip("=")


def _board() -> tuple[object, str]:
    state = crosslight.generate(crosslight.PRESETS["easy"], Rng("replay-board"))
    return state, crosslight.encode(state)


def _kind(call: object) -> str:
    with pytest.raises(ReplayError) as caught:
        call()  # type: ignore[operator]
    assert caught.value.kind in REPLAY_PROBLEMS
    assert caught.value.string_key == f"replay_problem_{caught.value.kind}"
    return caught.value.kind


# ----- the text form ------------------------------------------------------------------------


MOVES = [(0, 1), ("open", 3, 4), ("mark", 2, 2, True), ("unlock_all",), ("set", 1, 1, 9), ("turn", 0, 0),
         ("日本", -5, False), ((1, 2), ("a", True))]


def test_a_move_log_round_trips_through_its_url_safe_text() -> None:
    text = encode_moves(MOVES)
    assert text.startswith("1.")
    assert all(ch.isalnum() or ch in "._-" for ch in text)
    assert decode_moves(text) == MOVES


def test_the_text_is_compact_for_a_long_repetitive_log() -> None:
    moves = [("open", row % 16, (row * 7) % 16) for row in range(400)]
    assert len(encode_moves(moves)) < 400 * 3  # under 3 characters a move, against ~14 for the JSON
    assert decode_moves(encode_moves(moves)) == moves


def test_the_empty_log_round_trips() -> None:
    assert decode_moves(encode_moves([])) == []


@pytest.mark.parametrize("move", [1.5, None, {"a": 1}, "x" * 65, 10**12, [[[[1]]]], list(range(17))])
def test_what_is_not_a_move_cannot_be_encoded(move: object) -> None:
    with pytest.raises(ReplayError):
        encode_moves([move])


@pytest.mark.parametrize("text, kind", [
    ("", "shape"),
    ("abc", "shape"),
    ("1.abc def", "shape"),
    ("1.abc/def", "shape"),
    ("1.", "shape"),
    ("2." + "A" * 20, "version"),
    ("01.AAAA", "version"),
    ("1.AAAAA", "damaged"),  # one character over a whole base64 group: a cut link
    ("1.AAAA", "damaged"),  # not zlib
    ("1." + "A" * (MAX_LINK_CHARS + 1), "too_long"),
])  # fmt: skip
def test_malformed_texts_are_refused_with_a_kind(text: str, kind: str) -> None:
    assert _kind(lambda: decode_moves(text)) == kind


def test_a_cut_link_is_refused() -> None:
    text = encode_moves(MOVES)
    for cut in range(3, len(text) - 1):
        with pytest.raises(ReplayError):
            decode_moves(text[:cut])


def test_bytes_after_the_end_are_refused() -> None:
    good = zlib.compress(b"[[0,1]]")
    text = "1." + base64.urlsafe_b64encode(good + b"xx").decode().rstrip("=")
    assert _kind(lambda: decode_moves(text)) == "damaged"


def test_a_zip_bomb_stops_at_the_cap() -> None:
    bomb = b"[" + b"0," * (MAX_JSON_BYTES // 2 + 10) + b"0]"
    text = _pack(None, raw=bomb)
    assert len(text) < MAX_LINK_CHARS
    assert _kind(lambda: decode_moves(text)) == "too_long"


@pytest.mark.parametrize("data, kind", [
    ({"moves": []}, "moves"),
    ("text", "moves"),
    ([1.5], "moves"),
    ([None], "moves"),
    ([[[[[[1]]]]]], "moves"),
    ([0] * (MAX_REPLAY_MOVES + 1), "too_long"),
])  # fmt: skip
def test_json_that_is_not_a_move_list_is_refused(data: object, kind: str) -> None:
    assert _kind(lambda: decode_moves(_pack(data))) == kind


@pytest.mark.parametrize("raw", [b"[NaN]", b"[1e999]", b"[[0,1]", b"\xff\xfe", b"[Infinity]"])
def test_json_that_is_not_strict_is_refused(raw: bytes) -> None:
    assert _kind(lambda: decode_moves(_pack(None, raw=raw))) == "damaged"


def test_deep_nesting_is_refused_before_it_is_parsed() -> None:
    raw = b"[" * 100_000 + b"]" * 100_000
    assert _kind(lambda: decode_moves(_pack(None, raw=raw))) == "moves"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_read_or_refused_never_crashes(text: str) -> None:
    try:
        moves = decode_moves(text)
    except ReplayError:
        return
    assert isinstance(moves, list)


# ----- the link -----------------------------------------------------------------------------


def test_the_route_part_of_a_replay_link() -> None:
    assert parse_replay_route("1.5x5.AAA/replay/1.xyz") == ReplayLink("1.5x5.AAA", "1.xyz")
    assert parse_replay_route("1.5x5.AAA/replay/1.xyz/") == ReplayLink("1.5x5.AAA", "1.xyz")
    assert parse_replay_route("1.5x5.AAA/replay") == ReplayLink("1.5x5.AAA", "")
    assert parse_replay_route("1.5x5.AAA") is None
    assert parse_replay_route(None) is None


def test_a_replay_link_survives_the_router() -> None:
    state, game_id = _board()
    moves = crosslight.solve(state)
    fragment = replay_link(crosslight.SPEC, state, moves)
    assert fragment == replay_hash("crosslight", game_id, encode_moves(moves))
    route = parse_hash(fragment, GAMES)
    assert route.game == "crosslight"
    replay = Replay.from_link(crosslight.SPEC, route.game_id)
    assert replay.final_status == 1
    assert replay.moves == moves


def test_tampered_links_are_refused_and_change_nothing() -> None:
    state, game_id = _board()
    moves = crosslight.solve(state)
    text = encode_moves(moves)
    refused = 0
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for index in range(2, len(text)):
        for replacement in "A_z9":
            if replacement == text[index]:
                continue
            tampered = text[:index] + replacement + text[index + 1:]
            assert all(ch in alphabet + "." for ch in tampered)
            try:
                replay = Replay.from_link(crosslight.SPEC, f"{game_id}/replay/{tampered}")
            except ReplayError:
                refused += 1
                continue
            # Whatever got through is a list of legal moves on this very board.
            assert replay.start == state
    assert refused > 0
    assert crosslight.encode(state) == game_id  # the board itself is untouched


def test_a_legal_looking_move_that_does_not_apply_is_refused_with_its_index() -> None:
    state, game_id = _board()
    moves = [(0, 0), (0, 0), (9, 9)]
    with pytest.raises(ReplayError) as caught:
        Replay.from_link(crosslight.SPEC, f"{game_id}/replay/{encode_moves(moves)}")
    assert caught.value.kind == "illegal" and caught.value.index == 2


def test_moves_after_the_game_is_won_are_refused() -> None:
    state, game_id = _board()
    moves = [*crosslight.solve(state), (0, 0)]
    assert _kind(lambda: Replay.from_link(crosslight.SPEC, f"{game_id}/replay/{encode_moves(moves)}")) == "illegal"


@pytest.mark.parametrize("rest, kind", [
    ("1.5x5.AAA", "shape"),
    ("1.5x5.AAA/replay/", "empty"),
    ("not-an-id/replay/" + encode_moves([(0, 0)]), "game_id"),
    ("{id}/replay/" + encode_moves([]), "empty"),
    ("{id}/replay/1.AAAA", "damaged"),
])  # fmt: skip
def test_link_problems_have_kinds(rest: str, kind: str) -> None:
    _state, game_id = _board()
    assert _kind(lambda: Replay.from_link(crosslight.SPEC, rest.replace("{id}", game_id))) == kind


def test_a_link_to_another_games_board_is_refused() -> None:
    state, _ = _board()
    mines_id = mines.encode(mines.generate(mines.PRESETS["beginner"], Rng("other")))
    link = f"{mines_id}/replay/{encode_moves(crosslight.solve(state))}"
    assert _kind(lambda: Replay.from_link(crosslight.SPEC, link)) == "game_id"


# ----- stepping -------------------------------------------------------------------------------


def _long_crosslight_game() -> tuple[object, list[tuple[int, int]], list[object]]:
    state, _ = _board()
    moves: list[tuple[int, int]] = [(1, 1), (1, 1)] * (2 * CHECKPOINT_EVERY + 3) + list(crosslight.solve(state))
    states = [state]
    for move in moves:
        states.append(crosslight.apply(states[-1], move))
    return state, moves, states


def test_stepping_and_seeking_give_the_states_of_play() -> None:
    start, moves, states = _long_crosslight_game()
    replay = Replay.load(crosslight.SPEC, start, moves)
    assert len(replay) == len(moves) and replay.at_start and replay.last_move is None
    assert replay.final_state == states[-1] and replay.final_status == 1
    while replay.forward():
        assert replay.state == states[replay.position]
    assert replay.at_end and not replay.forward()
    while replay.back():
        assert replay.state == states[replay.position]
    assert replay.at_start and not replay.back()
    for position in (len(moves), 5, 0, 2 * CHECKPOINT_EVERY + 1, CHECKPOINT_EVERY, len(moves) - 1, -4, 10**6):
        replay.seek(position)
        clamped = max(0, min(position, len(moves)))
        assert replay.position == clamped and replay.state == states[clamped]
        assert replay.move_count == clamped
        assert replay.last_move == (moves[clamped - 1] if clamped else None)


def test_a_slow_move_is_loaded_in_slices_and_never_applied_again(monkeypatch: pytest.MonkeyPatch) -> None:
    start = mines.generate(mines.PRESETS["beginner"], Rng("slow-first-click"))
    moves = [("open", 4, 4), ("flag", 0, 0), ("unflag", 0, 0)]
    steps = Replay.load_steps(mines.SPEC, start, moves)
    yielded = 0
    try:
        while True:
            next(steps)
            yielded += 1
    except StopIteration as done:
        replay = done.value
    assert yielded >= len(moves)  # at least once a move, and between the first open's own slices
    calls = []
    original = mines.apply

    def counting_apply(state: object, move: object) -> object:
        calls.append(move)
        return original(state, move)

    monkeypatch.setattr(replay, "backend", dataclasses.replace(replay.backend, apply=counting_apply))
    replay.seek(3)
    replay.seek(1)
    replay.seek(2)
    replay.seek(0)
    replay.seek(1)
    assert ("open", 4, 4) not in calls


def test_a_session_log_after_a_restart_replays_from_its_restart_point() -> None:
    start = mines.generate(mines.PRESETS["beginner"], Rng("restart-replay"))
    session = Session(mines.SPEC, start)
    session.play(("open", 4, 4))
    session.play(("flag", 0, 0))
    assert session.restart()
    session.play(("flag", 1, 1))
    fragment = replay_link(mines.SPEC, session.log_start, session.move_log)
    replay = Replay.from_link(mines.SPEC, parse_hash(fragment, GAMES).game_id)
    assert replay.moves == [("flag", 1, 1)]
    assert replay.final_state == session.state


# ----- playback ------------------------------------------------------------------------------


def test_playback_steps_by_time_and_speed_and_pauses_at_the_end() -> None:
    start, moves, _states = _long_crosslight_game()
    replay = Replay.load(crosslight.SPEC, start, moves)
    playback = Playback()
    assert playback.advance(10_000, replay) == 0  # paused
    playback.play()
    assert playback.advance(playback.interval_ms() * 2.5, replay) == 2
    assert playback.advance(playback.interval_ms() * 0.5, replay) == 1  # the half carried over
    assert playback.faster() == 2.0 and playback.interval_ms() == pytest.approx(300)
    playback.set_speed(4.0)
    assert playback.faster() == 4.0
    with pytest.raises(ValueError):
        playback.set_speed(3.0)
    assert playback.slower() == 2.0
    playback.advance(10**9, replay)
    assert replay.at_end and not playback.playing


def test_a_link_is_read_in_slices_of_its_own_before_its_moves_are_applied() -> None:
    """Reading the moves and opening the board each end a slice (a 5,001-move 50×50 link), progress never goes back."""
    start = mines.generate(mines.parse_params("9x9n10"), Rng("slices"))
    moves = [("open", 4, 4)] + [(kind, 0, 0) for _ in range(3) for kind in ("flag", "unflag")]
    opened = mines.apply(start, moves[0])
    if opened.opened[0, 0]:  # (the corner opened with the first click: flag a hidden cell instead)
        row, col = (int(v) for v in np.argwhere(~opened.opened)[0])
        moves = [moves[0]] + [(kind, row, col) for kind, _, _ in moves[1:]]
    link = replay_link(mines.SPEC, start, moves)
    steps = Replay.link_steps(mines.SPEC, parse_hash(link, GAMES).game_id)
    first = [next(steps) for _ in range(3)]  # inflated; its nesting checked with its moves read; the board opened
    assert first == [None, None, 0.0] and next(steps) == 0.0, "nothing applied yet"
    progress = []
    while True:
        try:
            progress.append(next(steps))
        except StopIteration as done:
            replay = done.value
            break
    assert [p for p in progress if p is not None] == sorted(p for p in progress if p is not None)
    assert len(replay) == len(moves) and progress[-1] == 1.0


def test_a_20000_move_link_is_read_in_slices_of_bounded_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted, not timed (#27): no slice of reading a link converts more than DECODE_SLICE_MOVES moves or scans
    more than DECODE_SLICE_TOKENS tokens of its JSON, and the board is reached only after all of them."""
    from app.core import records as records_module
    from app.core import replay as replay_module

    start = crosslight.generate(crosslight.parse_params("5x5"), Rng("twenty-thousand"))
    moves = [(index % 5, index // 5 % 4) for index in range(MAX_REPLAY_MOVES)]
    link = replay_link(crosslight.SPEC, start, moves)
    counts = {"moves": 0, "tokens": 0}
    convert = replay_module.move_from_json
    tokens = records_module._TOKENS

    class Counted:
        """The token pattern, counting what it yields."""

        @staticmethod
        def finditer(text: str):  # noqa: ANN205
            for match in tokens.finditer(text):
                counts["tokens"] += 1
                yield match

    def counted(move):  # noqa: ANN001, ANN202
        counts["moves"] += 1
        return convert(move)

    monkeypatch.setattr(replay_module, "move_from_json", counted)
    monkeypatch.setattr(records_module, "_TOKENS", Counted)
    steps = Replay.link_steps(crosslight.SPEC, parse_hash(link, GAMES).game_id)
    slices = []
    while True:
        counts.update(moves=0, tokens=0)
        try:
            value = next(steps)
        except StopIteration as done:
            replay = done.value
            break
        slices.append((counts["moves"], counts["tokens"], value))
        if value is not None and value > 0:
            break  # the first move applied: reading is over
    assert max(moves for moves, _, _ in slices) <= replay_module.DECODE_SLICE_MOVES
    assert max(tokens for _, tokens, _ in slices) <= replay_module.DECODE_SLICE_TOKENS + 1
    assert sum(moves for moves, _, _ in slices) == MAX_REPLAY_MOVES  # all read before the first is applied
    assert len(slices) >= MAX_REPLAY_MOVES // replay_module.DECODE_SLICE_MOVES
    monkeypatch.undo()
    replay = Replay.from_link(crosslight.SPEC, parse_hash(link, GAMES).game_id)
    assert len(replay) == MAX_REPLAY_MOVES and replay.moves == moves


@pytest.mark.parametrize("move, cell", [((2, 3), (2, 3)), (("open", 4, 5), (4, 5)), (("mark", 0, 5, False), (0, 5)),
                                        (("set", 1, 2, 10), (1, 2)), (["turn", 3, 4], (3, 4)), (None, None),
                                        (("new",), None), ((True, False), None)])
def test_move_cell_names_the_cell_a_move_pressed(move: object, cell: tuple[int, int] | None) -> None:
    from app.core.replay import move_cell

    assert move_cell(move) == cell
