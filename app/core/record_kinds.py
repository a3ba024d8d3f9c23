"""Every family of stored records, registered by importing the module that owns its kind.

A kind registers itself (schema, version, priority, export) in `records.REGISTERED` when
its module is first imported. A key whose kind is not registered would be read as the
generic kind: no schema, not exported, not dropped to make room. So a `Storage` is given
`KINDS`, this table once every family is in it (a registered game's settings and drafts
join it as the game is registered). A new family of records adds its module here.
"""

from __future__ import annotations

from app.core import bests, daily, drafts, progress, runs, stage_progress, stars, stats  # noqa: F401 - imported for their kinds
from app.core.records import REGISTERED, KindTable

KINDS: KindTable = REGISTERED  # every family's kind, now that each module above has registered its own
