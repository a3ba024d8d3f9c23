"""Game IDs the player brings to the game screen: which are playable, and why one is not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js

from app.core import registry
from app.core.game import GameSpec


def decode_for_play(spec: GameSpec[Any, Any, Any], text: str, problem_key: str, *, t: Callable[..., str],
                    notify: Callable[[str], None], instead: Callable[[], Any] = lambda: None) -> Any:
    """Return the playable puzzle a game ID names, or, after telling the player why not (`notify`), the board
    `instead` gives (None: the caller starts a new game). A stage opened instead is named: the problem's words
    then "Opened stage 1-03 instead." (catalogue key "<problem_key>_stage")."""
    try:
        state = spec.decode(text)
    except ValueError as exc:
        reason = id_problem(t, exc)
        fallback = instead()
        stages = spec.stages
        stage = stages.stage_of(fallback) if stages is not None and fallback is not None else None
        notify(t(f"{problem_key}_stage", reason=reason, stage=stage) if stage is not None
               else t(problem_key, reason=reason))
        return fallback
    if spec.status(state) != 0:
        # e.g. a Minesweeper board its first click already won: nothing left to play
        notify(t("finished_link"))
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
