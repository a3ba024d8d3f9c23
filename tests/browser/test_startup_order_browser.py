"""What a normal start does first (static/js/interpreter.js, static/js/boot.js): the screen, then numpy.

Home needs no numpy, so its package is installed only once home is drawn; a game route asks for
it at once and says it is loading. The game's files are unzipped from app.zip in JS while Python
starts and written for PyScript, instead of PyScript unpacking them file by file in Python.
"""

from __future__ import annotations

import pytest

from tests.browser.test_offline_browser import play_a_move

pytestmark = pytest.mark.browser

# At the moment <html data-ready> turns "true" (a MutationObserver's callback, a microtask queued
# after any microtask queued before it), whether numpy's install had begun and whether numpy was
# imported; kept in window.__atReady.
AT_READY = """(() => {
    new MutationObserver((records, observer) => {
        const root = document.documentElement;
        if (!root || root.getAttribute("data-ready") !== "true") return;
        observer.disconnect();
        const py = window.masumeSnapshot && window.masumeSnapshot.python;
        window.__atReady = {
            numpyInstallBegun: performance.getEntriesByName("masume:snapshot:numpy-install").length > 0,
            // ('numpy' itself may be app/web/deferred.py's stand-in)
            numpyImported: py ? py.runPython("import sys; 'numpy._core' in sys.modules") : null,
        };
    }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
})();"""


def test_home_is_drawn_before_numpy_is_installed_and_numpy_follows_by_itself(open_page) -> None:  # noqa: ANN001
    page = open_page("", init_script=AT_READY)
    assert page.evaluate("document.documentElement.dataset.start") == "normal"
    assert page.evaluate("window.__atReady") == {"numpyInstallBegun": False, "numpyImported": False}
    page.wait_for_function("() => window.masumeNumpyReady === true", timeout=120_000)
    # app.web.boot imports it once installed, so the first game opened does not wait.
    page.wait_for_function("() => window.masumeSnapshot.python.runPython(\"import sys; 'numpy._core' in sys.modules\")")


def test_a_game_route_asks_for_numpy_at_once_and_plays(open_page) -> None:  # noqa: ANN001
    page = open_page("#crosslight", init_script=AT_READY)
    assert page.evaluate("window.__atReady")["numpyInstallBegun"] is True
    page.wait_for_selector("[role=grid] button.cell", timeout=120_000)
    play_a_move(page, "crosslight")


def test_the_game_files_are_written_from_js_not_unpacked_by_python(open_page) -> None:  # noqa: ANN001
    page = open_page("", init_script=AT_READY)
    assert page.evaluate("performance.getEntriesByName('masume:snapshot:game-files').length") == 1
    # Every module and data file of app.zip is where PyScript would have put it.
    page.wait_for_function("() => window.masumeSnapshot.python")
    missing = page.evaluate("""() => window.masumeSnapshot.python.runPython(`
import os
sorted(p for p in ("app/main.py", "app/web/shell.py", "app/games/mirrors/stages.toml", "app/core/__init__.py")
       if not os.path.isfile(p))
`).toJs()""")
    assert missing == []
