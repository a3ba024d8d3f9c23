"""What the live region says after a move, from the backend's view of what changed (no browser)."""

from __future__ import annotations

import sys
import types
from typing import Any
from unittest import mock

# The views' modules reach the page through app.web.dom (js, pyodide); these tests use none of it.
sys.modules.setdefault("js", mock.MagicMock(name="js"))
_pyodide = sys.modules.setdefault("pyodide", types.ModuleType("pyodide"))
_ffi = sys.modules.setdefault("pyodide.ffi", types.ModuleType("pyodide.ffi"))
_ffi.create_proxy = lambda function: function  # type: ignore[attr-defined]
_pyodide.ffi = _ffi  # type: ignore[attr-defined]

from app.core.rng import Rng  # noqa: E402 - after the stand-ins above
from app.core.strings import catalogue, sentences  # noqa: E402
from app.games import crosslight, pipes  # noqa: E402
from app.web.views.base import GameView  # noqa: E402
from app.web.views.crosslight import CrossLightView  # noqa: E402
from app.web.views.pipes import PipesView  # noqa: E402

EN = catalogue("en")


class Host:
    """Just the words: a view's summaries need nothing else."""

    board = None
    state = None
    lang = "en"

    def t(self, key: str, **params: Any) -> str:
        return catalogue(self.lang)[key].format(**params)

    def sentences(self, *texts: str | None) -> str:
        return sentences(self.lang, *texts)


class JapaneseHost(Host):
    lang = "ja"


def test_crosslight_full_names_the_press_and_counts_the_lights() -> None:
    view = CrossLightView(Host(), crosslight.SPEC)
    before = crosslight.generate(crosslight.parse_params("5x5"), Rng("said"))
    after = crosslight.apply(before, (1, 2))
    assert view.move_summary(before, after, (1, 2), "full") == f"Row 2, column 3 pressed, {after.lit_count} lights on"
    assert view.move_summary(before, after, (1, 2), "short") == f"Pressed row 2, column 3; {after.lit_count} lights on"
    flipped = int((before.lights != after.lights).sum())
    assert view.move_summary(after, before, None, "full") == f"{flipped} cells flipped, {before.lit_count} lights on"
    assert view.move_summary(None, before, None, "short") == f"{before.lit_count} lights on"


def test_the_generic_summary_counts_changed_positions() -> None:
    view = CrossLightView(Host(), crosslight.SPEC)
    before = crosslight.generate(crosslight.parse_params("5x5"), Rng("generic"))
    after = crosslight.apply(before, (0, 0))
    changed = int((before.lights != after.lights).sum())
    assert GameView.move_summary(view, before, after, (0, 0), "short") == f"{changed} cells changed"
    assert GameView.move_summary(view, None, after, None, "short") is None


def test_pipes_says_what_the_water_did_and_full_adds_the_turn() -> None:
    view = PipesView(Host(), pipes.SPEC)
    before = pipes.generate(pipes.PRESETS[next(iter(pipes.PRESETS))], Rng("pipes-said"))
    move = ("cw", 0, 0)
    after = pipes.apply(before, move)
    short = view.move_summary(before, after, move, "short")
    if pipes.status(after) == 0:
        sides = ", ".join(pipes.open_sides(after.tile(0, 0))) or "nothing"  # how the tile now lies
        assert short and short.startswith(f"Turned row 1, column 1, now open {sides}; ")
        assert "water" in short or "connected" in short
        assert ". " not in short, "short is one sentence"
        full = view.move_summary(before, after, move, "full")
        assert full.startswith(f"Row 1, column 1 turned clockwise, now open {sides}. "), full
        back = pipes.apply(before, ("ccw", 0, 0))
        ccw = view.move_summary(before, back, ("ccw", 0, 0), "full")
        back_sides = ", ".join(pipes.open_sides(back.tile(0, 0))) or "nothing"
        assert ccw.startswith(f"Row 1, column 1 turned counter-clockwise, now open {back_sides}. "), ccw
    assert view.move_summary(before, pipes.apply(before, ("lock", 0, 0)), ("lock", 0, 0), "short") == \
        "Row 1, column 1 locked", "a lock says what it did, at the screen's verbosity like any move"


def test_pipes_full_in_japanese_says_the_turn_as_a_sentence_with_no_space_after_the_stop() -> None:
    view = PipesView(JapaneseHost(), pipes.SPEC)
    before = pipes.generate(pipes.PRESETS["path_5x5"], Rng("pipes-said-ja"))
    after = pipes.apply(before, ("cw", 1, 2))
    assert pipes.status(after) == 0
    full = view.move_summary(before, after, ("cw", 1, 2), "full")
    sides = "・".join({"up": "上", "right": "右", "down": "下", "left": "左"}[side]
                     for side in pipes.open_sides(after.tile(1, 2)))
    assert full.startswith(f"2行3列を右に回しました（開口：{sides}）。水が"), full
    assert "。 " not in full


def test_pipes_says_the_winning_turn_in_its_own_words_then_leaves_the_rest_to_the_result() -> None:
    """The turn that wins was never said (#30): its words come back, without the water's (the result follows)."""
    view = PipesView(Host(), pipes.SPEC)
    start = pipes.generate(pipes.PRESETS["net_5x5"], Rng("pipes-win-said"))
    solved = pipes.solve(start)
    assert solved is not None
    cell = next(i for i, tile in enumerate(solved) if pipes.rotate_ccw(tile) != tile)  # a tile that turns
    tiles = list(solved)
    tiles[cell] = pipes.rotate_ccw(solved[cell])
    before = pipes.State(start.params, tuple(tiles), (False,) * len(tiles))
    row, col = divmod(cell, start.params.width)
    after = pipes.apply(before, ("cw", row, col))
    assert pipes.status(after) == 1
    sides = ", ".join(pipes.open_sides(after.tile(row, col))) or "nothing"
    for verbosity in ("short", "full"):
        said = view.move_summary(before, after, ("cw", row, col), verbosity)
        assert said == f"Row {row + 1}, column {col + 1} turned clockwise, now open {sides}", said
    assert view.move_summary(before, after, ("set", row, col, after.tile(row, col)), "short") is None  # a hint's own
