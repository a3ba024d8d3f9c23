"""The game in progress, kept across reloads: what is saved and how it is brought back.

A saved game is the puzzle's ID, the state the move log starts from, the moves
(as JSON), the time played and the hints used. Restoring replays the moves
through the backend, so a damaged or tampered record can at worst fail to
restore: it never yields a state the rules could not reach.
"""

from __future__ import annotations

import math
from typing import Any

from app.core.session import Session

# Beyond these a record is not a game a person played: refuse it rather than replay it.
MAX_MOVES = 20_000
MAX_ELAPSED_S = 100 * 24 * 3600.0
MAX_HINTS = 10_000
MAX_TEXT = 4096


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


def is_json_move(value: Any, depth: int = 0) -> bool:
    """Return whether a value is a move as saved: str/int/bool or lists of them, at most 3 deep."""
    if isinstance(value, bool | int):
        return not isinstance(value, int) or abs(value) < 2**31
    if isinstance(value, str):
        return len(value) <= 64
    if isinstance(value, list):
        return depth < 3 and len(value) <= 16 and all(is_json_move(part, depth + 1) for part in value)
    return False


def save_record(backend: Any, session: Session, game_id: str) -> dict[str, Any] | None:
    """Return what to store for the game in play, or None when there is nothing worth keeping.

    A finished game or one with no moves since its start (or last restart) is not kept.
    """
    log = session.move_log
    if session.over or not log:
        return None
    return {
        "id": game_id,
        "start": backend.encode(session.log_start),
        "moves": [move_to_json(move) for move in log],
        "elapsed": round(min(max(session.elapsed, 0.0), MAX_ELAPSED_S), 2),
        "hints": min(session.hints_used, MAX_HINTS),
    }


def check_record(record: Any) -> dict[str, Any] | None:
    """Return a saved record if its fields have the right types and sane ranges, else None."""
    if not isinstance(record, dict):
        return None
    game_id, start, moves = record.get("id"), record.get("start"), record.get("moves")
    elapsed, hints = record.get("elapsed", 0.0), record.get("hints", 0)
    if not (isinstance(game_id, str) and isinstance(start, str) and len(game_id) <= MAX_TEXT
            and len(start) <= MAX_TEXT):
        return None
    if not isinstance(moves, list) or len(moves) > MAX_MOVES or not all(is_json_move(m) for m in moves):
        return None
    if isinstance(elapsed, bool) or not isinstance(elapsed, int | float):
        return None
    if not (math.isfinite(elapsed) and 0 <= elapsed <= MAX_ELAPSED_S):
        return None
    if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= MAX_HINTS:
        return None
    return {"id": game_id, "start": start, "moves": moves, "elapsed": float(elapsed), "hints": hints}


def restore(backend: Any, record: Any, game_id: str) -> Session | None:
    """Rebuild the saved session for puzzle `game_id`, or None if the record is absent, damaged or another's.

    The moves are replayed through the backend; a record whose replay fails, ends
    the game or names another puzzle is ignored (the puzzle itself opens fresh).
    """
    checked = check_record(record)
    if checked is None or checked["id"] != game_id:
        return None
    try:
        session = Session.replay(backend, backend.decode(checked["start"]),
                                 [move_from_json(move) for move in checked["moves"]],
                                 elapsed=checked["elapsed"], hints_used=checked["hints"])
    except (ValueError, TypeError, KeyError, IndexError):
        return None
    if session.over or backend.encode(session.restart_point) != game_id:
        return None
    return session
