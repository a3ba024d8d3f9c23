"""Strings of the statistics screen's own controls, chart and table (keys "stats_*").

The figures' names ("stats_started", "stats_time_best", ...) live in `records_ui`
beside the other record strings; this module holds what only the screen shows.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "stats_link": "Statistics",
}

JA: dict[str, str] = {
    "stats_link": "成績",
}
