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


def test_load_runs_it_on_purpose_and_imported_names_are_left_alone(package: str) -> None:
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


def test_a_module_deferred_before_it_is_installed_runs_once_it_arrives(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # numpy's package may still be downloading when the page defers it (app/web/engine.py).
    name = "late_demo_package"
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert deferred.defer(name)
        import late_demo_package as bound  # binds the placeholder, runs nothing

        assert deferred.is_deferred(name)
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text("from . import sub\nVALUE = sub.X * 2\n")
        (tmp_path / name / "sub.py").write_text("X = 21\n")
        assert bound.VALUE == 42
        assert sys.modules[name] is bound and not deferred.is_deferred(name)
        assert bound.__file__.endswith("__init__.py")
    finally:
        for module in [module for module in sys.modules if module.startswith(name)]:
            del sys.modules[module]


def test_a_module_still_missing_when_used_fails_like_an_import(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    name = "never_installed_demo"
    monkeypatch.syspath_prepend(str(tmp_path))
    assert deferred.defer(name)
    placeholder = sys.modules[name]
    with pytest.raises(ModuleNotFoundError):
        placeholder.anything  # noqa: B018 - reading it is the point
    assert name not in sys.modules
