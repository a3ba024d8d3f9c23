"""A link the game screen cannot play (app/web/screen/game_ids.py `decode_for_play`): the notice says why, and,
when a stage opens instead, names that stage as stages are named elsewhere ("stage 1-03"), in either language.
The browser side is tests/browser/test_stage_links_browser.py."""

from __future__ import annotations

import sys
import types
from typing import Any
from unittest import mock

sys.modules.setdefault("js", mock.MagicMock(name="js"))
_pyodide = sys.modules.setdefault("pyodide", types.ModuleType("pyodide"))
_ffi = sys.modules.setdefault("pyodide.ffi", types.ModuleType("pyodide.ffi"))
_ffi.create_proxy = lambda function: function  # type: ignore[attr-defined]
_pyodide.ffi = _ffi  # type: ignore[attr-defined]

import pytest  # noqa: E402

from app.core import registry  # noqa: E402
from app.core.play import first_unfinished_stage  # noqa: E402
from app.core.record_kinds import KINDS  # noqa: E402
from app.core.stage_progress import StageProgress  # noqa: E402
from app.core.storage import MemoryBacking, Storage  # noqa: E402
from app.games import mirrors  # noqa: E402
from app.web.i18n import I18n  # noqa: E402
from app.web.screen.game_ids import decode_for_play  # noqa: E402


class Screen:
    """What `decode_for_play` is handed: the game's spec, the words and the page's notice."""

    def __init__(self, game: str, lang: str = "en") -> None:
        self.spec = registry.backend(game)
        self.i18n = I18n(lang)
        self.notices: list[str] = []

    def decode(self, text: str, instead: Any = lambda: None) -> Any:
        return decode_for_play(self.spec, text, "bad_link", t=self.i18n.t, notify=self.notices.append,
                               instead=instead)


def progress_with(cleared: list[str]) -> StageProgress:
    progress = StageProgress(Storage(MemoryBacking(), kinds=KINDS))
    for stage in cleared:
        progress.record_clear(mirrors.ID, stage, 5, counts_for_best=True)
    return progress


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "That link does not name a valid puzzle (it names no stage of this game; a stage is written like 1-01). "
           "Opened stage 1-03 instead."),
    ("ja", "このリンクは有効なパズルを指していません（このゲームにないステージです。"
           "ステージ名は 1-01 の形で書きます）。代わりにステージ 1-03 を開きました。"),
], ids=["en", "ja"])
def test_a_link_naming_no_stage_names_the_stage_opened_instead(lang: str, words: str) -> None:
    screen = Screen(mirrors.ID, lang)
    progress = progress_with(["1-01", "1-02"])
    state = screen.decode("9-99", lambda: first_unfinished_stage(screen.spec, progress))
    assert mirrors.stage_of(state) == "1-03", "the first stage not yet cleared opens"
    assert screen.notices == [words]


def test_a_damaged_link_names_the_stage_opened_instead_too() -> None:
    screen = Screen(mirrors.ID)
    state = screen.decode("1-zz", lambda: first_unfinished_stage(screen.spec, progress_with([])))
    assert mirrors.stage_of(state) == "1-01"
    (notice,) = screen.notices
    assert notice.startswith("That link does not name a valid puzzle (") and notice.endswith(
        "Opened stage 1-01 instead."), notice


def test_with_no_stage_to_open_instead_the_notice_says_a_new_game_was_started() -> None:
    every = list(mirrors.SPEC.stages.ids()) if mirrors.SPEC.stages is not None else []
    screen = Screen(mirrors.ID)
    state = screen.decode("9-99", lambda: first_unfinished_stage(screen.spec, progress_with(every)))
    assert state is None, "every stage cleared: the caller starts an endless board"
    assert screen.notices == ["That link does not name a valid puzzle (it names no stage of this game; "
                              "a stage is written like 1-01). A new game was started."]
    games_without_stages = Screen("mines")
    assert games_without_stages.decode("nonsense") is None
    (notice,) = games_without_stages.notices
    assert notice.endswith("A new game was started."), notice


def test_a_playable_link_opens_its_board_and_says_nothing() -> None:
    screen = Screen(mirrors.ID)
    state = screen.decode("1-05", lambda: pytest.fail("no board is needed instead"))
    assert mirrors.stage_of(state) == "1-05" and screen.notices == []
