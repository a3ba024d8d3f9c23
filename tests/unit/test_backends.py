"""The conformance suite: every registered game keeps the promises of `app.core.game.Backend`.

A new game listed in `app.games.GAMES` gets all of these for free; a game whose
hints stop leading to a win, whose moves do not survive JSON, or whose IDs do
not round-trip fails here.
"""

from __future__ import annotations

import json

import pytest

from app.core import progress, registry
from app.core.game import apply_steps, move_cost, restart_target, run_to_end
from app.core.gameid import GameIdError
from app.core.rng import Rng
from app.core.session import Session
from app.games import GAMES

SEEDS = ("conformance-1", "conformance-2", "conformance-3")
MAX_HINTED_MOVES = 2_000
MALFORMED_IDS = ("", "x", "1", "1.", "999.abc", "1.0x0", "1.abc.def.ghi.jkl", "\u00e9\u00e9", "1." + "A" * 5000,
                 "<script>alert(1)</script>", "../../etc/passwd", "1.%00", "-1.5x5")


def _presets(game: str) -> list[tuple[str, object]]:
    return list(registry.backend(game).PRESETS.items())


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


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> str:
    """Each registered game in turn."""
    return request.param


def test_every_game_has_the_backend_surface(game: str) -> None:
    backend = registry.backend(game)
    assert backend.ID == game
    for name in ("PRESETS", "parse_params", "format_params", "params_of", "generate", "apply", "status", "hint",
                 "encode", "decode"):
        assert hasattr(backend, name), f"{game} lacks {name}"
    assert backend.PRESETS, "a game needs at least one preset"


def test_every_game_has_strings_in_both_languages(game: str) -> None:
    strings = registry.strings(game)
    assert set(strings.EN) == set(strings.JA)
    assert all(key.startswith(f"{game}_") for key in strings.EN), \
        "a game's own strings are prefixed with its id, so games cannot overwrite each other's"


def test_preset_params_round_trip_through_their_text(game: str) -> None:
    backend = registry.backend(game)
    for _name, params in _presets(game):
        assert backend.parse_params(backend.format_params(params)) == params


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
        session.record(move, _apply(backend, session.state, move))
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
    session.record(move, _apply(backend, session.state, move))
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
