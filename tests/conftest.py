"""Make the project importable as `app` from every test; list the browser tests' page loads after a run."""

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "scripts"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from hypothesis import settings  # noqa: E402 - after the path set-up above

# CI machines are shared and noisy: a per-example deadline would make tests flaky
# without catching anything a benchmark does not measure better.
settings.register_profile("masume", deadline=None, print_blob=True)
settings.load_profile("masume")

import app.catalogue  # noqa: E402,F401 - registers every game with app.core.registry, as the page does at boot


class LoadCount:
    """How many documents each test file's pages loaded (goto and reload), shown after the run.

    tests/browser/conftest.py counts them. Each load of the game's page boots Pyodide (or restores
    its snapshot), the suite's main cost: the table at the end of a run with browser tests says where
    the boots are. (A start-up failure's page stops before Python and costs a second or two.)
    """

    def __init__(self) -> None:
        self.current = "(set-up)"
        self.loads: dict[str, int] = {}

    def count(self) -> None:
        """Count one document load for the test running now."""
        self.loads[self.current] = self.loads.get(self.current, 0) + 1


LOADS = LoadCount()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Count the loads from here on (the test's module-scoped pages too) for this test's file."""
    LOADS.current = item.nodeid.split("::")[0]


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Under pytest-xdist, hand this worker's counts to the controller (see pytest_testnodedown)."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["masume_loads"] = json.dumps(LOADS.loads)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """Under pytest-xdist, add a finished worker's page loads to the controller's table."""
    for name, count in json.loads(getattr(node, "workeroutput", {}).get("masume_loads", "{}")).items():
        LOADS.loads[name] = LOADS.loads.get(name, 0) + count


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """After a run with browser tests: the page loads (each a Pyodide boot, mostly) per test file."""
    if not LOADS.loads or hasattr(terminalreporter.config, "workerinput"):
        return
    terminalreporter.section("page loads per test file")
    for name, count in sorted(LOADS.loads.items(), key=lambda item: -item[1]):
        terminalreporter.write_line(f"{count:4d}  {name}")
    terminalreporter.write_line(f"{sum(LOADS.loads.values()):4d}  in all")
