"""Minesweeper's digits are readable: WCAG contrast of each against the opened tile."""

from __future__ import annotations

import pytest

from app.web.views.mines_palette import NUMBER_COLOURS, PALETTES, TILE, contrast_ratio


def test_contrast_formula_matches_wcag_reference_values():
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the well-known AA grey


@pytest.mark.parametrize("palette", sorted(PALETTES))
@pytest.mark.parametrize("digit", range(1, 9))
def test_every_digit_reads_at_4_5_to_1_on_the_opened_tile(palette, digit):
    numbers, tile = PALETTES[palette]
    assert contrast_ratio(numbers[digit], tile["open"]) >= 4.5


@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_the_eight_digits_have_eight_colours(palette):
    numbers, _ = PALETTES[palette]
    assert sorted(numbers) == list(range(1, 9)) and len(set(numbers.values())) == 8


def test_the_palettes_are_the_settings_and_the_colour_blind_one_differs_where_hue_carries_meaning():
    from app.core.settings import PALETTES as SETTING_PALETTES

    assert set(PALETTES) == set(SETTING_PALETTES)
    assert PALETTES["standard"] == (NUMBER_COLOURS, TILE)
    numbers, tile = PALETTES["okabe_ito"]
    assert numbers[2] != NUMBER_COLOURS[2] and numbers[3] != NUMBER_COLOURS[3]  # the green 2 and red 3
    assert tile["flag"] != TILE["flag"] and tile["hit"] != TILE["hit"]



@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_the_flag_reaches_3_to_1_on_the_raised_tile(palette):
    _, tile = PALETTES[palette]
    assert contrast_ratio(tile["flag"], tile["face"]) >= 3  # a graphic (WCAG 1.4.11)
