"""Accessibility, third round (#19), continued from test_a11y_round3_browser.py (near its 500 lines): Pipe Link's
loops carry a mark of their own in either palette (pixels read from the board canvas; the tests' pixel ratio is 1),
and the settings panel fits a 320 px screen."""

from __future__ import annotations

import pytest

from app.core.rng import Rng
from app.games import pipes
from tests.browser.conftest import go

pytestmark = pytest.mark.browser

# app/web/views/pipes.py COLOURS["loop"] and OKABE_ITO["loop"] (the views import the browser's `js`).
LOOP = {"standard": (0xEF, 0x44, 0x44), "okabe_ito": (0xE6, 0x9F, 0x00)}


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    return open_page("#pipes")


def set_palette(page, value: str) -> None:  # noqa: ANN001
    page.locator("#settings summary").click()
    page.select_option("#palette-select", value)
    page.locator("#settings summary").click()


def corner_pixels(page, row: int, col: int, colour: tuple[int, int, int]) -> int:  # noqa: ANN001
    """How many pixels of `colour` lie in a tile's bottom-left corner (its fifth nearest the corner, off the arms)."""
    return page.evaluate("""([row, col, colour]) => {
        const c = document.querySelector('.board-canvas');
        const size = parseFloat(getComputedStyle(document.querySelector('.board')).getPropertyValue('--cell'));
        const tile = document.querySelector(`.board-grid button[data-row="${row}"][data-col="${col}"]`);
        const x = tile.getBoundingClientRect().left - c.getBoundingClientRect().left;
        const y = tile.getBoundingClientRect().top - c.getBoundingClientRect().top;
        const d = c.getContext('2d').getImageData(Math.round(x + 0.08 * size), Math.round(y + 0.68 * size),
                                                  Math.round(0.26 * size), Math.round(0.24 * size)).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) {
            if ([0, 1, 2].every(k => Math.abs(d[i + k] - colour[k]) <= 30)) n++;
        }
        return n;
    }""", [row, col, list(colour)])


def looped_board() -> pipes.State:
    """A Net board whose starting layout has a loop (the first of a fixed list of seeds)."""
    for seed in range(200):
        state = pipes.generate(pipes.PRESETS["net_5x5"], Rng(f"loop{seed}"))
        if pipes.loops(state).any():
            return state
    raise AssertionError("no seed gave a loop")


@pytest.mark.parametrize("palette", ["standard", "okabe_ito"])
def test_every_tile_on_a_loop_carries_the_loop_mark_and_no_other_tile_does(page, palette: str) -> None:  # noqa: ANN001
    state = looped_board()
    looped = pipes.loops(state)
    go(page, "#pipes/" + pipes.encode(state))
    if palette != "standard":
        set_palette(page, palette)
    try:
        for row in range(state.height):
            for col in range(state.width):
                found = corner_pixels(page, row, col, LOOP[palette])
                if looped[row, col]:
                    assert found >= 6, f"the loop mark at {(row, col)}: {found} pixels"
                else:
                    assert found == 0, f"no loop mark off the loop at {(row, col)}: {found} pixels"
        label = page.locator(f'.board-grid button[data-row="{int(looped.nonzero()[0][0])}"]'
                             f'[data-col="{int(looped.nonzero()[1][0])}"]').get_attribute("aria-label")
        assert label.endswith(", in a loop"), label
    finally:
        if palette != "standard":
            set_palette(page, "standard")


@pytest.mark.parametrize("fragment", ["#pipes", "#mirrors"])
def test_the_open_settings_panel_does_not_scroll_sideways_at_320_px(page, fragment: str) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 320, "height": 640})
    try:
        go(page, fragment)
        page.locator("#settings summary").click()
        page.locator("#palette-select").wait_for(state="visible")
        for value in ("okabe_ito", "standard"):  # the widest choice shown, then back
            page.select_option("#palette-select", value)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 320, value
            box = page.locator("#palette-select").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 320, box
        page.locator("#settings summary").click()
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_the_settings_button_matches_the_other_header_buttons_on_a_phone(page) -> None:  # noqa: ANN001
    # At 360 px the header's buttons shrink to 40 px and 0.9rem; Settings (a summary) stayed 44 px and 1rem.
    page.set_viewport_size({"width": 360, "height": 640})
    try:
        sizes = page.evaluate("""() => ['#keys-button', '#settings summary'].map((selector) => {
            const node = document.querySelector(selector);
            return [Math.round(node.getBoundingClientRect().height), getComputedStyle(node).fontSize]; })""")
        assert sizes[0] == sizes[1], sizes
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_the_focus_ring_of_the_first_and_last_stage_is_not_clipped_by_the_stage_list(page) -> None:  # noqa: ANN001
    go(page, "#mirrors/1-01")
    details = page.locator("#mirrors-stages")
    if not details.evaluate("d => d.open"):
        details.locator("summary").click()
    ring_inside = """b => {
        const style = getComputedStyle(b);
        const spread = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);  // past the border box
        let box = b.getBoundingClientRect();
        box = {left: box.left - spread, right: box.right + spread, top: box.top - spread, bottom: box.bottom + spread};
        for (let e = b.parentElement; e; e = e.parentElement) {  // every ancestor that clips
            const s = getComputedStyle(e);
            if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
            const r = e.getBoundingClientRect();
            const inner = {left: r.left + e.clientLeft, top: r.top + e.clientTop};
            inner.right = inner.left + e.clientWidth; inner.bottom = inner.top + e.clientHeight;
            if (box.left < inner.left - 0.5 || box.right > inner.right + 0.5 || box.top < inner.top - 0.5
                || box.bottom > inner.bottom + 0.5) return [e.className || e.tagName, spread];
        }
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 ? null : 'no ring';
    }"""
    for which in ("first", "last"):
        stage = getattr(page.locator(".mirrors-stage"), which)
        stage.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")  # a keyboard focus, so :focus-visible draws the ring
        if not stage.evaluate("b => b === document.activeElement"):
            stage.focus()
            page.keyboard.press("Tab")
            page.keyboard.press("Shift+Tab")
        assert stage.evaluate("b => b === document.activeElement")
        stage.evaluate("b => b.scrollIntoView({block: 'nearest'})")
        assert stage.evaluate(ring_inside) is None, f"the {which} stage's ring is clipped"


@pytest.mark.parametrize(("fragment", "locale", "words"), [("", "en-US", "Skip to the main content"),
                                                           ("#crosslight", "ja-JP", "メインコンテンツへ移動")])
def test_the_first_tab_offers_a_skip_past_the_header_to_the_screen(open_page, fragment, locale, words) -> None:  # noqa: ANN001
    page = open_page(fragment, locale=locale)
    skip = page.locator("#skip-link")
    assert skip.bounding_box()["width"] <= 1  # out of sight until the keyboard reaches it
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "skip-link"
    box = skip.bounding_box()
    assert box["width"] > 40 and box["height"] > 20 and box["x"] >= 0 and box["y"] >= 0, box  # seen once focused
    assert skip.inner_text() == words
    route = page.evaluate("location.hash")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "view"
    assert page.evaluate("location.hash") == route  # the route is untouched
    page.keyboard.press("Tab")  # the next stop is inside the screen, not back in the header
    assert page.evaluate("document.getElementById('view').contains(document.activeElement)") is True
