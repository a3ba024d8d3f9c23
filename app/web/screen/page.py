"""The game screen's page: its elements, laid out in reading order, and their words in the player's language.

The heading, the board's name (a stage's number and name) and the rule; the board's column (zoom
tools, the board area, the status line, the scroll hint, the keys line); the play bar (the numbers,
the controls, the view's tools such as Light Path's tray of pieces, and the controls card); the
panel (the size form, the view's own controls, the share box, the daily and statistics links, home).
The result dialog opens beside the board where the play bar stands beside it, else under it. The
page says nothing and plays nothing itself: its buttons call the board in play's commands
(`BoardInPlay`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.core.check import check_hook
from app.core.daily import daily_hash
from app.core.game import rule_key
from app.core.route import STATS, format_hash
from app.web.dom import Listeners, coarse_pointer, element
from app.web.layout import global_key_rows, key_help, key_rows, mouse_rows, pointer_help, touch_rows
from app.web.screen.controls import Controls
from app.web.screen.controls_card import ControlsCard
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
        # The board in play by name, where it has one (a stage: "Stage 4-06 · Second Chance"), by the title.
        self.board_name = element("p", cls="board-name", attrs={"id": "board-name", "hidden": ""})
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
        # How to play, the first time; what a board brings that is new, after (each action once, remembered).
        self.card = ControlsCard(listeners, t, on_close=screen.focus_board)
        self.controls = Controls(listeners, {
            "undo": screen.undo, "redo": screen.redo, "restart": screen.restart, "hint": screen.hint,
            "check": screen.check, "new-game": screen.ask_new_game})
        self.controls.buttons["check"].hidden = check_hook(spec) is None
        self.controls.set_shortcuts(shell.shortcuts_on)
        self.size_form = SizeForm(listeners, spec, t=t, setting=shell.settings.get, label_key=view.size_label_key,
                                  start=lambda params, focus: screen.ask_new_game(params, focus_board=focus),
                                  refused=lambda: shell.audio.play("error"), on_stage=self._on_stage)
        self.share = ShareBox(listeners, open_id=screen.open_game_id, say=shell.announce, t=t)
        extras = element("div", cls="extras")
        view.extra_controls(extras)
        # Tatham's Solve: the whole solution on the board, asked first, counted as help (its replay steps through it).
        self.solve_button = element("button", cls="control show-solution", attrs={
            "type": "button", "id": "show-solution", "data-i18n": "show_solution"})
        listeners.on(self.solve_button, "click", lambda _event: screen.show_solution())
        extras.appendChild(self.solve_button)
        records = element("p", cls="game-records", children=[
            element("a", attrs={"href": daily_hash(screen.game), "data-i18n": "daily_link", "id": "daily-link"}),
            element("a", attrs={"href": format_hash(screen.game, screen=STATS), "data-i18n": "stats_link",
                                "id": "stats-link"})])
        home = element("a", cls="back-home", attrs={"href": "#", "data-i18n": "home"})
        # The numbers and buttons needed while playing sit in one bar: beside the board on wide
        # screens, right above it on narrow ones (never sticky: nothing may cover the board).
        play_bar = element("div", cls="play-bar", children=[self.controls.stats, self.controls.group])
        tools = view.play_tools(listeners.on)
        if tools is not None:
            play_bar.appendChild(tools)
        play_bar.appendChild(self.card.root)  # beside the board; on a phone right above it, after the tray
        panel = element("aside", cls="game-panel", children=[self.size_form.form, extras, self.share.form, records,
                                                             home])
        self.zoom = BoardZoom(listeners, t, self.board_area, view, board=lambda: screen.board, repaint=repaint,
                              say=shell.announce, bar=play_bar)
        board_column = element("div", cls="board-column", children=[
            self.zoom.tools, self.board_area, self.status_line, self.zoom.scroll_hint, self.keys_line])
        # DOM (and so Tab) order follows the wide layout's reading order: board, then the column beside it.
        layout = element("div", cls="game-layout", children=[board_column, play_bar, panel])
        # The result opens beside the board (over the play bar's place) where the bar stands beside it,
        # else under it: the finished board stays in sight, and the result inside the window.
        self.dialog = ResultDialog(listeners, on_new_game=lambda: screen.new_game(), on_close=screen.focus_board,
                                   beside=(layout, play_bar), under=(board_column, self.status_line))
        self.header = element("header", cls="game-header", children=[self.heading, self.board_name,
                                                                     self.rule_toggle, self.rule])
        root.appendChild(self.header)
        root.appendChild(layout)

    def toggle_rule(self) -> None:
        """Show or fold the rule under the title (compact layout); the board is fitted to the room left."""
        shown = self.rule_toggle.getAttribute("aria-expanded") != "true"
        self.rule_toggle.setAttribute("aria-expanded", "true" if shown else "false")
        self.header.classList.toggle("rule-open", shown)
        self.zoom.fit()

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
        past_day = screen.past_day
        if screen.daily_day is not None:
            self.heading.appendChild(element("span", cls="daily-tag", text=t(
                "daily_in_play", date=screen.daily_day.isoformat())))
        elif past_day is not None:  # an earlier day's daily: tagged as that day's, and as off the records
            self.heading.appendChild(element("span", cls="daily-tag is-past", text=t(
                "daily_past_in_play", date=past_day.isoformat())))
        self.controls.buttons["check"].setAttribute("title", t("check_counts_as_hint"))
        name = self._stage_name()
        self.board_name.textContent = name
        self.board_name.hidden = not name
        self.card.word()
        actions = screen.view.actions
        if coarse_pointer():  # a touch screen's player reads taps and long presses, not keyboard shortcuts
            self.keys_line.textContent = shell.i18n.sentences(pointer_help(actions, t, touch_only=True))
        else:
            self.keys_line.textContent = shell.i18n.sentences(t("keys_move"), key_help(actions, t))
        board = screen.board
        if board is not None:
            board.grid.setAttribute("aria-label", t(screen.view.grid_label_key))
            self.zoom.show()

    def _stage_name(self) -> str:
        """The stage in play by number and name ("Stage 4-06 · Misplaced Mirror"), or "" (no stage)."""
        screen, t = self._screen, self._shell.i18n.t
        stages, session = screen.spec.stages, screen.session
        stage = stages.stage_of(session.state) if stages is not None and session is not None else None
        if not stage:
            return ""
        return t("stage_title", stage=stage, name=t(f"{screen.game}_stage_{stage.replace('-', '_')}"))

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
        if coarse_pointer():
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

    def show_controls(self) -> None:
        """Beside a new board: how to play the game (first visit), or the controls it brings that are new."""
        shell, screen = self._shell, self._screen
        if self.card.show_for(screen.game, screen.view.actions, shell.settings):
            shell.check_storage()
