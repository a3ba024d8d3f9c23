"""The parts of the game screen, each findable by name.

`app.web.game_screen.GameScreen` wires them: `host` (what views may reach),
`controls` (undo/redo/restart/hint/new and the numbers beside the board),
`size_form` (presets and custom sizes), `share_box` (game ID and link),
`result_dialog` (the end of a game), `slow_move` (a move done in slices with
a busy mark and Cancel). Saving and restoring the game in progress is pure
Python in `app.core.progress`.
"""
