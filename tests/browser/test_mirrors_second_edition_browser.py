"""Light Path, second edition (#21), in a real browser: tier 4 in the stage list and won by mouse, a splitter's
two beams drawn and named, pieces placed, turned and taken back by keyboard with the pieces left said, and
stars after a win (in the result, the stage list and statistics).

What is expected comes from the backend (its trace, its shortest solution, its stars), so a view that
drops a half-beam, a placed piece's label or a star fails here.
"""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import Page, expect

from app.games import mirrors
from app.web.views.mines_palette import contrast_ratio
from tests.browser.conftest import go

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("MASUME_SHOTS")  # a folder: screenshots of a tier-4 stage are saved there


def cell(page: Page, row: int, col: int):  # noqa: ANN201 - a Playwright Locator
    return page.locator(f'.board-grid button[data-row="{row}"][data-col="{col}"]')


def label(page: Page, row: int, col: int) -> str:
    return str(cell(page, row, col).get_attribute("aria-label"))


def named(start: str) -> re.Pattern[str]:
    """A label that starts with these words (any beams through the cell follow them)."""
    return re.compile("^" + re.escape(start) + "($|, )")


def brightness(page: Page, row: int, col: int) -> int:
    """The brightest channel under the middle of a cell (a beam is bright; an empty tile is dark)."""
    rgba = page.evaluate("""([row, col]) => {
        const canvas = document.querySelector('.board-canvas');
        const b = document.querySelector(`.board-grid button[data-row="${row}"][data-col="${col}"]`)
            .getBoundingClientRect();
        const c = canvas.getBoundingClientRect();
        const x = Math.floor((b.left + b.width / 2 - c.left) * canvas.width / c.width);
        const y = Math.floor((b.top + b.height / 2 - c.top) * canvas.height / c.height);
        const data = canvas.getContext('2d').getImageData(x - 1, y - 1, 3, 3).data;
        let best = 0;
        for (let i = 0; i < data.length; i += 4) best = Math.max(best, data[i], data[i + 1], data[i + 2]);
        return best;
    }""", [row, col])
    return int(rgba)


def open_stage(page: Page, stage_id: str) -> None:
    """Open a stage from its start, with no earlier progress or stars."""
    go(page, "#mirrors/1-01" if stage_id != "1-01" else "#mirrors/1-02")
    page.evaluate("""() => { for (const key of Object.keys(localStorage)) {
        if (['progress', 'stars', 'stage', 'bests'].some(kind => key.startsWith(`masume:${kind}:mirrors`)))
            localStorage.removeItem(key);
    } }""")
    go(page, f"#mirrors/{stage_id}")
    page.wait_for_selector(".board-grid button.cell")
    page.wait_for_function("id => location.hash === '#mirrors/' + id", arg=stage_id)


def moves_shown(page: Page, moves: int) -> None:
    page.wait_for_function("n => document.querySelector('#stat-moves').textContent === String(n)", arg=moves)


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    page = open_page("#mirrors/4-01")
    page.wait_for_selector(".board-grid button.cell")
    return page


def test_the_fourth_tier_is_listed_and_its_first_stage_is_won_by_mouse_with_stars(page: Page) -> None:
    open_stage(page, "4-01")
    expect(page.locator("#mirrors-tier-4")).to_have_text("Tier 4: Splitters and pieces to place")
    tier = page.locator("#mirrors-tier-4-stars")
    expect(tier).to_have_text("Stars: 0 of 36")
    expect(page.locator('a[data-stage="4-01"]')).to_contain_text("Half Silver")
    state = mirrors.stage_state("4-01")
    solution = mirrors.solve_moves(state)
    assert solution is not None and len(solution) == mirrors.par(state)
    for number, move in enumerate(solution, 1):
        assert move[0] == "turn"
        cell(page, move[1], move[2]).click()
        moves_shown(page, number)
    dialog = page.locator("#result-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("★★★")
    expect(dialog).to_contain_text("3 of 3")
    expect(page.locator("#live")).to_contain_text("Stars: 3 of 3")
    page.keyboard.press("Escape")
    # The stage list keeps the stars: drawn for the eye (hidden from screen readers), said in words.
    link = page.locator('a[data-stage="4-01"]')
    expect(link.locator(".mirrors-stage-stars")).to_have_attribute("data-stars", "3")
    expect(link.locator('.mirrors-stage-stars [aria-hidden="true"]')).to_have_text("★★★")
    # Readable on the light panel and on a hovered row (amber #f59e0b was 2.2:1 on white).
    star, panel = page.evaluate("""() => [document.querySelector('a[data-stage="4-01"] .mirrors-stage-stars'),
        document.querySelector('.mirrors-stages')]
        .map((node, i) => getComputedStyle(node)[i ? 'backgroundColor' : 'color'].match(/\\d+/g).slice(0, 3)
        .map((part) => Number(part).toString(16).padStart(2, '0')).join(''))""")
    row_bg = page.evaluate("() => getComputedStyle(document.body).getPropertyValue('--bg').trim()")
    for under in (f"#{panel}", row_bg):
        assert contrast_ratio(f"#{star}", under) >= 4.5, (star, under)
    expect(link).to_have_accessible_name(re.compile(r"^4-01 Half Silver\s*, cleared\s*, best 3\s*, 3 of 3 stars$"))
    expect(tier).to_have_text("Stars: 3 of 36")
    stored = page.evaluate("() => localStorage.getItem('masume:stars:mirrors:stage-4-01')")
    assert stored is not None and '"stars": 3' in stored.replace('":3', '": 3')
    go(page, "#mirrors/stats")
    # One label, not two ('Stages: Stars: 3 of 144').
    expect(page.locator("#stats-stage-stars")).to_have_text("Stars from the stages: 3 of 144")


def test_a_splitters_two_beams_are_drawn_and_named(page: Page) -> None:
    open_stage(page, "4-01")
    state = mirrors.stage_state("4-01")
    beams = mirrors.trace(state)
    assert [beam.split_from for beam in beams] == [-1, 0], "the source's beam and one half from the splitter"
    splitter = (beams[1].steps[0].row, beams[1].steps[0].col)
    assert label(page, *splitter).startswith(f"Row {splitter[0] + 1}, column {splitter[1] + 1}, splitter /")
    lit_cells = {(step.row, step.col) for beam in beams for step in beam.steps}
    straight = [(s.row, s.col) for s in beams[0].steps if (s.row, s.col) != splitter]
    half = [(s.row, s.col) for s in beams[1].steps[1:]]
    assert straight and half
    for row, col in straight + half:
        assert label(page, row, col).endswith("white beam"), (row, col)
        if mirrors.cell_kind(state, row, col).kind == "empty":
            assert brightness(page, row, col) > 170, f"no beam drawn through {(row, col)}"
    dark = next((r, c) for r in range(state.height) for c in range(state.width)
                if (r, c) not in lit_cells and mirrors.cell_kind(state, r, c).kind == "empty")
    assert brightness(page, *dark) < 120, "an empty cell no beam reaches stays dark"
    assert "beam" not in label(page, *dark)
    if SHOTS:
        for theme in ("light", "dark"):
            page.emulate_media(color_scheme=theme)
            page.wait_for_timeout(300)
            page.screenshot(path=os.path.join(SHOTS, f"tier4-4-01-{theme}.png"))
        page.emulate_media(color_scheme="light")


def test_a_piece_is_placed_turned_and_taken_back_by_keyboard(page: Page) -> None:
    open_stage(page, "4-07")  # one splitter to place, no mirror
    state = mirrors.stage_state("4-07")
    counts = page.locator("#mirrors-hand-counts")
    expect(counts).to_have_text("Splitters to place: 1")
    expect(page.locator("#mirrors-hand")).to_be_visible()
    target = (2, 4)
    assert mirrors.cell_kind(state, *target).kind == "empty"
    assert label(page, *target).startswith("Row 3, column 5, empty, can take a piece")
    cell(page, *target).focus()
    live = page.locator("#live")
    page.keyboard.press("m")  # no mirror to place on this stage: the backend refuses, the page says why
    expect(live).to_have_text("This board has no mirrors to place, only splitters.")
    page.keyboard.press("s")
    moves_shown(page, 1)
    expect(cell(page, *target)).to_have_attribute("aria-label", named("Row 3, column 5, placed splitter / (rising)"))
    expect(counts).to_have_text("Splitters to place: 0")
    expect(live).to_contain_text("splitters to place: 0")
    page.keyboard.press("Enter")
    moves_shown(page, 2)
    expect(cell(page, *target)).to_have_attribute("aria-label", named("Row 3, column 5, placed splitter \\ (falling)"))
    page.keyboard.press("Delete")
    moves_shown(page, 3)
    expect(cell(page, *target)).to_have_attribute("aria-label", named("Row 3, column 5, empty, can take a piece"))
    expect(counts).to_have_text("Splitters to place: 1")
    expect(live).to_contain_text("splitters to place: 1")  # short words: what is in hand, then the count
    page.keyboard.press("t")  # nothing placed here now
    expect(live).to_have_text("Nothing to take back at row 3, column 5.")
    page.keyboard.press("Shift+S")
    moves_shown(page, 4)
    expect(cell(page, *target)).to_have_attribute("aria-label", named("Row 3, column 5, placed splitter \\ (falling)"))
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "tier4-4-07-placed.png"))
    keys = page.locator("#board-keys")
    for words in ("place a splitter /", "take a placed piece back"):
        assert words in keys.inner_text(), words


def test_a_hint_places_a_piece_and_a_mouse_click_uses_the_chooser(page: Page) -> None:
    open_stage(page, "4-03")  # one mirror to place
    state = mirrors.stage_state("4-03")
    solution = mirrors.solve_moves(state)
    assert solution is not None
    place = next(move for move in solution if move[0] == "place")
    page.locator(f"#mirrors-piece-mirror-{place[4]}").check()
    cell(page, place[1], place[2]).click()
    moves_shown(page, 1)
    kind = "/ (rising)" if place[4] == 0 else "\\ (falling)"
    expect(cell(page, place[1], place[2])).to_have_attribute(
        "aria-label", named(f"Row {place[1] + 1}, column {place[2] + 1}, placed mirror {kind}"))
    expect(page.locator("#mirrors-hand-counts")).to_have_text("Mirrors to place: 0")
    for _ in range(len(solution) - 1):
        page.locator("#hint").click()
    expect(page.locator("#result-dialog")).to_be_visible()
    expect(page.locator("#result-dialog")).to_contain_text("2 of 3")  # a hint caps the stars at 2
    page.keyboard.press("Escape")
