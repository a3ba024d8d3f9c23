"""The browser's localStorage as a backing for app.core.storage.Storage."""

from __future__ import annotations

from typing import Any

import js


def local_storage_backing() -> Any | None:
    """Return window.localStorage, or None where reading it already fails (disabled storage)."""
    try:
        storage = js.window.localStorage
        storage.getItem("masume:probe")  # some browsers fail only on first use
        return storage
    except Exception:  # SecurityError and friends surface as JsException
        return None
