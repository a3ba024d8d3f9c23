"""A game's campaign and endless runs on the game screen.

The stage list's records (done, best, stars), the run's figure beside the board, the
end of the last stage (the campaign's totals, and a way into endless), and the run's
next board. What counts (a stage cleared, a run lengthened or ended) is decided by
`app.core.play`; this module only reads the records and words them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.core.play import Ending, campaign_totals
from app.core.route import format_hash
from app.web.dom import window
from app.web.screen.interface import BoardInPlay

if TYPE_CHECKING:
    from app.web.shell_interface import ShellServices

# What a win adds to the result: (title, rows, notes, the next step as (button key, action) or None).
WinWords = tuple[str, list[tuple[str, str]], list[str], tuple[str, Callable[[], None]] | None]


class Campaign:
    """The stages and the endless run of the game on screen, as the player's records have them."""

    def __init__(self, shell: ShellServices, screen: BoardInPlay) -> None:
        self._shell = shell
        self._screen = screen

    def stage_progress(self, stage_id: str) -> dict[str, Any]:
        """The player's record of one stage: {"done": bool, "best": moves or None, "stars": 0..3}."""
        return {**self._shell.stages.get(self._screen.game, stage_id), "stars": self.stage_stars(stage_id)}

    def stage_stars(self, stage_id: str) -> int:
        """The most stars a stage's wins earned (0: none yet); kept under the stage's params key."""
        spec = self._screen.spec
        if spec.stages is None:
            return 0
        key = str(spec.format_params(spec.params_of(spec.stages.stage_state(stage_id))))
        return int(self._shell.stars.get(self._screen.game, key))

    def run_rows(self) -> list[tuple[str, str, str]]:
        """The run's figure beside the board ("In a row 3") while the board in play is the run's."""
        playing = self._screen.playing
        run = playing.run() if playing is not None and playing.on_run() else None
        return [] if run is None else [("run", self._shell.i18n.t("run_label"), str(run.run))]

    def run_line(self) -> str:
        """"Endless run: 3 in a row · longest 5", what a run is before its first win ("" for a game without runs)."""
        playing = self._screen.playing
        run = playing.run() if playing is not None else None
        if run is None:
            return ""
        if run.best == 0:
            return self._shell.i18n.t("run_line_start")  # no win yet: say what a run is
        return self._shell.i18n.t("run_line", run=run.run, best=run.best)

    def opening_params(self) -> Any:
        """The board a game opens on when no stage is left: the endless run's next board, else the first preset."""
        spec = self._screen.spec
        if spec.run_params is not None:
            return spec.run_params(self._shell.runs.run(self._screen.game).run)
        return next(iter(spec.presets.values()))

    def play_endless(self) -> None:
        """Start the board the endless run asks for (asking first if a game is in progress)."""
        playing = self._screen.playing
        if playing is not None and playing.run_params() is not None:
            # On a run's board, New game's own choice: the next board once this one ends the run or not.
            self._screen.ask_new_game(None if playing.on_run() else playing.run_params())

    def new_board(self, params: Any) -> tuple[Any, int]:
        """New game's params and the run it ended: on a run's board the run's next board (from its start if
        this board was left unwon), else the given params or the current ones."""
        playing, session = self._screen.playing, self._screen.session
        on_run = playing is not None and playing.on_run()
        ended = self.leave_board()
        if params is None and on_run and playing is not None:
            params = playing.run_params()
        elif params is None and session is not None:
            params = self._screen.spec.params_of(session.state)
        return params, ended

    def leave_board(self) -> int:
        """The board in play is being replaced: end the run if it was left unwon (return the run that ended)."""
        playing = self._screen.playing
        return playing.leave() if playing is not None else 0

    def new_game_question(self) -> str:
        """What New game's question says is lost: the game in play, and the endless run it would end."""
        t, playing, session = self._shell.i18n.t, self._screen.playing, self._screen.session
        at_stake = playing.run_at_stake() if playing is not None else 0
        moves = session.moves if session is not None else 0
        return self._shell.i18n.sentences(t("confirm_new_text", moves=moves),
                                          t("run_will_end", run=at_stake) if at_stake else None)

    def say_run_ended(self, run: int) -> None:
        """Say, visibly, that a run ended ("Your run of 4 in a row has ended."): in the notice, and beside the
        new board until its first move (the notice is above the page, out of view once the board is scrolled to)."""
        if run:
            text = self._shell.i18n.t("run_ended", run=run)
            self._shell.notify(text)
            self._screen.show_status(text)

    def win_words(self, ending: Ending) -> WinWords:
        """What a win adds to the result: (title, rows, notes, the next step as (button key, action)).

        After a stage with a next one: Next stage. After the last stage, or the win that clears the last
        stage not yet cleared: the campaign's totals and Play endless. After a board of the run: the
        run's length and Next board.
        """
        t, screen = self._shell.i18n.t, self._screen
        title, rows, notes = t("cleared"), [], []
        playing = screen.playing
        following = playing.next_stage() if playing is not None else None
        if ending.run is not None:
            rows.append((t("run_result"), t("run_value", run=ending.run.run, best=ending.run.best)))
            notes.append(t("run_longer") if ending.longer_run else "")
        totals = campaign_totals(screen.spec, self._shell.stages, self._shell.stars) if ending.stage else None
        # The campaign's end: the last stage, or the win that cleared the last stage not cleared yet.
        finished = totals is not None and (following is None
                                           or (ending.first_clear and totals.cleared == totals.stages))
        if following is not None and not finished:
            return title, rows, notes, ("next_stage", lambda: self.open_stage(following))
        if totals is not None:
            title = t("campaign_all_title" if totals.cleared == totals.stages else "campaign_last_title")
            rows += [(t("campaign_cleared"), t("campaign_cleared_value", cleared=totals.cleared, stages=totals.stages)),
                     (t("campaign_moves"), t("campaign_moves_value", moves=totals.moves, par=totals.par)),
                     (t("campaign_stars"), t("stars_value_of", stars=totals.stars, total=totals.max_stars))]
            stages = screen.spec.stages
            left = self._shell.stages.first_unfinished(screen.game, stages.ids()) if stages is not None else None
            if left is not None:  # the last stage, with others not yet cleared: say how many, and go to the first
                notes.append(t("campaign_left", left=totals.stages - totals.cleared, stage=left))
                return title, rows, notes, ("campaign_first_left", lambda: self.open_stage(left))
            if playing is not None and playing.run_params() is not None:
                notes.append(t("campaign_note"))
                return title, rows, notes, ("campaign_play_endless", lambda: screen.new_game(playing.run_params()))
            return title, rows, notes, None
        if ending.run is not None:
            return title, rows, notes, ("next_run_board", lambda: screen.new_game())
        return title, rows, notes, None

    def open_stage(self, stage_id: str) -> None:
        """Open a stage (Next stage, from the result)."""
        window.location.hash = format_hash(self._screen.game, stage_id)
