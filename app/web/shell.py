"""The page around the games: header controls, routing by URL hash, notices, announcements.

One Shell lives for the page's lifetime; it opens one screen at a time (home or
a game) and closes the previous one, so listeners never pile up.
"""

from __future__ import annotations

from typing import Any

import js

from app.core.bests import Bests
from app.core.records import migrate_records
from app.core.route import format_hash, parse_hash
from app.core.settings import Settings
from app.core.stage_progress import StageProgress
from app.core.storage import Storage
from app.core.strings import detect_language
from app.games import GAMES
from app.web import dom
from app.web.audio import Audio
from app.web.dom import Callback, Listeners, by_id, document, window
from app.web.i18n import I18n
from app.web.local_storage import local_storage_backing

NOTICE_MS = 9000


class Shell:
    """Owns storage, settings, audio, language and the current screen."""

    def __init__(self) -> None:
        self.storage = Storage(local_storage_backing())
        migrate_records(self.storage)  # older formats read into today's, once per visit; never raises
        self.settings = Settings(self.storage)
        self.bests = Bests(self.storage)
        self.stages = StageProgress(self.storage)
        lang = self.settings.get("lang") or detect_language(list(window.navigator.languages or [])
                                                            or window.navigator.language)
        self.i18n = I18n(lang)
        self.audio = Audio(sfx=self.settings.get("sfx"), bgm=self.settings.get("bgm"))
        self.screen: Any = None
        self._listeners = Listeners()
        self._hide_notice = Callback(self._clear_notice)
        self._notice_timer: Any = None
        dom.on_internal_error = lambda: self.notify(self.i18n.t("internal_error"))

    # ----- start-up --------------------------------------------------------------------------

    def start(self) -> None:
        """Wire the header, open the screen the URL names and mark the page ready."""
        on = self._listeners.on
        on(window, "hashchange", self.route)
        # Browsers allow sound only after a gesture; the first one unlocks it.
        on(document, "pointerdown", self._unlock_audio, capture=True)
        on(document, "keydown", self._unlock_audio, capture=True)
        lang_select = by_id("lang-select")
        lang_select.value = self.i18n.lang
        on(lang_select, "change", lambda event: self.set_language(str(event.target.value)))
        on(by_id("bgm-toggle"), "click", lambda _event: self.toggle("bgm"))
        on(by_id("sfx-toggle"), "click", lambda _event: self.toggle("sfx"))
        self._show_toggles()
        self.i18n.apply()
        by_id("loading").hidden = True
        by_id("app").hidden = False
        self.route()
        document.documentElement.setAttribute("data-ready", "true")

    def _unlock_audio(self, _event: Any) -> None:
        self.audio.unlock()
        document.documentElement.setAttribute("data-audio", self.audio.state)

    # ----- routing ---------------------------------------------------------------------------

    def route(self, *_: Any) -> None:
        """Open the screen the current hash names (home, a new game, or one puzzle)."""
        route = parse_hash(str(window.location.hash), GAMES)
        first_screen = self.screen is None
        if self.screen is not None:
            self.screen.close()
            self.screen = None
            self._clear_notice()  # a notice speaks of the screen it was shown on
        if route.game is None:
            from app.web.home import HomeScreen

            if route.problem:
                self.notify(self.i18n.t(route.problem))
                self.replace_hash(format_hash(None))
            self.screen = HomeScreen(self)
        else:
            from app.web.game_screen import GameScreen

            self.screen = GameScreen(self, route.game, route.game_id)
        document.title = self.screen.title
        # Which screen is open, and how many routes have run: styling hooks, and what tests wait on.
        root = document.documentElement
        root.setAttribute("data-screen", route.game or "home")
        root.setAttribute("data-routes", str(int(root.getAttribute("data-routes") or 0) + 1))
        if not first_screen:
            # A new screen replaced the old one: put focus on its heading, as a page load would,
            # so a screen reader says where the player is instead of falling back to the body.
            heading = document.querySelector("#view h1")
            if heading is not None:
                heading.setAttribute("tabindex", "-1")
                heading.focus()
        self.check_storage()

    def replace_hash(self, fragment: str) -> None:
        """Change the address without opening a new screen or adding a history entry."""
        if str(window.location.hash) != fragment:
            url = fragment if fragment != "#" else str(window.location.pathname) + str(window.location.search)
            window.history.replaceState(js.undefined, "", url)

    # ----- settings --------------------------------------------------------------------------

    def set_language(self, lang: str) -> None:
        """Switch language, remember it and relabel the whole page."""
        if lang == self.i18n.lang:
            return
        self.settings.set("lang", lang)
        self.i18n.lang = lang
        self.i18n.apply()
        self._show_toggles()
        if self.screen is not None:
            self.screen.relabel()
            document.title = self.screen.title
        self.check_storage()

    def toggle(self, name: str) -> None:
        """Flip music or sound effects and remember the choice."""
        value = not self.settings.get(name)
        self.settings.set(name, value)
        if name == "bgm":
            self.audio.set_bgm(value)
        else:
            self.audio.set_sfx(value)
        self._show_toggles()
        self.check_storage()

    def _show_toggles(self) -> None:
        # The buttons' names stay fixed ("Music"); aria-pressed carries on/off, as for any toggle.
        for name in ("bgm", "sfx"):
            by_id(f"{name}-toggle").setAttribute("aria-pressed", "true" if self.settings.get(name) else "false")

    # ----- messages --------------------------------------------------------------------------

    def announce(self, text: str) -> None:
        """Say something through the polite live region (screen readers read it once)."""
        live = by_id("live")
        # A repeated message must still be read: a trailing no-break space makes it new text.
        live.textContent = text + "\u00a0" if live.textContent == text else text

    def notify(self, text: str) -> None:
        """Show a short visible notice under the header (also read by screen readers)."""
        notice = by_id("notice")
        notice.textContent = text
        notice.hidden = False
        if self._notice_timer is not None:
            window.clearTimeout(self._notice_timer)
        self._notice_timer = window.setTimeout(self._hide_notice.proxy, NOTICE_MS)

    def clear_notice(self) -> None:
        """Hide the notice at once (what it said no longer applies)."""
        self._clear_notice()

    def _clear_notice(self, *_: Any) -> None:
        if self._notice_timer is not None:
            window.clearTimeout(self._notice_timer)  # harmless when the timer itself called us
            self._notice_timer = None
        by_id("notice").hidden = True

    def check_storage(self) -> None:
        """Tell the player once if records cannot be kept on this device."""
        notices = self.storage.take_notices()
        if notices:
            self.notify(" ".join(self.i18n.t(notice) for notice in notices))
