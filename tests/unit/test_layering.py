"""The layering holds: backends and the midend never import the browser's modules.

ruff's banned-api rule (pyproject.toml) says the same while editing; this test
reads the import statements themselves, so `make test` fails even if the lint
configuration is changed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.startup_modules import imported_names

ROOT = Path(__file__).resolve().parents[2]
BROWSER_MODULES = {"js", "pyodide", "pyscript"}
PURE_PACKAGES = ("app/core", "app/games")


def browser_imports(source: str) -> list[str]:
    """Return the browser modules a Python source imports (at any depth, in any form)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        found += [name for name in names if name.split(".")[0] in BROWSER_MODULES]
    return found


@pytest.mark.parametrize("source, expected", [
    ("import js", ["js"]),
    ("from pyodide.ffi import create_proxy", ["pyodide.ffi"]),
    ("def f():\n    import pyscript\n", ["pyscript"]),
    ("import json\nfrom jsonschema import x\nfrom . import js", []),
])
def test_browser_imports_are_recognised(source: str, expected: list[str]) -> None:
    assert browser_imports(source) == expected


@pytest.mark.parametrize("package", PURE_PACKAGES)
def test_pure_packages_never_import_the_browser(package: str) -> None:
    offenders = {str(path.relative_to(ROOT)): names
                 for path in sorted((ROOT / package).rglob("*.py"))
                 if (names := browser_imports(path.read_text(encoding="utf-8")))}
    assert not offenders, f"only app/web may touch the browser: {offenders}"


def imported_modules(source: str) -> list[str]:
    """Return every absolute module a Python source imports, at any depth (`from x import y` gives x and x.y)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found += [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return found


def imports_a_game(source: str) -> list[str]:
    """Return the imports of a source that reach into `app.games` (a game's package or the package itself)."""
    return [name for name in imported_modules(source) if name == "app.games" or name.startswith("app.games.")]


@pytest.mark.parametrize("source, expected", [
    ("from app.games import mines", ["app.games", "app.games.mines"]),
    ("def f():\n    import app.games.pipes.moves\n", ["app.games.pipes.moves"]),
    ("from app import games", ["app.games"]),
    ("from app.core import registry\nfrom app.gamesx import y", []),
])
def test_game_imports_are_recognised(source: str, expected: list[str]) -> None:
    assert imports_a_game(source) == expected


def test_core_never_imports_a_game() -> None:
    """Core learns the games from app.catalogue's registrations, never by importing them (no late imports either)."""
    offenders = {str(path.relative_to(ROOT)): names
                 for path in sorted((ROOT / "app/core").rglob("*.py"))
                 if (names := imports_a_game(path.read_text(encoding="utf-8")))}
    assert not offenders, f"app/core must not import app.games: {offenders}"


def runtime_imports(source: str, package: str) -> set[str]:
    """Return the modules a source imports when it runs, at any depth (not under `if TYPE_CHECKING:`)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                for other in child.orelse:
                    visit(other)
                continue
            found.update(imported_names(child, package))
            visit(child)

    visit(ast.parse(source))
    return found


def import_cycle(imports: dict[str, set[str]]) -> list[str]:
    """Return the modules of one import cycle among `imports` (module -> the modules it imports), or []."""
    done: set[str] = set()

    def walk(module: str, path: list[str]) -> list[str]:
        if module in path:
            return path[path.index(module):]
        if module in done:
            return []
        for wanted in sorted(imports[module]):
            if wanted in imports and (cycle := walk(wanted, [*path, module])):
                return cycle
        done.add(module)
        return []

    for module in sorted(imports):
        if cycle := walk(module, []):
            return cycle
    return []


def test_an_import_cycle_is_found() -> None:
    assert import_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c"]
    assert import_cycle({"a": {"b", "x"}, "b": set()}) == []


def test_core_has_no_import_cycle_at_run_time() -> None:
    """The midend's modules import one another in one direction, imports inside functions included.

    (Storage is handed its record kinds, `app.core.record_kinds.KINDS`: importing the families
    of records from inside Storage closed a cycle through every one of them.)
    """
    imports = {}
    for path in sorted((ROOT / "app/core").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        imports[name] = runtime_imports(path.read_text(encoding="utf-8"), package) - {name}
    assert import_cycle(imports) == []
