"""Forward generation, as the source article describes: lay the answer first, then hide it.

1. Lay each beam's path: from a free border position, go straight, bend a set
   number of times (a mirror at each bend, oriented by `cells.mirror_for_turn`,
   i.e. the reflection table), and end on a target of the beam's colour. Paths
   may cross only straight through empty cells; bends, targets, glass and
   filters each get a cell of their own.
2. Colour: sources get colours; glass on a path recolours the rest of it; a
   filter of the beam's colour on a path blocks the other colours' wrong turns.
3. Check the finished layout with `trace.solved` (it lights every target).
4. Add decoys (turnable mirrors off the paths, and walls), and lock a few path
   mirrors as fixed. Hard boards are then made unique (see `solver`): while a
   second solution exists, a path mirror where it differs is locked.
5. Turn mirrors at random for the start, never leaving it solved.

Second edition: a hard recipe may split a beam (`Recipe.splitters`, the chance per beam): one
of its bends becomes a turnable splitter, and the light it passes straight on is laid as a
branch of its own, with bends, to a second target of the beam's colour (a split beam gets no
glass or filter, so both halves keep its colour). Par is still the exact solver's (`planner`).

Every loop has a fixed bound, so a call's worst case is bounded; the last
resort (never needed in the tests' thousands of boards) is a fixed one-mirror board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from app.core.rng import Rng

from .board import Params, Puzzle, Source, check_params, inward_direction
from .cells import (
    BLUE,
    DELTAS,
    EMPTY,
    FILTER,
    FIXED_MIRROR,
    FIXED_SPLITTER,
    GLASS,
    GREEN,
    MIRROR,
    RED,
    RIGHT,
    SPLITTER,
    SPLITTER_CODES,
    TARGET,
    TURNABLE_CODES,
    UP,
    WALL,
    WHITE,
    mirror_for_turn,
)
from .planner import MAX_PLAN_NODES, fewest_moves, is_first_edition, layouts, plan
from .solver import SolverLimitError
from .trace import solved

PATH_TRIES = 40  # attempts to lay one beam's path before giving up on it
LAYOUT_TRIES = 30  # attempts at a whole layout before lowering the ask
UNIQUE_ROUNDS = 40  # at most this many mirrors are locked to make a board unique
# A board with splitters is kept only if the solver proves its par within this many segments, so
# the hint and the check after any move by the player stay well inside MAX_PLAN_NODES (measured:
# positions reached by play cost the search about what the start does).
PROOF_NODES = MAX_PLAN_NODES // 4


@dataclass(frozen=True)
class Recipe:
    """What a generated board is made of (difficulties and the stage drafts pick these)."""

    beams: tuple[int, int]  # how many sources (= targets), low..high
    bends: tuple[int, int]  # bends per beam, low..high
    colours: bool  # red/green/blue sources instead of white
    glass: float = 0.0  # chance a beam gets a glass on its path
    filters: float = 0.0  # chance a beam gets a filter on its path
    decoys: float = 0.1  # share of the free cells that get a decoy turnable mirror
    walls: float = 0.05  # share of the free cells that become walls
    fixed: float = 0.0  # share of the path mirrors locked as fixed
    unique: bool = False
    min_par: int = 1  # fewest turns the start must need
    splitters: float = 0.0  # chance a beam is split in two by a splitter at one of its bends


RECIPES = {
    "easy": Recipe(beams=(1, 2), bends=(1, 3), colours=False, decoys=0.06, walls=0.04, fixed=0.2, min_par=2),
    "normal": Recipe(beams=(2, 3), bends=(2, 4), colours=True, filters=0.3, decoys=0.12, walls=0.05, min_par=3),
    "hard": Recipe(
        beams=(3, 4), bends=(3, 5), colours=True, glass=0.5, filters=0.5, decoys=0.2, walls=0.04, unique=True,
        min_par=5, splitters=0.3,
    ),
}


class _Layout:
    """A board being built: cell codes, what each cell is used for, and the beams laid so far."""

    def __init__(self, height: int, width: int) -> None:
        self.height, self.width = height, width
        self.cells = [EMPTY] * (height * width)
        # Bit 1: a beam passes horizontally; bit 2: vertically; bit 4: the cell is a beam's own
        # (bend mirror, target, glass, filter), which no other beam may enter.
        self.used = [0] * (height * width)
        self.sources: list[Source] = []
        self.bends: dict[int, int] = {}  # cell index -> the orientation the answer needs

    def free_border(self) -> list[tuple[int, int]]:
        """Return the border positions no source holds yet."""
        taken = {(s.row, s.col) for s in self.sources}
        h, w = self.height, self.width
        ring = [(-1, c) for c in range(w)] + [(h, c) for c in range(w)]
        ring += [(r, -1) for r in range(h)] + [(r, w) for r in range(h)]
        return [pos for pos in ring if pos not in taken]


def _lay_path(
    layout: _Layout, rng: Rng, bends: int, colour: int, start: tuple[int, int, int] | None = None,
    turns: list[tuple[int, int]] | None = None,
) -> tuple[list[int], int] | None:
    """Lay one beam with `bends` bends into `layout`; return its straight cells in order and its target cell.

    The beam starts from a free border place (a new source), or from `start` (row, col, heading:
    a splitter's straight-on half). `turns`, if given, receives each bend's (cell index, heading in).
    Returns None (layout untouched) when the walk runs into a dead end.
    """
    h, w = layout.height, layout.width
    source: Source | None = None
    if start is None:
        free = layout.free_border()
        if not free:
            return None
        row, col = rng.choice(free)
        direction = inward_direction(row, col, h, w)
        assert direction is not None  # free_border only lists ring positions
        source = Source(row, col, direction, colour)
    else:
        row, col, direction = start
    bent: list[tuple[int, int]] = []
    straight: dict[int, int] = {}  # cell index -> axis bit, in path order
    own: dict[int, int] = {}  # cell index -> code, for the cells this beam takes for itself
    for bend in range(bends + 1):
        axis = 1 if direction in (1, 3) else 2
        stops: list[int] = []  # how many cells to pass before stopping, for each possible stop
        passable: list[int] = []
        d_row, d_col = DELTAS[direction]
        r, c = row + d_row, col + d_col
        while 0 <= r < h and 0 <= c < w:
            index = r * w + c
            if index in own or index in straight:
                break  # keep generated paths from crossing themselves
            if layout.used[index] == 0:
                stops.append(len(passable))
            if layout.used[index] & (4 | axis):
                break  # something of another beam's, or running along one
            passable.append(index)
            r, c = r + d_row, c + d_col
        if not stops:
            return None
        stop = rng.choice(stops)
        straight.update((index, axis) for index in passable[:stop])
        index = passable[stop]
        row, col = divmod(index, w)
        if bend == bends:
            own[index] = TARGET + colour
        else:
            turn_to = (direction + rng.choice((1, 3))) % 4
            own[index] = MIRROR + mirror_for_turn(direction, turn_to)
            bent.append((index, direction))
            direction = turn_to
    for index, axis in straight.items():
        layout.used[index] |= axis
    for index, code in own.items():
        layout.used[index] |= 4
        layout.cells[index] = code
        if code in TURNABLE_CODES:
            layout.bends[index] = code - MIRROR
    if source is not None:
        layout.sources.append(source)
    if turns is not None:
        turns.extend(bent)
    return list(straight), index


def _split(layout: _Layout, rng: Rng, recipe: Recipe, turns: list[tuple[int, int]], colour: int) -> bool:
    """Make one of a beam's bends a splitter and lay its straight-on half to a target; return whether it fitted."""
    for index, heading in rng.sample(turns, len(turns)):
        row, col = divmod(index, layout.width)
        laid = _lay_path(layout, rng, rng.randint(*recipe.bends) - 1, colour, (row, col, heading))
        if laid is not None:
            layout.cells[index] += SPLITTER - MIRROR  # same orientation: the answer's bend is unchanged
            return True
    return False


def _add_colour_parts(layout: _Layout, rng: Rng, recipe: Recipe, straight: list[int], target: int) -> None:
    """Maybe put glass and a filter on cells only this beam passes; the target takes the final colour."""
    colour = layout.sources[-1].colour
    alone = [index for index in straight if layout.used[index] in (1, 2)]  # no other beam crosses here (yet)
    glass_at = rng.randbelow(len(alone)) if alone and rng.random() < recipe.glass else -1
    filter_at = rng.randbelow(len(alone)) if alone and rng.random() < recipe.filters else -1
    for position, index in enumerate(alone):
        if position == glass_at:
            colour = rng.choice([c for c in (RED, GREEN, BLUE) if c != colour])
            layout.cells[index] = GLASS + colour
            layout.used[index] |= 4
        elif position == filter_at and colour != WHITE:
            layout.cells[index] = FILTER + colour
            layout.used[index] |= 4
    layout.cells[target] = TARGET + colour


def _lay_beams(height: int, width: int, rng: Rng, recipe: Recipe, beams: int) -> _Layout | None:
    """Lay `beams` paths with their colour parts; None if one would not fit."""
    layout = _Layout(height, width)
    for beam in range(beams):
        if not recipe.colours:
            colour = WHITE
        elif beam < 3:
            colour = (RED, GREEN, BLUE)[beam]  # the first three beams differ, so colour always matters
        else:
            colour = rng.choice((RED, GREEN, BLUE))
        # Drawn only for recipes with splitters, so easy and normal boards stay what they were for each seed.
        split = recipe.splitters > 0 and rng.random() < recipe.splitters
        turns: list[tuple[int, int]] = []
        for _ in range(PATH_TRIES):
            laid = _lay_path(layout, rng, rng.randint(*recipe.bends), colour, None, turns)
            if laid is not None:
                break
        else:
            return None
        if split and turns and _split(layout, rng, recipe, turns, colour):
            continue  # both halves end on targets of the beam's colour: no glass, no filter
        _add_colour_parts(layout, rng, recipe, *laid)
    return layout


def _decorate(layout: _Layout, rng: Rng, recipe: Recipe) -> None:
    """Add decoy mirrors and walls on cells no beam uses, and lock some path mirrors."""
    free = [index for index, used in enumerate(layout.used) if used == 0]
    rng.shuffle(free)
    decoys = round(recipe.decoys * len(free))
    walls = round(recipe.walls * len(free))
    for index in free[:decoys]:
        layout.cells[index] = MIRROR + rng.randbelow(2)
    for index in free[decoys : decoys + walls]:
        layout.cells[index] = WALL
    bends = sorted(layout.bends)
    for index in rng.sample(bends, round(recipe.fixed * len(bends))):
        _lock(layout, index)


def _lock(layout: _Layout, index: int) -> None:
    """Make a path mirror (or splitter) fixed in the orientation the answer needs."""
    base = FIXED_SPLITTER if layout.cells[index] in SPLITTER_CODES else FIXED_MIRROR
    layout.cells[index] = base + layout.bends.pop(index)


def _make_unique(layout: _Layout, rng: Rng) -> bool:
    """Lock path mirrors until only the laid answer lights every target; return whether that worked."""
    h, w = layout.height, layout.width
    for _ in range(UNIQUE_ROUNDS):
        found = layouts(h, w, layout.cells, layout.sources, (0, 0), 2)
        if len(found) <= 1:
            return len(found) == 1
        # Another solution differs from the answer at a mirror on the answer's paths (where the
        # two first part ways); locking that mirror the answer's way rules the other one out.
        differs = sorted(
            {r * w + c for other in found for (r, c), o in other.items() if layout.bends.get(r * w + c, o & 1) != o & 1}
        )
        if not differs:
            return False
        _lock(layout, rng.choice(differs))
    return False


def _scramble(layout: _Layout, rng: Rng) -> list[int]:
    """Return start cells: every turnable mirror turned with chance 1/2 (path mirrors a little more often)."""
    cells = list(layout.cells)
    for index, code in enumerate(cells):
        if code in TURNABLE_CODES and rng.random() < (0.6 if index in layout.bends else 0.5):
            cells[index] = code ^ 1
    return cells


def _build(params: Params, rng: Rng, recipe: Recipe, beams: int) -> tuple[Puzzle, int] | None:
    """Try once to make a puzzle with `beams` beams; return it with its par, or None."""
    try:
        return _try_build(params, rng, recipe, beams)
    except SolverLimitError:
        return None  # too tangled to prove quickly: never seen in practice, but then try another layout


def _try_build(params: Params, rng: Rng, recipe: Recipe, beams: int) -> tuple[Puzzle, int] | None:
    h, w = params.height, params.width
    layout = _lay_beams(h, w, rng, recipe, beams)
    if layout is None:
        return None
    # Forward generation: the laid answer must light every target before anything is hidden.
    if not solved(h, w, layout.cells, layout.sources):
        return None
    _decorate(layout, rng, recipe)
    if recipe.unique and not _make_unique(layout, rng):
        return None
    if not layout.bends:
        return None  # every path mirror is locked: nothing to solve
    best: tuple[Puzzle, int] | None = None
    for _ in range(8):  # a few scrambles, keeping the one that needs the most turns
        start = _scramble(layout, rng)
        if solved(h, w, start, layout.sources):
            continue
        if is_first_edition(start, (0, 0)):
            turns = fewest_moves(h, w, start, layout.sources)
        else:
            turns = plan(h, w, start, layout.sources, (0, 0), None, PROOF_NODES).moves
        assert turns is not None  # turning mirrors back always reaches the laid answer
        puzzle = Puzzle(h, w, tuple(start), tuple(layout.sources), None, params.difficulty)
        if best is None or len(turns) > best[1]:
            best = (puzzle, len(turns))
        if best[1] >= recipe.min_par:
            break
    return best


def fit_recipe(recipe: Recipe, height: int, width: int) -> Recipe:
    """Scale a difficulty's recipe (written for 10x10) down to a smaller board.

    A 5x5 board has room for about two beams of three bends; asking for more only
    makes the generator fail and retry, which is what its worst case is made of.
    """
    side = min(height, width)
    beams = max(1, side // 2)
    bends = max(1, side - 2)
    return replace(
        recipe,
        beams=(min(recipe.beams[0], beams), min(recipe.beams[1], beams)),
        bends=(min(recipe.bends[0], bends), min(recipe.bends[1], bends)),
        min_par=max(min(2, recipe.min_par), math.ceil(recipe.min_par * side / 10)),
    )


def generate_puzzle(params: Params, rng: Rng, recipe: Recipe | None = None) -> tuple[Puzzle, int]:
    """Return a new puzzle (solvable, not solved) for `params` and its par (fewest turns from the start).

    `recipe` overrides the difficulty's (stage drafting uses this; sizes may then be 3 to 10).
    """
    if recipe is None:
        check_params(params)
        recipe = fit_recipe(RECIPES[params.difficulty], params.height, params.width)
    low, high = recipe.beams
    fallback: tuple[Puzzle, int] | None = None
    for attempt in range(LAYOUT_TRIES):
        # Ask for a little less every ten failed attempts, so small boards still finish quickly.
        beams = max(1, rng.randint(low, high) - attempt // 10)
        built = _build(params, rng, recipe, beams)
        if built is None:
            continue
        if built[1] >= recipe.min_par:
            return built
        if fallback is None or built[1] > fallback[1]:
            fallback = built
    if fallback is not None:
        return fallback
    return _single_bend(params, recipe)


def _single_bend(params: Params, recipe: Recipe) -> tuple[Puzzle, int]:
    """Return the last resort, built without chance: one beam, one mirror turned the wrong way (par 1)."""
    h, w = params.height, params.width
    colour = RED if recipe.colours else WHITE
    cells = [EMPTY] * (h * w)
    middle = w // 2
    cells[middle] = MIRROR + mirror_for_turn(RIGHT, UP)  # the answer turns the beam down; this sends it out
    cells[(h - 1) * w + middle] = TARGET + colour
    source = Source(0, -1, RIGHT, colour)
    return Puzzle(h, w, tuple(cells), (source,), None, params.difficulty), 1
