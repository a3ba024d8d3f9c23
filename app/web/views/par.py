"""A view for games with par: moves beside the fewest moves the puzzle needs, time, and both bests.

Cross Light, Light Path and Pipe Link all keep the fewest moves and the fastest time
and show par; they differ only in how par is computed (the backend's `par`) and in
a number of their own beside it (lights on, Active n/N).
"""

from __future__ import annotations

from typing import Any

from app.core.timer import format_clock
from app.web.views.base import GameView


class ParView(GameView):
    """Moves vs par, time and bests; the backend provides `par(state)`."""

    def __init__(self, host: Any) -> None:
        super().__init__(host)
        self._par_cache: tuple[Any, int] | None = None

    def par_key(self, state: Any) -> Any:
        """What par depends on (default: the whole state); the cache is kept per key."""
        return state

    def par(self, state: Any) -> int:
        """The fewest moves the puzzle needs from `state` (cached per puzzle)."""
        key = self.par_key(state)
        if self._par_cache is None or self._par_cache[0] != key:
            self._par_cache = (key, int(self.backend.par(state)))
        return self._par_cache[1]

    def extra_stats(self, session: Any) -> list[tuple[str, str, str]]:
        """Rows of the game's own shown after par (default: none)."""
        return []

    def stats(self, session: Any, best: dict[str, float]) -> list[tuple[str, str, str]]:
        """Moves, par, the game's own rows, time and the bests for this board."""
        t = self.t
        return [
            ("moves", t("moves"), str(session.moves)),
            ("par", t("par"), str(self.par(session.restart_point))),
            *self.extra_stats(session),
            ("time", t("time"), format_clock(session.elapsed)),
            ("best-moves", t("best_moves"), str(int(best["moves"])) if "moves" in best else "—"),
            ("best-time", t("best_time"), format_clock(best["time"]) if "time" in best else "—"),
        ]

    def record(self, session: Any) -> dict[str, float]:
        """Fewest moves and fastest time."""
        return {"moves": session.moves, "time": round(session.elapsed, 2)}

    def result_rows(self, session: Any) -> list[tuple[str, str]]:
        """Moves, par and time."""
        t = self.t
        return [(t("moves"), str(session.moves)), (t("par"), str(self.par(session.restart_point))),
                (t("time"), format_clock(session.elapsed))]

