"""What the home screen and statistics import: no numpy run, no solver, generator or stage file read.

numpy is deferred at start-up (app/web/deferred.py); each game package imports only what naming
a game and its presets needs, and its functions import the heavy modules when first called.
"""

from __future__ import annotations

import subprocess
import sys

HEAVY = (
    "app.games.mines.solver", "app.games.mines.generator", "app.games.mines.moves", "app.games.mines.ids",
    "app.games.mines.postmortem", "app.games.mirrors.stages", "app.games.mirrors.ids",
    "app.games.mirrors.generator", "app.games.pipes.generator", "app.web.views.mirrors", "app.web.views.mines",
)

HOME_AND_STATISTICS = f"""
import sys, types
from unittest import mock
sys.modules["js"] = mock.MagicMock(name="js")
ffi = types.ModuleType("pyodide.ffi")
ffi.create_proxy = ffi.create_once_callable = lambda f: f
ffi.JsProxy = object
ffi.to_js = lambda value, **kw: value
sys.modules["pyodide"] = types.ModuleType("pyodide")
sys.modules["pyodide.ffi"] = ffi
from app.web import deferred
assert deferred.defer("numpy")
import app.catalogue
import app.web.home, app.web.stats_screen, app.web.shell
from app.core import registry
from app.core.game import adjusted_params, best_line, params_text, preset_text
t = lambda key, **values: key
for spec in app.catalogue.GAMES:
    for name, params in spec.presets.items():
        preset_text(spec, t, name, params)
        spec.format_params(adjusted_params(spec, params, lambda name: True))
    best_line(spec, t, {{"time": 12.0, "moves": 3}})
assert deferred.is_deferred("numpy"), "numpy ran"
ran = [name for name in {HEAVY!r} if name in sys.modules]
assert not ran, ran
"""


def test_home_and_statistics_modules_run_no_numpy_and_no_solver() -> None:
    result = subprocess.run([sys.executable, "-c", HOME_AND_STATISTICS], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]


def test_a_game_function_imports_its_module_on_first_call() -> None:
    code = (
        "import sys, app.games.mines as m; "
        "assert 'app.games.mines.ids' not in sys.modules; "
        "from app.core.rng import Rng; m.encode(m.generate(m.PRESETS['beginner'], Rng(1))); "
        "assert 'app.games.mines.ids' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# Every module the start-up snapshot imports (app/startup_modules.py), in a Python where importing
# the browser's modules fails, as it would in the worker that makes the snapshot.
SNAPSHOT_IMPORTS = """
import importlib, sys
class NoBrowser:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("js", "pyodide", "pyscript"):
            raise ImportError(f"{name} imported while the snapshot is made")
sys.meta_path.insert(0, NoBrowser())
from app.startup_modules import browser_free_modules
names = browser_free_modules()
for name in names:
    importlib.import_module(name)
print(",".join(names))
"""


def test_the_snapshots_modules_import_without_the_browser() -> None:
    run = subprocess.run([sys.executable, "-c", SNAPSHOT_IMPORTS], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    names = run.stdout.strip().split(",")
    # Pure parts of app/web go in with the game's rules; what touches the page, and app.main, stay out.
    wanted = {"app.core.play", "app.games.mines.solver", "app.catalogue", "app.web.layout", "app.web.views.base"}
    assert wanted <= set(names)
    assert not {"app.main", "app.web.dom", "app.web.shell", "app.web.board", "app.web.boot"} & set(names)


def test_a_module_that_starts_importing_the_browser_drops_out_of_the_snapshot(tmp_path) -> None:  # noqa: ANN001
    from app.startup_modules import browser_free_modules

    package = tmp_path / "app"
    (package / "web").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "web" / "__init__.py").write_text("")
    (package / "pure.py").write_text("import math\nfrom typing import TYPE_CHECKING\n"
                                     "if TYPE_CHECKING:\n    import js\n")
    (package / "web" / "page.py").write_text("from js import document\n")
    (package / "web" / "uses_page.py").write_text("from . import page\n")
    (package / "web" / "later.py").write_text("def f():\n    import js\n")
    (package / "main.py").write_text("")
    assert browser_free_modules(package) == ["app", "app.pure", "app.web", "app.web.later"]
