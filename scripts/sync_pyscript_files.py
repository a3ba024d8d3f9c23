"""Rewrite the [files] table of pyscript.toml to list every Python module under app/.

PyScript copies only the files it is told about into the browser's file system;
run this after adding or removing a module (a unit test reminds you).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyscript.toml"
MARKER = "[files]\n"


def app_modules() -> list[str]:
    """Return every .py file under app/, as paths relative to the project root."""
    return sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "app").rglob("*.py"))


def files_table(modules: list[str]) -> str:
    """Return the [files] entries for these modules."""
    return "".join(f'"./{name}" = "./{name}"\n' for name in modules)


def main() -> None:
    """Rewrite pyscript.toml in place, keeping everything before [files]."""
    text = CONFIG.read_text(encoding="utf-8")
    head = text[: text.index(MARKER) + len(MARKER)]
    CONFIG.write_text(head + files_table(app_modules()), encoding="utf-8")


if __name__ == "__main__":
    main()
