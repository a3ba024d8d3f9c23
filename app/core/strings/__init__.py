"""The string catalogue (English and Japanese) and the lookup every view uses.

Each catalogue module defines `EN` and `JA` dicts with the same keys; `common`
holds the shared UI, and each game's strings are added when it is registered
(`app.core.registry.register`, from its `GameSpec.strings`): nothing here names a game.

English counts need a singular ("1 move", not "1 moves"): a module may also define
`EN_ONE = {key: (param, template)}`, used when that parameter is exactly 1.
Japanese has no plural, so there is no `JA_ONE`.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from types import ModuleType

from app.core.languages import DEFAULT_LANGUAGE, LANGUAGES
from app.core.strings import common, keys, records_ui, stats_screen

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "MODULES", "catalogue", "detect_language", "placeholders",
           "register", "sentences", "singulars", "translate"]

MODULES: tuple[ModuleType, ...] = (common, keys, records_ui, stats_screen)  # the site's own strings

_CATALOGUES: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
_SINGULARS: dict[str, tuple[str, str]] = {}  # English: key -> (count parameter, template when it is 1)


def register(catalogue_en: Mapping[str, str], catalogue_ja: Mapping[str, str],
             singular_en: Mapping[str, tuple[str, str]] | None = None) -> None:
    """Merge one module's English and Japanese strings (and English singulars) into the catalogue."""
    _CATALOGUES["en"].update(catalogue_en)
    _CATALOGUES["ja"].update(catalogue_ja)
    _SINGULARS.update(singular_en or {})


for _module in MODULES:
    register(_module.EN, _module.JA, _module.EN_ONE)


def singulars() -> dict[str, tuple[str, str]]:
    """Return a copy of the English singular forms (for tests and tooling)."""
    return dict(_SINGULARS)


def catalogue(lang: str) -> dict[str, str]:
    """Return a copy of one language's whole catalogue (for tests and tooling)."""
    return dict(_CATALOGUES.get(lang, {}))


def placeholders(template: str) -> set[str]:
    """Return the names of the str.format fields in a template."""
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def translate(lang: str | None, key: str, **params: object) -> str:
    """Return the text for key in lang (falling back to English, then to the key) with params filled in."""
    template = _CATALOGUES.get(lang or DEFAULT_LANGUAGE, {}).get(key)
    if template is None:
        template = _CATALOGUES[DEFAULT_LANGUAGE].get(key)
        lang = DEFAULT_LANGUAGE
    if template is None:
        return key  # visible but harmless: a missing string must not stop the game
    if (lang or DEFAULT_LANGUAGE) == "en" and key in _SINGULARS:
        param, singular = _SINGULARS[key]
        if params.get(param) == 1:
            template = singular
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return template  # a missing or odd parameter shows the raw template rather than crashing


def sentences(lang: str | None, *texts: str | None) -> str:
    """Join texts as sentences ("Hints used: 1. Daily cleared."): a stop goes where one is missing."""
    stop = translate(lang, "keys_separator")  # ". " in English, "。" in Japanese
    parts = [text.strip() for text in texts if text and text.strip()]
    out = ""
    for index, text in enumerate(parts):
        if index < len(parts) - 1 and not text.endswith((".", "!", "?", "。", "！", "？")):
            text += stop.strip()
        out += (" " if out and stop.endswith(" ") else "") + text
    return out


def clauses(lang: str | None, *texts: str | None) -> str:
    """Join texts as the clauses of one sentence ("Undone; the red beam now …", "一手戻しました、赤の光は…"):
    each part's closing stop is dropped and, after the first, its first letter lower-cased."""
    separator = translate(lang, "clause_separator")  # "; " in English, "、" in Japanese
    parts = [text.strip().rstrip(".。") for text in texts if text and text.strip()]
    return separator.join(part if index == 0 else part[:1].lower() + part[1:] for index, part in enumerate(parts))


def detect_language(preferred: Iterable[object] | str | None) -> str:
    """Return the first supported language in the browser's preference list ("ja-JP" counts as "ja")."""
    if preferred is None:
        return DEFAULT_LANGUAGE
    if isinstance(preferred, str):
        preferred = [preferred]
    try:
        for tag in preferred:
            if not isinstance(tag, str):
                continue
            primary = tag.strip().replace("_", "-").split("-")[0].lower()
            if primary in LANGUAGES:
                return primary
    except TypeError:  # not iterable: treat like no preference
        pass
    return DEFAULT_LANGUAGE
