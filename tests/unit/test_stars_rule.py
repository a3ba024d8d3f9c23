"""The result's line on how stars are earned agrees with the stars a win got (hints and checks cap them at two)."""

from __future__ import annotations

import sys
import types
from unittest import mock

sys.modules.setdefault("js", mock.MagicMock(name="js"))
_pyodide = sys.modules.setdefault("pyodide", types.ModuleType("pyodide"))
_ffi = sys.modules.setdefault("pyodide.ffi", types.ModuleType("pyodide.ffi"))
_ffi.create_proxy = lambda function: function  # type: ignore[attr-defined]
_pyodide.ffi = _ffi  # type: ignore[attr-defined]

import pytest  # noqa: E402

from app.core.stars import ASSISTED_CAP, rate  # noqa: E402
from app.web.i18n import I18n  # noqa: E402
from app.web.screen.ending import stars_rule  # noqa: E402

SPEC = types.SimpleNamespace(par=lambda _state: 5)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_stars_rule_says_the_cap_only_after_help(lang: str) -> None:
    t = I18n(lang).t
    clean = stars_rule(t, SPEC, types.SimpleNamespace(restart_point=None, hints_used=0))
    helped = stars_rule(t, SPEC, types.SimpleNamespace(restart_point=None, hints_used=2))
    assert "5" in clean and "7" in clean  # par, and par + 2 for two stars
    assert clean != helped and helped.startswith(clean.rstrip(".。"))
    assert "★" * ASSISTED_CAP in helped.removeprefix(clean.rstrip(".。"))
    assert rate(5, 5, assisted=True) == ASSISTED_CAP  # what the words promise


def test_no_rule_for_a_game_without_par() -> None:
    assert stars_rule(I18n("en").t, types.SimpleNamespace(par=None), types.SimpleNamespace(hints_used=0)) == ""
