"""The parts of the game screen, each findable by name; `app.web.game_screen.GameScreen` wires them.

Each part is given the screen as `interface.BoardInPlay` (the board in play and the player's
commands) and reaches nothing else of it: `page` (the elements and their words), `board_slices`
(the board widget, drawn at once or in slices), `speech` (what is said), `campaign` (stages and
endless runs), `ending` (the result of a board), `host` (what views may reach), `game_ids` and
`shortcuts`. The smaller pieces are the page's: `controls`, `size_form`, `share_box`,
`result_dialog`, `zoom`, `stage_list`; `slow_move` runs work in slices with a busy mark;
`saved_progress` keeps the game in play across reloads (`app.core.progress`).
"""
