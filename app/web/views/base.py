"""What a game's view tells the shared game screen: how cells look, read and respond.

A view turns states into pixels and words and input into moves. It holds no
rules: whatever it needs to know about the game, it asks the backend.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np

from app.core.timer import format_clock

if TYPE_CHECKING:
    from app.core.session import Session
    from app.web.game_screen import GameScreen


@dataclass(frozen=True)
class CustomField:
    """One number box of the custom-size form."""

    name: str
    label_key: str
    minimum: int
    maximum: int


class GameView:
    """Base class of the per-game views; subclasses fill in the game-specific parts."""

    backend: ModuleType
    name_key = ""
    rule_key = ""
    grid_label_key = ""
    has_secondary = False  # a second action on cells (flagging)
    space_is_secondary = False
    min_cell_px = 28.0
    max_cell_px = 64.0
    custom_fields: tuple[CustomField, ...] = ()

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.i18n = screen.shell.i18n

    # ----- the board -------------------------------------------------------------------------

    def codes(self, state: Any) -> np.ndarray:
        """Return one small int per cell: everything the canvas and labels depend on."""
        raise NotImplementedError

    def paint(self, context: Any, code: int, x: float, y: float, size: float) -> None:
        """Draw one cell with this code at (x, y)."""
        raise NotImplementedError

    def cell_label(self, code: int, row: int, col: int) -> str:
        """Return the cell's accessible name."""
        raise NotImplementedError

    def cell_pressed(self, code: int) -> str | None:
        """Return aria-pressed for toggle-like cells ("true"/"false"), else None."""
        return None

    def activate_move(self, state: Any, row: int, col: int) -> Any:
        """Return the move a click, tap or Enter on a cell makes."""
        raise NotImplementedError

    def secondary_move(self, state: Any, row: int, col: int) -> Any:
        """Return the move a right-click, long press or F makes (None: nothing)."""
        return None

    def is_slow(self, state: Any, move: Any) -> bool:
        """Return True when a move may take long enough to need a busy indicator."""
        return False

    # ----- reactions -------------------------------------------------------------------------

    def after_move(self, before: Any, after: Any, move: Any, changed: list[tuple[int, int]]) -> None:
        """Play the move's sound and animate the cells that changed."""
        self.screen.shell.audio.play("press")

    def use_hint(self, move: Any) -> None:
        """Show or play a hint move from the backend."""
        raise NotImplementedError

    def lost_text(self) -> str:
        """Return what to announce when the game is lost."""
        return self.i18n.t("game_over")

    def no_hint_text(self) -> str:
        """Return what to say when the backend has no hint."""
        return self.i18n.t("hint_none")

    # ----- numbers around the board ----------------------------------------------------------

    def stats(self, session: Session, best: dict[str, float]) -> list[tuple[str, str, str]]:
        """Return (id, label, value) rows shown beside the board."""
        return [
            ("moves", self.i18n.t("moves"), str(session.moves)),
            ("time", self.i18n.t("time"), format_clock(session.elapsed)),
        ]

    def record(self, session: Session) -> dict[str, float]:
        """Return what the bests keep from a won game (lower is better)."""
        return {"time": round(session.elapsed, 2)}

    def result_rows(self, session: Session) -> list[tuple[str, str]]:
        """Return (label, value) rows for the clear dialog."""
        return [(self.i18n.t("time"), format_clock(session.elapsed))]

    def best_text(self, best: dict[str, float]) -> str:
        """Return the best record as one short line ("—" when none)."""
        if "time" in best:
            return format_clock(best["time"])
        return "—"

    def adjust_params(self, params: Any) -> Any:
        """Apply the player's settings to params a new game starts from (default: none)."""
        return params

    def params_text(self, values: dict[str, int]) -> str:
        """Return the params text for the custom form's values (parsed by the backend)."""
        raise NotImplementedError

    def custom_error(self, values: dict[str, int]) -> str:
        """Return a clear message for custom values the backend refused."""
        raise NotImplementedError

    def preset_label(self, name: str, params: Any) -> str:
        """Return the preset's menu text."""
        return self.i18n.t(f"preset_{name}")

    def extra_controls(self, host: Any) -> None:
        """Add game-specific controls (settings) to the panel."""
