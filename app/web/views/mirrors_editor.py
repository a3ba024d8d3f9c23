"""Light Path's stage editor at `#mirrors/edit`: build a stage, Test it in slices, Play it, Share it, keep drafts.

The board is the game's own (`MirrorsView`: the same codes, pixels and labels), with every ring position a
button, so light sources can be put on the edge. Input only picks a palette item and a position; the rules
(what goes where, the text of a stage, Test) are `app.games.mirrors.editor`'s. The stage being built is kept
in the address (`#mirrors/edit/<stage text>`, replaced, not pushed), so a reload or Back after Play finds it.

Test runs `editor.verdict_steps` through the screens' `SlowMove` (a slice per browser turn, Cancel), and
its verdict belongs to the stage it tested: Play and Share need a verdict that the stage is solvable, for
the stage as it is now, and say why not otherwise. Drafts are `app.core.drafts` records.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from app.core import registry
from app.core.drafts import BAD_NAME, FULL, MAX_DRAFTS, NOT_KEPT, REPLACED, SAVED, Drafts
from app.core.edit_history import EditHistory
from app.core.gameid import GameIdError
from app.core.route import EDIT, format_hash
from app.games import mirrors
from app.games.mirrors import editor
from app.games.mirrors.cells import COLOUR_NAMES
from app.games.mirrors.editor import EditError, EditorStage, Verdict
from app.web.board import BoardWidget
from app.web.clipboard import copy_text
from app.web.dom import Listeners, by_id, calling, document, element, focus_on, use_stylesheet, window
from app.web.layout import (
    MOUSE_PRIMARY,
    MOUSE_SECONDARY,
    Action,
    BoardLayout,
    Geometry,
    Position,
    global_key_rows,
    key_rows,
    mouse_rows,
    touch_rows,
)
from app.web.screen.draw import draw_state
from app.web.screen.host import BoardHost
from app.web.screen.slow_move import SlowMove
from app.web.screen.zoom import BOARD_CHROME_PX, FIT_MARGIN_PX, cells_width, fitted_cell_px
from app.web.views.mirrors import MirrorsView
from app.web.views.mirrors_editor_panel import DraftList, Palette, StageForm
from app.web.views.mirrors_paint import SOURCE

if TYPE_CHECKING:
    from app.web.shell_interface import ShellServices

EDITOR_MIN_CELL_PX = 26.0
# From this width the palette stands left of the board and Test, Play and Share right of it
# (static/css/games/mirrors-editor.css); narrower, they stack under the board.
EDITOR_SIDE_BY_SIDE = "(min-width: 900px)"
EDITOR_STYLESHEET = "static/css/games/mirrors-editor.css"
_last_text: str | None = None  # the stage last built this visit: `#mirrors/edit` alone opens it again
_last_verdict: tuple[EditorStage, Verdict] | None = None  # the last Test this visit: Back after Play keeps it
VERDICT_KEY = "masume:mirrors-editor-verdict"  # sessionStorage: the last Test of this tab, kept over a reload


def keep_verdict(text: str, verdict: Verdict) -> None:
    """Keep the last Test for this tab (sessionStorage), so a reload of the same stage needs no second Test."""
    try:
        window.sessionStorage.setItem(VERDICT_KEY, json.dumps({"stage": text, "verdict": list(verdict)}))
    except Exception:  # storage denied (a portal's frame) or full: the Test is kept for this visit only
        pass


def kept_verdict(stage: EditorStage) -> Verdict | None:
    """The Test kept for `stage` by this tab, if it reads back and still names this very stage.

    A verdict that lets Play and Share open a stage is believed only when its game ID reads back as
    this stage (edited data cannot make an unproved stage look tested: the game's own decode proves it).
    """
    try:
        raw = window.sessionStorage.getItem(VERDICT_KEY)
        kept = json.loads(str(raw)) if raw is not None else None
        if not isinstance(kept, dict) or kept.get("stage") != editor.to_text(stage):
            return None
        fields = list(kept["verdict"])
        if len(fields) > 6:  # (JSON keeps the dark targets as lists)
            fields[6] = tuple(tuple(int(part) for part in target) for target in fields[6])
        verdict = Verdict(*fields)
        if verdict.outcome not in editor.OUTCOMES:
            return None
        # (decode, inside from_game_id, proves the stage solvable within the game's own budget)
        if verdict.shareable and editor.to_text(editor.from_game_id(verdict.game_id)) != editor.to_text(stage):
            return None
        return verdict
    except Exception:  # damaged, edited or denied: Test again
        return None


class EditorView(MirrorsView):
    """The game's view, with the whole ring live (a source can go anywhere on it) and the editor's input."""

    grid_label_key = "mirrors_edit_grid"
    actions = (
        Action("put", "mirrors_edit_action_put", keys=("Enter", " "), buttons=(MOUSE_PRIMARY,), tap=True),
        Action("clear", "mirrors_edit_action_clear", keys=("Delete", "Backspace"), buttons=(MOUSE_SECONDARY,),
               long_press=True),  # a touch player empties a cell without going back to the palette
    )

    def layout(self, state: mirrors.State) -> BoardLayout:
        """The cells and every ring position but the corners."""
        h, w = state.height, state.width
        edge = frozenset([(-1, c) for c in range(w)] + [(h, c) for c in range(w)]
                         + [(r, -1) for r in range(h)] + [(r, w) for r in range(h)])
        self._layout = BoardLayout(h, w, ring=True, edge=edge)
        return self._layout

    def label(self, code: int, position: Position) -> str:
        """The game's labels; an edge position with no source says where it is and that it is empty."""
        layout = self._layout
        if layout is not None and not layout.is_cell(position) and not code & SOURCE:
            row, col = position
            side = "top" if row < 0 else "bottom" if row >= layout.rows else "left" if col < 0 else "right"
            return self.t(f"mirrors_edit_edge_{side}", row=row + 1, col=col + 1)
        return super().label(code, position)


class EditorScreen:
    """The stage editor: the board, the palette, the stage's size and pieces, Test, Play, Share and drafts."""

    def __init__(self, shell: ShellServices, game: str, text: str | None) -> None:
        global _last_text
        self.shell = shell
        self.t = shell.i18n.t
        self.game = game
        # The view's host: the board, and the stage being built as the state the view draws.
        self.host = BoardHost(shell, board=lambda: self.board, state=lambda: self.stage.state())
        spec = registry.backend(game)
        self.view = EditorView(self.host, spec)
        styles = [use_stylesheet(href) for href in (spec.stylesheet, EDITOR_STYLESHEET) if href]
        self.drafts = Drafts(shell.storage)
        self.verdict: tuple[EditorStage, Verdict] | None = None  # the last Test's stage and what it found
        self.board: BoardWidget | None = None
        self._listeners = Listeners()
        self.stage = self._opening_stage(text if text is not None else _last_text)
        self.history = EditHistory(self.stage)  # the editor's Undo and Redo (every change to the stage is a step)
        if _last_verdict is not None and _last_verdict[0] == self.stage:
            self.verdict = _last_verdict  # the stage Test proved, back from Play: no second Test to share it
        elif (kept := kept_verdict(self.stage)) is not None:
            self.verdict = (self.stage, kept)  # the same stage after a reload: its Test still holds
        _last_text = editor.to_text(self.stage)
        shell.replace_hash(format_hash(game, _last_text, EDIT))  # the address names the stage: a reload keeps it
        self.root = element("section", cls="editor game-mirrors", attrs={"aria-labelledby": "editor-title"})
        by_id("view").appendChild(self.root)
        self._build()
        for link in styles:  # a first visit: the board is fitted again once the palette has its look
            self._listeners.on(link, "load", lambda _event: self._fit())
        self._new_board()
        self._show_drafts()
        self._show_history()
        self.relabel()
        self._reveal_tools()

    @property
    def title(self) -> str:
        """The document title while this screen is open."""
        return self.shell.i18n.page_title(self.t("mirrors_edit_heading"))

    def _opening_stage(self, text: str | None) -> EditorStage:
        """The stage the address names (editor text, or any game ID or stage id), else a blank 6×6."""
        if text:
            for read in (editor.from_text, editor.from_game_id):
                try:
                    return read(text)
                except (GameIdError, EditError):
                    continue
            self.shell.notify(self.t("mirrors_edit_bad_link"))
        return editor.blank()

    # ----- building --------------------------------------------------------------------------

    def _build(self) -> None:
        on = self._listeners.on
        listen = self._listeners.on
        self.heading = element("h1", attrs={"id": "editor-title", "data-i18n": "mirrors_edit_heading"})
        intro = element("p", cls="game-rule", attrs={"data-i18n": "mirrors_edit_intro"})
        self.board_area = element("div", cls="board-area")
        self.keys_line = element("p", cls="board-keys", attrs={"id": "editor-keys", "data-i18n": "mirrors_edit_keys"})
        self.chosen_line = element("p", cls="board-status", attrs={"id": "editor-chosen"})
        self.palette = Palette(listen, self._chosen, swatch=self.view.painter.swatch,
                               palette=lambda: str(self.shell.settings.get("palette")))
        self.form = StageForm(listen, self._size_chosen, self._resize, self._set_inventory)
        self.undo_button, self.redo_button = (
            element("button", attrs={"type": "button", "id": f"editor-{name}", "data-i18n": key,
                                     "aria-keyshortcuts": keys})
            for name, key, keys in (("undo", "mirrors_edit_undo", "Control+Z"),
                                    ("redo", "mirrors_edit_redo", "Control+Y")))
        on(self.undo_button, "click", lambda _event: self.undo())
        on(self.redo_button, "click", lambda _event: self.redo())
        history = element("div", cls="editor-history", children=[self.undo_button, self.redo_button],
                          attrs={"role": "group", "data-i18n-label": "mirrors_edit_history"})
        buttons = {}
        for name, key in (("test", "mirrors_edit_test"), ("play", "mirrors_edit_play"),
                          ("share", "mirrors_edit_share")):
            buttons[name] = element("button", cls="control", attrs={
                "type": "button", "id": f"editor-{name}", "data-i18n": key})
            if name != "test":  # dim until a Test proves the stage as it is; a press still says why
                buttons[name].setAttribute("aria-describedby", "editor-verdict")
            on(buttons[name], "click", calling(getattr(self, name)))
        self.buttons = buttons
        self.verdict_line = element("p", cls="editor-verdict", attrs={"id": "editor-verdict"})
        self.link = element("input", attrs={"type": "text", "id": "editor-link", "readonly": "",
                                            "aria-labelledby": "editor-link-label"})
        self.link_box = element("p", cls="editor-link", attrs={"hidden": ""}, children=[
            element("span", attrs={"id": "editor-link-label", "data-i18n": "mirrors_edit_share_label"}), self.link])
        actions = element("section", cls="editor-actions", attrs={"aria-labelledby": "editor-actions-title"},
                          children=[element("h2", attrs={"id": "editor-actions-title",
                                                         "data-i18n": "mirrors_edit_actions"}),
                                    element("div", cls="controls", children=list(buttons.values())),
                                    self.verdict_line, self.link_box])
        self.actions = actions
        self.slow = SlowMove(self.root, actions, self._listeners, t=self.t, on_cancel=self._test_cancelled,
                             label_key="mirrors_edit_testing", focus_after=lambda: focus_on(buttons["test"]))
        clear = element("button", attrs={"type": "button", "id": "editor-clear", "data-i18n": "mirrors_edit_clear"})
        on(clear, "click", lambda _event: self.shell.confirm(
            self.t("mirrors_edit_clear_title"), self.t("mirrors_edit_clear_text"), self._clear,
            yes_key="mirrors_edit_clear_yes", no_key="mirrors_edit_clear_no"))
        self.draft_list = DraftList(self.t, listen, on_save=self.save_draft, on_open=self.open_draft,
                                    on_delete=self._ask_delete)
        back = element("p", cls="game-records", children=[
            element("a", attrs={"href": format_hash(self.game), "data-i18n": "mirrors_edit_back"}),
            element("a", cls="back-home", attrs={"href": "#", "data-i18n": "home"})])
        board_column = element("div", cls="board-column", children=[self.board_area, self.chosen_line, self.keys_line])
        panel = element("aside", cls="editor-panel", children=[history, self.form.root, clear, self.draft_list.root,
                                                                back])
        self.root.appendChild(element("header", cls="game-header", children=[self.heading, intro]))
        # Tab order: the palette, then the board it puts on, Test, Play and Share, then the stage's settings and drafts.
        self.root.appendChild(element("div", cls="editor-layout", children=[
            self.palette.root, board_column, actions, panel]))
        on(self.palette.root, "keydown", self._on_palette_key)
        on(document, "keydown", self._on_history_key)
        on(window, "resize", lambda _event: self._fit())

    def _new_board(self) -> None:
        """(Re)build the board for the stage's size."""
        cursor = self.board.cursor if self.board is not None else None
        if self.board is not None:
            self.board.close()
        state = self.stage.state()
        self.board = BoardWidget(self.board_area, self.view.layout(state), self.view.actions,
                                 grid_label=self.t("mirrors_edit_grid"), painter=self._paint,
                                 widen=self.view.widen, on_action=self._on_action, describedby="editor-keys")
        if cursor is not None:
            self.board.move_cursor(*cursor, focus=False)
        self.form.fill(self.stage.height, self.stage.width, self.stage.inventory)
        self._fit(paint=False)
        self._draw(force=True)

    def _reveal_tools(self) -> None:
        """On a phone, scroll the page just enough that Test, Play and Share show under the board and palette.

        Never past the editor's heading (the site's header goes out of view first), as a game screen opens.
        """
        if bool(window.matchMedia(EDITOR_SIDE_BY_SIDE).matches):
            return
        excess = float(self.buttons["test"].getBoundingClientRect().bottom) - float(window.innerHeight) + FIT_MARGIN_PX
        if excess > 0:
            window.scrollBy(0, min(excess, max(0.0, float(self.heading.getBoundingClientRect().top) - FIT_MARGIN_PX)))

    def _paint(self, context: Any, geometry: Geometry, codes: Any, area: list[Position]) -> None:
        """Paint the board, and the palette's tiles with it when the board's colours changed (Settings)."""
        self.view.paint(context, geometry, codes, area)
        self.palette.paint()

    def _fit(self, *, paint: bool = True) -> None:
        """Size the cells so the board and what builds it are in the window together.

        Where the palette and Test, Play and Share stand beside the board (a wide window), the board
        has the window's height below the page above it (up to 200 px); where they stack under it (a
        phone), the window's height less theirs: scrolled to the board, all three show at once.
        """
        if self.board is None:
            return
        room = float(window.innerHeight) - BOARD_CHROME_PX - FIT_MARGIN_PX
        if bool(window.matchMedia(EDITOR_SIDE_BY_SIDE).matches):
            top = float(self.board_area.getBoundingClientRect().top) + float(window.scrollY)
            room -= min(top, 200.0)
        else:
            below = [self.chosen_line, self.palette.root, self.actions]
            room -= sum(float(node.getBoundingClientRect().height) for node in below) + 3 * FIT_MARGIN_PX
        size = fitted_cell_px(cells_width(self.board_area), room, self.board,
                              largest=self.view.max_cell_px, smallest=EDITOR_MIN_CELL_PX)
        if size != self.board.cell_px or self.board.codes is None:
            self.board.set_cell_size(size)
            if paint:
                self._draw(force=True)

    def _draw(self, *, force: bool = False) -> None:
        if self.board is not None:
            draw_state(self.board, self.view, self.stage.state(), force=force)

    def relabel(self) -> None:
        """Redraw every text in the page's language."""
        self.shell.i18n.apply(self.root)
        if self.board is not None:
            self.board.grid.setAttribute("aria-label", self.t("mirrors_edit_grid"))
        self.draft_list.name.setAttribute("placeholder", self.t("mirrors_edit_draft_default"))
        self.palette.word(self.t)
        self._show_chosen()
        self._show_verdict()
        self._show_drafts()
        self._draw(force=True)

    def control_sections(self) -> list[tuple[str, list[tuple[str, str]], str | None]]:
        """The Controls help (`?`): the board's mouse, touch and keys, then moving, the palette and `?` itself."""
        t, actions = self.t, self.view.actions
        keys = [*key_rows(actions, t), ("↑ ↓ ← →", t("keys_global_move")), ("Home / End", t("keys_global_row_ends")),
                ("Enter", t("mirrors_edit_palette_enter")),
                *[row for row in global_key_rows(t, single_keys=self.shell.shortcuts_on,
                                                 fullscreen=self.shell.fullscreen.allowed)
                  if row[1] in (t("keys_global_help"), t("keys_global_fullscreen"))]]
        return [("controls_mouse", mouse_rows(actions, t), None), ("controls_touch", touch_rows(actions, t), None),
                ("controls_keyboard", keys, None)]

    # ----- editing ---------------------------------------------------------------------------

    def _changed(self, stage: EditorStage) -> None:
        """Take the edited stage: redraw, keep it in the address, and show whether Test still holds."""
        global _last_text
        self.stage = stage
        _last_text = editor.to_text(stage)
        self.shell.replace_hash(format_hash(self.game, _last_text, EDIT))
        self.link_box.hidden = True
        self._show_verdict()

    def _edit(self, stage: EditorStage, what: str) -> None:
        """Take a change the player made as a step Undo can take back (`what` says it), then as `_changed`."""
        self.history.push(stage, what)
        self._changed(stage)
        self._show_history()

    def _show_history(self) -> None:
        """Mark Undo and Redo as able to act or not (never disabled: a focused button that is disabled drops the
        focus to the page; pressed with nothing to do, it says so)."""
        for button, able in ((self.undo_button, self.history.can_undo), (self.redo_button, self.history.can_redo)):
            button.setAttribute("aria-disabled", "false" if able else "true")

    def undo(self) -> None:
        """Take back the last change to the stage (a piece, a size, the pieces to place, a clear, a draft opened)."""
        self._travel(self.history.undo(), "mirrors_edit_undone", "mirrors_edit_nothing_to_undo")

    def redo(self) -> None:
        """Make the change Undo took back again."""
        self._travel(self.history.redo(), "mirrors_edit_redone", "mirrors_edit_nothing_to_redo")

    def _travel(self, what: str | None, said_key: str, nothing_key: str) -> None:
        if what is None:
            self.shell.audio.play("error")
            self.shell.announce(self.t(nothing_key))
            return
        stage = self.history.current
        resized = (stage.height, stage.width) != (self.stage.height, self.stage.width)
        self._changed(stage)
        if resized:
            self._new_board()
        else:
            self.form.fill(stage.height, stage.width, stage.inventory)
            self._draw()
        self._show_history()
        self.shell.announce(self.t(said_key, what=what))

    def _on_history_key(self, event: Any) -> None:
        """Ctrl+Z undoes and Ctrl+Y (or Ctrl+Shift+Z) redoes, as in a game, unless a field or a dialog has the key."""
        if not (event.ctrlKey or event.metaKey) or event.altKey:
            return
        tag = str(getattr(event.target, "tagName", "") or "").lower()
        if tag in ("input", "select", "textarea") or document.querySelector("dialog[open]") is not None:
            return
        lowered = str(event.key).lower()
        if lowered == "z" and not event.shiftKey:
            event.preventDefault()
            self.undo()
        elif lowered == "y" or (lowered == "z" and event.shiftKey):
            event.preventDefault()
            self.redo()

    def _on_action(self, action: str, row: int, col: int) -> None:
        self.put(row, col, "empty" if action == "clear" else self.palette.chosen)

    def put(self, row: int, col: int, name: str) -> None:
        """Put palette item `name` at (row, col) and say what is there now (or why it does not go there)."""
        try:
            stage = editor.put(self.stage, row, col, name)
        except EditError as refusal:
            self.shell.audio.play("error")
            self.shell.announce(self.t(refusal.string_key))
            return
        same = stage == self.stage
        board = self.board
        assert board is not None
        codes = self.view.codes(stage.state())
        label = self.view.label(int(codes[board.layout.index((row, col))]), (row, col))
        key = ("mirrors_edit_said_same" if same else "mirrors_edit_said_emptied" if name == "empty"
               else "mirrors_edit_said_put")
        said = self.t(key, label=label)
        self._edit(stage, said.rstrip("."))
        self._draw()
        self.shell.announce(said)

    def _on_palette_key(self, event: Any) -> None:
        """Enter on the palette goes to the board, where Enter puts the chosen piece."""
        if str(event.key) == "Enter" and self.board is not None:
            event.preventDefault()
            self.board.focus()

    def _chosen(self, name: str) -> None:
        self._show_chosen()

    def _show_chosen(self) -> None:
        self.chosen_line.textContent = self.t("mirrors_edit_chosen",
                                              piece=self.t(f"mirrors_edit_piece_{self.palette.chosen}"))

    def _removed_words(self, height: int, width: int) -> str:
        """What a resize to (height, width) would remove from the stage, in words ("" for nothing)."""
        said = []
        for name, row, col in editor.dropped_by_resize(self.stage, height, width):
            piece = self.t(f"mirrors_edit_piece_{name}" if name else "mirrors_edit_piece_other")
            where = ("top" if row < 0 else "bottom" if row >= self.stage.height else "left" if col < 0
                     else "right" if col >= self.stage.width else "cell")
            said.append(self.t(f"mirrors_edit_removed_{where}", piece=piece, row=row + 1, col=col + 1))
        return self.t("list_separator").join(said)

    def _size_chosen(self, height: int, width: int) -> None:
        """A size was chosen in the selects (not applied): show and say what applying it would remove."""
        if (height, width) == (self.stage.height, self.stage.width):
            self.form.note.textContent = ""
            self.shell.announce(self.t("mirrors_edit_size_current", width=width, height=height))
            return
        removed = self._removed_words(height, width)
        text = self.shell.i18n.sentences(
            self.t("mirrors_edit_size_pending", width=width, height=height),
            self.t("mirrors_edit_size_removes", pieces=removed) if removed else self.t("mirrors_edit_size_keeps"))
        self.form.note.textContent = text
        self.shell.announce(text)

    def _resize(self, height: int, width: int) -> None:
        """Apply the size chosen (Apply size, or Enter in a size select): an Undo step, and what it removed said."""
        if (height, width) == (self.stage.height, self.stage.width):
            self.form.note.textContent = ""
            self.shell.announce(self.t("mirrors_edit_size_current", width=width, height=height))
            return
        try:
            stage = editor.resize(self.stage, height, width)
        except EditError as refusal:
            self.shell.announce(self.t(refusal.string_key))
            return
        removed = self._removed_words(height, width)
        said = (self.t("mirrors_edit_resized_removed", width=width, height=height, pieces=removed) if removed
                else self.t("mirrors_edit_resized", width=width, height=height))
        self._edit(stage, self.t("mirrors_edit_step_size", old_width=self.stage.width, old_height=self.stage.height,
                                 width=width, height=height))
        self._new_board()
        self.shell.announce(said)

    def _set_inventory(self, mirrors_count: int, splitters: int) -> None:
        try:
            stage = editor.with_inventory(self.stage, mirrors_count, splitters)
        except EditError as refusal:
            self.shell.announce(self.t(refusal.string_key))
            return
        said = self.t("mirrors_edit_inventory_set", mirrors=mirrors_count, splitters=splitters)
        self._edit(stage, self.t("mirrors_edit_step_inventory", mirrors=mirrors_count, splitters=splitters))
        self._draw()
        self.shell.announce(said)

    def _clear(self) -> None:
        self._edit(editor.blank(self.stage.height, self.stage.width), self.t("mirrors_edit_step_clear"))
        self._draw()
        if self.board is not None:
            self.board.focus()
        self.shell.announce(self.t("mirrors_edit_cleared"))

    # ----- Test, Play, Share -----------------------------------------------------------------

    def test(self) -> None:
        """Test the stage in slices; the verdict is shown and said when it is in."""
        stage = self.stage
        self.verdict_line.textContent = self.t("mirrors_edit_testing")  # (the busy mark's status line says it)
        self.slow.start(editor.verdict_steps(stage), lambda verdict: self._tested(stage, verdict))
        self._show_proved()  # (dim while the Test runs)

    def _tested(self, stage: EditorStage, verdict: Verdict) -> None:
        global _last_verdict
        self.verdict = _last_verdict = (stage, verdict)
        keep_verdict(editor.to_text(stage), verdict)
        self.shell.announce(self._show_verdict())

    def _test_cancelled(self) -> None:
        self.verdict = None
        self._show_proved()
        self.verdict_line.textContent = self.t("mirrors_edit_test_cancelled")
        self.shell.announce(self.t("mirrors_edit_test_cancelled"))

    def _verdict_text(self, verdict: Verdict) -> str:
        t = self.t
        if not verdict.shareable:
            said = t(f"mirrors_edit_verdict_{verdict.outcome}")
            if verdict.outcome == "unsolvable" and verdict.dark:  # which target no layout can light
                row, col, colour = verdict.dark[0]
                where = t("mirrors_edit_dark", colour=t(f"mirrors_colour_{COLOUR_NAMES[int(colour)]}"),
                          row=int(row) + 1, col=int(col) + 1)
                more = t("mirrors_edit_dark_more", more=len(verdict.dark) - 1) if len(verdict.dark) > 1 else ""
                said = self.shell.i18n.sentences(said, where, more)
            return said
        unique = (t("mirrors_edit_unique_unknown") if verdict.unique is None else t("mirrors_edit_unique")
                  if verdict.unique else t("mirrors_edit_not_unique", par=verdict.par))
        return self.shell.i18n.sentences(t("mirrors_edit_verdict_solvable", par=verdict.par), unique,
                                         t("mirrors_edit_rating", rating=verdict.rating))

    def _show_verdict(self) -> str:
        """Show what the last Test found, or that the stage is untested or changed since; return the text."""
        if self.slow.running:
            return str(self.verdict_line.textContent)
        if self.verdict is None:
            text = self.t("mirrors_edit_untested")
        elif self.verdict[0] != self.stage:
            text = self.t("mirrors_edit_changed")
        else:
            text = self._verdict_text(self.verdict[1])
        self.verdict_line.textContent = text
        self._show_proved()
        return text

    def _show_proved(self) -> None:
        """Play and Share look usable only while a Test has proved the stage as it is now.

        aria-disabled, not disabled: they stay focusable, and a press says why not.
        """
        proved = (self.verdict is not None and not self.slow.running and self.verdict[0] == self.stage
                  and self.verdict[1].shareable)
        for name in ("play", "share"):
            self.buttons[name].setAttribute("aria-disabled", "false" if proved else "true")

    def _proved_id(self) -> str | None:
        """The game ID of the stage as it is, if Test proved it solvable; else say why not and return None."""
        if self.verdict is None or self.slow.running:
            why = self.t("mirrors_edit_need_test")
        elif self.verdict[0] != self.stage:
            why = self.t("mirrors_edit_need_retest")
        elif not self.verdict[1].shareable:
            why = self.t("mirrors_edit_cannot_share", verdict=self._verdict_text(self.verdict[1]))
        else:
            return self.verdict[1].game_id
        self.shell.audio.play("error")
        self.verdict_line.textContent = why
        self.shell.announce(why)
        return None

    def play(self) -> None:
        """Open the tested stage as a normal game (Back returns here)."""
        game_id = self._proved_id()
        if game_id is not None:
            window.location.hash = format_hash(self.game, game_id)

    def share(self) -> None:
        """Copy a link to the tested stage, and show it."""
        game_id = self._proved_id()
        if game_id is None:
            return
        link = f"{window.location.origin}{window.location.pathname}{format_hash(self.game, game_id)}"
        self.link.value = link
        self.link_box.hidden = False
        copy_text(link, self._copied)

    def _copied(self, ok: bool) -> None:
        text = self.t("mirrors_edit_link_copied" if ok else "mirrors_edit_copy_by_hand")
        self.verdict_line.textContent = self.shell.i18n.sentences(self._verdict_text(self.verdict[1]), text) \
            if self.verdict is not None else text
        self.shell.announce(text)
        if not ok:
            focus_on(self.link)
            self.link.select()

    # ----- drafts ----------------------------------------------------------------------------

    def _show_drafts(self) -> None:
        prefix = self.drafts.key(self.game, "")
        stored = sum(key.startswith(prefix) for key in self.shell.storage.keys())
        names = self.drafts.names(self.game)
        if len(names) < stored:  # a damaged one was set aside as the list was read: say it in the editor's words
            self._say_damaged(self.t("mirrors_edit_drafts_damaged"))
        self.draft_list.show(names)

    def _say_damaged(self, text: str) -> None:
        """Show (and say) that a draft was set aside, with any other storage notice but the generic one."""
        others = [self.t(notice, games="") for notice in self.shell.storage.take_notices()
                  if notice != "storage_quarantined"]
        self.shell.notify(self.shell.i18n.sentences(text, *others))

    def save_draft(self, name: str) -> None:
        """Keep the stage under `name` (when empty, "My stage", "My stage 2"…: a name not yet taken), tested or
        not, solvable or not."""
        if not name.strip():
            taken = set(self.drafts.names(self.game))
            base = self.t("mirrors_edit_draft_default")
            name = next(n for n in (base, *(f"{base} {k}" for k in range(2, MAX_DRAFTS + 2))) if n not in taken)
        answer = self.drafts.save(self.game, name, editor.to_text(self.stage))
        keys = {SAVED: "mirrors_edit_saved", REPLACED: "mirrors_edit_replaced", FULL: "mirrors_edit_full",
                BAD_NAME: "mirrors_edit_bad_name", NOT_KEPT: "mirrors_edit_not_kept"}
        if answer in (FULL, BAD_NAME):
            self.shell.audio.play("error")
        self.draft_list.name.value = name
        self._show_drafts()
        self.shell.announce(self.t(keys[answer], name=" ".join(name.split()), max=MAX_DRAFTS))

    def open_draft(self, name: str) -> None:
        """Open a draft in place of the stage being built."""
        text = self.drafts.get(self.game, name)
        stage = None
        if text is not None:
            try:
                stage = editor.from_text(text)
            except GameIdError:
                stage = None
        if stage is None:
            self._say_damaged(self.t("mirrors_edit_damaged", name=name))
            self.draft_list.show(self.drafts.names(self.game))
            return
        self.verdict = None
        self._edit(stage, self.t("mirrors_edit_step_open", name=name))
        self._new_board()
        self.draft_list.name.value = name
        self.shell.announce(self.t("mirrors_edit_opened", name=name))

    def _ask_delete(self, name: str) -> None:
        self.shell.confirm(self.t("mirrors_edit_delete_title", name=name), self.t("mirrors_edit_delete_text"),
                           lambda: self._delete(name), yes_key="mirrors_edit_delete_yes",
                           no_key="mirrors_edit_delete_no")

    def _delete(self, name: str) -> None:
        self.drafts.remove(self.game, name)
        self._show_drafts()
        focus_on(self.draft_list.name)  # its Delete button is gone: focus stays in the drafts box
        self.shell.announce(self.t("mirrors_edit_deleted", name=name))

    # ----- teardown --------------------------------------------------------------------------

    def close(self) -> None:
        """Stop a Test under way, remove listeners and take the screen out of the page."""
        self.slow.close()
        self._listeners.close()
        if self.board is not None:
            self.board.close()
        self.root.remove()


Editor = EditorScreen
