"""Minesweeper's colours: pure data (no browser import), so a unit test can check their contrast.

Every digit is at least 4.5:1 (WCAG AA for text) against the opened tile it is
drawn on, in both palettes; `tests/unit/test_mines_palette.py` computes it.
"""

from __future__ import annotations

# Digit colours, after the classic blue 1, green 2, red 3, navy 4, maroon 5, teal 6, black 7, grey 8,
# each darkened until it reads at 4.5:1 or more on TILE["open"].
NUMBER_COLOURS = {1: "#1d4ed8", 2: "#166534", 3: "#b91c1c", 4: "#1e3a8a", 5: "#9f1239", 6: "#115e59",
                  7: "#111827", 8: "#4b5563"}
TILE = {"face": "#c5cbd8", "light": "#eef1f6", "shadow": "#7d879c", "open": "#e6e9ef", "open_line": "#b7bfcd",
        "hit": "#ef4444", "mine": "#111827", "flag": "#d42020", "pole": "#1f2937", "wrong": "#b91c1c"}
# The colour-blind-safe set (the "palette" setting): Okabe and Ito's blue, bluish green, vermillion, reddish
# purple, orange and sky blue, each darkened to 4.5:1 on the opened tile; the flag and the mine that went off
# take vermillion instead of a red that reads like the green 2 under deuteranopia (the flag dark enough for 3:1
# on the raised tile).
OKABE_ITO_NUMBER_COLOURS = {1: "#006ca9", 2: "#007656", 3: "#aa4b00", 4: "#8f5575", 5: "#8a5f00", 6: "#346c8c",
                            7: "#111827", 8: "#4b5563"}
OKABE_ITO_TILE = {**TILE, "hit": "#d55e00", "flag": "#b35000", "wrong": "#aa4b00"}
PALETTES = {"standard": (NUMBER_COLOURS, TILE), "okabe_ito": (OKABE_ITO_NUMBER_COLOURS, OKABE_ITO_TILE)}


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a "#rrggbb" colour."""
    text = colour.lstrip("#")
    channels = [int(text[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    red, green, blue = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2 contrast ratio of two "#rrggbb" colours (1 to 21)."""
    light, dark = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
