"""Start the page: build the shell and open the screen the address names."""

from pyodide.ffi import create_once_callable

import app.catalogue  # noqa: F401 - registers every game with app.core.registry before anything asks
from app.web import deferred, engine
from app.web.dom import guard, window
from app.web.shell import Shell

shell: Shell | None = None  # kept so tests and benchmarks can reach the running page from the console


def boot() -> None:
    """Create the one Shell and start it; then import what the first screen did not need."""
    global shell
    shell = Shell()
    shell.start()
    if not hasattr(window, "masumeBootFailed"):  # the loader did not run: say so, as for any file
        # (static/js/boot.js names a module of the loader that did not load; else it is the one missing)
        missing = window.document.documentElement.getAttribute("data-loader-missing") or "static/js/boot.js"
        shell.notify(shell.i18n.t("boot_script_missing", file=missing))
    if deferred.is_deferred("numpy"):
        # The home screen needs no numpy (app/main.py defers it). Import it once that screen has
        # been drawn, so the first game opened does not wait for it.
        # Its package may still be on its way (app/web/engine.py): import it once it is here.
        def load() -> None:
            engine.when_ready(lambda: deferred.load("numpy"), lambda _reason: None)

        later = create_once_callable(guard(load))
        window.requestAnimationFrame(create_once_callable(lambda _time: window.setTimeout(later, 0)))
