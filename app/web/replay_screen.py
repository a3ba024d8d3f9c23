"""The replay screen: a finished game's moves shown again from a link, with play, pause, step and speed.

`#<game>/<game id>/replay/<moves>` is read by `app.core.replay` (strictly: a
malformed or tampered link gives a ReplayError whose kind the page words);
nothing is stored. The board is the game's own view, drawn read-only: the
cursor moves and cells are read out, but no move is taken.

A link may carry up to 20,000 moves; they are applied in slices by the game
screen's own machinery (`SlowMove`, with progress and Cancel), so opening a long
replay never blocks the page in one long task.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from app.core import registry
from app.core.replay import SPEEDS, Playback, Replay, ReplayError, move_cell
from app.core.route import format_hash
from app.web.board import BoardWidget
from app.web.clipboard import copy_text
from app.web.dom import Callback, Listeners, by_id, calling, document, element, focus_on, use_stylesheet, window
from app.web.screen.draw import draw_state, draw_steps
from app.web.screen.host import BoardHost
from app.web.screen.slow_move import SlowMove
from app.web.screen.zoom import cells_width, fitted_cell_px
from app.web.views import view_class

if TYPE_CHECKING:
    from app.web.shell_interface import ShellServices

TICK_MS = 100  # how often playback looks at the clock; the pace itself comes from Playback
REPLAY_MIN_CELL_PX = 12.0


class ReplayScreen:
    """One replay: the board, the position, and the playback controls."""

    def __init__(self, shell: ShellServices, game: str, rest: str) -> None:
        self.shell = shell
        self.t = shell.i18n.t
        self.game = game
        self.spec = registry.backend(game)
        self.host = BoardHost(shell, board=lambda: self.board,
                              state=lambda: self.replay.state if self.replay is not None else None)
        self.view = view_class(game)(self.host, self.spec)
        if self.spec.stylesheet:
            use_stylesheet(self.spec.stylesheet)
        self.board: BoardWidget | None = None
        self.replay: Replay | None = None
        self.playback = Playback()
        self.problem: str | None = None
        self._listeners = Listeners()
        self._tick = Callback(self._on_tick)
        self._interval: Any = None
        self._last_tick = 0.0
        self.root = element("section", cls=f"replay game-{game}", attrs={"aria-labelledby": "replay-title"})
        by_id("view").appendChild(self.root)
        self._build_header()
        # Until every move is applied, the screen is its heading and the busy mark (progress, Cancel).
        self.loading: Any = element("div", cls="board-area replay-loading")
        self.root.appendChild(self.loading)
        self.slow = SlowMove(self.root, self.loading, self._listeners, t=self.t, on_cancel=self._cancelled,
                             label_key="replay_loading")
        self.relabel()
        self.slow.start(_refusal_as_result(Replay.link_steps(self.spec, rest)), self._loaded)

    def _loaded(self, result: Replay | ReplayError) -> None:
        """Show the replay once its moves are applied, or say why it cannot be shown."""
        if isinstance(result, ReplayError):
            self.problem = result.string_key
        else:
            self.replay = result
        self._show_body()

    def _cancelled(self) -> None:
        self.problem = "replay_cancelled"
        self._show_body()
        self.shell.announce(self.t("replay_cancelled"))

    def _show_body(self) -> None:
        self._build()
        self.relabel()
        board = self.board
        if board is None or board.built:
            self.loading.remove()
            return
        # A big board's buttons are made and drawn in slices; the busy mark stays in the loading area meanwhile.

        def steps() -> Generator[float, None, None]:
            yield from board.build_steps()
            if self.replay is not None:
                yield from draw_steps(board, self.view, self.replay.state, force=True)

        def drawn(_result: None) -> None:
            board.grid.removeAttribute("aria-busy")  # every position is drawn and named
            self.loading.remove()
            self._fit()  # (a resize while it was drawn)
            self._show()

        self.slow.start(steps(), drawn, label_key="busy_drawing", drawing=True)

    @property
    def title(self) -> str:
        """The document title while this screen is open."""
        return self.shell.i18n.page_title(self.t("replay_heading", game=self.t(self.spec.name_key)))

    # ----- building ------------------------------------------------------------------------------

    def _build_header(self) -> None:
        self.heading = element("h1", attrs={"id": "replay-title"})
        self.summary = element("p", cls="replay-summary", attrs={"id": "replay-summary"})
        self.root.appendChild(element("header", cls="game-header", children=[self.heading, self.summary]))

    def _build(self) -> None:
        on = self._listeners.on
        self.play_link = element("a", attrs={"id": "replay-play-this", "data-i18n": "replay_play_this"})
        back = element("a", cls="back-home", attrs={"href": "#", "data-i18n": "home"})
        if self.replay is None:
            self.problem_line = element("p", cls="form-error", attrs={"id": "replay-problem", "role": "alert"})
            game_link = element("a", attrs={"href": format_hash(self.game), "id": "replay-game-link"})
            self.root.appendChild(element("div", cls="replay-problem", children=[
                self.problem_line, element("p", children=[game_link]), back]))
            return
        self.play_link.setAttribute("href", format_hash(self.game, self.spec.encode(self.replay.start)))
        self.buttons: dict[str, Any] = {}
        for name, key, keys in (("start", "replay_to_start", "Home"), ("back", "replay_step_back", "ArrowLeft"),
                                ("play", "replay_play", "Space"), ("forward", "replay_step_forward", "ArrowRight"),
                                ("end", "replay_to_end", "End")):
            node = element("button", cls="control", attrs={"type": "button", "id": f"replay-{name}",
                                                           "data-i18n": key, "aria-keyshortcuts": keys})
            on(node, "click", calling(self.act, name))
            self.buttons[name] = node
        self.speed = element("select", attrs={"id": "replay-speed"})
        for speed in SPEEDS:
            self.speed.appendChild(element("option", text=f"×{speed:g}", attrs={"value": f"{speed:g}"}))
        self.speed.value = f"{self.playback.speed:g}"
        on(self.speed, "change", lambda event: self._set_speed(float(event.target.value)))
        speed_label = element("label", cls="replay-speed", children=[
            element("span", attrs={"data-i18n": "replay_speed_label"}), self.speed])
        self.position = element("output", cls="replay-position", attrs={"id": "replay-position"})
        self.copy_button = element("button", attrs={"type": "button", "id": "replay-copy",
                                                    "data-i18n": "replay_copy_link"})
        self.copy_status = element("span", cls="copy-status", attrs={"id": "replay-copy-status"})
        self.copy_field = element("textarea", cls="copy-text", attrs={
            "id": "replay-copy-text", "readonly": "", "rows": "3", "aria-labelledby": "replay-copy-status",
            "hidden": ""})
        on(self.copy_button, "click", lambda _event: copy_text(str(window.location.href), self._copied))
        controls = element("div", cls="controls replay-controls",
                           attrs={"role": "group", "data-i18n-label": "replay_controls"},
                           children=list(self.buttons.values()))
        self.keys_line = element("p", cls="board-keys", attrs={"id": "replay-keys", "data-i18n": "replay_keys"})
        self.board_area = element("div", cls="board-area")
        bar = element("div", cls="play-bar", children=[self.position, controls, speed_label])
        panel = element("aside", cls="game-panel", children=[
            element("div", cls="share-buttons", children=[self.copy_button, self.copy_status]), self.copy_field,
            element("p", children=[self.play_link]), back])
        self.root.appendChild(element("div", cls="game-layout", children=[
            element("div", cls="board-column", children=[self.board_area, self.keys_line]), bar, panel]))
        self.board = BoardWidget(self.board_area, self.view.layout(self.replay.start), (),
                                 grid_label=self.t("replay_board_label"), painter=self.view.paint,
                                 widen=self.view.widen, on_action=lambda *_args: None, describedby="replay-keys")
        self.board.set_locked(True)
        on(self.root, "keydown", self._on_key)
        on(window, "resize", lambda _event: self._fit())
        self._fit(paint=False)

    def _fit(self, *, paint: bool = True) -> None:
        """Size the cells to the width the board has, within the view's own limits (after a big board's drawing)."""
        if self.board is None or self.slow.running:
            return
        height = float(window.innerHeight) * 0.7
        size = fitted_cell_px(cells_width(self.board_area), height, self.board, largest=self.view.max_cell_px,
                              smallest=REPLAY_MIN_CELL_PX)
        if size != self.board.cell_px or self.board.codes is None:
            self.board.set_cell_size(size)
            if paint:
                self._show(force=True)

    def relabel(self) -> None:
        """Redraw every text in the current language."""
        t = self.t
        self.shell.i18n.apply(self.root)
        self.heading.textContent = t("replay_heading", game=t(self.spec.name_key))
        if self.replay is None and self.problem is None:  # still loading: the busy mark says how far
            self.summary.textContent = ""
            return
        if self.replay is None:
            self.summary.textContent = ""
            self.problem_line.textContent = t(self.problem or "replay_problem_shape")
            by_id("replay-game-link").textContent = t(self.spec.name_key)
            return
        status = self.replay.final_status
        key = "replay_result_won" if status > 0 else "replay_result_lost" if status < 0 else "replay_result_open"
        self.summary.textContent = t(key, moves=self.replay.final_move_count)
        if self.board is not None:
            self.board.grid.setAttribute("aria-label", t("replay_board_label"))
        self._show(force=True)

    # ----- playing -------------------------------------------------------------------------------

    def act(self, name: str) -> None:
        """Do what a control names: start, back, play (or pause), forward, end."""
        if self.replay is None or self.slow.running:
            return
        replay = self.replay
        if name == "play":
            if self.playback.playing:
                self._pause()
            else:
                if replay.at_end:
                    replay.seek(0)
                self.playback.play()
                self._last_tick = float(window.performance.now())
                self._interval = window.setInterval(self._tick.proxy, TICK_MS)
            self._show()
            self.shell.announce(self.t("replay_playing") if self.playback.playing else self._where())
            return
        self._pause()
        before, position = replay.state, replay.position
        replay.seek({"start": 0, "back": position - 1, "forward": position + 1, "end": len(replay)}[name])
        # One step forward is that move, named; any other jump is said as the change it made.
        move = replay.last_move if name == "forward" else None
        self._show(announce=replay.position != position, before=before, move=move)

    def _pause(self) -> None:
        self.playback.pause()
        if self._interval is not None:
            window.clearInterval(self._interval)
            self._interval = None

    def _set_speed(self, speed: float) -> None:
        self.playback.set_speed(speed)

    def _on_tick(self, *_: Any) -> None:
        if self.replay is None:
            return
        now = float(window.performance.now())
        stepped = self.playback.advance(now - self._last_tick, self.replay)
        self._last_tick = now
        if stepped or not self.playback.playing:
            if not self.playback.playing:
                self._pause()
            self._show(announce=not self.playback.playing)

    def _show(self, *, force: bool = False, announce: bool = False, before: Any = None, move: Any = None) -> None:
        """Draw the position, say where it is, and enable the controls that can act."""
        replay = self.replay
        if replay is None or self.board is None:
            return
        if self.board.built and not self.slow.running:  # (a big board is drawn by its slices first)
            draw_state(self.board, self.view, replay.state, force=force)
            pressed = move_cell(replay.last_move)  # the cell the move shown pressed: marked, and named so
            self.board.mark([pressed] if pressed is not None else [], "replayed", note=self.t("replay_pressed_last"))
        t = self.t
        where = t("replay_position", position=replay.position, total=len(replay))
        self.position.textContent = where
        playing = self.playback.playing
        play = self.buttons["play"]
        play.setAttribute("data-i18n", "replay_pause" if playing else "replay_play")
        play.textContent = t("replay_pause" if playing else "replay_play")
        play.setAttribute("aria-pressed", "true" if playing else "false")
        focused = document.activeElement
        self.buttons["start"].disabled = self.buttons["back"].disabled = replay.at_start
        self.buttons["forward"].disabled = self.buttons["end"].disabled = replay.at_end
        if focused is not None and getattr(focused, "disabled", False):
            focus_on(play)  # the button pressed just ran out of moves: keep focus on a control that acts
        if announce:
            self.shell.announce(self._where(before, move))

    def _where(self, before: Any = None, move: Any = None) -> str:
        """"Move 3 of 9." and, after a step, what changed, in full words (nothing more when announcements are off)."""
        replay = self.replay
        if replay is None:
            return ""
        parts = [self.t("replay_position", position=replay.position, total=len(replay))]
        if before is not None and self.shell.settings.get("announce") != "off":
            parts.append(self.view.move_summary(before, replay.state, move, "full") or "")
        return self.shell.i18n.sentences(*parts)

    def _on_key(self, event: Any) -> None:
        key = str(event.key)
        tag = str(getattr(event.target, "tagName", "") or "").lower()
        if tag in ("select", "input", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        on_board = self.board is not None and self.board.grid.contains(event.target)
        if key == " " and tag != "button":
            event.preventDefault()
            self.act("play")
        elif not on_board and key in ("ArrowLeft", "ArrowRight", "Home", "End"):
            # On the board these keys move the cursor, to read the cells.
            event.preventDefault()
            self.act({"ArrowLeft": "back", "ArrowRight": "forward", "Home": "start", "End": "end"}[key])

    def _copied(self, ok: bool) -> None:
        text = self.t("replay_link_copied" if ok else "copy_by_hand")
        self.copy_status.textContent = text
        self.shell.announce(text)
        self.copy_field.hidden = ok
        if not ok:  # the link, selected, to copy by hand
            self.copy_field.value = str(window.location.href)
            focus_on(self.copy_field)
            self.copy_field.select()

    # ----- teardown ------------------------------------------------------------------------------

    def close(self) -> None:
        """Stop playback, remove listeners and take the screen out of the page."""
        self._pause()
        self.slow.close()
        self._listeners.close()
        if self.board is not None:
            self.board.close()
        self._tick.close()
        self.root.remove()


Loading = Generator["float | None", None, "Replay | ReplayError"]


def _refusal_as_result(steps: Generator[float | None, None, Replay]) -> Loading:
    """Run a replay's loading slices, returning a refusal (ReplayError) as the result instead of raising it."""
    try:
        return (yield from steps)
    except ReplayError as refusal:
        return refusal
