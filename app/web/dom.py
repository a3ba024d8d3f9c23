"""Small DOM helpers and the one place event-listener proxies are made and freed.

Every Python function handed to JavaScript needs a proxy; one made per event or
per rebuilt button leaks. `Listeners` keeps the proxies of one screen together
and frees them all when the screen closes.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterable
from typing import Any

import js
from pyodide.ffi import create_proxy

from app.web.start_snapshot import drop_after_error, raised_while_importing

document = js.document
window = js.window


# Set by the shell: shows the player a short apology instead of a silent failure.
on_internal_error: Callable[[], None] | None = None


def guard(function: Callable[..., object]) -> Callable[..., None]:
    """Wrap a JS-called function so an exception is logged and reported, never a raw traceback."""

    def guarded(*args: Any) -> None:
        try:
            function(*args)
        except Exception as error:
            js.console.error("Masume internal error:\n" + traceback.format_exc())
            if raised_while_importing(error):  # a module that fails to load on a restored page: the snapshot goes
                drop_after_error(error)
            if on_internal_error is not None:
                on_internal_error()

    return guarded


def focus_in_place(node: Any) -> None:
    """Focus an element without scrolling the page to it (the screen has placed the page already)."""
    from pyodide.ffi import to_js

    node.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))


def focus_on(node: Any) -> None:
    """Focus an element and bring it into view by scrolling only this page's own boxes.

    A plain focus() scrolls every document up to the top one to show the element: in a game
    portal's frame it moved the portal's page (static/js/board-grid.js: masumeFocus).
    """
    helper = getattr(window, "masumeFocus", None)
    if helper is not None:
        helper(node)
    else:  # (board-grid.js missing: the page says so; focus at least never moves an embedding page)
        focus_in_place(node)


def open_dialog(dialog: Any, *, modal: bool = True) -> None:
    """Open a dialog without the browser focusing (and so scrolling to) anything in it; the caller focuses.

    Opening a dialog focuses its first control with a scroll that reaches every document up to the top
    one: in a game portal's frame the Controls dialog scrolled the portal's page by 440 px. Inert while
    it opens, the dialog offers nothing to focus; the caller then focuses its choice with `focus_on`.
    """
    dialog.inert = True
    try:
        if modal:
            dialog.showModal()
        else:
            dialog.show()
    finally:
        dialog.inert = False


def coarse_pointer() -> bool:
    """Whether the player plays by touch (the primary pointer is a finger): touch help, not keyboard shortcuts."""
    return bool(window.matchMedia("(pointer: coarse)").matches)


def by_id(element_id: str) -> Any:
    """Return the element with this id (None if absent)."""
    return document.getElementById(element_id)


def element(tag: str, *, cls: str | None = None, text: str | None = None,
            attrs: dict[str, str] | None = None, children: Iterable[Any] = ()) -> Any:
    """Create an element with a class, text, attributes and children."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = text
    for name, value in (attrs or {}).items():
        node.setAttribute(name, value)
    for child in children:
        node.appendChild(child)
    return node


def clear(node: Any) -> None:
    """Remove every child of a node."""
    node.replaceChildren()


def calling(action: Callable[..., object], *args: Any) -> Callable[[Any], None]:
    """Return a listener that calls `action(*args)`, whatever the event (a button's click)."""

    def listener(_event: Any) -> None:
        action(*args)

    return listener


class Listeners:
    """Event listeners that are removed, and their proxies destroyed, together."""

    def __init__(self) -> None:
        self._bound: list[tuple[Any, str, Any, bool]] = []

    def on(self, target: Any, event: str, handler: Callable[[Any], object], *, capture: bool = False,
           passive: bool | None = None) -> None:
        """Listen for `event` on `target` until `close()`."""
        proxy = create_proxy(guard(handler))
        if passive is None:
            target.addEventListener(event, proxy, capture)
        else:
            options = js.Object.new()
            options.capture = capture
            options.passive = passive
            target.addEventListener(event, proxy, options)
        self._bound.append((target, event, proxy, capture))

    def close(self) -> None:
        """Remove every listener and free its proxy."""
        for target, event, proxy, capture in self._bound:
            target.removeEventListener(event, proxy, capture)
            proxy.destroy()
        self._bound.clear()


class Callback:
    """One long-lived proxy for a function called from JS again and again (timers, frames)."""

    def __init__(self, function: Callable[..., object]) -> None:
        self.proxy = create_proxy(guard(function))

    def close(self) -> None:
        """Free the proxy."""
        self.proxy.destroy()


def use_stylesheet(href: str) -> Any:
    """Link a game's own stylesheet into the page once (it stays for later visits to that game); return its link.

    A screen that measures its layout listens for the link's "load" when it was just added: until then the
    game's parts are laid out unstyled.
    """
    link = document.querySelector(f'link[data-game-style="{href}"]')
    if link is None:
        link = element("link", attrs={"rel": "stylesheet", "href": href, "data-game-style": href})
        document.head.appendChild(link)
    return link
