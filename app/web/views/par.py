"""A view for games with par: moves beside the fewest moves the puzzle needs, time, and both bests.

Cross Light, Light Path and Pipe Link all keep the fewest moves and the fastest time
(their spec's `best_of`) and show par; they differ only in how par is computed (the
spec's `par`) and in a number of their own beside it (lights on, Active n/N). A game
whose par is an estimate (`par_exact` False) shows it as one ("Par (estimate)").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.core.timer import format_clock
from app.web.views.base import GameView, ViewHost

if TYPE_CHECKING:
    from app.core.game import GameSpec


class ParView(GameView):
    """Moves vs par, time and bests; the spec provides `par(state)`."""

    def __init__(self, host: ViewHost, spec: GameSpec[Any, Any, Any]) -> None:
        super().__init__(host, spec)
        self._par_cache: tuple[Any, int] | None = None

    def par_key(self, state: Any) -> Any:
        """What par depends on (default: the whole state); the cache is kept per key."""
        return state

    def par(self, state: Any) -> int:
        """The fewest moves the puzzle needs from `state` (cached per puzzle)."""
        key = self.par_key(state)
        if self._par_cache is None or self._par_cache[0] != key:
            par = self.spec.par
            if par is None:
                raise TypeError(f"{self.spec.id} has no par: its view shows none")
            self._par_cache = (key, int(par(state)))
        return self._par_cache[1]

    def par_label(self) -> str:
        """"Par", or "Par (estimate)" where the game's par is not the true minimum."""
        return self.t("par" if self.spec.par_exact else "par_approx")

    def extra_stats(self, session: Any) -> list[tuple[str, str, str]]:
        """Rows of the game's own shown after par (default: none)."""
        return []

    def stats(self, session: Any, best: dict[str, float]) -> list[tuple[str, str, str]]:
        """Moves, par, the game's own rows, time and the bests for this board."""
        t = self.t
        return [
            ("moves", t("moves"), str(session.moves)),
            ("par", self.par_label(), str(self.par(session.restart_point))),
            *self.extra_stats(session),
            ("time", t("time"), format_clock(session.elapsed, tenths=session.over)),
            ("best-moves", t("best_moves"), str(int(best["moves"])) if "moves" in best else "—"),
            ("best-time", t("best_time"), format_clock(best["time"], tenths=True) if "time" in best else "—"),
        ]

    def result_rows(self, session: Any) -> list[tuple[str, str]]:
        """Moves, par and time."""
        t = self.t
        return [(t("moves"), str(session.moves)), (self.par_label(), str(self.par(session.restart_point))),
                (t("time"), format_clock(session.elapsed, tenths=True))]

