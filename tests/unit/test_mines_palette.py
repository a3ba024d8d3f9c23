"""Minesweeper's digits are readable: WCAG contrast of each against the opened tile."""

from __future__ import annotations

import pytest

from app.web.views.mines_palette import NUMBER_COLOURS, TILE, contrast_ratio


def test_contrast_formula_matches_wcag_reference_values():
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the well-known AA grey


@pytest.mark.parametrize("digit", range(1, 9))
def test_every_digit_reads_at_4_5_to_1_on_the_opened_tile(digit):
    assert contrast_ratio(NUMBER_COLOURS[digit], TILE["open"]) >= 4.5


def test_the_eight_digits_have_eight_colours():
    assert sorted(NUMBER_COLOURS) == list(range(1, 9)) and len(set(NUMBER_COLOURS.values())) == 8
