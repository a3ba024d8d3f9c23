"""The game in progress, kept across reloads: what is saved and how it is brought back.

A saved game is the puzzle's ID, the state the move log starts from, the moves
(as JSON), the time played and the hints used. Restoring replays the moves
through the backend, so a damaged or tampered record can at worst fail to
restore: it never yields a state the rules could not reach.
"""

from __future__ import annotations

from typing import Any

from app.core.records import MAX_COUNT, MAX_HINTS, MAX_SECONDS, validate_progress
from app.core.session import Session

# Beyond this a saved time is a broken clock or edited data, not play.
MAX_ELAPSED_S = MAX_SECONDS


def move_to_json(move: Any) -> Any:
    """Return a move as JSON data: tuples become lists (recursively); str, int, bool stay."""
    if isinstance(move, tuple | list):
        return [move_to_json(part) for part in move]
    return move


def move_from_json(value: Any) -> Any:
    """Return the move JSON data stands for: lists become tuples (recursively)."""
    if isinstance(value, list):
        return tuple(move_from_json(part) for part in value)
    return value


def is_json_move(value: Any) -> bool:
    """Return whether a value is a move as saved (what `app.core.records` accepts in a save)."""
    return validate_progress({"id": "", "start": "", "moves": [value], "elapsed": 0, "hints": 0}) is not None


def save_record(backend: Any, session: Session[Any, Any], game_id: str) -> dict[str, Any] | None:
    """Return what to store for the game in play, or None when there is nothing worth keeping.

    A finished game or one with no moves since its start (or last restart) is not kept.
    """
    log = session.move_log
    if session.over or not log:
        return None
    record = {
        "id": game_id,
        "start": backend.encode(session.log_start),
        "moves": [move_to_json(move) for move in log],
        "elapsed": round(min(max(session.elapsed, 0.0), MAX_ELAPSED_S), 2),
        "hints": min(session.hints_used, MAX_HINTS),
        "deaths": min(session.deaths, MAX_COUNT),
    }
    return validate_progress(record)


def restore(backend: Any, record: Any, game_id: str) -> Session[Any, Any] | None:
    """Rebuild the saved session for puzzle `game_id`, or None if the record is absent, damaged or another's.

    The moves are replayed through the backend; a record whose replay fails, ends
    the game or names another puzzle is ignored (the puzzle itself opens fresh).
    """
    checked = validate_progress(record)
    if checked is None or checked["id"] != game_id:
        return None
    try:
        session = Session.replay(backend, backend.decode(checked["start"]),
                                 [move_from_json(move) for move in checked["moves"]],
                                 elapsed=checked["elapsed"], hints_used=checked["hints"],
                                 deaths=checked.get("deaths", 0))
    except (ValueError, TypeError, KeyError, IndexError):
        return None
    if session.over or backend.encode(session.restart_point) != game_id:
        return None
    return session
