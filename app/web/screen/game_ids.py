"""Game IDs the player brings to the game screen: which are playable, and why one is not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js

from app.core import registry
from app.core.route import format_hash


def decode_for_play(screen: Any, text: str, problem_key: str, instead: Callable[[], Any] = lambda: None) -> Any:
    """Return the playable puzzle a game ID names, or, after telling the player why not, the board `instead`
    gives (None: the caller starts a new game). A stage opened instead is named: the problem's words then
    "Opened stage 1-03 instead." (catalogue key "<problem_key>_stage")."""
    t = screen.i18n.t
    try:
        state = screen.backend.decode(text)
    except ValueError as exc:
        reason = id_problem(t, exc)
        fallback = instead()
        stages = screen.backend.stages
        stage = stages.stage_of(fallback) if stages is not None and fallback is not None else None
        screen.shell.notify(t(f"{problem_key}_stage", reason=reason, stage=stage) if stage is not None
                            else t(problem_key, reason=reason))
        return fallback
    if screen.backend.status(state) != 0:
        # e.g. a Minesweeper board its first click already won: nothing left to play
        screen.shell.notify(t("finished_link"))
        return instead()
    return state


def id_problem(t: Callable[..., str], error: ValueError) -> str:
    """Say in the player's language what is wrong with a game ID; the English detail goes to the console."""
    js.console.info(f"Masume: game ID refused: {error}")
    return t(f"id_problem_{getattr(error, 'kind', 'shape')}")


def other_game_of(game: str, text: str) -> str | None:
    """Return another registered game whose backend reads this ID (a Minesweeper ID typed into Cross Light)."""
    for other in registry.games():
        if other == game:
            continue
        try:
            registry.backend(other).decode(text)
        except Exception:  # any backend's refusal means "not this game"
            continue
        return other
    return None


def open_typed_id(screen: Any, text: str) -> None:
    """Open a typed game ID; a refusal is said under the field, and the typed text stays."""
    try:
        state = screen.backend.decode(text)
    except ValueError as exc:
        other = other_game_of(screen.game, text)
        if other is not None:
            name = screen.i18n.t(registry.backend(other).name_key)
            screen.share.show_error(screen.i18n.t("said_id_other_game", game=name),
                            link=(format_hash(other, text), screen.i18n.t("open_in_game", game=name)))
        else:
            screen.share.show_error(screen.i18n.t("bad_game_id", reason=id_problem(screen.i18n.t, exc)))
        screen.shell.audio.play("error")
        return
    if screen.backend.status(state) != 0:
        screen.share.show_error(screen.i18n.t("bad_game_id", reason=screen.i18n.t("id_problem_solved")))
        return
    screen.shell.clear_notice()  # an earlier refusal no longer applies
    screen.daily_day = None
    screen._start(state)
    screen.saved.forget()
