"""Strings shared by every page: loading, header, game controls, status, dialogs, notices.

The loading and load-failure texts are shown before Python runs, so the page's
loader keeps its own copy of them; these are the reference wording.
"""

from __future__ import annotations

EN: dict[str, str] = {
    # Site
    "site_title": "Masume",
    "site_tagline": "Grid puzzles that run in your browser",
    "menu_heading": "Choose a puzzle",
    # Loading
    "loading": "Loading…",
    "loading_python": "Loading Python and numpy…",
    "loading_starting": "Starting…",
    # Load failures
    "load_failed": "The game could not start: {reason}",
    "load_file_protocol": "Open this page through a web server (http://), not as a file.",
    "load_timeout": "Loading took too long. Check your connection and try again.",
    "retry": "Try again",
    # Header
    "language": "Language",
    "language_name_en": "English",
    "language_name_ja": "日本語",
    "music": "Music",
    "music_on": "Music on",
    "music_off": "Music off",
    "sound_effects": "Sound effects",
    "sound_effects_on": "Sound effects on",
    "sound_effects_off": "Sound effects off",
    "home": "Home",
    # Game controls
    "new_game": "New game",
    "restart": "Restart",
    "undo": "Undo",
    "redo": "Redo",
    "hint": "Hint",
    "custom_size": "Custom size",
    "size": "Size",
    "preset": "Preset",
    "apply": "Apply",
    # Status
    "moves": "Moves",
    "time": "Time",
    "best": "Best",
    "par": "Par",
    "mines_left": "Mines left",
    # Clear dialog
    "cleared": "Cleared!",
    "clear_moves": "Moves: {moves}",
    "clear_time": "Time: {time}",
    "new_best": "New best!",
    "close": "Close",
    "hints_used": "Hints used: {hints} — not counted for records",
    # Loss
    "game_over": "Game over",
    "mine_hit": "Boom! You hit a mine.",
    # Hints
    "hint_cell": "Hint: row {row}, column {col}",
    "hint_none": "No safe move can be deduced",
    # Links and custom sizes
    "bad_link": "That link does not name a valid puzzle ({reason}). A new game was started.",
    "custom_size_invalid": "That size cannot be used: {reason}",
    # Notices
    "storage_unavailable": "Records will not be kept on this device.",
    "storage_quarantined": "Some saved data was damaged and has been set aside; your other records are kept.",
    "export_records": "Export records",
    "import_records": "Import records",
    "import_done": "Records imported: {count}.",
    "import_failed_too_big": "That file is too big to be a Masume records file. Nothing was changed.",
    "import_failed_not_json": "That file is not a Masume records file (it cannot be read). Nothing was changed.",
    "import_failed_not_masume": "That file was not made by Masume's record export. Nothing was changed.",
    "import_failed_version": (
        "That file was made by another version of Masume and cannot be read here. "
        "Nothing was changed."
    ),
    "import_failed_shape": "That records file is damaged or incomplete. Nothing was changed.",
    "import_failed_storage": "There is not enough room on this device to import those records. Nothing was changed.",
    "loading_files": "Loading the puzzles…",
    "game_controls": "Game controls",
    "game_id": "Game ID",
    "copy_link": "Copy link",
    "open_game_id": "Open this ID",
    "link_copied": "Link copied.",
    "id_problem_shape": "it is not written the way game IDs are",
    "id_problem_version": "it was made by another version of Masume",
    "id_problem_size": "its board size is not one this game allows",
    "id_problem_board": "its board part is damaged or cut short",
    "id_problem_solved": "that board is already solved",
    "id_problem_unsolvable": "that board cannot be solved",
    "finished_link": "That link names a game that is already finished, so a new game was started.",
    "link_copy_failed": "The link could not be copied; the game ID is selected, copy it by hand.",
    "seconds_precise": "{seconds}s",
    "bad_game_id": "That game ID cannot be opened ({reason}). The current game goes on.",
    "unknown_game": "That link names no game here, so you are on the home page.",
    "internal_error": "Something went wrong; your records are safe. If the board freezes, start a new game.",
    "best_moves": "Best moves",
    "best_time": "Best time",
    "n_moves": "{moves} moves",
    "width": "Width",
    "height": "Height",
}

JA: dict[str, str] = {
    # Site
    "site_title": "マス目",
    "site_tagline": "ブラウザで遊べるマス目パズル集",
    "menu_heading": "パズルを選んでください",
    # Loading
    "loading": "読み込み中…",
    "loading_python": "Python と numpy を読み込み中…",
    "loading_starting": "起動中…",
    # Load failures
    "load_failed": "ゲームを開始できませんでした：{reason}",
    "load_file_protocol": "このページはファイルとして直接開かず、Web サーバー経由（http://）で開いてください。",
    "load_timeout": "読み込みに時間がかかりすぎています。通信環境を確認して、もう一度お試しください。",
    "retry": "もう一度試す",
    # Header
    "language": "言語",
    "language_name_en": "English",
    "language_name_ja": "日本語",
    "music": "音楽",
    "music_on": "音楽オン",
    "music_off": "音楽オフ",
    "sound_effects": "効果音",
    "sound_effects_on": "効果音オン",
    "sound_effects_off": "効果音オフ",
    "home": "ホーム",
    # Game controls
    "new_game": "新しいゲーム",
    "restart": "最初から",
    "undo": "一手戻す",
    "redo": "一手進む",
    "hint": "ヒント",
    "custom_size": "サイズを指定",
    "size": "サイズ",
    "preset": "プリセット",
    "apply": "適用",
    # Status
    "moves": "手数",
    "time": "タイム",
    "best": "自己ベスト",
    "par": "目標手数",
    "mines_left": "残り地雷",
    # Clear dialog
    "cleared": "クリア！",
    "clear_moves": "手数：{moves}",
    "clear_time": "タイム：{time}",
    "new_best": "自己ベスト更新！",
    "close": "閉じる",
    "hints_used": "ヒント使用：{hints} 回（記録には残りません）",
    # Loss
    "game_over": "ゲームオーバー",
    "mine_hit": "ドカン！地雷を踏んでしまいました。",
    # Hints
    "hint_cell": "ヒント：{row}行{col}列",
    "hint_none": "確実に安全と言える手が見つかりません",
    # Links and custom sizes
    "bad_link": "このリンクは有効なパズルを指していません（{reason}）。新しいゲームを始めました。",
    "custom_size_invalid": "このサイズは使えません：{reason}",
    # Notices
    "storage_unavailable": "この端末には記録が保存されません。",
    "storage_quarantined": "保存データの一部が壊れていたため、別に取り分けました。ほかの記録はそのまま残っています。",
    "export_records": "記録を書き出す",
    "import_records": "記録を読み込む",
    "import_done": "記録を読み込みました：{count} 件。",
    "import_failed_too_big": "このファイルは Masume の記録ファイルとしては大きすぎます。何も変更していません。",
    "import_failed_not_json": (
        "このファイルは Masume の記録ファイルではありません（読み取れません）。"
        "何も変更していません。"
    ),
    "import_failed_not_masume": (
        "このファイルは Masume の記録の書き出しで作られたものではありません。"
        "何も変更していません。"
    ),
    "import_failed_version": (
        "このファイルは別のバージョンの Masume で作られていて、ここでは読み込めません。"
        "何も変更していません。"
    ),
    "import_failed_shape": "この記録ファイルは壊れているか、欠けています。何も変更していません。",
    "import_failed_storage": "この端末に記録を読み込むための空きがありません。何も変更していません。",
    "loading_files": "パズルを読み込み中…",
    "game_controls": "ゲームの操作",
    "game_id": "ゲーム ID",
    "copy_link": "リンクをコピー",
    "open_game_id": "この ID を開く",
    "link_copied": "リンクをコピーしました。",
    "id_problem_shape": "ゲーム ID の書式が正しくありません",
    "id_problem_version": "別のバージョンの Masume で作られた ID です",
    "id_problem_size": "盤面のサイズがこのゲームでは使えません",
    "id_problem_board": "盤面の部分が壊れているか、途中で切れています",
    "id_problem_solved": "その盤面はすでに解けています",
    "id_problem_unsolvable": "その盤面は解けません",
    "finished_link": "このリンクのゲームはすでに終わっているため、新しいゲームを始めました。",
    "link_copy_failed": "リンクをコピーできませんでした。ゲーム ID を選択したので、手動でコピーしてください。",
    "seconds_precise": "{seconds}秒",
    "bad_game_id": "このゲーム ID は開けません（{reason}）。今のゲームを続けます。",
    "unknown_game": "このリンクのゲームは見つからないため、ホームを表示しています。",
    "internal_error": (
        "問題が発生しました。記録は失われていません。盤面が反応しない場合は新しいゲームを始めてください。"
    ),
    "best_moves": "最少手数",
    "best_time": "最速タイム",
    "n_moves": "{moves} 手",
    "width": "幅",
    "height": "高さ",
}
