"""The string catalogue: lookup, fallbacks, language detection and en/ja parity."""

from __future__ import annotations

import re

import pytest

from app.core import registry, strings
from app.core.strings import (
    LANGUAGES,
    MODULES,
    catalogue,
    clauses,
    common,
    detect_language,
    placeholders,
    sentences,
    singulars,
    translate,
)

# Keys the shared UI relies on; renaming one must be a deliberate change here too.
REQUIRED_COMMON = {
    "site_title", "loading_python", "loading_starting", "load_failed",
    "load_file_protocol", "load_timeout", "retry", "language", "music_on", "music_off",
    "sound_effects_on", "sound_effects_off", "home", "new_game", "restart", "undo", "redo", "hint",
    "custom_size", "size", "preset", "apply", "moves", "time", "best", "par", "cleared",
    "clear_moves", "clear_time", "new_best", "close", "hints_used", "mine_hit", "hint_cell", "hint_none",
    "bad_link", "storage_unavailable", "custom_size_invalid",
}  # fmt: skip

# Every table the catalogue merges: the site's own modules and each registered game's strings.
TABLES = [(module.__name__, module.EN, module.JA) for module in MODULES] + [
    (game, registry.backend(game).strings.en, registry.backend(game).strings.ja) for game in registry.games()]

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_languages() -> None:
    assert LANGUAGES == ("en", "ja")


@pytest.mark.parametrize("name, en, ja", TABLES, ids=[name for name, _, _ in TABLES])
def test_each_module_has_the_same_keys_in_both_languages(name: str, en: dict, ja: dict) -> None:
    assert set(en) == set(ja)


@pytest.mark.parametrize("name, en, ja", TABLES, ids=[name for name, _, _ in TABLES])
def test_each_string_has_the_same_placeholders_in_both_languages(name: str, en: dict, ja: dict) -> None:
    for key, text in en.items():
        assert placeholders(text) == placeholders(ja[key]), key


@pytest.mark.parametrize("name, en, ja", TABLES, ids=[name for name, _, _ in TABLES])
def test_strings_are_non_empty_and_keys_snake_case(name: str, en: dict, ja: dict) -> None:
    for table in (en, ja):
        for key, text in table.items():
            assert re.fullmatch(r"[a-z][a-z0-9_]*", key), key
            assert isinstance(text, str) and text.strip(), key


def test_no_key_is_defined_by_two_modules() -> None:
    seen: dict[str, str] = {}
    for name, en, _ja in TABLES:
        for key in en:
            assert key not in seen, f"{key} is in both {seen[key]} and {name}"
            seen[key] = name


def test_merged_catalogues_have_the_same_keys() -> None:
    assert set(strings.catalogue("en")) == set(strings.catalogue("ja"))
    assert REQUIRED_COMMON <= set(strings.catalogue("en"))


def test_japanese_is_translated() -> None:
    # Language names are the same in both lists on purpose; nearly everything else is Japanese.
    same = {k for k, v in common.JA.items() if not JAPANESE.search(v)}
    # (the ideographic comma and the full-width colon are punctuation; two templates are placeholders alone)
    assert same <= {"language_name_en", "list_separator", "result_said_row", "import_skip_named", "record_named_plain"}
    assert translate("ja", "site_title") == "マス目"
    assert translate("en", "site_title") == "Masume"


def test_translate_fills_placeholders() -> None:
    assert translate("en", "clear_moves", moves=12) == "Moves: 12"
    assert translate("ja", "clear_time", time="1:15") == "タイム：1:15"
    assert translate("en", "hint_cell", row=3, col=4) == "Hint: pressed row 3, column 4"
    assert translate("en", "load_failed", reason="x") == "The game could not start: x"


def test_missing_japanese_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(strings._CATALOGUES, "en", {**strings._CATALOGUES["en"], "only_en": "Only {n}"})
    assert translate("ja", "only_en", n=1) == "Only 1"


def test_missing_everywhere_returns_the_key() -> None:
    assert translate("en", "no_such_key") == "no_such_key"
    assert translate("ja", "no_such_key", x=1) == "no_such_key"


def test_unknown_or_absent_language_uses_english() -> None:
    assert translate("fr", "undo") == "Undo"
    assert translate(None, "undo") == "Undo"


def test_missing_parameters_never_raise() -> None:
    assert translate("en", "clear_moves") == "Moves: {moves}"
    assert translate("ja", "hint_cell", row=1) == common.JA["hint_cell"]


def test_register_merges_a_game_module(monkeypatch: pytest.MonkeyPatch) -> None:
    for lang in LANGUAGES:
        monkeypatch.setitem(strings._CATALOGUES, lang, dict(strings._CATALOGUES[lang]))
    strings.register({"demo_title": "Demo {n}"}, {"demo_title": "デモ {n}"})
    assert translate("ja", "demo_title", n=2) == "デモ 2"
    assert translate("en", "demo_title", n=2) == "Demo 2"
    assert translate("en", "undo") == "Undo"  # registering adds, it does not replace the catalogue


@pytest.mark.parametrize(
    ("preferred", "expected"),
    [
        (None, "en"),
        ("", "en"),
        ([], "en"),
        ("ja", "ja"),
        ("ja-JP", "ja"),
        ("JA_jp", "ja"),
        (" ja-JP ", "ja"),
        (["ja-JP", "en-US"], "ja"),
        (["en-US", "ja"], "en"),
        (["fr-FR", "ja"], "ja"),
        (["fr-FR", "de"], "en"),
        ("en-GB", "en"),
        ("jav", "en"),
        ([None, 3, "ja"], "ja"),
        (("ja",), "ja"),
        (42, "en"),
    ],
)
def test_detect_language(preferred: object, expected: str) -> None:
    assert detect_language(preferred) == expected  # type: ignore[arg-type]


def test_english_singulars_are_used_for_exactly_one() -> None:
    assert translate("en", "confirm_new_text", moves=1) == "The game in play (1 move) will be lost."
    assert translate("en", "confirm_new_text", moves=2) == "The game in play (2 moves) will be lost."
    assert translate("en", "confirm_new_text", moves=0) == "The game in play (0 moves) will be lost."
    assert translate("ja", "confirm_new_text", moves=1) == catalogue("ja")["confirm_new_text"].format(moves=1)


def test_each_singular_belongs_to_an_english_string_with_its_count_and_no_new_placeholder() -> None:
    english = catalogue("en")
    for key, (param, singular) in singulars().items():
        assert key in english, key
        assert param in placeholders(english[key]), key
        assert placeholders(singular) <= placeholders(english[key]), key


def test_clauses_make_one_sentence_of_several() -> None:
    assert clauses("en", "Undone.", "The red beam now ends at the wall at row 4, column 6", None, "0 of 1 target lit") \
        == "Undone; the red beam now ends at the wall at row 4, column 6; 0 of 1 target lit"
    assert clauses("ja", "一手戻しました。", "赤の光は4行6列の壁で止まります") == \
        "一手戻しました、赤の光は4行6列の壁で止まります"
    assert clauses("en", "", "Hint: pressed row 1, column 2") == "Hint: pressed row 1, column 2"


def test_sentences_get_a_stop_where_one_is_missing() -> None:
    assert sentences("en", "Hints used: 1 — not counted", "Daily cleared. Streak: 1 day.") == \
        "Hints used: 1 — not counted. Daily cleared. Streak: 1 day."
    assert sentences("en", "New best!", "", None, "Daily cleared.") == "New best! Daily cleared."
    assert sentences("ja", "ヒント使用：1 回", "連続 1 日。") == "ヒント使用：1 回。連続 1 日。"
    assert sentences("en", "Move 3 of 9") == "Move 3 of 9"


@pytest.mark.parametrize(("name", "en", "ja"), TABLES, ids=[table[0] for table in TABLES])
def test_japanese_counts_take_a_counter_that_fits_any_number(name: str, en: dict, ja: dict) -> None:
    # つ counts only one to nine ("0つ" and "144つ" are wrong), and stars were once 3つ in one place and
    # 144個 in another: a count in a field is never followed by つ, nor is a "N of M" phrase (つ中).
    for key, text in ja.items():
        assert not re.search(r"\{[a-z_]+\}つ|つ中", text), (name, key, text)


def test_stars_and_cleared_stages_say_their_counter_on_both_numbers_in_japanese() -> None:
    assert translate("ja", "stars_value", stars=0) == "3個中0個"
    assert translate("ja", "stars_said", stars=2) == "星3個中2個"
    assert translate("ja", "stars_value_of", stars=40, total=144) == "144個中40個"
    assert translate("ja", "campaign_cleared_value", cleared=5, stages=36) == "36ステージ中5ステージ"
