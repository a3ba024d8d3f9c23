"""Make the project importable as `app` from every test."""

import sys
from pathlib import Path

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
