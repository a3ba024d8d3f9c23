"""How big a board's cells are drawn: fitting them to the space, and the player's zoom.

The game screen lets the player choose (Fit, zoom out, 100%, zoom in, Ctrl+wheel or a
trackpad pinch) and keeps that choice for every board it opens; the replay screen
only fits. Both measure the space and size the cells with the functions here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.web.board import BoardWidget
from app.web.compact import is_compact
from app.web.dom import Listeners, calling, element, focus_in_place, window
from app.web.fullscreen import fullscreen_active

BOARD_CHROME_PX = 24  # frame padding and border around the cells
ZOOM_STEP = 1.25  # one press of zoom in or out
ZOOM_MIN_PX, ZOOM_MAX_PX = 6.0, 128.0  # a cell is never drawn smaller or larger than this
WHEEL_STEP_PX = 40.0  # a pinch sends many small wheel steps: one zoom step per this much
FIT = "fit"  # the whole board, however small its cells get
AUTO = "auto"  # 100%: fitted, within the view's own cell sizes
DEFAULT = "default"  # until the player chooses: 100%, Fit in full screen, or Fit on a phone where 100% would not fit
PHONE_MAX_PX = 640  # a window this narrow (or narrower) is a phone's
SIDE_BY_SIDE_PX = 1024  # from this width the play bar stands beside the board (static/css/masume.css)
FIT_MARGIN_PX = 8  # room kept between a fitted board and the window's edge
TAP_MIN_PX = 20.0  # a phone opens a board fitted only if its cells stay at least this big


def cells_width(board_area: Any) -> float:
    """Return the width the cells have in a board area (the window's while the area is not laid out yet)."""
    return float(board_area.clientWidth or window.innerWidth) - BOARD_CHROME_PX


def fitted_cell_px(width: float, height: float, board: BoardWidget, *, largest: float, smallest: float) -> float:
    """Return the whole-pixel cell size at which the board fits width × height, kept within smallest..largest."""
    layout = board.layout
    return max(float(int(min(width / layout.total_cols, height / layout.total_rows, largest))), smallest)


class BoardZoom:
    """The game screen's board size: the zoom tools, Ctrl+wheel, the level, the scroll hint and the chosen size.

    The tools show only when the board at its own size is larger than its room (it would scroll), or once
    the player has zoomed (to come back): on a board that fits they were a row of buttons above it, with a
    pressed 100% in the action colour that read as "reset the puzzle". A press says the new level, and a
    button that a press disables (+ at the largest size) hands the focus to the one that still acts.
    """

    def __init__(self, listeners: Listeners, t: Callable[..., str], board_area: Any, view: Any,
                 board: Callable[[], BoardWidget | None], repaint: Callable[[], None],
                 say: Callable[[str], None] = lambda _text: None, bar: Any = None) -> None:
        self._t = t
        self._say = say
        self._area = board_area
        self._bar = bar  # the play bar: right above the board where everything stacks (a phone)
        self._view = view
        self._board = board
        self._repaint = repaint
        self.choice: str | float = DEFAULT  # DEFAULT, AUTO, FIT, or a cell size in px; kept when a new board opens
        self.fitted = False  # whether the board in play is drawn fitted (Fit chosen, or the phone default)
        self._auto_px = 0.0
        self._wheel_sum = 0.0
        self.buttons: dict[str, Any] = {}
        for name, key, text in (("out", None, "−"), ("in", None, "+"), ("fit", "zoom_fit", None),
                                ("actual", "zoom_actual", None)):
            attrs = {"type": "button", "id": f"zoom-{name}"}
            if key:
                attrs["data-i18n"] = key
            else:
                attrs["data-i18n-label"] = f"zoom_{name}"
            node = element("button", cls="zoom", text=text, attrs=attrs)
            listeners.on(node, "click", calling(self.set, name))
            self.buttons[name] = node
        # What a press says goes through the live region (`say`), once per press: this readout stays quiet.
        self.level = element("output", cls="zoom-level", attrs={"id": "zoom-level", "aria-live": "off"})
        buttons = self.buttons
        self.tools = element("div", cls="board-tools", attrs={"role": "group", "data-i18n-label": "zoom_tools"},
                             children=[buttons["out"], self.level, buttons["in"], buttons["fit"], buttons["actual"]])
        self.scroll_hint = element("p", cls="scroll-hint", attrs={"id": "scroll-hint", "data-i18n": "board_scrolls",
                                                                   "hidden": ""})
        listeners.on(window, "resize", lambda _event: self.fit())
        # A trackpad pinch (or Ctrl+wheel) over the board zooms the board rather than the page.
        listeners.on(board_area, "wheel", self._on_wheel, passive=False)

    def set(self, how: str) -> None:
        """"fit": the whole board on screen; "actual": the game's own size; "in"/"out": one step. Said once done."""
        board = self._board()
        if board is None:
            return
        if how in ("fit", "actual"):
            self.choice = AUTO if how == "actual" else FIT
        else:
            factor = ZOOM_STEP if how == "in" else 1 / ZOOM_STEP
            self.choice = min(ZOOM_MAX_PX, max(ZOOM_MIN_PX, round(board.cell_px * factor)))
        self.fit()
        if how == "fit":  # the whole board on screen: bring it there
            self._scroll_to_board()
        pressed = self.buttons.get(how)
        if pressed is not None and pressed.disabled and pressed.matches(":focus"):
            # + at the largest size (− at the smallest) is disabled by its own press: the focus would fall
            # to the page; it goes to the button that still acts, without moving the page.
            focus_in_place(self.buttons["out" if how == "in" else "in"])
        self._say(self._said_level(board))

    def _said_level(self, board: BoardWidget) -> str:
        """"Zoom 125%", with "the largest size" or "the smallest size" at either end."""
        level = self._t("zoom_level", percent=self.percent(board))
        if board.cell_px >= ZOOM_MAX_PX:
            return self._t("zoom_said_largest", level=level)
        if board.cell_px <= ZOOM_MIN_PX:
            return self._t("zoom_said_smallest", level=level)
        return level

    def reveal_board(self, title: Any) -> None:
        """On a screen too short to show it, scroll the page just enough that the board shows, to its last row.

        Never past `title` (the game's heading stays at the top) nor past the board's own top: on a
        phone the site header goes out of view first, so the player sees the board as the game opens,
        without scrolling.
        """
        board = self._board()
        if board is None:
            return
        frame = board.frame.getBoundingClientRect()
        excess = float(frame.bottom) - float(window.innerHeight) + FIT_MARGIN_PX
        if excess > 0:
            window.scrollBy(0, min(excess, max(0.0, float(title.getBoundingClientRect().top)),
                                   max(0.0, float(frame.top) - FIT_MARGIN_PX)))

    def _on_wheel(self, event: Any) -> None:
        if not event.ctrlKey or self._board() is None:
            return
        event.preventDefault()
        self._wheel_sum += float(event.deltaY)
        if abs(self._wheel_sum) >= WHEEL_STEP_PX:
            self.set("out" if self._wheel_sum > 0 else "in")
            self._wheel_sum = 0.0

    def _scroll_to_board(self) -> None:
        """Scroll the page so the board and what plays it sit at the window's top: where everything stacks, the
        play bar (the numbers and buttons right above the board), else the zoom tools (to press again)."""
        if self._board() is None or is_compact():
            return
        anchor = self._bar if self._stacked() and self._bar is not None else self.tools
        top = float(anchor.getBoundingClientRect().top) + float(window.scrollY)
        window.scrollTo(0, max(0.0, top - FIT_MARGIN_PX))

    @staticmethod
    def _stacked() -> bool:
        """Whether the play bar stands above the board (a narrow window), not beside it."""
        return not is_compact() and float(window.innerWidth) < SIDE_BY_SIDE_PX

    def fit(self, *, paint: bool = True) -> None:
        """Size the cells to the space the board has and the player's choice (on a new board and on resize).

        The room is the window's whole width and height less what must stay in view: in the compact
        layout (a portal's frame, a phone on its side, full screen) everything above the board, which
        never scrolls away there; on a wide screen the page above the board, up to 200 px; on a narrow
        one (the board right under the play bar) the play bar and the zoom tools, when they show: a
        board fitted there fills the window with the numbers and buttons that play it once the page is
        scrolled to them (Fit does that). Nothing sticks over the board any more.
        """
        board = self._board()
        if board is None:
            return
        width = cells_width(self._area)
        if not is_compact():
            board.frame.style.removeProperty("max-height")
        height = self._room(board, width)
        self._auto_px = fitted_cell_px(width, height, board, largest=self._view.max_cell_px,
                                       smallest=self._view.min_cell_px)
        fitted_px = fitted_cell_px(width, height, board, largest=float("inf"), smallest=ZOOM_MIN_PX)
        choice = self.choice
        if choice == DEFAULT and fullscreen_active():
            choice = FIT  # the board grows to fill the screen
        elif choice == DEFAULT:  # a phone opens a board too big for it fitted; elsewhere at 100%
            phone = float(window.innerWidth) <= PHONE_MAX_PX
            # ...unless fitting would make cells too small to tap (Expert Minesweeper: 10 px): then
            # the smallest size a finger can use, and the board scrolls.
            choice = FIT if phone and TAP_MIN_PX <= fitted_px < self._auto_px else AUTO
        self.fitted = choice == FIT
        if choice == FIT:
            size = fitted_px
        elif choice == AUTO:
            size = self._auto_px
        else:
            size = float(choice)
        if size != board.cell_px or board.codes is None:
            board.set_cell_size(size)
            if paint:
                self._repaint()
        self.show()

    def _room_height(self) -> float:
        """The height the cells have, by the layout: see `fit`."""
        if is_compact():  # between the board area's top and the window's bottom (nothing scrolls)
            top = float(self._area.getBoundingClientRect().top) + float(window.scrollY)
            return float(window.innerHeight) - top - BOARD_CHROME_PX - FIT_MARGIN_PX
        if not self._stacked():  # the board beside the play bar: the page above the board's column, up to 200 px
            # (the column's top, not the board's: 100% is the same size whether the zoom tools show or not)
            top = float(self.tools.parentNode.getBoundingClientRect().top) + float(window.scrollY)
            return float(window.innerHeight) - min(top, 200.0) - BOARD_CHROME_PX - FIT_MARGIN_PX
        # the play bar, the zoom tools (when they show) and the board, together in the window
        bar = float(self._bar.getBoundingClientRect().height) if self._bar is not None else 0.0
        tools = 0.0 if self.tools.hidden else float(self.tools.getBoundingClientRect().height) + FIT_MARGIN_PX
        return float(window.innerHeight) - bar - tools - BOARD_CHROME_PX - 3 * FIT_MARGIN_PX

    def _room(self, board: BoardWidget, width: float) -> float:
        """The room for the cells, showing the zoom tools only where they are needed.

        They are needed when the board at its own size is larger than the room (it scrolls in its
        frame), or once the player has zoomed (to come back). In the compact layout the frame never
        grows past the room.
        """
        self.tools.hidden = True
        height = self._room_height()
        own = fitted_cell_px(width, height, board, largest=self._view.max_cell_px, smallest=self._view.min_cell_px)
        larger = own * board.layout.total_cols > width or own * board.layout.total_rows > height
        if larger or self.choice != DEFAULT:
            self.tools.hidden = False
            height = self._room_height()
        if is_compact():
            board.frame.style.maxHeight = f"{max(height, 0.0) + BOARD_CHROME_PX}px"
        return height

    def percent(self, board: BoardWidget) -> int:
        """The board's size against its own (100: the game's own size for this room)."""
        return round(100 * board.cell_px / self._auto_px) if self._auto_px else 100

    def show(self) -> None:
        """Show which choice is on, the level in the current language, and whether the board scrolls."""
        board = self._board()
        if board is None:
            return
        percent = self.percent(board)
        self.buttons["fit"].setAttribute("aria-pressed", "true" if self.fitted else "false")
        # "Actual size" is pressed exactly when the level says 100%: the button and the readout agree
        self.buttons["actual"].setAttribute("aria-pressed", "true" if percent == 100 and not self.fitted else "false")
        self.level.textContent = self._t("zoom_level", percent=percent)
        self.buttons["out"].disabled = board.cell_px <= ZOOM_MIN_PX
        self.buttons["in"].disabled = board.cell_px >= ZOOM_MAX_PX
        self.scroll_hint.hidden = not board.update_scroll_cue()
