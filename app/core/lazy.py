"""Names a package imports on first use: the module-level `__getattr__` (PEP 562) the game packages share.

Showing the home screen reads a game's name, presets and bests, not its generator or
solver: a package lists which submodule defines each heavy name, and the submodule is
imported (and the name kept on the package) only when something first reads it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """Return a module `__getattr__` for `package` that imports `where[name]` (a relative module) on first use."""

    def load(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(where[name], package), name)
        setattr(sys.modules[package], name, value)  # later reads find it directly
        return value

    return load
