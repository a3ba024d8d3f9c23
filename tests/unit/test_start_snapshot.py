"""Which internal errors drop the start-up snapshot (app/web/start_snapshot.py), against a stand-in page."""

from __future__ import annotations

import importlib
import sys
import types
from pathlib import Path

import pytest


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> types.SimpleNamespace:
    """A stand-in `js` whose window.masumeSnapshot records what it is asked to drop."""
    dropped: list[str] = []
    snapshot = types.SimpleNamespace(dropAfterError=dropped.append)
    js = types.ModuleType("js")
    js.window = types.SimpleNamespace(masumeSnapshot=snapshot)  # type: ignore[attr-defined]
    js.console = types.SimpleNamespace(warn=print)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.delitem(sys.modules, "app.web.start_snapshot", raising=False)
    module = importlib.import_module("app.web.start_snapshot")
    yield types.SimpleNamespace(module=module, dropped=dropped, js=js)
    sys.modules.pop("app.web.start_snapshot", None)


def _raised(action) -> BaseException:  # noqa: ANN001
    try:
        action()
    except Exception as error:  # noqa: BLE001 - the error itself is what is looked at
        return error
    raise AssertionError("nothing was raised")


def test_an_error_from_a_module_being_imported_counts_and_one_from_play_does_not(
        page: types.SimpleNamespace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "broken_view_for_test.py").write_text('raise RuntimeError("cannot be imported")\n')
    (tmp_path / "bad_syntax_for_test.py").write_text("def broken(:\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importing = _raised(lambda: importlib.import_module("broken_view_for_test"))
    assert isinstance(importing, RuntimeError)  # not an ImportError: found from its traceback
    assert page.module.raised_while_importing(importing)
    assert page.module.raised_while_importing(_raised(lambda: importlib.import_module("bad_syntax_for_test")))
    assert page.module.raised_while_importing(_raised(lambda: importlib.import_module("no_such_module_for_test")))

    def play() -> None:
        raise ValueError("a bug in a move")

    assert not page.module.raised_while_importing(_raised(play))

    def wrapped() -> None:
        try:
            importlib.import_module("broken_view_for_test")
        except RuntimeError as error:
            raise KeyError("while opening a screen") from error

    assert page.module.raised_while_importing(_raised(wrapped))


def test_dropping_asks_the_page_with_a_short_reason_and_never_fails(page: types.SimpleNamespace) -> None:
    page.module.drop_after_error(RuntimeError("x" * 500))
    assert page.dropped == ["RuntimeError: " + "x" * 186]
    page.js.window = types.SimpleNamespace()  # a page without the interpreter module's object
    page.module.drop_after_error(RuntimeError("nothing to drop"))

    def refuse(_reason: str) -> None:
        raise OSError("the page refused")

    page.js.window = types.SimpleNamespace(masumeSnapshot=types.SimpleNamespace(dropAfterError=refuse))
    page.module.drop_after_error(RuntimeError("refused"))  # reported to the console, not raised
