"""What a game's view tells the shared game screen: how the board looks, reads and responds.

A view turns states into pixels and words and input into moves. It holds no
rules: whatever it needs to know about the game, it asks the game's spec or package.
It reaches the page only through a `ViewHost` (below), never through the screen's insides.

A game's spec names its view ("module:Class", `GameSpec.view`), a subclass of
`GameView`; the screen makes it with the host and that spec.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from app.core.timer import format_clock
from app.web.layout import MOUSE_PRIMARY, Action, BoardLayout, Geometry, Position

if TYPE_CHECKING:
    from app.core.game import GameSpec
    from app.core.session import Session
    from app.web.board import BoardWidget


class ViewHost(Protocol):
    """The small interface a view uses to reach the page (the game screen's `GameHost` provides it; a replay's
    and the stage editor's `BoardHost`, which take no moves)."""

    @property
    def board(self) -> BoardWidget | None:
        """The board on screen (None before the first)."""

    def t(self, key: str, **params: Any) -> str:
        """Return catalogue text in the page's language."""

    def play_sound(self, name: str) -> None:
        """Play a sound effect (the site's or one the view declared in `sounds`)."""

    def announce(self, text: str) -> None:
        """Say something through the live region."""

    def sentences(self, *texts: str | None) -> str:
        """Join texts as sentences in the page's language (app.core.strings.sentences)."""

    def setting(self, name: str) -> Any:
        """Return a player setting's value."""

    def set_setting(self, name: str, value: Any) -> None:
        """Store a player setting."""

    def request(self, move: Any) -> None:
        """Play a move through the session (as if the player made it)."""

    def new_game(self, params: Any = None, *, focus_board: bool = True) -> None:
        """Start a fresh puzzle (default: the current params)."""

    def listen(self, target: Any, event: str, handler: Any) -> None:
        """Listen to an element until the screen closes."""

    def stage_progress(self, stage_id: str) -> dict[str, Any]:
        """The player's record of one of the game's stages: {"done": bool, "best": moves or None}."""

    def run_line(self) -> str:
        """The endless run in words ("" for a game without runs)."""

    def play_endless(self) -> None:
        """Start the board the endless run asks for."""

    @property
    def state(self) -> Any:
        """The current game state."""


# The default input: one action, by click, tap, Enter or Space.
PRESS = Action("press", "action_press", keys=("Enter", " "), buttons=(MOUSE_PRIMARY,), tap=True)


class GameView:
    """Base class of the per-game views; subclasses fill in the game-specific parts."""

    grid_label_key = ""
    actions: tuple[Action, ...] = (PRESS,)
    sounds: dict[str, tuple[tuple[float, float, float, str, float], ...]] = {}  # see app.web.audio.EFFECTS
    min_cell_px = 28.0
    max_cell_px = 64.0
    size_label_key = "size"  # the size menu's label: what its options are

    def __init__(self, host: ViewHost, spec: GameSpec[Any, Any, Any]) -> None:
        self.host = host
        self.spec = spec  # the game's descriptor: its rules, words and hooks (the one entry a game has)

    def t(self, key: str, **params: Any) -> str:
        """Return catalogue text in the page's language."""
        return self.host.t(key, **params)

    @property
    def board(self) -> BoardWidget:
        """The board on screen: a view is asked to react, mark or animate only while one is."""
        board = self.host.board
        if board is None:
            raise RuntimeError(f"{self.spec.id}: no board on screen to react on")
        return board

    # ----- the board -------------------------------------------------------------------------

    def layout(self, state: Any) -> BoardLayout:
        """Return the board's shape for a state (default: every cell of the backend's grid, no ring)."""
        rows, cols = self.codes(state).shape
        return BoardLayout(rows, cols)

    def codes(self, state: Any) -> np.ndarray[Any, Any]:
        """Return one small int per position (ring included): everything the canvas and labels depend on."""
        raise NotImplementedError

    def paint(self, context: Any, geometry: Geometry, codes: np.ndarray[Any, Any], area: list[Position]) -> None:
        """Repaint the positions in `area` (the canvas is clipped to them); default: cell by cell."""
        layout = geometry.layout
        for position in area:
            code = int(codes[layout.index(position)])
            x, y, size = geometry.rect(position)
            self.paint_cell(context, code, x, y, size)

    def widen(self, changed: list[Position]) -> list[Position]:
        """Return the region to repaint when `changed` positions changed (default: just those).

        A view whose drawings cross cells (beams, water) widens the region to
        everything they touch, so no repaint clips half a beam.
        """
        return changed

    def paint_cell(self, context: Any, code: int, x: float, y: float, size: float) -> None:
        """Draw one position with this code at (x, y) (for views that paint cell by cell)."""
        raise NotImplementedError

    def label(self, code: int, position: Position) -> str:
        """Return a position's accessible name."""
        raise NotImplementedError

    def pressed(self, code: int) -> str | None:
        """Return aria-pressed for toggle-like cells ("true"/"false"), else None."""
        return None

    def move_for(self, action: str, state: Any, row: int, col: int) -> Any:
        """Return the move a named action on a position makes (None: nothing)."""
        raise NotImplementedError

    # ----- reactions -------------------------------------------------------------------------

    def after_move(self, before: Any, after: Any, move: Any, changed: list[Position]) -> None:
        """Play the move's sound and animate what changed."""
        self.host.play_sound("press")

    def move_summary(self, before: Any, after: Any, move: Any, verbosity: str) -> str | None:
        """Return what a screen reader hears after a change of the board, or None for nothing.

        `before` and `after` are the states around a move, an undo, a redo or a restart
        (`move` is None for those three; the screen says which it was first). For a new
        game `before` is None. `verbosity` is the player's setting: "short" or "full"
        ("off" never reaches a view). The default counts the positions whose codes changed;
        a view says it in its own game's words.
        """
        if before is None:
            return None
        old, new = self.codes(before), self.codes(after)
        if old.shape != new.shape:
            return None
        return self.t("said_cells_changed", count=int(np.count_nonzero(old != new)))

    def hint_words(self, state: Any, move: Any) -> str | None:
        """Return what a hint did or shows ("Turned the mirror at row 2, column 1"), or None for nothing.

        The screen says them ahead of the hinted move's summary (alone when move
        announcements are off, or when the hint plays no move).
        """
        return None

    def use_hint(self, move: Any) -> None:
        """Show or play a hint move from the backend (the screen says its `hint_words`)."""
        raise NotImplementedError

    def loss_report(self, session: Session[Any, Any]) -> tuple[str, list[tuple[str, str]], list[Position]] | None:
        """Return the loss dialog's title, its (label, value) rows and the cells to ring; None: "Game over" alone."""
        return None

    def lost_text(self) -> str:
        """Return what to announce when the game is lost."""
        return self.t("game_over")

    def no_hint_text(self) -> str:
        """Return what to say when the backend has no hint."""
        return self.t("hint_none")

    # ----- numbers around the board ----------------------------------------------------------

    def stats(self, session: Session[Any, Any], best: dict[str, float]) -> list[tuple[str, str, str]]:
        """Return (id, label, value) rows shown beside the board."""
        return [
            ("moves", self.t("moves"), str(session.moves)),
            ("time", self.t("time"), format_clock(session.elapsed, tenths=session.over)),
        ]

    def result_rows(self, session: Session[Any, Any]) -> list[tuple[str, str]]:
        """Return (label, value) rows for the clear dialog."""
        return [(self.t("time"), format_clock(session.elapsed, tenths=True))]

    def extra_controls(self, host: Any) -> None:
        """Add game-specific controls (settings) to the panel."""

    def play_tools(self, listen: Any) -> Any:
        """Return the play bar's tools (what a click or tap does, pieces to place), or None (default: none).

        `listen(target, event, handler)` adds a listener freed with the screen."""
        return None

    def after_render(self, session: Session[Any, Any]) -> None:
        """Bring the view's own panel controls up to date; the screen calls it after each render (default: none)."""

    def records_changed(self) -> None:
        """The player's records changed under the screen (another tab): read again what the view shows of them."""
