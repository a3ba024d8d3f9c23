"""Damaged saved data never stops the game: each stored key corrupted, then the page loads and plays.

The corruptions of different keys are loaded together (a page load each group, not each corruption):
each key is still checked on its own (set aside under its quarantine key), and any one of them that
stopped the page would stop its group.
"""

from __future__ import annotations

import json

import pytest

from app.core.rng import Rng
from app.games import crosslight

DEEP = "[" * 8000 + "]" * 8000
GAME_ID = crosslight.encode(crosslight.generate(crosslight.PRESETS["easy"], Rng("stored-data")))
PROGRESS_INFINITE = ('{"id":"' + GAME_ID + '","start":"' + GAME_ID
                     + '","moves":[[0,0]],"elapsed":Infinity,"hints":Infinity}')
CORRUPTIONS = {
    "setting-deep": {"masume:setting:sfx": DEEP},
    "setting-wrong-type": {"masume:setting:lang": json.dumps({"not": "a language"})},
    "best-deep": {"masume:best:crosslight:5x5": DEEP},
    "best-infinite": {"masume:best:crosslight:5x5": '{"moves": Infinity, "time": 1e999}'},
    "progress-deep": {"masume:progress:crosslight": DEEP},
    "progress-infinite": {"masume:progress:crosslight": PROGRESS_INFINITE},
    "progress-negative-hints": {"masume:progress:crosslight": PROGRESS_INFINITE.replace(
        "Infinity,\"hints\":Infinity", "3,\"hints\":-3")},
}


def groups() -> dict[str, dict[str, str]]:
    """CORRUPTIONS put together so that no key is in a group twice: the first of each key's, the second..."""
    out: list[dict[str, dict[str, str]]] = []
    for name, items in CORRUPTIONS.items():
        group = next((g for g in out if not any(key in items for one in g.values() for key in one)), None)
        if group is None:
            out.append(group := {})
        group[name] = items
    return {"+".join(group): {k: v for items in group.values() for k, v in items.items()} for group in out}


GROUPS = groups()


def seed_storage(items: dict[str, str]) -> str:
    """An init script that writes the damaged values once, before the page's own scripts run."""
    return ("if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
            + "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in items.items())
            + "}")


def test_every_corruption_is_in_one_group() -> None:
    assert sorted(name for group in GROUPS for name in group.split("+")) == sorted(CORRUPTIONS)
    assert sum(len(items) for items in GROUPS.values()) == sum(len(items) for items in CORRUPTIONS.values())


@pytest.mark.parametrize("names", list(GROUPS))
def test_a_corrupted_key_is_set_aside_and_the_game_plays(open_page, names: str) -> None:  # noqa: ANN001
    items = GROUPS[names]
    page = open_page(f"#crosslight/{GAME_ID}", init_script=seed_storage(items))
    page.locator('.board-grid button[data-row="0"][data-col="0"]').click()
    assert page.locator("#stat-moves").inner_text() == "1", "a move plays after the damaged data"
    assert page.locator("#stat-time").inner_text().count(":") == 1
    for key in items:
        kept = page.evaluate("(k) => localStorage.getItem('masume:quarantine:' + k.slice('masume:'.length))", key)
        if key.endswith("lang"):
            continue  # a value of the wrong type for a setting may simply read as its default
        assert kept is not None, f"{key} was set aside under a quarantine key, not deleted"
    page.reload()
    page.wait_for_selector('html[data-ready="true"]', state="attached")
    assert page.locator(".board-grid").count() == 1, "and the next load starts too"


def test_holding_h_gives_one_hint(open_page) -> None:  # noqa: ANN001
    page = open_page(f"#crosslight/{GAME_ID}")
    page.locator("#game-title").focus()
    page.keyboard.down("h")
    for _ in range(5):
        page.evaluate("() => document.dispatchEvent(new KeyboardEvent('keydown', {key: 'h', repeat: true}))")
    page.keyboard.up("h")
    assert page.locator(".cell.hinted").count() == 1
    assert page.locator("#live").inner_text().startswith("Hint")


NO_REMOVE_ITEM = ("Storage.prototype.removeItem = function () {"
                  " throw new DOMException('The operation is insecure.', 'SecurityError'); };")


def test_a_win_where_remove_item_throws_says_nothing_untrue(open_page) -> None:  # noqa: ANN001
    """Records are stored though removeItem throws (#27): the win must not say they will not be kept."""
    state = crosslight.generate(crosslight.PRESETS["easy"], Rng("no-remove-item"))
    page = open_page(f"#crosslight/{crosslight.encode(state)}", init_script=NO_REMOVE_ITEM)
    probe = state
    while crosslight.status(probe) == 0:  # the board's own solution, pressed
        row, col = crosslight.hint(probe)
        probe = crosslight.apply(probe, (row, col))
        page.locator(f'.board-grid button[data-row="{row}"][data-col="{col}"]').click()
    page.wait_for_function("() => document.querySelector('#result-dialog').open")
    notice = page.locator("#notice")
    assert notice.is_hidden() or "will not be kept" not in notice.inner_text(), notice.inner_text()
    stored = page.evaluate("() => Object.keys(localStorage)")
    assert "masume:best:crosslight:5x5" in stored and any(key.startswith("masume:stats:") for key in stored)
    assert page.evaluate("() => localStorage.getItem('masume:progress:crosslight')") in (None, "null")
