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
from app.web.screen.speech import Narrator  # noqa: E402


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
    """The board in play as the narrator reads it: its view and its session's state."""

    def __init__(self) -> None:
        self.view = View()
        self.session = types.SimpleNamespace(state="after")


def narrator(verbosity: str, lang: str = "en") -> tuple[Narrator, list[str], View]:
    said: list[str] = []
    shell = types.SimpleNamespace(settings={"announce": verbosity}, announce=said.append, i18n=I18n(lang))
    screen = Screen()
    return Narrator(shell, screen), said, screen.view  # type: ignore[arg-type]


@pytest.mark.parametrize(("verbosity", "said"), [
    ("short", "Turned the mirror at row 1, column 2; 3 turns to go; 2 of 3 targets lit"),
    ("full", "Turned the mirror at row 1, column 2; 3 turns to go. 2 of 3 targets lit"),
    ("off", "Turned the mirror at row 1, column 2; 3 turns to go"),
])
def test_a_hinted_move_is_named_once_by_the_hints_words(verbosity: str, said: str) -> None:
    speaker, heard, view = narrator(verbosity)
    speaker.say_change(None, "before", ("turn", 0, 1), hinted="Turned the mirror at row 1, column 2; 3 turns to go")
    assert heard == [said]
    assert view.moves in ([None], []), "the summary is not asked to name the move again"


def test_short_is_one_sentence_and_full_is_sentences_in_either_language() -> None:
    for verbosity, lang, said in [("short", "en", "Undone; 2 of 3 targets lit"),
                                  ("full", "en", "Undone. 2 of 3 targets lit"),
                                  ("short", "ja", "一手戻しました、2 of 3 targets lit"),
                                  ("full", "ja", "一手戻しました。2 of 3 targets lit")]:
        speaker, heard, _ = narrator(verbosity, lang)
        speaker.say_change("said_undo", "before")
        assert heard == [said], (verbosity, lang)
    speaker, heard, view = narrator("short")
    speaker.say_change(None, "before", ("turn", 0, 1))
    assert heard == ["Turned row 1, column 2; 2 of 3 targets lit"] and view.moves == [("turn", 0, 1)]
