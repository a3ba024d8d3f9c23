"""Replays: a finished game's move log as a short link, read back strictly, and stepped through.

A replay link is `#<game>/<game id>/replay/<moves>`. The game id names the state the
log starts from (`Session.log_start`, encoded by the backend); `<moves>` is the move
log in a compact, URL-safe, game-agnostic form:

    "1." + base64url(zlib(JSON of the moves, tuples as lists)), unpadded

JSON keeps every game's moves (tuples of str/int/bool) without a per-game scheme;
zlib folds the repetition of move names and makes a typical log a few characters a
move; its Adler-32 checksum catches a cut or edited link. Reading is strict and
bounded at every step before any work is spent: the text's length and alphabet, the
inflated size (a "zip bomb" stops at the cap), strict JSON within a nesting limit,
the move count, then each move against the same rules as a saved game
(`app.core.progress`). Finally `Replay` applies every move through the backend, so a
list that is well formed but does not apply is refused too. Nothing is ever stored.

What can go wrong is a `ReplayError` whose `kind` the page shows as
"replay_problem_<kind>" (see `REPLAY_PROBLEMS`).
"""

from __future__ import annotations

import base64
import re
import zlib
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from json import dumps
from typing import Any

from app.core.game import apply_steps, move_cost, run_to_end
from app.core.gameid import GameIdError
from app.core.progress import MAX_MOVE_DEPTH, move_from_json, move_to_json, progress_schema
from app.core.records import RecordError, nesting_steps, parse_checked

FORMAT_VERSION = 1
REPLAY_SEGMENT = "replay"  # the word between the game id and the moves in a link
MAX_LINK_CHARS = 24_000  # of the encoded moves: far above a real game, well within what browsers keep in a URL
MAX_JSON_BYTES = 400_000  # of the inflated JSON; more is refused before it is parsed
MAX_REPLAY_MOVES = 20_000
CHECKPOINT_EVERY = 32  # a state is kept every this many moves; stepping back re-applies at most this many
# A link's reading is cut into slices too (#27: a 20,000-move link was one task of 1-3 s under load):
DECODE_SLICE_MOVES = 1_000  # moves checked and converted per slice
DECODE_SLICE_TOKENS = 10_000  # strings and brackets of its JSON scanned per slice of the nesting check

# Why a replay cannot be shown: the page says "replay_problem_<kind>".
REPLAY_PROBLEMS = (
    "shape",  # not a replay link at all, or characters that cannot be in one
    "version",  # a replay format this release does not read
    "too_long",  # over the size or move-count caps
    "damaged",  # does not inflate, fails its checksum, or is not strict JSON
    "moves",  # JSON, but not a list of moves as games make them
    "game_id",  # the game id before "/replay/" cannot be opened
    "illegal",  # a move does not apply to the board at that point
    "empty",  # no moves: nothing to watch
)

_TEXT = re.compile(r"^[0-9]+\.[A-Za-z0-9_\-]+$")


class ReplayError(ValueError):
    """A replay that cannot be shown; `kind` (one of REPLAY_PROBLEMS) names why, `index` the bad move if any."""

    def __init__(self, message: str, kind: str, index: int | None = None) -> None:
        if kind not in REPLAY_PROBLEMS:
            raise ValueError(f"unknown replay problem {kind!r}")
        super().__init__(message)
        self.kind = kind
        self.index = index

    @property
    def string_key(self) -> str:
        """Return the catalogue key the page shows."""
        return f"replay_problem_{self.kind}"


# ----- the move list as text --------------------------------------------------------------------


def _check_moves(moves: Any) -> list[Any]:
    """Return moves as JSON data if they are a list of moves a game could have made; ReplayError otherwise."""
    if not isinstance(moves, list):
        raise ReplayError("the replay is not a list of moves", "moves")
    if len(moves) > MAX_REPLAY_MOVES:
        raise ReplayError(f"{len(moves)} moves, more than {MAX_REPLAY_MOVES}", "too_long")
    try:  # the very rules an in-progress save's moves meet
        progress_schema({"id": "", "start": "", "moves": moves, "elapsed": 0, "hints": 0})
    except RecordError:
        raise ReplayError("a move in the replay is not one any game makes", "moves") from None
    return moves


def encode_moves(moves: Sequence[Any]) -> str:
    """Return the link text of a move log; ValueError if it holds something that is not a move or is too long."""
    data = _check_moves([move_to_json(move) for move in moves])
    raw = dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
    text = f"{FORMAT_VERSION}.{packed}"
    if len(text) > MAX_LINK_CHARS or len(raw) > MAX_JSON_BYTES:
        raise ReplayError(f"the move log needs {len(text)} characters, more than {MAX_LINK_CHARS}", "too_long")
    return text


def decode_moves(text: Any) -> list[Any]:
    """Return the moves (as tuples) a link text holds; raise ReplayError, spending bounded work, if it is bad."""
    return run_to_end(decode_moves_steps(text))


def decode_moves_steps(text: Any) -> Generator[float | None, None, list[Any]]:
    """`decode_moves` in slices: the cheap checks and inflating first, then the JSON's nesting, then the moves."""
    raw = _inflate(text)
    yield None
    try:
        body = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ReplayError("the replay is not a list of moves", "damaged") from None
    if (yield from nesting_steps(body, 1 + MAX_MOVE_DEPTH, DECODE_SLICE_TOKENS)):
        raise ReplayError("the replay is not a list of moves", "moves")
    try:
        data = parse_checked(body)
    except RecordError:
        raise ReplayError("the replay is not a list of moves", "damaged") from None
    if not isinstance(data, list):
        raise ReplayError("the replay is not a list of moves", "moves")
    if len(data) > MAX_REPLAY_MOVES:
        raise ReplayError(f"{len(data)} moves, more than {MAX_REPLAY_MOVES}", "too_long")
    moves: list[Any] = []
    for start in range(0, len(data), DECODE_SLICE_MOVES):
        yield None
        part = data[start:start + DECODE_SLICE_MOVES]
        _check_moves(part)
        moves.extend(move_from_json(move) for move in part)
    return moves


def _inflate(text: Any) -> bytes:
    """Return the JSON bytes a link text holds, after the checks that cost nothing; raise ReplayError."""
    if not isinstance(text, str):
        raise ReplayError("the replay is not text", "shape")
    text = text.strip()
    if len(text) > MAX_LINK_CHARS:
        raise ReplayError(f"{len(text)} characters, more than {MAX_LINK_CHARS}", "too_long")
    if not _TEXT.match(text):
        raise ReplayError("the replay has characters that cannot be in one", "shape")
    version, _, packed = text.partition(".")
    if version != str(FORMAT_VERSION):
        raise ReplayError(f"replay format {version} is not supported (expected {FORMAT_VERSION})", "version")
    if len(packed) % 4 == 1:
        raise ReplayError("the replay was cut", "damaged")
    try:
        compressed = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(compressed, MAX_JSON_BYTES + 1)
    except (ValueError, zlib.error):
        raise ReplayError("the replay is damaged", "damaged") from None
    if len(raw) > MAX_JSON_BYTES or inflater.unconsumed_tail:
        raise ReplayError("the replay inflates to more than the size allowed", "too_long")
    if not inflater.eof or inflater.unused_data:
        raise ReplayError("the replay was cut or has bytes after its end", "damaged")
    return raw


# ----- the link ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayLink:
    """The parts of a replay link after "#<game>/": the start's game id and the encoded moves."""

    game_id: str
    moves: str


def parse_replay_route(rest: str | None) -> ReplayLink | None:
    """Return the replay a route's game-id part names ("<game id>/replay/<moves>"), or None if it is not one.

    `rest` is `Route.game_id` as `app.core.route.parse_hash` gives it. None means "not a
    replay link: treat it as a game id"; a replay link with empty parts is still a
    ReplayLink (its problems show when it is opened).
    """
    if not isinstance(rest, str):
        return None
    game_id, sep, moves = rest.partition(f"/{REPLAY_SEGMENT}/")
    if not sep:
        if rest.endswith(f"/{REPLAY_SEGMENT}"):
            return ReplayLink(rest[: -len(REPLAY_SEGMENT) - 1].strip("/"), "")
        return None
    return ReplayLink(game_id.strip("/"), moves.strip("/"))


def replay_hash(game: str, game_id: str, moves_text: str) -> str:
    """Return the hash (with '#') of a replay link."""
    return f"#{game}/{game_id}/{REPLAY_SEGMENT}/{moves_text}"


def replay_link(backend: Any, start: Any, moves: Sequence[Any]) -> str:
    """Return the hash of a replay of `moves` played from `start` (use Session.log_start and Session.move_log)."""
    return replay_hash(backend.id, backend.encode(start), encode_moves(moves))


# ----- stepping through -----------------------------------------------------------------------


class Replay:
    """A finished game's moves, applied through the backend, that can be stepped back and forth.

    Build one with `Replay.load(...)` (all at once) or `Replay.load_steps(...)` (a generator
    yielding between moves, for games with slow moves; its return value is the Replay).
    Every move is applied while loading, so a list that does not apply is refused as a whole
    (ReplayError "illegal", `index` the first move that failed). Then `position` runs from 0
    (the start) to `len(replay)` (after the last move); states between checkpoints are
    recomputed on demand, so memory stays small on long games.
    """

    def __init__(self, backend: Any, start: Any, moves: list[Any], checkpoints: dict[int, Any],
                 counts: list[int]) -> None:
        self.backend = backend
        self.start = start
        self.moves = moves
        self._checkpoints = checkpoints
        self._counts = counts  # the move counter after each position (position 0: 0)
        self.position = 0
        self._state = start

    @classmethod
    def load_steps(cls, backend: Any, start: Any, moves: Sequence[Any]) -> Generator[float | None, None, Replay]:
        """Apply every move, yielding progress (0..1) between moves and slices; return the Replay."""
        moves = list(moves)
        if not moves:
            raise ReplayError("the replay has no moves", "empty")
        if len(moves) > MAX_REPLAY_MOVES:
            raise ReplayError(f"{len(moves)} moves, more than {MAX_REPLAY_MOVES}", "too_long")
        checkpoints: dict[int, Any] = {0: start}
        counts = [0]
        state = start
        for index, move in enumerate(moves):
            try:
                counts.append(counts[-1] + move_cost(backend, state, move))
                steps = apply_steps(backend, state, move)
                if steps is None:
                    state = backend.apply(state, move)
                else:
                    state = yield from steps
                    checkpoints[index + 1] = state  # a slow move is never applied twice
            except (ValueError, TypeError, KeyError, IndexError) as problem:
                raise ReplayError(f"move {index + 1} ({move!r}) does not apply: {problem}", "illegal", index) from None
            if (index + 1) % CHECKPOINT_EVERY == 0:
                checkpoints[index + 1] = state
            yield (index + 1) / len(moves)
        checkpoints[len(moves)] = state
        return cls(backend, start, moves, checkpoints, counts)

    @classmethod
    def load(cls, backend: Any, start: Any, moves: Sequence[Any]) -> Replay:
        """Apply every move at once and return the Replay; ReplayError if they do not all apply."""
        return run_to_end(cls.load_steps(backend, start, moves))

    @classmethod
    def from_link(cls, backend: Any, rest: str) -> Replay:
        """Open the replay a route's game-id part names; ReplayError with a kind for anything wrong.

        For games with a slow move (Minesweeper's first open) prefer `link_steps`.
        """
        return run_to_end(cls.link_steps(backend, rest))

    @classmethod
    def link_steps(cls, backend: Any, rest: str) -> Generator[float | None, None, Replay]:
        """Like `from_link`, in slices: yields progress, returns the Replay."""
        link = parse_replay_route(rest)
        if link is None:
            raise ReplayError("this is not a replay link", "shape")
        if not link.moves:
            raise ReplayError("the replay link has no moves", "empty")
        moves = yield from decode_moves_steps(link.moves)  # the moves first: a bad move list costs no board
        yield 0.0  # opening a 50×50 board and its first move: a slice each
        try:
            start = backend.decode(link.game_id)
        except (GameIdError, ValueError, TypeError) as problem:
            raise ReplayError(f"the game id cannot be opened: {problem}", "game_id") from None
        yield 0.0
        return (yield from cls.load_steps(backend, start, moves))

    def __len__(self) -> int:
        return len(self.moves)

    @property
    def state(self) -> Any:
        """The state at the current position."""
        return self._state

    @property
    def final_state(self) -> Any:
        """The state after the last move."""
        return self._checkpoints[len(self.moves)]

    @property
    def final_status(self) -> int:
        """+1 if the replayed game was won, -1 if lost, 0 if it stopped in play."""
        return int(self.backend.status(self.final_state))

    @property
    def move_count(self) -> int:
        """The move counter at the current position (the game's own `move_cost`, as in play)."""
        return self._counts[self.position]

    @property
    def final_move_count(self) -> int:
        """The move counter after the last move (what the player's counter showed at the end)."""
        return self._counts[-1]

    @property
    def last_move(self) -> Any:
        """The move that reached the current position (None at the start)."""
        return self.moves[self.position - 1] if self.position else None

    @property
    def at_start(self) -> bool:
        """Whether the position is the start."""
        return self.position == 0

    @property
    def at_end(self) -> bool:
        """Whether every move has been shown."""
        return self.position == len(self.moves)

    def seek(self, position: int) -> Any:
        """Go to a position (clamped to 0..len) and return its state."""
        position = max(0, min(int(position), len(self.moves)))
        if position == self.position:
            return self._state
        base = max(p for p in self._checkpoints if p <= position)
        state = self._checkpoints[base]
        if base < self.position < position:  # going forward from here is shorter
            base, state = self.position, self._state
        for index in range(base, position):
            state = self.backend.apply(state, self.moves[index])  # applied once while loading: cannot fail
        self.position, self._state = position, state
        return state

    def forward(self) -> bool:
        """Step one move forward; False at the end."""
        if self.at_end:
            return False
        self.seek(self.position + 1)
        return True

    def back(self) -> bool:
        """Step one move back; False at the start."""
        if self.at_start:
            return False
        self.seek(self.position - 1)
        return True


# ----- playback timing (the page owns the timer; this only says how far to go) ---------------

SPEEDS = (0.5, 1.0, 2.0, 4.0)
DEFAULT_SPEED = 1.0
STEP_MS = 600  # one move per this many milliseconds at speed 1


@dataclass
class Playback:
    """Play/pause and speed of a replay: `advance(ms)` says how many moves to step for the time that passed."""

    playing: bool = False
    speed: float = DEFAULT_SPEED
    _carry: float = 0.0

    def interval_ms(self) -> float:
        """Return the milliseconds between moves at the current speed."""
        return STEP_MS / self.speed

    def set_speed(self, speed: float) -> None:
        """Choose one of SPEEDS (others raise ValueError)."""
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {SPEEDS}")
        self.speed = float(speed)

    def faster(self) -> float:
        """Step to the next faster speed (staying at the fastest) and return it."""
        self.speed = SPEEDS[min(SPEEDS.index(self.speed) + 1, len(SPEEDS) - 1)]
        return self.speed

    def slower(self) -> float:
        """Step to the next slower speed (staying at the slowest) and return it."""
        self.speed = SPEEDS[max(SPEEDS.index(self.speed) - 1, 0)]
        return self.speed

    def play(self) -> None:
        """Start playing."""
        self.playing, self._carry = True, 0.0

    def pause(self) -> None:
        """Stop playing."""
        self.playing, self._carry = False, 0.0

    def advance(self, elapsed_ms: float, replay: Replay) -> int:
        """Step `replay` forward for `elapsed_ms` of play; return how many moves were stepped (pauses at the end)."""
        if not self.playing or elapsed_ms <= 0:
            return 0
        self._carry += elapsed_ms
        due = int(self._carry // self.interval_ms())
        self._carry -= due * self.interval_ms()
        target = min(replay.position + due, len(replay))
        stepped = target - replay.position
        replay.seek(target)
        if replay.at_end:
            self.pause()
        return stepped


def move_cell(move: Any) -> tuple[int, int] | None:
    """The cell a move pressed, read from its first two whole numbers ((r, c), ("open", r, c), ("set", r, c, 10)),
    or None for a move that names no cell (what a replay marks as "pressed last")."""
    parts = move if isinstance(move, tuple | list) else ()
    numbers = [int(part) for part in parts if isinstance(part, int) and not isinstance(part, bool)]
    return (numbers[0], numbers[1]) if len(numbers) >= 2 else None
