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
    "action_tool": "the chosen tool",
    "action_cancel": "Cancel",
    "busy_generating": "Making the board… {percent}%",
    "busy_cancelled": "Cancelled; the previous board is still in play.",
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
    "action_tool": "選んだ動作",
    "action_cancel": "キャンセル",
    "busy_generating": "盤面を作成中… {percent}%",
    "busy_cancelled": "キャンセルしました。前の盤面のまま続けられます。",
    "next_stage": "次のステージ",
}
EN_ONE: dict[str, tuple[str, str]] = {}  # no counted key strings
