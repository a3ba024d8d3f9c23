"""Following beams: the rules of light, one cell at a time, for the view and for checking wins.

A beam is followed as (row, col, direction, colour). Each cell it enters:
empty cells pass it, mirrors turn it (the table in `cells.REFLECT`), glass
recolours it and passes it, a filter passes it only if the colours match, and a
wall, a target (lit or not) or a filter of another colour stops it; leaving the
board stops it too. A set of visited (cell, direction, colour) states ends the
beam as a "loop" the moment it would repeat one, so no layout traces forever
(at most 16 states per cell). Mirrors are two-sided and glass never turns a beam,
so each (cell, direction) has exactly one predecessor: a beam that comes in from
the border can never close a loop and always stops somewhere. The visited set is
the guard that keeps that true for any layout, including crafted ones with a
source inside the board.

Splitters (second edition) pass a beam straight on and also reflect it: the beam
that came in carries on straight, and the reflected half is traced as a beam of its
own (`split_from` names the beam it left, its first step is the splitter cell). One
visited set serves a source's beam and all its halves, so a half that reaches a
(cell, direction, colour) any light of that source already reached stops as a
"loop": with splitters a beam from the border can come back round, and the set keeps
every source's tracing to at most 4 x 4 states per cell. Halves are traced in the order
they split off (first in, first out), so the result is deterministic; which targets
are lit does not depend on that order (they are the states reachable from the source).

A target is lit when a beam of the target's colour stops on it; a puzzle is
solved when every target is lit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .board import Source
from .cells import (
    DELTAS,
    EMPTY,
    FILTER_CODES,
    GLASS,
    GLASS_CODES,
    REFLECT,
    REFLECTOR_CODES,
    SPLITTER_CODES,
    TARGET,
    TARGET_CODES,
    WALL,
    colour_of,
)

ENDS = ("wall", "target", "filter", "edge", "loop")


class Step(NamedTuple):
    """One cell a beam passes through: where, heading in, heading out, and its colour on leaving."""

    row: int
    col: int
    direction_in: int
    direction_out: int
    colour: int


class Beam(NamedTuple):
    """A traced beam: its source, the cells it passed in order, and how and where it stopped.

    end: one of ENDS. end_row/end_col: the stopping cell for wall/target/filter, the
    border position it left through for "edge", and the cell it would re-enter in the
    same direction and colour for "loop". end_direction/end_colour: the beam's heading
    and colour as it reached that position. lit: whether it lit the target it stopped on.
    split_from: -1 for the beam a source fires; for the reflected half a splitter sends off,
    the index (in `trace_all`'s result) of the beam it split from, its first step being the splitter.
    """

    source: Source
    steps: tuple[Step, ...]
    end: str
    end_row: int
    end_col: int
    end_direction: int
    end_colour: int
    lit: bool
    split_from: int = -1


def trace_source(height: int, width: int, cells: Sequence[int], source: Source, first: int = 0) -> tuple[Beam, ...]:
    """Follow a source's beam and every half its splitters send off; `first` is the index of its first beam."""
    visited: set[tuple[int, int, int, int]] = set()
    beams: list[Beam] = []
    # Halves still to trace: (splitter row, col, heading in, heading out, colour, index of the beam it left).
    halves: list[tuple[int, int, int, int, int, int]] = []
    beams.append(_follow(height, width, cells, source, visited, halves, first, None))
    while len(beams) <= len(halves):
        row, col, direction_in, direction, colour, parent = halves[len(beams) - 1]
        start = Step(row, col, direction_in, direction, colour)
        beams.append(_follow(height, width, cells, source, visited, halves, first + len(beams), start, parent))
    return tuple(beams)


def _follow(
    height: int, width: int, cells: Sequence[int], source: Source, visited: set[tuple[int, int, int, int]],
    halves: list[tuple[int, int, int, int, int, int]], index: int, start: Step | None, parent: int = -1,
) -> Beam:
    """Follow one beam (a source's, or a half leaving a splitter at `start`) until it stops."""
    if start is None:
        row, col, direction, colour = source.row, source.col, source.direction, source.colour
        steps: list[Step] = []
    else:
        row, col, direction, colour = start.row, start.col, start.direction_out, start.colour
        steps = [start]

    def ended(end: str, lit: bool = False) -> Beam:
        return Beam(source, tuple(steps), end, row, col, direction, colour, lit, parent)

    while True:
        d_row, d_col = DELTAS[direction]
        row, col = row + d_row, col + d_col
        if not (0 <= row < height and 0 <= col < width):
            return ended("edge")
        key = (row, col, direction, colour)
        if key in visited:
            return ended("loop")
        visited.add(key)
        code = cells[row * width + col]
        direction_in = direction
        if code == EMPTY:
            pass
        elif code in REFLECTOR_CODES:
            direction = REFLECT[code & 1][direction]
        elif code in SPLITTER_CODES:
            halves.append((row, col, direction, REFLECT[code & 1][direction], colour, index))
        elif code in GLASS_CODES:
            colour = code - GLASS
        elif code in FILTER_CODES:
            if colour_of(code) != colour:
                return ended("filter")
        elif code in TARGET_CODES:
            return ended("target", code - TARGET == colour)
        elif code == WALL:
            return ended("wall")
        else:
            raise ValueError(f"unknown cell code {code} at row {row}, column {col}")
        steps.append(Step(row, col, direction_in, direction, colour))


def trace_all(height: int, width: int, cells: Sequence[int], sources: Sequence[Source]) -> tuple[Beam, ...]:
    """Trace every source's beam and the halves its splitters send off, source by source."""
    beams: list[Beam] = []
    for source in sources:
        beams.extend(trace_source(height, width, cells, source, len(beams)))
    return tuple(beams)


def target_cells(height: int, width: int, cells: Sequence[int]) -> tuple[tuple[int, int, int], ...]:
    """Return every target as (row, col, colour), row-major."""
    return tuple((i // width, i % width, code - TARGET) for i, code in enumerate(cells) if code in TARGET_CODES)


def lit_cells(beams: Sequence[Beam]) -> frozenset[tuple[int, int]]:
    """Return the (row, col) of every target a beam of its colour stopped on."""
    return frozenset((beam.end_row, beam.end_col) for beam in beams if beam.lit)


def cell_colours(beams: Sequence[Beam]) -> dict[tuple[int, int], frozenset[int]]:
    """Return the colours of light in every cell a beam enters, the cell that stopped it included.

    A cell a beam passes holds its colour on arrival and on leaving (they differ only
    in glass); a wall, target or filter that stops a beam holds the colour that reached it.
    """
    found: dict[tuple[int, int], set[int]] = {}
    for beam in beams:
        # A half leaving a splitter starts in the colour that reached the splitter (its first step's).
        colour = beam.steps[0].colour if beam.split_from >= 0 else beam.source.colour
        for step in beam.steps:
            found.setdefault((step.row, step.col), set()).update((colour, step.colour))
            colour = step.colour
        if beam.end in ("wall", "target", "filter"):
            found.setdefault((beam.end_row, beam.end_col), set()).add(beam.end_colour)
    return {cell: frozenset(colours) for cell, colours in found.items()}


class BeamEnd(NamedTuple):
    """Where a beam stops, in words a player can use: which source's beam, how it stops, and the cell.

    beam: the source's place in `sources`; colour: the source's colour; kind: one of ENDS;
    row/col: the cell that stopped it (wall, target, filter), the last board cell it crossed
    before leaving ("edge", with `direction` the way it leaves), or the cell it would re-enter
    ("loop"); end_colour: the light's colour there; lit: whether it lit the target.
    """

    beam: int
    colour: int
    kind: str
    row: int
    col: int
    direction: int
    end_colour: int
    lit: bool


def beam_end(index: int, beam: Beam) -> BeamEnd:
    """Describe where one traced beam stops (see `BeamEnd`)."""
    row, col = beam.end_row, beam.end_col
    if beam.end == "edge":
        d_row, d_col = DELTAS[beam.end_direction]
        row, col = row - d_row, col - d_col  # the last cell inside (a source beside a wall may never enter one)
    return BeamEnd(index, beam.source.colour, beam.end, row, col, beam.end_direction, beam.end_colour, beam.lit)


def changed_ends(before: Sequence[Beam], after: Sequence[Beam]) -> tuple[BeamEnd, ...]:
    """Return where each beam now stops whose stop (kind, cell, heading or colour) differs from before.

    Beams are matched by their source and their place among that source's beams (the same
    puzzle has the same sources in the same order); with splitters a source may send off
    more or fewer halves than before: a half that is new counts as changed, one that is
    gone is not said. `BeamEnd.beam` is the beam's index in `after`.
    """
    def keyed(beams: Sequence[Beam]) -> dict[tuple[int, int], tuple[int, Beam]]:
        found: dict[tuple[int, int], tuple[int, Beam]] = {}
        source_no, order = -1, 0
        for index, beam in enumerate(beams):
            if beam.split_from < 0:
                source_no, order = source_no + 1, 0
            else:
                order += 1
            found[(source_no, order)] = (index, beam)
        return found

    old = keyed(before)
    changed = []
    for key, (index, new) in keyed(after).items():
        previous = old.get(key)
        if previous is None or beam_end(index, previous[1]) != beam_end(index, new):
            changed.append(beam_end(index, new))
    return tuple(changed)


def solved(height: int, width: int, cells: Sequence[int], sources: Sequence[Source]) -> bool:
    """Return whether every target is lit by light of its colour."""
    lit = lit_cells(trace_all(height, width, cells, sources))
    return all((row, col) in lit for row, col, _ in target_cells(height, width, cells))
