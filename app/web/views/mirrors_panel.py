"""Light Path's panel beside the board: the damaged-stage-file notice and the legend of pieces.

The stage list itself is the generic `app.web.screen.stage_list.StageList`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games import mirrors
from app.web.dom import element
from app.web.views.mirrors_paint import CELLS

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


class Legend:
    """One line per kind of piece, each with a small drawing of it (the words carry the meaning)."""

    def __init__(self, *, open_: bool) -> None:
        self.items: dict[str, Any] = {}  # piece -> its line in the legend
        self._puzzle: mirrors.Puzzle | None = None  # the puzzle the lines were chosen for
        for piece in LEGEND:
            # The letters' drawing is a letter in the page's language (R, 赤): the same one the board shows.
            letter = [element("span", attrs={"data-i18n": "mirrors_letter_red"})] if piece == "letters" else []
            symbol = element("span", cls=f"mirrors-key mirrors-key-{piece}", attrs={"aria-hidden": "true"},
                             children=letter)
            words = element("span", cls="mirrors-legend-text", attrs={"data-i18n": f"mirrors_legend_{piece}"})
            self.items[piece] = element("li", cls="mirrors-legend-item", attrs={"data-piece": piece},
                                        children=[symbol, words])
        self.root = element("details", cls="mirrors-legend", attrs={"id": "mirrors-legend"}, children=[
            element("summary", attrs={"data-i18n": "mirrors_legend_title"}),
            element("ul", cls="mirrors-legend-list", children=list(self.items.values()))])
        self.root.open = open_

    def sync(self, state: mirrors.State) -> None:
        """Show the lines of the pieces the board in play has."""
        if self._puzzle == state.puzzle:
            return
        self._puzzle = state.puzzle
        shown = legend_pieces(state)
        for piece, item in self.items.items():
            item.hidden = piece not in shown


class StageFileNotice:
    """What went wrong with a damaged stage file, in the page's language, said once the board is up."""

    def __init__(self, t: Callable[..., str], announce: Callable[[str], None]) -> None:
        self.t, self.announce = t, announce
        self.root = element("p", cls="mirrors-stage-error", attrs={"id": "mirrors-stage-error"})
        self._announced = False
        if mirrors.STAGE_ERROR is not None:
            self.root.textContent = self.text()
        else:
            self.root.hidden = True

    def text(self) -> str:
        """What to tell the player about a damaged stage file ("" when the stages loaded)."""
        error = mirrors.STAGE_ERROR
        if error is None:
            return ""
        problem = self.t(f"mirrors_stage_error_{error.problem}", stage=error.stage, field=error.field)
        return self.t("mirrors_stage_damaged", problem=problem)

    def sync(self) -> None:
        """Follow a language switch; say the notice once (the screen empties the live region on a new board)."""
        if mirrors.STAGE_ERROR is None:
            return
        text = self.text()
        if str(self.root.textContent) != text or not self._announced:
            self.root.textContent = text
            self._announced = True
            self.announce(text)
