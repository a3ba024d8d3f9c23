"""Light Path's panel beside the board: the damaged-stage-file notice, the pieces to place, the legend.

The stage list itself is the generic `app.web.screen.stage_list.StageList`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games import mirrors
from app.games.mirrors import stages
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


class Hand:
    """The pieces left to place ("Mirrors to place: 2"), and a chooser of what a press on an empty cell places.

    Hidden on puzzles with nothing to place; the chooser offers the kinds the puzzle gives, each
    either way round. The counts are a status line (role="status"), so a screen reader that
    reads the panel finds them; moves say them as they change.
    """

    def __init__(self, t: Callable[..., str], listen: Callable[[Any, str, Any], None]) -> None:
        self.t = t
        self.chosen: tuple[str, int] = ("mirror", 0)
        self.counts = element("p", cls="mirrors-hand-counts", attrs={"id": "mirrors-hand-counts", "role": "status"})
        self.options: dict[tuple[str, int], Any] = {}  # piece -> its label (holding the radio)
        self._radios: dict[tuple[str, int], Any] = {}
        for (kind, orientation), key in PIECE_WORDS.items():
            radio = element("input", attrs={"type": "radio", "name": "mirrors-piece", "value": f"{kind}-{orientation}",
                                            "id": f"mirrors-piece-{kind}-{orientation}"})
            radio.checked = (kind, orientation) == self.chosen
            listen(radio, "change", lambda _event, piece=(kind, orientation): self._choose(piece))
            self._radios[(kind, orientation)] = radio
            self.options[(kind, orientation)] = element("label", cls="mirrors-piece-option", children=[
                radio, element("span", attrs={"data-i18n": key})])
        self.chooser = element("fieldset", cls="mirrors-piece-chooser", attrs={"id": "mirrors-piece-chooser"},
                               children=[element("legend", attrs={"data-i18n": "mirrors_piece_choose"}),
                                         *self.options.values()])
        self.root = element("section", cls="mirrors-hand", attrs={"id": "mirrors-hand",
                                                                  "aria-labelledby": "mirrors-hand-title"},
                            children=[element("h2", cls="mirrors-hand-title", attrs={
                                "id": "mirrors-hand-title", "data-i18n": "mirrors_hand_title"}),
                                self.counts, self.chooser])
        self.root.hidden = True
        self._shown: tuple[Any, ...] | None = None

    def _choose(self, piece: tuple[str, int]) -> None:
        self.chosen = piece

    def sync(self, state: mirrors.State) -> None:
        """Show what is left in hand after every move (and in the page's language)."""
        words = hand_text(self.t, state)
        owned = dict(zip(mirrors.PIECE_KINDS, state.puzzle.owned, strict=True))
        shown = (words, tuple(owned.items()))
        if shown == self._shown:
            return
        self._shown = shown
        self.root.hidden = not words
        self.counts.textContent = words
        for (kind, _), label in self.options.items():
            label.hidden = not owned[kind]
        if not owned.get(self.chosen[0]):  # a kind this puzzle does not give: choose one it gives
            kind = next((kind for kind, n in owned.items() if n), "mirror")
            self.chosen = (kind, 0)
            self._radios[self.chosen].checked = True


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
