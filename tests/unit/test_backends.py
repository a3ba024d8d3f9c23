"""The conformance suite: every registered game keeps the promises of its `app.core.game.GameSpec`.

A new game listed in `app.catalogue.GAMES` gets all of these for free, and so do the
test-only ring game (tests/browser/ringtest/) and toggle game (tests/unit/toggle/),
registered here for the suite alone: the smallest whole games, which prove the descriptor
is all a game needs (tests/unit/test_views.py plays their views too); a game whose
hints stop leading to a win, whose moves do not survive JSON, or whose IDs do
not round-trip fails here.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator

import pytest

from app.core import check, daily, progress, registry, strings
from app.core.game import ParamsError, adjusted_params, apply_steps, move_cost, restart_target, run_to_end
from app.core.gameid import GameIdError
from app.core.replay import (
    MAX_LINK_CHARS,
    Replay,
    ReplayError,
    decode_moves,
    encode_moves,
    parse_replay_route,
    replay_link,
)
from app.core.rng import Rng
from app.core.route import parse_hash
from app.core.session import Session
from tests.browser.ringtest import backend as ringtest
from tests.unit import toggle
from tests.unit.play_host import registered

GAMES = registry.games()  # every game app.catalogue registered (tests/conftest.py imports it)


SEEDS = ("conformance-1", "conformance-2", "conformance-3")
MAX_HINTED_MOVES = 2_000
MALFORMED_IDS = ("", "x", "1", "1.", "999.abc", "1.0x0", "1.abc.def.ghi.jkl", "\u00e9\u00e9", "1." + "A" * 5000,
                 "<script>alert(1)</script>", "../../etc/passwd", "1.%00", "-1.5x5")


def _presets(game: str) -> list[tuple[str, object]]:
    return list(registry.backend(game).presets.items())


def _small_preset(game: str) -> object:
    """The first preset: the default and, in every game so far, the quickest to play out."""
    return _presets(game)[0][1]


def _apply(backend: object, state: object, move: object) -> object:
    """Apply a move the way the page does: in slices where the game offers them."""
    steps = apply_steps(backend, state, move)
    return backend.apply(state, move) if steps is None else run_to_end(steps)  # type: ignore[attr-defined]


def _json_round_trip(move: object) -> object:
    return progress.move_from_json(json.loads(json.dumps(progress.move_to_json(move))))


def _play_hints_to_the_end(backend: object, state: object) -> tuple[object, list[object]]:
    moves = []
    for _ in range(MAX_HINTED_MOVES):
        if backend.status(state) != 0:  # type: ignore[attr-defined]
            break
        move = backend.hint(state)  # type: ignore[attr-defined]
        assert move is not None, "a game in play must always have a hint"
        moves.append(move)
        state = _apply(backend, state, move)
    return state, moves


@pytest.fixture(params=(*GAMES, ringtest.ID, toggle.ID))
def game(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each registered game in turn, and the two test-only games, registered for this test only."""
    extra = {ringtest.ID: ringtest.SPEC, toggle.ID: toggle.SPEC}.get(request.param)
    if extra is not None:
        with registered(extra):
            yield request.param
    else:
        yield request.param


def test_every_game_has_the_backend_surface(game: str) -> None:
    backend = registry.backend(game)
    assert backend.id == game
    for name in ("parse_params", "format_params", "params_of", "generate", "apply", "status", "hint",
                 "encode", "decode"):
        assert callable(getattr(backend, name)), f"{game} lacks {name}"
    assert backend.presets, "a game needs at least one preset"
    assert backend.name_key == f"{game}_name" and backend.rule_key.startswith(f"{game}_rule")


def test_every_game_has_strings_in_both_languages(game: str) -> None:
    strings = registry.backend(game).strings
    assert set(strings.en) == set(strings.ja)
    assert all(key.startswith(f"{game}_") for key in strings.en), \
        "a game's own strings are prefixed with its id, so games cannot overwrite each other's"


def test_preset_params_round_trip_through_their_text(game: str) -> None:
    backend = registry.backend(game)
    for _name, params in _presets(game):
        assert backend.parse_params(backend.format_params(params)) == params


BAD_PARAMS = ("", "x", "0", "-1", "0x0", "999x999", "1" * 60, "<script>", "3x3n999", "path-1x1")


def _said_in_both_languages(refusal: ParamsError) -> None:
    for lang in ("en", "ja"):
        words = strings.translate(lang, refusal.string_key, **refusal.params)
        assert words != refusal.string_key and "{" not in words, (lang, refusal.string_key, refusal.params)


def test_params_are_refused_in_the_players_words(game: str) -> None:
    """Board settings a game cannot play are refused with words of its own (or the shared ones), never raw."""
    backend = registry.backend(game)
    for text in BAD_PARAMS:
        try:
            params = backend.parse_params(text)
        except ParamsError as refusal:
            _said_in_both_languages(refusal)
        else:
            assert backend.parse_params(backend.format_params(params)) == params, text


def test_the_custom_form_makes_the_presets_and_refuses_in_words(game: str) -> None:
    """A game with custom sizes names its fields and what they make: each preset's own values make that preset
    (the player's settings applied, as New game does); values out of every range are refused in words."""
    backend = registry.backend(game)
    if not backend.custom_fields:
        assert backend.custom_params is None
        pytest.skip(f"{game} has no custom sizes")
    assert backend.custom_params is not None
    setting = registry.settings(game)

    def read(name: str) -> object:
        return setting[name].default if name in setting else None

    for _name, preset in _presets(game):
        params = adjusted_params(backend, preset, read)
        values = {field.name: (str(getattr(params, field.name)) if field.choices else int(getattr(params, field.name)))
                  for field in backend.custom_fields}
        assert backend.custom_params(values, read) == params
    for bad in (-1, 10**6):
        values = {field.name: (field.choices[0][0] if field.choices else 0 if field.toggle else bad)
                  for field in backend.custom_fields}
        with pytest.raises(ParamsError) as refused:
            backend.custom_params(values, read)
        _said_in_both_languages(refused.value)


@pytest.mark.parametrize("seed", SEEDS)
def test_generated_puzzles_are_in_play_and_round_trip_through_their_id(game: str, seed: str) -> None:
    backend = registry.backend(game)
    for _name, params in _presets(game):
        state = backend.generate(params, Rng(f"{seed}:{game}"))
        assert backend.status(state) == 0, "a new puzzle never starts solved"
        assert backend.params_of(state) == params
        game_id = backend.encode(state)
        assert backend.encode(backend.decode(game_id)) == game_id
        assert backend.status(backend.decode(game_id)) == 0


@pytest.mark.parametrize("seed", SEEDS)
def test_following_the_hints_wins(game: str, seed: str) -> None:
    backend = registry.backend(game)
    state = backend.generate(_small_preset(game), Rng(f"{seed}:hints:{game}"))
    final, moves = _play_hints_to_the_end(backend, state)
    assert backend.status(final) == 1, f"{game}: hints did not lead to a win in {len(moves)} moves"


@pytest.mark.parametrize("seed", SEEDS)
def test_hint_and_view_moves_survive_json(game: str, seed: str) -> None:
    backend = registry.backend(game)
    state = backend.generate(_small_preset(game), Rng(f"{seed}:json:{game}"))
    _final, moves = _play_hints_to_the_end(backend, state)
    for move in moves:
        assert _json_round_trip(move) == move, f"{game}: move {move!r} does not survive a JSON round trip"
        assert progress.is_json_move(progress.move_to_json(move))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_saved_game_restores_to_the_same_state(game: str, seed: str) -> None:
    backend = registry.backend(game)
    state = backend.generate(_small_preset(game), Rng(f"{seed}:save:{game}"))
    session = Session(backend, state)
    for _ in range(3):
        move = backend.hint(session.state)
        if move is None or session.over:
            break
        session.take(move, _apply(backend, session.state, move))
        if session.over:
            break
    game_id = backend.encode(session.restart_point)
    record = progress.save_record(backend, session, game_id)
    if session.over:
        assert record is None, "a finished game is not kept"
        return
    stored = json.loads(json.dumps(record))
    restored = progress.restore(backend, stored, game_id)
    assert restored is not None
    assert backend.encode(restored.restart_point) == game_id
    assert restored.moves == session.moves
    assert restored.move_log == session.move_log
    assert restored.deaths == session.deaths


def test_the_hints_do_not_change_the_state_they_are_asked_about(game: str) -> None:
    backend = registry.backend(game)
    state = backend.generate(_small_preset(game), Rng(f"pure:{game}"))
    before = backend.encode(state)
    move = backend.hint(state)
    assert move is not None
    after = _apply(backend, state, move)
    assert backend.encode(state) == before, "apply must return a new state and leave the old one untouched"
    assert after is not state


def test_restart_returns_to_the_start(game: str) -> None:
    backend = registry.backend(game)
    state = backend.generate(_small_preset(game), Rng(f"restart:{game}"))
    session = Session(backend, state)
    move = backend.hint(session.state)
    session.take(move, _apply(backend, session.state, move))
    if session.over:
        pytest.skip("the first hint won this board")
    target = restart_target(backend, session.initial, session.state)
    assert session.restart()
    assert backend.encode(session.state) == backend.encode(target)
    assert session.moves == 0


def test_every_move_costs_at_least_nothing(game: str) -> None:
    backend = registry.backend(game)
    state = backend.generate(_small_preset(game), Rng(f"cost:{game}"))
    move = backend.hint(state)
    assert move_cost(backend, state, move) >= 0


@pytest.mark.parametrize("text", MALFORMED_IDS)
def test_malformed_ids_raise_game_id_error(game: str, text: str) -> None:
    with pytest.raises(GameIdError):
        registry.backend(game).decode(text)


def test_a_tampered_progress_record_is_refused(game: str) -> None:
    backend = registry.backend(game)
    state = backend.generate(_small_preset(game), Rng(f"tamper:{game}"))
    game_id = backend.encode(state)
    for record in ({"id": game_id, "start": game_id, "moves": [["nonsense", -5, 99]], "elapsed": 1, "hints": 0},
                   {"id": game_id, "start": game_id, "moves": [], "elapsed": float("inf"), "hints": 0},
                   {"id": game_id, "start": game_id, "moves": "oops", "elapsed": 1, "hints": 0},
                   {"id": game_id, "start": "1.broken", "moves": [], "elapsed": 1, "hints": 0},
                   {"id": game_id, "start": game_id, "moves": [], "elapsed": 1, "hints": -3},
                   [1, 2, 3], None, "text"):
        assert progress.restore(backend, record, game_id) is None


def test_deaths_survive_a_reload() -> None:
    backend = registry.backend("crosslight")
    state = backend.generate(_small_preset("crosslight"), Rng("deaths"))
    session = Session(backend, state)
    move = backend.hint(session.state)
    session.take(move, _apply(backend, session.state, move))
    session.deaths = 2  # as after two losing moves undone (Minesweeper)
    game_id = backend.encode(session.restart_point)
    restored = progress.restore(backend, json.loads(json.dumps(progress.save_record(backend, session, game_id))),
                                game_id)
    assert restored is not None and restored.deaths == 2


# ----- replays, dailies and checks (app.core.replay, app.core.daily, app.core.check) -------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_a_replay_of_the_move_log_reproduces_the_final_state(game: str, seed: str) -> None:
    backend = registry.backend(game)
    start = backend.generate(_small_preset(game), Rng(f"{seed}:replay:{game}"))
    session = Session(backend, start)
    states = [start]
    for _ in range(MAX_HINTED_MOVES):
        if session.over:
            break
        move = backend.hint(session.state)
        states.append(session.take(move, _apply(backend, session.state, move)))
    route = parse_hash(replay_link(backend, session.log_start, session.move_log), registry.games())
    assert route.game == game
    replay = Replay.load_steps(backend, *_link_parts(backend, route.game_id))
    replay = run_to_end(replay)
    assert replay.final_state == session.state, f"{game}: replaying the log does not reach the final state"
    assert replay.final_status == session.status == 1
    assert replay.seek(len(replay)) == session.state and replay.move_count == session.moves
    for position in (0, len(replay) // 2, len(replay) - 1):
        assert replay.seek(position) == states[position]


def _link_parts(backend: object, rest: str) -> tuple[object, list[object]]:
    link = parse_replay_route(rest)
    assert link is not None
    return backend.decode(link.game_id), decode_moves(link.moves)  # type: ignore[attr-defined]


def test_a_tampered_replay_is_refused(game: str) -> None:
    backend = registry.backend(game)
    start = backend.generate(_small_preset(game), Rng(f"tampered-replay:{game}"))
    game_id = backend.encode(start)
    for moves in ([("nonsense", -5, 99)], [(10**6, 10**6)], [["turn", "x", "y"]], [True]):
        with pytest.raises(ReplayError) as caught:
            Replay.from_link(backend, f"{game_id}/replay/{encode_moves(moves)}")
        assert caught.value.kind == "illegal"
    for text in ("1.AAAA", "1." + "A" * (MAX_LINK_CHARS + 1), "9.abc", "1.%%"):
        with pytest.raises(ReplayError):
            Replay.from_link(backend, f"{game_id}/replay/{text}")


def test_the_daily_board_is_fixed_by_the_date(game: str) -> None:
    backend = registry.backend(game)
    today, tomorrow = datetime.date(2026, 12, 1), datetime.date(2026, 12, 2)
    state = daily.daily_state(game, today)
    assert backend.status(state) == 0, "a daily is in play"
    assert backend.params_of(state) == daily.daily_params(game, today)
    game_id = backend.encode(state)
    assert daily.daily_id(game, today) == game_id, "the same date gives the same board"
    assert backend.encode(backend.decode(game_id)) == game_id
    assert daily.daily_id(game, tomorrow) != game_id, "another day gives another board"


def test_check_is_pure_and_says_nothing_once_won(game: str) -> None:
    backend = registry.backend(game)
    if check.check_hook(backend) is None:
        pytest.skip(f"{game} offers no check")
    state = backend.generate(_small_preset(game), Rng(f"check:{game}"))
    before = backend.encode(state)
    final, _moves = _play_hints_to_the_end(backend, state)
    for probe in (state, final):
        result = check.check_state(backend, probe)
        assert result is None or isinstance(result, check.CheckResult)
        if result is not None:  # worded by the game itself (or the shared "nothing wrong"), in both languages
            assert result.string_key.startswith(f"{game}_") or result.string_key == check.NOTHING_WRONG
            for words in (strings.catalogue("en"), strings.catalogue("ja")):
                assert result.string_key in words, result.string_key
    assert backend.encode(state) == before
    assert check.check_state(backend, final) is None, "a finished game has nothing to check"
