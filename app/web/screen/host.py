"""What a view may reach of the page: `ViewHost` (app.web.views.base), implemented here.

`GameHost` is the game screen's: the board in play, its state and moves. `BoardHost` is a
screen's that shows a board but takes no moves (a replay, the stage editor): it is handed how
to find its board and the state on it. Both share `PageHost`, the page-wide services.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.web.board import BoardWidget
    from app.web.screen.campaign import Campaign
    from app.web.screen.interface import BoardInPlay
    from app.web.shell_interface import ShellServices


class PageHost:
    """The page-wide half of a view's host: words, sounds, announcements, settings."""

    def __init__(self, shell: ShellServices) -> None:
        self._shell = shell

    def t(self, key: str, **params: Any) -> str:
        """Return catalogue text in the page's language."""
        return self._shell.i18n.t(key, **params)

    def play_sound(self, name: str) -> None:
        """Play a sound effect by name."""
        self._shell.audio.play(name)

    def announce(self, text: str) -> None:
        """Say something through the live region."""
        self._shell.announce(text)

    def sentences(self, *texts: str | None) -> str:
        """Join texts as sentences in the page's language."""
        return self._shell.i18n.sentences(*texts)

    def setting(self, name: str) -> Any:
        """Return a player setting's value."""
        return self._shell.settings.get(name)

    def set_setting(self, name: str, value: Any) -> None:
        """Store a player setting (and say once if it could not be kept)."""
        self._shell.settings.set(name, value)
        self._shell.check_storage()


class GameHost(PageHost):
    """A game screen's host: the board, the session's state and moves, the campaign's records."""

    def __init__(self, shell: ShellServices, screen: BoardInPlay, campaign: Campaign) -> None:
        super().__init__(shell)
        self._screen = screen
        self._campaign = campaign

    @property
    def board(self) -> BoardWidget | None:
        """The screen's board widget."""
        return self._screen.board

    @property
    def state(self) -> Any:
        """The current game state (None before the first board)."""
        session = self._screen.session
        return session.state if session is not None else None

    def request(self, move: Any) -> None:
        """Play a move through the session (as if the player made it)."""
        self._screen.request(move)

    def new_game(self, params: Any = None, *, focus_board: bool = True) -> None:
        """Start a fresh puzzle (default: the current params)."""
        self._screen.new_game(params, focus_board=focus_board)

    def listen(self, target: Any, event: str, handler: Any) -> None:
        """Listen to an element until the screen closes."""
        self._screen.listen(target, event, handler)

    def stage_progress(self, stage_id: str) -> dict[str, Any]:
        """The player's record of one of this game's stages."""
        return self._campaign.stage_progress(stage_id)

    def run_line(self) -> str:
        """"Endless run: 3 in a row · longest 5" ("" for a game without runs)."""
        return self._campaign.run_line()

    def play_endless(self) -> None:
        """Start the board the endless run asks for (asking first if a game is in progress)."""
        self._campaign.play_endless()


class BoardHost(PageHost):
    """The host of a screen that shows a board and takes no moves (a replay, the stage editor)."""

    def __init__(self, shell: ShellServices, *, board: Callable[[], BoardWidget | None],
                 state: Callable[[], Any]) -> None:
        super().__init__(shell)
        self._board = board
        self._state = state

    @property
    def board(self) -> BoardWidget | None:
        """The screen's board widget."""
        return self._board()

    @property
    def state(self) -> Any:
        """The state on the board (the replay's position, the stage being built)."""
        return self._state()

    def request(self, move: Any) -> None:
        """No move is taken here."""

    def new_game(self, params: Any = None, *, focus_board: bool = True) -> None:
        """No game is started here."""

    def listen(self, target: Any, event: str, handler: Any) -> None:
        """Nothing a view adds is listened to here."""

    def stage_progress(self, stage_id: str) -> dict[str, Any]:
        """No records are shown here: a stage reads as never played."""
        return {"done": False, "best": None}

    def run_line(self) -> str:
        """No run here."""
        return ""

    def play_endless(self) -> None:
        """Nothing to start here."""
