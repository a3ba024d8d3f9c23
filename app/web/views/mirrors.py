"""Light Path on the page: mirrors to turn, sources on the ring, beams traced by the backend, glowing targets.

Everything drawn is a function of the current cells (the puzzle is fixed for a
board), and the codes carry every cell's code, so any turn changes a code and
the board repaints; `widen` makes that repaint the whole board, since one turn
can move a beam anywhere. The beams are drawn from the very steps
`mirrors.trace` returns, converted to pixels only through `Geometry`.

Codes (one per position, ring included):
- a cell: its cell code (0..23, `cells.py`) | BEAM when a beam enters it, with BEAM_COLOUR << colour for
  each colour of light in it (`mirrors.beam_colours`) | LIT for a lit target | OPEN for an empty cell of a
  puzzle with pieces to place;
- a ring position: SOURCE | colour << 2 | direction for a source, | EXIT when a beam leaves there.

The pixels are `mirrors_paint`'s; the parts beside the board (the tray of pieces to place, the
legend, the damaged-file notice) are `mirrors_panel`'s, the stage list the screen's `StageList`;
this module holds the board's codes, words and reactions.

Second edition input: the primary action (click, tap, Enter, Space) is the game's `press`: it
turns a piece, or places the chosen piece (kind and way round) on an empty cell of a puzzle with
pieces to place; M and S place a mirror or a splitter `/`, Shift+M and Shift+S the same `\\`;
Delete, Backspace, T, a right click or a long press take a placed piece back. The backend decides
what is legal and says why not (`RefusedMoveError`), a light source on the ring too.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from app.core.route import EDIT, format_hash
from app.games import mirrors
from app.games.mirrors.cells import DELTAS
from app.web.dom import element
from app.web.layout import MOUSE_PRIMARY, MOUSE_SECONDARY, Action, BoardLayout, Geometry, Position
from app.web.legend import beside_the_board
from app.web.screen.stage_list import StageList
from app.web.views.base import ViewHost
from app.web.views.mirrors_paint import (
    BEAM,
    BEAM_COLOUR,
    BG,
    CELLS,
    EXIT,
    KIND,
    LIT,
    OPEN,
    SOURCE,
    TAU,
    MirrorsPainter,
)
from app.web.views.mirrors_panel import Hand, Legend, StageFileNotice, hand_text
from app.web.views.par import ParView

if TYPE_CHECKING:
    from app.core.game import GameSpec

GLOW_MS = 450  # newly lit targets pulse once (nothing under reduced motion)
TURN_MS = 150  # a turned mirror swings a quarter turn into place, as Pipe Link's tiles do (none under reduced motion)
# The keys that place a piece: M and S place "/", with Shift "\\".
PLACEMENTS = {"place_mirror": ("mirror", 0), "place_mirror_back": ("mirror", 1),
              "place_splitter": ("splitter", 0), "place_splitter_back": ("splitter", 1)}
# The side of the board a source is on, by the way it shines (up, right, down, left): its label names the side
# and the cell it shines into. ARIA grid indices start at 1, so the ring above row 1 and left of column 1 has no
# row (column) index of its own; the ring below and to the right goes on from the cells (rows + 1, cols + 1): the
# labels ("Row 1, column 1" is index 1) and the indices agree, and "above row 1" says what no index can.
SOURCE_LABELS = ("mirrors_aria_source_bottom", "mirrors_aria_source_left", "mirrors_aria_source_top",
                 "mirrors_aria_source_right")
# What a move is said as, after it ("mirrors_said") and as a hint played ("mirrors_hinted", with the moves left).
MOVE_WORDS = {
    "mirrors_said": {("turn",): "mirrors_said_turned", ("place", "mirror"): "mirrors_said_placed_mirror",
                     ("place", "splitter"): "mirrors_said_placed_splitter", ("take",): "mirrors_said_took"},
    "mirrors_hinted": {("turn",): "mirrors_hinted", ("place", "mirror"): "mirrors_hinted_placed_mirror",
                       ("place", "splitter"): "mirrors_hinted_placed_splitter", ("take",): "mirrors_hinted_took"},
}

# B, on the board: every beam's route in words, from its source to where it ends (#30: the beams were said only
# where they end, and only after a move).
ROUTES = Action("routes", "action_beam_routes", keys=("b",))


class MirrorsView(ParView):
    """How Light Path looks, reads and responds."""

    grid_label_key = "mirrors_grid"
    # Stages with pieces to place have the placement keys too (see `actions`); the others only turn.
    PLACING_ACTIONS = (
        Action("turn", "action_turn_or_place", keys=("Enter", " "), buttons=(MOUSE_PRIMARY,), tap=True),
        Action("place_mirror", "action_place_mirror", keys=("m",)),
        Action("place_mirror_back", "action_place_mirror_back", keys=("Shift+M",)),
        Action("place_splitter", "action_place_splitter", keys=("s",)),
        Action("place_splitter_back", "action_place_splitter_back", keys=("Shift+S",)),
        Action("take", "action_take", keys=("Delete", "Backspace", "t"), buttons=(MOUSE_SECONDARY,),
               long_press=True),
        ROUTES,
    )
    TURNING_ACTIONS = (Action("turn", "action_turn", keys=("Enter", " "), buttons=(MOUSE_PRIMARY,), tap=True), ROUTES)
    sounds = {"turn": ((660.0, 0.0, 0.04, "triangle", 0.12), (990.0, 0.035, 0.05, "sine", 0.08))}
    size_label_key = "mirrors_size_label"  # the menu holds endless boards only (stages: the stage list)
    min_cell_px = 30.0
    max_cell_px = 64.0

    def __init__(self, host: ViewHost, spec: GameSpec[Any, Any, Any]) -> None:
        super().__init__(host, spec)
        self._layout: BoardLayout | None = None
        self._states: OrderedDict[bytes, mirrors.State] = OrderedDict()  # codes -> the state they were made from
        self._pulse_area: list[Position] | None = None  # the squares a running pulse repaints (see widen)
        self.painter = MirrorsPainter(lambda colour: self.t(f"mirrors_letter_{mirrors.COLOUR_NAMES[colour]}"),
                                      lambda: str(self.host.setting("palette")))
        self._notice: StageFileNotice | None = None  # the panel's parts, once extra_controls has made them
        self._stage_list: StageList | None = None  # None: no stages
        self._legend: Legend | None = None
        self._hand: Hand | None = None  # the pieces to place and the chooser, once extra_controls has made them
        self._edit_copy: Any = None  # the link that opens this board in the stage editor

    @property
    def actions(self) -> tuple[Action, ...]:  # type: ignore[override]
        """The board's input: placing keys (M, S, Delete...) only where the puzzle in play has pieces to place.

        The help lists only the kinds the puzzle gives: on a board with mirrors alone to place, S and Shift+S
        still answer (the game says why they place nothing) but no help names them.
        """
        state = self.host.state
        if state is None:
            return self.PLACING_ACTIONS
        if not state.puzzle.places_pieces:
            return self.TURNING_ACTIONS
        owned = dict(zip(mirrors.PIECE_KINDS, state.puzzle.owned, strict=True))
        given = {name for name, (kind, _) in PLACEMENTS.items() if owned[kind]}
        return tuple(replace(action, listed=False) if action.name in PLACEMENTS and action.name not in given else action
                     for action in self.PLACING_ACTIONS)

    # ----- the board -------------------------------------------------------------------------

    def layout(self, state: mirrors.State) -> BoardLayout:
        """The cells, and a ring whose live positions are the sources."""
        edge = frozenset((source.row, source.col) for source in mirrors.sources(state))
        self._layout = BoardLayout(state.height, state.width, ring=True, edge=edge)
        return self._layout

    def codes(self, state: mirrors.State) -> np.ndarray[Any, Any]:
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
        if state.puzzle.places_pieces:
            inner = codes[1:-1, 1:-1]
            inner[(inner & KIND) == mirrors.EMPTY] |= OPEN
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

    def _state_for(self, codes: np.ndarray[Any, Any]) -> mirrors.State:
        state = self._states.get(codes.tobytes())
        return state if state is not None else self.host.state

    # ----- painting --------------------------------------------------------------------------

    def paint(self, context: Any, geometry: Geometry, codes: np.ndarray[Any, Any], area: list[Position]) -> None:
        """Repaint the area from the state these codes were made from (see `mirrors_paint`)."""
        self.painter.paint(context, geometry, codes, area, self._state_for(codes))

    # ----- words -----------------------------------------------------------------------------

    def _colour_word(self, colour: int | str) -> str:
        name = colour if isinstance(colour, str) else mirrors.COLOUR_NAMES[colour]
        return self.t(f"mirrors_colour_{name}")

    def label(self, code: int, position: Position) -> str:
        """"Row R, column C, <content>[, <colours> beam(s)]" for cells ("target green unlit, blue beam");
        "Source <colour>, above row R, column C, heading down" (below, left of, right of) for sources on the ring:
        the side it is on and the cell it shines into, as the ring's ARIA positions allow (`SOURCE_LABELS`)."""
        if code & SOURCE:
            direction = code & 3
            d_row, d_col = DELTAS[direction]
            return self.t(SOURCE_LABELS[direction], colour=self._colour_word((code >> 2) & 3),
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
        if cell.kind == "empty" and code & OPEN:
            key = "mirrors_aria_empty_open"
        return self.t(key, colour=self._colour_word(cell.colour)) if cell.colour else self.t(key)

    def _target_list(self, state: mirrors.State, cells: list[Position]) -> str:
        colours = {(row, col): colour for row, col, colour in mirrors.targets(state)}
        return self.t("mirrors_list_separator").join(
            self.t("mirrors_target_item", colour=self._colour_word(colours[cell]), row=cell[0] + 1, col=cell[1] + 1)
            for cell in cells)

    # ----- input and reactions ---------------------------------------------------------------

    def move_for(self, action: str, state: mirrors.State, row: int, col: int) -> Any:
        """The move an action makes: "turn" is the game's press (with the chooser's piece), the placing and taking
        keys act on cells; the backend refuses, in words, what is not legal there."""
        if action == "turn":
            return mirrors.press(state, row, col, self._hand.chosen if self._hand is not None else ("mirror", 0))
        if action == "routes":  # no move: words said on demand
            self.host.announce(self.routes_text(state))
            return None
        if mirrors.status(state) == 1 or not (0 <= row < state.height and 0 <= col < state.width):
            return None
        if action in PLACEMENTS:
            kind, orientation = PLACEMENTS[action]
            return ("place", row, col, kind, orientation)
        return ("take", row, col) if action == "take" else None

    def after_move(self, before: Any, after: Any, move: Any, changed: list[Position]) -> None:
        """A click, a flash on the turned mirror, a pulse on newly lit targets.

        The words are `move_summary`'s, said by the screen at the player's verbosity.
        """
        self.host.play_sound("turn")
        board = self.board
        turned = (int(move[1]), int(move[2]))
        board.mark([turned], "flash")
        gained = sorted(mirrors.lit_targets(after) - mirrors.lit_targets(before))
        self._animate(board, turned, gained)

    def move_summary(self, before: Any, after: mirrors.State, move: Any, verbosity: str) -> str | None:
        """What changed, after a turn, an undo, a redo or a restart alike: which targets lit or went dark, where each
        re-routed beam now stops (the backend's `beam_changes`), and how many targets are lit.

        "short" is one sentence: the move, the targets that changed, else the first re-routed beam, then the count
        ("Row 2, column 3 turned, now mirror \\ (falling); lit: green target at row 3, column 4; 2 of 3 targets
        lit"). "full" says all of it, the turned mirror and its new slant first. A change of
        the pieces in hand is said whatever made it (a placement, its undo, a hint: the screen names a hinted move
        with `hint_words` and asks here with no move)."""
        count = self.t("mirrors_live_count", lit=len(mirrors.lit_targets(after)), total=len(mirrors.targets(after)))
        if before is None or before.puzzle != after.puzzle:
            return count
        lit_before, lit_after = mirrors.lit_targets(before), mirrors.lit_targets(after)
        gained, lost = sorted(lit_after - lit_before), sorted(lit_before - lit_after)
        targets = []
        if gained:
            targets.append(self.t("mirrors_live_lit", targets=self._target_list(after, gained)))
        if lost:
            targets.append(self.t("mirrors_live_unlit", targets=self._target_list(after, lost)))
        # A beam that now lights a target is already said by "Lit:".
        ends = [self._end_text(after, end) for end in mirrors.beam_changes(before, after)
                if not (end.lit and (end.row, end.col) in gained)]
        # A placement or a take-back (or its undo, or a hinted one) says what is left to place.
        hand = [self._hand_text(after)] if mirrors.hand_words(before) != mirrors.hand_words(after) else []
        # The move names itself, a turn with the piece's new slant in its label's words ("now mirror \\ (falling)");
        # a hint names its own move.
        now = {"content": self.t(mirrors.cell_kind(after, int(move[1]), int(move[2])).label_key)} \
            if move is not None and move[0] == "turn" else {}
        if move is not None and move[0] == "take":  # the piece taken back, named as a placement names it
            now = self._taken_words(int(move[1]), int(move[2]), before, after)
        named = [self._move_words(move, "mirrors_said", **now)] if move is not None else []
        if verbosity != "full":
            parts = [*named, *hand, *(targets or ends[:1])]
            text = count
            for index, part in reversed(list(enumerate(parts))):  # one sentence: only its first word is capitalised
                text = self.t("mirrors_said_short", change=part if index == 0 else part[:1].lower() + part[1:],
                              count=text)
            return text
        return self.host.sentences(*named, *hand, *targets, *ends, count)

    def routes_text(self, state: mirrors.State) -> str:
        """Every beam's route, a sentence each, then where it ends: "The red beam enters row 1, column 3 heading down;
        turns right at row 2, column 3; becomes blue at row 2, column 5. The red beam now ends at the wall at …"
        (a splitter's second half: "The red beam split off at row 2, column 3 heads up; …")."""
        said = []
        for beam, end in zip(mirrors.trace(state), mirrors.beam_ends(state), strict=True):
            colour = beam.source.colour
            steps = list(beam.steps)
            if beam.split_from < 0:
                d_row, d_col = DELTAS[beam.source.direction]
                row, col = beam.source.row + d_row, beam.source.col + d_col
                start = self.t("mirrors_route_enter", colour=self._colour_word(colour), row=row + 1, col=col + 1,
                               direction=self._direction_word(beam.source.direction))
            else:
                first = steps.pop(0)
                colour = first.colour
                start = self.t("mirrors_route_split", colour=self._colour_word(colour), row=first.row + 1,
                               col=first.col + 1, direction=self._direction_word(first.direction_out))
            clauses = [start]
            for step in steps:
                if step.colour != colour:
                    colour = step.colour
                    clauses.append(self.t("mirrors_route_becomes", colour=self._colour_word(colour),
                                          row=step.row + 1, col=step.col + 1))
                if step.direction_out != step.direction_in:
                    clauses.append(self.t("mirrors_route_turn", direction=self._direction_word(step.direction_out),
                                          row=step.row + 1, col=step.col + 1))
            said += [self.t("mirrors_route_separator").join(clauses), self._end_text(state, end)]
        return self.host.sentences(*said) if said else self.t("mirrors_route_none")

    def _direction_word(self, direction: int) -> str:
        return self.t(f"mirrors_direction_{mirrors.DIRECTION_NAMES[direction]}")

    def _taken_words(self, row: int, col: int, *states: mirrors.State) -> dict[str, str]:
        """The piece a take-back moves, in words ({piece} "mirror", {slant} "/ (rising)"): read from the first of
        `states` that still holds it (the state before the take; after it, for an undone one)."""
        for state in states:
            cell = mirrors.cell_kind(state, row, col)
            if cell.kind in ("mirror", "splitter"):
                return {"piece": self.t(f"mirrors_tray_{cell.kind}"),
                        "slant": self.t("mirrors_slant_backslash" if cell.mirror == "\\" else "mirrors_slant_slash")}
        return {"piece": self.t("mirrors_tray_mirror"), "slant": ""}  # (no state holds it: never, for a legal take)

    def _move_words(self, move: Any, prefix: str, **extra: Any) -> str:
        """"Row 2, column 1 turned", "Placed a mirror at row 2, column 1", "Took back the piece at …";
        `prefix` "mirrors_hinted" gives the hint's words, with the moves left."""
        where = {"row": int(move[1]) + 1, "col": int(move[2]) + 1, **extra}
        what = (move[0], move[3]) if move[0] == "place" else (move[0],)
        if move[0] == "place":  # the slant it was placed in, in words ("a mirror / (rising)")
            where["slant"] = self.t("mirrors_slant_backslash" if move[4] else "mirrors_slant_slash")
        return self.t(MOVE_WORDS[prefix][what], **where)

    def _hand_text(self, state: mirrors.State) -> str:
        """"Mirrors to place: 2, Splitters to place: 0" (the kinds the puzzle gives)."""
        return hand_text(self.t, state)

    def _end_text(self, state: mirrors.State, end: mirrors.BeamEnd) -> str:
        """"The red beam now ends at the wall at row 4, column 6" (and the like for targets, filters, the edge)."""
        where = {"colour": self._colour_word(end.colour), "row": end.row + 1, "col": end.col + 1}
        if end.kind == "edge":
            return self.t("mirrors_said_end_edge", **where,
                          direction=self.t(f"mirrors_direction_{mirrors.DIRECTION_NAMES[end.direction]}"))
        if end.kind in ("target", "filter"):
            cell_colour = self._colour_word(mirrors.cell_kind(state, end.row, end.col).colour or "white")
            key = "mirrors_said_end_target_lit" if end.lit else f"mirrors_said_end_{end.kind}"
            return self.t(key, **where, target=cell_colour, filter=cell_colour)
        return self.t(f"mirrors_said_end_{end.kind}", **where)

    def _animate(self, board: Any, turned: Position, gained: list[Position]) -> None:
        """The turned mirror swings into place (TURN_MS) and newly lit targets pulse (GLOW_MS), in one animation."""
        codes = board.codes
        code = int(codes[board.layout.index(turned)]) if codes is not None else 0
        cell = CELLS[code & KIND]
        turn = cell.kind == "mirror"
        pulse = self._pulse(board, gained) if gained else None
        if not turn and pulse is None:
            return
        end_angle = 0.0 if cell.mirror == "\\" else math.pi / 2  # "\\" lies at 0, "/" a quarter turn on
        duration = max(TURN_MS if turn else 0, GLOW_MS if pulse is not None else 0)

        def frame(context: Any, geometry: Geometry, progress: float) -> None:
            elapsed = progress * duration
            if pulse is not None:
                pulse[0](context, geometry, min(1.0, elapsed / GLOW_MS))
            if turn and elapsed < TURN_MS:
                eased = 1 - (1 - elapsed / TURN_MS) ** 2
                context.save()
                x, y, size = geometry.rect(turned)
                context.beginPath()
                context.rect(x, y, size, size)
                context.clip()
                self.painter.turning_mirror(context, geometry, turned, end_angle - (math.pi / 2) * (1 - eased))
                context.restore()

        area = sorted(set(pulse[1] if pulse is not None else []) | ({turned} if turn else set()))
        self._pulse_area = area  # a frame repaints only these squares (see widen)
        board.animate(duration, frame, area)

    def _pulse(self, board: Any, cells: list[Position]) -> tuple[Any, list[Position]] | None:
        """The pulse of newly lit targets: (frame, area), or None before the board is laid out."""
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
            return frame, area
        return None

    def use_hint(self, move: Any) -> None:
        """Put the cursor on the hinted cell, play the move (a turn, a placement or a take-back), and ring it."""
        row, col = int(move[1]), int(move[2])
        board = self.board
        board.move_cursor(row, col, focus=board.has_focus())
        self.host.request(move)
        board.mark([(row, col)], "hinted")

    def hint_words(self, state: mirrors.State, move: Any) -> str:
        """"Turned the mirror at row 2, column 1; 1 turn to go" ("Placed a mirror at …", "Took back the piece at
        …"): in the past, with the moves left once the hinted move is made (the hint plays it; the screen says
        these ahead of what lit)."""
        left = mirrors.remaining_turns(mirrors.apply(state, move))
        if move[0] == "turn":  # a splitter is named a splitter; with pieces to place, what is left is "moves"
            if mirrors.cell_kind(state, int(move[1]), int(move[2])).kind == "splitter":
                return self.t("mirrors_hinted_splitter", row=int(move[1]) + 1, col=int(move[2]) + 1, left=left)
            if state.puzzle.places_pieces:
                return self.t("mirrors_hinted_moves", row=int(move[1]) + 1, col=int(move[2]) + 1, left=left)
        taken = self._taken_words(int(move[1]), int(move[2]), state) if move[0] == "take" else {}
        return self._move_words(move, "mirrors_hinted", left=left, **taken)

    def no_hint_text(self) -> str:
        """Light Path only runs out of hints once solved."""
        return self.t("mirrors_hint_solved")

    # ----- numbers around the board ----------------------------------------------------------

    def par_key(self, state: mirrors.State) -> Any:
        """Par depends on the puzzle, not on how its mirrors are turned now."""
        return state.puzzle

    def extra_controls(self, host: Any) -> None:
        """A damaged file's notice, the legend of the pieces on the board, the stage list (by tier, with done
        marks and bests), Play endless, and the ways into the stage editor."""
        self._notice = StageFileNotice(self.t, self.host.announce)
        host.appendChild(self._notice.root)
        # Open beside the board on wide screens; one line to open on a phone, where it sits under the board.
        # First in the panel (static/css/games/mirrors.css puts the panel's own parts before the size menu):
        # what a splitter does is read near the board, not under 48 stages.
        wide = beside_the_board()
        self._legend = Legend(open_=wide)
        host.appendChild(self._legend.root)
        stages = self.spec.stages
        if stages is not None and stages.ids():
            self._stage_list = StageList(
                mirrors.ID, stages, t=self.t, progress=self.host.stage_progress, listen=self.host.listen,
                on_endless=self.host.play_endless, run_line=self.host.run_line, open_=wide)
            host.appendChild(self._stage_list.root)
        # The stage editor (`#mirrors/edit`): build a stage, prove it, play it, share it; or start from this board.
        editor = format_hash(self.spec.id, screen=EDIT)
        self._edit_copy = element("a", attrs={"href": editor, "id": "mirrors-edit-copy",
                                              "data-i18n": "mirrors_edit_copy"})
        host.appendChild(element("p", cls="mirrors-edit-entry game-records", children=[
            element("a", attrs={"href": editor, "id": "mirrors-edit-link", "data-i18n": "mirrors_edit_link"}),
            self._edit_copy]))

    def records_changed(self) -> None:
        """Another tab cleared a stage or beat a best: the stage list reads the records again at the next render."""
        if self._stage_list is not None:
            self._stage_list.reread()

    def play_tools(self, listen: Any) -> Any:
        """The tray of pieces to place, in the play bar: beside the board, or a strip right above it on a phone."""
        self._hand = Hand(self.t, listen, self.painter.swatch, lambda: str(self.host.setting("palette")))
        return self._hand.root

    def after_render(self, session: Any) -> None:
        """The panel follows the game in play: the stage list, the legend, the damaged file's notice."""
        if self._notice is not None:
            self._notice.sync()
        if self._stage_list is not None:
            self._stage_list.sync(mirrors.stage_of(session.state), over=session.over)
        if self._legend is not None:
            self._legend.sync(session.state)
        if self._hand is not None:
            self._hand.sync(session.state)
        if self._edit_copy is not None:
            self._edit_copy.setAttribute("href", format_hash(self.spec.id, mirrors.encode(session.state), EDIT))

