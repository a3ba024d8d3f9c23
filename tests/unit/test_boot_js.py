"""The loader's pure JavaScript (static/js/sha256.js, static/js/boot/describe.js, plan.js) under Node.

tests/unit/js/boot.test.mjs checks the sha256 helper the page and the service worker share against
Node's own hash, a failure's words, and which files a start downloads in which wave.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTS = Path(__file__).resolve().parent / "js" / "boot.test.mjs"


def test_the_loaders_pure_parts_under_node() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node is needed to test static/js/ (make vendor installs it: apt-get install nodejs npm)")
    run = subprocess.run([node, "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", "--test", "--test-reporter=spec",
                          str(TESTS)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    assert "ℹ fail 0" in run.stdout or "# fail 0" in run.stdout, run.stdout[-3000:]
    assert "ℹ pass 11" in run.stdout or "# pass 11" in run.stdout, run.stdout[-3000:]


def test_every_script_of_the_page_and_the_worker_is_type_checked() -> None:
    # tsc (make test: tsconfig.json, tsconfig.sw.json) checks the files that ask for it on their first line.
    scripts = sorted((ROOT / "static" / "js").rglob("*.js")) + [ROOT / "sw.js"]
    unchecked = [path.relative_to(ROOT).as_posix() for path in scripts
                 if path.read_text(encoding="utf-8").splitlines()[0] != "// @ts-check"]
    assert unchecked == [], f"start these with // @ts-check: {unchecked}"
