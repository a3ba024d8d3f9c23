"""The layering holds: backends and the midend never import the browser's modules.

ruff's banned-api rule (pyproject.toml) says the same while editing; this test
reads the import statements themselves, so `make test` fails even if the lint
configuration is changed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

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
