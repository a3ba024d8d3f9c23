"""Light Path's parts beside the board: the damaged-stage-file notice, the tray of pieces to place, the legend.

The stage list itself is the generic `app.web.screen.stage_list.StageList`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games import mirrors
from app.games.mirrors import stages
from app.games.mirrors.cells import PLACED_MIRROR, PLACED_SPLITTER
from app.web.dom import element
from app.web.legend import Legend as SharedLegend
from app.web.views.mirrors_paint import CELLS

# The legend's lines, in order: what a player meets first comes first.
LEGEND = ("mirror", "fixed", "splitter", "placed", "target", "source", "filter", "glass", "wall", "letters")


def legend_pieces(state: mirrors.State) -> frozenset[str]:
    """The legend lines a board needs: one per kind of piece on it (or in hand), and the colour letters."""
    pieces = {"source", "letters"} if mirrors.sources(state) else {"letters"}
    owned = state.puzzle.owned
    if state.puzzle.places_pieces:
        pieces.add("placed")
    if owned[1]:
        pieces.add("splitter")
    for code in set(state.puzzle.cells):
        cell = CELLS[code]
        if cell.kind == "mirror":
            pieces.add("mirror" if cell.turnable else "fixed")
        elif cell.kind == "splitter":
            pieces.add("splitter")
            if not cell.turnable:
                pieces.add("fixed")
        elif cell.kind != "empty":
            pieces.add(cell.kind)
    return frozenset(pieces)


# The chooser's options: (piece, orientation 0 "/" or 1 "\\") and their words, in order.
PIECE_WORDS = {("mirror", 0): "mirrors_piece_mirror_slash", ("mirror", 1): "mirrors_piece_mirror_backslash",
               ("splitter", 0): "mirrors_piece_splitter_slash", ("splitter", 1): "mirrors_piece_splitter_backslash"}


def hand_text(t: Callable[..., str], state: mirrors.State) -> str:
    """"Mirrors to place: 2, Splitters to place: 1" ("" when the puzzle gives nothing to place)."""
    return t("mirrors_list_separator").join(t(key, n=n) for key, n in mirrors.hand_words(state))


# A tray option's picture: the piece as placed on the board (its lavender frame says "yours to take back").
PLACED_CODES = {("mirror", 0): PLACED_MIRROR, ("mirror", 1): PLACED_MIRROR + 1,
                ("splitter", 0): PLACED_SPLITTER, ("splitter", 1): PLACED_SPLITTER + 1}
PIECE_KEYS = {("mirror", 0): "M", ("mirror", 1): "⇧M", ("splitter", 0): "S", ("splitter", 1): "⇧S"}
KIND_WORDS = {"mirror": "mirrors_tray_mirror", "splitter": "mirrors_tray_splitter"}  # after the count: "2 × mirror"
SWATCH_CSS_PX = 32  # .mirrors-piece-swatch's size in static/css/games/mirrors.css


class Hand:
    """The tray of pieces to place, beside the board: per kind the count left, then its two ways round to choose.

    A press on an empty cell places the chosen piece. It stands in the play bar: beside the board on a
    wide screen, a strip right above it on a phone. Hidden on puzzles with nothing to place; it offers the
    kinds the puzzle gives. Each option is a radio (arrow keys move through them) drawn as the piece
    looks on the board, named in words ("mirror / rising (M)"); the counts are also a line of words
    ("Mirrors to place: 2") for a screen reader that reads the tray (not a live region: a move says them).
    """

    def __init__(self, t: Callable[..., str], listen: Callable[[Any, str, Any], None],
                 swatch: Callable[..., None], palette: Callable[[], str]) -> None:
        self.t = t
        self._swatch, self._palette = swatch, palette
        self.chosen: tuple[str, int] = ("mirror", 0)
        # Read where the tray is read; not a live region: a move's own words already say what is left (#30).
        self.counts = element("p", cls="mirrors-hand-counts visually-hidden", attrs={"id": "mirrors-hand-counts"})
        self.options: dict[tuple[str, int], Any] = {}  # piece -> its label (holding the radio)
        self._radios: dict[tuple[str, int], Any] = {}
        self._swatches: dict[tuple[str, int], Any] = {}
        self.kinds: dict[str, Any] = {}  # kind -> its row (count, name, options)
        self._count_of: dict[str, Any] = {}
        for kind in mirrors.PIECE_KINDS:
            options = []
            for orientation in (0, 1):
                piece = (kind, orientation)
                value = f"{kind}-{orientation}"
                radio = element("input", attrs={"type": "radio", "name": "mirrors-piece", "value": value,
                                                "id": f"mirrors-piece-{value}"})
                radio.checked = piece == self.chosen
                listen(radio, "change", lambda _event, piece=piece: self._choose(piece))
                self._radios[piece] = radio
                self._swatches[piece] = element("canvas", cls="mirrors-piece-swatch", attrs={"aria-hidden": "true"})
                self.options[piece] = element("label", cls="mirrors-piece-option", children=[
                    radio, self._swatches[piece], element("span", cls="visually-hidden",
                                                          attrs={"data-i18n": PIECE_WORDS[piece]}),
                    element("span", cls="mirrors-piece-key", text=PIECE_KEYS[piece], attrs={"aria-hidden": "true"})])
                options.append(self.options[piece])
            self._count_of[kind] = element("span", cls="mirrors-tray-count", attrs={"aria-hidden": "true"})
            self.kinds[kind] = element("div", cls="mirrors-tray-kind", attrs={"data-kind": kind}, children=[
                self._count_of[kind],
                element("span", cls="mirrors-tray-name", attrs={"aria-hidden": "true",
                                                                "data-i18n": KIND_WORDS[kind]}),
                *options])
        self.chooser = element("fieldset", cls="mirrors-piece-chooser", attrs={"id": "mirrors-piece-chooser"},
                               children=[element("legend", cls="visually-hidden",
                                                 attrs={"data-i18n": "mirrors_piece_choose"}),
                                         *self.kinds.values()])
        self.root = element("section", cls="mirrors-hand", attrs={"id": "mirrors-hand",
                                                                  "aria-labelledby": "mirrors-hand-title"},
                            children=[element("h2", cls="mirrors-hand-title", attrs={
                                "id": "mirrors-hand-title", "data-i18n": "mirrors_hand_title"}),
                                self.counts, self.chooser])
        self.root.hidden = True
        self._shown: tuple[Any, ...] | None = None
        self._painted = ""  # the palette the pictures were drawn in

    def _choose(self, piece: tuple[str, int]) -> None:
        self.chosen = piece

    def sync(self, state: mirrors.State) -> None:
        """Show what is left in hand after every move (and in the page's language)."""
        words = hand_text(self.t, state)
        owned = dict(zip(mirrors.PIECE_KINDS, state.puzzle.owned, strict=True))
        left = dict(zip(mirrors.PIECE_KINDS, mirrors.hand(state), strict=True))
        shown = (words, tuple(owned.items()), tuple(left.items()))
        if shown != self._shown:
            self._shown = shown
            self.root.hidden = not words
            self.counts.textContent = words
            for kind, row in self.kinds.items():
                row.hidden = not owned[kind]
                self._count_of[kind].textContent = str(left[kind])
                row.classList.toggle("is-empty", left[kind] == 0)
            if not owned.get(self.chosen[0]):  # a kind this puzzle does not give: choose one it gives
                kind = next((kind for kind, n in owned.items() if n), "mirror")
                self.chosen = (kind, 0)
                self._radios[self.chosen].checked = True
        if words and self._palette() != self._painted:  # drawn once shown, again when the colours change
            self._painted = self._palette()
            for piece, canvas in self._swatches.items():
                self._swatch(canvas, SWATCH_CSS_PX, PLACED_CODES[piece])


class Legend:
    """One line per kind of piece, each with a small drawing of it (the words carry the meaning)."""

    def __init__(self, *, open_: bool) -> None:
        self._puzzle: mirrors.Puzzle | None = None  # the puzzle the lines were chosen for
        lines = []
        for piece in LEGEND:
            # The letters' drawing is a letter in the page's language (R, 赤): the same one the board shows.
            letter = [element("span", attrs={"data-i18n": "mirrors_letter_red"})] if piece == "letters" else []
            lines.append((piece, element("span", cls=f"mirrors-key mirrors-key-{piece}", children=letter),
                          f"mirrors_legend_{piece}"))
        self._legend = SharedLegend("mirrors-legend", "mirrors_legend_title", lines, open_=open_)
        self.items, self.root = self._legend.items, self._legend.root

    def sync(self, state: mirrors.State) -> None:
        """Show the lines of the pieces the board in play has."""
        if self._puzzle == state.puzzle:
            return
        self._puzzle = state.puzzle
        self._legend.show(legend_pieces(state))


class StageFileNotice:
    """What went wrong with a damaged stage file, in the page's language, said once the board is up."""

    def __init__(self, t: Callable[..., str], announce: Callable[[str], None]) -> None:
        self.t, self.announce = t, announce
        self.root = element("p", cls="mirrors-stage-error", attrs={"id": "mirrors-stage-error"})
        self._announced = False
        if stages.STAGE_ERROR is not None:
            self.root.textContent = self.text()
        else:
            self.root.hidden = True

    def text(self) -> str:
        """What to tell the player about a damaged stage file ("" when the stages loaded)."""
        error = stages.STAGE_ERROR
        if error is None:
            return ""
        problem = self.t(f"mirrors_stage_error_{error.problem}", stage=error.stage, field=error.field)
        return self.t("mirrors_stage_damaged", problem=problem)

    def sync(self) -> None:
        """Follow a language switch; say the notice once (the screen empties the live region on a new board)."""
        if stages.STAGE_ERROR is None:
            return
        text = self.text()
        if str(self.root.textContent) != text or not self._announced:
            self.root.textContent = text
            self._announced = True
            self.announce(text)
