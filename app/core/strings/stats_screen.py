"""Strings of the statistics screen's own controls, chart and table (keys "stats_*").

The figures' names ("stats_started", "stats_time_best", ...) live in `records_ui`
beside the other record strings; this module holds what only the screen shows.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "stats_link": "Statistics",
    "stats_page_heading": "{game} statistics",
    "stats_board": "Board",
    "stats_all_title": "Every board",
    "stats_all_line": "Games started: {games} · won: {won} ({rate}) · kinds of board: {boards}",
    "stats_all_caption": "Games per kind of board",
    "stats_back_to_game": "Play {game}",
    "stats_figures": "Figures",
    "stats_percent": "{value}%",
    "stats_chart_time": "Time per game",
    "stats_chart_par": "Moves over par",
    "stats_chart_par_label": "Moves over par in the last {count} games; the dashed line is par",
    "stats_legend_clean": "Won without help (filled)",
    "stats_legend_assisted": "Won with help (hollow)",
    "stats_legend_lost": "Lost (cross)",
    "stats_show_table": "Show as a table",
    "stats_table_caption": "The last {count} games, oldest first",
    "stats_col_number": "Game",
    "stats_col_result": "Result",
    "stats_col_time": "Time",
    "stats_col_moves": "Moves",
    "stats_col_par_gap": "Over par",
    "stats_col_hints": "Hints",
    "stats_result_assisted": "Won, with help",
}

JA: dict[str, str] = {
    "stats_link": "成績",
    "stats_page_heading": "{game}の成績",
    "stats_board": "盤面",
    "stats_all_title": "すべての盤面",
    "stats_all_line": "開始：{games} 回 · 勝ち：{won} 回（{rate}） · 盤面の種類：{boards}",
    "stats_all_caption": "盤面の種類ごとのゲーム",
    "stats_back_to_game": "{game}を遊ぶ",
    "stats_figures": "記録の数値",
    "stats_percent": "{value}%",
    "stats_chart_time": "ゲームごとの時間",
    "stats_chart_par": "パーとの差",
    "stats_chart_par_label": "直近{count}回のパーとの差。破線がパー",
    "stats_legend_clean": "助けなしで勝ち（塗りつぶし）",
    "stats_legend_assisted": "助けを借りて勝ち（白抜き）",
    "stats_legend_lost": "負け（×印）",
    "stats_show_table": "表で見る",
    "stats_table_caption": "直近{count}回のゲーム（古い順）",
    "stats_col_number": "回",
    "stats_col_result": "結果",
    "stats_col_time": "時間",
    "stats_col_moves": "手数",
    "stats_col_par_gap": "パーとの差",
    "stats_col_hints": "ヒント",
    "stats_result_assisted": "勝ち（助けあり）",
}

# English singulars (see app.core.strings): key -> (count parameter, text when it is 1)
EN_ONE: dict[str, tuple[str, str]] = {
    "stats_chart_par_label": ("count", "Moves over par in the last game; the dashed line is par"),
    "stats_table_caption": ("count", "The last game"),
}
