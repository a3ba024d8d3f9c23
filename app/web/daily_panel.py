"""Home's daily puzzles: today's board of every game, with done marks and the daily streak.

A daily left half-played today (its own slot, `progress:<game>:daily`, saved with its day) says
"Continue" with its time instead of "Not cleared yet", in the words of home's game cards.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from app.core import progress, registry
from app.core.daily import daily_hash, daily_level, utc_day
from app.web.dom import element
from app.web.progress_words import continue_line

if TYPE_CHECKING:
    from app.web.shell_interface import ShellServices


class DailyPanel:
    """A list of links to `#<game>/daily`, each marked done or not, and the streak over all games."""

    def __init__(self, shell: ShellServices) -> None:
        t = shell.i18n.t
        today = utc_day(time.time())
        dailies = shell.dailies
        done = dailies.done_today(today, registry.games())
        items = []
        for game in registry.games():
            spec = registry.backend(game)
            kept = progress.saved_game(shell.storage.get(progress.slot_key(game, daily=True)))
            if done[game]:
                mark, state = "✓ " + t("daily_done"), " is-done"
            elif kept is not None and kept.get("day") == today.isoformat():  # (an earlier day's save is not today's)
                mark, state = continue_line(spec, t, kept, lambda params: params), " has-progress"
            else:
                mark, state = t("daily_not_done"), ""
            # The status sits right after its link, and the link names it too (aria-describedby).
            mark_id = f"daily-mark-{game}"
            items.append(element("li", cls="daily-entry" + state, attrs={"data-game": game}, children=[
                element("a", attrs={"href": daily_hash(game), "aria-describedby": mark_id},
                        text=t("daily_open", game=t(spec.name_key))),
                element("span", cls="daily-mark", attrs={"id": mark_id}, text=mark)]))
        streak = dailies.overall_streak(today, registry.games())
        best = max((dailies.best_streak(game) for game in registry.games()), default=0)
        self.root = element("section", cls="daily-panel", attrs={"aria-labelledby": "daily-title"}, children=[
            element("h2", text=t("daily_today"), attrs={"id": "daily-title"}),
            element("p", cls="daily-date", text=t("daily_in_play", date=today.isoformat())),
            element("p", cls="daily-level", attrs={"id": "daily-level", "data-level": daily_level(today)},
                    text=t("daily_level_today", weekday=t(f"weekday_{today.weekday()}"), level=t(daily_level(today)))),
            element("ul", cls="daily-list", children=items),
            element("p", cls="daily-streak", attrs={"id": "daily-streak"}, text=t("daily_streak", days=streak)),
            element("p", cls="daily-best", text=t("daily_best_streak", days=max(best, streak)))])
