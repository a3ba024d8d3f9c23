"""The page around the games: header controls, routing by URL hash, notices, announcements.

One Shell lives for the page's lifetime; it opens one screen at a time (home or
a game) and closes the previous one, so listeners never pile up.
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_once_callable

from app.core import registry
from app.core.bests import Bests
from app.core.daily import DailyLog
from app.core.record_kinds import KINDS
from app.core.records import migrate_records
from app.core.route import DAILY, EDIT, MAX_HASH_CHARS, NEW, REPLAY, STATS, format_hash, parse_hash
from app.core.runs import Runs
from app.core.settings import Settings
from app.core.stage_progress import StageProgress
from app.core.stars import Stars
from app.core.stats import Stats
from app.core.storage import NOTICE_UNAVAILABLE, Storage
from app.core.strings import detect_language
from app.web import dom, engine
from app.web.audio import Audio
from app.web.compact import is_compact, update_compact
from app.web.dom import Callback, Listeners, by_id, document, element, focus_in_place, focus_on, open_dialog, window
from app.web.fullscreen import Fullscreen
from app.web.header_fold import fold_header
from app.web.i18n import I18n
from app.web.layout import global_key_rows
from app.web.local_storage import local_storage_backing
from app.web.shell_interface import Screen
from app.web.snapshot_setting import SnapshotSetting
from app.web.start_snapshot import drop_after_error

WRAP_KEYS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


def _editor(game: str) -> Any:
    """The game's editor screen class, or None (imported only when an editor is opened)."""
    from app.web.views import editor_class

    return editor_class(game)


class Shell:
    """Owns storage, settings, audio, language and the current screen."""

    def __init__(self) -> None:
        backing = local_storage_backing()
        # In another site's frame (a game portal) the browser may keep nothing at all: then the page
        # says so once, with a link that opens Masume in its own tab, where records are kept.
        self.embedded = document.documentElement.getAttribute("data-embedded") == "frame"
        self.storage_denied = backing is None
        self.storage = Storage(backing, kinds=KINDS)
        migrate_records(self.storage)  # older formats read into today's, once per visit; never raises
        self.settings = Settings(self.storage)
        self.bests = Bests(self.storage)
        self.stages = StageProgress(self.storage)
        self.stars = Stars(self.storage)
        self.runs = Runs(self.storage)
        self.stats = Stats(self.storage)  # (importing stats and daily registered their record kinds above)
        self.dailies = DailyLog(self.storage)
        lang = self.settings.get("lang") or detect_language(list(window.navigator.languages or [])
                                                            or window.navigator.language)
        self.i18n = I18n(lang)
        self.audio = Audio(sfx=self.settings.get("sfx"), bgm=self.settings.get("bgm"))
        self.screen: Screen | None = None
        self._listeners = Listeners()
        self._hide_notice = Callback(self._close_notice)
        self._confirmed: Any = None  # what Yes in the confirm dialog does
        self._routed = False  # whether a screen has been opened yet (the first one is not announced)
        self._engine_waiting = False  # a route waits for numpy (app/web/engine.py)
        self._waiting_for = ""  # the game that route names
        dom.on_internal_error = lambda: self.notify(self.i18n.t("internal_error"))

    # ----- start-up --------------------------------------------------------------------------

    def start(self) -> None:
        """Wire the header, open the screen the URL names and mark the page ready."""
        on = self._listeners.on
        on(window, "hashchange", self.route)
        on(window, "storage", self._on_storage_changed)  # another tab of the game wrote or removed something
        # Browsers allow sound only after a gesture; the first one unlocks it.
        on(document, "pointerdown", self._unlock_audio, capture=True)
        on(document, "keydown", self._unlock_audio, capture=True)
        lang_select = by_id("lang-select")
        lang_select.value = self.i18n.lang
        on(lang_select, "change", lambda event: self.set_language(str(event.target.value)))
        on(by_id("bgm-toggle"), "click", lambda _event: self.toggle("bgm"))
        on(by_id("sfx-toggle"), "click", lambda _event: self.toggle("sfx"))
        on(by_id("shortcuts-toggle"), "change", lambda event: self.set_setting("shortcuts", bool(event.target.checked)))
        on(by_id("announce-select"), "change", lambda event: self.set_setting("announce", str(event.target.value)))
        on(by_id("palette-select"), "change", lambda event: self.set_palette(str(event.target.value)))
        on(by_id("skip-link"), "click", lambda _event: focus_on(by_id("view")))
        on(by_id("keys-button"), "click", lambda _event: self.open_keys())
        on(by_id("keys-close"), "click", lambda _event: by_id("keys-dialog").close())
        on(by_id("confirm-yes"), "click", lambda _event: self._answer(True))
        on(by_id("confirm-no"), "click", lambda _event: self._answer(False))
        on(by_id("confirm-dialog"), "close", self._on_confirm_closed)
        on(document, "keydown", self._on_help_key)
        # Settings is a disclosure: Escape and a click elsewhere close it, as a menu would (it covers the panel);
        # with nothing open, Escape leaves full screen.
        on(document, "keydown", self._close_settings_on_escape)
        on(document, "click", self._close_settings_outside)
        # ... and so does Tab leaving it: the open panel covers what the focus would go to (WCAG 2.4.11).
        on(by_id("settings"), "focusout", self._close_settings_when_focus_leaves)
        on(document, "keydown", self._on_board_wrap)
        on(document, "keydown", self._on_fullscreen_key)
        self.fullscreen = Fullscreen(self._listeners, self.i18n.t, changed=self._on_fullscreen,
                                     refused=lambda: self.notify(self.i18n.t("fullscreen_refused")))
        # (before any screen's own resize listener: the layout is settled before a screen fits its board)
        on(window, "resize", lambda _event: self._update_layout())
        self._update_layout()
        self._show_embedded_storage()
        # A link that opens Masume in a tab of its own names the board in play at the moment it is used:
        # the address changes as the player plays (a first click, a new board) without a hashchange.
        for event in ("pointerdown", "focusin", "click", "auxclick"):
            on(document, event, self._refresh_own_address, capture=True)
        self._show_toggles()
        self.snapshot_setting = SnapshotSetting(self.i18n, self._listeners, self.notify,
                                                storage_denied=self.storage_denied)
        self.i18n.apply()
        if document.documentElement.getAttribute("data-boot") == "failed":
            return  # the loader named a missing or damaged file: its message stays, the game does not start half-built
        by_id("loading").hidden = True
        by_id("app").hidden = False
        self.route()
        self.keep_records()

    def _show_embedded_storage(self) -> None:
        """In Settings, for as long as the page is open: records are not kept in this frame, and a link out."""
        line = by_id("embedded-storage")
        line.hidden = not (self.embedded and self.storage_denied)
        by_id("embedded-open").setAttribute("href", self.own_address())

    @staticmethod
    def own_address() -> str:
        """The page's own address, the board in play included: what opens it in a tab of its own."""
        return str(window.location.href)

    def _refresh_own_address(self, event: Any) -> None:
        target = event.target
        link = target.closest("a.own-address") if target is not None and hasattr(target, "closest") else None
        if link is not None:
            link.setAttribute("href", self.own_address())

    def _update_layout(self) -> None:
        """Follow the window: the compact layout where it is short and landscape, the header folded on a phone."""
        update_compact(self.fullscreen.active)
        fold_header()

    def _on_fullscreen(self) -> None:
        """Full screen came or went (the button, F, Escape): the layout follows and the board is fitted again."""
        self._update_layout()
        if self.screen is not None and hasattr(self.screen, "refit"):
            self.screen.refit()

    def _on_fullscreen_key(self, event: Any) -> None:
        """F turns full screen on or off, unless a field, a dialog or the board (Minesweeper's flag) took the key."""
        if str(event.key) not in ("f", "F") or event.ctrlKey or event.metaKey or event.altKey or event.repeat:
            return
        if not self.shortcuts_on or not self.fullscreen.allowed or event.defaultPrevented:
            return
        tag = str(getattr(event.target, "tagName", "") or "").lower()
        if tag in ("input", "select", "textarea") or document.querySelector("dialog[open]:not(.in-page)") is not None:
            return
        event.preventDefault()
        self.fullscreen.toggle()

    def _close_settings_on_escape(self, event: Any) -> None:
        settings = by_id("settings")
        if str(event.key) != "Escape":
            return
        if settings.open:
            settings.open = False
            focus_on(settings.querySelector("summary"))
        elif not event.defaultPrevented and document.querySelector("dialog[open]") is None:
            if not by_id("notice").hidden:
                self._close_notice()  # Escape closes a notice, as its Close button does
                return
            self.fullscreen.leave()  # (browsers leave full screen on Escape themselves; where one does not, this does)

    @staticmethod
    def _close_settings_outside(event: Any) -> None:
        settings = by_id("settings")
        if settings.open and not settings.contains(event.target):
            settings.open = False

    @staticmethod
    def _close_settings_when_focus_leaves(event: Any) -> None:
        settings, going = by_id("settings"), event.relatedTarget
        # (not for a dialog a setting opened, a question: the focus comes back to the setting after it)
        if settings.open and going is not None and not settings.contains(going) and going.closest("dialog") is None:
            settings.open = False

    def _unlock_audio(self, _event: Any) -> None:
        self.audio.unlock()
        document.documentElement.setAttribute("data-audio", self.audio.state)

    # ----- routing ---------------------------------------------------------------------------

    def route(self, *_: Any) -> None:
        """Open the screen the current hash names (home, a new game, or one puzzle)."""
        try:
            self._route()
        except Exception as error:
            drop_after_error(error)  # on a page restored from the start-up snapshot, that snapshot goes
            raise

    def _route(self) -> None:
        route = parse_hash(self.current_hash(), registry.games())
        first_screen = not self._routed
        # A game that replaces the numpy wait is announced (a screen reader heard nothing of it), but the
        # focus stays where the player left it, as on any first screen: a page that starts faster (numpy
        # already here) would not move it either.
        after_wait = first_screen and document.getElementById("engine-loading") is not None
        if route.game is not None and route.screen != STATS and not engine.is_ready():
            self._wait_for_engine(route.game)
            return
        self._routed = True
        self._remove_engine_note()
        if self.screen is not None:
            self.screen.close()
            self.screen = None
            self._clear_notice()  # a notice speaks of the screen it was shown on
            self.clear_live()  # and so does the live region
            for dialog_id in ("confirm-dialog", "keys-dialog"):
                if by_id(dialog_id).open:
                    by_id(dialog_id).close()
        if route.game is None:
            from app.web.home import HomeScreen

            if route.problem:
                self.notify(self.i18n.t(route.problem))
                self.replace_hash(format_hash(None))
            self.screen = HomeScreen(self)
        elif route.screen == STATS:
            from app.web.stats_screen import StatsScreen

            self.screen = StatsScreen(self, route.game)
        elif route.screen == REPLAY:
            from app.web.replay_screen import ReplayScreen

            self.screen = ReplayScreen(self, route.game, route.game_id or "")
        elif route.screen == EDIT and (editor := _editor(route.game)) is not None:
            self.screen = editor(self, route.game, route.game_id)
        else:
            from app.web.game_screen import GameScreen

            game_id = route.game_id if route.screen != EDIT else f"{EDIT}/{route.game_id or ''}".rstrip("/")
            self.screen = GameScreen(self, route.game, game_id, daily=route.screen == DAILY,
                                     announce=not first_screen or after_wait, ask_new=route.screen == NEW)
        document.title = self.screen.title
        # Which screen is open, and how many routes have run: styling hooks, and what tests wait on.
        root = document.documentElement
        root.setAttribute("data-screen", route.game or "home")
        root.setAttribute("data-view", ("play" if route.screen == NEW else route.screen) if route.game else "home")
        root.setAttribute("data-routes", str(int(root.getAttribute("data-routes") or 0) + 1))
        root.setAttribute("data-ready", "true")  # (the first screen open: what boot.js and the tests wait for)
        if not first_screen:
            # A new screen replaced the old one: put focus on its heading, as a page load would,
            # so a screen reader says where the player is instead of falling back to the body.
            heading = document.querySelector("#view h1")
            if heading is not None:
                heading.setAttribute("tabindex", "-1")
                focus_in_place(heading)  # at the top already; a game screen may have scrolled its board into view
        self.check_storage()

    def _wait_for_engine(self, game: str) -> None:
        """A game's screen needs numpy: say so where the screen will be (under the game's name, in the
        page's language as it changes), and open it once numpy is here."""
        if self.screen is not None:
            self.screen.close()
            self.screen = None
        self._remove_engine_note()
        status = dom.element("p", attrs={"role": "status"})  # its words come once it is in the page (below)
        # The boot screen's blinking grid: numpy's 3 MB can take a while on a slow link, and a still
        # page looks stuck (CSS only, so it keeps moving while Python is busy; still with reduced motion).
        blinking = dom.element("div", cls="loading-grid", attrs={"aria-hidden": "true"},
                               children=[dom.element("i") for _ in range(9)])
        note = dom.element("section", cls="engine-loading", attrs={"id": "engine-loading"},
                           children=[dom.element("h1", attrs={"data-i18n": registry.backend(game).name_key}),
                                     blinking, status])
        self.i18n.apply(note)
        by_id("view").appendChild(note)
        # A status line is heard when its words change: put in empty, then worded (inserted with its words
        # already in it, it was not read at all by some screen readers).
        status.setAttribute("data-i18n", "loading_engine")
        status.textContent = self.i18n.t("loading_engine")
        document.documentElement.setAttribute("data-view", "loading")
        self._waiting_for = game
        document.title = self._waiting_title()  # the tab names the game asked for, as its screen will
        if self._engine_waiting:
            return
        self._engine_waiting = True

        def arrived() -> None:
            self._engine_waiting = False
            if document.getElementById("engine-loading") is not None:  # still waiting (not left for home or stats)
                self.route()

        def failed(reason: str) -> None:
            self._engine_waiting = False
            status.textContent = self.i18n.t("engine_failed", reason=reason)
            window.masumeBootFailed("msg-load-failed", reason)  # before the first screen: the loader says it

        engine.when_ready(arrived, failed)

    def _waiting_title(self) -> str:
        """The tab's title while a game waits for numpy: the game's name, then the site's."""
        return self.i18n.page_title(self.i18n.t(registry.backend(self._waiting_for).name_key))

    @staticmethod
    def _remove_engine_note() -> None:
        note = document.getElementById("engine-loading")
        if note is not None:
            note.remove()

    @staticmethod
    def current_hash() -> str | None:
        """The page's hash, or None when it is over MAX_HASH_CHARS (checked in JS: a huge one is never copied here)."""
        reader = getattr(window, "masumeHash", None)  # (static/js/board-grid.js; missing, the hash is read here)
        fragment = window.location.hash if reader is None else reader(MAX_HASH_CHARS)
        return None if fragment is None else str(fragment)

    def replace_hash(self, fragment: str) -> None:
        """Change the address without opening a new screen or adding a history entry."""
        current = self.current_hash()
        if current == fragment:
            return
        url = fragment if fragment != "#" else str(window.location.pathname) + str(window.location.search)
        if current is not None:
            window.history.replaceState(js.undefined, "", url)
            return

        # Leaving a huge address (a refused 1 MB link) costs the browser itself 15-140 ms here:
        # in a task of its own, not on top of the screen just drawn; unless the address changed meanwhile.
        def leave_huge_address() -> None:
            if self.current_hash() is None:
                window.history.replaceState(js.undefined, "", url)

        window.setTimeout(create_once_callable(leave_huge_address), 0)

    # ----- settings --------------------------------------------------------------------------

    def set_language(self, lang: str) -> None:
        """Switch language, remember it and relabel the whole page."""
        if lang == self.i18n.lang:
            return
        self.settings.set("lang", lang)
        self._show_language(lang)
        self.check_storage()

    def _show_language(self, lang: str) -> None:
        """Relabel the whole page in `lang` (already stored)."""
        self.i18n.lang = lang
        by_id("lang-select").value = lang
        self.i18n.apply()
        self._show_toggles()
        self.snapshot_setting.refresh()
        if self.screen is not None:
            self.screen.relabel()
            document.title = self.screen.title
        elif self._engine_waiting:
            document.title = self._waiting_title()

    def reload_settings(self) -> None:
        """Apply settings that changed under the page (an import, another tab): language, sound, the rest."""
        lang = self.settings.get("lang")
        if lang is not None and lang != self.i18n.lang:
            self._show_language(lang)
        self.audio.set_sfx(bool(self.settings.get("sfx")))
        self.audio.set_bgm(bool(self.settings.get("bgm")))
        palette_before = document.documentElement.getAttribute("data-palette")
        self._show_toggles()
        if self.screen is not None and hasattr(self.screen, "settings_changed"):
            self.screen.settings_changed()
        board = self.screen.board if self.screen is not None else None
        if palette_before != self.settings.get("palette") and board is not None and board.codes is not None:
            board.paint(board.codes, force=True)

    def _on_storage_changed(self, event: Any) -> None:
        """Another open tab changed a stored value: this one follows its settings, bests and stage records.

        (Browsers tell every other tab of the origin; the tab that wrote is not told.) An in-progress
        save of the other tab's game changes nothing here.
        """
        namespace = f"{self.storage.namespace}:"
        full = event.key
        if full is not None and not str(full).startswith(namespace):
            return
        key = None if full is None else str(full)[len(namespace):]  # None: the other tab cleared the storage
        if key is not None and key.startswith(("progress:", "quarantine:")):
            return
        self.storage.changed_elsewhere(key)
        if key is None or key.startswith("setting:"):
            self.reload_settings()
        if (key is None or not key.startswith("setting:")) and self.screen is not None \
                and hasattr(self.screen, "records_changed"):
            self.screen.records_changed()

    def keep_records(self) -> None:
        """Ask the browser, once the player has a best, not to evict this site's storage under pressure."""
        if self.settings.get("persist_asked") or not any(k.startswith("best:") for k in self.storage.keys()):
            return
        self.settings.set("persist_asked", True)
        storage_manager = getattr(window.navigator, "storage", None)
        if storage_manager is not None and getattr(storage_manager, "persist", None) is not None:
            storage_manager.persist()  # a promise; the browser may decide silently, and either answer is fine

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
        # The buttons' names stay fixed ("Music"); aria-pressed carries on/off, as for any toggle, and
        # the page says it in words and a mark too ("✓ Music: on" / "Music: off"), not by fill colour alone.
        for name in ("bgm", "sfx"):
            node = by_id(f"{name}-toggle")
            on = bool(self.settings.get(name))
            node.setAttribute("aria-pressed", "true" if on else "false")
            node.setAttribute("data-state", self.i18n.t("toggle_on" if on else "toggle_off"))
        self.fullscreen.show()
        by_id("shortcuts-toggle").checked = self.shortcuts_on
        by_id("announce-select").value = self.settings.get("announce")
        by_id("palette-select").value = self.settings.get("palette")
        document.documentElement.setAttribute("data-palette", self.settings.get("palette"))
        keys_button = by_id("keys-button")
        if self.shortcuts_on:
            keys_button.setAttribute("aria-keyshortcuts", "?")
        else:
            keys_button.removeAttribute("aria-keyshortcuts")

    def set_setting(self, name: str, value: Any) -> None:
        """Store one of the header's settings and show it (and let the screen follow it)."""
        self.settings.set(name, value)
        self._show_toggles()
        if self.screen is not None and hasattr(self.screen, "settings_changed"):
            self.screen.settings_changed()
        self.check_storage()

    def _on_board_wrap(self, event: Any) -> None:
        """Say when an arrow key took the board's cursor round the edge ("Wrapped to column 1").

        The board has moved focus by now (its listener is nearer the key's target): the key's target is
        the position left, the focused button the one reached.
        """
        step = WRAP_KEYS.get(str(event.key))
        old, new = event.target, document.activeElement
        if step is None or old is None or new is None or old == new:
            return
        if not (old.matches("button.cell") and new.matches("button.cell")):
            return
        axis = "row" if step[0] else "col"
        before, after = int(old.getAttribute(f"data-{axis}")), int(new.getAttribute(f"data-{axis}"))
        if (after - before) * (step[0] or step[1]) >= 0:
            return  # moved the way the key points: no wrap
        if new.classList.contains("edge"):
            self.announce(self.i18n.t("said_wrapped_edge"))
        elif axis == "row":
            self.announce(self.i18n.t("said_wrapped_row", row=after + 1))
        else:
            self.announce(self.i18n.t("said_wrapped_column", col=after + 1))

    def set_palette(self, palette: str) -> None:
        """Store the board colours and repaint the board in play with them (views read the setting as they draw)."""
        self.set_setting("palette", palette)
        board = self.screen.board if self.screen is not None else None  # every screen says its board (or None)
        if board is not None and board.codes is not None:
            board.paint(board.codes, force=True)

    @property
    def shortcuts_on(self) -> bool:
        """Whether single-key shortcuts (N, H, C, ?) act (WCAG 2.1.4: the player can turn them off)."""
        return bool(self.settings.get("shortcuts"))

    # ----- keys help and confirmations -------------------------------------------------------

    def open_keys(self) -> None:
        """Show the Controls help of the screen in view: mouse, touch and keyboard, from the board's actions."""
        t = self.i18n.t
        if self.screen is not None and hasattr(self.screen, "control_sections"):
            sections = self.screen.control_sections()
        else:  # no board here: only the keys that act on this screen
            rows = global_key_rows(t, single_keys=self.shortcuts_on, fullscreen=self.fullscreen.allowed)
            sections = [("controls_keyboard", [row for row in rows if row[1] in (
                t("keys_global_help"), t("keys_global_fullscreen"))], None)]
        listing = by_id("keys-list")
        listing.replaceChildren()
        for title_key, rows, text in sections:
            section = dom.element("section", cls="keys-section", attrs={"data-section": title_key})
            section.appendChild(dom.element("h3", text=t(title_key)))
            if rows:
                entries = dom.element("dl", cls="keys-list")
                for how, what in rows:
                    entries.appendChild(dom.element("div", children=[dom.element("dt", children=[
                        dom.element("kbd", text=how)]), dom.element("dd", text=what)]))
                section.appendChild(entries)
            if text:
                section.appendChild(dom.element("p", text=text))
            listing.appendChild(section)
        note = by_id("keys-note")
        note.textContent = "" if self.shortcuts_on else t("keys_shortcuts_off")
        note.hidden = self.shortcuts_on
        dialog = by_id("keys-dialog")
        if not dialog.open:
            open_dialog(dialog)
        focus_on(by_id("keys-close"))

    def _on_help_key(self, event: Any) -> None:
        if str(event.key) != "?" or event.ctrlKey or event.metaKey or event.altKey or not self.shortcuts_on:
            return
        tag = str(getattr(event.target, "tagName", "") or "").lower()
        if tag in ("input", "select", "textarea") or document.querySelector("dialog[open]") is not None:
            return
        event.preventDefault()
        self.open_keys()

    def confirm(self, title: str, text: str, on_yes: Any, *, yes_key: str = "confirm_yes",
                no_key: str = "confirm_no") -> None:
        """Ask before something that cannot be taken back; No (the default, and Escape) does nothing.

        `yes_key` names Yes by what it does ("Yes, new game", "Yes, restart"), `no_key` No by what it keeps
        ("No, keep playing"; the editor's "No, keep the board").
        """
        self._confirmed = on_yes
        by_id("confirm-title").textContent = title
        by_id("confirm-text").textContent = text
        for button_id, key in (("confirm-yes", yes_key), ("confirm-no", no_key)):
            button = by_id(button_id)
            button.setAttribute("data-i18n", key)
            button.textContent = self.i18n.t(key)
        dialog = by_id("confirm-dialog")
        if not dialog.open:
            open_dialog(dialog)
        focus_on(by_id("confirm-no"))

    def _on_confirm_closed(self, _event: Any) -> None:
        # "close" arrives a task after the dialog closed: if a new question has opened meanwhile
        # (Escape, then N at once), this event belongs to the old one and must not answer the new.
        if not by_id("confirm-dialog").open:
            self._answer(False)

    def _answer(self, yes: bool) -> None:
        then, self._confirmed = self._confirmed, None
        dialog = by_id("confirm-dialog")
        if dialog.open:
            dialog.close()  # fires "close", which lands here again with nothing left to do
        if yes and then is not None:
            then()

    # ----- messages --------------------------------------------------------------------------

    def announce(self, text: str) -> None:
        """Say something through the polite live region (screen readers read it once)."""
        live = by_id("live")
        # A repeated message must still be read: a trailing no-break space makes it new text.
        live.textContent = text + "\u00a0" if live.textContent == text else text

    def live_text(self) -> str:
        """What the live region says now (without the no-break space that makes a repeat new)."""
        return str(by_id("live").textContent).rstrip("\u00a0")

    def clear_live(self) -> None:
        """Empty the live region (what it said belongs to a screen or a game that is gone)."""
        by_id("live").textContent = ""

    def notify(self, text: str, *, link: tuple[str, str] | None = None) -> None:
        """Show a notice under the header (also read by screen readers), with an optional link (its words, its
        address: opened in a new tab).

        A notice stays until the player closes it (its Close button, or Escape) or leaves the screen: it
        mostly explains something the player did not choose (a link that named no puzzle, a damaged draft,
        records that cannot be kept), and words that vanish on a timer cannot be read again (WCAG 2.2.1).
        """
        notice = by_id("notice")
        notice.replaceChildren()
        notice.appendChild(element("span", cls="notice-text", text=text))
        if link is not None:
            words, href = link
            own = href == self.own_address()  # kept up to date as the board in play changes
            notice.appendChild(element("a", cls="notice-link own-address" if own else "notice-link", text=words,
                                       attrs={"href": href, "target": "_blank", "rel": "noopener"}))
        close = element("button", cls="notice-close", text=self.i18n.t("close"), attrs={"type": "button"})
        close.addEventListener("click", self._hide_notice.proxy)
        notice.appendChild(close)
        notice.hidden = False
        self._refit_below_notice()

    def clear_notice(self) -> None:
        """Hide the notice at once (what it said no longer applies)."""
        self._clear_notice()

    def _close_notice(self, *_: Any) -> None:
        """The player closed the notice (Close, Escape): hide it, and keep the focus in the page if it was on Close."""
        notice = by_id("notice")
        had_focus = bool(notice.contains(document.activeElement))
        self._clear_notice()
        if had_focus:
            focus_in_place(by_id("view"))

    def _clear_notice(self, *_: Any) -> None:
        notice = by_id("notice")
        if notice.hidden:
            return
        notice.hidden = True
        self._refit_below_notice()

    def _refit_below_notice(self) -> None:
        """In the compact layout the board fills the room to the window's bottom: a notice that came or went
        changed that room, so the board is fitted again (elsewhere the page scrolls, and the board stays)."""
        if is_compact() and self.screen is not None and hasattr(self.screen, "refit"):
            self.screen.refit()

    def check_storage(self) -> None:
        """Tell the player once if records cannot be kept on this device."""
        notices = self.storage.take_notices()
        dropped = [key.split(":", 1)[1] for key in self.storage.take_dropped_saves()]
        names = self.i18n.t("list_separator").join(
            self.i18n.t(registry.backend(game).name_key) if registry.is_game(game) else game for game in dropped)
        if not notices:
            return
        embedded = self.embedded and self.storage_denied and NOTICE_UNAVAILABLE in notices
        keys = ["storage_embedded" if embedded and notice == NOTICE_UNAVAILABLE else notice for notice in notices]
        text = self.i18n.sentences(*(self.i18n.t(key, games=names) for key in keys))
        self.notify(text, link=(self.i18n.t("open_in_tab"), self.own_address()) if embedded else None)
