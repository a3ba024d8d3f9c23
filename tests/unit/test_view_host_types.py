"""A view's host is held to `ViewHost` by the type checker: a host lacking what a view may reach is refused.

`make test` type-checks app/web (pyproject.toml, [tool.mypy]), where the game screen hands its
`GameHost`, and a replay or the stage editor its `BoardHost`, to a view typed to take a `ViewHost`.
This runs the checker on a few lines that do the same with a host missing the board, the state
and the moves: it must be refused there, and the real hosts accepted.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HOSTS = '''
from typing import Any

from app.core.game import GameSpec
from app.web.screen.host import BoardHost, GameHost, PageHost
from app.web.views.base import GameView


class Partial(PageHost):
    """The page's services, but no board, state or moves."""


def refused(host: Partial, spec: GameSpec[Any, Any, Any]) -> GameView:
    return GameView(host, spec)


def game_screen(host: GameHost, spec: GameSpec[Any, Any, Any]) -> GameView:
    return GameView(host, spec)


def replay_or_editor(host: BoardHost, spec: GameSpec[Any, Any, Any]) -> GameView:
    return GameView(host, spec)
'''


def test_a_host_missing_what_a_view_reaches_is_refused_and_the_real_hosts_are_not(tmp_path: Path) -> None:
    source = tmp_path / "hosts.py"
    source.write_text(HOSTS, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", str(source)],
                            capture_output=True, text=True, cwd=ROOT)
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, result.stdout
    assert 'incompatible type "Partial"; expected "ViewHost"' in errors[0], errors
    line = int(errors[0].split(":")[1])
    assert HOSTS.splitlines()[line - 1].strip() == "return GameView(host, spec)"
    assert HOSTS.splitlines()[line - 2].startswith("def refused"), "only the partial host is refused"
