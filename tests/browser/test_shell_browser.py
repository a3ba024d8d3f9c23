"""The page around the games: languages, storage trouble, audio, motion, timer (start-up failures:
test_boot_failures_browser.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from serve import serve_in_thread

from app.core.rng import Rng
from app.games import crosslight
from tests.browser.conftest import CHROMIUM_ARGS, go, pause_clock, wait_until_ready

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]

STORAGE_DISABLED = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }
});
"""
STORAGE_FULL = """
Storage.prototype.setItem = function () {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
};
"""
NO_WEB_AUDIO = "delete window.AudioContext; delete window.webkitAudioContext;"


def board_id(seed: str, size: str = "5x5") -> str:
    """A game ID made by the real generator."""
    return crosslight.encode(crosslight.generate(crosslight.parse_params(size), Rng(seed)))


def solve_by_clicks(page, game_id: str) -> None:  # noqa: ANN001
    """Press a minimum solution with the mouse."""
    for r, c in crosslight.solve(crosslight.decode(game_id)):
        page.locator(f"button.cell[data-row='{r}'][data-col='{c}']").click()


def test_japanese_browser_gets_japanese_labels_and_the_choice_is_remembered(open_page) -> None:  # noqa: ANN001
    game_id = board_id("japanese")
    page = open_page(f"#crosslight/{game_id}", locale="ja-JP")
    assert page.evaluate("() => document.documentElement.lang") == "ja"
    state = crosslight.decode(game_id)
    labels = page.eval_on_selector_all("button.cell", "bs => bs.map(b => b.getAttribute('aria-label'))")
    r, c = map(int, next(iter(zip(*state.lights.nonzero(), strict=True))))
    assert labels[r * 5 + c] == f"{r + 1}行{c + 1}列、点灯"
    assert "消灯" in "".join(labels)
    assert page.locator("#game-title").inner_text() == "クロスライト"
    go(page, "#crosslight/1.5x5.AAAA")  # a board part cut short, explained in Japanese
    assert "盤面の部分が壊れている" in page.locator("#notice").inner_text()
    page.select_option("#lang-select", "en")
    assert page.locator("#game-title").inner_text() == "Cross Light"
    assert page.locator("button.cell").first.get_attribute("aria-label").startswith("Row 1, column 1, ")
    page.reload()
    wait_until_ready(page)
    assert page.evaluate("() => document.documentElement.lang") == "en"  # the choice beats the browser's
    page.select_option("#lang-select", "ja")
    go(page, "#")
    assert "マインスイーパー" in page.locator(".game-cards").inner_text()


def test_disabled_storage_plays_on_and_says_once_that_records_are_not_kept(open_page) -> None:  # noqa: ANN001
    game_id = board_id("no-storage")
    page = open_page(f"#crosslight/{game_id}", init_script=STORAGE_DISABLED)
    notice = page.locator("#notice")
    assert "Records will not be kept" in notice.inner_text()
    page.evaluate("() => { document.querySelector('#notice').hidden = true; }")
    solve_by_clicks(page, game_id)
    page.locator("#result-dialog").wait_for(state="visible")
    # Kept in memory for this visit, but not stored: never announced as a new best (#20)
    assert "New best" not in page.locator("#result-dialog").inner_text()
    assert notice.is_hidden()  # said once, not again


def test_full_storage_plays_on_and_says_once(open_page) -> None:  # noqa: ANN001
    game_id = board_id("full-storage")
    page = open_page(f"#crosslight/{game_id}", init_script=STORAGE_FULL)
    r, c = crosslight.solve(crosslight.decode(game_id))[0]
    page.locator(f"button.cell[data-row='{r}'][data-col='{c}']").click()  # saving progress hits the quota
    notice = page.locator("#notice")
    notice.wait_for(state="visible")
    assert "storage for Masume is full" in notice.inner_text()  # said as what it is (#20)
    page.locator("#undo").click()
    assert page.locator("#stat-moves").inner_text() == "0"


def test_corrupt_storage_is_ignored(open_page, base_url) -> None:  # noqa: ANN001
    script = """
      localStorage.setItem('masume:best:crosslight:5x5', '{not json');
      localStorage.setItem('masume:setting:lang', '42');
      localStorage.setItem('masume:setting:sfx', '"loud"');
      localStorage.setItem('masume:progress:crosslight', '[1, 2');
    """
    page = open_page("#crosslight", init_script=script)
    assert page.locator("button.cell").count() == 25
    assert page.locator("#stat-best-moves").inner_text() == "—"
    assert page.locator("#sfx-toggle").get_attribute("aria-pressed") == "false"  # the default: off


def test_the_folder_works_from_a_sub_path_of_a_host(browser) -> None:  # noqa: ANN001
    server, host = serve_in_thread(0, ROOT.parent)  # as on a host that serves many folders
    try:
        context = browser.new_context()
        page = context.new_page()
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        page.goto(f"{host}{ROOT.name}/#crosslight")
        wait_until_ready(page)
        assert page.locator("button.cell").count() == 25
        assert all(url.startswith(f"{host}{ROOT.name}/") for url in requests), requests
        context.close()
    finally:
        server.shutdown()


# The loading screen's stages, recorded from the page's first script on (the loading test below reads them).
RECORD_STAGES = """
  window.__stages = [];
  document.addEventListener('DOMContentLoaded', () => {
    const stage = document.getElementById('loading-stage');
    new MutationObserver(() => window.__stages.push(stage.textContent))
      .observe(stage, {childList: true, characterData: true, subtree: true});
  });
"""


@pytest.fixture(scope="module")
def page(open_page):  # noqa: ANN001, ANN201
    """One page for the tests that need no storage or language of their own: booted at home with the
    loading stages recorded and Playwright's clock installed (time flows as usual until a test pauses it)."""
    return open_page("", init_script=RECORD_STAGES, clock=True)


def test_sound_unlocks_on_a_gesture_and_toggles_are_remembered(page) -> None:  # noqa: ANN001
    go(page, "#crosslight")
    assert page.evaluate("() => document.documentElement.dataset.audio") is None
    page.locator("#bgm-toggle").click()
    page.wait_for_function("() => ['running', 'suspended'].includes(document.documentElement.dataset.audio)")
    assert page.locator("#bgm-toggle").get_attribute("aria-pressed") == "true"
    assert page.locator("#sfx-toggle").get_attribute("aria-pressed") == "false"  # off until asked for
    page.locator("#sfx-toggle").click()
    assert page.locator("#sfx-toggle").get_attribute("aria-pressed") == "true"
    page.reload()
    wait_until_ready(page)
    assert page.locator("#bgm-toggle").get_attribute("aria-pressed") == "true"
    assert page.locator("#sfx-toggle").get_attribute("aria-pressed") == "true"


def test_without_web_audio_the_game_plays_silently(open_page) -> None:  # noqa: ANN001
    game_id = board_id("silent")
    page = open_page(f"#crosslight/{game_id}", init_script=NO_WEB_AUDIO)
    page.locator("#bgm-toggle").click()
    page.locator("#sfx-toggle").click()
    page.locator("#sfx-toggle").click()
    solve_by_clicks(page, game_id)
    page.locator("#result-dialog").wait_for(state="visible")
    assert page.evaluate("() => document.documentElement.dataset.audio") == "unavailable"


def test_reduced_motion_turns_off_the_press_animation(page) -> None:  # noqa: ANN001
    game_id = board_id("motion")
    page.emulate_media(reduced_motion="reduce")
    try:
        go(page, f"#crosslight/{game_id}")
        page.locator("button.cell[data-row='0'][data-col='0']").click()
        flashed = page.locator("button.cell.flash")
        assert flashed.count() >= 3  # the press still marks the flipped cells...
        assert flashed.first.evaluate("b => getComputedStyle(b, '::after').display") == "none"  # ...without motion
    finally:
        page.emulate_media(reduced_motion="no-preference")
    go(page, f"#crosslight/{game_id}")
    page.locator("button.cell[data-row='0'][data-col='0']").click()
    after = page.locator("button.cell.flash").first.evaluate("b => getComputedStyle(b, '::after').animationName")
    assert after == "cell-flash"


def set_hidden(page, hidden: bool) -> None:  # noqa: ANN001
    """Say the tab is hidden (or shown again), as the browser does when the player switches tabs."""
    page.evaluate("""(hidden) => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
        document.dispatchEvent(new Event('visibilitychange'));
    }""", hidden)


def test_timer_pauses_while_the_tab_is_hidden(page) -> None:  # noqa: ANN001
    go(page, f"#crosslight/{board_id('hidden-tab')}")
    pause_clock(page)
    try:
        page.locator("button.cell[data-row='2'][data-col='2']").click()
        page.clock.run_for(1_500)
        assert page.locator("#stat-time").inner_text() == "0:01"
        set_hidden(page, True)
        page.clock.run_for(60_000)  # a minute in another tab
        set_hidden(page, False)
        page.clock.run_for(1_000)
        assert page.locator("#stat-time").inner_text() == "0:02", "the hidden minute was not counted"
    finally:
        page.clock.resume()


def test_time_thought_before_leaving_is_kept_across_a_reload(page) -> None:  # noqa: ANN001
    go(page, f"#crosslight/{board_id('time-kept')}")
    pause_clock(page)
    try:
        page.locator("button.cell[data-row='1'][data-col='1']").click()
        page.clock.run_for(2_300)
        set_hidden(page, True)  # the player leaves: what is in play is kept, with its time
    finally:
        page.clock.resume()
    page.reload()
    wait_until_ready(page)
    assert page.locator("#stat-time").inner_text() == "0:02"
    assert page.locator("#stat-moves").inner_text() == "1"


def test_loading_screen_names_the_stages_before_python_is_ready(page) -> None:  # noqa: ANN001
    stages = page.evaluate("() => window.__stages")
    for expected in ("Loading Python and numpy…", "Loading the puzzles…", "Starting…"):
        assert expected in stages, stages
    assert page.locator("#loading").is_hidden() and page.locator("#app").is_visible()
    # The loading animation is CSS only, so it runs while Python holds the main thread.
    css = (ROOT / "static" / "css" / "masume.css").read_text(encoding="utf-8")
    assert "@keyframes loading-blink" in css


def test_chromium_flags_keep_background_traffic_off() -> None:
    assert "--disable-background-networking" in CHROMIUM_ARGS


def test_the_content_security_policy_refuses_inline_code_and_other_origins(page) -> None:  # noqa: ANN001
    # index.html's policy (a meta tag): scripts and styles only from the site's own files, no connection
    # elsewhere. What the browser does with it is what counts, not its text. (The fetch is refused before
    # any request is made; the autouse check would see one.)
    go(page, "#")
    seen = page.evaluate("""async () => {
        const violated = [];
        const note = (event) => violated.push(event.effectiveDirective);
        document.addEventListener('securitypolicyviolation', note);
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true;';
        document.body.append(script);
        const style = document.createElement('style');
        style.textContent = ':root { --inline-style: on; }';
        document.head.append(style);
        let fetched = true;
        try { await fetch('https://example.com/'); } catch (error) { fetched = false; }
        await new Promise((done) => setTimeout(done, 100));
        script.remove(); style.remove();
        document.removeEventListener('securitypolicyviolation', note);
        return {inline: window.__inlineRan === true, fetched,
                style: getComputedStyle(document.documentElement).getPropertyValue('--inline-style'),
                violated: [...new Set(violated)].sort()};
    }""")
    assert seen["inline"] is False and seen["fetched"] is False and seen["style"] == "", seen
    assert {"script-src-elem", "style-src-elem", "connect-src"} <= set(seen["violated"]), seen
