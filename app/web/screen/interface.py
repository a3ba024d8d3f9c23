"""The game screen as its parts see it: the board in play and the commands they may give it.

`app.web.game_screen.GameScreen` provides `BoardInPlay`; each part of the screen (the page,
the drawing, the words, the campaign, the results, the view's host) is given it, and reaches
nothing else of the screen.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from app.core.game import GameSpec
    from app.core.play import Play
    from app.core.session import Session
    from app.web.board import BoardWidget
    from app.web.layout import Position
    from app.web.views.base import GameView


class BoardInPlay(Protocol):
    """The board in play on the game screen, what it shows, and the player's commands."""

    game: str  # the game's id
    spec: GameSpec[Any, Any, Any]
    view: GameView
    daily_day: dt.date | None  # the UTC date of the daily in play, if it is one

    @property
    def past_day(self) -> dt.date | None:
        """The date of the earlier day's daily in play (counted for no daily record), if it is one."""

    @property
    def playing(self) -> Play[Any, Any] | None:
        """The board in play and what it counts (None before the first board)."""

    @property
    def session(self) -> Session[Any, Any] | None:
        """The session of the board in play (None before the first board)."""

    @property
    def board(self) -> BoardWidget | None:
        """The board widget on the page (None before the first board)."""

    def render(self, *, force: bool = False) -> list[Position]:
        """Bring the board, the numbers and the buttons up to date; return the positions changed."""

    def listen(self, target: Any, event: str, handler: Any) -> None:
        """Listen to an element until the screen closes."""

    def show_status(self, text: str | None) -> None:
        """Show words next to the board until the next move (None: empty, its space kept)."""

    def request(self, move: Any) -> None:
        """Play a move as the player's own (at once, or in slices)."""

    def undo(self) -> None:
        """Undo one step."""

    def redo(self) -> None:
        """Redo one undone step."""

    def restart(self) -> None:
        """Return to the puzzle's start (asking first during a game with moves)."""

    def hint(self) -> None:
        """Show or play a hint."""

    def check(self) -> None:
        """Mark what is already wrong."""

    def show_solution(self) -> None:
        """Ask, then play the whole solution (counted as help); the result's replay steps through it."""

    def new_game(self, params: Any = None, *, focus_board: bool = True) -> None:
        """Start a fresh puzzle (default: the current params, or an endless run's next)."""

    def ask_new_game(self, params: Any = None, *, focus_board: bool = True) -> None:
        """Start a fresh puzzle, asking first during a game in progress."""

    def open_game_id(self, text: str) -> None:
        """Open the puzzle a typed game ID names (a refusal is said under the field)."""

    def focus_board(self) -> None:
        """Put the keyboard focus on the board."""
