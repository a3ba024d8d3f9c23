"""Light Path on the page: mirrors to turn, sources on the ring, beams traced by the backend, glowing targets.

Everything drawn is a function of the current cells (the puzzle is fixed for a
board), and the codes carry every cell's code, so any turn changes a code and
the board repaints; `widen` makes that repaint the whole board, since one turn
can move a beam anywhere. The beams are drawn from the very steps
`mirrors.trace` returns, converted to pixels only through `Geometry`.

Codes (one per position, ring included):
- a cell: its cell code (0..15, `cells.py`) | BEAM when a beam enters it, with BEAM_COLOUR << colour for
  each colour of light in it (`mirrors.beam_colours`) | LIT for a lit target;
- a ring position: SOURCE | colour << 2 | direction for a source, | EXIT when a beam leaves there.

`?debug=1` in the page address overlays every traced path with its step numbers.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Any
from urllib.parse import parse_qs

import js
import numpy as np

from app.games import mirrors
from app.games.mirrors.cells import CODE_COUNT, DELTAS, describe, opposite
from app.web.dom import element
from app.web.layout import MOUSE_PRIMARY, Action, BoardLayout, Geometry, Position
from app.web.views.par import ParView

KIND = 0x0F
BEAM = 0x10
LIT = 0x20
SOURCE = 0x40
EXIT = 0x80
BEAM_COLOUR = 0x100  # << colour (0 white .. 3 blue): the colours of light in a cell, so labels can name them

TAU = 6.283185307179586
CELLS = tuple(describe(code) for code in range(CODE_COUNT))  # what each cell code is, looked up per repaint
SPRITE_MEMORY = 64  # letter pictures kept (a board uses a handful; a language switch or resize adds more)
GLOW_MS = 450  # newly lit targets pulse once (nothing under reduced motion)
BG = {"ring": "#0c1019", "seam": "#141a27", "tile": "#1d2434", "tile_edge": "#2a3349", "wall": "#5b6374",
      "wall_line": "#3b4150", "mirror": "#e9eef7", "mirror_edge": "#7f8aa3", "fixed": "#9aa3b4",
      "pin": "#f59e0b", "pin_edge": "#3b2606", "target_off": "#151922", "ink": "#0b0d12", "debug": "#ffffff"}
# Element colours (filters, glass, targets, sources) and beam colours, by colour index 0 white .. 3 blue.
SOLID = ("#ece7d6", "#ef4444", "#22c55e", "#3b82f6")
LIGHT = ("#fff8dc", "#ff7070", "#62f09a", "#74b9ff")
TRANSLUCENT = ("rgba(236,231,214,0.22)", "rgba(239,68,68,0.25)", "rgba(34,197,94,0.25)", "rgba(59,130,246,0.28)")
CLEAR = ("rgba(255,248,220,0)", "rgba(255,112,112,0)", "rgba(98,240,154,0)", "rgba(116,185,255,0)")


# The legend's lines, in order: what a player meets first comes first.
LEGEND = ("mirror", "fixed", "target", "source", "filter", "glass", "wall", "letters")


def legend_pieces(state: mirrors.State) -> frozenset[str]:
    """The legend lines a board needs: one per kind of piece on it, and the colour letters."""
    pieces = {"source", "letters"} if mirrors.sources(state) else {"letters"}
    for code in set(state.cells):
        cell = CELLS[code]
        if cell.kind == "mirror":
            pieces.add("mirror" if cell.turnable else "fixed")
        elif cell.kind != "empty":
            pieces.add(cell.kind)
    return frozenset(pieces)


def _debug_requested() -> bool:
    try:
        query = parse_qs(str(js.window.location.search).lstrip("?"))
    except Exception:  # no window (never on the page): no overlay
        return False
    return query.get("debug", ["0"])[0] not in ("", "0", "false")


class MirrorsView(ParView):
    """How Light Path looks, reads and responds."""

    backend = mirrors
    spec = mirrors.SPEC
    grid_label_key = "mirrors_grid"
    actions = (Action("turn", "action_turn", keys=("Enter", " "), buttons=(MOUSE_PRIMARY,), tap=True),)
    sounds = {"turn": ((660.0, 0.0, 0.04, "triangle", 0.12), (990.0, 0.035, 0.05, "sine", 0.08))}
    stylesheet = "static/css/games/mirrors.css"
    min_cell_px = 30.0
    max_cell_px = 64.0

    def __init__(self, host: Any) -> None:
        super().__init__(host)
        self._layout: BoardLayout | None = None
        self._states: OrderedDict[bytes, mirrors.State] = OrderedDict()  # codes -> the state they were made from
        self._pending_hint: tuple[tuple[str, int, int], str] | None = None
        self._sprites: dict[tuple[Any, ...], tuple[Any, float]] = {}  # letter pictures (see _letter)
        self._pulse_area: list[Position] | None = None  # the squares a running pulse repaints (see widen)
        self._underlay_canvas: Any = None  # the puzzle's still parts, drawn once (see paint)
        self._underlay_key: tuple[Any, ...] | None = None
        self._stage_list: Any = None  # the stage list in the panel (None: no stages)
        self._stage_error: Any = None
        self._error_announced = False
        self._stage_title: Any = None
        self._stage_count: Any = None
        self._stage_language = ""
        self._stage_records: tuple[tuple[str, dict[str, Any]], ...] | None = None
        self._stage_signature: tuple[Any, ...] | None = None
        self._legend_items: dict[str, Any] = {}  # piece -> its line in the legend
        self._legend_puzzle: mirrors.Puzzle | None = None  # the puzzle the legend's lines were chosen for
        self.debug = _debug_requested()

    # ----- the board -------------------------------------------------------------------------

    def layout(self, state: mirrors.State) -> BoardLayout:
        """The cells, and a ring whose live positions are the sources."""
        edge = frozenset((source.row, source.col) for source in mirrors.sources(state))
        self._layout = BoardLayout(state.height, state.width, ring=True, edge=edge)
        return self._layout

    def codes(self, state: mirrors.State) -> np.ndarray:
        """Cell codes with beam and lit flags; source colour and direction, and beam exits, on the ring."""
        height, width = state.height, state.width
        codes = np.zeros((height + 2, width + 2), dtype=np.int16)
        codes[1:-1, 1:-1] = np.array(state.cells, dtype=np.int16).reshape(height, width)
        for source in mirrors.sources(state):
            codes[source.row + 1, source.col + 1] |= SOURCE | (source.colour << 2) | source.direction
        for (row, col), colours in mirrors.beam_colours(state).items():
            flags = BEAM
            for colour in colours:
                flags |= BEAM_COLOUR << colour
            codes[row + 1, col + 1] |= flags
        for beam in mirrors.trace(state):
            if beam.end == "edge":
                codes[beam.end_row + 1, beam.end_col + 1] |= EXIT
        for row, col in mirrors.lit_targets(state):
            codes[row + 1, col + 1] |= LIT
        self._states[codes.tobytes()] = state
        self._states.move_to_end(codes.tobytes())
        while len(self._states) > 8:
            self._states.popitem(last=False)
        return codes

    def widen(self, changed: list[Position]) -> list[Position]:
        """Beams cross the board: any change repaints all of it (but a lit target's pulse only its own squares)."""
        if not changed or self._layout is None or changed == self._pulse_area:
            return changed
        return self._layout.positions()

    def _state_for(self, codes: np.ndarray) -> mirrors.State:
        state = self._states.get(codes.tobytes())
        return state if state is not None else self.host.state

    # ----- painting --------------------------------------------------------------------------

    def paint(self, context: Any, geometry: Geometry, codes: np.ndarray, area: list[Position]) -> None:
        """The still underlay (ring, tiles, walls, filter and glass panes), targets, beams, mirrors, letters, sources.

        The underlay never changes while a puzzle is on the board (turns move only mirrors
        and light), so it is drawn once per puzzle and canvas size and copied in one call:
        a turn repaints in a few hundred canvas calls instead of over a thousand.
        """
        state = self._state_for(codes)
        layout = geometry.layout
        cells = [(r, c) for r in range(layout.rows) for c in range(layout.cols)]
        kinds = [(position, int(codes[layout.index(position)])) for position in cells]
        self._underlay(context, geometry, state, kinds)
        # Only what lies in the area can show through the clip; every drawing but a beam stays in its square.
        inside = set(area)
        if len(inside) < layout.total_rows * layout.total_cols:
            kinds = [(position, code) for position, code in kinds if position in inside]
        for position, code in kinds:
            if CELLS[code & KIND].kind == "target":
                self._body(context, geometry, position, code & KIND, bool(code & LIT))
        beams = mirrors.trace(state)
        for beam in beams:
            self._beam(context, geometry, beam)
        self._mirrors(context, geometry, kinds)
        for position, code in kinds:
            self._top(context, geometry, position, code & KIND, bool(code & LIT))
        for source in mirrors.sources(state):
            if (source.row, source.col) in inside:
                self._source(context, geometry, source)
        if self.debug:
            self._debug_paths(context, geometry, beams)

    def _underlay(self, context: Any, geometry: Geometry, state: mirrors.State,
                  kinds: list[tuple[Position, int]]) -> None:
        """Copy the puzzle's still parts onto the board, drawing them first if the puzzle or size changed."""
        canvas = context.canvas
        key = (state.puzzle, int(canvas.width), int(canvas.height), geometry.cell_px)
        if self._underlay_key != key:
            if self._underlay_canvas is None:
                self._underlay_canvas = js.document.createElement("canvas")
            layer = self._underlay_canvas
            layer.width, layer.height = canvas.width, canvas.height
            under = layer.getContext("2d")
            under.setTransform(context.getTransform())  # the board's pixel ratio
            under.fillStyle = BG["ring"]
            under.fillRect(0, 0, geometry.width, geometry.height)
            for position, _ in kinds:
                self._tile(under, geometry, position)
            for position, code in kinds:
                if CELLS[code & KIND].kind in ("wall", "filter", "glass"):
                    self._body(under, geometry, position, code & KIND, False)
            self._underlay_key = key
        context.save()
        context.setTransform(1, 0, 0, 1, 0, 0)
        context.drawImage(self._underlay_canvas, 0, 0)
        context.restore()

    def _mirrors(self, context: Any, geometry: Geometry, kinds: list[tuple[Position, int]]) -> None:
        """Every mirror, batched: one path for the rims, one per face colour, one for the pins of fixed ones."""
        size = geometry.cell_px
        inset = size * 0.16
        lines: list[tuple[float, float, float, float, bool]] = []
        pins: list[tuple[float, float]] = []
        for position, code in kinds:
            cell = CELLS[code & KIND]
            if cell.kind != "mirror":
                continue
            x, y, _ = geometry.rect(position)
            if cell.mirror == "/":
                lines.append((x + inset, y + size - inset, x + size - inset, y + inset, cell.turnable))
            else:
                lines.append((x + inset, y + inset, x + size - inset, y + size - inset, cell.turnable))
            if not cell.turnable:  # the pin: a fixed mirror never looks like one to turn
                pins.append(geometry.centre(position))
        if not lines:
            return
        context.lineCap = "round"
        for colour, width, chosen in ((BG["mirror_edge"], max(4.0, size * 0.16), None),
                                      (BG["mirror"], max(2.0, size * 0.09), True),
                                      (BG["fixed"], max(2.0, size * 0.09), False)):
            group = [line for line in lines if chosen is None or line[4] is chosen]
            if not group:
                continue
            context.strokeStyle = colour
            context.lineWidth = width
            context.beginPath()
            for x0, y0, x1, y1, _ in group:
                context.moveTo(x0, y0)
                context.lineTo(x1, y1)
            context.stroke()
        context.lineCap = "butt"
        if pins:
            radius = size * 0.1
            context.beginPath()
            for cx, cy in pins:
                context.moveTo(cx + radius, cy)
                context.arc(cx, cy, radius, 0, TAU)
            context.fillStyle = BG["pin"]
            context.fill()
            context.strokeStyle = BG["pin_edge"]
            context.lineWidth = max(1.0, size * 0.03)
            context.stroke()

    def _tile(self, context: Any, geometry: Geometry, position: Position) -> None:
        x, y, size = geometry.rect(position)
        context.fillStyle = BG["seam"]
        context.fillRect(x, y, size, size)
        gap = max(1.0, size * 0.04)
        context.fillStyle = BG["tile"]
        context.fillRect(x + gap, y + gap, size - 2 * gap, size - 2 * gap)

    def _body(self, context: Any, geometry: Geometry, position: Position, code: int, lit: bool) -> None:
        """What sits under the beams: walls, filter and glass panes, target discs (glowing when lit)."""
        cell = CELLS[code]
        x, y, size = geometry.rect(position)
        cx, cy = geometry.centre(position)
        if cell.kind == "wall":
            inset = size * 0.06
            context.fillStyle = BG["wall"]
            context.fillRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset)
            context.strokeStyle = BG["wall_line"]
            context.lineWidth = max(1.0, size * 0.04)
            context.beginPath()
            for fraction in (0.37, 0.63):  # brick courses: a wall never reads as an empty dark tile
                context.moveTo(x + inset, y + size * fraction)
                context.lineTo(x + size - inset, y + size * fraction)
            context.moveTo(cx, y + inset)
            context.lineTo(cx, y + size * 0.37)
            context.moveTo(cx, y + size * 0.63)
            context.lineTo(cx, y + size - inset)
            context.moveTo(x + size * 0.3, y + size * 0.37)
            context.lineTo(x + size * 0.3, y + size * 0.63)
            context.moveTo(x + size * 0.7, y + size * 0.37)
            context.lineTo(x + size * 0.7, y + size * 0.63)
            context.stroke()
        elif cell.kind == "filter":
            colour = mirrors.COLOUR_NAMES.index(cell.colour)
            inset = size * 0.16
            context.fillStyle = TRANSLUCENT[colour]
            context.fillRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset)
            context.strokeStyle = SOLID[colour]
            context.lineWidth = max(2.0, size * 0.07)
            context.strokeRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset)
        elif cell.kind == "glass":
            colour = mirrors.COLOUR_NAMES.index(cell.colour)
            reach = size * 0.36
            context.beginPath()
            context.moveTo(cx, cy - reach)
            context.lineTo(cx + reach, cy)
            context.lineTo(cx, cy + reach)
            context.lineTo(cx - reach, cy)
            context.closePath()
            context.fillStyle = TRANSLUCENT[colour]
            context.fill()
            context.strokeStyle = SOLID[colour]
            context.lineWidth = max(1.5, size * 0.05)
            context.stroke()
        elif cell.kind == "target":
            colour = mirrors.COLOUR_NAMES.index(cell.colour)
            radius = size * 0.3
            if lit:
                glow = context.createRadialGradient(cx, cy, radius * 0.2, cx, cy, size * 0.5)
                glow.addColorStop(0, LIGHT[colour])
                glow.addColorStop(0.55, SOLID[colour])
                glow.addColorStop(1, CLEAR[colour])
                context.fillStyle = glow
                context.fillRect(x, y, size, size)
            context.beginPath()
            context.arc(cx, cy, radius, 0, TAU)
            context.fillStyle = SOLID[colour] if lit else BG["target_off"]
            context.fill()
            context.strokeStyle = LIGHT[colour] if lit else SOLID[colour]
            context.lineWidth = max(2.0, size * 0.07)
            context.stroke()

    def _top(self, context: Any, geometry: Geometry, position: Position, code: int, lit: bool) -> None:
        """What sits over the beams besides the mirrors: the colour letters of filters, glass and targets."""
        cell = CELLS[code]
        if cell.kind not in ("filter", "glass", "target"):
            return
        size = geometry.cell_px
        cx, cy = geometry.centre(position)
        colour = mirrors.COLOUR_NAMES.index(cell.colour)
        height = size * (0.34 if cell.kind == "target" else 0.3)
        if cell.kind == "target" and lit:
            self._letter(context, self._letter_of(colour), BG["ink"], cx, cy, height, SOLID[colour])
        else:
            self._letter(context, self._letter_of(colour), LIGHT[colour], cx, cy, height)

    def _letter_of(self, colour: int) -> str:
        return self.t(f"mirrors_letter_{mirrors.COLOUR_NAMES[colour]}")

    def _letter(self, context: Any, text: str, colour: str, cx: float, cy: float, height: float,
                outline: str = "rgba(11,13,18,0.85)") -> None:
        """A letter centred on (cx, cy), from a small picture drawn once per letter, colour and size.

        Setting a font and laying out text costs far more than copying pixels, and a board
        shows the same few letters again on every repaint.
        """
        ratio = float(context.getTransform().a) or 1.0
        key = (text, colour, outline, round(height, 2), ratio)
        sprite = self._sprites.get(key)
        if sprite is None:
            if len(self._sprites) >= SPRITE_MEMORY:
                self._sprites.clear()
            box = height * 1.6
            canvas = js.document.createElement("canvas")
            canvas.width = canvas.height = math.ceil(box * ratio)
            drawn = canvas.getContext("2d")
            drawn.setTransform(ratio, 0, 0, ratio, 0, 0)
            drawn.fillStyle = colour
            drawn.font = f"700 {height:.0f}px system-ui, sans-serif"
            drawn.textAlign = "center"
            drawn.textBaseline = "middle"
            drawn.lineJoin = "round"
            drawn.lineWidth = max(2.0, height * 0.22)
            drawn.strokeStyle = outline  # a dark rim keeps the letter readable over a beam of its colour
            drawn.strokeText(text, box / 2, box / 2 + height * 0.05)
            drawn.fillText(text, box / 2, box / 2 + height * 0.05)
            sprite = self._sprites[key] = (canvas, int(canvas.width) / ratio)
        canvas, size = sprite
        # Whole device pixels, so the copy is not resampled.
        x = round((cx - size / 2) * ratio) / ratio
        y = round((cy - size / 2) * ratio) / ratio
        context.drawImage(canvas, x, y, size, size)

    def _source(self, context: Any, geometry: Geometry, source: mirrors.Source) -> None:
        """A lamp in its colour with its letter, and an arrow pointing where it shines."""
        position = (source.row, source.col)
        size = geometry.cell_px
        tip_x, tip_y = geometry.edge_midpoint(position, source.direction)
        cx, cy = geometry.centre(position)
        back_x, back_y = geometry.edge_midpoint(position, opposite(source.direction))
        # The lamp sits on the outer part of the square, the arrow on the inner part.
        lamp_x, lamp_y = cx + (back_x - cx) * 0.3, cy + (back_y - cy) * 0.3
        context.beginPath()
        context.arc(lamp_x, lamp_y, size * 0.27, 0, TAU)
        context.fillStyle = SOLID[source.colour]
        context.fill()
        context.strokeStyle = LIGHT[source.colour]
        context.lineWidth = max(1.5, size * 0.04)
        context.stroke()
        self._letter(context, self._letter_of(source.colour), BG["ink"], lamp_x, lamp_y, size * 0.3,
                     SOLID[source.colour])
        d_row, d_col = DELTAS[source.direction]
        base_x, base_y = tip_x - d_col * size * 0.2, tip_y - d_row * size * 0.2
        wing = size * 0.14
        context.beginPath()
        context.moveTo(tip_x, tip_y)
        context.lineTo(base_x + d_row * wing, base_y + d_col * wing)
        context.lineTo(base_x - d_row * wing, base_y - d_col * wing)
        context.closePath()
        context.fillStyle = LIGHT[source.colour]
        context.fill()

    # ----- beams -----------------------------------------------------------------------------

    def _segments(self, geometry: Geometry, beam: mirrors.Beam) -> list[tuple[float, float, float, float, int, bool]]:
        """The beam as (x0, y0, x1, y1, colour, fades) pieces, from the source to where it stops."""
        source = beam.source
        point = geometry.centre((source.row, source.col))
        colour = source.colour
        pieces: list[tuple[float, float, float, float, int, bool]] = []

        def to(target: tuple[float, float], piece_colour: int, fades: bool = False) -> None:
            nonlocal point
            pieces.append((point[0], point[1], target[0], target[1], piece_colour, fades))
            point = target

        for step in beam.steps:
            cell = (step.row, step.col)
            to(geometry.edge_midpoint(cell, opposite(step.direction_in)), colour)
            to(geometry.centre(cell), colour)
            colour = step.colour  # glass recolours at the centre
            to(geometry.edge_midpoint(cell, step.direction_out), colour)
        end = (beam.end_row, beam.end_col)
        if beam.end == "target":
            to(geometry.centre(end), beam.end_colour)
        elif beam.end in ("wall", "filter"):
            # The light dies out against the wall or filter: the last stretch fades at its edge.
            if pieces:
                x0, y0, x1, y1, piece_colour, _ = pieces.pop()
                pieces.append((x0, y0, x1, y1, piece_colour, True))
            else:
                to(geometry.edge_midpoint((source.row, source.col), source.direction), colour, True)
        elif beam.end == "edge":
            # It leaves the board: fade out across the ring square it leaves through.
            to(geometry.centre(end), beam.end_colour, True)
        return pieces

    def _beam(self, context: Any, geometry: Geometry, beam: mirrors.Beam) -> None:
        """The beam as a soft glow under a bright core; pieces of one colour are one path, so joints show no beads."""
        size = geometry.cell_px
        runs: list[tuple[int, bool, list[tuple[float, float]]]] = []  # colour, fades, points
        for x0, y0, x1, y1, colour, fades in self._segments(geometry, beam):
            if runs and not fades and not runs[-1][1] and runs[-1][0] == colour:
                runs[-1][2].append((x1, y1))
            else:
                runs.append((colour, fades, [(x0, y0), (x1, y1)]))
        context.lineCap = "round"
        context.lineJoin = "round"
        for width, alpha in ((size * 0.22, 0.28), (max(2.0, size * 0.08), 1.0)):
            context.globalAlpha = alpha
            context.lineWidth = width
            for colour, fades, points in runs:
                if fades:
                    (x0, y0), (x1, y1) = points[0], points[-1]
                    gradient = context.createLinearGradient(x0, y0, x1, y1)
                    gradient.addColorStop(0, LIGHT[colour])
                    gradient.addColorStop(1, CLEAR[colour])
                    context.strokeStyle = gradient
                    context.lineCap = "butt"
                else:
                    context.strokeStyle = LIGHT[colour]
                    context.lineCap = "round"
                context.beginPath()
                context.moveTo(*points[0])
                for point in points[1:]:
                    context.lineTo(*point)
                context.stroke()
        context.globalAlpha = 1.0
        context.lineCap = "butt"
        context.lineJoin = "miter"

    def _debug_paths(self, context: Any, geometry: Geometry, beams: tuple[mirrors.Beam, ...]) -> None:
        """Each traced path as a thin dashed line with its step numbers (1 = the first cell entered)."""
        size = geometry.cell_px
        context.save()
        context.setLineDash([3, 3])
        context.lineWidth = 1
        context.strokeStyle = BG["debug"]
        context.font = f"600 {max(9.0, size * 0.2):.0f}px ui-monospace, monospace"
        context.textAlign = "center"
        context.textBaseline = "middle"
        for number, beam in enumerate(beams):
            offset = (number % 3 - 1) * size * 0.22
            context.beginPath()
            for x0, y0, x1, y1, _, _ in self._segments(geometry, beam):
                context.moveTo(x0, y0)
                context.lineTo(x1, y1)
            context.stroke()
            for index, step in enumerate(beam.steps):
                cx, cy = geometry.centre((step.row, step.col))
                text = f"{number + 1}.{index + 1}"
                context.fillStyle = "rgba(0,0,0,0.7)"
                context.fillRect(cx + offset - size * 0.22, cy - size * 0.36, size * 0.44, size * 0.22)
                context.fillStyle = BG["debug"]
                context.fillText(text, cx + offset, cy - size * 0.25)
        context.restore()

    # ----- words -----------------------------------------------------------------------------

    def _colour_word(self, colour: int | str) -> str:
        name = colour if isinstance(colour, str) else mirrors.COLOUR_NAMES[colour]
        return self.t(f"mirrors_colour_{name}")

    def label(self, code: int, position: Position) -> str:
        """"Row R, column C, <content>[, <colours> beam(s)]" for cells ("target green unlit, blue beam");
        "Source <colour>, entering row R, column C, heading <d>" for sources."""
        if code & SOURCE:
            direction = code & 3
            d_row, d_col = DELTAS[direction]
            return self.t("mirrors_aria_source", colour=self._colour_word((code >> 2) & 3),
                          row=position[0] + d_row + 1, col=position[1] + d_col + 1,
                          direction=self.t(f"mirrors_direction_{mirrors.DIRECTION_NAMES[direction]}"))
        content = self._content(code)
        if code & BEAM:
            colours = [self._colour_word(colour) for colour in range(len(mirrors.COLOUR_NAMES))
                       if code & (BEAM_COLOUR << colour)]
            content = self.t("mirrors_aria_beam" if len(colours) == 1 else "mirrors_aria_beams", content=content,
                             colours=self.t("mirrors_colour_separator").join(colours))
        return self.t("mirrors_aria_cell", row=position[0] + 1, col=position[1] + 1, content=content)

    def _content(self, code: int) -> str:
        """The cell's contents in words: the backend's label key, lit or not for targets."""
        cell = CELLS[code & KIND]
        key = "mirrors_aria_target_lit" if cell.kind == "target" and code & LIT else cell.label_key
        return self.t(key, colour=self._colour_word(cell.colour)) if cell.colour else self.t(key)

    def _target_list(self, state: mirrors.State, cells: list[Position]) -> str:
        colours = {(row, col): colour for row, col, colour in mirrors.targets(state)}
        return self.t("mirrors_list_separator").join(
            self.t("mirrors_target_item", colour=self._colour_word(colours[cell]), row=cell[0] + 1, col=cell[1] + 1)
            for cell in cells)

    # ----- input and reactions ---------------------------------------------------------------

    def move_for(self, action: str, state: mirrors.State, row: int, col: int) -> Any:
        """A turn of any cell: the backend turns a mirror and refuses, in words, anything else.

        A source on the ring is no cell, so the view says itself that there is nothing to turn.
        """
        if action != "turn" or mirrors.status(state) == 1:
            return None
        if 0 <= row < state.height and 0 <= col < state.width:
            return ("turn", row, col)
        if any((source.row, source.col) == (row, col) for source in mirrors.sources(state)):
            self.host.play_sound("error")
            self.host.announce(self.t("mirrors_refused_source"))
        return None

    def after_move(self, before: Any, after: Any, move: Any, changed: list[Position]) -> None:
        """A click, a flash on the turned mirror (ringed too when a hint turned it), a pulse on newly lit targets.

        The words are `move_summary`'s, said by the screen at the player's verbosity.
        """
        self.host.play_sound("turn")
        board = self.host.board
        turned = (int(move[1]), int(move[2]))
        board.mark([turned], "flash")
        if self._hint_text(move) is not None:
            board.mark([turned], "hinted")  # the screen clears the ring on every move; keep it on the hinted one
        gained = sorted(mirrors.lit_targets(after) - mirrors.lit_targets(before))
        if gained:
            self._pulse(board, gained)

    def _hint_text(self, move: Any) -> str | None:
        """What the hint being played said, when `move` is that hint."""
        pending = self._pending_hint
        if pending is None or move is None or tuple(pending[0]) != tuple(move):
            return None
        return pending[1]

    def move_summary(self, before: Any, after: mirrors.State, move: Any, verbosity: str) -> str | None:
        """Which targets lit or went dark and how many are lit ("Lit: green target at row 3, column 4. 2 of 3
        targets lit"), after a turn, an undo, a redo or a restart alike; a hinted turn first says which mirror
        the hint turned, and "full" names any other turned mirror."""
        count = self.t("mirrors_live_count", lit=len(mirrors.lit_targets(after)), total=len(mirrors.targets(after)))
        if before is None or before.puzzle != after.puzzle:
            return count
        parts = []
        hinted = self._hint_text(move)
        if hinted is not None:
            parts.append(hinted)
        elif verbosity == "full" and move is not None:
            parts.append(self.t("mirrors_said_turned", row=int(move[1]) + 1, col=int(move[2]) + 1))
        lit_before, lit_after = mirrors.lit_targets(before), mirrors.lit_targets(after)
        gained, lost = sorted(lit_after - lit_before), sorted(lit_before - lit_after)
        if gained:
            parts.append(self.t("mirrors_live_lit", targets=self._target_list(after, gained)))
        if lost:
            parts.append(self.t("mirrors_live_unlit", targets=self._target_list(after, lost)))
        parts.append(count)
        return self.t("mirrors_sentence_separator").join(parts)

    def _pulse(self, board: Any, cells: list[Position]) -> None:
        def frame(context: Any, geometry: Geometry, progress: float) -> None:
            for cell in cells:
                cx, cy = geometry.centre(cell)
                context.globalAlpha = 1.0 - progress
                context.strokeStyle = BG["mirror"]
                context.lineWidth = max(2.0, geometry.cell_px * 0.06)
                context.beginPath()
                context.arc(cx, cy, geometry.cell_px * (0.3 + 0.25 * progress), 0, TAU)
                context.stroke()
            context.globalAlpha = 1.0

        if self._layout is not None:
            # The ring reaches a little past the target's square: its neighbours are repainted too.
            live = set(self._layout.positions())
            area = sorted({(r + dr, c + dc) for r, c in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1)} & live)
            self._pulse_area = area
            board.animate(GLOW_MS, frame, area)

    def use_hint(self, move: Any) -> None:
        """Turn the hinted mirror, put the cursor on it and ring it, and say it was turned and how many turns are left.

        The words are in the past, with the turns left after the turn: the hint plays the
        move itself. They are said at once (also with move announcements off), and again at
        the head of the move's summary, which adds what lit.
        """
        _, row, col = move
        board = self.host.board
        text = self.hinted_text(self.host.state, move)
        board.move_cursor(row, col, focus=board.has_focus())
        self.host.announce(text)
        self._pending_hint = (tuple(move), text)
        try:
            self.host.request(move)
        finally:
            self._pending_hint = None

    def hinted_text(self, state: mirrors.State, move: Any) -> str:
        """"Turned the mirror at row 2, column 1; 1 turn to go": the turns left once the hinted turn is made."""
        _, row, col = move
        left = mirrors.remaining_turns(mirrors.apply(state, move))
        return self.t("mirrors_hinted", row=int(row) + 1, col=int(col) + 1, left=left)

    def no_hint_text(self) -> str:
        """Light Path only runs out of hints once solved."""
        return self.t("mirrors_hint_solved")

    # ----- numbers around the board ----------------------------------------------------------

    def par_key(self, state: mirrors.State) -> Any:
        """Par depends on the puzzle, not on how its mirrors are turned now."""
        return state.puzzle

    def stats(self, session: Any, best: dict[str, float]) -> list[tuple[str, str, str]]:
        """Moves with par, time and bests; the stage list follows the game in play."""
        self._sync_stage_list(session)
        self._sync_legend(session.state)
        return super().stats(session, best)

    def preset_label(self, name: str, params: mirrors.Params) -> str:
        """"Easy 6×6"."""
        return self.t(f"mirrors_preset_{name}", width=params.width, height=params.height)


    def params_label(self, params: mirrors.Params) -> str:
        """The size menu's name for a board that is no preset: "Stage 1-01 · First Light", or "Hard 7×9"."""
        if params.stage is not None:
            return self._stage_text(params.stage)
        return self.t(f"mirrors_preset_{params.difficulty}", width=params.width, height=params.height)

    # ----- stages ----------------------------------------------------------------------------

    def _stage_text(self, stage_id: str) -> str:
        """"Stage 1-01 · First Light"."""
        name = self.t(f"mirrors_stage_{stage_id.replace('-', '_')}")
        return self.t("mirrors_stage_option", stage=self.t("mirrors_stage_title", stage=stage_id), name=name)

    def stage_error_text(self) -> str:
        """What to tell the player about a damaged stage file ("" when the stages loaded)."""
        error = mirrors.STAGE_ERROR
        if error is None:
            return ""
        problem = self.t(f"mirrors_stage_error_{error.problem}", stage=error.stage, field=error.field)
        return self.t("mirrors_stage_damaged", problem=problem)

    def extra_controls(self, host: Any) -> None:
        """A damaged file's notice, the stage list (by tier, with done marks and bests), Play endless, and the
        legend of the pieces on the board."""
        self._stage_error = element("p", cls="mirrors-stage-error", attrs={"id": "mirrors-stage-error"})
        host.appendChild(self._stage_error)
        if mirrors.STAGE_ERROR is not None:
            self._stage_error.textContent = self.stage_error_text()
        else:
            self._stage_error.hidden = True
        # Open beside the board on wide screens; one line to open on a phone, where it sits under the board.
        wide = bool(js.window.matchMedia("(min-width: 641px)").matches)
        legend = self._build_legend(wide)
        if not mirrors.STAGES:
            host.appendChild(legend)
            return
        self._stage_title = element("span", cls="mirrors-stages-title", attrs={"id": "mirrors-stages-title"})
        self._stage_count = element("span", cls="mirrors-stage-count", attrs={"id": "mirrors-stage-count"})
        self._stage_list = element("nav", cls="mirrors-stage-list", attrs={"aria-labelledby": "mirrors-stages-title"})
        endless = element("button", cls="mirrors-endless", attrs={"type": "button", "id": "mirrors-endless",
                                                                  "data-i18n": "mirrors_play_endless"})
        box = element("details", cls="mirrors-stages", attrs={"id": "mirrors-stages"}, children=[
            element("summary", children=[self._stage_title, self._stage_count]), self._stage_list, endless])
        box.open = wide
        host.appendChild(box)
        host.appendChild(legend)  # under the stage list, which stays where players look for it
        self.host.listen(endless, "click", lambda _event: self.host.new_game(next(iter(mirrors.PRESETS.values()))))

    # ----- the legend ------------------------------------------------------------------------

    def _build_legend(self, wide: bool) -> Any:
        """One line per kind of piece, each with a small drawing of it (the words carry the meaning)."""
        self._legend_items = {}
        items = []
        for piece in LEGEND:
            # The letters' drawing is a letter in the page's language (R, 赤): the same one the board shows.
            letter = [element("span", attrs={"data-i18n": "mirrors_letter_red"})] if piece == "letters" else []
            symbol = element("span", cls=f"mirrors-key mirrors-key-{piece}", attrs={"aria-hidden": "true"},
                             children=letter)
            words = element("span", cls="mirrors-legend-text", attrs={"data-i18n": f"mirrors_legend_{piece}"})
            item = element("li", cls="mirrors-legend-item", attrs={"data-piece": piece}, children=[symbol, words])
            self._legend_items[piece] = item
            items.append(item)
        box = element("details", cls="mirrors-legend", attrs={"id": "mirrors-legend"}, children=[
            element("summary", attrs={"data-i18n": "mirrors_legend_title"}),
            element("ul", cls="mirrors-legend-list", children=items)])
        box.open = wide
        return box

    def _sync_legend(self, state: mirrors.State) -> None:
        """Show the lines of the pieces the board in play has."""
        if not self._legend_items or self._legend_puzzle == state.puzzle:
            return
        self._legend_puzzle = state.puzzle
        shown = legend_pieces(state)
        for piece, item in self._legend_items.items():
            item.hidden = piece not in shown

    def _sync_stage_list(self, session: Any) -> None:
        """Rebuild the stage list when the language, the stage in play or the player's progress changed.

        Progress changes only with a clear, so it is read again only while the game is over
        (the screen renders once more after recording the clear) or when the list is first built.
        """
        if mirrors.STAGE_ERROR is not None and self._stage_error is not None:
            text = self.stage_error_text()
            if str(self._stage_error.textContent) != text or not self._error_announced:
                self._stage_error.textContent = text  # in the page's language, after a switch too
                self._error_announced = True
                self.host.announce(text)  # once the board is up: the screen empties the live region on a new board
        if self._stage_list is None:
            return
        language = self.t("mirrors_stages")
        progress = self._stage_records
        if progress is None or session.over or language != self._stage_language:
            progress = tuple((stage_id, self.host.stage_progress(stage_id)) for stage_id in mirrors.STAGES)
        in_play = mirrors.stage_of(session.state)
        signature = (language, in_play, progress)
        if signature == self._stage_signature:
            return
        self._stage_signature, self._stage_records, self._stage_language = signature, progress, language
        self._build_stage_list(dict(progress), in_play)

    def _build_stage_list(self, progress: dict[str, dict[str, Any]], in_play: str | None) -> None:
        t = self.t
        comma = t("mirrors_list_separator").strip()
        self._stage_title.textContent = t("mirrors_stages")
        done = sum(1 for record in progress.values() if record["done"])
        self._stage_count.textContent = t("mirrors_stage_count", done=done, total=len(progress))
        sections = []
        for tier, stage_ids in mirrors.TIERS.items():
            if not stage_ids:
                continue
            items = []
            for stage_id in stage_ids:
                record = progress.get(stage_id, {"done": False, "best": None})
                # Read as "1-01 First Light, cleared, best 3": each column is read with a space
                # before it, and the commas ride at the end of the piece before (hidden, inline).
                done, best = record["done"], record["best"]
                name = element("span", cls="mirrors-stage-name",
                               text=t(f"mirrors_stage_{stage_id.replace('-', '_')}"))
                if done or best is not None:
                    name.appendChild(element("span", cls="visually-hidden", text=comma))
                parts = [element("span", cls="mirrors-stage-mark", text="✓" if done else "",
                                 attrs={"aria-hidden": "true"}),
                         element("span", cls="mirrors-stage-id", text=stage_id), name]
                if done:
                    cleared = t("mirrors_stage_cleared") + (comma if best is not None else "")
                    parts.append(element("span", cls="visually-hidden", text=cleared))
                if best is not None:
                    parts.append(element("span", cls="mirrors-stage-best", text=t("mirrors_stage_best", moves=best)))
                attrs = {"href": f"#mirrors/{stage_id}", "data-stage": stage_id}
                if stage_id == in_play:
                    attrs["aria-current"] = "page"
                link = element("a", cls="mirrors-stage" + (" is-done" if record["done"] else ""), attrs=attrs,
                               children=parts)
                items.append(element("li", children=[link]))
            heading = element("h2", cls="mirrors-tier", text=t(f"mirrors_tier_{tier}"),
                              attrs={"id": f"mirrors-tier-{tier}"})
            sections.append(element("section", cls="mirrors-tier-section", children=[
                heading, element("ol", cls="mirrors-tier-stages", attrs={"aria-labelledby": f"mirrors-tier-{tier}"},
                                 children=items)]))
        self._stage_list.replaceChildren(*sections)


View = MirrorsView
