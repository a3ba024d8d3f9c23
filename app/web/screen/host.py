"""What a view may reach of the page: `ViewHost` (app.web.views.base), implemented here."""

from __future__ import annotations

from typing import Any

from app.web.screen import campaign


class ShellHost:
    """The page-wide half of a view's host: words, sounds, announcements, settings.

    The home screen gives views only this (to label presets and bests); a game
    screen adds the board and the session through `GameHost`.
    """

    board: Any = None

    def __init__(self, shell: Any) -> None:
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
        return str(self._shell.i18n.sentences(*texts))

    def setting(self, name: str) -> Any:
        """Return a player setting's value."""
        return self._shell.settings.get(name)

    def set_setting(self, name: str, value: Any) -> None:
        """Store a player setting (and say once if it could not be kept)."""
        self._shell.settings.set(name, value)
        self._shell.check_storage()

    def request(self, move: Any) -> None:
        """Nothing to play a move on outside a game screen."""

    def new_game(self, params: Any = None, *, focus_board: bool = True) -> None:
        """Nothing to start outside a game screen."""

    def listen(self, target: Any, event: str, handler: Any) -> None:
        """Nothing listens outside a game screen."""

    def stage_progress(self, stage_id: str) -> dict[str, Any]:
        """The player's record of a stage of the game being shown: {"done": bool, "best": moves or None}."""
        return {"done": False, "best": None}

    def run_line(self) -> str:
        """No run outside a game screen."""
        return ""

    def play_endless(self) -> None:
        """Nothing to start outside a game screen."""

    @property
    def state(self) -> Any:
        """No game state outside a game screen."""
        return None


class BoardHost(ShellHost):
    """A host for a screen with a board (a game or a replay): the shell's services plus that board."""

    def __init__(self, shell: Any, screen: Any) -> None:
        super().__init__(shell)
        self._screen = screen

    @property
    def board(self) -> Any:  # type: ignore[override]
        """The screen's board widget."""
        return self._screen.board


class GameHost(BoardHost):
    """A game screen's host: the board, the session's state and moves."""

    @property
    def state(self) -> Any:
        """The current game state."""
        return self._screen.session.state

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
        return campaign.stage_progress(self._screen, stage_id)

    def run_line(self) -> str:
        """"Endless run: 3 in a row · longest 5" ("" for a game without runs)."""
        return campaign.run_line(self._screen)

    def play_endless(self) -> None:
        """Start the board the endless run asks for (asking first if a game is in progress)."""
        campaign.play_endless(self._screen)


class ReplayHost(BoardHost):
    """A replay screen's host: the board and the replayed state; no moves are taken."""

    @property
    def state(self) -> Any:
        """The state at the replay's position."""
        return self._screen.replay.state if self._screen.replay is not None else None
