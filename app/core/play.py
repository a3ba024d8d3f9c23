"""The rules of playing one board on the game screen, without a page: what is counted, and when.

A `Play` wraps a `Session` and the player's records. Every change goes move →
record → announce: `move`, `take`, `step` change the session, write what the change
earns to the records at once, and return a `Change` the screen then draws and says.

What counts once, and only once:
- a board is *started* in the statistics at its first move (or as it ends, if its
  only move ended it) and its *result* is recorded at its first end; undoing a loss
  and winning later plays on the same recorded board (the deaths and the time after
  them go to the bests, never a second result);
- a daily is marked done on a win, also a win after an undone loss, never on a loss;
- a best is submitted on a win without hints or checks; only a win that beats an earlier
  best is called a "new best" (never the first win at a size, nor a win after an undone
  loss); a stage is cleared on every win (its best moves
  only without hints);
- hints and checks count on the session (`hints_used`), which the records read;
- a game with endless runs (`run_params`) lengthens its run at the first win of the board the
  run asked for (off the campaign), and ends it when that board is left unwon with moves;
- a win of a game with an exact par rates stars (`app.core.stars.rate`: 3 at par, 2 within par + 2,
  else 1; at most 2 with hints or checks), kept per board as the most ever earned; a par that
  is an estimate (`GameSpec.par_exact` False) rates none;
- what a best keeps of a clean win is the game's (`GameSpec.best_of`: time, or moves and time).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from app.core.bests import Bests
from app.core.check import CheckResult, run_check
from app.core.daily import DailyLog
from app.core.game import GameSpec, best_of
from app.core.runs import Run, Runs
from app.core.session import Session
from app.core.stage_progress import StageProgress
from app.core.stars import MAX_STARS, Stars, rate
from app.core.stats import Stats, result_of

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")

HistoryStep = Literal["undo", "redo", "restart"]


@dataclass(frozen=True)
class RecordStores:
    """The stores of the player's records a board writes to (the shell holds one of each)."""

    stats: Stats
    bests: Bests
    stages: StageProgress
    dailies: DailyLog
    stars: Stars | None = None  # None: stars are not kept (a game without par never rates any)
    runs: Runs | None = None  # None: runs are not kept


@dataclass(frozen=True)
class Ending:
    """What the end a change reached earned: the screen shows it after the change is said."""

    won: bool
    first: bool  # the board's first end: its result went to the statistics now
    improved: frozenset[str]  # the fields whose earlier best this win beat ("new best"); empty when none
    stage: str | None  # the stage a win cleared, None off the campaign or on a loss
    stars: int = 0  # the stars this win rated (1..3); 0 on a loss, or for a game without par
    more_stars: bool = False  # more stars than this board ever had
    run: Run | None = None  # the endless run after this win, when the board was the run's
    longer_run: bool = False  # the run is now longer than any before it
    first_clear: bool = False  # the stage this win cleared had not been cleared before


@dataclass(frozen=True)
class Change(Generic[StateT, MoveT]):
    """One change to the board, already recorded: the screen draws and says it."""

    before: StateT
    after: StateT
    move: MoveT | None  # None for undo, redo and restart
    hint_words: str | None  # the hint's own words when this move is the hint being played
    ending: Ending | None  # set when the change ended the board


class Play(Generic[StateT, MoveT]):
    """One board in play: its session, its entries in the records, and the hint being played."""

    def __init__(self, spec: GameSpec[StateT, MoveT, Any], session: Session[StateT, MoveT], stores: RecordStores, *,
                 daily_day: dt.date | None = None, restored: bool = False) -> None:
        self.spec = spec
        self.session = session
        self.stores = stores
        self.daily_day = daily_day  # the UTC date of the daily this board is, if it is one
        self.preset_key = str(spec.format_params(spec.params_of(session.state)))  # bests and stats are kept per kind
        # A board restored after a reload was counted before it: started if it has moves, and
        # its result recorded if a loss (since undone) happened.
        self.counted_start = restored and bool(session.move_log)
        self.counted_result = restored and session.deaths > 0
        self._hint_words: tuple[MoveT, str] | None = None
        self._on_run = self._asked_for_by_run()  # decided as the board starts: a win changes the run

    @property
    def game(self) -> str:
        """The game's id."""
        return self.spec.id

    # ----- changes ---------------------------------------------------------------------------------

    def move(self, move: MoveT) -> Change[StateT, MoveT]:
        """Play a move and record what it earns; ValueError (nothing changed) if it is illegal or the board is over."""
        before = self.session.state
        self.session.play(move)
        return self._changed(before, move)

    def take(self, before: StateT, move: MoveT, new: StateT) -> Change[StateT, MoveT] | None:
        """Take a slow move's result computed from `before`; None when the board has changed since."""
        if self.session.state is not before:
            return None
        self.session.take(move, new)
        return self._changed(before, move)

    def step(self, step: HistoryStep) -> Change[StateT, MoveT] | None:
        """Undo, redo or restart (an undoable step); None when it changes nothing."""
        before = self.session.state
        steps = {"undo": self.session.undo, "redo": self.session.redo, "restart": self.session.restart}
        if not steps[step]():
            return None
        return Change(before, self.session.state, None, None, self._settle())

    def _changed(self, before: StateT, move: MoveT) -> Change[StateT, MoveT]:
        return Change(before, self.session.state, move, self._claim_hint_words(move), self._settle())

    def _settle(self) -> Ending | None:
        """Count the board as started at its first move, and record its end."""
        if not self.counted_start and self.session.move_log:
            self.counted_start = True
            self.stores.stats.note_started(self.game, self.preset_key)
        if not self.session.over:
            return None
        first = self._record_result()
        if self.session.status < 0:
            return Ending(False, first, frozenset(), None)
        return self._record_win(first)

    def _record_result(self) -> bool:
        """Count this board in the statistics once, at its first end; a won daily is marked done."""
        if self.daily_day is not None and self.session.status > 0:
            self.stores.dailies.mark_done(self.game, self.daily_day)  # also a win after an undone loss
        if self.counted_result:
            return False
        self.counted_result = True
        if not self.counted_start:  # e.g. a board finished by its only move, counted as it ends
            self.counted_start = True
            self.stores.stats.note_started(self.game, self.preset_key)
        self.stores.stats.note_result(self.game, self.preset_key, result_of(self.spec, self.session))
        return True

    def _record_win(self, first: bool) -> Ending:
        """Submit the best of a win without hints, and clear the stage it was."""
        improved: set[str] = set()
        clean = self.session.hints_used == 0
        if clean:
            improved = self.stores.bests.submit(self.game, self.preset_key, best_of(self.spec, self.session))
        stage = self.stage_in_play()
        first_clear = False
        if stage is not None:
            first_clear = not self.stores.stages.get(self.game, stage)["done"]
            self.stores.stages.record_clear(self.game, stage, self.session.moves, counts_for_best=clean)
        if self.session.deaths:
            improved = set()  # a best after undoing a loss is kept apart, and is not a "new best"
        stars, more = self._rate_stars(clean)
        run, longer = (None, False)
        if first and self.runs is not None and self.on_run():
            run, longer = self.runs.win(self.game)
        return Ending(True, first, frozenset(improved), stage, stars, more, run, longer, first_clear)

    # ----- endless runs ----------------------------------------------------------------------------

    @property
    def runs(self) -> Runs | None:
        """The run records, when the game plays endless runs and they are kept."""
        return self.stores.runs if self.spec.run_params is not None else None

    def run(self) -> Run | None:
        """The game's endless run now (None: the game has none)."""
        return self.runs.run(self.game) if self.runs is not None else None

    def run_params(self) -> Any:
        """The params of the board the run asks for next (None: the game has no runs)."""
        run = self.run()
        return self.spec.run_params(run.run) if run is not None and self.spec.run_params is not None else None

    def on_run(self) -> bool:
        """Whether the board in play is the run's: the one the run asked for as it started (no stage, no daily)."""
        return self._on_run

    def _asked_for_by_run(self) -> bool:
        wanted = self.run_params()
        if wanted is None or self.stage_in_play() is not None or self.daily_day is not None:
            return False
        return str(self.spec.format_params(wanted)) == self.preset_key

    def run_at_stake(self) -> int:
        """The run that leaving the board now would end (0: none): a run's board unwon, with moves."""
        if self.runs is None or self.session.over or not self.session.move_log or not self.on_run():
            return 0
        return self.runs.run(self.game).run

    def leave(self) -> int:
        """The board is being left for another: a run board left unwon with moves ends the run.

        Returns the length of the run that ended (0: none ended).
        """
        return self.runs.end(self.game) if self.runs is not None and self.run_at_stake() else 0

    def _rate_stars(self, clean: bool) -> tuple[int, bool]:
        """Rate a win against par and keep the most stars per board (its params key, as bests do).

        A game whose par is an estimate rates none: three stars "at par" would mean nothing.
        """
        if self.spec.par is None or not self.spec.par_exact:
            return 0, False
        earned = rate(self.session.moves, int(self.spec.par(self.session.restart_point)), assisted=not clean)
        more = self.stores.stars.submit(self.game, self.preset_key, earned) if self.stores.stars else False
        return earned, more

    def stage_in_play(self) -> str | None:
        """The stage the board in play is, None off the campaign."""
        stages = self.spec.stages
        return stages.stage_of(self.session.state) if stages is not None else None

    def next_stage(self) -> str | None:
        """The stage after the one in play, None after the last or off the campaign."""
        stage = self.stage_in_play()
        return self.spec.stages.next_stage(stage) if stage is not None and self.spec.stages is not None else None

    # ----- help ------------------------------------------------------------------------------------

    def hint(self) -> MoveT | None:
        """Return a move that helps and count it as a hint; None (nothing counted) when over or there is none."""
        if self.session.over:
            return None
        move = self.spec.hint(self.session.state)
        if move is not None:
            self.session.note_hint()
        return move

    def hold_hint_words(self, move: MoveT, words: str | None) -> None:
        """Keep a hint's words until its move is played (they lead that move's announcement)."""
        self._hint_words = (move, words) if words else None

    def unsaid_hint_words(self) -> str | None:
        """Return and drop hint words no move has claimed (a hint that only shows, or a slow move)."""
        held, self._hint_words = self._hint_words, None
        return held[1] if held is not None else None

    def _claim_hint_words(self, move: MoveT) -> str | None:
        held = self._hint_words
        # Moves are tuples, but one read back from a saved game may be a list: compare their items.
        if held is None or tuple(held[0]) != tuple(move):  # type: ignore[arg-type]
            return None
        self._hint_words = None
        return held[1]

    def check(self) -> CheckResult | None:
        """Run the game's Check on the board (None: nothing to say yet); a result counts as a hint."""
        if self.session.over or self.spec.check is None:
            return None
        return run_check(self.session)


def first_unfinished_stage(spec: GameSpec[StateT, Any, Any], progress: StageProgress) -> StateT | None:
    """The board a game with stages opens on: its first stage not yet cleared (None: no stages, or all cleared)."""
    stages = spec.stages
    ids = list(stages.ids()) if stages is not None else []
    if stages is None or not ids:
        return None
    stage = progress.first_unfinished(spec.id, ids)
    return stages.stage_state(stage) if stage is not None else None


@dataclass(frozen=True)
class CampaignTotals:
    """A campaign's totals over the cleared stages: what the end of the last stage shows."""

    cleared: int  # stages cleared
    stages: int  # stages in all
    moves: int  # the best moves of the stages that have a best (a stage cleared only with hints has none)
    par: int  # the par of those same stages
    stars: int  # the most stars earned, summed over every stage
    max_stars: int  # MAX_STARS per stage


def campaign_totals(spec: GameSpec[StateT, Any, Any], progress: StageProgress, stars: Stars | None
                    ) -> CampaignTotals | None:
    """Sum a game's stage records: cleared stages, best moves against par, stars (None: no stages)."""
    stages = spec.stages
    ids = list(stages.ids()) if stages is not None else []
    if stages is None or not ids:
        return None
    cleared = moves = par = earned = 0
    for stage in ids:
        record = progress.get(spec.id, stage)
        cleared += bool(record["done"])
        state = stages.stage_state(stage)
        if record["best"] is not None and spec.par is not None:
            moves += int(record["best"])
            par += int(spec.par(state))
        if stars is not None:
            earned += stars.get(spec.id, str(spec.format_params(spec.params_of(state))))
    return CampaignTotals(cleared, len(ids), moves, par, earned, MAX_STARS * len(ids))
