"""A game's campaign and endless runs on the game screen.

The stage list's records (done, best, stars), the run's figure beside the board, the
end of the last stage (the campaign's totals, and a way into endless), and the run's
next board. What counts (a stage cleared, a run lengthened or ended) is decided by
`app.core.play`; this module only reads the records and words them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core.play import Ending, campaign_totals
from app.core.route import format_hash
from app.web.dom import window


def stage_progress(screen: Any, stage_id: str) -> dict[str, Any]:
    """The player's record of one stage: {"done": bool, "best": moves or None, "stars": 0..3}."""
    return {**screen.shell.stages.get(screen.game, stage_id), "stars": stage_stars(screen, stage_id)}


def stage_stars(screen: Any, stage_id: str) -> int:
    """The most stars a stage's wins earned (0: none yet); kept under the stage's params key."""
    backend = screen.backend
    if backend.stages is None:
        return 0
    key = str(backend.format_params(backend.params_of(backend.stages.stage_state(stage_id))))
    return int(screen.shell.stars.get(screen.game, key))


def run_rows(screen: Any) -> list[tuple[str, str, str]]:
    """The run's figure beside the board ("In a row 3") while the board in play is the run's."""
    playing = screen.playing
    if playing is None or not playing.on_run():
        return []
    run = playing.run()
    return [("run", screen.i18n.t("run_label"), str(run.run))]


def run_line(screen: Any) -> str:
    """"Endless run: 3 in a row · longest 5", what a run is before its first win ("" for a game without runs)."""
    run = screen.playing.run() if screen.playing is not None else None
    if run is None:
        return ""
    if run.best == 0:
        return screen.i18n.t("run_line_start")  # no win yet: say what a run is
    return screen.i18n.t("run_line", run=run.run, best=run.best)


def opening_params(screen: Any) -> Any:
    """The board a game opens on when no stage is left: the endless run's next board, else the first preset."""
    backend = screen.backend
    if backend.run_params is not None:
        return backend.run_params(screen.shell.runs.run(screen.game).run)
    return next(iter(backend.presets.values()))


def play_endless(screen: Any) -> None:
    """Start the board the endless run asks for (asking first if a game is in progress)."""
    playing = screen.playing
    if playing is not None and playing.run_params() is not None:
        # On a run's board, New game's own choice: the next board once this one ends the run or not.
        screen.ask_new_game(None if playing.on_run() else playing.run_params())


def new_board(screen: Any, params: Any) -> tuple[Any, int]:
    """New game's params and the run it ended: on a run's board the run's next board (from its start if
    this board was left unwon), else the given params or the current ones."""
    playing = screen.playing
    on_run = playing is not None and playing.on_run()
    ended = leave_board(screen)
    if params is None and on_run:
        params = playing.run_params()
    elif params is None:
        params = screen.backend.params_of(screen.session.state)
    return params, ended


def leave_board(screen: Any) -> int:
    """The board in play is being replaced: end the run if it was left unwon (return the run that ended)."""
    return screen.playing.leave() if screen.playing is not None else 0


def new_game_question(screen: Any) -> str:
    """What New game's question says is lost: the game in play, and the endless run it would end."""
    t = screen.i18n.t
    at_stake = screen.playing.run_at_stake() if screen.playing is not None else 0
    return screen.i18n.sentences(t("confirm_new_text", moves=screen.session.moves),
                                 t("run_will_end", run=at_stake) if at_stake else None)


def say_run_ended(screen: Any, run: int) -> None:
    """Say, visibly, that a run ended ("Your run of 4 in a row has ended."): in the notice, and beside the
    new board until its first move (the notice is above the page, out of view once the board is scrolled to)."""
    if run:
        text = screen.i18n.t("run_ended", run=run)
        screen.shell.notify(text)
        screen.show_status(text)


def win_words(screen: Any, ending: Ending) -> tuple[str, list[tuple[str, str]], list[str],
                                                    tuple[str, Callable[[], None]] | None]:
    """What a win adds to the result: (title, rows, notes, the next step as (button key, action)).

    After a stage with a next one: Next stage. After the last stage, or the win that clears the last
    stage not yet cleared: the campaign's totals and Play endless. After a board of the run: the
    run's length and Next board.
    """
    t = screen.i18n.t
    title, rows, notes = t("cleared"), [], []
    playing = screen.playing
    following = playing.next_stage()
    if ending.run is not None:
        rows.append((t("run_result"), t("run_value", run=ending.run.run, best=ending.run.best)))
        notes.append(t("run_longer") if ending.longer_run else "")
    totals = campaign_totals(screen.backend, screen.shell.stages, screen.shell.stars) if ending.stage else None
    # The campaign's end: the last stage, or the win that cleared the last stage not cleared yet.
    finished = totals is not None and (following is None or (ending.first_clear and totals.cleared == totals.stages))
    if following is not None and not finished:
        return title, rows, notes, ("next_stage", lambda: open_stage(screen, following))
    if totals is not None:
        title = t("campaign_all_title" if totals.cleared == totals.stages else "campaign_last_title")
        rows += [(t("campaign_cleared"), t("campaign_cleared_value", cleared=totals.cleared, stages=totals.stages)),
                 (t("campaign_moves"), t("campaign_moves_value", moves=totals.moves, par=totals.par)),
                 (t("campaign_stars"), t("stars_value_of", stars=totals.stars, total=totals.max_stars))]
        if playing.run_params() is not None:
            notes.append(t("campaign_note"))
            return title, rows, notes, ("campaign_play_endless", lambda: screen.new_game(playing.run_params()))
        return title, rows, notes, None
    if ending.run is not None:
        return title, rows, notes, ("next_run_board", lambda: screen.new_game())
    return title, rows, notes, None


def open_stage(screen: Any, stage_id: str) -> None:
    """Open a stage (Next stage, from the result)."""
    window.location.hash = format_hash(screen.game, stage_id)
