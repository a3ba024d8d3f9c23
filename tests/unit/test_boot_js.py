"""The loader's pure JavaScript (static/js/sha256.js, static/js/boot/describe.js, plan.js) under Node.

tests/unit/js/boot.test.mjs checks the sha256 helper the page and the service worker share against
Node's own hash, a failure's words, and which files a start downloads in which wave.
"""

from __future__ import annotations

import re
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
    run = subprocess.run([node, "--test", "--test-reporter=spec", str(TESTS)], capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    assert "ℹ fail 0" in run.stdout or "# fail 0" in run.stdout, run.stdout[-3000:]
    assert "ℹ pass 11" in run.stdout or "# pass 11" in run.stdout, run.stdout[-3000:]


def test_every_script_of_the_page_and_the_worker_is_type_checked() -> None:
    # tsc (make test: tsconfig.json, tsconfig.sw.json) checks the files that ask for it on their first line.
    scripts = sorted((ROOT / "static" / "js").rglob("*.js")) + [ROOT / "sw.js"]
    unchecked = [path.relative_to(ROOT).as_posix() for path in scripts
                 if path.read_text(encoding="utf-8").splitlines()[0] != "// @ts-check"]
    assert unchecked == [], f"start these with // @ts-check: {unchecked}"


def test_the_page_preloads_every_module_of_the_loader_and_runs_it_before_pyscript() -> None:
    # Preloaded, each module arrives with the page's first files instead of after main.js names it
    # (a module left out still works, a round trip later); module scripts run in document order.
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', page))
    loader = {path.relative_to(ROOT).as_posix() for path in (ROOT / "static" / "js" / "boot").glob("*.js")}
    assert preloaded == (loader - {"static/js/boot/main.js"}) | {"static/js/sha256.js"}
    main = page.index('<script type="module" src="static/js/boot/main.js">')
    assert main < page.index('<script type="module" src="static/vendor/pyscript/core.js">')
    assert main > page.index('http-equiv="Content-Security-Policy"')
