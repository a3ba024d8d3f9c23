"""Accessibility, fourth round (#30): what axe cannot see.

One booted page for the module; every test moves it with `go()` and leaves the viewport, the root font size and
the screen as it found them.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import go

pytestmark = pytest.mark.browser

WIDE = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    return open_page("#mirrors/4-07")


# ----- Must 1: the Settings panel stays inside the window ----------------------------------------------------------

SETTINGS_BOXES = """() => {
    const body = document.getElementById('settings-body');
    const nodes = [body, ...body.querySelectorAll('input, select, button, a')].filter((n) => n.getClientRects().length);
    return nodes.map((n) => { const r = n.getBoundingClientRect();
        return {id: n.id || n.className, left: r.left, right: r.right}; });
}"""


@pytest.mark.parametrize(("viewport", "root_size"), [({"width": 683, "height": 384}, ""),
                                                     ({"width": 1280, "height": 800}, "200%"),
                                                     ({"width": 683, "height": 384}, "200%")])
def test_the_open_settings_panel_and_every_control_in_it_lie_inside_the_window(page, viewport, root_size) -> None:  # noqa: ANN001
    # At 1280 px with root text at 200 % the header wraps and Settings' summary stands at the left of a row: a panel
    # aligned to the summary's right edge ran off the window's left side (x = -538 … 216 in the audit).
    page.set_viewport_size(viewport)
    page.evaluate("(size) => { document.documentElement.style.fontSize = size; }", root_size)
    try:
        go(page, "#mirrors/4-07")
        page.locator("#settings summary").click()
        page.locator("#announce-select").wait_for(state="visible")
        width = page.evaluate("() => document.documentElement.clientWidth")
        boxes = page.evaluate(SETTINGS_BOXES)
        assert len(boxes) >= 4, boxes  # the panel, the shortcuts box, the two selects at least
        for box in boxes:
            assert box["left"] >= 0 and box["right"] <= width, (viewport, root_size, box)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    finally:
        if page.evaluate("() => document.getElementById('settings').open"):
            page.locator("#settings summary").click()
        page.evaluate("() => { document.documentElement.style.fontSize = ''; }")
        page.set_viewport_size(WIDE)
