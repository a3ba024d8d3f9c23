"""The view conformance suite: every registered game's view, built and played as the game screen does it.

Under CPython, on the play host (tests/unit/play_host.py: `app.core.play` behind a whole
`ViewHost`, and a board drawn by the screen's own drawing code), each game's view is found
from its spec, builds its panel, draws a new board (every position painted and named), plays
the hint moves through the screen's input path (the view's `move_for` for a position and one
of its actions, where one makes the hinted move; else the view's own `use_hint`) to the end,
undoes, redraws, and is saved and reloaded from `app.core.progress`. A game listed in
`app.catalogue.GAMES` joins this suite without a test of its own; so does the test-only toggle
game (tests/unit/toggle/), registered here for the suite alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

# isort: off
from tests.unit.play_host import HeadlessBoard, PlayHost, registered  # first: it puts the page's stand-ins in place
# isort: on
from app.core import progress, registry
from app.core.game import adjusted_params
from app.core.rng import Rng
from app.games import mines
from app.web.dom import element
from app.web.views import view_class
from app.web.views.base import GameView
from tests.unit import toggle

GAMES = registry.games()  # every game app.catalogue registered (tests/conftest.py imports it)
MAX_HINTED_MOVES = 300


@pytest.fixture(params=(*GAMES, toggle.ID))
def game(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each registered game in turn, and the toggle game, registered (strings and all) for this test only."""
    if request.param == toggle.ID:
        with registered(toggle.SPEC):
            yield request.param
    else:
        yield request.param


def open_board(game: str, state: Any, lang: str = "en") -> tuple[GameView, PlayHost, HeadlessBoard]:
    """The game's view on a fresh page: found from the spec, its panel built, its board drawn."""
    spec = registry.backend(game)
    board = HeadlessBoard()
    host = PlayHost(spec, state, board, lang=lang)
    view = view_class(game)(host, spec)
    host.view = view
    assert isinstance(view, GameView)
    view.extra_controls(element("div"))
    view.play_tools(host.listen)
    board.open(view.layout(state), view.paint, view.widen)
    host.draw(force=True)
    return view, host, board


def first_state(game: str) -> Any:
    spec = registry.backend(game)
    params = adjusted_params(spec, next(iter(spec.presets.values())), lambda name: None)
    return spec.generate(params, Rng(f"views:{game}"))


def input_for(view: GameView, host: PlayHost, board: HeadlessBoard, move: Any) -> tuple[str, int, int] | None:
    """The board action and position whose move is `move`, as the player would make it, if there is one."""
    for action in view.actions:
        for row, col in board.layout.live_positions():
            made = view.move_for(action.name, host.state, row, col)
            if made is not None and list(made) == list(move):
                return action.name, row, col
    return None


def play_hint(spec: Any, view: GameView, host: PlayHost, board: HeadlessBoard) -> None:
    """Play the hinted move: by the player's input where a position and action make it, else by the view."""
    move = spec.hint(host.state)
    assert move is not None, "a game in play always has a hint"
    player = input_for(view, host, board, move)
    before = host.state
    if player is not None:
        host.press(*player)  # the player's own input makes the hinted move
    else:
        host.hint()  # the view shows or plays it
    assert host.state is not before, f"{move!r} was not played"
    assert board.codes is not None and np.array_equal(board.codes, view.codes(host.state)), "the board shows it"


def test_a_games_view_draws_plays_undoes_redraws_and_reloads(game: str) -> None:
    spec = registry.backend(game)
    view, host, board = open_board(game, first_state(game))
    assert set(board.labels) == set(board.layout.live_positions()), "every live position is painted and named"
    assert board.codes is not None and np.array_equal(board.codes, view.codes(host.state))
    opening = view.move_summary(None, host.state, None, "full")
    assert opening is None or (isinstance(opening, str) and opening)
    assert view.t(view.grid_label_key) != view.grid_label_key, "the board's name is in the catalogue"

    play_hint(spec, view, host, board)
    session = host.playing.session
    assert not session.over, "(a first board takes more than one move: the suite needs a game in play here)"
    played = host.state
    assert host.step("undo") and np.array_equal(board.codes, view.codes(host.state)), "undone and redrawn"
    assert host.step("redo") and host.state is played

    board.open(view.layout(host.state), view.paint, view.widen)  # a fresh canvas: everything redrawn
    host.draw(force=True)
    assert set(board.labels) == set(board.layout.live_positions())
    assert np.array_equal(board.codes, view.codes(played))

    game_id = spec.encode(session.restart_point)
    record = progress.save_record(spec, session, game_id)
    assert record is not None, "a game with moves is saved"
    restored = progress.restore(spec, record, game_id)
    assert restored is not None and restored.moves == session.moves
    _view, _host, again = open_board(game, restored.state)
    assert again.codes is not None and np.array_equal(again.codes, view.codes(played)), "reloaded as it was left"
    assert again.labels == board.labels, "and it reads the same"

    for _ in range(MAX_HINTED_MOVES):
        if session.over:
            break
        play_hint(spec, view, host, board)
    assert session.status == 1, f"the hints, played through the view, win ({session.moves} moves)"
    assert all(isinstance(text, str) and text for row in view.result_rows(session) for text in row)
    assert host.said and all(isinstance(text, str) and text for text in host.said), "every change is said"


def test_every_position_and_action_gives_a_move_or_nothing_and_a_refusal_is_said(game: str) -> None:
    """The input path on every live position: the view's move, played and undone, or refused as the page
    refuses it (the error sound, with the rule's words where the game gives them); nothing crashes."""
    view, host, board = open_board(game, first_state(game))
    start = host.state
    for action in view.actions:
        for row, col in board.layout.live_positions():
            sounds = len(host.sounds)
            host.press(action.name, row, col)
            if host.state is not start:
                assert host.step("undo") and host.state is start, (action.name, row, col)
            elif len(host.sounds) > sounds:
                assert host.sounds[sounds:] == ["error"], (action.name, row, col)


def test_the_toggle_game_joins_from_its_own_files_and_its_estimated_par_is_said_as_such() -> None:
    """A sixth game in files of its own: registered as the catalogue would, it is found, drawn, played through
    its view, won and saved; its par, declared an estimate, is labelled so and rates no stars."""
    assert toggle.ID not in registry.games()
    with registered(toggle.SPEC):
        assert registry.games()[-1] == toggle.ID and registry.backend(toggle.ID) is toggle.SPEC
        view, host, board = open_board(toggle.ID, toggle.decode("1.110000000"))
        assert board.labels[(0, 0)] == "Row 1, column 1, on" and board.labels[(2, 2)] == "Row 3, column 3, off"
        rows = {key: (label, value) for key, label, value in view.stats(host.playing.session, {})}
        assert rows["par"] == ("Par (estimate)", "2"), "two lights on: an estimate of the presses"
        host.press("press", 0, 0)  # one press puts both out, below the estimate
        ending = host.playing.session
        assert ending.status == 1 and ending.moves == 1 and host.said[-1] == "0 lights on"
        assert (view.par_label(), view.result_rows(ending)[1]) == ("Par (estimate)", ("Par (estimate)", "2"))
        japanese, *_ = open_board(toggle.ID, toggle.decode("1.110000000"), lang="ja")
        assert japanese.par_label() == "目標手数（目安）"
        record = progress.save_record(toggle.SPEC, ending, toggle.SPEC.encode(ending.restart_point))
        assert record is None, "a finished board is not kept to restore"
    assert toggle.ID not in registry.games(), "registered for the test alone"


@pytest.mark.parametrize(("elapsed", "shown"), [(3.64, "0:03.6"), (65.27, "1:05 (65.3s)")])
def test_a_minesweeper_result_shows_its_time_as_the_clock_and_the_best_do(elapsed: float, shown: str) -> None:
    view, host, _board = open_board("mines", first_state("mines"))
    opened = mines.apply(host.playing.session.state, ("open", 4, 4))  # (3BV needs the mines laid)
    session = type("Finished", (), {"elapsed": elapsed, "state": opened, "deaths": 0})()
    assert dict(view.result_rows(session))["Time"] == shown
