"""Strings of the board's key help and of the actions games bind to keys and buttons."""

from __future__ import annotations

EN: dict[str, str] = {
    "keys_title": "Keys",
    "keys_or": " or ",
    "keys_item": "{keys}: {action}",
    "keys_separator": ". ",
    "keys_move": "Arrow keys: move",
    "action_press": "press",
    "action_open": "open",
    "action_flag": "flag",
    "action_turn": "turn",
    "action_turn_cw": "turn clockwise",
    "action_turn_ccw": "turn counter-clockwise",
    "action_lock": "lock",
    "action_cancel": "Cancel",
    "busy_generating": "Making the board… {percent}%",
    "busy_cancelled": "Cancelled; the previous board is still in play.",
    "controls_mouse": "Mouse",
    "controls_touch": "Touch",
    "controls_keyboard": "Keyboard",
    "controls_hints": "Hints",
    "mouse_primary": "Click",
    "mouse_middle": "Middle-click",
    "mouse_secondary": "Right-click",
    "touch_tap": "Tap",
    "touch_long_press": "Long press",
    "controls_hint_rule": ("Hint plays one move towards the solution and rings its cell with a dashed, pulsing"
                           " line; the keyboard cursor is a solid ring. Check marks what is wrong so far."
                           " Every hint and check is counted."),
    "intro_line": "How to play: {items}. All controls: the Controls button.",
    "next_stage": "Next stage",
}

JA: dict[str, str] = {
    "keys_title": "キー操作",
    "keys_or": " または ",
    "keys_item": "{keys}：{action}",
    "keys_separator": "。",
    "keys_move": "矢印キー：移動",
    "action_press": "押す",
    "action_open": "開く",
    "action_flag": "旗を立てる",
    "action_turn": "回す",
    "action_turn_cw": "右に回す",
    "action_turn_ccw": "左に回す",
    "action_lock": "固定する",
    "action_cancel": "キャンセル",
    "busy_generating": "盤面を作成中… {percent}%",
    "busy_cancelled": "キャンセルしました。前の盤面のまま続けられます。",
    "controls_mouse": "マウス",
    "controls_touch": "タッチ",
    "controls_keyboard": "キーボード",
    "controls_hints": "ヒント",
    "mouse_primary": "クリック",
    "mouse_middle": "中クリック",
    "mouse_secondary": "右クリック",
    "touch_tap": "タップ",
    "touch_long_press": "長押し",
    "controls_hint_rule": ("ヒントは解答に向かう 1 手を打ち、そのマスを点滅する破線で囲みます"
                           "（キーボードのカーソルは実線の枠です）。チェックは今までの間違いに印を付けます。"
                           "ヒントとチェックはすべて記録に数えます。"),
    "intro_line": "遊び方：{items}。操作の一覧は「操作」ボタンから。",
    "next_stage": "次のステージ",
}
EN_ONE: dict[str, tuple[str, str]] = {}  # no counted key strings
