"""The screen every game shares: board, controls, numbers, clear dialog, hash, progress.

A game's view supplies looks and input mapping; the backend supplies rules; the
Session supplies history and the timer. This module only wires them to the page:
input event -> view -> move -> session -> redraw.
"""

from __future__ import annotations

import asyncio
from typing import Any

import js

from app.core.rng import Rng, new_seed
from app.core.route import format_hash
from app.core.session import Session
from app.core.timer import format_clock
from app.web.board import BoardWidget
from app.web.dom import Callback, Listeners, by_id, document, element, window

TICK_MS = 500
BOARD_CHROME_PX = 24  # frame padding and border around the cells


def _as_move(value: Any) -> Any:
    """Turn a move read back from JSON (lists) into the tuple the backend expects."""
    return tuple(_as_move(v) for v in value) if isinstance(value, list) else value


class GameScreen:
    """One game on the page, from a game ID or a fresh puzzle."""

    def __init__(self, shell: Any, view_class: type, game_id: str | None) -> None:
        self.shell = shell
        self.i18n = shell.i18n
        self.view = view_class(self)
        self.backend = self.view.backend
        self.game = self.backend.ID
        self._listeners = Listeners()
        self._tick = Callback(self._on_tick)
        self._interval: Any = None
        self._deferred = Callback(self._run_pending_move)
        self._pending_move: Any = None
        self._frames_to_wait = 0
        self._frame_request: Any = None
        self.board: BoardWidget | None = None

        self.root = element("section", cls=f"game game-{self.game}", attrs={"aria-labelledby": "game-title"})
        by_id("view").appendChild(self.root)
        self._build_frame()
        self._open_initial(game_id)
        self._listeners.on(document, "visibilitychange", self._on_visibility)
        self._listeners.on(window, "pagehide", lambda _event: self._save_progress())
        self._listeners.on(document, "keydown", self._on_shortcut)
        self._listeners.on(window, "resize", self._fit_board)
        self._listeners.on(by_id("result-new"), "click", self._dialog_new_game)
        self._listeners.on(by_id("result-close"), "click", self._dialog_close)
        self._interval = window.setInterval(self._tick.proxy, TICK_MS)

    def listen(self, target: Any, event: str, handler: Any) -> None:
        """Let a view listen to an element until the screen closes."""
        self._listeners.on(target, event, handler)

    @property
    def title(self) -> str:
        """The document title while this screen is open."""
        return f"{self.i18n.t(self.view.name_key)} — {self.i18n.t('site_title')}"

    # ----- building --------------------------------------------------------------------------

    def _build_frame(self) -> None:
        self.heading = element("h1", cls="game-title", attrs={"id": "game-title"})
        self.rule = element("p", cls="game-rule")
        self.board_area = element("div", cls="board-area")
        busy = element("div", cls="busy", attrs={"aria-hidden": "true"}, children=[element("span")])
        self.board_area.appendChild(busy)  # shown by the "is-busy" class while a slow move runs
        self.stats = element("dl", cls="stats", attrs={"id": "stats"})

        def button(control_id: str, key: str, handler: Any, *, shortcut: str = "") -> Any:
            node = element("button", cls="control", attrs={"type": "button", "id": control_id,
                                                            "data-i18n": key})
            if shortcut:
                node.setAttribute("aria-keyshortcuts", shortcut)
            self._listeners.on(node, "click", handler)
            return node

        controls = element("div", cls="controls", attrs={"role": "group", "data-i18n-label": "game_controls"},
                           children=[
                               button("undo", "undo", lambda _e: self.undo(), shortcut="Control+Z"),
                               button("redo", "redo", lambda _e: self.redo(), shortcut="Control+Y"),
                               button("restart", "restart", lambda _e: self.restart()),
                               button("hint", "hint", lambda _e: self.hint(), shortcut="H"),
                               button("new-game", "new_game", lambda _e: self.new_game(), shortcut="N"),
                           ])
        size_form = self._build_size_form()
        extras = element("div", cls="extras")
        self.view.extra_controls(extras)
        share = self._build_share()
        home = element("a", cls="back-home", attrs={"href": "#", "data-i18n": "home"})
        panel = element("aside", cls="game-panel", children=[
            self.stats, controls, size_form, extras, share, home])
        layout = element("div", cls="game-layout", children=[self.board_area, panel])
        self.root.appendChild(element("header", cls="game-header", children=[self.heading, self.rule]))
        self.root.appendChild(layout)

    def _build_size_form(self) -> Any:
        form = element("form", cls="size-form", attrs={"novalidate": ""})
        self.preset_select = element("select", attrs={"id": "preset"})
        label = element("label", children=[element("span", attrs={"data-i18n": "size"}), self.preset_select])
        form.appendChild(label)
        self.custom_box = element("div", cls="custom-fields", attrs={"hidden": ""})
        self.custom_inputs: dict[str, Any] = {}
        for field in self.view.custom_fields:
            box = element("input", attrs={"type": "number", "id": f"custom-{field.name}", "inputmode": "numeric",
                                          "min": str(field.minimum), "max": str(field.maximum), "required": ""})
            self.custom_inputs[field.name] = box
            self.custom_box.appendChild(element("label", children=[
                element("span", attrs={"data-i18n": field.label_key}), box]))
        self.custom_error = element("p", cls="form-error", attrs={"id": "custom-error", "role": "alert"})
        self._custom_error_values: dict[str, int] | None = None
        for box in self.custom_inputs.values():
            box.setAttribute("aria-describedby", "custom-error")
        self.custom_box.appendChild(self.custom_error)
        form.appendChild(self.custom_box)
        form.appendChild(element("button", attrs={"type": "submit", "id": "apply-size", "data-i18n": "apply"}))
        self._listeners.on(self.preset_select, "change", self._on_preset_change)
        self._listeners.on(form, "submit", self._on_size_submit)
        return form

    def _build_share(self) -> Any:
        self.id_input = element("input", attrs={"id": "game-id", "type": "text", "spellcheck": "false",
                                                "autocomplete": "off"})
        copy = element("button", attrs={"type": "button", "id": "copy-link", "data-i18n": "copy_link"})
        load = element("button", attrs={"type": "submit", "id": "load-id", "data-i18n": "open_game_id"})
        form = element("form", cls="share", children=[
            element("label", children=[element("span", attrs={"data-i18n": "game_id"}), self.id_input]),
            element("div", cls="share-buttons", children=[copy, load])])
        self._listeners.on(copy, "click", self._copy_link)
        self._listeners.on(form, "submit", self._open_typed_id)
        return form

    def _fill_presets(self, *, keep_choice: bool = False) -> None:
        """List the presets in the current language and select the one in play.

        With keep_choice (a relabel), what the player has chosen or typed stays.
        """
        chosen_before = str(self.preset_select.value)
        current = self.backend.format_params(self.backend.params_of(self.session.state))
        self.preset_select.replaceChildren()
        chosen = "custom"
        for name, params in self.backend.PRESETS.items():
            option = element("option", text=self.view.preset_label(name, params), attrs={"value": name})
            self.preset_select.appendChild(option)
            if self.backend.format_params(self.view.adjust_params(params)) == current:
                chosen = name
        self.preset_select.appendChild(element("option", text=self.i18n.t("custom_size"), attrs={"value": "custom"}))
        if keep_choice and chosen_before:
            self.preset_select.value = chosen_before
            return
        self.preset_select.value = chosen
        self.custom_box.hidden = chosen != "custom"
        params = self.backend.params_of(self.session.state)
        for name, box in self.custom_inputs.items():
            box.value = str(getattr(params, name))

    # ----- opening a puzzle ------------------------------------------------------------------

    def _open_initial(self, game_id: str | None) -> None:
        state = None
        if game_id is not None:
            try:
                state = self.backend.decode(game_id)
            except ValueError as exc:
                self.shell.notify(self.i18n.t("bad_link", reason=self._id_problem(exc)))
            if state is not None and self.backend.status(state) != 0:
                # e.g. a Minesweeper board its first click already won: nothing left to play
                self.shell.notify(self.i18n.t("finished_link"))
                state = None
        if state is None:
            state = self._fresh_state(self.view.adjust_params(next(iter(self.backend.PRESETS.values()))))
        self._start(state)
        if game_id is not None and state is not None:
            self._restore_progress(game_id)

    def _id_problem(self, error: ValueError) -> str:
        """Say in the player's language what is wrong with a game ID; the English detail goes to the console."""
        js.console.info(f"Masume: game ID refused: {error}")
        return self.i18n.t(f"id_problem_{getattr(error, 'kind', 'shape')}")

    def _fresh_state(self, params: Any) -> Any:
        return self.backend.generate(params, Rng(new_seed()))

    def _start(self, state: Any) -> None:
        """Begin a session on `state` and draw it."""
        self._cancel_pending_move()
        self.session = Session(self.backend, state)
        params = self.backend.params_of(state)
        self.preset_key = self.backend.format_params(params)
        if self.board is not None:
            self.board.close()
        height, width = self.view.codes(state).shape
        self.board = BoardWidget(self.board_area, height, width, grid_label=self.i18n.t(self.view.grid_label_key),
                                 painter=self.view.paint, on_activate=self._on_activate,
                                 on_secondary=self._on_secondary if self.view.has_secondary else None,
                                 space_is_secondary=self.view.space_is_secondary)
        self.best = self.shell.bests.get(self.game, self.preset_key)
        self._close_dialog()
        self._fit_board(paint=False)  # size first, so the board is painted once, by relabel
        self.relabel()
        self._sync_hash()

    def relabel(self) -> None:
        """Redraw every text (after a language switch or a new board)."""
        self.shell.i18n.apply(self.root)
        self.heading.textContent = self.i18n.t(self.view.name_key)
        self.rule.textContent = self.i18n.t(self.view.rule_key)
        if self.board is not None:
            self.board.grid.setAttribute("aria-label", self.i18n.t(self.view.grid_label_key))
        if hasattr(self, "session"):
            self._fill_presets(keep_choice=True)
            if self._custom_error_values is not None:
                self._show_custom_error(self._custom_error_values)
            self.render(force=True)

    def _fit_board(self, *_: Any, paint: bool = True) -> None:
        """Size the cells to the space the board has (on start and on every window resize)."""
        if self.board is None:
            return
        rows, cols = self.board.rows, self.board.cols
        area_width = float(self.board_area.clientWidth or window.innerWidth) - BOARD_CHROME_PX
        top = float(self.board_area.getBoundingClientRect().top) + float(window.scrollY)
        area_height = float(window.innerHeight) - min(top, 160.0) - BOARD_CHROME_PX
        size = min(area_width / cols, area_height / rows, self.view.max_cell_px)
        size = max(float(int(size)), self.view.min_cell_px)
        if size != self.board.cell_px or self.board.codes is None:
            self.board.set_cell_size(size)
            if paint:
                self.render(force=True)

    # ----- drawing ---------------------------------------------------------------------------

    def render(self, *, force: bool = False) -> list[tuple[int, int]]:
        """Bring canvas, labels, numbers and buttons up to date; return the cells that changed."""
        if self.board is None:
            return []
        state = self.session.state
        codes = self.view.codes(state)
        changed = self.board.paint(codes, force=force)
        for r, c in changed:
            code = int(codes[r, c])
            self.board.describe(r, c, code, self.view.cell_label(code, r, c), self.view.cell_pressed(code))
        self.board.set_locked(self.session.over)
        self._render_stats()
        by_id("undo").disabled = not self.session.can_undo
        by_id("redo").disabled = not self.session.can_redo
        by_id("restart").disabled = self.session.over
        by_id("hint").disabled = self.session.over
        return changed

    def _render_stats(self) -> None:
        rows = self.view.stats(self.session, self.best)
        self.stats.replaceChildren()
        for stat_id, label, value in rows:
            self.stats.appendChild(element("div", cls=f"stat stat-{stat_id}", children=[
                element("dt", text=label), element("dd", text=value, attrs={"id": f"stat-{stat_id}"})]))

    def _on_tick(self, *_: Any) -> None:
        node = by_id("stat-time")
        if node is not None:
            node.textContent = format_clock(self.session.elapsed)

    # ----- input -----------------------------------------------------------------------------

    def _on_activate(self, row: int, col: int) -> None:
        self._try(lambda state: self.view.activate_move(state, row, col))

    def _on_secondary(self, row: int, col: int) -> None:
        self._try(lambda state: self.view.secondary_move(state, row, col))

    def _try(self, make_move: Any) -> None:
        move = make_move(self.session.state)
        if move is not None:
            self.request(move)

    def request(self, move: Any) -> None:
        """Play a move now, or after painting a busy mark when the view says it may be slow."""
        if self.session.over or self._pending_move is not None:
            return
        if self.view.is_slow(self.session.state, move):
            # Show the busy mark, let the browser paint it, then do the long work.
            self._pending_move = move
            self._frames_to_wait = 2  # a frame callback runs before its paint: the second one follows it
            self.root.classList.add("is-busy")
            self._frame_request = window.requestAnimationFrame(self._deferred.proxy)
            return
        self.play(move)

    def _run_pending_move(self, *_: Any) -> None:
        self._frame_request = None
        if self._pending_move is None:
            return
        self._frames_to_wait -= 1
        if self._frames_to_wait > 0:
            self._frame_request = window.requestAnimationFrame(self._deferred.proxy)
            return
        move, self._pending_move = self._pending_move, None
        try:
            self.play(move)
        finally:
            self.root.classList.remove("is-busy")

    def _cancel_pending_move(self) -> None:
        """Drop a move still waiting for its busy mark to paint (the board it was for is going away)."""
        if self._frame_request is not None:
            window.cancelAnimationFrame(self._frame_request)
            self._frame_request = None
        self._pending_move = None
        self.root.classList.remove("is-busy")

    def play(self, move: Any) -> bool:
        """Apply a move through the session and update the page; False if it was illegal."""
        before = self.session.state
        try:
            self.session.play(move)
        except ValueError:
            self.shell.audio.play("error")
            return False
        self.board.mark([], "hinted")
        changed = self.render()
        self.view.after_move(before, self.session.state, move, changed)
        self._after_change()
        return True

    def _after_change(self) -> None:
        self._sync_hash()
        if self.session.over:
            self._finish()
        elif self.session.move_log:
            self._save_progress()
        else:
            self._forget_progress()  # undone back to the start: nothing to restore
        self.shell.check_storage()

    def undo(self) -> None:
        """Undo one step."""
        self._step_history(self.session.undo, "undo")

    def redo(self) -> None:
        """Redo one undone step."""
        self._step_history(self.session.redo, "press")

    def restart(self) -> None:
        """Return to the puzzle's start as an undoable step."""
        self._step_history(self.session.restart, "undo")

    def _step_history(self, step: Any, sound: str) -> None:
        if step():
            self.shell.audio.play(sound)
            self.board.mark([], "hinted")
            self.render()
            self._after_change()
            if document.activeElement is not None and document.activeElement.disabled:
                self.board.focus()  # the button just pressed was disabled by the step (nothing left to undo)

    def hint(self) -> None:
        """Ask the backend for a hint and let the view show or play it."""
        if self.session.over:
            return
        move = self.backend.hint(self.session.state)
        if move is None:
            self.shell.announce(self.view.no_hint_text())
            self.shell.audio.play("error")
            return
        self.session.note_hint()
        self.shell.audio.play("hint")
        self.view.use_hint(move)

    def new_game(self, params: Any = None, *, focus_board: bool = True) -> None:
        """Start a fresh puzzle with the given params (default: the current ones)."""
        if params is None:
            params = self.backend.params_of(self.session.state)
        self._start(self._fresh_state(self.view.adjust_params(params)))
        self._forget_progress()
        if focus_board:
            self.board.focus()

    def _on_shortcut(self, event: Any) -> None:
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").lower()
        if tag in ("input", "select", "textarea") or by_id("result-dialog").open:
            return
        key = str(event.key)
        if event.ctrlKey or event.metaKey:
            lowered = key.lower()
            if lowered == "z" and not event.shiftKey:
                event.preventDefault()
                self.undo()
            elif lowered == "y" or (lowered == "z" and event.shiftKey):
                event.preventDefault()
                self.redo()
            return
        if event.altKey:
            return
        if key in ("h", "H"):
            self.hint()
        elif key in ("n", "N"):
            self.new_game()

    def _on_visibility(self, *_: Any) -> None:
        if document.hidden:
            self.session.pause()
            self._save_progress()  # the time thought since the last move counts after a reload too
        else:
            self.session.resume()

    # ----- size form -------------------------------------------------------------------------

    def _on_preset_change(self, *_: Any) -> None:
        choice = str(self.preset_select.value)
        self.custom_box.hidden = choice != "custom"
        self._show_custom_error(None)
        if choice != "custom" and not self.session.timer.started:
            # Nothing played yet, so nothing is lost: start at once. Focus stays on the menu,
            # since arrow keys fire "change" on every step through it. A game in play is
            # only replaced by the Apply button.
            self.new_game(self.backend.PRESETS[choice], focus_board=False)

    def _on_size_submit(self, event: Any) -> None:
        event.preventDefault()
        choice = str(self.preset_select.value)
        if choice != "custom":
            self.new_game(self.backend.PRESETS[choice])
            return
        values: dict[str, int] = {}
        for name, box in self.custom_inputs.items():
            text = str(box.value).strip()
            values[name] = int(text) if text.lstrip("-").isdigit() else -1
        try:
            params = self.backend.parse_params(self.view.params_text(values))
        except ValueError:
            self._show_custom_error(values)
            self.shell.audio.play("error")
            return
        self._show_custom_error(None)
        self.new_game(params)

    def _show_custom_error(self, values: dict[str, int] | None) -> None:
        """Say why the custom size was refused (None clears it); kept so a language switch can re-say it."""
        self._custom_error_values = values
        self.custom_error.textContent = "" if values is None else self.view.custom_error(values)
        for box in self.custom_inputs.values():
            if values is None:
                box.removeAttribute("aria-invalid")
            else:
                box.setAttribute("aria-invalid", "true")

    # ----- sharing and the address -----------------------------------------------------------

    def game_id(self) -> str:
        """The ID of the puzzle being played (what restart returns to)."""
        return self.backend.encode(self.session.restart_point)

    def _sync_hash(self) -> None:
        game_id = self.game_id()
        self.shell.replace_hash(format_hash(self.game, game_id))
        if str(self.id_input.value) != game_id:
            self.id_input.value = game_id

    def _copy_link(self, *_: Any) -> None:
        asyncio.ensure_future(self._copy_to_clipboard(str(window.location.href)))

    async def _copy_to_clipboard(self, url: str) -> None:
        try:
            await window.navigator.clipboard.writeText(url)
        except Exception:  # no clipboard (plain http) or no permission: leave the ID selected to copy
            self.id_input.select()
            self.shell.announce(self.i18n.t("link_copy_failed"))
            return
        self.shell.announce(self.i18n.t("link_copied"))

    def _open_typed_id(self, event: Any) -> None:
        event.preventDefault()
        text = str(self.id_input.value).strip()
        try:
            state = self.backend.decode(text)
        except ValueError as exc:
            self.shell.notify(self.i18n.t("bad_game_id", reason=self._id_problem(exc)))
            self.id_input.value = self.game_id()
            return
        self._start(state)
        self._forget_progress()

    # ----- progress kept across reloads ------------------------------------------------------

    def _progress_key(self) -> str:
        return f"progress:{self.game}"

    def _save_progress(self) -> None:
        """Keep the game in play (moves, time, hints) for a reload; a finished or untouched one is not kept."""
        log = self.session.move_log
        if self.session.over or not log:
            return
        self.shell.storage.set(self._progress_key(), {
            "id": self.game_id(),
            "start": self.backend.encode(self.session.log_start),
            "moves": [list(m) if isinstance(m, tuple) else m for m in log],
            "elapsed": round(self.session.elapsed, 2),
            "hints": self.session.hints_used,
        })

    def _forget_progress(self) -> None:
        self.shell.storage.remove(self._progress_key())

    def _restore_progress(self, game_id: str) -> None:
        saved = self.shell.storage.get(self._progress_key())
        if not isinstance(saved, dict) or saved.get("id") != game_id:
            return
        try:
            session = Session.replay(self.backend, self.backend.decode(str(saved["start"])),
                                     [_as_move(move) for move in saved["moves"]],
                                     elapsed=float(saved.get("elapsed", 0.0)), hints_used=int(saved.get("hints", 0)))
            if session.over or self.backend.encode(session.restart_point) != game_id:
                return
        except (ValueError, TypeError, KeyError):
            return  # damaged progress: the puzzle itself still opens fresh
        self.session = session
        self.render(force=True)

    # ----- the end of a game -----------------------------------------------------------------

    def _finish(self) -> None:
        self._forget_progress()
        self.board.set_locked(True)
        if self.session.status > 0:
            self._celebrate()
        else:
            self.shell.audio.play("lose")
            self.shell.announce(self.view.lost_text())

    def _celebrate(self) -> None:
        t = self.i18n.t
        improved: set[str] = set()
        if self.session.hints_used == 0:
            improved = self.shell.bests.submit(self.game, self.preset_key, self.view.record(self.session))
            self.best = self.shell.bests.get(self.game, self.preset_key)
            self.shell.check_storage()
        self.render()
        self.shell.audio.play("clear")
        details = by_id("result-details")
        details.replaceChildren()
        for label, value in self.view.result_rows(self.session):
            details.appendChild(element("div", children=[element("dt", text=label), element("dd", text=value)]))
        best_line = by_id("result-best")
        if self.session.hints_used:
            best_line.textContent = t("hints_used", hints=self.session.hints_used)
        elif improved:
            best_line.textContent = t("new_best")
        best_line.hidden = not (self.session.hints_used or improved)
        best_line.classList.toggle("is-best", bool(improved))
        by_id("result-title").textContent = t("cleared")
        self.shell.announce(" ".join([t("cleared")] + [f"{label} {value}" for label, value in
                                                       self.view.result_rows(self.session)]
                                     + ([t("new_best")] if improved else [])))
        dialog = by_id("result-dialog")
        if not dialog.open:
            dialog.showModal()
        by_id("result-new").focus()

    def _dialog_new_game(self, *_: Any) -> None:
        self._close_dialog()
        self.new_game()

    def _dialog_close(self, *_: Any) -> None:
        self._close_dialog()
        if self.board is not None:
            self.board.focus()

    def _close_dialog(self) -> None:
        dialog = by_id("result-dialog")
        if dialog.open:
            dialog.close()

    # ----- teardown --------------------------------------------------------------------------

    def close(self) -> None:
        """Stop timers, remove listeners, free proxies and empty the view."""
        self._save_progress()
        self._cancel_pending_move()
        self._close_dialog()
        if self._interval is not None:
            window.clearInterval(self._interval)
        self._listeners.close()
        if self.board is not None:
            self.board.close()
        for callback in (self._tick, self._deferred):
            callback.close()
        self.root.remove()
