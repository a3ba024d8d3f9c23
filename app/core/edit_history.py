"""Undo and redo for an editor: the thing being built after each step, and words for what each step did.

A game's history is `Session` (moves of a backend, a timer, a restart point); an editor has no moves or clock,
only whole values (immutable, so a step is the value it left). Undo and redo move a cursor; a new step after
an undo drops the steps that were undone, as a game's does.
"""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")

MAX_STEPS = 200  # the oldest steps go first past this many (an editor's values are small, but not nothing)


class EditHistory(Generic[T]):
    """The values an editor passed through, a cursor on the current one, and what each step did in words."""

    def __init__(self, start: T, *, limit: int = MAX_STEPS) -> None:
        if limit < 1:
            raise ValueError("an edit history keeps at least one step")
        self._steps: list[tuple[T, str]] = [(start, "")]
        self._cursor = 0
        self._limit = limit

    @property
    def current(self) -> T:
        """The value as it stands (after the last step not undone)."""
        return self._steps[self._cursor][0]

    @property
    def can_undo(self) -> bool:
        """Whether a step can be undone."""
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        """Whether an undone step can be done again."""
        return self._cursor < len(self._steps) - 1

    def push(self, value: T, what: str) -> None:
        """Record a step that left `value`, described by `what`; the steps undone before it are dropped.

        A value equal to the current one is no step (nothing changed), and is not recorded.
        """
        if value == self.current:
            return
        del self._steps[self._cursor + 1:]
        self._steps.append((value, what))
        if len(self._steps) > self._limit + 1:
            del self._steps[0]
        self._cursor = len(self._steps) - 1

    def undo(self) -> str | None:
        """Go back one step; return what that step had done, or None when there is nothing to undo."""
        if not self.can_undo:
            return None
        what = self._steps[self._cursor][1]
        self._cursor -= 1
        return what

    def redo(self) -> str | None:
        """Do the next undone step again; return what it does, or None when there is nothing to redo."""
        if not self.can_redo:
            return None
        self._cursor += 1
        return self._steps[self._cursor][1]
