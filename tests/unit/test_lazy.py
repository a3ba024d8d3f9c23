"""Names a game package imports on first use (app.core.lazy)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from app.core.lazy import lazy_names


def test_a_listed_name_is_imported_on_first_use_and_kept() -> None:
    code = (
        "import sys, app.games.mines as m; "
        "assert 'app.games.mines.solver' not in sys.modules, 'imported before use'; "
        "f = m.solves_without_guessing; "
        "assert 'app.games.mines.solver' in sys.modules and 'solves_without_guessing' in vars(m)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_an_unlisted_name_is_an_attribute_error() -> None:
    load = lazy_names("app.games.mines", {"hint": ".hints"})
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        load("nothing")
    assert getattr(__import__("app.games.mines", fromlist=["x"]), "daily_hook_that_is_not_there", None) is None
