"""A Light Path address that names no stage ("#mirrors/9-99", the records' key "#mirrors/stage-1-01") says so in the
page's notice, in the player's language, opens the first stage not yet cleared and names it there ("Opened stage 1-03
instead"), and corrects the address so a reload does not repeat the refusal."""

from __future__ import annotations

import pytest

from tests.browser.conftest import go

pytestmark = pytest.mark.browser

# (why, how a stage is written, what opened instead): the stage opened is named as stages are, "stage 1-03"
WORDS = {"en-US": ("names no stage of this game", "1-01", "Opened stage 1-03 instead."),
         "ja-JP": ("このゲームにないステージです", "1-01", "代わりにステージ 1-03 を開きました。")}
# Stages 1-01 and 1-02 cleared: the first stage not yet cleared is 1-03, not the "1-01" of the example.
CLEARED = """for (const id of ['1-01', '1-02'])
    localStorage.setItem('masume:stage:mirrors:' + id, JSON.stringify({done: true, best: 5}));"""


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_a_link_naming_no_stage_says_so_and_opens_the_first_stage_not_cleared(open_page, locale: str) -> None:  # noqa: ANN001
    page = open_page("#mirrors/stage-1-01", locale=locale, init_script=CLEARED)
    words, example, instead = WORDS[locale]
    notice = page.locator("#notice")
    for fragment in ("#mirrors/stage-1-01", "#mirrors/9-99"):
        if fragment != "#mirrors/stage-1-01":
            go(page, fragment)
        page.wait_for_function("() => location.hash === '#mirrors/1-03'")  # the address now names the board shown
        assert notice.is_visible()
        text = notice.locator(".notice-text").inner_text()  # (then its Close button)
        assert words in text and example in text, text
        assert text.endswith(instead), text
        assert page.locator('.mirrors-stage[aria-current]').get_attribute("href") == "#mirrors/1-03"
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    page.wait_for_function("() => location.hash === '#mirrors/1-03'")
    assert not notice.is_visible() or words not in notice.inner_text(), "a reload opens the stage without a refusal"
