"""The end of a board on the game screen: the loss and win results and what they offer.

The screen plays the end's sound at once and calls these after the board has shown
its finish (a short pause, none under reduced motion); the result opens under the board.

What the end earned (a result, a best, a stage, the daily) was already recorded by
`app.core.play`; this module only shows and says it.
"""

from __future__ import annotations

from typing import Any

from app.core.bests import new_best_key
from app.core.daily import card_fields, daily_hash, result_card
from app.core.play import Ending
from app.core.replay import replay_link
from app.core.route import STATS, format_hash
from app.core.stars import MAX_STARS
from app.web.dom import window
from app.web.screen.campaign import win_words


def show_loss(screen: Any) -> None:
    """Game over is a moment: say what happened and offer Undo the last move, Retry this board, New game.

    The view's `loss_report(session)` (optional) gives the title, the rows and the
    cells to ring (Minesweeper: the mine, the post-mortem, the deaths so far).
    """
    t = screen.i18n.t
    session = screen.session
    report = screen.view.loss_report(session)
    title, rows, ring = report if report is not None else (t("game_over"), [], [])
    if ring:
        screen.board.mark(ring, "hinted")
    screen.dialog.show_loss(title, rows, on_undo=(lambda: undo_loss(screen)) if session.can_undo else None,
                            on_retry=lambda: retry_board(screen))
    screen.shell.announce(screen.i18n.sentences(screen.view.lost_text(), *said_rows(t, rows)))


def show_win(screen: Any, ending: Ending) -> None:
    """The clear result: its rows, a new best or the hints used, the daily's streak, the run, and the next step
    (Next stage; after the last stage the campaign's totals and Play endless; on a run, Next board)."""
    t = screen.i18n.t
    session = screen.session
    screen.shell.check_storage()
    screen.render()
    title, more_rows, more_notes, next_step = win_words(screen, ending)
    rows = screen.view.result_rows(session)
    said = list(rows)  # what is announced: the stars in words only
    if ending.stars:
        rows.append((t("stars"), star_text(t, ending.stars)))
        said.append((t("stars"), t("stars_value", stars=ending.stars)))
    rows += more_rows
    said += more_rows
    best_key = new_best_key(ending.improved)
    notes = [t("hints_used", hints=session.hints_used) if session.hints_used
             else t(best_key) if best_key else "", t("stars_more") if ending.more_stars else ""]
    if screen.daily_day is not None:
        notes.append(t("daily_cleared_streak", days=screen.shell.dailies.streak(screen.game, screen.daily_day)))
    note = screen.i18n.sentences(*notes, *more_notes)
    screen.dialog.show(title, rows, note, is_best=bool(ending.improved), next_step=next_step)
    screen.shell.announce(screen.i18n.sentences(title, *said_rows(t, said), note))


def said_rows(t: Any, rows: list[tuple[str, str]]) -> list[str]:
    """A result's rows as a screen reader hears them: "Moves: 3", "Par: 2" (sentences, not one run of words)."""
    return [t("result_said_row", label=label, value=value) for label, value in rows]


def star_text(t: Any, stars: int) -> str:
    """"★★☆ 2 of 3": the stars drawn, then said in words (the words are what a screen reader needs)."""
    return f"{stars_drawn(stars)} {t('stars_value', stars=stars)}"


def stars_drawn(stars: int) -> str:
    """"★★☆" for 2 of 3."""
    return "★" * stars + "☆" * (MAX_STARS - stars)


def offer_extras(screen: Any) -> None:
    """Fill the result dialog's second row: the daily's card, the replay and its link, the statistics."""
    session, game = screen.session, screen.game
    page = str(window.location.href).split("#")[0]
    card = None
    if screen.daily_day is not None:
        card = result_card(screen.i18n.lang, game, screen.daily_day, url=page + daily_hash(game),
                           **card_fields(screen.backend, session))
    link = replay_link(screen.backend, session.log_start, session.move_log) if session.move_log else None
    screen.dialog.set_extras(stats_hash=format_hash(game, screen=STATS), card=card, replay_hash=link,
                             replay_url=page + link if link else None, t=screen.i18n.t, say=screen.shell.announce)


def undo_loss(screen: Any) -> None:
    """Take back the move that lost (the death stays counted) and play on from the board."""
    screen.undo()
    screen.focus_board()


def retry_board(screen: Any) -> None:
    """The same board from its start (the death stays counted; undo returns to before the loss)."""
    screen.restart()
    screen.focus_board()
