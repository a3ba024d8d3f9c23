"""One game being played: history with undo/redo/restart, the move counter and the timer.

Modelled on the midend of Simon Tatham's puzzle collection: the history is a list
of states with a cursor; undo and redo move the cursor, a new move drops the states
after it, and restart is itself a move (so it can be undone).

A lost game (a Minesweeper mine) may still be undone or restarted, as in Tatham's
Mines: the losing step is dropped from the history (there is nothing to redo into)
and `deaths` counts every move that lost, so a win after an undo is told apart from
a clean one. A won game stays won.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic

from app.core.game import GameSpec, MoveT, StateT, move_cost, restart_target
from app.core.timer import Timer


@dataclass(frozen=True, eq=False)
class _Entry(Generic[StateT, MoveT]):
    """One step of history: the state, its move count and how it was reached."""

    state: StateT
    moves: int
    status: int  # cached: some games' status() traces beams or flows
    move: MoveT | None  # the move that led here; None for the initial state and restarts
    fresh: bool  # True for the initial state and restarts: move_log starts after these


def _same(a: StateT, b: StateT) -> bool:
    """Return whether two states are equal, without tripping over numpy's elementwise ==."""
    if a is b:
        return True
    try:
        return bool(a == b)
    except (ValueError, TypeError):
        # A dataclass holding arrays without its own __eq__: treat as different, so a
        # restart is merely allowed when it might have been a no-op.
        return False


class Session(Generic[StateT, MoveT]):
    """A game in play: applies moves through the backend and keeps everything undoable."""

    def __init__(self, backend: GameSpec[StateT, MoveT, Any], state: StateT,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.backend = backend
        self.initial = state
        self._clock = clock
        self.timer = Timer(clock)
        self.hints_used = 0
        self.deaths = 0  # moves that lost the game, later undone or restarted from
        self._history: list[_Entry[StateT, MoveT]] = [_Entry(state, 0, int(backend.status(state)), None, True)]
        self._index = 0

    @property
    def _entry(self) -> _Entry[StateT, MoveT]:
        return self._history[self._index]

    @property
    def state(self) -> StateT:
        """The current state."""
        return self._entry.state

    @property
    def moves(self) -> int:
        """Moves made along the current history path since the last restart."""
        return self._entry.moves

    @property
    def status(self) -> int:
        """+1 won, -1 lost, 0 playing (the backend's verdict on the current state)."""
        return self._entry.status

    @property
    def over(self) -> bool:
        """Whether the game is won or lost, which locks the board."""
        return self._entry.status != 0

    @property
    def lost(self) -> bool:
        """Whether the game is lost (undo and restart still work; redo does not)."""
        return self._entry.status < 0

    @property
    def can_undo(self) -> bool:
        """Whether `undo()` would do something: any step back, unless the game is won."""
        return self._entry.status <= 0 and self._index > 0

    @property
    def can_restart(self) -> bool:
        """Whether `restart()` may be asked for (it still returns False when it would change nothing)."""
        return self._entry.status <= 0

    @property
    def last_move(self) -> MoveT | None:
        """The move that reached the current state (None at the start or right after a restart)."""
        return self._entry.move

    @property
    def previous_state(self) -> StateT | None:
        """The state before the current one in the history (None at the very start)."""
        return self._history[self._index - 1].state if self._index > 0 else None

    @property
    def can_redo(self) -> bool:
        """Whether `redo()` would do something."""
        return not self.over and self._index < len(self._history) - 1

    @property
    def restart_point(self) -> StateT:
        """The state a restart would return to (the view encodes it as the game ID)."""
        return restart_target(self.backend, self.initial, self.state)

    @property
    def move_log(self) -> list[MoveT]:
        """The moves from the last restart (or the start) to the current state, in order."""
        log: list[MoveT] = []
        i = self._index
        while not self._history[i].fresh:
            move = self._history[i].move
            assert move is not None  # every step but a fresh one was reached by a move
            log.append(move)
            i -= 1
        log.reverse()
        return log

    @property
    def log_start(self) -> StateT:
        """The state `move_log` starts from: replaying the log on it reaches the current state."""
        i = self._index
        while not self._history[i].fresh:
            i -= 1
        return self._history[i].state

    @property
    def elapsed(self) -> float:
        """Seconds of play counted by the timer."""
        return self.timer.elapsed()

    def _push(self, entry: _Entry[StateT, MoveT]) -> None:
        # A new step after an undo makes the undone steps unreachable, as in every editor.
        del self._history[self._index + 1 :]
        self._history.append(entry)
        self._index += 1

    def play(self, move: MoveT) -> StateT:
        """Apply `move` and return the new state; raise ValueError (changing nothing) if illegal."""
        if self.over:
            raise ValueError("the game is over; start a new game or close the dialog")
        new = self.backend.apply(self.state, move)  # may raise ValueError: nothing changed yet
        return self.take(move, new)

    def take(self, move: MoveT, new: StateT) -> StateT:
        """Take `new` as the result of `move` on the current state, computed elsewhere (in slices).

        The caller vouches that `new` is what `apply(state, move)` returns; the move
        counter adds the backend's `move_cost` (1 unless the game says otherwise).
        """
        if self.over:
            raise ValueError("the game is over; start a new game or close the dialog")
        cost = move_cost(self.backend, self.state, move)
        status = int(self.backend.status(new))
        self._push(_Entry(new, self.moves + cost, status, move, False))
        self.timer.resume()  # a clock paused while the page was hidden counts again from the first move back
        self.timer.start()
        if status != 0:
            self.timer.stop()
        if status < 0:
            self.deaths += 1
        return new

    def undo(self) -> bool:
        """Step back one state; return False when there is nothing to undo or the game is won.

        Undoing a loss drops the losing step (it cannot be redone) and starts the
        clock again from the time already played; the death stays counted.
        """
        if not self.can_undo:
            return False
        if self.lost:
            del self._history[self._index :]
            self._revive_timer()
        self._index -= 1
        return True

    def _revive_timer(self) -> None:
        """Play goes on after a loss: a timer that keeps the time so far and runs again."""
        elapsed = self.timer.elapsed()
        self.timer = Timer(self._clock)
        self.timer.carry(elapsed)
        self.timer.start()

    def redo(self) -> bool:
        """Step forward one undone state; return False when there is none or the game is over."""
        if not self.can_redo:
            return False
        self._index += 1
        return True

    def restart(self) -> bool:
        """Go back to the restart point as a new, undoable step; return False if that changes nothing.

        After a loss the losing step is dropped first (as by `undo`), so undoing the
        restart returns to just before the losing move, never to the loss.
        """
        if not self.can_restart:
            return False
        if self.lost:
            if self._index == 0:
                return False  # lost from the start: nothing to go back to
            self.undo()
            if self.moves == 0 and _same(self.restart_point, self.state):
                return True  # the loss was the first move since the start: dropping it is the restart
        target = self.restart_point
        if self.moves == 0 and _same(target, self.state):
            return False
        # The target may itself be won or lost only if the backend says so; keep its verdict.
        self._push(_Entry(target, 0, int(self.backend.status(target)), None, True))
        if self.over:
            self.timer.stop()
        return True

    @classmethod
    def replay(cls, backend: GameSpec[StateT, MoveT, Any], start: StateT, moves: list[MoveT], *,
               elapsed: float = 0.0, hints_used: int = 0, deaths: int = 0,
               clock: Callable[[], float] = time.monotonic) -> Session[StateT, MoveT]:
        """Rebuild a saved game: play `moves` from `start`, then set the clock and hint count it had.

        The clock is not running afterwards: it runs again at the next move, so a
        tab reloaded in the background does not count time. Raises ValueError if a
        move does not apply.
        """
        session = cls(backend, start, clock)
        for move in moves:
            session.play(move)
        session.timer = Timer(clock)
        session.timer.carry(elapsed)
        session.hints_used = hints_used
        session.deaths = deaths
        return session

    def note_hint(self) -> None:
        """Count one hint shown (records are not kept for games where hints were used)."""
        self.hints_used += 1

    def pause(self) -> None:
        """Pause the timer (the page was hidden)."""
        self.timer.pause()

    def resume(self) -> None:
        """Resume the timer (the page is visible again)."""
        self.timer.resume()

    def __repr__(self) -> str:
        return (
            f"Session(moves={self.moves}, status={self.status}, step={self._index + 1}/{len(self._history)}, "
            f"hints_used={self.hints_used}, deaths={self.deaths})"
        )
