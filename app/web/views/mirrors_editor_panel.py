"""The stage editor's parts: the palette (a tray of drawn tiles, one radio group), the size and pieces-to-place
selects, the drafts list.

Each part builds its elements with `element` (no markup from strings), words them through `data-i18n` keys
or `t`, and calls back into the screen (`app/web/views/mirrors_editor.py`) with plain values; none holds a
rule of the game (those are `app.games.mirrors.editor`'s).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core.drafts import MAX_DRAFTS, MAX_NAME_CHARS
from app.games.mirrors.board import MAX_INVENTORY
from app.games.mirrors.editor import MAX_EDIT_SIDE, MIN_EDIT_SIDE, PALETTE
from app.web.dom import element

Listen = Callable[[Any, str, Any], None]


SWATCH_CSS_PX = 34  # .editor-swatch's size in static/css/games/mirrors-editor.css


class Palette:
    """The pieces to put, a tray of tiles beside the board: one radio group (arrow keys move through it; the
    chosen one is what a press puts), each tile drawn as the piece looks on the board and named in words
    (for a screen reader, and as the tile's tooltip); the chosen one's name is said under the board."""

    def __init__(self, listen: Listen, on_choose: Callable[[str], None], *, swatch: Callable[..., None],
                 palette: Callable[[], str]) -> None:
        self.chosen = "mirror_slash"  # what a stage needs most: a mirror to turn
        self._swatch, self._palette = swatch, palette
        self._painted = ""  # the colours the tiles were drawn in
        self.radios: dict[str, Any] = {}
        self._tiles: dict[str, tuple[Any, Any]] = {}  # name -> (its canvas, its label)
        options = []
        for item in PALETTE:
            radio = element("input", attrs={"type": "radio", "name": "editor-piece", "value": item.name,
                                            "id": f"editor-piece-{item.name}"})
            radio.checked = item.name == self.chosen
            listen(radio, "change", lambda _event, name=item.name: self._choose(name, on_choose))
            self.radios[item.name] = radio
            swatch = element("canvas", cls="editor-swatch", attrs={"aria-hidden": "true", "data-piece": item.name})
            option = element("label", cls="editor-piece", children=[
                radio, swatch, element("span", cls="visually-hidden",
                                       attrs={"data-i18n": f"mirrors_edit_piece_{item.name}"})])
            self._tiles[item.name] = (swatch, option)
            options.append(option)
        self.root = element("fieldset", cls="editor-palette", attrs={"id": "editor-palette"}, children=[
            element("legend", attrs={"data-i18n": "mirrors_edit_palette"}),
            element("div", cls="editor-pieces", children=options)])

    def _choose(self, name: str, on_choose: Callable[[str], None]) -> None:
        self.chosen = name
        on_choose(name)

    def word(self, t: Callable[..., str]) -> None:
        """Name each tile in its tooltip, in the page's language (its words are already in the radio's label)."""
        for name, (_, option) in self._tiles.items():
            option.setAttribute("title", t(f"mirrors_edit_piece_{name}"))

    def paint(self) -> None:
        """Draw the tiles as the board draws their pieces (again only when the board's colours changed)."""
        palette = self._palette()
        if palette == self._painted:
            return
        self._painted = palette
        for item in PALETTE:
            canvas, _ = self._tiles[item.name]
            self._swatch(canvas, SWATCH_CSS_PX, item.code, source_colour=item.colour if item.code is None else None)


def _select(element_id: str, label_key: str, values: range, listen: Listen, on_change: Callable[[int], None]) -> Any:
    select = element("select", attrs={"id": element_id})
    for value in values:
        select.appendChild(element("option", text=str(value), attrs={"value": str(value)}))
    listen(select, "change", lambda event: on_change(int(str(event.target.value))))
    return element("label", cls="editor-field", children=[
        element("span", attrs={"data-i18n": label_key}), select])


class StageForm:
    """The board's size (columns, rows) with its Apply button, and the pieces the player places (mirrors,
    splitters), as selects.

    Browsing the size selects only chooses a size (`on_size_chosen`: the screen says what it would remove);
    Apply size, or Enter in a size select, applies it (`on_size_apply`): arrowing through the options never
    changes the stage (WCAG 3.2.2).
    """

    def __init__(self, listen: Listen, on_size_chosen: Callable[[int, int], None],
                 on_size_apply: Callable[[int, int], None], on_inventory: Callable[[int, int], None]) -> None:
        sides = range(MIN_EDIT_SIDE, MAX_EDIT_SIDE + 1)
        counts = range(MAX_INVENTORY + 1)
        self.width = _select("editor-width", "mirrors_edit_width", sides, listen,
                             lambda _value: on_size_chosen(*self.chosen_size()))
        self.height = _select("editor-height", "mirrors_edit_height", sides, listen,
                              lambda _value: on_size_chosen(*self.chosen_size()))
        self.mirrors = _select("editor-mirrors", "mirrors_edit_inventory_mirrors", counts, listen,
                               lambda value: on_inventory(value, int(self.splitters_select.value)))
        self.splitters = _select("editor-splitters", "mirrors_edit_inventory_splitters", counts, listen,
                                 lambda value: on_inventory(int(self.mirrors_select.value), value))
        self.width_select = self.width.querySelector("select")
        self.height_select = self.height.querySelector("select")
        self.mirrors_select = self.mirrors.querySelector("select")
        self.splitters_select = self.splitters.querySelector("select")
        self.apply = element("button", attrs={"type": "button", "id": "editor-size-apply",
                                              "data-i18n": "mirrors_edit_size_apply",
                                              "aria-describedby": "editor-size-note"})
        listen(self.apply, "click", lambda _event: on_size_apply(*self.chosen_size()))
        for select in (self.width_select, self.height_select):
            listen(select, "keydown", lambda event: self._on_size_key(event, on_size_apply))
        # What the chosen size would do (or nothing, when it is the board's): shown, and said as it changes.
        self.note = element("p", cls="editor-size-note", attrs={"id": "editor-size-note"})
        self.root = element("div", cls="editor-form", children=[
            element("fieldset", cls="editor-size", children=[
                element("legend", attrs={"data-i18n": "mirrors_edit_size"}), self.width, self.height, self.apply,
                self.note]),
            element("fieldset", cls="editor-inventory", children=[
                element("legend", attrs={"data-i18n": "mirrors_edit_inventory"}), self.mirrors, self.splitters])])

    def _on_size_key(self, event: Any, on_size_apply: Callable[[int, int], None]) -> None:
        if str(event.key) == "Enter" and not (event.altKey or event.ctrlKey or event.metaKey):
            event.preventDefault()
            on_size_apply(*self.chosen_size())

    def chosen_size(self) -> tuple[int, int]:
        """The size the selects show, (rows, columns): the board's, or one chosen and not yet applied."""
        return int(str(self.height_select.value)), int(str(self.width_select.value))

    def fill(self, height: int, width: int, inventory: tuple[int, int]) -> None:
        """Show the stage's size and pieces to place (a size chosen and not applied is forgotten)."""
        self.width_select.value = str(width)
        self.height_select.value = str(height)
        self.mirrors_select.value = str(inventory[0])
        self.splitters_select.value = str(inventory[1])
        self.note.textContent = ""


class DraftList:
    """Saving the stage as a named draft, and the drafts kept: each with Open and Delete."""

    def __init__(self, t: Callable[..., str], listen: Listen, *, on_save: Callable[[str], None],
                 on_open: Callable[[str], None], on_delete: Callable[[str], None]) -> None:
        self.t = t
        self._on_open, self._on_delete = on_open, on_delete
        self.name = element("input", attrs={"type": "text", "id": "editor-draft-name",
                                            "maxlength": str(MAX_NAME_CHARS), "autocomplete": "off"})
        self.save = element("button", attrs={"type": "button", "id": "editor-save", "data-i18n": "mirrors_edit_save"})
        listen(self.save, "click", lambda _event: on_save(str(self.name.value)))
        listen(self.name, "keydown", lambda event: on_save(str(self.name.value)) if str(event.key) == "Enter" else None)
        self.count = element("p", cls="editor-draft-count", attrs={"id": "editor-draft-count"})
        self.list = element("ul", cls="editor-drafts", attrs={"id": "editor-drafts"})
        # One delegated listener for every row's buttons, so rebuilding the list makes no new proxies.
        listen(self.list, "click", self._on_list_click)
        self.root = element("section", cls="editor-drafts-box", attrs={"aria-labelledby": "editor-drafts-title"},
                            children=[
                                element("h2", attrs={"id": "editor-drafts-title", "data-i18n": "mirrors_edit_drafts"}),
                                element("label", cls="editor-field", children=[
                                    element("span", attrs={"data-i18n": "mirrors_edit_draft_name"}), self.name]),
                                self.save, self.count, self.list])

    def _on_list_click(self, event: Any) -> None:
        button = event.target.closest("button[data-draft]") if event.target else None
        if button is None:
            return
        name = str(button.getAttribute("data-draft"))
        (self._on_open if button.getAttribute("data-act") == "open" else self._on_delete)(name)

    def show(self, names: list[str]) -> None:
        """List the drafts kept (in the page's language)."""
        t = self.t
        self.count.textContent = (t("mirrors_edit_draft_count", count=len(names), max=MAX_DRAFTS) if names
                                  else t("mirrors_edit_no_drafts"))
        rows = []
        for name in names:
            buttons = [element("button", text=t(key), attrs={
                "type": "button", "data-draft": name, "data-act": act, "class": f"editor-draft-{act}",
                "aria-label": t(named, name=name)})
                for act, key, named in (("open", "mirrors_edit_open", "mirrors_edit_open_named"),
                                        ("delete", "mirrors_edit_delete", "mirrors_edit_delete_named"))]
            rows.append(element("li", cls="editor-draft", children=[
                element("span", cls="editor-draft-name", text=name, attrs={"title": name}), *buttons]))
        self.list.replaceChildren(*rows)
