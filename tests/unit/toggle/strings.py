"""The test-only toggle game's strings, English and Japanese, every key prefixed "toggle_"."""

EN = {
    "toggle_name": "Toggle",
    "toggle_rule": "A press flips a light and the lights beside it in its row. Turn every light off.",
    "toggle_grid": "Toggle board",
    "toggle_cell_on": "Row {row}, column {col}, on",
    "toggle_cell_off": "Row {row}, column {col}, off",
    "toggle_preset_only": "Only 3×3",
    "toggle_said": "{count} lights on",
}

JA = {
    "toggle_name": "トグル",
    "toggle_rule": "押した明かりと同じ行の両隣が反転します。すべての明かりを消しましょう。",
    "toggle_grid": "トグルの盤面",
    "toggle_cell_on": "{row}行{col}列、点灯",
    "toggle_cell_off": "{row}行{col}列、消灯",
    "toggle_preset_only": "3×3 のみ",
    "toggle_said": "点灯 {count} 個",
}

EN_ONE = {"toggle_said": ("count", "1 light on")}
