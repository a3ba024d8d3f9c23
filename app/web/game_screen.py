"""The screen every game shares: it wires the board, the parts around it and the session.

input event -> board widget (named action) -> view (move) -> session (backend) ->
redraw from the new state. The parts live in `app.web.screen` (controls, size
form, share box, result dialog, slow moves); the game in progress is saved and
restored by `app.core.progress`. Views reach the page only through their host.

What a move counts (statistics, bests, stages, the daily, hints) is decided by
`app.core.play`, before the screen draws and says the move; the end of a game is
shown by `app.web.screen.ending`. The daily (`#<game>/daily`) is the same screen on today's board (`app.core.daily`);
the hash stays `#<game>/daily` while it is in play, so a reload returns to it.
"""

from __future__ import annotations

import time
from typing import Any

from app.core import registry
from app.core.check import check_hook
from app.core.daily import daily_hash, daily_state, utc_day
from app.core.game import RefusedMoveError, apply_steps
from app.core.play import Change, Ending, Play, Records, first_unfinished_stage
from app.core.rng import Rng, new_seed
from app.core.route import DAILY, STATS, format_hash
from app.core.session import Session
from app.web.board import BoardWidget, reduced_motion
from app.web.dom import Callback, Listeners, by_id, document, element, use_stylesheet, window
from app.web.layout import key_help
from app.web.screen.assist import give_hint, run_check
from app.web.screen.board_slices import build_board, redraw, repaint
from app.web.screen.campaign import leave_board, new_board, new_game_question, opening_params, run_rows, say_run_ended
from app.web.screen.controls import Controls
from app.web.screen.draw import draw_state
from app.web.screen.ending import offer_extras, show_loss, show_win
from app.web.screen.game_ids import decode_for_play, open_typed_id
from app.web.screen.guide import control_sections, show_intro, word_intro
from app.web.screen.host import GameHost
from app.web.screen.result_dialog import ResultDialog
from app.web.screen.saved_progress import SavedProgress
from app.web.screen.share_box import ShareBox
from app.web.screen.shortcuts import on_shortcut
from app.web.screen.size_form import SizeForm
from app.web.screen.slow_move import SlowMove
from app.web.screen.speech import say_board, say_change
from app.web.screen.zoom import BoardZoom
from app.web.views import view_class

TICK_MS = 500
RESULT_PAUSE_MS = 1_000  # the finished board alone on screen before the result opens under it


class GameScreen:
    """One game on the page, from a game ID or a fresh puzzle."""

    def __init__(self, shell: Any, game: str, game_id: str | None, *, daily: bool = False,
                 announce: bool = False) -> None:
        self.shell = shell
        self.i18n = shell.i18n
        self.game = game
        self.backend = registry.backend(game)
        self.host = GameHost(shell, self)
        self.view = view_class(game)(self.host)
        if self.view.stylesheet:
            use_stylesheet(self.view.stylesheet)
        shell.audio.add_effects(self.view.sounds)
        self._listeners = Listeners()
        self._tick = Callback(self._on_tick)
        self._result_call = Callback(self._show_result)
        self._result_timer: Any = None  # the result's pause after the last move (window.setTimeout id)
        self._ending: Ending | None = None  # the end waiting for that pause to show
        self.saved = SavedProgress(shell.storage, game)
        self.board: BoardWidget | None = None
        self.waiting: list[Any] = []  # moves asked for while a big board is drawn (app.web.screen.board_slices)
        self.playing: Play[Any, Any] | None = None  # the board in play and what it counts (app.core.play)
        self.daily_day = utc_day(time.time()) if daily else None  # the UTC date of the daily in play, if it is one

        self.root = element("section", cls=f"game game-{game}", attrs={"aria-labelledby": "game-title"})
        by_id("view").appendChild(self.root)
        self._build()
        self._open_initial(game_id)
        show_intro(self)
        if self.daily_day is not None and self.shell.dailies.is_done(game, self.daily_day):
            self.shell.notify(self.i18n.t("daily_done_already"))
        if announce:  # opened from another screen (Next stage, a link): say which board this is
            say_board(self, None, after=self.shell.live_text())  # (a damaged stage file, said while built)
        self.zoom.reveal_first_row(self.root)  # a phone's player sees the board's first row as it opens
        on = self._listeners.on
        on(document, "visibilitychange", self._on_visibility)
        on(window, "pagehide", lambda _event: self._save_progress())
        on(document, "keydown", lambda event: on_shortcut(self, event))
        self._interval = window.setInterval(self._tick.proxy, TICK_MS)

    def listen(self, target: Any, event: str, handler: Any) -> None:
        """Let a view listen to an element until the screen closes."""
        self._listeners.on(target, event, handler)

    @property
    def session(self) -> Session | None:
        """The session of the board in play (None before the first board)."""
        return self.playing.session if self.playing is not None else None

    @property
    def title(self) -> str:
        """The document title while this screen is open."""
        return self.i18n.page_title(self.i18n.t(self.view.name_key))

    # ----- building --------------------------------------------------------------------------

    def _build(self) -> None:
        self.heading = element("h1", cls="game-title", attrs={"id": "game-title"})
        self.rule = element("p", cls="game-rule")
        self.board_area = element("div", cls="board-area")
        self.keys_line = element("p", cls="board-keys", attrs={"id": "board-keys"})
        # What Check found and what a hint did, in words next to the board (the live region says them too).
        # Its space is kept while empty, so nothing moves when it fills.
        self.status_line = element("p", cls="board-status", attrs={"id": "board-status"})
        # On a player's first visit to the game: how to play it with mouse and touch (shown once, remembered).
        self.intro_line = element("p", cls="board-intro", attrs={"id": "board-intro", "hidden": ""})
        self.slow = SlowMove(self.root, self.board_area, self._listeners, t=self.i18n.t,
                             on_cancel=lambda: self.shell.announce(self.i18n.t("busy_cancelled")),
                             focus_after=self.focus_board)
        self.controls = Controls(self._listeners, {
            "undo": self.undo, "redo": self.redo, "restart": self.restart, "hint": self.hint,
            "check": self.check, "new-game": self.ask_new_game})
        self.controls.buttons["check"].hidden = check_hook(self.backend) is None
        self.controls.set_shortcuts(self.shell.shortcuts_on)
        self.size_form = SizeForm(self._listeners, self.view, self.backend,
                                  start=lambda params, focus: self.ask_new_game(params, focus_board=focus),
                                  game_started=lambda: self.session is not None and self.session.timer.started,
                                  refused=lambda: self.shell.audio.play("error"),
                                  on_stage=lambda: self.playing is not None and bool(self.playing.stage_in_play()))
        self.share = ShareBox(self._listeners, open_id=lambda text: open_typed_id(self, text),
                              say=self.shell.announce, t=self.i18n.t)
        extras = element("div", cls="extras")
        self.view.extra_controls(extras)
        records = element("p", cls="game-records", children=[
            element("a", attrs={"href": daily_hash(self.game), "data-i18n": "daily_link", "id": "daily-link"}),
            element("a", attrs={"href": format_hash(self.game, screen=STATS), "data-i18n": "stats_link",
                                "id": "stats-link"})])
        home = element("a", cls="back-home", attrs={"href": "#", "data-i18n": "home"})
        # The numbers and buttons needed while playing sit in one bar: beside the board on wide
        # screens, above it (and sticky) on narrow ones, so they never scroll out of reach.
        play_bar = element("div", cls="play-bar", children=[self.controls.stats, self.controls.group])
        tools = self.view.play_tools(self._listeners.on)
        if tools is not None:
            play_bar.appendChild(tools)
        panel = element("aside", cls="game-panel", children=[self.size_form.form, extras, self.share.form, records,
                                                             home])
        self.zoom = BoardZoom(self._listeners, self.i18n.t, self.board_area, self.view, board=lambda: self.board,
                              repaint=lambda: repaint(self), bar=play_bar)
        board_column = element("div", cls="board-column", children=[
            self.zoom.tools, self.board_area, self.status_line, self.intro_line, self.zoom.scroll_hint,
            self.keys_line])
        # The result opens under the board, in its column: the finished board stays in sight.
        self.dialog = ResultDialog(self._listeners, on_new_game=lambda: self.new_game(), on_close=self.focus_board,
                                   place=board_column,
                                   before=self.status_line)
        # DOM (and so Tab) order follows the wide layout's reading order: board, then the column beside it.
        layout = element("div", cls="game-layout", children=[board_column, play_bar, panel])
        self.root.appendChild(element("header", cls="game-header", children=[self.heading, self.rule]))
        self.root.appendChild(layout)

    # ----- opening a puzzle ------------------------------------------------------------------

    def _open_initial(self, game_id: str | None) -> None:
        if self.daily_day is not None:
            state = daily_state(self.game, self.daily_day)
            self._start(state)
            game_id = self.game_id()  # a daily left half-played is restored like any other board
        else:
            # No ID, or a bad link (said, naming the stage opened instead): the first stage not yet cleared.
            first_stage = lambda: first_unfinished_stage(self.backend, self.shell.stages)  # noqa: E731
            state = decode_for_play(self, game_id, "bad_link", first_stage) if game_id is not None else first_stage()
            if state is None:  # no stage left to clear: the endless run's board, else the first preset
                state = self._fresh_state(self.view.adjust_params(opening_params(self)))
            self._start(state)
        saved = self.saved.read()  # at every open, also when the board is not restored
        if game_id is not None and state is not None:
            restored = self.saved.restore(self.backend, self.game_id(), saved)
            if restored is not None:
                self.playing = self._play_on(restored, restored=True)  # counted before the reload
                self.render(force=True)

    def _fresh_state(self, params: Any) -> Any:
        return self.backend.generate(params, Rng(new_seed()))

    def _start(self, state: Any) -> None:
        """Begin a session on `state` and draw it (a run board left unwon ends the run, said after)."""
        ended = leave_board(self)
        self.slow.cancel()
        self._cancel_result()
        self.playing = self._play_on(Session(self.backend, state))
        self.preset_key = self.playing.preset_key
        if self.board is not None:
            self.board.close()
        self.board = BoardWidget(self.board_area, self.view.layout(state), self.view.actions,
                                 grid_label=self.i18n.t(self.view.grid_label_key), painter=self.view.paint,
                                 widen=self.view.widen, on_action=self._on_action, describedby="board-keys")
        self.best = self.shell.bests.get(self.game, self.preset_key)
        self.dialog.close()
        self.shell.clear_live()  # what it said was about the previous board
        self.share.show_error(None)
        self.show_status(None)
        self.zoom.fit(paint=False)  # size first, so the board is painted once, by relabel
        self.relabel()
        self.zoom.fit()  # again now the texts and numbers above the board are in: repaints only if the room changed
        # The size menu names the board in play, not a choice that was never applied.
        self.size_form.fill(self.backend.params_of(self.session.state))
        self._sync_hash()
        build_board(self)  # a big board's buttons and drawing, in slices (a small one is done)
        say_run_ended(self, ended)

    def _play_on(self, session: Session, *, restored: bool = False) -> Play[Any, Any]:
        """Play `session` with the player's records (a restored one was counted before the reload)."""
        shell = self.shell
        return Play(self.backend, session, Records(shell.stats, shell.bests, shell.stages, shell.dailies, shell.stars,
                                                        shell.runs),
                    best_record=self.view.record, daily_day=self.daily_day, restored=restored)

    def relabel(self) -> None:
        """Redraw every text (after a language switch or a new board)."""
        self.shell.i18n.apply(self.root)
        self.heading.textContent = self.i18n.t(self.view.name_key)
        self.rule.textContent = self.i18n.t(self.view.rule_key)
        if self.daily_day is not None:
            self.heading.appendChild(element("span", cls="daily-tag", text=self.i18n.t(
                "daily_in_play", date=self.daily_day.isoformat())))
        self.controls.buttons["check"].setAttribute("title", self.i18n.t("check_counts_as_hint"))
        word_intro(self)
        self.keys_line.textContent = self.i18n.sentences(self.i18n.t("keys_move"),
                                                         key_help(self.view.actions, self.i18n.t))
        if self.board is not None:
            self.board.grid.setAttribute("aria-label", self.i18n.t(self.view.grid_label_key))
            self.zoom.show()
        if self.session is not None:
            self.size_form.fill(self.backend.params_of(self.session.state), keep_choice=True)
            self.render(force=True)

    # ----- drawing ---------------------------------------------------------------------------

    def render(self, *, force: bool = False) -> list[tuple[int, int]]:
        """Bring canvas, labels, numbers and buttons up to date; return the positions changed (none mid-build)."""
        if self.board is None or self.session is None:
            return []
        changed = draw_state(self.board, self.view, self.session.state, force=force) if self.board.built else []
        self.board.set_locked(self.session.over)
        rows = self.view.stats(self.session, self.best) + run_rows(self)
        # Hints and checks, always shown (0 too): a box that appeared at the first hint would push the buttons.
        rows.append(("hints", self.i18n.t("hints_label"), str(self.session.hints_used)))
        self.controls.show(self.session, rows)
        self.view.after_render(self.session)
        return changed

    def _on_tick(self, *_: Any) -> None:
        if self.session is not None:
            self.controls.tick(self.session.elapsed)
        if self.saved.dirty:
            self._save_progress()
            self.shell.check_storage()

    # ----- input -----------------------------------------------------------------------------

    def _on_action(self, action: str, row: int, col: int) -> None:
        if self.session is None:
            return
        move = self.view.move_for(action, self.session.state, row, col)
        if move is not None:
            self.request(move)

    def request(self, move: Any) -> None:
        """Play a move: at once, or in slices with a busy mark when the backend says it is slow."""
        if self.slow.running and self.slow.drawing:
            self.waiting.append(move)  # on a big board still being drawn: played once it is (board_slices)
        if self.session is None or self.session.over or self.slow.running:
            return
        try:
            steps = apply_steps(self.backend, self.session.state, move)
        except ValueError as refusal:
            self._refused(refusal)
            return
        if steps is None:
            self.play(move)
            return
        before = self.session.state
        self.slow.start(steps, lambda new: self._take(before, move, new))

    def _take(self, before: Any, move: Any, new: Any) -> None:
        """Take the result of a sliced move, if the board it was for is still in play."""
        change = self.playing.take(before, move, new) if self.playing is not None else None
        if change is not None:
            self._after_move(change)

    def play(self, move: Any) -> bool:
        """Play a move (recorded at once), then draw and say it; False if it was illegal."""
        if self.playing is None:
            return False
        try:
            change = self.playing.move(move)
        except ValueError as refusal:
            self._refused(refusal)
            return False
        self._after_move(change)
        return True

    def _refused(self, refusal: ValueError) -> None:
        """An illegal move: the error sound, and the rule that refused it where the game words it."""
        self.shell.audio.play("error")
        if isinstance(refusal, RefusedMoveError):
            self.shell.announce(self.i18n.t(refusal.string_key, **refusal.params))

    def show_status(self, text: str | None) -> None:
        """Show words next to the board until the next move (None or "": empty, its space kept)."""
        self.status_line.textContent = text or ""

    def _after_move(self, change: Change[Any, Any]) -> None:
        self.board.mark([], "hinted")
        self.board.mark([], "wrong")  # what a check found may have changed with the move
        self.show_status(change.hint_words)  # a hinted move's words stay until the next move

        def drawn(changed: list[tuple[int, int]]) -> None:
            # Said first, so a view's own words (after_move) come last.
            say_change(self, None, change.before, change.move, hinted=change.hint_words)
            self.view.after_move(change.before, change.after, change.move, changed)
            self._after_change(change.ending)
        redraw(self, drawn)

    def _after_change(self, ending: Ending | None) -> None:
        self._sync_hash()
        if ending is not None:
            self._finish(ending)
        elif self.session.move_log:
            self.saved.dirty = True  # written by the next clock tick, or at once when the page hides
        else:
            self.saved.forget()  # undone back to the start: nothing to restore
        self.shell.check_storage()

    def undo(self) -> None:
        """Undo one step."""
        self._step_history("undo", "undo", "said_undo")

    def redo(self) -> None:
        """Redo one undone step."""
        self._step_history("redo", "press", "said_redo")

    def restart(self) -> None:
        """Return to the puzzle's start as an undoable step (during a game with moves, ask first)."""
        if not self.in_progress() or self.playing is None or not self.session.can_restart:
            self._step_history("restart", "undo", "said_restart")
            return
        t = self.i18n.t
        self.shell.confirm(t("confirm_restart_title"), t("confirm_restart_text", moves=self.session.moves),
                           lambda: self._step_history("restart", "undo", "said_restart"), yes_key="confirm_restart_yes")

    def _step_history(self, step: Any, sound: str, said: str) -> None:
        if self.playing is None or self.slow.running:
            return
        change = self.playing.step(step)
        if change is not None:
            self._cancel_result()
            if not self.session.over:
                self.dialog.close()  # the result under the board no longer applies (an undone loss)
            self.shell.audio.play(sound)
            self.board.mark([], "hinted")
            self.board.mark([], "wrong")
            self.show_status(None)

            def drawn(_changed: list[tuple[int, int]]) -> None:
                say_change(self, said, change.before)
                self._after_change(change.ending)
            redraw(self, drawn)
            if document.activeElement is not None and getattr(document.activeElement, "disabled", False):
                self.board.focus()  # the button just pressed was disabled by the step (nothing left to undo)

    def hint(self) -> None:
        """Ask the backend for a hint and let the view show or play it (`app.web.screen.assist`)."""
        give_hint(self)

    def check(self) -> None:
        """Mark what is already wrong (the game's own Check); it counts like a hint."""
        run_check(self)

    def in_progress(self) -> bool:
        """Whether a game is under way that a new game would throw away."""
        return self.session is not None and not self.session.over and (self.session.moves > 0
                                                                        or self.session.can_undo)

    def ask_new_game(self, params: Any = None, *, focus_board: bool = True) -> None:
        """New game from the button, N or the size menu's Apply: during a game, ask first (No keeps every move)."""
        if not self.in_progress():
            self.new_game(params, focus_board=focus_board)
            return
        t = self.i18n.t
        self.shell.confirm(t("confirm_new_title"), new_game_question(self),
                           lambda: self.new_game(params, focus_board=focus_board))

    def new_game(self, params: Any = None, *, focus_board: bool = True) -> None:
        """Start a fresh puzzle with the given params (default: the current ones, or an endless run's next)."""
        params, ended = new_board(self, params)
        self.daily_day = None  # a new board is not the daily
        self._start(self._fresh_state(self.view.adjust_params(params)))
        say_run_ended(self, ended)
        self.saved.forget()
        say_board(self, "said_new_game")
        if focus_board:
            self.board.focus()

    def control_sections(self) -> list[tuple[str, list[tuple[str, str]], str | None]]:
        """The Controls help: (title key, rows, a line of text) for mouse, touch, keyboard and hints."""
        return control_sections(self)

    def settings_changed(self) -> None:
        """Follow the header's settings (shortcuts on or off)."""
        self.controls.set_shortcuts(self.shell.shortcuts_on)

    def records_changed(self) -> None:
        """Another tab changed the player's records: the best shown and the view's own (stage list) follow."""
        if self.session is None:
            return
        self.best = self.shell.bests.get(self.game, self.preset_key)
        self.view.records_changed()
        self.render()

    def focus_board(self) -> None:
        """Put the keyboard focus on the board."""
        if self.board is not None:
            self.board.focus()

    def _on_visibility(self, *_: Any) -> None:
        if self.session is None:
            return
        if document.hidden:
            self.session.pause()
            self._save_progress()  # the time thought since the last move counts after a reload too
        else:
            self.session.resume()

    # ----- sharing and the address -----------------------------------------------------------

    def game_id(self) -> str:
        """The ID of the puzzle being played (what restart returns to)."""
        return self.backend.encode(self.session.restart_point)

    def _sync_hash(self) -> None:
        game_id = self.game_id()
        if self.daily_day is not None:
            self.shell.replace_hash(format_hash(self.game, screen=DAILY))
        else:
            self.shell.replace_hash(format_hash(self.game, game_id))
        self.share.show(game_id)

    def _save_progress(self) -> bool:
        """Keep the game in play for a reload; return False when there is nothing to keep."""
        return self.session is not None and self.saved.save(self.backend, self.session, self.game_id())

    # ----- the end of a game -----------------------------------------------------------------

    def _finish(self, ending: Ending) -> None:
        """The board ended (already recorded): forget its progress, lock it, show the result."""
        self.saved.forget()
        self.board.set_locked(True)
        self.shell.audio.play("clear" if ending.won else "lose")
        # The board shows its finish first (the last move's animation, the mines); then the result
        # opens under it. At once under reduced motion: there is no animation to wait for.
        self._cancel_result()
        self._ending = ending
        self._result_timer = window.setTimeout(self._result_call.proxy, 0 if reduced_motion() else RESULT_PAUSE_MS)

    def _cancel_result(self) -> None:
        """Drop a result still waiting for its pause (the board changed or closed meanwhile)."""
        if self._result_timer is not None:
            window.clearTimeout(self._result_timer)
        self._result_timer, self._ending = None, None

    def _show_result(self, *_: Any) -> None:
        ending, self._result_timer, self._ending = self._ending, None, None
        if ending is None or self.session is None or not self.session.over:
            return
        offer_extras(self)
        if ending.won:
            self.best = self.shell.bests.get(self.game, self.preset_key)
            show_win(self, ending)
        else:
            show_loss(self)

    # ----- teardown --------------------------------------------------------------------------

    def close(self) -> None:
        """Stop timers, remove listeners, free proxies and empty the view."""
        self._save_progress()
        if self.session is not None and self.session.over:
            self.saved.forget()  # a finish whose drawing (big board) was cut short
        self.slow.close()
        self._cancel_result()
        self.dialog.detach()
        window.clearInterval(self._interval)
        self._listeners.close()
        if self.board is not None:
            self.board.close()
        self._tick.close()
        self._result_call.close()
        self.root.remove()
