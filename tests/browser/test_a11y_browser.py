"""axe-core on every screen and state players reach: WCAG 2.2 AA and best practice, no violation allowed.

axe-core is a test-only npm package (package.json devDependencies): it is never vendored into the
game. It is injected from node_modules into a context that bypasses the page's CSP, the only way a
test script can run under the game's strict policy.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core import registry
from app.core.rng import Rng
from app.games import crosslight, mirrors, pipes
from tests.browser.conftest import go, wait_until_ready

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


@pytest.fixture(scope="module")
def page(browser, base_url, request_log) -> Iterator:  # noqa: ANN001
    """One booted page, in a context where a test may add axe's script despite the CSP."""
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `make vendor` (npm ci installs the test tools too)")
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True, locale="en-US")
    page = context.new_page()
    request_log.watch(page)
    page.goto(base_url + "#crosslight")
    wait_until_ready(page)
    yield page
    context.close()


def violations(page) -> list[str]:  # noqa: ANN001
    """Run axe on the whole document; return one line per violation and node."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async (tags) => {
        const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
        return result.violations.flatMap(v => v.nodes.map(n => `${v.id} (${v.impact}): ${n.target.join(' ')}`
            + ` — ${n.failureSummary.replace(/\\s+/g, ' ').slice(0, 200)}`));
    }""", TAGS)
    return list(found)


def assert_clean(page, where: str) -> None:  # noqa: ANN001
    found = violations(page)
    assert not found, f"axe found problems {where}:\n" + "\n".join(found)


def puzzle(seed: str, size: str = "5x5") -> crosslight.State:
    return crosslight.generate(crosslight.parse_params(size), Rng(seed))


def test_home(page) -> None:  # noqa: ANN001
    go(page, "#")
    page.wait_for_selector(".game-card")
    assert_clean(page, "on the home screen")


@pytest.mark.parametrize("game", registry.games())
def test_each_game_screen(page, game: str) -> None:  # noqa: ANN001
    go(page, f"#{game}")
    page.wait_for_selector("[role=grid] button.cell")
    assert_clean(page, f"on the {game} screen")


def test_a_game_in_play_with_the_cursor_the_hint_and_the_confirm_dialog(page) -> None:  # noqa: ANN001
    go(page, f"#crosslight/{crosslight.encode(puzzle('axe-play'))}")
    page.wait_for_selector("[role=grid] button.cell")
    page.locator("button.cell[data-row='1'][data-col='1']").click()
    page.keyboard.press("ArrowRight")
    page.locator("#hint").click()
    assert_clean(page, "mid-game with a hint shown")
    page.locator("#new-game").click()
    page.locator("#confirm-dialog").wait_for(state="visible")
    assert_clean(page, "with the new-game confirmation open")
    page.locator("#confirm-no").click()


def test_the_keys_help_and_the_settings(page) -> None:  # noqa: ANN001
    go(page, "#mines")
    page.wait_for_selector("[role=grid] button.cell")
    page.locator("#keys-button").click()
    page.locator("#keys-dialog").wait_for(state="visible")
    assert_clean(page, "with the keys help open")
    page.locator("#keys-close").click()
    page.locator("#settings summary").click()
    assert_clean(page, "with the settings open")
    page.locator("#settings summary").click()


def test_a_bad_game_id_and_another_games_id(page) -> None:  # noqa: ANN001
    go(page, f"#crosslight/{crosslight.encode(puzzle('axe-id'))}")
    page.fill("#game-id", "1.5x5.garbage!")
    page.locator("#load-id").click()
    page.locator("#game-id-error").wait_for(state="visible")
    assert_clean(page, "with a refused game ID")
    page.fill("#game-id", "1.30x16n99.layoutseed")
    page.locator("#load-id").click()
    page.locator("#game-id-other").wait_for(state="visible")
    assert_clean(page, "with another game's ID recognised")


def test_the_clear_dialog(page) -> None:  # noqa: ANN001
    board = puzzle("axe-clear", "3x3")
    go(page, f"#crosslight/{crosslight.encode(board)}")
    page.wait_for_selector("[role=grid] button.cell")
    for r, c in crosslight.solve(board):
        page.locator(f"button.cell[data-row='{r}'][data-col='{c}']").click()
    page.locator("#result-dialog").wait_for(state="visible")
    assert_clean(page, "with the clear dialog open")
    page.locator("#result-close").click()


def test_the_replay_the_statistics_and_a_check(page) -> None:  # noqa: ANN001
    board = puzzle("axe-replay", "3x3")
    go(page, f"#crosslight/{crosslight.encode(board)}")
    page.wait_for_selector("[role=grid] button.cell")
    page.locator("#check").click()
    assert_clean(page, "after a check")
    for r, c in crosslight.solve(board):
        page.locator(f"button.cell[data-row='{r}'][data-col='{c}']").click()
    page.locator("#result-replay").click()
    page.wait_for_selector("#replay-position")
    page.locator("#replay-forward").click()
    assert_clean(page, "on the replay screen")
    go(page, f"#crosslight/{crosslight.encode(board)}/replay/1.AAAA")
    page.wait_for_selector("#replay-problem")
    assert_clean(page, "on a refused replay link")
    go(page, "#crosslight/stats")
    page.wait_for_selector("#view h1")
    assert_clean(page, "on the statistics screen")


@pytest.mark.parametrize("size", [(360, 740), (768, 1024)])
def test_expert_minesweeper_on_narrow_screens(page, size) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        go(page, "#mines/1.30x16n99.layoutseed")
        page.wait_for_selector("[role=grid] button.cell")
        page.locator("#zoom-actual").click()
        assert_clean(page, f"on Expert at {size[0]} px, own size (scrolling)")
        page.locator("#zoom-fit").click()
        assert_clean(page, f"on Expert at {size[0]} px, fitted")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_forced_colours(page) -> None:  # noqa: ANN001
    go(page, f"#crosslight/{crosslight.encode(puzzle('axe-forced'))}")
    page.wait_for_selector("[role=grid] button.cell")
    page.emulate_media(forced_colors="active")
    try:
        page.locator("button.cell").first.focus()
        page.keyboard.press("ArrowDown")
        assert_clean(page, "in forced colours")
    finally:
        page.emulate_media(forced_colors="none")


def test_the_colour_blind_palette_in_dark_mode_on_the_boards_the_editor_endless_and_statistics(page) -> None:  # noqa: ANN001
    """The palette setting and the dark theme together, on the screens round 3 changed or added (#19)."""
    page.emulate_media(color_scheme="dark")
    page.locator("#settings summary").click()
    page.select_option("#palette-select", "okabe_ito")
    page.locator("#settings summary").click()
    try:
        net = pipes.generate(pipes.PRESETS["net_5x5"], Rng("axe-net"))
        screens = [("#mirrors/" + mirrors.encode(mirrors.stage_state("3-05")), "Light Path's glass and filters"),
                   ("#pipes/" + pipes.encode(net), "Pipe Link's Net mode"),
                   ("#mines", "Minesweeper"),
                   ("#mirrors/edit", "the stage editor"),
                   ("#mirrors/stats", "Light Path's statistics")]
        for fragment, where in screens:
            go(page, fragment)
            page.wait_for_selector(".board-grid button.cell, #stats-title", state="attached")
            assert page.evaluate("() => document.documentElement.dataset.palette") == "okabe_ito"
            assert_clean(page, f"on {where}, colour-blind palette, dark")
        go(page, "#mirrors")
        page.get_by_role("button", name="Play endless").click()
        page.wait_for_function("() => /^#mirrors\\/\\d/.test(location.hash)")
        page.wait_for_selector("[role=grid] button.cell")
        assert_clean(page, "on an endless Light Path board, colour-blind palette, dark")
    finally:
        page.locator("#settings summary").click()
        page.select_option("#palette-select", "standard")
        page.locator("#settings summary").click()
        page.emulate_media(color_scheme="light")
