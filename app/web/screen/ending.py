"""The end of a board on the game screen: the loss and win results and what they offer.

The screen plays the end's sound at once and asks for the result after the board has
shown its finish (a short pause, none under reduced motion); the result opens under the board.

What the end earned (a result, a best, a stage, the daily) was already recorded by
`app.core.play`; this module only shows and says it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.core.bests import new_best_key
from app.core.daily import card_fields, daily_hash, result_card
from app.core.play import Ending
from app.core.replay import replay_link
from app.core.route import STATS, format_hash
from app.core.stars import MAX_STARS, PAR_MARGIN
from app.web.dom import window
from app.web.screen.campaign import Campaign
from app.web.screen.interface import BoardInPlay
from app.web.screen.result_dialog import ResultDialog

if TYPE_CHECKING:
    from app.web.shell_interface import ShellServices


class Results:
    """The result of a finished board: its dialog under the board, and its words for the live region."""

    def __init__(self, shell: ShellServices, screen: BoardInPlay, dialog: ResultDialog, campaign: Campaign) -> None:
        self._shell = shell
        self._screen = screen
        self._dialog = dialog
        self._campaign = campaign

    def show_loss(self) -> None:
        """Game over is a moment: say what happened and offer Undo the last move, Retry this board, New game.

        The view's `loss_report(session)` (optional) gives the title, the rows and the
        cells to ring (Minesweeper: the mine, the post-mortem, the deaths so far).
        """
        shell, screen = self._shell, self._screen
        session = screen.session
        if session is None:
            return
        t = shell.i18n.t
        report = screen.view.loss_report(session)
        title, rows, ring = report if report is not None else (t("game_over"), [], [])
        if ring and screen.board is not None:
            screen.board.mark(ring, "hinted")
        self._dialog.show_loss(title, rows, on_undo=self._undo_loss if session.can_undo else None,
                               on_retry=self._retry_board)
        shell.announce(shell.i18n.sentences(screen.view.lost_text(), *said_rows(t, rows)))

    def show_win(self, ending: Ending, *, after: str = "") -> None:
        """The clear result: its rows, a new best or the hints used, the daily's streak, the run, and the next step
        (Next stage; after the last stage the campaign's totals and Play endless; on a run, Next board).

        Said after `after`, the winning move's words ("Placed a splitter …; 2 of 2 targets lit. Cleared! …"): the
        result replaces them in the live region, where a screen reader may not yet have read them."""
        shell, screen = self._shell, self._screen
        session = screen.session
        if session is None:
            return
        t = shell.i18n.t
        shell.check_storage()
        screen.render()
        title, more_rows, more_notes, next_step = self._campaign.win_words(ending)
        rows = screen.view.result_rows(session)
        said = list(rows)  # what is announced: the stars in words only
        if ending.stars:
            rows.append((t("stars"), star_text(t, ending.stars)))
            said.append((t("stars"), t("stars_value", stars=ending.stars)))
        thresholds = stars_rule(t, screen.spec, session) if ending.stars else ""
        rows += more_rows
        said += more_rows
        best_key = new_best_key(ending.improved)
        notes = [t("hints_used", hints=session.hints_used) if session.hints_used
                 else t(best_key) if best_key else "", t("stars_more") if ending.more_stars else ""]
        if screen.daily_day is not None:
            notes.append(t("daily_cleared_streak", days=shell.dailies.streak(screen.game, screen.daily_day)))
        note = shell.i18n.sentences(*notes, *more_notes, thresholds)
        self._dialog.show(title, rows, note, is_best=bool(ending.improved), next_step=next_step)
        shell.announce(shell.i18n.sentences(after or None, title, *said_rows(t, said), note))

    def offer_extras(self) -> None:
        """Fill the result dialog's second row: the daily's card, the replay and its link, the statistics."""
        shell, screen = self._shell, self._screen
        session, game = screen.session, screen.game
        if session is None:
            return
        page = str(window.location.href).split("#")[0]
        card = None
        if screen.daily_day is not None:
            card = result_card(shell.i18n.lang, game, screen.daily_day, url=page + daily_hash(game, screen.daily_day),
                               **card_fields(screen.spec, session))
        link = replay_link(screen.spec, session.log_start, session.move_log) if session.move_log else None
        self._dialog.set_extras(stats_hash=format_hash(game, screen=STATS), card=card, replay_hash=link,
                                replay_url=page + link if link else None, t=shell.i18n.t, say=shell.announce)

    def _undo_loss(self) -> None:
        """Take back the move that lost (the death stays counted) and play on from the board."""
        self._screen.undo()
        self._screen.focus_board()

    def _retry_board(self) -> None:
        """The same board from its start (the death stays counted; undo returns to before the loss)."""
        self._screen.restart()
        self._screen.focus_board()


def said_rows(t: Callable[..., str], rows: list[tuple[str, str]]) -> list[str]:
    """A result's rows as a screen reader hears them: "Moves: 3", "Par: 2" (sentences, not one run of words)."""
    return [t("result_said_row", label=label, value=value) for label, value in rows]


def stars_rule(t: Callable[..., str], spec: Any, session: Any) -> str:
    """How a board's stars are earned, with its par: "★★★ at par (5), ★★ within 7 moves", and, after hints or
    checks, that they cap the stars at two (app.core.stars), or the rule would contradict the stars shown."""
    if spec.par is None:
        return ""
    par = int(spec.par(session.restart_point))
    key = "stars_rule_helped" if session.hints_used else "stars_rule"
    return str(t(key, par=par, near=par + PAR_MARGIN))


def star_text(t: Callable[..., str], stars: int) -> str:
    """"★★☆ 2 of 3": the stars drawn, then said in words (the words are what a screen reader needs)."""
    return f"{stars_drawn(stars)} {t('stars_value', stars=stars)}"


def stars_drawn(stars: int) -> str:
    """"★★☆" for 2 of 3."""
    return "★" * stars + "☆" * (MAX_STARS - stars)
