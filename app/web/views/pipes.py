"""Pipe Link on the page: pipe tiles that turn (animated), water in gold, loops in red, locks.

Path mode puts the entrance and the exit on the board's ring, beside the top-left
and bottom-right tiles; Net mode has no ring and marks the source tile.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from app.games import pipes
from app.web.dom import element
from app.web.layout import MOUSE_MIDDLE, MOUSE_PRIMARY, MOUSE_SECONDARY, Action, BoardLayout, Geometry, Position
from app.web.legend import beside_the_board
from app.web.views.base import ViewHost
from app.web.views.par import ParView
from app.web.views.pipes_legend import PipesLegend

if TYPE_CHECKING:
    from app.core.game import GameSpec

TOOL = "tool"  # the action of a click or tap: whatever the tool switch has chosen
TURN_MS = 150  # a quarter turn; the ceiling

# Per-cell code: tile value in bits 0-3, then flags. Ring positions use codes above any cell's.
LOCKED, FLOWING, LOOP, SOURCE = 16, 32, 64, 128
GHOST = 512  # a wrapping Net board's ring: the opposite edge's tile, shown half, faded (the edges join)
ENTRANCE, EXIT = 1024, 2048
WET = 1  # added to ENTRANCE/EXIT when water passes there

COLOURS = {"bg": "#1b2233", "tile": "#263047", "tile_locked": "#33405e", "edge": "#111726", "dry": "#8b96ad",
           "water": "#f5b82e", "loop": "#ef4444", "lock": "#cbd5e1", "source": "#38bdf8"}
# The colour-blind-safe set (the "palette" setting): Okabe and Ito's sky blue water and orange loops.
OKABE_ITO = {**COLOURS, "water": "#56b4e9", "loop": "#e69f00", "source": "#f0e442"}
PALETTES = {"standard": COLOURS, "okabe_ito": OKABE_ITO}
SIDE_VECTORS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # up, right, down, left as (dx, dy)
# The legend's lines, as the board draws them: a straight left-right pipe (10), a corner right-down (6), an end (2).
LEGEND = (("water", 10 | FLOWING), ("dry", 10), ("loop", 6 | LOOP), ("locked", 10 | LOCKED),
          ("source", 2 | SOURCE | FLOWING), ("entrance", ENTRANCE + WET), ("exit", EXIT + WET))


class PipesView(ParView):
    """How Pipe Link looks, reads and responds."""

    actions = (
        Action("turn_cw", "action_turn_cw", keys=("Enter", " ")),
        Action("turn_ccw", "action_turn_ccw", keys=("Shift+Enter",), buttons=(MOUSE_SECONDARY,)),
        Action("lock", "action_lock", keys=("l",), buttons=(MOUSE_MIDDLE,), long_press=True),
        # A click or a tap does what the tool switch says (turn clockwise unless the player chose
        # otherwise): touch players and trackpads without a middle button reach every action.
        Action(TOOL, "action_tool", buttons=(MOUSE_PRIMARY,), tap=True),
    )
    tools = ("turn_cw", "turn_ccw", "lock")
    sounds = {"turn": ((740.0, 0.0, 0.04, "triangle", 0.16),),
              "lock": ((440.0, 0.0, 0.04, "square", 0.06), (330.0, 0.04, 0.05, "square", 0.05))}
    min_cell_px = 30.0
    max_cell_px = 68.0

    def __init__(self, host: ViewHost, spec: GameSpec[Any, Any, Any]) -> None:
        super().__init__(host, spec)
        self._unlock_button: Any = None  # "Unlock all", once extra_controls has made it
        self.tool = "turn_cw"  # what a click or tap does: "turn_cw", "turn_ccw" or "lock"
        self.colours = COLOURS
        self._legend: PipesLegend | None = None

    @property
    def grid_label_key(self) -> str:  # type: ignore[override]
        """"Pipe Link board", or on a wrapping board "Pipe Link board; edges wrap around"."""
        state = self.host.state
        return "pipes_grid_wrap" if state is not None and state.params.wrap else "pipes_grid"

    # ----- the board -------------------------------------------------------------------------

    def layout(self, state: pipes.State) -> BoardLayout:
        """Path mode: a ring holding the entrance (left of the top-left tile) and the exit; Net: cells only,
        but a wrapping Net board has a ring with no buttons on it, where the opposite edges show through."""
        if state.params.mode == pipes.NET:
            return BoardLayout(state.height, state.width, ring=bool(state.params.wrap))
        return BoardLayout(state.height, state.width, ring=True,
                           edge=frozenset({(0, -1), (state.height - 1, state.width)}))

    def codes(self, state: pipes.State) -> np.ndarray[Any, Any]:
        """Tile value plus lock, flow, loop and source flags per cell; entrance and exit on the ring."""
        tiles = pipes.grid(state).astype(np.int32)
        codes = tiles | (pipes.locked_mask(state) * LOCKED) | (pipes.flowing(state) * FLOWING)
        codes = codes | (pipes.loops(state) * LOOP)
        if state.params.mode == pipes.NET:
            source = pipes.source_cell(state.params)
            codes[source // state.width, source % state.width] |= SOURCE
            if not state.params.wrap:
                return codes
            # Tatham's wrapping Net: the board continues past each edge into the opposite one.
            ring = np.zeros((state.height + 2, state.width + 2), dtype=np.int32)
            ring[1:-1, 1:-1] = codes
            ghosts = (codes & ~(LOCKED | SOURCE)) | GHOST
            ring[0, 1:-1], ring[-1, 1:-1] = ghosts[-1, :], ghosts[0, :]
            ring[1:-1, 0], ring[1:-1, -1] = ghosts[:, -1], ghosts[:, 0]
            return ring
        ring = np.zeros((state.height + 2, state.width + 2), dtype=np.int32)
        ring[1:-1, 1:-1] = codes
        wet_in = bool(codes[0, 0] & FLOWING)
        ring[1, 0] = ENTRANCE + (WET if wet_in else 0)
        ring[state.height, state.width + 1] = EXIT + (WET if pipes.status(state) > 0 else 0)
        return ring

    def paint_cell(self, context: Any, code: int, x: float, y: float, size: float) -> None:
        """A tile with its pipes (or the entrance/exit stub, or nothing on the empty ring)."""
        if code >= ENTRANCE:
            self._port(context, code, x, y, size)
            return
        context.fillStyle = self.colours["bg"]
        context.fillRect(x, y, size, size)
        self._tile(context, code, x, y, size, 0.0)

    def paint(self, context: Any, geometry: Geometry, codes: np.ndarray[Any, Any], area: list[Position]) -> None:
        """Tiles cell by cell, each clipped to its own square; the empty ring stays bare.

        A position's drawing never leaves its square and depends on its own code alone,
        so repainting the positions whose codes changed (no widening) draws exactly what a
        full repaint draws: no stub of an old arm is left on a neighbour, no new arm is cut.
        """
        self.colours = PALETTES.get(str(self.host.setting("palette")), COLOURS)
        if self._legend is not None:
            self._legend.repaint(self.colours)
        layout = geometry.layout
        for position in area:
            code = int(codes[layout.index(position)])
            x, y, size = geometry.rect(position)
            context.save()
            _clip_square(context, x, y, size)
            if code & GHOST and code < ENTRANCE:
                self._ghost(context, layout, position, code, x, y, size)
            elif layout.is_cell(position) or code >= ENTRANCE:
                self.paint_cell(context, code, x, y, size)
            else:
                context.fillStyle = self.colours["bg"]
                context.fillRect(x, y, size, size)
            context.restore()

    def _tile(self, context: Any, code: int, x: float, y: float, size: float, angle: float) -> None:
        """A tile: dry pipes thin and grey; water wide, gold, with a dark channel down its middle; a loop wide,
        red, with a hollow centre and a turning-arrow mark in the corner (shape as well as colour, WCAG 1.4.1)."""
        colours = self.colours
        inset = max(1.0, size * 0.04)
        context.fillStyle = colours["tile_locked"] if code & LOCKED else colours["tile"]
        context.beginPath()
        context.roundRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset, size * 0.12)
        context.fill()
        wet = bool(code & (FLOWING | LOOP))
        if code & LOOP:
            colour = colours["loop"]
        else:
            colour = colours["water"] if code & FLOWING else colours["dry"]
        cx, cy = x + size / 2, y + size / 2
        context.save()
        context.translate(cx, cy)
        if angle:
            context.rotate(angle)
        # Butt ends: an arm stops exactly on the square's edge, where the neighbour's arm meets it.
        # (Round ends reached a tenth of a tile into the neighbour, which a repaint of this tile
        # alone could neither erase nor draw.) The centre dot covers the joint of the arms.
        context.lineCap = "butt"
        half = size / 2
        arms = [(dx * half, dy * half) for side, (dx, dy) in enumerate(SIDE_VECTORS) if code & (1 << side)]
        layers = [(colour, max(4.0, size * 0.24), max(3.0, size * 0.14))] if wet else \
            [(colour, max(2.0, size * 0.12), max(2.5, size * 0.1))]
        if wet:  # the channel: a dark line down the middle of every wet arm
            layers.append((colours["edge"], max(1.5, size * 0.05), max(1.5, size * 0.05)))
        for stroke, width, radius in layers:
            context.strokeStyle = stroke
            context.lineWidth = width
            context.beginPath()
            for dx, dy in arms:
                context.moveTo(0, 0)
                context.lineTo(dx, dy)
            context.stroke()
            context.fillStyle = stroke
            context.beginPath()
            context.arc(0, 0, radius, 0, 2 * math.pi)
            context.fill()
        if code & LOOP:  # a hollow centre
            context.fillStyle = colours["tile"]
            context.beginPath()
            context.arc(0, 0, max(1.5, size * 0.06), 0, 2 * math.pi)
            context.fill()
        if code & SOURCE:
            context.fillStyle = colours["source"]
            context.fillRect(-size * 0.17, -size * 0.17, size * 0.34, size * 0.34)
            context.strokeStyle = colours["edge"]
            context.lineWidth = max(1.0, size * 0.03)
            context.strokeRect(-size * 0.17, -size * 0.17, size * 0.34, size * 0.34)
        context.restore()
        if code & LOOP:
            # a turning arrow in the bottom-left corner: "this tile is on a loop"
            mx, my, radius = x + size * 0.2, y + size * 0.8, size * 0.09
            context.strokeStyle = colours["loop"]
            context.lineWidth = max(1.5, size * 0.035)
            context.beginPath()
            context.arc(mx, my, radius, 0.2 * math.pi, 1.8 * math.pi)
            context.stroke()
            context.fillStyle = colours["loop"]
            tip_x, tip_y = mx + radius * math.cos(1.8 * math.pi), my + radius * math.sin(1.8 * math.pi)
            context.beginPath()
            context.moveTo(tip_x + radius * 0.6, tip_y)
            context.lineTo(tip_x - radius * 0.2, tip_y - radius * 0.6)
            context.lineTo(tip_x - radius * 0.2, tip_y + radius * 0.6)
            context.fill()
        if code & LOCKED:
            # a small padlock in the corner: shape, not colour, says "locked"
            lx, ly, unit = x + size * 0.72, y + size * 0.1, size * 0.16
            context.strokeStyle = colours["lock"]
            context.lineWidth = max(1.5, size * 0.035)
            context.beginPath()
            context.arc(lx + unit / 2, ly + unit * 0.55, unit * 0.32, math.pi, 0)
            context.stroke()
            context.fillStyle = colours["lock"]
            context.fillRect(lx, ly + unit * 0.55, unit, unit * 0.75)

    def _ghost(self, context: Any, layout: BoardLayout, position: Position, code: int, x: float, y: float,
               size: float) -> None:
        """The opposite edge's tile beyond a wrapping board's edge: its half nearest the board, faded."""
        context.fillStyle = self.colours["bg"]
        context.fillRect(x, y, size, size)
        row, col = position
        half_x = x + size / 2 if col < 0 else x
        half_y = y + size / 2 if row < 0 else y
        context.beginPath()
        context.rect(half_x, half_y, size if 0 <= col < layout.cols else size / 2,
                     size if 0 <= row < layout.rows else size / 2)
        context.clip()
        context.globalAlpha = 0.45
        self._tile(context, code & ~GHOST, x, y, size, 0.0)
        context.globalAlpha = 1.0

    def _port(self, context: Any, code: int, x: float, y: float, size: float) -> None:
        """The entrance (water comes in from the left) or the exit (water leaves to the right)."""
        context.fillStyle = self.colours["bg"]
        context.fillRect(x, y, size, size)
        wet = bool(code & WET)
        context.strokeStyle = self.colours["water"] if wet else self.colours["dry"]
        context.lineWidth = max(3.0, size * 0.2)
        context.lineCap = "butt"
        cy = y + size / 2
        context.beginPath()
        if code >= EXIT:
            context.moveTo(x, cy)
            context.lineTo(x + size * 0.55, cy)
        else:
            context.moveTo(x + size * 0.45, cy)
            context.lineTo(x + size, cy)
        context.stroke()
        # an arrow head shows which way the water goes
        context.fillStyle = self.colours["water"] if wet else self.colours["dry"]
        tip = x + size * (0.9 if code >= EXIT else 0.45)
        context.beginPath()
        context.moveTo(tip, cy)
        context.lineTo(tip - size * 0.25, cy - size * 0.22)
        context.lineTo(tip - size * 0.25, cy + size * 0.22)
        context.fill()

    def label(self, code: int, position: Position) -> str:
        """"Row R, column C, open up, right, flowing[, locked]" (Net's source: "Row R, column C, the source, …");
        "Entrance, left of row 1, column 1" / "Exit, right of row R, column C"."""
        row, col = position
        if code >= EXIT:
            return self.t("pipes_exit_at", row=row + 1, col=col)
        if code >= ENTRANCE:
            return self.t("pipes_entrance_at", row=row + 1, col=col + 2)
        sides = self._sides(code & 15)
        flow = self.t("pipes_flowing" if code & FLOWING else "pipes_dry")
        key = "pipes_cell_source" if code & SOURCE else "pipes_cell"
        text = self.t(key + ("_locked" if code & LOCKED else ""), row=row + 1, col=col + 1, sides=sides, flow=flow)
        if code & LOOP:
            text += self.t("pipes_label_separator") + self.t("pipes_in_loop")
        return text

    def pressed(self, code: int) -> str | None:
        """Tiles are not toggles; locks are said in the label."""
        return None

    def move_for(self, action: str, state: pipes.State, row: int, col: int) -> Any:
        """Turn or lock a tile; the entrance and exit do nothing."""
        if not (0 <= row < state.height and 0 <= col < state.width):
            return None
        if action == TOOL:
            action = self.tool
        if action == "lock":
            return ("lock", row, col)
        return ("cw" if action == "turn_cw" else "ccw", row, col)

    # ----- reactions -------------------------------------------------------------------------

    def after_move(self, before: Any, after: pipes.State, move: Any, changed: list[Position]) -> None:
        """Sound and the turn animation (what the water or a lock did is `move_summary`'s words)."""
        kind = move[0]
        self.host.play_sound("lock" if kind in ("lock", "unlock_all") else "turn")
        if kind in ("cw", "ccw", "set"):
            self._animate_turn(before, after, move)
        board = self.board
        if kind == "unlock_all" and self._unlock_button is not None and self._unlock_button.matches(":focus"):
            board.focus()  # the button is disabled now that nothing is locked: focus must not be lost

    def _lock_text(self, before: pipes.State, after: pipes.State, move: Any) -> str:
        """"Row 3, column 4 locked" / "unlocked", or "Unlocked 5 tiles"."""
        if move[0] == "unlock_all":
            return self.t("pipes_live_unlocked_all", n=int(pipes.locked_mask(before).sum()))
        row, col = int(move[1]), int(move[2])
        key = "pipes_live_locked" if after.is_locked(row, col) else "pipes_live_unlocked"
        return self.t(key, row=row + 1, col=col + 1)

    def hint_words(self, state: Any, move: Any) -> str | None:
        """"Turned and locked row 3, column 4": what the hint's ("set", row, col, value) move does."""
        return self.t("pipes_live_hinted", row=int(move[1]) + 1, col=int(move[2]) + 1)

    def _sides(self, tile: int) -> str:
        """"up, right" (JA "上・右"): a tile's openings, or "nothing"."""
        names = [self.t(f"pipes_side_{side}") for side in pipes.open_sides(tile)]
        return self.t("pipes_side_separator").join(names) if names else self.t("pipes_sides_none")

    def move_summary(self, before: Any, after: pipes.State, move: Any, verbosity: str) -> str | None:
        """What the water did, in one sentence ("Water reaches 7 tiles (+2); the water front is at row 3,
        column 4, 3 tiles from the exit"; Net: "…; joined: row 2 column 3"), after the tile turned ("Turned
        row 2, column 3; …", one sentence), or what a lock did; full says which way it turned and names every
        joined tile (a hint's own words come first, from `hint_words`)."""
        if before is None:
            n, total = pipes.active_count(after)
            return self.t("pipes_live_active_same" if after.params.mode == pipes.NET else "pipes_live_reach_same",
                          n=n, total=total)
        if move is not None and move[0] in ("lock", "unlock_all"):
            return self._lock_text(before, after, move)
        if pipes.status(after) != 0:  # the turn that won, in its own words: the clear message follows them
            if move is None or move[0] not in ("cw", "ccw"):
                return None  # (a hinted move's words are the hint's)
            return self._turned_words(after, move)
        text = self._flow_text(before, after, verbosity)
        if move is not None and move[0] != "set":  # a turn names its tile and how it now lies (full: which way it went)
            if verbosity == "full":  # "Row 2, column 3 turned clockwise, now open up, right. Water reaches …"
                text = self.host.sentences(self._turned_words(after, move), text)  # (JA: no space after 。)
            else:  # one sentence: "Turned row 2, column 3, now open up, right; water reaches 7 tiles …"
                text = self.t("pipes_said_turned", **self._where(after, move), change=text[:1].lower() + text[1:])
        return text

    def _where(self, after: pipes.State, move: Any) -> dict[str, Any]:
        """The turned tile's row and column (from 1) and the sides it now opens to, for the turn's words."""
        row, col = int(move[1]), int(move[2])
        return {"row": row + 1, "col": col + 1, "sides": self._sides(after.tile(row, col))}

    def _turned_words(self, after: pipes.State, move: Any) -> str:
        """The turn in words: "Row 2, column 3 turned clockwise, now open up, right"."""
        return self.t(f"pipes_said_turned_{'ccw' if move[0] == 'ccw' else 'cw'}", **self._where(after, move))

    def _animate_turn(self, before: pipes.State, after: pipes.State, move: Any) -> None:
        row, col = int(move[1]), int(move[2])
        old, new = before.tile(row, col), after.tile(row, col)
        quarter = 1 if pipes.rotate_cw(old) == new else -1 if pipes.rotate_ccw(old) == new else 2
        if old == new:
            return
        board = self.board
        if board.codes is None:
            return  # (never drawn yet: nothing to turn)
        code = int(board.codes[board.layout.index((row, col))])

        def frame(context: Any, geometry: Geometry, progress: float) -> None:
            x, y, size = geometry.rect((row, col))
            _clip_square(context, x, y, size)  # a turning arm's corners must not reach the neighbours
            context.fillStyle = self.colours["bg"]
            context.fillRect(x, y, size, size)
            # The tile already holds its new value: draw it turned back, easing to rest.
            eased = 1 - (1 - progress) ** 2
            self._tile(context, code, x, y, size, -quarter * (math.pi / 2) * (1 - eased))

        board.animate(TURN_MS * (2 if quarter == 2 else 1), frame, [(row, col)])

    def _flow_text(self, before: pipes.State, after: pipes.State, verbosity: str) -> str:
        """The count, then what changed, in one sentence: path mode where the water front is and how far from the
        exit; Net the tiles that joined or were cut off (short: the first three of each); then any loop."""
        n_before, total = pipes.active_count(before)
        n_after, _ = pipes.active_count(after)
        delta = n_after - n_before
        net = after.params.mode == pipes.NET
        which = "more" if delta > 0 else "less" if delta < 0 else "same"
        clauses = []
        if net:
            joined, left = pipes.network_change(before, after)
            limit = None if verbosity == "full" else 3
            if joined:
                clauses.append(self.t("pipes_live_joined", tiles=self._tile_list(joined, limit)))
            if left:
                clauses.append(self.t("pipes_live_left", tiles=self._tile_list(left, limit)))
        else:
            front = pipes.water_front(after)
            if front is None:
                clauses.append(self.t("pipes_live_no_water"))
            elif front[2] == 0:
                clauses.append(self.t("pipes_live_front_exit", row=front[0] + 1, col=front[1] + 1))
            else:
                clauses.append(self.t("pipes_live_front", row=front[0] + 1, col=front[1] + 1, n=front[2]))
        loop_count = int(pipes.loops(after).sum())
        if loop_count:
            clauses.append(self.t("pipes_live_loop_clause", n=loop_count))
        text = self.t(f"pipes_live_{'active' if net else 'reach'}_{which}", n=n_after, total=total, d=abs(delta))
        for clause in clauses:
            text = self.t("pipes_said_clause", text=text, clause=clause)
        return text

    def _tile_list(self, cells: tuple[tuple[int, int], ...], limit: int | None) -> str:
        """"row 2 column 3, row 2 column 4" (with "and 4 more" past the limit)."""
        shown = cells if limit is None else cells[:limit]
        text = self.t("pipes_tile_separator").join(
            self.t("pipes_tile_item", row=row + 1, col=col + 1) for row, col in shown)
        if len(cells) > len(shown):
            text = self.t("pipes_tiles_more", tiles=text, n=len(cells) - len(shown))
        return text

    def use_hint(self, move: Any) -> None:
        """Put the cursor on the hinted tile, turn and lock it, and ring it (the screen clears rings on a move)."""
        board = self.board
        board.move_cursor(int(move[1]), int(move[2]), focus=board.has_focus())
        self.host.request(move)
        board.mark([(int(move[1]), int(move[2]))], "hinted")

    # ----- numbers ---------------------------------------------------------------------------

    def after_render(self, session: Any) -> None:
        """"Unlock all" can be pressed only while a tile is locked and the board is in play."""
        if self._unlock_button is not None:
            self._unlock_button.disabled = session.over or not any(session.state.locked)
        if self._legend is not None:
            self._legend.sync(session.state.params.mode)

    def extra_stats(self, session: Any) -> list[tuple[str, str, str]]:
        """Net mode: how many tiles are joined to the source."""
        if session.state.params.mode != pipes.NET:
            return []
        n, total = pipes.active_count(session.state)
        return [("active", self.t("pipes_active_label"), f"{n}/{total}")]

    def play_tools(self, listen: Any) -> Any:
        """The tool switch in the control bar: what a click or tap does (turn ↻, turn ↺ or lock).

        Native radio buttons in a labelled group: arrow keys move between them, a screen
        reader says "Turn clockwise, radio button, 1 of 3, checked" (each is named in words: the visible
        "Turn ↻" and "Turn ↺" differ only by a glyph); the checked one looks pressed."""
        choices = []
        for tool in self.tools:
            radio = element("input", attrs={"type": "radio", "name": "pipes-tool", "value": tool,
                                            "id": f"pipes-tool-{tool}", "data-i18n-label": f"pipes_tool_{tool}_name"})
            radio.checked = tool == self.tool
            listen(radio, "change", lambda _event, chosen=tool: self._choose_tool(chosen))
            choices.append(element("label", cls="tool-choice", children=[
                radio, element("span", attrs={"data-i18n": f"pipes_tool_{tool}", "aria-hidden": "true"})]))
        return element("div", cls="tool-switch", attrs={"role": "radiogroup", "id": "pipes-tools",
                                                        "data-i18n-label": "pipes_tool_label"}, children=choices)

    def _choose_tool(self, tool: str) -> None:
        self.tool = tool

    def extra_controls(self, host: Any) -> None:
        """"Unlock all", and the legend of the board's marks."""
        button = element("button", attrs={"type": "button", "id": "pipes-unlock-all", "data-i18n": "pipes_unlock_all",
                                          "disabled": ""})
        host.appendChild(button)
        self._unlock_button = button
        self.host.listen(button, "click", lambda _event: self.host.request(("unlock_all",)))
        self._legend = PipesLegend(LEGEND, self.paint_cell, open_=beside_the_board())
        self._legend.repaint(self.colours)
        host.appendChild(self._legend.root)


def _clip_square(context: Any, x: float, y: float, size: float) -> None:
    """Clip drawing to one position's square (the caller saves and restores the context)."""
    context.beginPath()
    context.rect(x, y, size, size)
    context.clip()

