"""The game screen's page: its elements, laid out in reading order, and their words in the player's language.

The heading and the rule; the board's column (zoom tools, the board area, the status line, the
first-visit line, the scroll hint, the keys line, and the result dialog under the board); the play
bar (the numbers, the controls and the view's tools); the panel (the size form, the view's own
controls, the share box, the daily and statistics links, home). The page says nothing and plays
nothing itself: its buttons call the board in play's commands (`BoardInPlay`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.core.check import check_hook
from app.core.daily import daily_hash
from app.core.game import rule_key
from app.core.route import STATS, format_hash
from app.web.dom import Listeners, element, window
from app.web.layout import global_key_rows, key_help, key_rows, mouse_rows, pointer_help, touch_rows
from app.web.screen.controls import Controls
from app.web.screen.interface import BoardInPlay
from app.web.screen.result_dialog import ResultDialog
from app.web.screen.share_box import ShareBox
from app.web.screen.size_form import SizeForm
from app.web.screen.zoom import BoardZoom

if TYPE_CHECKING:
    from app.web.shell_interface import ShellServices

# The Controls help: (title key, rows of (keys, what they do), a line of text).
ControlSection = tuple[str, list[tuple[str, str]], str | None]


class GamePage:
    """The elements of one game screen and their words; the screen's parts reach them here."""

    def __init__(self, root: Any, listeners: Listeners, shell: ShellServices, screen: BoardInPlay, *,
                 repaint: Callable[[], None]) -> None:
        self._shell = shell
        self._screen = screen
        self.root = root
        t = shell.i18n.t
        view, spec = screen.view, screen.spec
        self.heading = element("h1", cls="game-title", attrs={"id": "game-title"})
        self.rule = element("p", cls="game-rule", attrs={"id": "game-rule"})
        # In the compact layout (a portal's frame, a phone on its side) the rule folds behind this button,
        # so the board has the room; elsewhere the button is not shown and the rule always is.
        self.rule_toggle = element("button", cls="rule-toggle", attrs={
            "type": "button", "id": "rule-toggle", "aria-expanded": "false", "aria-controls": "game-rule",
            "data-i18n": "rule_toggle"})
        listeners.on(self.rule_toggle, "click", lambda _event: self.toggle_rule())
        self.board_area = element("div", cls="board-area")
        self.keys_line = element("p", cls="board-keys", attrs={"id": "board-keys"})
        # What Check found and what a hint did, in words next to the board (the live region says them too).
        # Its space is kept while empty, so nothing moves when it fills.
        self.status_line = element("p", cls="board-status", attrs={"id": "board-status"})
        # On a player's first visit to the game: how to play it with mouse and touch (shown once, remembered).
        self.intro_line = element("p", cls="board-intro", attrs={"id": "board-intro", "hidden": ""})
        self.controls = Controls(listeners, {
            "undo": screen.undo, "redo": screen.redo, "restart": screen.restart, "hint": screen.hint,
            "check": screen.check, "new-game": screen.ask_new_game})
        self.controls.buttons["check"].hidden = check_hook(spec) is None
        self.controls.set_shortcuts(shell.shortcuts_on)
        self.size_form = SizeForm(listeners, spec, t=t, setting=shell.settings.get, label_key=view.size_label_key,
                                  start=lambda params, focus: screen.ask_new_game(params, focus_board=focus),
                                  game_started=self._game_started, refused=lambda: shell.audio.play("error"),
                                  on_stage=self._on_stage)
        self.share = ShareBox(listeners, open_id=screen.open_game_id, say=shell.announce, t=t)
        extras = element("div", cls="extras")
        view.extra_controls(extras)
        records = element("p", cls="game-records", children=[
            element("a", attrs={"href": daily_hash(screen.game), "data-i18n": "daily_link", "id": "daily-link"}),
            element("a", attrs={"href": format_hash(screen.game, screen=STATS), "data-i18n": "stats_link",
                                "id": "stats-link"})])
        home = element("a", cls="back-home", attrs={"href": "#", "data-i18n": "home"})
        # The numbers and buttons needed while playing sit in one bar: beside the board on wide
        # screens, above it (and sticky) on narrow ones, so they never scroll out of reach.
        play_bar = element("div", cls="play-bar", children=[self.controls.stats, self.controls.group])
        tools = view.play_tools(listeners.on)
        if tools is not None:
            play_bar.appendChild(tools)
        panel = element("aside", cls="game-panel", children=[self.size_form.form, extras, self.share.form, records,
                                                             home])
        self.zoom = BoardZoom(listeners, t, self.board_area, view, board=lambda: screen.board, repaint=repaint,
                              bar=play_bar)
        board_column = element("div", cls="board-column", children=[
            self.zoom.tools, self.board_area, self.status_line, self.intro_line, self.zoom.scroll_hint,
            self.keys_line])
        # The result opens under the board, in its column: the finished board stays in sight.
        self.dialog = ResultDialog(listeners, on_new_game=lambda: screen.new_game(), on_close=screen.focus_board,
                                   place=board_column, before=self.status_line)
        # DOM (and so Tab) order follows the wide layout's reading order: board, then the column beside it.
        layout = element("div", cls="game-layout", children=[board_column, play_bar, panel])
        self.header = element("header", cls="game-header", children=[self.heading, self.rule_toggle, self.rule])
        root.appendChild(self.header)
        root.appendChild(layout)

    def toggle_rule(self) -> None:
        """Show or fold the rule under the title (compact layout); the board is fitted to the room left."""
        shown = self.rule_toggle.getAttribute("aria-expanded") != "true"
        self.rule_toggle.setAttribute("aria-expanded", "true" if shown else "false")
        self.header.classList.toggle("rule-open", shown)
        self.zoom.fit()

    def _game_started(self) -> bool:
        session = self._screen.session
        return session is not None and session.timer.started

    def _on_stage(self) -> bool:
        playing = self._screen.playing
        return playing is not None and bool(playing.stage_in_play())

    # ----- words ---------------------------------------------------------------------------------

    def relabel(self) -> None:
        """Word every text of the page in the current language (the board in play's rule, the daily's tag)."""
        shell, screen = self._shell, self._screen
        t = shell.i18n.t
        shell.i18n.apply(self.root)
        self.heading.textContent = t(screen.spec.name_key)
        session = screen.session
        self.rule.textContent = t(rule_key(screen.spec, session.state if session is not None else None))
        if screen.daily_day is not None:
            self.heading.appendChild(element("span", cls="daily-tag", text=t(
                "daily_in_play", date=screen.daily_day.isoformat())))
        self.controls.buttons["check"].setAttribute("title", t("check_counts_as_hint"))
        self._word_intro()
        self.keys_line.textContent = shell.i18n.sentences(t("keys_move"), key_help(screen.view.actions, t))
        board = screen.board
        if board is not None:
            board.grid.setAttribute("aria-label", t(screen.view.grid_label_key))
            self.zoom.show()

    def show_status(self, text: str | None) -> None:
        """Show words next to the board until the next move (None or "": empty, its space kept)."""
        self.status_line.textContent = text or ""

    def control_sections(self) -> list[ControlSection]:
        """The Controls help: (title key, rows, a line of text) for mouse, touch, keyboard and hints.

        Mouse and touch come from the board's declared actions, as the board reads them; on a touch
        screen (a coarse pointer) touch comes first.
        """
        t, actions = self._shell.i18n.t, self._screen.view.actions
        pointers: list[ControlSection] = [("controls_mouse", mouse_rows(actions, t), None),
                                          ("controls_touch", touch_rows(actions, t), None)]
        if bool(window.matchMedia("(pointer: coarse)").matches):
            pointers.reverse()
        return [*pointers,
                ("controls_keyboard", self.key_rows(), None),
                ("controls_hints", [], t("controls_hint_rule"))]

    def key_rows(self) -> list[tuple[str, str]]:
        """Every key of this screen: the board's actions, then the page's own (for the Controls help)."""
        t = self._shell.i18n.t
        return key_rows(self._screen.view.actions, t) + global_key_rows(
            t, single_keys=self._shell.shortcuts_on, fullscreen=self._shell.fullscreen.allowed,
            board_actions=self._screen.view.actions)

    def show_intro(self) -> None:
        """On a player's first visit to this game, say under the board how to play it (once, then remembered)."""
        settings = self._shell.settings
        seen = [game for game in str(settings.get("intros_seen")).split(",") if game]
        if self._screen.game in seen:
            return
        self.intro_line.hidden = False
        self._word_intro()
        settings.set("intros_seen", ",".join([*seen, self._screen.game]))  # seen: not shown on the next visit
        self._shell.check_storage()

    def _word_intro(self) -> None:
        """Word the first-visit line in the current language (while it is shown)."""
        if not self.intro_line.hidden:
            t = self._shell.i18n.t
            self.intro_line.textContent = t("intro_line", items=pointer_help(self._screen.view.actions, t))
