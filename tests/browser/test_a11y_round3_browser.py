"""Accessibility, third round (issue #19), in a real browser: what a sighted player gets from colour, a
blind player gets in words; beams and pipes differ in more than hue; the cursor ring stands out on any
cell; grid indices agree with labels; home fits 320 px.

Pixels are read from the board canvas (getImageData) or from screenshots decoded here (no imaging library).
"""

from __future__ import annotations

import re
import struct
import zlib

import pytest
from playwright.sync_api import expect

from app.core.rng import Rng
from app.games import crosslight, mines, mirrors, pipes
from app.games.mirrors import cells as mc
from app.games.mirrors.board import Puzzle
from app.web.views.mines_palette import PALETTES as MINES_PALETTES
from app.web.views.mines_palette import contrast_ratio
from tests.browser.conftest import go

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    return open_page("#pipes")


def cell(page, row: int, col: int):  # noqa: ANN001, ANN201
    return page.locator(f'.board-grid button[data-row="{row}"][data-col="{col}"]')


def live(page) -> str:  # noqa: ANN001
    return page.locator("#live").inner_text().strip()


def set_palette(page, value: str) -> None:  # noqa: ANN001
    page.locator("#settings summary").click()
    page.select_option("#palette-select", value)
    page.locator("#settings summary").click()


# ----- words ----------------------------------------------------------------------------------


def test_the_net_source_is_named_and_the_ports_say_where_they_attach(page) -> None:  # noqa: ANN001
    state = pipes.generate(pipes.PRESETS["net_5x5"], Rng("round3-net"))
    go(page, "#pipes/" + pipes.encode(state))
    source = pipes.source_cell(state.params)
    row, col = divmod(source, state.width)
    assert re.match(rf"^Row {row + 1}, column {col + 1}, the source, open ",
                    cell(page, row, col).get_attribute("aria-label"))
    assert page.locator(".board-grid button[aria-label*='the source']").count() == 1
    go(page, "#pipes/" + pipes.encode(pipes.generate(pipes.PRESETS["path_5x5"], Rng("round3-ports"))))
    assert cell(page, 0, -1).get_attribute("aria-label") == "Entrance, left of row 1, column 1"
    assert cell(page, 4, 5).get_attribute("aria-label") == "Exit, right of row 5, column 5"


def test_a_pipe_turn_says_where_the_water_front_is(page) -> None:  # noqa: ANN001
    state = pipes.generate(pipes.PRESETS["path_5x5"], Rng("round3-front"))
    go(page, "#pipes/" + pipes.encode(state))
    cell(page, 0, 0).click()
    after = pipes.apply(state, ("cw", 0, 0))
    front = pipes.water_front(after)
    said = live(page)
    if front is None:
        assert "no water enters" in said, said
    else:
        assert f"row {front[0] + 1}, column {front[1] + 1}" in said, said
        assert "from the exit" in said or "exit tile" in said, said
    assert said.count(". ") == 0, "Short is one sentence"


def test_a_net_turn_says_which_tiles_joined_or_were_cut_off(page) -> None:  # noqa: ANN001
    state = pipes.generate(pipes.PRESETS["net_5x5"], Rng("round3-joined"))
    go(page, "#pipes/" + pipes.encode(state))
    # the first tile whose turn changes the network
    for row in range(state.height):
        for col in range(state.width):
            joined, left = pipes.network_change(state, pipes.apply(state, ("cw", row, col)))
            if joined or left:
                break
        else:
            continue
        break
    cell(page, row, col).click()
    said = live(page)
    first = (joined or left)[0]
    assert ("joined: " if joined else "cut off: ") in said, said
    assert f"row {first[0] + 1} column {first[1] + 1}" in said, said


def crafted(rows: list[str], sources: list[tuple[int, int, int, int]]) -> mirrors.State:
    grid = [row.split() for row in rows]
    cells = tuple(mc.CODE_OF_TOKEN[token] for row in grid for token in row)
    return mirrors.State(Puzzle(len(grid), len(grid[0]), cells, tuple(mirrors.Source(*s) for s in sources)))


def crafted_mirrors() -> mirrors.State:
    """Four beams straight across (white, red, green, blue), and a red one down into a turnable mirror."""
    return crafted([". . . . . . . ."] * 4 + [". . / . . . . TR"],
                   [(r, -1, mc.RIGHT, r) for r in range(4)] + [(-1, 2, mc.DOWN, mc.RED)])


def test_a_mirror_turn_that_reroutes_a_beam_says_where_it_now_stops(page) -> None:  # noqa: ANN001
    # Two turns solve it: the first sends the red beam right, into the second mirror and up off the board.
    state = crafted(["/ . / . .", ". . . . .", ". . . . .", ". . . . .", ". . TR . ."], [(-1, 0, mc.DOWN, mc.RED)])
    go(page, "#mirrors/" + mirrors.encode(state))
    cell(page, 0, 0).click()
    said = live(page)
    (end,) = mirrors.beam_changes(state, mirrors.apply(state, ("turn", 0, 0)))
    # One sentence: the turned mirror and its new slant, in its label's words, then where the beam now stops.
    assert said.startswith("Row 1, column 1 turned, now mirror \\ (falling); the red beam now "), said
    assert cell(page, 0, 0).get_attribute("aria-label").startswith("Row 1, column 1, mirror \\")
    assert f"row {end.row + 1}, column {end.col + 1}" in said, said
    assert said == ("Row 1, column 1 turned, now mirror \\ (falling); "
                    "the red beam now leaves the board from row 1, column 3, heading up; 0 of 1 target lit")
    assert said.endswith("0 of 1 target lit")


# ----- pixels ---------------------------------------------------------------------------------


def canvas_line(page, y: float, x0: float, x1: float) -> list[tuple[int, int, int]]:  # noqa: ANN001
    """The canvas's pixels along one row of CSS pixels (the tests' pixel ratio is 1)."""
    return [tuple(p) for p in page.evaluate("""([y, x0, x1]) => {
        const c = document.querySelector('.board-canvas');
        const ratio = c.width / c.getBoundingClientRect().width;
        const d = c.getContext('2d').getImageData(Math.round(x0 * ratio), Math.round(y * ratio),
                                                  Math.round((x1 - x0) * ratio), 1).data;
        const out = [];
        for (let i = 0; i < d.length; i += 4) out.push([d[i], d[i + 1], d[i + 2]]);
        return out;
    }""", [y, x0, x1])]


def board_geometry(page) -> tuple[float, float, float]:  # noqa: ANN001
    """The canvas's left and top, relative to itself (0, 0), and one square's size in CSS pixels."""
    return 0.0, 0.0, float(page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('.board')).getPropertyValue('--cell'))"))


def runs(on: list[bool]) -> list[int]:
    """Lengths of the runs of True."""
    out, count = [], 0
    for value in on + [False]:
        if value:
            count += 1
        elif count:
            out.append(count)
            count = 0
    return out


def beam_runs(page, colour_rgb: tuple[int, int, int], row: int) -> tuple[list[int], float]:  # noqa: ANN001
    _, _, size = board_geometry(page)
    y = (row + 1.5) * size  # the ring is one square
    pixels = canvas_line(page, y, (1 + 3.5) * size, (1 + 7.5) * size)
    on = [all(abs(a - b) <= 45 for a, b in zip(p, colour_rgb, strict=True)) for p in pixels]
    return runs(on), size


# The views' colours (app/web/views/mirrors_paint.py LIGHT and OKABE_ITO[1], pipes.py COLOURS): the views
# import the browser's `js`, so they are named here.
LIGHT = ("#fff8dc", "#ff7070", "#62f09a", "#74b9ff")
OKABE_ITO_LIGHT = ("#fff8dc", "#f5793a", "#35c9a0", "#56b4e9")
PIPE_COLOURS = {"water": "#f5b82e", "dry": "#8b96ad"}


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def test_each_beam_colour_has_its_own_pattern_and_the_palette_setting_recolours_it(page) -> None:  # noqa: ANN001
    go(page, "#mirrors/" + mirrors.encode(crafted_mirrors()))
    white, size = beam_runs(page, hex_rgb(LIGHT[0]), 0)
    red, _ = beam_runs(page, hex_rgb(LIGHT[1]), 1)
    green, _ = beam_runs(page, hex_rgb(LIGHT[2]), 2)
    blue, _ = beam_runs(page, hex_rgb(LIGHT[3]), 3)
    long, short = 0.3 * size, 0.15 * size
    assert len(white) == 1 and white[0] >= 3.5 * size, f"white is one solid line: {white}"
    assert len(red) >= 4 and min(red[1:-1]) > long, f"red is long dashes: {red}"
    assert len(green) >= 8 and max(green[1:-1]) < short, f"green is dots: {green}"
    inner = blue[1:-1]
    assert any(n > long for n in inner) and any(n < short for n in inner), f"blue is dash-dot: {blue}"
    set_palette(page, "okabe_ito")
    try:
        assert beam_runs(page, hex_rgb(LIGHT[1]), 1)[0] == [], "the standard red is gone"
        assert len(beam_runs(page, hex_rgb(OKABE_ITO_LIGHT[1]), 1)[0]) >= 4, "the beam is drawn in vermillion"
        page.reload()
        page.wait_for_selector("html[data-ready='true'] .board-grid button.cell")
        assert page.locator("#palette-select").input_value() == "okabe_ito", "the setting is kept"
        assert len(beam_runs(page, hex_rgb(OKABE_ITO_LIGHT[1]), 1)[0]) >= 4
    finally:
        set_palette(page, "standard")


def ray_runs(page, row: int, col: int, colour: tuple[int, int, int]) -> int:  # noqa: ANN001
    """How many separate strokes of a target's light colour cross the circle between its disc and its square's edge
    (away from the four axes, where a beam arrives)."""
    _, _, size = board_geometry(page)
    on = page.evaluate("""([cx, cy, radius, colour]) => {
        const context = document.querySelector('.board-canvas').getContext('2d');
        const out = [];
        for (let step = 0; step < 720; step++) {
            const angle = step * Math.PI / 360;
            const d = context.getImageData(Math.round(cx + Math.cos(angle) * radius),
                                           Math.round(cy + Math.sin(angle) * radius), 1, 1).data;
            const offAxis = Math.abs(((step + 90) % 180) - 90) > 24;  // more than 12 degrees from an axis
            out.push(offAxis && [0, 1, 2].every(i => Math.abs(d[i] - colour[i]) <= 25));
        }
        return out;
    }""", [(col + 1.5) * size, (row + 1.5) * size, 0.42 * size, list(colour)])
    start = on.index(False)  # count runs round the circle from a gap (there is one on each axis)
    return len(runs(on[start:] + on[:start]))


@pytest.mark.parametrize("palette", ["standard", "okabe_ito"])
def test_a_lit_target_differs_from_an_unlit_one_in_shape(page, palette: str) -> None:  # noqa: ANN001
    # Two red targets: the top one lit by the red beam from the left, the other dark (its beam leaves the board).
    state = crafted([". . . TR", ". . . .", ". / . TR", ". . . ."],
                    [(0, -1, mc.RIGHT, mc.RED), (-1, 1, mc.DOWN, mc.RED)])
    go(page, "#mirrors/" + mirrors.encode(state))
    assert mirrors.lit_targets(state) == {(0, 3)}
    light = hex_rgb((LIGHT if palette == "standard" else OKABE_ITO_LIGHT)[1])
    if palette != "standard":
        set_palette(page, palette)
    try:
        assert ray_runs(page, 0, 3, light) == 8, "eight rays round the lit target"
        assert ray_runs(page, 2, 3, light) == 0, "none round the dark one"
    finally:
        if palette != "standard":
            set_palette(page, "standard")


def test_water_and_dry_pipes_differ_in_width_not_only_colour(page) -> None:  # noqa: ANN001
    state = pipes.generate(pipes.PRESETS["path_5x5"], Rng("round3-widths"))
    go(page, "#pipes/" + pipes.encode(state))
    wet, looped = pipes.flowing(state), pipes.loops(state)
    _, _, size = board_geometry(page)

    def left_arm_span(row: int, col: int, colour: str) -> int:
        """How tall the left arm is, in pixels of the pipe's colour, a fifth of the way into the tile."""
        pixels = page.evaluate("""([x, y0, y1]) => {
            const d = document.querySelector('.board-canvas').getContext('2d')
                .getImageData(Math.round(x), Math.round(y0), 1, Math.round(y1 - y0)).data;
            const out = []; for (let i = 0; i < d.length; i += 4) out.push([d[i], d[i+1], d[i+2]]); return out;
        }""", [(col + 1.2) * size, (row + 1) * size, (row + 2) * size])
        on = [i for i, p in enumerate(pixels)
              if all(abs(a - b) <= 30 for a, b in zip(p, hex_rgb(colour), strict=True))]
        return on[-1] - on[0] + 1 if on else 0

    spans: dict[str, int] = {}
    for row in range(state.height):
        for col in range(state.width):
            if state.tile(row, col) & 8 and not looped[row, col]:  # a left arm, not on a loop
                kind = "water" if wet[row, col] else "dry"
                spans.setdefault(kind, left_arm_span(row, col, PIPE_COLOURS[kind]))
    assert set(spans) == {"water", "dry"}, spans
    assert spans["water"] >= 1.5 * spans["dry"] > 0, f"water pipes are wider than dry ones: {spans}"


def colour_counts(page, colours: list[str]) -> list[int]:  # noqa: ANN001
    """How many of the board canvas's pixels are each colour (within a small distance: glyph edges blend)."""
    return page.evaluate("""(colours) => {
        const c = document.querySelector('.board-canvas');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const want = colours.map(h => [1, 3, 5].map(i => parseInt(h.slice(i, i + 2), 16)));
        const counts = want.map(() => 0);
        for (let i = 0; i < d.length; i += 4) {
            want.forEach((w, k) => {
                if (Math.abs(d[i] - w[0]) + Math.abs(d[i + 1] - w[1]) + Math.abs(d[i + 2] - w[2]) <= 12) counts[k]++;
            });
        }
        return counts;
    }""", colours)


def test_minesweeper_numbers_and_flags_follow_the_colour_blind_palette(page) -> None:  # noqa: ANN001
    go(page, "#mines/" + mines.encode(mines.generate(mines.PRESETS["beginner"], Rng("round3-palette"))))
    cell(page, 4, 4).click()  # the first open is safe and opens an area with numbers round it
    page.wait_for_selector(".board-grid button.cell[aria-label$='adjacent mine'], "
                           ".board-grid button.cell[aria-label$='adjacent mines']")
    said = page.locator(".board-grid button.cell").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    digits = {int(m.group(1)) for label in said if (m := re.search(r", (\d) adjacent mines?$", label))}
    assert digits, "the opening shows numbers"
    page.locator(".board-grid button.cell[aria-label$=', hidden']").first.click(button="right")  # a flag
    expect(page.locator(".board-grid button.cell[aria-label$=', flagged']")).to_have_count(1)
    standard, okabe_ito = MINES_PALETTES["standard"], MINES_PALETTES["okabe_ito"]
    drawn = sorted(digits) + ["flag"]

    def colours(palette: tuple[dict, dict]) -> list[str]:
        return [palette[0][d] if d != "flag" else palette[1]["flag"] for d in drawn]

    assert all(colour_counts(page, colours(standard))), f"{drawn} in the standard colours"
    set_palette(page, "okabe_ito")
    try:
        counts = colour_counts(page, colours(okabe_ito))
        assert all(counts), f"{drawn} repainted in the colour-blind palette: {counts}"
        changed = [d for d in drawn if (standard[0].get(d) if d != "flag" else standard[1]["flag"])
                   != (okabe_ito[0].get(d) if d != "flag" else okabe_ito[1]["flag"])]
        old = colour_counts(page, [c for d, c in zip(drawn, colours(standard), strict=True) if d in changed])
        assert not any(old), f"no {changed} left in the standard colours: {old}"
    finally:
        set_palette(page, "standard")


def test_light_paths_legend_and_the_editors_pieces_follow_the_palette(page) -> None:  # noqa: ANN001
    colour = """([selector, pseudo, property]) =>
        getComputedStyle(document.querySelector(selector), pseudo).getPropertyValue(property)"""
    go(page, "#mirrors/" + mirrors.encode(mirrors.stage_state("3-05")))
    selector = ".mirrors-key-filter"
    page.wait_for_selector(selector, state="attached")
    standard = page.evaluate(colour, [selector, "::after", "border-top-color"])
    set_palette(page, "okabe_ito")
    try:
        assert page.evaluate(colour, [selector, "::after", "border-top-color"]) == "rgb(213, 94, 0)" != standard
    finally:
        set_palette(page, "standard")
    # The editor's tiles are drawn by the board's painter: the green glass in the palette's own green.
    pixels = """([r, g, b]) => {
        const canvas = document.querySelector('.editor-swatch[data-piece="glass_green"]');
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let n = 0;
        for (let i = 0; i < data.length; i += 4)
            if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) <= 12) n++;
        return n; }"""
    go(page, "#mirrors/edit")
    page.wait_for_selector(".editor-swatch[data-piece='glass_green']", state="attached")
    okabe_green, standard_green = [0, 158, 115], [34, 197, 94]
    assert page.evaluate(pixels, standard_green) > 0 and page.evaluate(pixels, okabe_green) == 0
    set_palette(page, "okabe_ito")
    try:
        page.wait_for_function(f"() => ({pixels})({okabe_green}) > 0")
        assert page.evaluate(pixels, standard_green) == 0
    finally:
        set_palette(page, "standard")


def decode_png(data: bytes) -> tuple[int, int, list[list[tuple[int, int, int]]]]:
    """Decode an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium's screenshots are)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    height = channels = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and colour_type in (2, 6)
            channels = 3 if colour_type == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    pixels = [[tuple(row[x * channels:x * channels + 3]) for x in range(width)] for row in rows]
    return width, height, pixels  # type: ignore[return-value]


def rgb_hex(pixel: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*pixel)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_cursor_ring_reaches_3_to_1_on_the_cells_under_it(page, scheme: str) -> None:  # noqa: ANN001
    page.emulate_media(color_scheme=scheme)
    try:
        state = pipes.generate(pipes.PRESETS["path_5x5"], Rng("round3-ring"))
        go(page, "#pipes/" + pipes.encode(state))
        wet = pipes.flowing(state)
        wet_cell = next((r, c) for r in range(5) for c in range(5) if wet[r, c])
        dry_cell = next((r, c) for r in range(5) for c in range(5) if not wet[r, c])
        for row, col in (wet_cell, dry_cell):
            target = cell(page, row, col)
            box = target.bounding_box()
            # the cursor arrives by an arrow key, as a keyboard player moves it
            cell(page, row, col - 1 if col else col + 1).focus()
            page.keyboard.press("ArrowRight" if col else "ArrowLeft")
            assert target.evaluate("b => b === document.activeElement")
            ringed = decode_png(page.screenshot(clip=box))[2]
            page.evaluate("() => document.querySelector('.board-grid').classList.remove('kbd')")
            page.locator("#game-title").focus()
            bare = decode_png(page.screenshot(clip=box))[2]
            changed = [(ringed[y][x], bare[y][x]) for y in range(len(bare)) for x in range(len(bare[0]))
                       if max(abs(a - b) for a, b in zip(ringed[y][x], bare[y][x], strict=True)) > 24]
            assert len(changed) > 4 * box["width"], "the ring is drawn"
            colours = sorted({ring for ring, _ in changed}, key=lambda p: sum(p))
            dark, light = rgb_hex(colours[0]), rgb_hex(colours[-1])
            assert contrast_ratio(dark, light) >= 3, (dark, light)
            for _, under in changed:
                best = max(contrast_ratio(dark, rgb_hex(under)), contrast_ratio(light, rgb_hex(under)))
                assert best >= 3, f"{scheme}: ring {dark}/{light} on {rgb_hex(under)} at {(row, col)}: {best:.2f}"
    finally:
        page.emulate_media(color_scheme="light")


# ----- structure --------------------------------------------------------------------------------


@pytest.mark.parametrize("fragment", ["#mirrors/3-05", "path-5x5", "net-5x5-wrap", "#crosslight"])
def test_grid_indices_agree_with_every_label(page, fragment: str) -> None:  # noqa: ANN001
    if not fragment.startswith("#"):  # a Pipe Link board: path mode with its entrance and exit, a wrapping Net
        fragment = "#pipes/" + pipes.encode(pipes.generate(pipes.parse_params(fragment), Rng("round3-index")))
    go(page, fragment)
    page.wait_for_selector(".board-grid button.cell")
    found = page.locator(".board-grid button.cell").evaluate_all("""bs => bs.map(b => [
        b.getAttribute('aria-label'), b.closest('[role=row]').getAttribute('aria-rowindex'),
        b.closest('[role=gridcell]').getAttribute('aria-colindex')])""")
    checked = 0
    for label, row_index, col_index in found:
        match = re.match(r"^Row (\d+), column (\d+)", label)
        if match:
            assert (row_index, col_index) == match.groups(), label
            checked += 1
    assert checked >= 9


FIELD_CONTRAST = """() => {
    const rgb = text => (text.match(/[\\d.]+/g) || []).map(Number);
    const behind = element => {  // the first opaque background at or above the element's parent
        for (let e = element.parentElement; e; e = e.parentElement) {
            const c = rgb(getComputedStyle(e).backgroundColor);
            if (c.length === 3 || c[3] > 0.9) return c.slice(0, 3);
        }
        return [255, 255, 255];
    };
    const fields = [...document.querySelectorAll('select, input[type=number], input[type=text]')]
        .filter(f => f.getClientRects().length);
    return fields.map(f => [f.id || f.name || f.tagName, rgb(getComputedStyle(f).borderTopColor).slice(0, 3),
                            behind(f)]);
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_form_fields_and_light_path_walls_reach_3_to_1(page, scheme: str) -> None:  # noqa: ANN001
    page.emulate_media(color_scheme=scheme)
    try:
        checked = 0
        for fragment in ("#pipes", "#mirrors/edit", "#mines/stats"):
            go(page, fragment)
            page.wait_for_selector("select", state="visible")
            for name, border, background in page.evaluate(FIELD_CONTRAST):
                ratio = contrast_ratio(rgb_hex(tuple(border)), rgb_hex(tuple(background)))
                assert ratio >= 3, f"{scheme} {fragment}: {name}'s border {border} on {background}: {ratio:.2f}"
                checked += 1
        assert checked >= 4
        # a wall beside empty tiles (one turn sends the beam off it to the target: a board the game accepts)
        state = crafted(["# / TW", ". . .", ". . ."], [(-1, 1, mc.DOWN, mc.WHITE)])
        go(page, "#mirrors/" + mirrors.encode(state))
        assert cell(page, 0, 0).get_attribute("aria-label").startswith("Row 1, column 1, wall")
        _, _, size = board_geometry(page)
        wall = canvas_line(page, 1.25 * size, 1.2 * size, 1.8 * size)  # the wall's upper bricks (row 1, column 1)
        tile = canvas_line(page, 2.25 * size, 1.2 * size, 1.8 * size)  # the empty tile under it
        brick, floor = rgb_hex(max(set(wall), key=wall.count)), rgb_hex(max(set(tile), key=tile.count))
        assert contrast_ratio(brick, floor) >= 3, f"the wall {brick} on the tile {floor}"
    finally:
        page.emulate_media(color_scheme="light")


def test_home_does_not_scroll_sideways_at_320_px(page) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 320, "height": 640})
    try:
        go(page, "#")
        page.wait_for_selector(".daily-list")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 320
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_an_arrow_that_wraps_round_the_board_says_so(page) -> None:  # noqa: ANN001
    board = crosslight.generate(crosslight.parse_params("5x5"), Rng("round3-wrap"))
    go(page, "#crosslight/" + crosslight.encode(board))
    cell(page, 2, 4).focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#live")).to_contain_text("Wrapped to column 1")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(page.locator("#live")).to_contain_text("Wrapped to row 5")


def test_the_stage_list_disclosure_shows_whether_it_is_open(page) -> None:  # noqa: ANN001
    go(page, "#mirrors/stage-1-01")
    summary = page.locator("#mirrors-stages > summary")
    marker = "() => getComputedStyle(document.querySelector('#mirrors-stages > summary'), '::before').content"
    opened = page.evaluate(marker)
    summary.click()
    assert page.evaluate(marker) != opened
    summary.click()
