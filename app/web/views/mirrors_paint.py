"""Light Path's pixels: the still underlay, targets, beams, mirrors, colour letters and sources.

Everything is drawn from the codes and the state they were made from, converted to
pixels only through `Geometry`; `MirrorsView` (app/web/views/mirrors.py) owns one
`MirrorsPainter` and hands it the state of each repaint.

`?debug=1` in the page address overlays every traced path with its step numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

import js
import numpy as np

from app.games import mirrors
from app.games.mirrors.cells import CODE_COUNT, DELTAS, RIGHT, describe, opposite
from app.web.layout import BoardLayout, Geometry, Position

KIND = 0x1F  # a cell's code, 0..23 (`cells.CODE_COUNT`): five bits since the second edition's pieces
BEAM = 0x20
LIT = 0x40
SOURCE = 0x80
EXIT = 0x100
BEAM_COLOUR = 0x200  # << colour (0 white .. 3 blue): the colours of light in a cell, so labels can name them
OPEN = 0x2000  # an empty cell of a puzzle with pieces to place ("empty, can take a piece")

TAU = 6.283185307179586
CELLS = tuple(describe(code) for code in range(CODE_COUNT))  # what each cell code is, looked up per repaint
SPRITE_MEMORY = 64  # letter pictures kept (a board uses a handful; a language switch or resize adds more)
BG = {"ring": "#0c1019", "seam": "#141a27", "tile": "#1d2434", "tile_edge": "#2a3349", "wall": "#737b8e",
      "wall_line": "#3b4150", "mirror": "#e9eef7", "mirror_edge": "#7f8aa3", "fixed": "#9aa3b4",
      "pin": "#f59e0b", "pin_edge": "#3b2606",
      "splitter": "#bfe6ff", "placed": "#c4b5fd", "target_off": "#151922", "ink": "#0b0d12", "debug": "#ffffff"}
# Element colours (filters, glass, targets, sources) and beam colours, by colour index 0 white .. 3 blue.
SOLID = ("#ece7d6", "#ef4444", "#22c55e", "#3b82f6")
LIGHT = ("#fff8dc", "#ff7070", "#62f09a", "#74b9ff")
TRANSLUCENT = ("rgba(236,231,214,0.22)", "rgba(239,68,68,0.25)", "rgba(34,197,94,0.25)", "rgba(59,130,246,0.28)")
CLEAR = ("rgba(255,248,220,0)", "rgba(255,112,112,0)", "rgba(98,240,154,0)", "rgba(116,185,255,0)")
# The colour-blind-safe set (the "palette" setting): Okabe and Ito's vermillion, bluish green and blue/sky blue.
OKABE_ITO = (
    ("#ece7d6", "#d55e00", "#009e73", "#0079bb"),  # (blue a shade lighter than #0072b2: 3.3:1 on a tile, not 2.99)
    ("#fff8dc", "#f5793a", "#35c9a0", "#56b4e9"),
    ("rgba(236,231,214,0.22)", "rgba(213,94,0,0.28)", "rgba(0,158,115,0.28)", "rgba(0,114,178,0.32)"),
    ("rgba(255,248,220,0)", "rgba(245,121,58,0)", "rgba(53,201,160,0)", "rgba(86,180,233,0)"),
)
PALETTES = {"standard": (SOLID, LIGHT, TRANSLUCENT, CLEAR), "okabe_ito": OKABE_ITO}
# A beam's second cue besides its hue (WCAG 1.4.1): its core is drawn in a pattern of its own, as
# fractions of a square: white solid, red long dashes, green dots, blue dash-dot.
DASHES = ((), (0.42, 0.24), (0.001, 0.2), (0.34, 0.2, 0.001, 0.2))


def _debug_requested() -> bool:
    try:
        query = parse_qs(str(js.window.location.search).lstrip("?"))
    except Exception:  # no window (never on the page): no overlay
        return False
    return query.get("debug", ["0"])[0] not in ("", "0", "false")


class MirrorsPainter:
    """Draws a Light Path board; keeps the pictures worth keeping between repaints (underlay, letters)."""

    def __init__(self, letter_of: Callable[[int], str], palette_of: Callable[[], str] = lambda: "standard") -> None:
        self.letter_of = letter_of  # a colour's letter in the page's language (R, 赤)
        self.palette_of = palette_of  # the player's "palette" setting
        self.palette = "standard"
        self.solid, self.light, self.translucent, self.clear = PALETTES[self.palette]
        self._sprites: dict[tuple[Any, ...], tuple[Any, float]] = {}  # letter pictures (see _letter)
        self._underlay_canvas: Any = None  # the puzzle's still parts, drawn once (see paint)
        self._underlay_key: tuple[Any, ...] | None = None
        self.debug = _debug_requested()

    def paint(self, context: Any, geometry: Geometry, codes: np.ndarray[Any, Any], area: list[Position],
              state: mirrors.State) -> None:
        """The still underlay (ring, tiles, walls, filter and glass panes), targets, beams, mirrors, letters, sources.

        The underlay never changes while a puzzle is on the board (turns move only mirrors
        and light), so it is drawn once per puzzle and canvas size and copied in one call:
        a turn repaints in a few hundred canvas calls instead of over a thousand.
        """
        self.palette = self.palette_of() if self.palette_of() in PALETTES else "standard"
        self.solid, self.light, self.translucent, self.clear = PALETTES[self.palette]
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

    def swatch(self, canvas: Any, css_px: float, code: int | None, *, source_colour: int | None = None) -> None:
        """Draw one piece alone on its tile, as the board draws it, filling a small canvas (`css_px` square).

        The pictures of Light Path's tray of pieces to place and of the stage editor's palette: a cell
        code, or (`source_colour`) a light source shining right.
        """
        self.palette = self.palette_of() if self.palette_of() in PALETTES else "standard"
        self.solid, self.light, self.translucent, self.clear = PALETTES[self.palette]
        ratio = float(js.window.devicePixelRatio or 1)
        canvas.width = canvas.height = round(css_px * ratio)
        context = canvas.getContext("2d")
        context.setTransform(ratio, 0, 0, ratio, 0, 0)
        geometry = Geometry(BoardLayout(1, 1), css_px)
        context.fillStyle = BG["ring"]
        context.fillRect(0, 0, css_px, css_px)
        if source_colour is not None:
            self._source(context, geometry, mirrors.Source(0, 0, RIGHT, source_colour))
            return
        self._tile(context, geometry, (0, 0))
        if code is None:
            return
        if CELLS[code].kind in ("wall", "filter", "glass", "target"):
            self._body(context, geometry, (0, 0), code, False)
        self._mirrors(context, geometry, [((0, 0), code)])
        self._top(context, geometry, (0, 0), code, False)

    def _underlay(self, context: Any, geometry: Geometry, state: mirrors.State,
                  kinds: list[tuple[Position, int]]) -> None:
        """Copy the puzzle's still parts onto the board, drawing them first if the puzzle or size changed."""
        canvas = context.canvas
        key = (state.puzzle, int(canvas.width), int(canvas.height), geometry.cell_px, self.palette)
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

    def turning_mirror(self, context: Any, geometry: Geometry, position: Position, angle: float) -> None:
        """One frame of a turn: the square's still underlay, then the mirror at `angle` (radians from "\\")."""
        x, y, size = geometry.rect(position)
        if self._underlay_canvas is not None:
            ratio = float(context.getTransform().a) or 1.0
            context.drawImage(self._underlay_canvas, x * ratio, y * ratio, size * ratio, size * ratio, x, y, size, size)
        half = (size / 2 - size * 0.16) * math.sqrt(2)
        cx, cy = geometry.centre(position)
        dx, dy = half * math.cos(angle + math.pi / 4), half * math.sin(angle + math.pi / 4)
        context.lineCap = "round"
        for colour, width in ((BG["mirror_edge"], max(4.0, size * 0.16)), (BG["mirror"], max(2.0, size * 0.09))):
            context.strokeStyle = colour
            context.lineWidth = width
            context.beginPath()
            context.moveTo(cx - dx, cy - dy)
            context.lineTo(cx + dx, cy + dy)
            context.stroke()
        context.lineCap = "butt"

    def _mirrors(self, context: Any, geometry: Geometry, kinds: list[tuple[Position, int]]) -> None:
        """Every mirror, batched: one path for the rims, one per face colour, one for the pins of fixed ones.

        Splitters (half-silvered) have a thin rim and a dashed, translucent face, so the beam that
        passes straight on shows through; pieces the player placed sit in a lavender frame.
        """
        size = geometry.cell_px
        inset = size * 0.16
        lines: list[tuple[float, float, float, float, bool]] = []
        halves: list[tuple[float, float, float, float, bool]] = []  # splitters
        pins: list[tuple[float, float]] = []
        frames: list[Position] = []
        for position, code in kinds:
            cell = CELLS[code & KIND]
            if cell.kind not in ("mirror", "splitter"):
                continue
            x, y, _ = geometry.rect(position)
            if cell.mirror == "/":
                line = (x + inset, y + size - inset, x + size - inset, y + inset, cell.turnable)
            else:
                line = (x + inset, y + inset, x + size - inset, y + size - inset, cell.turnable)
            (halves if cell.kind == "splitter" else lines).append(line)
            if not cell.turnable:  # the pin: a fixed mirror never looks like one to turn
                pins.append(geometry.centre(position))
            if cell.placed:
                frames.append(position)
        if frames:
            context.strokeStyle = BG["placed"]
            context.lineWidth = max(1.5, size * 0.05)
            context.setLineDash([size * 0.12, size * 0.08])
            for position in frames:
                x, y, _ = geometry.rect(position)
                context.strokeRect(x + size * 0.08, y + size * 0.08, size * 0.84, size * 0.84)
            context.setLineDash([])
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
        if halves:
            context.lineCap = "butt"
            for colour, width, alpha, dash in ((BG["mirror_edge"], max(3.0, size * 0.12), 0.45, ()),
                                               (BG["splitter"], max(2.0, size * 0.08), 0.85, (0.1, 0.07))):
                context.globalAlpha = alpha
                context.strokeStyle = colour
                context.lineWidth = width
                context.setLineDash([part * size for part in dash])
                context.beginPath()
                for x0, y0, x1, y1, _ in halves:
                    context.moveTo(x0, y0)
                    context.lineTo(x1, y1)
                context.stroke()
            context.globalAlpha = 1.0
            context.setLineDash([])
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
            context.fillStyle = self.translucent[colour]
            context.fillRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset)
            context.strokeStyle = self.solid[colour]
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
            context.fillStyle = self.translucent[colour]
            context.fill()
            context.strokeStyle = self.solid[colour]
            context.lineWidth = max(1.5, size * 0.05)
            context.stroke()
        elif cell.kind == "target":
            colour = mirrors.COLOUR_NAMES.index(cell.colour)
            radius = size * 0.3
            if lit:
                glow = context.createRadialGradient(cx, cy, radius * 0.2, cx, cy, size * 0.5)
                glow.addColorStop(0, self.light[colour])
                glow.addColorStop(0.55, self.solid[colour])
                glow.addColorStop(1, self.clear[colour])
                context.fillStyle = glow
                context.fillRect(x, y, size, size)
            if lit:  # rays around a lit target: lit and unlit differ in shape, not only in colour
                context.strokeStyle = self.light[colour]
                context.lineWidth = max(1.5, size * 0.05)
                context.lineCap = "round"
                context.beginPath()
                for ray in range(8):
                    angle = ray * TAU / 8 + TAU / 16
                    context.moveTo(cx + math.cos(angle) * size * 0.37, cy + math.sin(angle) * size * 0.37)
                    context.lineTo(cx + math.cos(angle) * size * 0.47, cy + math.sin(angle) * size * 0.47)
                context.stroke()
                context.lineCap = "butt"
            context.beginPath()
            context.arc(cx, cy, radius, 0, TAU)
            context.fillStyle = self.solid[colour] if lit else BG["target_off"]
            context.fill()
            context.strokeStyle = self.light[colour] if lit else self.solid[colour]
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
            self._letter(context, self.letter_of(colour), BG["ink"], cx, cy, height, self.solid[colour])
        else:
            self._letter(context, self.letter_of(colour), self.light[colour], cx, cy, height)

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
        context.fillStyle = self.solid[source.colour]
        context.fill()
        context.strokeStyle = self.light[source.colour]
        context.lineWidth = max(1.5, size * 0.04)
        context.stroke()
        self._letter(context, self.letter_of(source.colour), BG["ink"], lamp_x, lamp_y, size * 0.3,
                     self.solid[source.colour])
        d_row, d_col = DELTAS[source.direction]
        base_x, base_y = tip_x - d_col * size * 0.2, tip_y - d_row * size * 0.2
        wing = size * 0.14
        context.beginPath()
        context.moveTo(tip_x, tip_y)
        context.lineTo(base_x + d_row * wing, base_y + d_col * wing)
        context.lineTo(base_x - d_row * wing, base_y - d_col * wing)
        context.closePath()
        context.fillStyle = self.light[source.colour]
        context.fill()

    # ----- beams -----------------------------------------------------------------------------

    def _segments(self, geometry: Geometry, beam: mirrors.Beam) -> list[tuple[float, float, float, float, int, bool]]:
        """The beam as (x0, y0, x1, y1, colour, fades) pieces, from the source to where it stops."""
        source = beam.source
        point = geometry.centre((source.row, source.col))
        colour = source.colour
        steps = beam.steps
        if beam.split_from >= 0 and steps:
            # A splitter's reflected half starts at the splitter's centre, in the light's colour there.
            point = geometry.centre((steps[0].row, steps[0].col))
            colour = steps[0].colour
        pieces: list[tuple[float, float, float, float, int, bool]] = []

        def to(target: tuple[float, float], piece_colour: int, fades: bool = False) -> None:
            nonlocal point
            pieces.append((point[0], point[1], target[0], target[1], piece_colour, fades))
            point = target

        for number, step in enumerate(steps):
            cell = (step.row, step.col)
            if number == 0 and beam.split_from >= 0:
                to(geometry.edge_midpoint(cell, step.direction_out), colour)
                continue
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
                # the glow is whole; the core carries the colour's pattern
                context.setLineDash([part * size for part in DASHES[colour]] if alpha == 1.0 else [])
                if fades:
                    (x0, y0), (x1, y1) = points[0], points[-1]
                    gradient = context.createLinearGradient(x0, y0, x1, y1)
                    gradient.addColorStop(0, self.light[colour])
                    gradient.addColorStop(1, self.clear[colour])
                    context.strokeStyle = gradient
                    # butt ends stop at the square's edge; a dotted core needs round ends to show its dots
                    context.lineCap = "round" if DASHES[colour] and alpha == 1.0 else "butt"
                else:
                    context.strokeStyle = self.light[colour]
                    context.lineCap = "round"
                context.beginPath()
                context.moveTo(*points[0])
                for point in points[1:]:
                    context.lineTo(*point)
                context.stroke()
        context.globalAlpha = 1.0
        context.setLineDash([])
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
