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
    "action_turn_or_place": "turn, or place the chosen piece on an empty cell",
    "action_place_mirror": "place a mirror /",
    "action_place_mirror_back": "place a mirror \\",
    "action_place_splitter": "place a splitter /",
    "action_place_splitter_back": "place a splitter \\",
    "action_take": "take a placed piece back",
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
    "action_turn_or_place": "回す、または空きマスに選んだ部品を置く",
    "action_place_mirror": "鏡 ／ を置く",
    "action_place_mirror_back": "鏡 ＼ を置く",
    "action_place_splitter": "ハーフミラー ／ を置く",
    "action_place_splitter_back": "ハーフミラー ＼ を置く",
    "action_take": "置いた部品を取り外す",
    "action_cancel": "キャンセル",
    "busy_generating": "盤面を作成中… {percent}%",
    "busy_cancelled": "キャンセルしました。前の盤面のまま続けられます。",
    "next_stage": "次のステージ",
}
EN_ONE: dict[str, tuple[str, str]] = {}  # no counted key strings
