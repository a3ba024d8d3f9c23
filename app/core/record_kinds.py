"""Every family of stored records, registered by importing the module that owns its kind.

A kind registers itself (schema, version, priority, export) when its module is first
imported. A key whose kind is not registered yet would be read as the generic kind: no
schema, not exported, not dropped to make room. `Storage` imports this module before
its first read, so every key is read by its own kind whatever the page has imported so
far. A new family of records adds its module here.
"""

from __future__ import annotations

from app.core import bests, daily, drafts, progress, runs, stage_progress, stars, stats  # noqa: F401 - imported for their kinds
