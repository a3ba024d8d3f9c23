"""The words for a board in progress, as home's game cards and its daily panel say them: "Continue: …, 0:15"."""

from __future__ import annotations

from typing import Any

from app.core.game import GameSpec, Translate, params_text, preset_text
from app.core.timer import format_clock


def size_text(spec: GameSpec[Any, Any, Any], t: Translate, key: str | None, adjust: Any) -> str:
    """Name a board kind kept as params text: its preset's name (settings applied, as saved), else its own text."""
    if not key:
        return ""
    for name, params in spec.presets.items():
        if str(spec.format_params(adjust(params))) == key:
            return preset_text(spec, t, name, params)
    try:
        return params_text(spec, t, spec.parse_params(key))
    except Exception:  # a kind from another release, or edited data: shown as it is kept
        return key


def continue_line(spec: GameSpec[Any, Any, Any], t: Translate, kept: dict[str, Any], adjust: Any) -> str:
    """The card's words for a game in progress: "Continue: Beginner 9×9, 0:15" (the size left out if unknown)."""
    size = size_text(spec, t, kept.get("params"), adjust)
    time_text = format_clock(kept["elapsed"])
    return t("home_continue_size", size=size, time=time_text) if size else t("home_continue", time=time_text)
