"""What the game screen says of a change (app/web/screen/speech.py): one sentence in short, sentences in full,
a hinted move named once, by the hint's words."""

from __future__ import annotations

import sys
import types
from typing import Any
from unittest import mock

sys.modules.setdefault("js", mock.MagicMock(name="js"))
_pyodide = sys.modules.setdefault("pyodide", types.ModuleType("pyodide"))
_ffi = sys.modules.setdefault("pyodide.ffi", types.ModuleType("pyodide.ffi"))
_ffi.create_proxy = lambda function: function  # type: ignore[attr-defined]
_pyodide.ffi = _ffi  # type: ignore[attr-defined]

import pytest  # noqa: E402

from app.web.i18n import I18n  # noqa: E402
from app.web.screen.speech import say_change  # noqa: E402


class View:
    """Names the move it is given (as every game's summary does), then what it changed."""

    def __init__(self) -> None:
        self.moves: list[Any] = []

    def move_summary(self, before: Any, after: Any, move: Any, verbosity: str) -> str:
        self.moves.append(move)
        change = "2 of 3 targets lit"
        if move is None:
            return change
        return f"Row 1, column 2 turned. {change}" if verbosity == "full" else f"Turned row 1, column 2; {change}"


class Screen:
    def __init__(self, verbosity: str, lang: str = "en") -> None:
        self.view = View()
        self.i18n = I18n(lang)
        self.session = types.SimpleNamespace(state="after")
        self.said: list[str] = []
        self.shell = types.SimpleNamespace(settings={"announce": verbosity}, announce=self.said.append)


@pytest.mark.parametrize(("verbosity", "said"), [
    ("short", "Turned the mirror at row 1, column 2; 3 turns to go; 2 of 3 targets lit"),
    ("full", "Turned the mirror at row 1, column 2; 3 turns to go. 2 of 3 targets lit"),
    ("off", "Turned the mirror at row 1, column 2; 3 turns to go"),
])
def test_a_hinted_move_is_named_once_by_the_hints_words(verbosity: str, said: str) -> None:
    screen = Screen(verbosity)
    say_change(screen, None, "before", ("turn", 0, 1), hinted="Turned the mirror at row 1, column 2; 3 turns to go")
    assert screen.said == [said]
    assert screen.view.moves in ([None], []), "the summary is not asked to name the move again"


def test_short_is_one_sentence_and_full_is_sentences_in_either_language() -> None:
    for verbosity, lang, said in [("short", "en", "Undone; 2 of 3 targets lit"),
                                  ("full", "en", "Undone. 2 of 3 targets lit"),
                                  ("short", "ja", "一手戻しました、2 of 3 targets lit"),
                                  ("full", "ja", "一手戻しました。2 of 3 targets lit")]:
        screen = Screen(verbosity, lang)
        say_change(screen, "said_undo", "before")
        assert screen.said == [said], (verbosity, lang)
    own = Screen("short")
    say_change(own, None, "before", ("turn", 0, 1))
    assert own.said == ["Turned row 1, column 2; 2 of 3 targets lit"] and own.view.moves == [("turn", 0, 1)]
