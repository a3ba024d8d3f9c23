"""What the shell and the screens it shows ask of each other, declared: `Screen` and `ShellServices`.

`app.web.shell.Shell` provides `ShellServices` and shows one `Screen` at a time (home,
statistics, a game, a replay, an editor). Both sides import this module, not each other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from app.core.bests import Bests
    from app.core.daily import DailyLog
    from app.core.runs import Runs
    from app.core.settings import Settings
    from app.core.stage_progress import StageProgress
    from app.core.stars import Stars
    from app.core.stats import Stats
    from app.core.storage import Storage
    from app.web.audio import Audio
    from app.web.board import BoardWidget
    from app.web.fullscreen import Fullscreen
    from app.web.i18n import I18n


class Screen(Protocol):
    """What the shell asks of the screen it shows.

    A screen with a board also offers `control_sections()` (the Controls help) and may offer
    `settings_changed()` and `refit()` (fit the board to a room that changed: full screen, a
    notice); the shell asks for them only where they are.
    """

    @property
    def title(self) -> str:
        """The document title while the screen is open."""

    @property
    def board(self) -> BoardWidget | None:
        """The screen's board (None: it has none), repainted when the player changes the colours."""

    def relabel(self) -> None:
        """Word the screen in the page's language again."""

    def close(self) -> None:
        """Stop its timers, remove its listeners and take it off the page."""


class ShellServices(Protocol):
    """What a screen uses of the page around it: words, settings, sounds, the player's records,
    the live region and notices, confirmations and the address."""

    i18n: I18n
    settings: Settings
    audio: Audio
    storage: Storage
    stats: Stats
    bests: Bests
    stages: StageProgress
    stars: Stars
    runs: Runs
    fullscreen: Fullscreen
    dailies: DailyLog

    @property
    def shortcuts_on(self) -> bool:
        """Whether single-key shortcuts act (the player may turn them off)."""

    def announce(self, text: str) -> None:
        """Say something through the live region."""

    def live_text(self) -> str:
        """What the live region says now."""

    def clear_live(self) -> None:
        """Empty the live region."""

    def notify(self, text: str) -> None:
        """Show a notice above the page (and say it)."""

    def clear_notice(self) -> None:
        """Take the notice down."""

    def check_storage(self) -> None:
        """Say once if records could not be kept."""

    def confirm(self, title: str, text: str, on_yes: Callable[[], None], *, yes_key: str = "confirm_yes",
                no_key: str = "confirm_no") -> None:
        """Ask before something that cannot be taken back; `on_yes` runs only on Yes (`no_key` words No)."""

    def replace_hash(self, fragment: str) -> None:
        """Write the address without opening another screen."""

    def reload_settings(self) -> None:
        """Read every setting again (after an import)."""
