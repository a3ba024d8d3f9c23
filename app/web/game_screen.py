"""The screen every game shares: the board in play, the player's commands, and the parts around it.

input event -> board widget (named action) -> view (move) -> `Play` (recorded) -> redraw from
the new state, said. `GameScreen` holds the board in play (`app.core.play.Play`) and carries out
the player's commands; its parts, each given the screen as `BoardInPlay` (app/web/screen/interface.py),
do the rest: `GamePage` (the elements and their words), `BoardDrawing` (the board widget, drawn
at once or in slices), `Narrator` (what is said), `Campaign` (stages and endless runs), `Results`
(the end of a board). The game in progress is saved and restored by `app.core.progress`. Views
reach the page only through their host (`GameHost`).

What a move counts (statistics, bests, stages, the daily, hints) is decided by `app.core.play`,
before the screen draws and says the move. The daily (`#<game>/daily`) is the same screen on
today's board (`app.core.daily`); the hash stays `#<game>/daily` while it is in play, so a reload
returns to it. `#<game>/daily/<date>` opens that day's board (today's is the daily; an earlier
day's is played as that puzzle, off the daily's records, its address and its heading naming the day).

A game in progress survives leaving it: `#<game>` (home's card, the statistics' way back) opens
the saved game of the game, and `#<game>/new` asks before a new board replaces it. Today's daily and an earlier
day's are saved apart (`SavedProgress(daily=True)`, `past=True`), so playing one never replaces
the game in progress.
"""

from __future__ import annotations

import datetime as dt
import functools
import time
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_once_callable

from app.core import progress, registry
from app.core.check import check_hook
from app.core.daily import daily_hash, daily_id, daily_state, parse_day, utc_day
from app.core.game import RefusedMoveError, adjusted_params, apply_steps
from app.core.play import Change, Ending, Play, RecordStores, first_unfinished_stage
from app.core.rng import Rng, new_seed
from app.core.route import DAILY, format_hash
from app.core.session import Session
from app.web.board import BoardWidget, reduced_motion
from app.web.dom import Callback, Listeners, by_id, document, element, use_stylesheet, window
from app.web.layout import Position
from app.web.screen.board_slices import BoardDrawing
from app.web.screen.campaign import Campaign
from app.web.screen.draw import draw_state
from app.web.screen.ending import Results
from app.web.screen.game_ids import decode_for_play, id_problem, other_game_of
from app.web.screen.host import GameHost
from app.web.screen.page import ControlSection, GamePage
from app.web.screen.saved_progress import SavedProgress
from app.web.screen.shortcuts import on_shortcut
from app.web.screen.slow_move import SlowMove
from app.web.screen.speech import Narrator
from app.web.views import view_class

if TYPE_CHECKING:
    from app.web.shell_interface import ShellServices

TICK_MS = 500
RESULT_PAUSE_MS = 1_000  # the finished board alone on screen before the result opens under it
MAX_SOLUTION_MOVES = 5_000  # Show solution plays at most this many hints (a board of 30×30 at most needs fewer)


class GameScreen:
    """One game on the page, from a game ID or a fresh puzzle: the `BoardInPlay` its parts are given."""

    def __init__(self, shell: ShellServices, game: str, game_id: str | None, *, daily: bool = False,
                 announce: bool = False, ask_new: bool = False) -> None:
        self.shell = shell
        self.i18n = shell.i18n
        self.game = game
        self.spec = registry.backend(game)
        self.campaign = Campaign(shell, self)
        self.host = GameHost(shell, self, self.campaign)
        self.view = view_class(game)(self.host, self.spec)
        shell.audio.add_effects(self.view.sounds)
        self._listeners = Listeners()
        if self.spec.stylesheet:  # a first visit: the board is fitted again once the game's parts have their look
            self._listeners.on(use_stylesheet(self.spec.stylesheet), "load", lambda _event: self.refit())
        self._tick = Callback(self._on_tick)
        self._result_call = Callback(self._show_result)
        self._result_timer: Any = None  # the result's pause after the last move (window.setTimeout id)
        self._ending: Ending | None = None  # the end waiting for that pause to show
        # The game in progress and the daily's, each in a slot of its own (`saved` is the board in play's).
        self._saves = (SavedProgress(shell.storage, game), SavedProgress(shell.storage, game, daily=True),
                       SavedProgress(shell.storage, game, past=True))
        self._ending_said = ""  # the words of the move that ended it, said again before the result
        self._playing: Play[Any, Any] | None = None  # the board in play and what it counts (app.core.play)
        self._closed = False
        # an earlier day's daily opened by `#<game>/daily/<date>`: (its date, its game ID), off the daily's records
        self._past_daily: tuple[dt.date, str] | None = None
        # the UTC date of the daily in play, if it is one
        self.daily_day, game_id = self._daily_day_from(game_id) if daily else (None, game_id)
        self.preset_key = ""  # what bests and statistics of the board in play are kept under
        self.best: dict[str, float] = {}  # the best of the board in play's kind, shown beside the board

        self.root = element("section", cls=f"game game-{game}", attrs={"aria-labelledby": "game-title"})
        by_id("view").appendChild(self.root)
        self.narrator = Narrator(shell, self)
        self.page = GamePage(self.root, self._listeners, shell, self, repaint=self._repaint)
        self.slow = SlowMove(self.root, self.page.board_area, self._listeners, t=self.i18n.t,
                             on_cancel=lambda: self.shell.announce(self.i18n.t("busy_cancelled")),
                             focus_after=self.focus_board)
        self.drawing = BoardDrawing(self.page.board_area, self, self.slow)
        self.results = Results(shell, self, self.page.dialog, self.campaign)
        self._open_initial(game_id)
        if self.daily_day is not None and self.shell.dailies.is_done(game, self.daily_day):
            self.shell.notify(self.i18n.t("daily_done_already"))
        if announce:  # opened from another screen (Next stage, a link): say which board this is
            self.narrator.say_board(None, after=self.shell.live_text())  # (a damaged stage file, said while built)
        self.page.zoom.reveal_board(self.root)  # a phone's player sees the board as it opens
        on = self._listeners.on
        on(document, "visibilitychange", self._on_visibility)
        on(window, "pagehide", lambda _event: self._pause_and_save())  # (a reload: its load time is not played)
        on(window, "focus", lambda _event: self._resume_clock())
        on(document, "keydown", lambda event: on_shortcut(self, event, dialog_open=self.page.dialog.is_open,
                                                           single_keys=self.shell.shortcuts_on))
        self._interval = window.setInterval(self._tick.proxy, TICK_MS)
        if ask_new:  # `#<game>/new`: asked over the game in progress, once this screen is in place
            window.setTimeout(create_once_callable(self._ask_new_on_open), 0)

    @property
    def saved(self) -> SavedProgress:
        """Where the board in play is kept: today's daily's slot, an earlier day's, or the game in progress's."""
        if self.daily_day is not None:
            return self._saves[1]
        return self._saves[2] if self.past_day is not None else self._saves[0]

    def _daily_day_from(self, text: str | None) -> tuple[dt.date | None, str | None]:
        """Read a daily route's day: (the daily's day, None) for today's; (None, its game ID) for an earlier
        day's board, played as that puzzle; a day to come or a wrong date is said, and today's opens."""
        today = utc_day(time.time())
        day = parse_day(text, today) if text is not None else today
        if day is None:
            self.shell.notify(self.i18n.t("daily_bad_day", day=str(text)[:20], today=today.isoformat()))
            day = today
        if day == today:
            return day, None
        game_id = str(daily_id(self.game, day))
        self._past_daily = (day, game_id)
        return None, game_id

    @property
    def past_day(self) -> dt.date | None:
        """The date of the earlier day's daily in play (not today's: it counts for no daily record), if it is one."""
        past = self._past_daily
        if past is None or self.session is None or self.game_id() != past[1]:
            return None  # (another board replaced it: a new game, a typed ID)
        return past[0]

    def _ask_new_on_open(self) -> None:
        """`#<game>/new`: a new board at once, or over a game in progress the question N asks."""
        if not self._closed:
            self.ask_new_game()

    # ----- the board in play (app.web.screen.interface.BoardInPlay) --------------------------------

    @property
    def playing(self) -> Play[Any, Any] | None:
        """The board in play and what it counts (None before the first board)."""
        return self._playing

    @property
    def session(self) -> Session[Any, Any] | None:
        """The session of the board in play (None before the first board)."""
        return self._playing.session if self._playing is not None else None

    @property
    def board(self) -> BoardWidget | None:
        """The board widget on the page (None before the first board)."""
        return self.drawing.board

    @property
    def title(self) -> str:
        """The document title while this screen is open."""
        return self.i18n.page_title(self.i18n.t(self.spec.name_key))

    def _repaint(self) -> None:
        """Paint the whole board again (its cells changed size)."""
        self.drawing.repaint()

    def listen(self, target: Any, event: str, handler: Any) -> None:
        """Let a view listen to an element until the screen closes."""
        self._listeners.on(target, event, handler)

    def show_status(self, text: str | None) -> None:
        """Show words next to the board until the next move (None or "": empty, its space kept)."""
        self.page.show_status(text)

    # ----- opening a puzzle ------------------------------------------------------------------

    def _open_initial(self, game_id: str | None) -> None:
        if self.daily_day is not None:
            state = daily_state(self.game, self.daily_day)
            self._start(state)
            game_id = self.game_id()  # a daily left half-played is restored like any other board
        else:
            # No ID, or a bad link (said, naming the stage opened instead): the first stage not yet cleared.
            def first_stage() -> Any:
                return first_unfinished_stage(self.spec, self.shell.stages)

            if game_id is None:  # `#<game>`: the game in progress, if one is kept
                game_id = self._resumable_id()
            state = (decode_for_play(self.spec, game_id, "bad_link", t=self.i18n.t, notify=self.shell.notify,
                                     instead=first_stage) if game_id is not None else first_stage())
            if state is None:  # no stage left to clear: the endless run's board, else the first preset
                state = self._fresh_state(self._adjusted(self.campaign.opening_params()))
            self._start(state)
        saved = self.saved.read()  # at every open, also when the board is not restored
        if game_id is not None and state is not None:
            restored = self.saved.restore(self.spec, self.game_id(), saved)
            if restored is not None:
                self._playing = self._play_on(restored, restored=True)  # counted before the reload
                self.render(force=True)

    def _resumable_id(self) -> str | None:
        """The ID of the game in progress kept for this game, if it still reads as a board in play."""
        kept = progress.saved_game(self._saves[0].read())
        if kept is None:
            return None
        try:
            state = self.spec.decode(kept["id"])
        except ValueError:
            return None
        return str(kept["id"]) if self.spec.status(state) == 0 else None

    def _adjusted(self, params: Any) -> Any:
        """The params a new board is made from: the player's settings applied (the game's `adjust_params`)."""
        return adjusted_params(self.spec, params, self.shell.settings.get)

    def _fresh_state(self, params: Any) -> Any:
        return self.spec.generate(params, Rng(new_seed()))

    def _start(self, state: Any) -> None:
        """Begin a session on `state` and draw it (a run board left unwon ends the run, said after)."""
        ended = self.campaign.leave_board()
        self.slow.cancel()
        self._cancel_result()
        self._playing = self._play_on(Session(self.spec, state))
        self.preset_key = self._playing.preset_key
        self.drawing.open(state, self._on_action, self.i18n.t(self.view.grid_label_key))
        self.best = self.shell.bests.get(self.game, self.preset_key)
        self.page.dialog.close()
        self.shell.clear_live()  # what it said was about the previous board
        self.page.share.show_error(None)
        self.show_status(None)
        self.page.show_controls()  # how to play, or what this board brings that is new (before the fit: it takes room)
        self.page.zoom.fit(paint=False)  # size first, so the board is painted once, by relabel
        self.relabel()
        self.page.zoom.fit()  # again now the texts and numbers above the board are in: repaints if the room changed
        # The size menu names the board in play, not a choice that was never applied.
        self.page.size_form.fill(self.spec.params_of(self._playing.session.state))
        self._sync_hash()
        self.drawing.build()  # a big board's buttons and drawing, in slices (a small one is done)
        self.campaign.say_run_ended(ended)

    def _play_on(self, session: Session[Any, Any], *, restored: bool = False) -> Play[Any, Any]:
        """Play `session` with the player's records (a restored one was counted before the reload)."""
        shell = self.shell
        stores = RecordStores(shell.stats, shell.bests, shell.stages, shell.dailies, shell.stars, shell.runs)
        return Play(self.spec, session, stores, daily_day=self.daily_day, restored=restored)

    def open_game_id(self, text: str) -> None:
        """Open a typed game ID; a refusal is said under the field, and the typed text stays."""
        t, share = self.i18n.t, self.page.share
        try:
            state = self.spec.decode(text)
        except ValueError as exc:
            other = other_game_of(self.game, text)
            if other is not None:
                name = t(registry.backend(other).name_key)
                share.show_error(t("said_id_other_game", game=name),
                                 link=(format_hash(other, text), t("open_in_game", game=name)))
            else:
                share.show_error(t("bad_game_id", reason=id_problem(t, exc)))
            self.shell.audio.play("error")
            return
        if self.spec.status(state) != 0:
            share.show_error(t("bad_game_id", reason=t("id_problem_solved")))
            return
        self.shell.clear_notice()  # an earlier refusal no longer applies
        was_daily = self._leave_daily()
        self._start(state)
        if not was_daily:
            self.saved.forget()  # the game in progress was replaced (a daily left keeps its own slot)

    def relabel(self) -> None:
        """Redraw every text (after a language switch or a new board)."""
        self.page.relabel()
        session = self.session
        if session is not None:
            self.page.size_form.fill(self.spec.params_of(session.state), keep_choice=True)
            self.render(force=True)

    # ----- drawing ---------------------------------------------------------------------------

    def render(self, *, force: bool = False) -> list[Position]:
        """Bring canvas, labels, numbers and buttons up to date; return the positions changed (none mid-build)."""
        board, session = self.board, self.session
        if board is None or session is None:
            return []
        changed = draw_state(board, self.view, session.state, force=force) if board.built else []
        board.set_locked(session.over)
        rows = self.view.stats(session, self.best) + self.campaign.run_rows()
        # Hints and checks, always shown (0 too): a box that appeared at the first hint would push the buttons.
        rows.append(("hints", self.i18n.t("hints_label"), str(session.hints_used)))
        self.page.controls.show(session, rows)
        self.view.after_render(session)
        return changed

    def _on_tick(self, *_: Any) -> None:
        if self.session is not None:
            self.page.controls.tick(self.session.elapsed, over=self.session.over)
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
        self.drawing.keep(move)  # on a big board still being drawn: played once it is
        session = self.session
        if session is None or session.over or self.slow.running:
            return
        try:
            steps = apply_steps(self.spec, session.state, move)
        except ValueError as refusal:
            self._refused(refusal)
            return
        if steps is None:
            self.play(move)
            return
        before = session.state
        self.slow.start(steps, lambda new: self._take(before, move, new))

    def _take(self, before: Any, move: Any, new: Any) -> None:
        """Take the result of a sliced move, if the board it was for is still in play."""
        change = self._playing.take(before, move, new) if self._playing is not None else None
        if change is not None:
            self._after_move(change)

    def play(self, move: Any) -> bool:
        """Play a move (recorded at once), then draw and say it; False if it was illegal."""
        if self._playing is None:
            return False
        try:
            change = self._playing.move(move)
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

    def _clear_marks(self) -> None:
        if self.board is not None:
            self.board.mark([], "hinted")
            self.board.mark([], "wrong")  # what a check found may have changed with the move

    def _after_move(self, change: Change[Any, Any]) -> None:
        self._clear_marks()
        self.show_status(change.hint_words)  # a hinted move's words stay until the next move

        def drawn(changed: list[Position]) -> None:
            # Said first, so a view's own words (after_move) come last.
            said = self.narrator.say_change(None, change.before, change.move, hinted=change.hint_words)
            self.view.after_move(change.before, change.after, change.move, changed)
            self._after_change(change.ending, said)
        self.drawing.redraw(drawn)

    def _after_change(self, ending: Ending | None, said: str = "") -> None:
        """`said`: the words just announced for the change (the result says them again first: it replaces them)."""
        self._sync_hash()
        if ending is not None:
            self._finish(ending, said)
        elif self.session is not None and self.session.move_log:
            self.saved.dirty = True  # written by the next clock tick, or at once when the page hides
        else:
            self.saved.forget()  # undone back to the start: nothing to restore
        self.shell.check_storage()

    # ----- the player's commands -------------------------------------------------------------

    def undo(self) -> None:
        """Undo one step."""
        self._step_history("undo", "undo", "said_undo")

    def redo(self) -> None:
        """Redo one undone step."""
        self._step_history("redo", "press", "said_redo")

    def restart(self) -> None:
        """Return to the puzzle's start as an undoable step (during a game with moves, ask first)."""
        session = self.session
        if not self.in_progress() or session is None or not session.can_restart:
            self._step_history("restart", "undo", "said_restart")
            return
        t = self.i18n.t
        self.shell.confirm(t("confirm_restart_title"), t("confirm_restart_text", moves=session.moves),
                           lambda: self._step_history("restart", "undo", "said_restart"), yes_key="confirm_restart_yes")

    def _step_history(self, step: Any, sound: str, said: str) -> None:
        if self._playing is None or self.slow.running:
            return
        change = self._playing.step(step)
        if change is None:
            return
        self._cancel_result()
        if not self._playing.session.over:
            self.page.dialog.close()  # the result under the board no longer applies (an undone loss)
        self.shell.audio.play(sound)
        self._clear_marks()
        self.show_status(None)

        def drawn(_changed: list[Position]) -> None:
            words = self.narrator.say_change(said, change.before)
            self._after_change(change.ending, words)
        self.drawing.redraw(drawn)
        if document.activeElement is not None and getattr(document.activeElement, "disabled", False):
            self.focus_board()  # the button just pressed was disabled by the step (nothing left to undo)

    def hint(self) -> None:
        """Ask the backend for a hint (it counts) and let the view show or play it; its words go beside the board."""
        playing, session = self._playing, self.session
        if playing is None or session is None or session.over or self.slow.running:
            return
        move = playing.hint()  # counted as a hint
        if move is None:
            self.show_status(self.view.no_hint_text())
            self.shell.announce(self.view.no_hint_text())
            self.shell.audio.play("error")
            return
        self.shell.audio.play("hint")
        playing.hold_hint_words(move, self.view.hint_words(session.state, move))
        try:
            self.view.use_hint(move)
        finally:
            unsaid = playing.unsaid_hint_words()
        if unsaid is not None:  # no move was played at once (a slow first open)
            self.show_status(unsaid)
            self.shell.announce(unsaid)

    def check(self) -> None:
        """Mark what is already wrong (the game's own Check); it counts like a hint."""
        playing, session = self._playing, self.session
        if (playing is None or session is None or session.over or self.slow.running
                or check_hook(self.spec) is None):
            return
        result = playing.check()  # a result counts as a hint
        t = self.i18n.t
        if result is None:
            self.show_status(t("check_nothing_yet"))
            self.shell.announce(t("check_nothing_yet"))
            return
        self.shell.audio.play("hint" if not result.anything_wrong else "error")
        if self.board is not None:
            self.board.mark(list(result.cells), "wrong", note=t("check_marked_cell"))
        self.render()  # the hint count beside the board
        self.saved.dirty = True  # the check is kept with the game, as a hint is
        found = t(result.string_key, count=result.count)
        self.show_status(found)
        self.shell.announce(" ".join([found, t("check_counts_as_hint")]))

    def show_solution(self) -> None:
        """Ask, then play the solution move by move from the board as it is (each counted as a hint, so the
        game is recorded as won with help); the result's replay steps through it."""
        session = self.session
        if session is None or session.over or self.slow.running:
            return
        t = self.i18n.t
        self.shell.confirm(t("confirm_solution_title"), t("confirm_solution_text"), self._solve,
                           yes_key="confirm_solution_yes")

    def _solve(self) -> None:
        playing = self._playing
        if playing is None:
            return
        for _ in range(MAX_SOLUTION_MOVES):
            session = playing.session
            if session.over:
                break
            move = playing.hint()  # counted: the board is won with help
            if move is None:
                break
            try:
                steps = apply_steps(self.spec, session.state, move)
                if steps is not None:  # a slow move (a no-guess board laid at the first open): in slices, then on
                    self.slow.start(steps, functools.partial(self._solve_after, session.state, move))
                    return
                change = playing.move(move)
            except ValueError:
                break
            if change.ending is not None:
                self._after_move(change)
                return
        self.render()
        self.saved.dirty = True
        words = self.i18n.t("solution_not_found")
        self.show_status(words)
        self.shell.announce(words)

    def _solve_after(self, before: Any, move: Any, new: Any) -> None:
        """A slow step of the solution is in: take it, and go on solving (unless it ended the board)."""
        change = self._playing.take(before, move, new) if self._playing is not None else None
        if change is None:
            return
        if change.ending is not None:
            self._after_move(change)
        else:
            self._solve()

    def in_progress(self) -> bool:
        """Whether a game is under way that a new game would throw away."""
        session = self.session
        return session is not None and not session.over and (session.moves > 0 or session.can_undo)

    def ask_new_game(self, params: Any = None, *, focus_board: bool = True) -> None:
        """New game from the button, N or the size menu's Apply: during a game, ask first (No keeps every move)."""
        if not self.in_progress():
            self.new_game(params, focus_board=focus_board)
            return
        t = self.i18n.t
        self.shell.confirm(t("confirm_new_title"), self.campaign.new_game_question(),
                           lambda: self.new_game(params, focus_board=focus_board))

    def new_game(self, params: Any = None, *, focus_board: bool = True) -> None:
        """Start a fresh puzzle with the given params (default: the current ones, or an endless run's next)."""
        params, ended = self.campaign.new_board(params)
        was_daily = self._leave_daily()  # a new board is not the daily
        self._start(self._fresh_state(self._adjusted(params)))
        self.campaign.say_run_ended(ended)
        if not was_daily:
            self.saved.forget()  # the game in progress was replaced (a daily left keeps its own slot)
        self.narrator.say_board("said_new_game")
        if focus_board:
            self.focus_board()

    def _leave_daily(self) -> bool:
        """The board in play is being replaced: a daily (today's or an earlier day's) is kept in its slot first.
        Return whether it was one."""
        if self.daily_day is None and self.past_day is None:
            return False
        self._save_progress()
        self.daily_day = None
        return True

    def control_sections(self) -> list[ControlSection]:
        """The Controls help: (title key, rows, a line of text) for mouse, touch, keyboard and hints."""
        return self.page.control_sections()

    def settings_changed(self) -> None:
        """Follow the header's settings (shortcuts on or off)."""
        self.page.controls.set_shortcuts(self.shell.shortcuts_on)

    def refit(self) -> None:
        """Fit the board to its room again (the room changed: a notice, the rule, full screen)."""
        self.page.zoom.fit()

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
            self._pause_and_save()
        elif document.hasFocus():
            self.session.resume()

    def _pause_and_save(self) -> None:
        """The page is hidden or unloaded: the clock stops (until a move or the page's focus) and the game is kept.

        The time thought since the last move counts after a reload too; the reload's own does not.
        """
        if self.session is not None:
            self.session.pause()
        self._save_progress()

    def _resume_clock(self) -> None:
        """The page has the focus again: a paused clock counts again (a restored one waits for a move)."""
        if self.session is not None:
            self.session.resume()

    # ----- sharing and the address -----------------------------------------------------------

    def game_id(self) -> str:
        """The ID of the puzzle being played (what restart returns to)."""
        session = self.session
        return self.spec.encode(session.restart_point) if session is not None else ""

    def _sync_hash(self) -> None:
        game_id = self.game_id()
        past_day = self.past_day
        if self.daily_day is not None:
            self.shell.replace_hash(format_hash(self.game, screen=DAILY))
        elif past_day is not None:  # that day's link stays, so its address still names the day
            self.shell.replace_hash(daily_hash(self.game, past_day))
        else:
            self.shell.replace_hash(format_hash(self.game, game_id))
        self.page.share.show(game_id)

    def _save_progress(self) -> bool:
        """Keep the game in play for a reload; return False when there is nothing to keep."""
        day = self.daily_day.isoformat() if self.daily_day is not None else None  # (home's daily panel reads it)
        return self.session is not None and self.saved.save(self.spec, self.session, self.game_id(), day=day)

    # ----- the end of a game -----------------------------------------------------------------

    def _finish(self, ending: Ending, said: str = "") -> None:
        """The board ended (already recorded): forget its progress, lock it, show the result (its words after
        `said`, the last move's: a live region that is rewritten at once drops what it held)."""
        self.saved.forget()
        if self.board is not None:
            self.board.set_locked(True)
        self.shell.audio.play("clear" if ending.won else "lose")
        # The board shows its finish first (the last move's animation, the mines); then the result
        # opens under it. At once under reduced motion: there is no animation to wait for.
        self._cancel_result()
        self._ending, self._ending_said = ending, said
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
        self.results.offer_extras()
        if ending.won:
            self.best = self.shell.bests.get(self.game, self.preset_key)
            self.results.show_win(ending, after=self._ending_said)
        else:
            self.results.show_loss()

    # ----- teardown --------------------------------------------------------------------------

    def close(self) -> None:
        """Stop timers, remove listeners, free proxies and empty the view (the game in progress is kept)."""
        self._closed = True
        self._save_progress()
        if self.session is not None and self.session.over:
            self.saved.forget()  # a finish whose drawing (big board) was cut short
        self.slow.close()
        self._cancel_result()
        self.page.dialog.detach()
        window.clearInterval(self._interval)
        self._listeners.close()
        self.drawing.close()
        self._tick.close()
        self._result_call.close()
        self.root.remove()
