"""The IndexedDB stand-in (static/js/storage-fallback.js), run under Node by its own tests.

tests/unit/js/storage_fallback.test.mjs checks the stand-in against IndexedDB's behaviour for the
calls it answers, and runs PyScript's own start-up store, taken from the vendored core-*.js, on it
where IndexedDB is denied: a PyScript upgrade whose store reads differently fails here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import vendor

ROOT = Path(__file__).resolve().parents[2]
TESTS = Path(__file__).resolve().parent / "js" / "storage_fallback.test.mjs"


def _pyscript_core() -> Path:
    """The vendored PyScript module that holds its start (core-<hash>.js, named in scripts/vendor.py)."""
    names = [name for name in vendor.PYSCRIPT_LOADED if name.startswith("core-")]
    assert len(names) == 1, names
    path = ROOT / "static" / "vendor" / "pyscript" / names[0]
    if not path.exists():
        pytest.fail(f"{path.relative_to(ROOT)} is missing: run make vendor")
    return path


def test_the_storage_stand_in_and_pyscripts_store_on_it() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node is needed to test static/js/storage-fallback.js (make vendor installs it: "
                    "apt-get install nodejs npm)")
    env = {**os.environ, "MASUME_STORAGE_FALLBACK": str(ROOT / "static" / "js" / "storage-fallback.js"),
           "MASUME_PYSCRIPT_CORE": str(_pyscript_core())}
    run = subprocess.run([node, "--test", "--test-reporter=spec", str(TESTS)], capture_output=True, text=True,
                         timeout=120, env=env, cwd=ROOT)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    assert "# fail 0" in run.stdout or "ℹ fail 0" in run.stdout, run.stdout[-3000:]
