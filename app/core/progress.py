"""The game in progress, kept across reloads: what is saved and how it is brought back.

A saved game is the puzzle's ID, the state the move log starts from, the moves
(as JSON), the time played, the hints used and the board's kind (its params as text,
what home names it by without reading the ID), kept under "progress:<game>" (the
daily apart, under "progress:<game>:daily", so playing it never replaces the game in
progress), a record
kind registered here: the lowest write priority (dropped first when a record needs the
room), never exported. Restoring replays the moves through the backend, so a damaged or
tampered record can at worst fail to restore: it never yields a state the rules could
not reach.
"""

from __future__ import annotations

from typing import Any

from app.core.records import (
    MAX_COUNT,
    MAX_HINTS,
    MAX_ID_CHARS,
    MAX_SECONDS,
    PRIORITY_SAVE,
    RecordError,
    encode,
    is_number,
    is_text,
    register_kind,
    require,
)
from app.core.session import Session

# Beyond this a saved time is a broken clock or edited data, not play.
MAX_ELAPSED_S = MAX_SECONDS
MAX_MOVES = 50_000  # moves kept in one in-progress save
MAX_MOVE_DEPTH = 3  # a move is a scalar or a list of them, nested at most this deep
MAX_MOVE_ITEMS = 16
MAX_PARAMS_CHARS = 64
DAY_CHARS = 10  # a daily's date, YYYY-MM-DD
DAILY_SLOT = "daily"
PAST_DAILY_SLOT = "past"  # an earlier day's daily, opened from its dated link


def slot_key(game: str, *, daily: bool = False, past: bool = False) -> str:
    """Return the key a game's board in progress is kept under: today's daily and an earlier day's have slots
    of their own, so neither replaces the game in progress (nor a shared old daily today's)."""
    if daily:
        return f"progress:{game}:{DAILY_SLOT}"
    return f"progress:{game}:{PAST_DAILY_SLOT}" if past else f"progress:{game}"


def _is_move(move: Any, depth: int = 1) -> bool:
    if isinstance(move, bool) or is_text(move, 64):
        return True
    if isinstance(move, int):
        return abs(move) <= 1_000_000_000
    if isinstance(move, list):
        return depth <= MAX_MOVE_DEPTH and len(move) <= MAX_MOVE_ITEMS and all(_is_move(m, depth + 1) for m in move)
    return False


def progress_schema(value: Any) -> dict[str, Any]:
    """Return a clean in-progress save {"id", "start", "moves", "elapsed", "hints"[, "deaths"][, "params"][, "day"]}.

    Raises RecordError. "deaths" (losing moves later undone) came after the first release: absent
    means 0; "params" (the board's kind as text) came later still: absent, home names no size;
    "day" (a daily's UTC date, YYYY-MM-DD) came last: absent, home does not know which day's daily it is.
    """
    require(isinstance(value, dict), "wrong_type")
    game_id, start, moves = value.get("id"), value.get("start"), value.get("moves")
    require(is_text(game_id, MAX_ID_CHARS) and is_text(start, MAX_ID_CHARS), "wrong_type")
    require(isinstance(moves, list), "wrong_type")
    require(len(moves) <= MAX_MOVES, "too_big")
    require(all(_is_move(move) for move in moves), "bad_move")
    elapsed = value.get("elapsed", 0.0)
    require(is_number(elapsed) and 0 <= elapsed <= MAX_SECONDS, "out_of_range")
    hints = value.get("hints", 0)
    require(type(hints) is int and 0 <= hints <= MAX_HINTS, "out_of_range")
    deaths = value.get("deaths", 0)
    require(type(deaths) is int and 0 <= deaths <= MAX_COUNT, "out_of_range")
    params = value.get("params")
    require(params is None or is_text(params, MAX_PARAMS_CHARS), "wrong_type")
    day = value.get("day")
    require(day is None or (is_text(day, DAY_CHARS) and len(day) == DAY_CHARS), "wrong_type")
    clean = {"id": game_id, "start": start, "moves": moves, "elapsed": float(elapsed), "hints": hints}
    if deaths:
        clean["deaths"] = deaths
    if params:
        clean["params"] = params
    if day:
        clean["day"] = day
    return clean


KIND = register_kind("progress:", progress_schema, PRIORITY_SAVE, max_chars=1_000_000, max_depth=2 + MAX_MOVE_DEPTH,
                     per_game=True)


def validate_progress(value: Any) -> dict[str, Any] | None:
    """Return a clean in-progress save (elapsed as float, hints as int) or None if any part is unusable.

    None also when the save would be too long to store, so a caller that saves only what
    this accepts never makes `Storage.set` raise.
    """
    try:
        clean = progress_schema(value)
    except RecordError:
        return None
    if len(encode(KIND, clean)) > KIND.max_chars:
        return None
    return clean


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
    """Return whether a value is a move as saved (what `progress_schema` accepts in a save)."""
    return validate_progress({"id": "", "start": "", "moves": [value], "elapsed": 0, "hints": 0}) is not None


def save_record(backend: Any, session: Session[Any, Any], game_id: str, *,
                day: str | None = None) -> dict[str, Any] | None:
    """Return what to store for the game in play, or None when there is nothing worth keeping.

    A finished game or one with no moves since its start (or last restart) is not kept. `day`
    is the UTC date (YYYY-MM-DD) of the daily in play, kept so that home knows a save is today's.
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
        "params": str(backend.format_params(backend.params_of(session.state)))[:MAX_PARAMS_CHARS],
    }
    if day is not None:
        record["day"] = day
    return validate_progress(record)


def saved_game(record: Any) -> dict[str, Any] | None:
    """Return what home says of a saved game in progress ({"id", "elapsed", "moves", "params", "day"}), or None.

    Read without the backend (home opens before numpy): the ID is not decoded here; a save the
    game screen then cannot restore opens that puzzle fresh, as a reload would.
    """
    checked = validate_progress(record)
    if checked is None or not checked["moves"]:
        return None
    return {"id": checked["id"], "elapsed": checked["elapsed"], "moves": len(checked["moves"]),
            "params": checked.get("params"), "day": checked.get("day")}


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
