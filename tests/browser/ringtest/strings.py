"""Strings of the test-only game."""

EN = {"ringtest_name": "Ring test", "ringtest_rule": "Point every dial up.", "ringtest_grid": "Ring test board",
      "ringtest_preset_only": "Only 3×3"}
JA = dict(EN)
