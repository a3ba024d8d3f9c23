"""Settings: typed defaults, validation on write, tolerance of bad stored values."""

from __future__ import annotations

import json

import pytest

from app.core.record_kinds import KINDS
from app.core.settings import SETTINGS, Settings, known_settings
from app.core.storage import MemoryBacking, Storage

DEFAULTS = {
    "lang": None,
    "bgm": False,
    "sfx": False,
    "persist_asked": False,
    "intros_seen": "",
    "shortcuts": True,
    "announce": "short",
    "palette": "standard",
    "mines_no_guess": True,
    "mines_question_marks": False,
}


def make(data: dict[str, str] | None = None) -> tuple[Settings, MemoryBacking]:
    backing = MemoryBacking(data)
    return Settings(Storage(backing, kinds=KINDS)), backing


def test_defaults() -> None:
    settings, _ = make()
    assert set(known_settings()) == set(DEFAULTS)
    for name, value in DEFAULTS.items():
        assert settings.get(name) is value
    assert settings.all() == DEFAULTS


def test_set_and_get_round_trip() -> None:
    settings, backing = make()
    assert settings.set("bgm", True)
    assert settings.set("sfx", False)
    assert settings.set("lang", "ja")
    assert settings.get("bgm") is True and settings.get("sfx") is False and settings.get("lang") == "ja"
    assert backing.data["masume:setting:bgm"] == "true"
    assert json.loads(backing.data["masume:setting:lang"]) == "ja"
    # A fresh Settings over the same backing sees the same values (a reload of the page).
    again = Settings(Storage(backing, kinds=KINDS))
    assert again.get("bgm") is True and again.get("lang") == "ja"


def test_lang_none_follows_the_browser_again() -> None:
    settings, backing = make()
    settings.set("lang", "en")
    settings.set("lang", None)
    assert settings.get("lang") is None
    assert "masume:setting:lang" not in backing.data


@pytest.mark.parametrize("name", ["volume", "", "LANG", "reduced_motion"])
def test_unknown_names_raise_key_error(name: str) -> None:
    settings, _ = make()
    with pytest.raises(KeyError):
        settings.get(name)
    with pytest.raises(KeyError):
        settings.set(name, True)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("bgm", 1),
        ("bgm", "true"),
        ("bgm", None),
        ("sfx", 0),
        ("lang", "fr"),
        ("lang", True),
        ("lang", ["ja"]),
    ],
)
def test_wrong_values_are_refused(name: str, value: object) -> None:
    settings, backing = make()
    with pytest.raises(ValueError):
        settings.set(name, value)
    assert backing.data == {}


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("bgm", "1"),
        ("bgm", '"true"'),
        ("sfx", "0"),
        ("sfx", "null"),
        ("mines_no_guess", "{oops"),
        ("lang", '"de"'),
        ("lang", "5"),
        ("lang", '["ja"]'),
    ],
)
def test_bad_stored_values_give_the_default(name: str, text: str) -> None:
    settings, _ = make({f"masume:setting:{name}": text})
    assert settings.get(name) == DEFAULTS[name]


def test_one_bad_value_does_not_spoil_the_others() -> None:
    settings, _ = make({"masume:setting:bgm": "{", "masume:setting:sfx": "false"})
    assert settings.get("bgm") is False and settings.get("sfx") is False


def test_settings_survive_in_memory_without_storage() -> None:
    settings = Settings(Storage(None, kinds=KINDS))
    assert settings.set("sfx", False) is False  # not persisted, but remembered
    assert settings.get("sfx") is False


def test_deeply_nested_setting_is_set_aside_and_the_others_still_load() -> None:
    deep = "[" * 8000 + "]" * 8000
    settings, backing = make({"masume:setting:sfx": deep, "masume:setting:bgm": "true"})
    assert settings.get("sfx") is False and settings.get("bgm") is True  # (sfx: its default)
    assert "masume:setting:sfx" not in backing.data
    assert json.loads(backing.data["masume:quarantine:setting:sfx"])["key"] == "setting:sfx"
    assert settings.storage.take_notice() == "storage_quarantined"
    assert settings.set("sfx", True)
    assert backing.data["masume:setting:sfx"] == "true"


@pytest.mark.parametrize("text", ["NaN", "Infinity", "1e999", '"' + "x" * 2000 + '"'])
def test_non_finite_or_huge_settings_give_the_default(text: str) -> None:
    settings, backing = make({"masume:setting:bgm": text})
    assert settings.get("bgm") is False
    assert "masume:quarantine:setting:bgm" in backing.data


def test_shortcuts_and_announcements_take_only_their_values() -> None:
    settings, _ = make()
    assert settings.set("shortcuts", False) and settings.get("shortcuts") is False
    for level in ("off", "short", "full"):
        assert settings.set("announce", level) and settings.get("announce") == level
    with pytest.raises(ValueError):
        settings.set("announce", "loud")
    with pytest.raises(ValueError):
        settings.set("shortcuts", 1)


@pytest.mark.parametrize(("name", "text"), [("shortcuts", "{}"), ("sfx", "[true]"), ("bgm", "tru"),
                                            ("announce", '"' + "x" * 2000 + '"'), ("palette", "1e999")])
def test_a_damaged_setting_is_quarantined_and_reads_as_its_default(name: str, text: str) -> None:
    backing = MemoryBacking({f"masume:setting:{name}": text})
    storage = Storage(backing, kinds=KINDS)
    assert Settings(storage).get(name) == SETTINGS[name].default
    assert f"masume:setting:{name}" not in backing.data
    assert json.loads(backing.data[f"masume:quarantine:setting:{name}"])["raw"] == text
    assert "storage_quarantined" in storage.take_notices()


# Values a newer version may write (a new choice, another type): kept byte for byte, read as the default (#27).
UNKNOWN_VALUES = [("palette", '"high_contrast"'), ("lang", '"fr"'), ("announce", '"verbose"'), ("sfx", '"quiet"'),
                  ("sfx", "-1"), ("bgm", "1"), ("persist_asked", "null"), ("mines_no_guess", '"sometimes"')]


@pytest.mark.parametrize(("name", "text"), UNKNOWN_VALUES)
def test_a_setting_value_this_version_does_not_know_is_kept_untouched_and_reads_as_the_default(
        name: str, text: str) -> None:
    backing = MemoryBacking({f"masume:setting:{name}": text})
    storage = Storage(backing, kinds=KINDS)
    settings = Settings(storage)
    assert settings.get(name) == known_settings()[name].default
    assert storage.take_notices() == []  # not damage: nothing said, nothing set aside
    assert backing.data == {f"masume:setting:{name}": text}
    # A toggle of another setting and a reload leave it byte for byte.
    other = "shortcuts" if name != "shortcuts" else "sfx"
    assert settings.set(other, not settings.get(other))
    assert Settings(Storage(backing, kinds=KINDS)).get(name) == known_settings()[name].default
    assert backing.data[f"masume:setting:{name}"] == text


def test_the_player_choosing_a_value_replaces_one_this_version_does_not_know() -> None:
    settings, backing = make({"masume:setting:palette": '"high_contrast"'})
    assert settings.set("palette", "okabe_ito")
    assert backing.data["masume:setting:palette"] == '"okabe_ito"'
