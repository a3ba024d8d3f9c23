"""Every focus the page moves leaves an embedding page where it is (a game portal's frame).

A plain `focus()` scrolls every document up to the top one to show the element: in a portal's
frame the first arrow key on the board scrolled the portal's page. The page's code focuses through
`app.web.dom.focus_on` / `focus_in_place` (Python) or with `{preventScroll: true}` (JavaScript);
a board widget's own `focus()` method goes through them too.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# `x.focus(...)` where x is not a board widget (its focus() is the widget's method, which uses focus_on).
PLAIN_PY = re.compile(r"(?<!board)(?<!self)\.focus\((?!\s*to_js\(\{\"preventScroll\": True\})")
PLAIN_JS = re.compile(r"\.focus\((?!\s*\{\s*preventScroll:\s*true\s*\})")


def _offences(paths: list[Path], pattern: re.Pattern[str]) -> list[str]:
    found = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0] if path.suffix == ".py" else line.split("//", 1)[0]
            if pattern.search(code):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_the_python_side_never_focuses_with_a_scroll() -> None:
    assert _offences(sorted((ROOT / "app" / "web").rglob("*.py")), PLAIN_PY) == []


def test_the_javascript_never_focuses_with_a_scroll() -> None:
    assert _offences(sorted((ROOT / "static" / "js").glob("*.js")), PLAIN_JS) == []


def test_the_guard_sees_a_plain_focus() -> None:
    assert PLAIN_PY.search("        by_id('keys-close').focus()")
    assert not PLAIN_PY.search("        self.board.focus()")
    assert PLAIN_JS.search("  byId('loading-retry').focus();")
    assert not PLAIN_JS.search("  node.focus({preventScroll: true});")
