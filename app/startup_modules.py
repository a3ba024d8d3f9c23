"""Which of the game's modules can be imported before the page exists, into the start-up snapshot.

The snapshot (static/js/snapshot-worker.js) is made in a Web Worker, where there is no page: a
module that imports `js`, `pyodide` or `pyscript` at its top level, itself or through another of
the game's modules, would bind the worker's objects, or fail. Every other module is pure Python
and is imported there once, so a restored page finds it already imported instead of running it on
every visit. `app.main` starts the page when imported and is never among them.

Read from the sources with `ast` (the import statements a module runs when imported: not those in
functions, nor under `if TYPE_CHECKING:`), so a module that starts touching the browser drops out
by itself.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

BROWSER_MODULES = ("js", "pyodide", "pyscript")
NEVER = frozenset({"app.main"})


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runs_at_import(tree: ast.Module) -> Iterator[ast.AST]:
    """The statements run when the module is imported (not function bodies, nor TYPE_CHECKING blocks)."""
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            pending.extend(node.orelse)
            continue
        yield node
        for field in ("body", "orelse", "finalbody", "handlers"):
            children = getattr(node, field, [])
            pending.extend(child for child in children if isinstance(child, (ast.stmt, ast.excepthandler)))


def imported_names(node: ast.AST, package: str) -> set[str]:
    """Absolute names an import statement of a module in `package` brings in (each `from x import y` as x and
    x.y, relative ones resolved); none for any other statement."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if not isinstance(node, ast.ImportFrom):
        return set()
    base = node.module or ""
    if node.level:
        anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join([*anchor, base] if base else anchor)
    return {base, *(f"{base}.{alias.name}" for alias in node.names)}


def _imports(tree: ast.Module, package: str) -> set[str]:
    """Absolute names of what a module imports when it is imported (each `from x import y` as x and x.y)."""
    found: set[str] = set()
    for node in _runs_at_import(tree):
        found |= imported_names(node, package)
    return found


def browser_free_modules(root: Path | None = None) -> list[str]:
    """Return the names of the game's modules that import nothing of the browser, in a stable order."""
    root = root or Path(__file__).resolve().parent
    imports: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        name = _module_name(path, root)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        imports[name] = _imports(ast.parse(path.read_text(encoding="utf-8")), package)

    def parents(name: str) -> list[str]:  # importing a.b.c runs a and a.b first
        parts = name.split(".")
        return [".".join(parts[:i]) for i in range(1, len(parts))]

    def touches_browser(name: str) -> bool:
        seen = {name}
        pending = [name]
        while pending:
            current = pending.pop()
            for wanted in [*imports[current], *parents(current)]:
                if wanted.split(".")[0] in BROWSER_MODULES:
                    return True
                if wanted in imports and wanted not in seen:
                    seen.add(wanted)
                    pending.append(wanted)
        return False

    return [name for name in imports if name not in NEVER and not touches_browser(name)]
