"""Game IDs: short, URL-safe texts that name one puzzle exactly.

An ID is `<version>.<field>.<field>...`: the leading format version lets a later
release read (or clearly refuse) links made by an earlier one. Fields use only
URL-safe characters, so an ID can sit in the page's hash unescaped.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable
from typing import Any

import numpy as np

SEPARATOR = "."
# The longest game ID read: the largest boards' IDs are under 500 characters (a placed 50×50
# Minesweeper board is 436); a longer text is refused before any work, so a huge link cannot freeze the page.
MAX_ID_CHARS = 2_000
_FIELD = re.compile(r"^[A-Za-z0-9_\-]*$")


# What kind of problem a game ID has: the page says it in the player's language
# (catalogue key "id_problem_<kind>"); the English message keeps the detail.
ID_PROBLEMS = ("shape", "version", "size", "board", "solved", "unsolvable", "too_long", "stage")


class GameIdError(ValueError):
    """A game ID that cannot be read; the message says why, `kind` names the sort of problem."""

    def __init__(self, message: str, kind: str = "shape") -> None:
        if kind not in ID_PROBLEMS:
            raise ValueError(f"unknown game ID problem {kind!r}")
        super().__init__(message)
        self.kind = kind


def compose(version: int, *fields: str) -> str:
    """Join a format version and fields into one game ID."""
    for field in fields:
        if not _FIELD.match(field):
            raise ValueError(f"game ID field {field!r} has characters that are not URL-safe")
    return SEPARATOR.join([str(version), *fields])


def split(text: str, version: int, count: int) -> list[str]:
    """Check a game ID's length, version and field count and return its fields."""
    if len(text) > MAX_ID_CHARS:
        raise GameIdError(f"the game ID has {len(text)} characters, more than {MAX_ID_CHARS}", "too_long")
    text = text.strip()
    if not text:
        raise GameIdError("the game ID is empty")
    parts = text.split(SEPARATOR)
    if not parts[0].isdigit():
        raise GameIdError("the game ID does not start with a format version")
    if int(parts[0]) != version:
        raise GameIdError(f"game ID format {parts[0]} is not supported (expected {version})", "version")
    fields = parts[1:]
    if len(fields) != count:
        raise GameIdError(f"the game ID has {len(fields)} parts, expected {count}")
    for field in fields:
        if not _FIELD.match(field):
            raise GameIdError("the game ID has characters that are not allowed")
    return fields


def pack_bits(bits: Iterable[bool] | np.ndarray[Any, Any]) -> str:
    """Encode a flat sequence of booleans as unpadded base64url text."""
    flat = np.asarray(list(bits) if not isinstance(bits, np.ndarray) else bits, dtype=bool).ravel()
    raw = np.packbits(flat).tobytes()
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def unpack_bits(text: str, count: int) -> np.ndarray[Any, Any]:
    """Decode text from `pack_bits` into exactly `count` booleans, or raise GameIdError."""
    if not _FIELD.match(text):
        raise GameIdError("the board part of the game ID has characters that are not allowed", "board")
    padded = text + "=" * (-len(text) % 4)
    try:
        raw = base64.urlsafe_b64decode(padded.encode("ascii"))
    except (ValueError, UnicodeEncodeError) as exc:
        raise GameIdError("the board part of the game ID is damaged", "board") from exc
    bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8))
    # Only one text encodes each board: wrong length, stray padding bits or a
    # non-canonical last character all mean the link was cut or edited.
    if len(raw) != (count + 7) // 8 or bits[count:].any() or pack_bits(bits[:count]) != text:
        raise GameIdError("the board part of the game ID does not fit the board size", "board")
    return bits[:count].astype(bool)
