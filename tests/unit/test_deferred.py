"""app.web.deferred: a deferred module costs nothing until used, then is the real module everywhere."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from app.web import deferred


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A throwaway package whose __init__ counts its runs and imports a submodule."""
    root = tmp_path / "heavy_demo"
    root.mkdir()
    (root / "__init__.py").write_text(textwrap.dedent("""
        import builtins
        builtins.heavy_demo_runs = getattr(builtins, "heavy_demo_runs", 0) + 1
        from . import part
        VALUE = part.PART + 1
    """))
    (root / "part.py").write_text("PART = 41\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "heavy_demo"
    for name in [name for name in sys.modules if name.startswith("heavy_demo")]:
        del sys.modules[name]
    import builtins
    if hasattr(builtins, "heavy_demo_runs"):
        del builtins.heavy_demo_runs


def runs() -> int:
    import builtins
    return getattr(builtins, "heavy_demo_runs", 0)


def test_import_binds_without_running_and_first_use_runs_once(package: str) -> None:
    assert deferred.defer(package)
    import heavy_demo

    assert runs() == 0 and deferred.is_deferred(package)
    assert heavy_demo.VALUE == 42
    assert runs() == 1 and not deferred.is_deferred(package)
    assert sys.modules[package] is heavy_demo and type(heavy_demo).__name__ == "module"
    import heavy_demo as again

    assert again is heavy_demo and again.VALUE == 42 and runs() == 1


def test_from_import_and_submodule_import_run_the_package_first(package: str) -> None:
    deferred.defer(package)
    import heavy_demo.part

    assert runs() == 1 and heavy_demo.part.PART == 41 and sys.modules[package].VALUE == 42


def test_load_runs_it_on_purpose_and_unknown_or_imported_names_are_left_alone(package: str) -> None:
    assert not deferred.defer("no_such_module_anywhere")
    assert not deferred.defer("json")  # already imported: nothing to defer
    deferred.defer(package)
    deferred.load(package)
    assert runs() == 1 and not deferred.is_deferred(package)
    deferred.load(package)
    assert runs() == 1


def test_a_missing_attribute_is_still_an_attribute_error(package: str) -> None:
    deferred.defer(package)
    import heavy_demo

    with pytest.raises(AttributeError):
        heavy_demo.not_there  # noqa: B018
    assert runs() == 1
