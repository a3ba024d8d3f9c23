"""The page's current language: looks strings up and relabels marked elements."""

from __future__ import annotations

from typing import Any

from app.core.strings import clauses, sentences, translate
from app.web.dom import document


class I18n:
    """Holds the language and turns catalogue keys into text."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def t(self, key: str, **params: Any) -> str:
        """Return the text for `key` in the current language."""
        return translate(self.lang, key, **params)

    def sentences(self, *texts: str | None) -> str:
        """Join texts as sentences in the current language (see app.core.strings.sentences)."""
        return sentences(self.lang, *texts)

    def clauses(self, *texts: str | None) -> str:
        """Join texts as one sentence's clauses in the current language (see app.core.strings.clauses)."""
        return clauses(self.lang, *texts)

    def page_title(self, heading: str) -> str:
        """The tab's title for a screen: its heading, then the site's name ("Light Path — Masume")."""
        return f"{heading} — {self.t('site_title')}"

    def apply(self, root: Any = None) -> None:
        """Fill every [data-i18n] element's text and [data-i18n-label] element's aria-label."""
        root = root or document
        document.documentElement.lang = self.lang
        for node in root.querySelectorAll("[data-i18n]"):
            node.textContent = self.t(node.dataset.i18n)
        for node in root.querySelectorAll("[data-i18n-label]"):
            node.setAttribute("aria-label", self.t(node.dataset.i18nLabel))
