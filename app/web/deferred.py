"""Import a big module when it is first used, not when a start-up module says `import` it.

The home screen needs no numpy, yet a dozen modules on its import path begin with
`import numpy as np` (they use it only inside functions). Importing numpy costs
about half a second of the page's start (its modules are compiled from source in
the browser), so the page defers it: `defer("numpy")` puts an empty module object
for numpy in `sys.modules`, every `import numpy as np` binds that object at no
cost, and the first attribute anyone reads from it (`np.zeros`, `np.ndarray[Any, Any]`)
runs numpy's own `__init__` inside that very object. From then on it *is* numpy:
the same object in `sys.modules` and in every module that imported it, an
ordinary module with no wrapper left. `load("numpy")` does the same on purpose,
e.g. once the first screen is shown, so the first game does not wait for it.

Pure Python (no browser import); only app/main.py uses it, before anything else.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
import types
from typing import Any


class _Deferred(types.ModuleType):
    """A module whose code has not run yet: reading any missing attribute runs it."""

    def __getattr__(self, name: str) -> Any:
        # Only called for attributes the module does not have yet. Its __spec__ and __name__ are
        # there from the start, so `import numpy` can look at it without running it; its __path__
        # is not, so importing a submodule (`import numpy.linalg`) runs the package first, as usual.
        if not _run(self):
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        return getattr(self, name)


def defer(name: str) -> bool:
    """Put a deferred module for `name` in sys.modules; False if already imported or not loadable.

    The module need not be installed yet (numpy's package may still be on its way): it is looked
    for again when it first runs, and a module still missing then fails as a plain import would.
    """
    if name in sys.modules:
        return False
    spec = importlib.util.find_spec(name)
    if spec is not None and (spec.loader is None or not hasattr(spec.loader, "exec_module")):
        return False
    module = importlib.util.module_from_spec(spec) if spec is not None else types.ModuleType(name)
    module.__dict__.pop("__path__", None)  # given back when it runs (see _Deferred.__getattr__)
    module.__class__ = _Deferred
    sys.modules[name] = module
    return True


def is_deferred(name: str) -> bool:
    """Return whether `name` is deferred and has not run yet."""
    return type(sys.modules.get(name)) is _Deferred


def load(name: str) -> None:
    """Run a deferred module now (nothing happens if it already ran or was never deferred)."""
    module = sys.modules.get(name)
    if type(module) is _Deferred:
        _run(module)


def _run(module: types.ModuleType) -> bool:
    """Run a deferred module's code inside the module object itself; False if it already ran."""
    if type(module) is not _Deferred:
        return False
    spec = module.__spec__
    if spec is None:  # deferred before it was installed: find it now, and take the attributes an import sets
        importlib.invalidate_caches()
        spec = importlib.machinery.PathFinder.find_spec(module.__name__)
        if spec is None or spec.loader is None:
            if sys.modules.get(module.__name__) is module:
                del sys.modules[module.__name__]
            raise ModuleNotFoundError(f"No module named {module.__name__!r}", name=module.__name__)
        module.__dict__.update(importlib.util.module_from_spec(spec).__dict__)
    loader = spec.loader
    if loader is None:
        raise ModuleNotFoundError(f"No loader for module {module.__name__!r}", name=module.__name__)
    module.__class__ = types.ModuleType  # type: ignore[assignment]  # an ordinary module from here on, also while it runs
    if spec.submodule_search_locations is not None:
        module.__path__ = spec.submodule_search_locations
    spec._initializing = True  # type: ignore[attr-defined]  # what the import system sets while a module runs
    try:
        loader.exec_module(module)
    except BaseException:
        # As a failed import does: forget the module, so the next `import` tries again and fails loudly.
        if sys.modules.get(spec.name) is module:
            del sys.modules[spec.name]
        raise
    finally:
        spec._initializing = False  # type: ignore[attr-defined]
    return True
