"""The surface every backend module in `app/games/` exposes.

The midend and the views only ever talk to a game through these names, so a new
game is one module that fills them in (see README, "Adding a game").
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Any, Protocol

from app.core.rng import Rng

State = Any
Move = Any
Params = Any


class RefusedMoveError(ValueError):
    """An illegal move the player should be told about: `string_key` and `params` word it in the catalogue.

    Backends raise it where the rule that refused the move is worth saying (a locked
    tile cannot turn); any other ValueError is refused with the error sound alone.
    """

    def __init__(self, message: str, string_key: str, **params: Any) -> None:
        super().__init__(message)
        self.string_key = string_key
        self.params = params


class Backend(Protocol):
    """A game's rules: pure functions over small immutable states."""

    ID: str  # the URL name: "#<ID>" and "#<ID>/<game id>"
    PRESETS: Mapping[str, Params]  # preset name -> params, in menu order; the first is the default

    def parse_params(self, text: str) -> Params:
        """Read params from their text form; raise ValueError with a player-readable message."""

    def format_params(self, params: Params) -> str:
        """Return the text form of params (URL-safe); also the key bests are stored under."""

    def params_of(self, state: State) -> Params:
        """Return the params a state was made with."""

    def generate(self, params: Params, rng: Rng) -> State:
        """Make a new puzzle: always solvable, never already solved."""

    def apply(self, state: State, move: Move) -> State:
        """Return the state after `move`; raise ValueError (state untouched) if it is illegal."""

    def status(self, state: State) -> int:
        """Return +1 when won, -1 when lost, 0 while playing."""

    def hint(self, state: State) -> Move | None:
        """Return a move that provably helps, or None when there is none."""

    def encode(self, state: State) -> str:
        """Return the game ID of the puzzle `state` is (see app.core.gameid)."""

    def decode(self, text: str) -> State:
        """Return the puzzle a game ID names; raise ValueError (GameIdError) if malformed."""

    # Optional, found with getattr (see the helpers below):
    #   restart_state(initial, current) -> State      what a restart returns to (default: initial)
    #   move_cost(state, move) -> int                 what a move adds to the counter (default: 1)
    #   apply_steps(state, move) -> Steps | None      a slow move done in slices (default: apply at once)
    #   SETTINGS: Mapping[str, app.core.settings.Setting]   the game's own player settings


# A slow move in slices: yields progress (0..1, or None when unknown) between slices
# of bounded work and returns the new state, so the page stays responsive.
Steps = Generator["float | None", None, State]


def move_cost(backend: Any, state: State, move: Move) -> int:
    """Return how many moves `move` adds to the counter: the game's `move_cost`, else 1."""
    hook = getattr(backend, "move_cost", None)
    return int(hook(state, move)) if hook is not None else 1


def apply_steps(backend: Any, state: State, move: Move) -> Steps | None:
    """Return the slices of a slow move, or None when the game applies it at once."""
    hook = getattr(backend, "apply_steps", None)
    return hook(state, move) if hook is not None else None


def run_to_end(steps: Steps) -> State:
    """Drain a slow move's slices and return its result (for tests and for callers that may block)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def restart_target(backend: Any, initial: State, current: State) -> State:
    """Return the state a restart goes back to: the game's own choice, else the initial one.

    A game whose hidden layout is only made by its first move restarts to that
    layout (with the first move played) rather than to a board not yet made.
    """
    hook = getattr(backend, "restart_state", None)
    return hook(initial, current) if hook is not None else initial
