"""Cross Light's strings."""

EN = {
    "crosslight_name": "Cross Light",
    "crosslight_rule": "Pressing a light flips it and its four neighbours. Turn every light off.",
    "crosslight_grid": "Cross Light board",
    "crosslight_cell_on": "Row {row}, column {col}, on",
    "crosslight_cell_off": "Row {row}, column {col}, off",
    "crosslight_size_error": "Width and height must each be whole numbers from {low} to {high}.",
    "crosslight_preset_easy": "Easy {width}×{height}",
    "crosslight_preset_normal": "Normal {width}×{height}",
    "crosslight_preset_hard": "Hard {width}×{height}",
    "crosslight_lights_on": "Lights on",
    "crosslight_said_lights": "{count} lights on",
    "crosslight_said_press": "Row {row}, column {col} pressed, {count} lights on",
    "crosslight_said_press_short": "Pressed row {row}, column {col}; {count} lights on",
    "crosslight_said_flipped": "{flipped} cells flipped, {count} lights on",
    "crosslight_check_presses_left": "{count} presses from solved.",
}

JA = {
    "crosslight_name": "クロスライト",
    "crosslight_rule": "押したマスと上下左右のマスの明かりが反転します。すべての明かりを消しましょう。",
    "crosslight_grid": "クロスライトの盤面",
    "crosslight_cell_on": "{row}行{col}列、点灯",
    "crosslight_cell_off": "{row}行{col}列、消灯",
    "crosslight_size_error": "幅と高さは {low} から {high} までの整数で指定してください。",
    "crosslight_preset_easy": "かんたん {width}×{height}",
    "crosslight_preset_normal": "ふつう {width}×{height}",
    "crosslight_preset_hard": "むずかしい {width}×{height}",
    "crosslight_lights_on": "点灯数",
    "crosslight_said_lights": "点灯 {count} 個",
    "crosslight_said_press": "{row}行{col}列を押しました、点灯 {count} 個",
    "crosslight_said_press_short": "{row}行{col}列を押しました、点灯 {count} 個",
    "crosslight_said_flipped": "{flipped} マスが反転、点灯 {count} 個",
    "crosslight_check_presses_left": "解けるまであと{count}回押します。",
}

# English singulars (see app.core.strings): key -> (count parameter, text when it is 1)
EN_ONE: dict[str, tuple[str, str]] = {
    "crosslight_said_lights": ("count", "1 light on"),
    "crosslight_said_press": ("count", "Row {row}, column {col} pressed, 1 light on"),
    "crosslight_said_press_short": ("count", "Pressed row {row}, column {col}; 1 light on"),
    "crosslight_check_presses_left": ("count", "1 press from solved."),
}
